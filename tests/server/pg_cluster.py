"""A throwaway PostgreSQL cluster for the tests (the store over PostgreSQL, several fronts).

``Cluster.start()`` runs Debian's ``initdb`` into a temporary folder and starts
``postgres`` on a Unix socket in that folder only (no TCP port: ``listen_addresses=''``),
with ``fsync`` off (a test's data need not survive a power cut); ``stop()`` stops it and
removes the folder. PostgreSQL refuses to run as root, and the tests run as root on CI:
the server's programs then run as an unprivileged user (``postgres``, the user Debian's
package creates, else ``nobody``) through ``runuser``, in a folder that user owns.
``database()`` makes a fresh, empty database and returns its URL, e.g.
``postgresql://hospital@/t3?host=/tmp/pg-x1y2``, which psycopg and ``serve --store``
take as they are.

The binaries come from ``/usr/lib/postgresql/<version>/bin`` (Debian's layout) or the
``PATH``; when there are none, ``MissingPostgres`` says to run ``bash .ci/system-deps``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

#: The role the tests connect as (the cluster's superuser, trusted on its socket).
ROLE = "hospital"


class MissingPostgres(RuntimeError):
    """PostgreSQL's server programs are not installed; the message says how to get them."""


def bin_dir() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: the newest ``/usr/lib/postgresql/*/bin``,
    else wherever the ``PATH`` has them. Raises ``MissingPostgres``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise MissingPostgres("PostgreSQL's server (initdb, pg_ctl) is not installed: run 'bash .ci/system-deps' "
                          "(as root it installs Debian's postgresql package).")


def _run_as() -> str | None:
    """The user to run PostgreSQL as when this process is root (``None``: as ourselves)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise MissingPostgres("The tests run as root and this machine has no 'postgres' or 'nobody' user to run "
                          "PostgreSQL as (it refuses root): create one, e.g. 'useradd --system postgres'.")


class Cluster:
    """One throwaway cluster (module docstring). Use ``start()`` then ``stop()``, or as a
    context manager."""

    def __init__(self) -> None:
        self.bin = bin_dir()
        self.user = _run_as()
        self.folder: Path | None = None
        self._databases = 0
        #: stopped by ``pause`` (``resume`` starts it again)
        self.paused = False

    @property
    def socket_dir(self) -> Path:
        """The folder holding the server's socket (``.s.PGSQL.5432``)."""
        assert self.folder is not None, "start() first"
        return self.folder

    def _run(self, *argv: str) -> subprocess.CompletedProcess:
        command = [str(self.bin / argv[0]), *argv[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd="/")
        if done.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
        return done

    def start(self) -> Cluster:
        """``initdb`` and start the server; returns self. Raises ``RuntimeError`` with
        PostgreSQL's own words when either fails."""
        self.folder = Path(tempfile.mkdtemp(prefix="pg-", dir="/tmp"))  # short: a socket path is < 108 bytes
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-U", ROLE, "--auth=trust", "--no-sync", "-E", "UTF8",
                  "--locale=C")
        self._options = (f"-c listen_addresses='' -k {self.folder} -c fsync=off -c synchronous_commit=off "
                         "-c full_page_writes=off -c max_connections=60")
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(data), "-l", str(self.folder / "log"),
                  "-o", self._options)
        return self

    def stop(self) -> None:
        """Stop the server (fast: open sessions are ended) and remove its folder."""
        if self.folder is None:
            return
        try:
            if not self.paused:
                self._run("pg_ctl", "stop", "-w", "-m", "fast", "-D", str(self.folder / "data"))
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def pause(self) -> None:
        """Stop the server, its sessions ended at once, its data kept (``-m fast``; not
        ``immediate``: with ``synchronous_commit`` off the last commits would be lost)."""
        self._run("pg_ctl", "stop", "-w", "-m", "fast", "-D", str(self.socket_dir / "data"))
        self.paused = True

    def resume(self) -> None:
        """Start the server again after ``pause``."""
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.socket_dir / "data"), "-l",
                  str(self.socket_dir / "log"), "-o", self._options)
        self.paused = False

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` on this cluster (over its socket)."""
        return f"postgresql://{ROLE}@/{database}?host={self.socket_dir}"

    def database(self) -> str:
        """A new empty database (``t1``, ``t2``...): its URL."""
        import psycopg

        self._databases += 1
        name = f"t{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop the database of ``url`` (ending its sessions first)."""
        import psycopg
        from psycopg.conninfo import conninfo_to_dict

        name = conninfo_to_dict(url)["dbname"]
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
