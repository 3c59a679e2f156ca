"""Which store a server uses: ``open_store(where)``.

``where`` is ``serve --store``'s value (or the data folder when it is not given):

- a ``postgresql://user@host/db`` URL (also ``postgres://``; a socket folder as
  ``postgresql:///db?host=/run/postgresql``): ``store_pg.PgStore``, for several fronts;
- a folder: ``store.Store`` on ``rooms.sqlite3`` in it (the embedded default, nothing to
  install); a file path: that SQLite file; ``":memory:"``: SQLite in memory (tests).
"""

from __future__ import annotations

import re
from pathlib import Path

from tui_common.server.store import FILE_NAME, Store
from tui_common.server.store_sql import StoreError


def is_postgres_url(where: object) -> bool:
    """Whether ``where`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))


def shown_url(url: str) -> str:
    """``url`` as logged: its password, if any, replaced by ``***``."""
    return re.sub(r"(://[^:/@]*:)[^@/]*@", r"\1***@", url)


def open_store(where: Path | str) -> Store:
    """The store ``where`` names (module docstring), opened: its tables made or migrated.
    Raises ``store_sql.StoreError`` (one sentence): ``StoreUnavailable`` (PostgreSQL
    cannot be reached), ``NewerSchema``, or psycopg is not installed."""
    if is_postgres_url(where):
        try:
            from tui_common.server.store_pg import PgStore
        except ImportError as err:
            raise StoreError("--store postgresql://... needs psycopg: pip install 'hospital-games[server]'") \
                from err
        return PgStore(str(where))
    if str(where) == ":memory:":
        return Store(":memory:")
    path = Path(where)
    return Store(path / FILE_NAME if path.is_dir() else path)
