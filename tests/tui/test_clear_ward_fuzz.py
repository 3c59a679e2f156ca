"""700 random keys (``FUZZ_SCALE=3``: 2,100) from a seeded RNG through a running game:
nothing crashes and the game state stays whole."""

from __future__ import annotations

import asyncio
import random

from textual import events

from tests.keyfuzz import suite_keys

from test_clear_ward_driver import game_screen, make_app, settle

from clear_ward_tui.screens.game_over import GameOverScreen
from clear_ward_tui.screens.setup import SetupScreen
from core.clear_ward import GameState

#: Game keys, weighted towards playing; help and the (slow to open) rules now and then.
KEYS = [
    *["up", "down", "left", "right", "h", "j", "k", "l", "w", "a", "s", "d"] * 3,
    *["enter"] * 12, "space", "space", *["c"] * 3, *["e"] * 3, *["n"] * 6, *["escape"] * 3,
    "1", "2", "3", "4", "tab", "x", "pagedown", "home", "question_mark", "r",
    *["u"] * 3, "ctrl+z", "ctrl+s",
]


#: A step that takes longer than this fails the test instead of hanging the run.
STEP_TIMEOUT = 20

#: Keys per run (docs/testing.md "Suite time": the long run is ``FUZZ_SCALE=3``); the
#: keys must play the game on: at least one action per 210 keys (10 at 2,100, as before).
FUZZ_KEYS = suite_keys(700)


def check_state(state: GameState) -> None:
    patients = sum(1 for card in state.ward if card is not None)
    treated = sum(len(p.log_book) for p in state.players)
    assert patients + treated + len(state.removed) + 1 == 36, "35 patients and the Doctor"
    everyone = [c.patient for c in state.ward if c] + [p for pl in state.players for p in pl.log_book]
    assert len(set(everyone + list(state.removed))) == 35, "every patient exactly once"
    staff = len(state.staff_deck) + len(state.drawn) + sum(len(p.staff) for p in state.players)
    assert staff == (8 if state.player_count <= 2 else 9)
    assert all(len(p.staff) <= 2 for p in state.players)
    assert 0 <= state.doctor < 36 and 0 <= state.current < state.player_count


async def send_key(app, key: str) -> None:
    """Send one key the way ``Pilot.press`` does, without its idle wait (so 2,000 keys
    take seconds, like fast typing), then let the app run a little."""
    char = key if len(key) == 1 else {"space": " ", "enter": "\r", "question_mark": "?"}.get(key)
    app._driver.send_message(events.Key(key, char))
    for _ in range(8):
        await asyncio.sleep(0)


async def test_random_keys_never_break_the_game(tmp_path):
    rng = random.Random(2024)
    app = make_app("Ann,Bob,cpu:random", seed=5, tmp_path=tmp_path)
    sent = games = advanced = 0
    last_count = 0
    quits = []  # Escape on the setup screen quits: note it and keep fuzzing
    app.exit = lambda *args, **kwargs: quits.append(args)
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            await settle(pilot, app)
            while sent < FUZZ_KEYS:
                screen = app.screen
                if isinstance(screen, GameOverScreen):
                    games += 1
                    check_state(screen.state)
                    await asyncio.wait_for(pilot.press("s"), STEP_TIMEOUT)  # same seed again
                elif isinstance(screen, SetupScreen):
                    await asyncio.wait_for(pilot.press("ctrl+s"), STEP_TIMEOUT)
                else:
                    await asyncio.wait_for(send_key(app, rng.choice(KEYS)), STEP_TIMEOUT)
                    sent += 1
                if sent % 50 == 0:
                    await asyncio.wait_for(pilot.pause(), STEP_TIMEOUT)
                game = game_screen(app)
                if game is not None and game.state is not None:
                    check_state(game.state)
                    count = len(game.record.actions)
                    advanced += max(0, count - last_count)  # undo and new games go back
                    last_count = count
            await pilot.pause()
            assert games or advanced > FUZZ_KEYS // 210, "the random keys also played the game"
            assert app.is_running
            assert game_screen(app) is not None or isinstance(app.screen, (GameOverScreen, SetupScreen))
        finally:
            del app.exit  # let the harness close the app, even after a failure (else it hangs)


async def test_play_again_while_the_finished_game_is_still_leaving(tmp_path):
    """Found by the key fuzz: "again" pressed in the same instant the game-over screen
    replaced the game started a second game screen while the first was still being
    removed (``DuplicateIds 'game'``: both had one fixed id), and closed the game-over
    screen before it was drawn. Now that key is dropped, and the next one starts a game."""
    from clear_ward_tui.screens.game import GameScreen

    finish = GameScreen._finish
    GameScreen._finish = lambda self: None  # the computers play to the end; nothing follows
    try:
        app = make_app("cpu:random,cpu:greedy", seed=31, tmp_path=tmp_path)  # a game of 13 actions (suite time)
        async with app.run_test(size=(100, 30)) as pilot:
            game = game_screen(app)
            for _ in range(600):
                await pilot.pause(0.05)
                game = game_screen(app)
                if game is not None and game.record.over:
                    break
            assert game is not None and game.record.over
            await _again_at_once(pilot, app, game, finish)
    finally:
        GameScreen._finish = finish


async def _again_at_once(pilot, app, game, finish) -> None:
    from clear_ward_tui.screens.game import GameScreen

    finish(game)  # the game-over screen replaces the game...
    over = app.screen
    assert isinstance(over, GameOverScreen)
    over.action_again(True)  # ...and "again" comes before it is even drawn: dropped
    await pilot.pause()
    assert app._exception is None and app.screen is over
    await pilot.press("s")  # once it is there, a new game (same seed)
    await pilot.pause()
    assert isinstance(app.screen, GameScreen) and app.screen is not game
    assert app._exception is None
