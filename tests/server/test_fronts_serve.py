"""Issue 34's "done when", end to end, over each engine: two ``clear-ward serve``
processes on two ports sharing one store (SQLite: one data folder; PostgreSQL: each its
own folder and one ``--store postgresql://...``, the session's throwaway cluster over its
Unix socket, so the room can only be shared through the database). A room opened on the
first is listed in the second's lobby, Bob joins it from the second and both screens show
the dealt game; a move on one reaches the other's screen; the first front is killed
(``kill -9``) mid-game and Ann gets her seat back on the second, where the game goes on
(docs/server.md, "Several fronts" and "One box or several")."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from tests.server.client import Player
from tests.server.test_serve_command import start
from tui_common.server.stores import open_store

pytestmark = pytest.mark.timeout(150)


def stored_room(where):
    """Room #1 as the store ``where`` (a data folder or a URL) holds it now, read by a
    connection of its own."""
    store = open_store(where)
    try:
        rooms, _ = store.load_rooms()
    finally:
        store.close()
    return rooms[0] if rooms else None


async def until_stored(where, check, what: str, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        room = stored_room(where)
        if room is not None and check(room):
            return room
        await asyncio.sleep(0.1)
    raise AssertionError(f"never stored: {what}")


async def press_until_stored(where, player: Player, keys, done: int):
    """``player`` presses ``keys`` on a still screen until the store holds more than
    ``done`` actions (again after 3 s, as a person would: a key pressed before the
    screen has drawn what it answers is lost; see ``test_ssh.press_until_played``)."""
    for _ in range(4):
        await player.wait_quiet(0.3)
        await player.press(*keys)
        try:
            return await until_stored(where, lambda r: len(r.record.actions) > done, "", timeout=3.0)
        except AssertionError:
            continue
    raise AssertionError(f"{player.name}'s keys {keys} did not play:\n{player.text()}")


async def open_the_room(player: Player) -> None:
    """In the open "New room" dialog: Enter on Clear the Ward, Enter in the seats field
    (me,open), until the room is open; a key pressed before the dialog has drawn what
    it answers is lost on a busy machine, so Enter is pressed again on a still dialog."""
    for _ in range(6):
        await player.wait_quiet(0.3)
        if "You sit in room #1" in player.text():
            return
        if "New room — choose the game" in player.text():
            await player.press("enter")
        try:
            await player.wait_for("You sit in room #1", timeout=3.0)
            return
        except AssertionError:
            continue
    await player.wait_for("You sit in room #1")


async def two_fronts(tmp_path, request, engine: str):
    """The two fronts' processes and ports, and where their store is."""
    if engine == "sqlite":  # one data folder: its rooms.sqlite3
        first, port_a = await start(tmp_path, "--cpu-delay", "0.1")
        second, port_b = await start(tmp_path, "--cpu-delay", "0.1")
        return first, port_a, second, port_b, tmp_path
    url = request.getfixturevalue("pg_url")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, port_a = await start(tmp_path / "a", "--store", url, "--cpu-delay", "0.1")
    second, port_b = await start(tmp_path / "b", "--store", url, "--cpu-delay", "0.1")
    return first, port_a, second, port_b, url


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
async def test_a_room_opened_on_one_front_is_played_from_both_and_survives_a_killed_front(tmp_path, request,
                                                                                            engine):
    from core.clear_ward.narration import describe

    first, port_a, second, port_b, where = await two_fronts(tmp_path, request, engine)
    players: list[Player] = []
    try:
        ann = await Player("Ann").connect(port_a)
        players.append(ann)
        await ann.wait_for("No room yet")
        await ann.press("n")
        await ann.wait_for("New room")
        await open_the_room(ann)
        bob = await Player("Bob").connect(port_b)  # the other front
        players.append(bob)
        await bob.wait_for("#1 Clear the Ward")  # in B's lobby, opened on A
        await bob.wait_quiet()
        await bob.press("enter")
        await bob.wait_for("you are Bob")
        await ann.wait_for("you are Ann")  # dealt on B: Ann's screen on A goes into the game
        for player in (ann, bob):
            await player.wait_for("STAFF CARDS")
        room = stored_room(where)
        assert room.names() == ["Ann", "Bob"] and room.record.actions == ()
        # The player to move plays a step on their front; the other sees it on theirs.
        mover, other = (ann, bob) if room.names()[room.actor] == "Ann" else (bob, ann)
        room = await press_until_stored(where, mover, ("n", "enter"), 0)
        states = room.record.states
        await other.wait_for(describe(states[0], room.record.actions[0], states[1]).split(".")[0][:30])
        # A dies mid-game: Ann comes back on B and has her seat.
        first.send_signal(signal.SIGKILL)
        await first.wait()
        await ann.closed.wait()
        ann = await Player("Ann").connect(port_b)
        players.append(ann)
        await ann.wait_for("← your seat")
        await ann.wait_quiet()
        await ann.press("enter")
        await ann.wait_for("you are Ann")
        await ann.wait_for("Resumed the game (Ann, Bob)")  # her seat, the game where it was
        # The game goes on, on B alone: the player to move plays, the other sees it.
        room = stored_room(where)
        done = len(room.record.actions)
        mover, other = (ann, bob) if room.names()[room.actor] == "Ann" else (bob, ann)
        keys = {"MOVE": ("n", "enter"), "AFTER_ACTION": ("e",)}.get(room.record.state.phase.name, ("enter",))
        room = await press_until_stored(where, mover, keys, done)
        states = room.record.states
        await other.wait_for(describe(states[done], room.record.actions[done], states[done + 1]).split(".")[0][:30])
    finally:
        for player in players:
            await player.close()
        for proc in (first, second):
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
                await asyncio.wait_for(proc.wait(), 20)
