"""The seed is hidden information at a shared table (issue #29): it deals every
face-down patient and the staff deck again. Nothing a seat's terminal receives before
the game is over names it (header, log, any screen); the game-over screen then shows
it. Real asyncssh clients, as in ``test_ssh``; about 10 s each."""

from __future__ import annotations

import asyncio

import pytest

from core.clear_ward.bots import make_bot
from tests.server.test_ssh import join, play_by_keys, press_until_played, running

pytestmark = pytest.mark.timeout(120)

#: Actions of the whole-game test played before anyone sits down (about 2 in 5 of
#: its 56: each action watched costs both seats a redraw, and a question 0.3 s of waiting).
PLAYED_BEFORE_JOINING = 24

#: Big and distinctive: its digits cannot turn up on a screen by chance.
SEED = 6_021_887_140_553_907_311


def _names_the_seed(player) -> bool:
    """The seed in the bytes received so far or on the screen now."""
    return str(SEED).encode() in bytes(player.raw) or str(SEED) in player.text()


async def _step(room, players, bot) -> None:
    """One action of the seat to play: a move or an end of turn through the room (both
    apps follow it), a question on the seat's screen (draw, keep a staff card...)
    answered there by Enter, as a person would (so no question is left open)."""
    while not room.record.over and room.seats[room.actor].is_cpu:
        await asyncio.sleep(0.01)  # the room plays the computer's turn
    if room.record.over:
        return
    name = room.names()[room.actor]
    if room.record.state.phase.name in ("MOVE", "AFTER_ACTION"):
        room.play(room.actor, bot.choose(room.record.state))
    else:
        await press_until_played(room, players[name], "enter")


async def _finish_watching(room, players) -> None:
    """Play the game on to its last action, checking that no seat has received the
    seed; play the last action, then check that every seat's game-over screen shows it."""
    bot = make_bot("greedy", 1)
    while not room.record.over:
        state, actor = room.record.state, room.actor
        if actor is None:
            break
        if room.record.play(bot.choose(state)).over and not room.seats[actor].is_cpu:
            break  # the next action ends the game
        await _step(room, players, bot)
        if not room.record.over:
            assert not any(_names_the_seed(p) for p in players.values())
    for player in players.values():
        await player.wait_quiet()
        if not room.record.over:
            assert not _names_the_seed(player), player.text()
    if not room.record.over:
        await _step(room, players, bot)
    assert room.record.over
    for player in players.values():
        await player.wait_for("GAME OVER")
        await player.wait_quiet()  # the screen as it stays, not a first frame
        shown = player.text()
        assert str(SEED) in shown and "Game over" in shown, shown


@pytest.mark.slow  # a whole game end to end (docs/testing.md, Suite time)
async def test_no_seat_receives_the_seed_before_game_over_and_both_see_it_after(tmp_path):
    """The first ``PLAYED_BEFORE_JOINING`` actions are played before the players sit
    down (their screens then show that game, its log included), the next 8 by keys, the
    rest watched to the game-over screen."""
    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=SEED)
        bot = make_bot("greedy", 1)
        for _ in range(PLAYED_BEFORE_JOINING):
            room.play(room.actor, bot.choose(room.record.state))
        # Bob at the smallest terminal: the game-over header still has room for the seed
        players = {"Ann": await join(server, "Ann"), "Bob": await join(server, "Bob", width=80, height=24)}
        await play_by_keys(room, players, 8)  # a few turns by keys: headers, logs, wards redrawn
        assert not any(_names_the_seed(p) for p in players.values())
        await _finish_watching(room, players)
        assert not room.record.state.solo


async def test_with_a_computer_seat_the_seed_stays_hidden_too(tmp_path):
    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,cpu:random", "Ann", seed=SEED)
        players = {"Ann": await join(server, "Ann")}
        for _ in range(4):
            while not room.record.over and room.seats[room.actor].is_cpu:
                await asyncio.sleep(0.01)  # the room plays the computer's turn
            await play_by_keys(room, players, 1)
            assert not _names_the_seed(players["Ann"])
        await _finish_watching(room, players)


async def test_a_room_made_without_a_seed_gets_one_no_one_can_try_out(tmp_path):
    """A seed the server draws is 63 random bits (the operating system's secure source), not a number below a
    million a player could find by dealing every one and comparing with the cards seen."""
    async with running(tmp_path) as server:
        seeds = {server.hall.create("clinic", "Ann,Bob", "Ann").seed for _ in range(3)}
        await asyncio.sleep(0)
    assert len(seeds) == 3 and all(2**32 < s < 2**63 for s in seeds)
