"""The throwaway PostgreSQL cluster of the tests (``tests/server/pg_cluster.py``)."""

from __future__ import annotations

import os

import psycopg
import pytest

from tests.server import pg_cluster


def test_the_cluster_listens_on_its_socket_only_with_fsync_off(pg_cluster, pg_url):
    with psycopg.connect(pg_url) as db:
        settings = {name: db.execute(f"SHOW {name}").fetchone()[0]
                    for name in ("listen_addresses", "fsync", "unix_socket_directories")}
        data_dir = db.execute("SHOW data_directory").fetchone()[0]
    assert settings == {"listen_addresses": "", "fsync": "off", "unix_socket_directories": str(pg_cluster.folder)}
    assert (pg_cluster.folder / ".s.PGSQL.5432").is_socket()
    assert os.stat(data_dir).st_uid != 0  # run as an unprivileged user, even when the tests run as root


def test_each_test_gets_an_empty_database_of_its_own(pg_cluster, pg_url):
    other = pg_cluster.database()
    try:
        with psycopg.connect(pg_url, autocommit=True) as db:
            db.execute("CREATE TABLE mine (x INTEGER)")
        with psycopg.connect(other) as db:
            assert db.execute("SELECT to_regclass('mine')").fetchone()[0] is None
    finally:
        pg_cluster.drop(other)


def test_missing_binaries_say_to_run_system_deps(monkeypatch):
    monkeypatch.setattr(pg_cluster.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(pg_cluster.shutil, "which", lambda name: None)
    with pytest.raises(pg_cluster.MissingPostgres, match=r"run 'bash \.ci/system-deps'"):
        pg_cluster.Cluster()
