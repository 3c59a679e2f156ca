"""``test_fronts.py``'s two halls (two fronts in one process, no network) over
PostgreSQL instead of one SQLite file: each hall has its own ``PgStore`` connection to
one database of the session's cluster. The tests are ``test_fronts``'s own (those
making their halls with its ``fronts``), run again here with ``fronts`` over
PostgreSQL."""

from __future__ import annotations

import inspect

import pytest

from tests.server import test_fronts as over_sqlite
from tui_common.server.hall import Hall
from tui_common.server.store_pg import PgStore

pytestmark = pytest.mark.timeout(60)

#: test_fronts's tests that make their fronts with ``fronts(...)`` alone.
for _name, _test in vars(over_sqlite).items():
    if _name.startswith("test_") and "fronts(tmp_path" in inspect.getsource(_test) \
            and "Store(" not in inspect.getsource(_test):
        globals()[_name] = _test


@pytest.fixture(autouse=True)
def fronts_over_postgresql(pg_url, monkeypatch):
    """``test_fronts.fronts`` gives two halls over the test's PostgreSQL database (the
    served games' history in ``tmp_path``, as over SQLite)."""
    opened = []

    def fronts(tmp_path, **kw):
        halls = tuple(Hall(PgStore(pg_url), history_dir=tmp_path, **kw) for _ in range(2))
        opened.extend(hall.store for hall in halls)
        return halls

    monkeypatch.setattr(over_sqlite, "fronts", fronts)
    yield
    for store in opened:
        store.close()
