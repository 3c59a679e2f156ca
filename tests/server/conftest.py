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


#: The store's engines (``stores.open_store``): every store test runs on both.
ENGINES = ("sqlite", "postgresql")


@pytest.fixture(params=ENGINES)
def store_at(request, tmp_path):
    """A function opening the test's store afresh at each call (a second front, or the
    server after a restart): ``rooms.sqlite3`` in ``tmp_path``, or a new PostgreSQL
    database of the session's cluster. Every store it opened is closed afterwards."""
    from tui_common.server.store import FILE_NAME
    from tui_common.server.stores import open_store

    where = tmp_path / FILE_NAME if request.param == "sqlite" else request.getfixturevalue("pg_url")
    opened = []

    def opening():
        opened.append(open_store(where))
        return opened[-1]

    opening.engine = request.param
    opening.where = where
    yield opening
    for store in opened:
        store.close()


@pytest.fixture
def store(store_at):
    """The test's store, on each engine (``store_at``)."""
    return store_at()
