"""``clear-ward serve`` as a player meets it: the command starts, says where it listens,
serves the lobby, makes its host key once, and stops cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys

import pytest

from tests.server.client import Player

pytestmark = pytest.mark.timeout(60)


async def start(tmp_path, *extra, said=None):
    env = dict(os.environ, HOSPITAL_SERVER_DATA_DIR=str(tmp_path))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "clear_ward_tui", "serve", "--port", "0", *extra, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    line = b""
    while b"Serving on" not in line:
        line = await asyncio.wait_for(proc.stderr.readline(), 30)
        assert line, "the server stopped before listening"
    if said is not None:
        said.append(line.decode())
    return proc, int(re.search(rb"port (\d+)", line).group(1))


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    from pathlib import Path

    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
        except (OSError, IndexError, ValueError):
            pass
    return found


def listens_on(pid: int, port: int) -> bool:
    """Whether process ``pid`` holds a TCP socket listening on ``port`` (Linux /proc)."""
    from pathlib import Path

    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                inodes.add(fields[9])
    try:
        links = {os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()}
    except OSError:
        return False
    return any(f"socket:[{inode}]" in links for inode in inodes)


async def test_serve_listens_serves_the_lobby_and_stops_on_sigterm(tmp_path):
    """With ``--fronts 2``: a second front listens on the same port and stops with the
    first."""
    proc, port = await start(tmp_path, "--fronts", "2")
    try:
        key = (tmp_path / "ssh_host_ed25519_key")
        assert key.exists() and oct(key.stat().st_mode & 0o777) == "0o600"
        first_key = key.read_bytes()
        ann = await Player("Ann").connect(port)
        await ann.wait_for("Welcome, Ann")
        await ann.close()
        fronts = children(proc.pid)  # the second front, listening on the same port
        assert len(fronts) == 1
        for _ in range(600):
            if listens_on(fronts[0], port):
                break
            await asyncio.sleep(0.05)
        assert listens_on(fronts[0], port) and listens_on(proc.pid, port)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), 20) == 0
    for pid in fronts:  # none left behind
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    proc, port = await start(tmp_path)  # the same host key the second time
    proc.send_signal(signal.SIGTERM)
    await asyncio.wait_for(proc.wait(), 20)
    assert key.read_bytes() == first_key


def test_serve_help_and_bad_flags(capsys):
    from clear_ward_tui.__main__ import main

    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--max-connections", "0"])
    assert exit_.value.code == 2
    assert "--max-connections: at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--fronts", "0"])
    assert "--fronts: 1 to 64" in capsys.readouterr().err


async def test_the_start_line_counts_the_rooms_restored_in_words(tmp_path):
    """"1 room restored", "2 rooms restored": the operator's first line counts right."""
    from tui_common.server.hall import Hall
    from tui_common.server.store import FILE_NAME, Store

    store = Store(tmp_path / FILE_NAME)
    Hall(store).create("clear-the-ward", "Ann,Bob", "Ann", seed=4)
    store.close()
    said = []
    proc, _port = await start(tmp_path, said=said)
    proc.send_signal(signal.SIGTERM)
    await asyncio.wait_for(proc.wait(), 20)
    assert "(data: " in said[0] and ", 1 room restored, " in said[0], said[0]
