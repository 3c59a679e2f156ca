"""Games played to their end by key presses: one person against a computer, and
solitaire.

Suite time (docs/testing.md): every key redraws the screen, so a round of Clinic played
by keys costs 10-15 s. Rounds 1-5 are played through the engine (``dealt_to_round``: the
same deal as the app's, seeded random legal actions), round 6 and the end by keys: every
phase of a round, the last round's Admin and the game over screen. The first rounds by
keys are ``test_expert_builds_the_initial_clinic_by_keys`` and the hot seat test."""

from __future__ import annotations

import random

from test_clinic_driver import dealt_to_round, game_screen, make_app, play

from clinic_tui.screens.game_over import GameOverScreen
from core.clinic.game import Phase, apply_action, result


async def test_person_and_computer_play_the_last_round_and_the_end_by_keys():
    app = make_app("Ann,cpu:basic", seed=3, state=dealt_to_round("Ann,cpu:basic", 3, 6))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        start = screen.record.states[0]
        log = screen.query_one("#log")
        assert start.round == 6
        played = await play(pilot, app, random.Random(1))
        phases = {before.phase for before, _ in played}
        assert phases >= {Phase.SELECT, Phase.BUILD, Phase.HIRE, Phase.MOVE}, phases  # a round's actions
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        # the engine alone, fed the same actions, ends the same way
        state = start
        record = screen.record
        for before, action in zip(record.states, record.actions):
            assert before == state
            state = apply_action(state, action)
        assert state == over.state
        assert all(before.current == 0 for before, _ in played), "the person only acts on their seat"
        res = result(state)
        summary = str(over.query_one("#over-summary").render())
        assert f"{['Ann', 'CPU (medium)'][res.winners[0]]} wins" in summary
        sentences = log.sentences
        assert any(s.startswith("CPU (medium) ") for s in sentences), "computer turns are narrated"
        await pilot.press("q")


async def test_solitaire_last_round_and_end_by_keys():
    state = dealt_to_round("Nia", 5, 6, goal="three-hubs")
    app = make_app("Nia", seed=5, goal="three-hubs", state=state)
    async with app.run_test(size=(80, 24)) as pilot:
        await play(pilot, app, random.Random(2))
        over = app.screen
        assert isinstance(over, GameOverScreen)
        text = str(over.query_one("#over-summary").render())
        assert "Solitaire goal: run 3 service hubs" in text
        res = over.result
        assert ("Hall of Fame rank:" in text) == bool(res.goal_met)


async def test_hot_seat_passes_the_keyboard_and_hides_the_choice():
    from clinic_tui.dialogs.report import ReportDialog
    from clinic_tui.widgets.main_board import board_text
    from core.clinic.game.view import player_view

    app = make_app("Ann,Bob", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        for _ in range(20):  # the bonus tiles, by the first option
            await pilot.pause()
            if screen.state.phase is Phase.SELECT:
                break
            await pilot.press("1")
        first = screen.state.current
        await pilot.pause()
        await pilot.press("2")  # Hire, face down
        await pilot.pause()
        second = screen.state.current
        assert second != first
        assert isinstance(app.screen, ReportDialog)
        assert "Pass the keyboard to" in app.screen.title_text
        text = board_text(player_view(screen.state, second), screen.names).plain
        first_line = next(line for line in text.splitlines() if line[1:].startswith(screen.names[first]))
        assert first_line.rstrip().endswith("?"), first_line
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.kind == "select-dialog"


async def test_expert_builds_the_initial_clinic_by_keys():
    """The expert side: hub, treatment room, supply room and entrance placed with the
    cursor (a corner entrance asks which side), then round 1 played by keys."""
    from core.clinic.game import Construct, ParkStartingCar

    app = make_app("Ann+,cpu:random", seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        played = await play(pilot, app, random.Random(3), until_round=2)
        setup = [a for before, a in played if before.phase is Phase.EXPERT_SETUP]
        assert len(setup) == 5 and all(isinstance(a, Construct) for a in setup[:4])
        assert "entrance" in str(setup[3])
        assert isinstance(setup[4], ParkStartingCar)  # then where the starting car stands
        assert game_screen(app).state.round == 2
