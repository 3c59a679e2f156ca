"""Fixtures of the server tests: a PostgreSQL cluster for the session (never skipped:
without PostgreSQL's binaries the tests that need it fail, saying to run
``bash .ci/system-deps``) and a fresh database for each test that asks."""

from __future__ import annotations

import pytest

from tests.server.pg_cluster import Cluster, MissingPostgres


@pytest.fixture(scope="session")
def pg_cluster():
    """A throwaway PostgreSQL cluster (``tests/server/pg_cluster.py``), stopped at the
    end of the session."""
    try:
        cluster = Cluster().start()
    except MissingPostgres as err:
        pytest.fail(str(err), pytrace=False)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster):
    """The URL of a new, empty database of the session's cluster, dropped afterwards."""
    url = pg_cluster.database()
    yield url
    pg_cluster.drop(url)
