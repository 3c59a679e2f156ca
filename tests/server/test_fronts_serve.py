"""Two ``clear-ward serve`` processes over one data folder, end to end (docs/server.md,
"Several fronts"): a room opened on one is joined from the other, both screens show
the game, an action on one reaches the other's screen, and when a front is killed
(``kill -9``) its player gets their seat back on the other."""

from __future__ import annotations

import asyncio
import signal
import time

import pytest

from tests.server.client import Player
from tests.server.test_serve_command import start
from tui_common.server.store import FILE_NAME, Store

pytestmark = pytest.mark.timeout(120)


def stored_room(folder):
    """Room #1 as the data folder holds it now (read by a connection of its own)."""
    store = Store(folder / FILE_NAME)
    try:
        rooms, _ = store.load_rooms()
    finally:
        store.close()
    return rooms[0] if rooms else None


async def until_stored(folder, check, what: str, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        room = stored_room(folder)
        if room is not None and check(room):
            return room
        await asyncio.sleep(0.1)
    raise AssertionError(f"never stored: {what}")


async def press_until_stored(folder, player: Player, keys, done: int):
    """``player`` presses ``keys`` on a still screen until the store holds more than
    ``done`` actions (again after 3 s, as a person would: a key pressed before the
    screen has drawn what it answers is lost; see ``test_ssh.press_until_played``)."""
    for _ in range(4):
        await player.wait_quiet(0.3)
        await player.press(*keys)
        try:
            return await until_stored(folder, lambda r: len(r.record.actions) > done, "", timeout=3.0)
        except AssertionError:
            continue
    raise AssertionError(f"{player.name}'s keys {keys} did not play:\n{player.text()}")


async def test_a_room_opened_on_one_front_is_played_from_both_and_survives_a_killed_front(tmp_path):
    first, port_a = await start(tmp_path, "--cpu-delay", "0.1")
    second, port_b = await start(tmp_path, "--cpu-delay", "0.1")
    players: list[Player] = []
    try:
        ann = await Player("Ann").connect(port_a)
        players.append(ann)
        await ann.wait_for("No room yet")
        await ann.press("n")
        await ann.wait_for("New room")
        await ann.wait_quiet()
        await ann.press("enter", pause=0.3)  # Clear the Ward; then the seats field: me,open
        await ann.press("enter")
        await ann.wait_for("You sit in room #1")
        bob = await Player("Bob").connect(port_b)  # the other front
        players.append(bob)
        await bob.wait_for("#1 Clear the Ward")  # in B's lobby, opened on A
        await bob.wait_quiet()
        await bob.press("enter")
        await bob.wait_for("you are Bob")
        await ann.wait_for("you are Ann")  # Ann's lobby on A went into the game dealt on B
        for player in (ann, bob):
            await player.wait_for("STAFF CARDS")
        room = stored_room(tmp_path)
        assert room.names() == ["Ann", "Bob"] and room.record.actions == ()
        # The player to move plays a step on their front; the other sees it on theirs.
        mover, other = (ann, bob) if room.names()[room.actor] == "Ann" else (bob, ann)
        room = await press_until_stored(tmp_path, mover, ("n", "enter"), 0)
        from core.clear_ward.narration import describe

        states = room.record.states
        await other.wait_for(describe(states[0], room.record.actions[0], states[1]).split(".")[0][:30])
        # A dies mid-game: Ann comes back on B and has her seat.
        first.send_signal(signal.SIGKILL)
        await first.wait()
        await ann.closed.wait()
        ann = await Player("Ann").connect(port_b)
        players.append(ann)
        await ann.wait_for("#1 ")
        await ann.wait_for("← your seat")
        await ann.wait_quiet()
        await ann.press("enter")
        await ann.wait_for("you are Ann")
        await ann.wait_for("Resumed the game (Ann, Bob)")  # her seat, the game where it was (a choice may cover the cards)
        # The game goes on, on B alone: the player to move plays, the other sees it.
        room = stored_room(tmp_path)
        done = len(room.record.actions)
        mover, other = (ann, bob) if room.names()[room.actor] == "Ann" else (bob, ann)
        keys = {"MOVE": ("n", "enter"), "AFTER_ACTION": ("e",)}.get(room.record.state.phase.name, ("enter",))
        room = await press_until_stored(tmp_path, mover, keys, done)
        states = room.record.states
        await other.wait_for(describe(states[done], room.record.actions[done], states[done + 1]).split(".")[0][:30])
    finally:
        for player in players:
            await player.close()
        for proc in (first, second):
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
                await asyncio.wait_for(proc.wait(), 20)
