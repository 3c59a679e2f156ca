"""The seed is hidden information at a hot seat too (issue #29): whoever reads it can
deal the game again and see every face-down patient, the staff deck's order, Clinic's
bags. While a game of two or more seats is on (computer seats counted), neither the
screen (header) nor the event log names it; the game-over screen does
(for "same seed"). A solo game may name it."""

from __future__ import annotations

import random

from test_clear_ward_driver import do_action, game_screen, make_app, settle
from test_kit_ascii import screen_text

from clear_ward_tui.screens.game_over import GameOverScreen
from core.clear_ward import Phase, legal_actions
from tui_common.event_log import EventLog
from tui_common.secrecy import seed_visible

#: Big and distinctive: its digits cannot turn up on a screen by chance.
SEED = 3_904_417_265_118_820_653


def _shown(app, game) -> str:
    """Everything the table can read now: the screen on top, the game's header and its
    whole event log (scrolled-off lines too)."""
    return "\n".join([screen_text(app), game.sub_title, *game.query_one(EventLog).sentences])


def test_the_rule_solo_or_game_over():
    assert seed_visible(1, over=False) and seed_visible(2, over=True) and seed_visible(4, over=True)
    assert not seed_visible(2, over=False) and not seed_visible(4, over=False)


async def test_clear_ward_hot_seat_with_a_computer_hides_the_seed_until_game_over(tmp_path):
    app = make_app("Ann,Bob,cpu:random", seed=SEED, tmp_path=tmp_path)
    rng = random.Random(45)  # a whole game of 17 actions (11 by keys), for the suite's time
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        assert game.seed == SEED
        assert game.query_one(EventLog).sentences[0].startswith("New game: Ann, Bob, ")
        for _ in range(600):
            if game.state.phase is Phase.OVER:
                break
            assert str(SEED) not in _shown(app, game)
            await do_action(pilot, game, rng.choice(legal_actions(game.state)))
            await settle(pilot, app)
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert over.sub_title == f"Game over · seed {SEED}"
        assert str(SEED) in screen_text(app)


async def test_clear_ward_solo_shows_its_seed(tmp_path):
    app = make_app("Nia", seed=SEED, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        game = game_screen(app)
        assert game.sub_title == f"Night Shift · seed {SEED}"
        assert game.query_one(EventLog).sentences[0].startswith(f"New game, seed {SEED}: Nia.")


async def test_a_seed_drawn_for_a_new_game_is_too_big_to_try_out(tmp_path):
    """No seed given: 63 random bits (``tui_common.secrecy.new_seed``), so a player
    cannot find it by dealing every small seed and comparing with the cards seen."""
    app = make_app("Ann,Bob", seed=None, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert 2**32 < game_screen(app).seed < 2**63


# -- Clinic ---------------------------------------------------------------------------


def _clinic_record_one_action_from_the_end(players: list[str]):
    """A two-seat Clinic game played by random choices to its last action: the record
    without that action, and the action."""
    from clinic_tui import saving
    from clinic_tui.config import Options, parse_players
    from core.clinic.game import is_over
    from core.clinic.game import legal_actions as clinic_legal

    rng = random.Random(5)
    record = saving.new_record(Options(seats=parse_players(",".join(players))), SEED)
    while True:
        action = rng.choice(clinic_legal(record.state))
        after = record.play(action)
        if is_over(after.state):
            return record, action
        record = after


async def test_clinic_hot_seat_hides_the_seed_while_playing_and_shows_it_at_game_over(tmp_path):
    from test_clinic_driver import do_action as clinic_do_action
    from test_clinic_driver import game_screen as clinic_game_screen
    from test_clinic_driver import make_app as clinic_app
    from test_clinic_driver import settle as clinic_settle

    from clinic_tui.config import Options
    from clinic_tui.app import ClinicApp
    from clinic_tui.screens.game_over import GameOverScreen as ClinicOver
    from core.clinic.game import legal_actions as clinic_legal
    from core.saves import dumps, write_atomic

    # a new hot-seat game: its first actions, by keys
    app = clinic_app("Ann,Bob", seed=SEED)
    rng = random.Random(6)
    async with app.run_test(size=(80, 24)) as pilot:
        await clinic_settle(pilot, app)
        game = clinic_game_screen(app)
        assert game.seed == SEED
        assert game.sub_title.startswith("2 players") and str(SEED) not in game.sub_title
        for _ in range(12):
            assert str(SEED) not in _shown(app, game)
            await clinic_do_action(pilot, app, rng.choice(clinic_legal(game.state)))
            await clinic_settle(pilot, app)
        assert str(SEED) not in _shown(app, game)

    # the same table's game one action from its end, loaded from a save: the last
    # action by keys, then the game-over screen names the seed
    record, last = _clinic_record_one_action_from_the_end(["Ann", "Bob"])
    path = tmp_path / "near-the-end.json"
    write_atomic(path, dumps(record.to_save()))
    app = ClinicApp(Options(load=str(path), cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await clinic_settle(pilot, app)
        game = clinic_game_screen(app)
        assert game.seed == SEED and len(game.record.actions) == len(record.actions)
        assert str(SEED) not in _shown(app, game)
        await clinic_do_action(pilot, app, last)
        await clinic_settle(pilot, app)
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, ClinicOver):
                break
        over = app.screen
        assert isinstance(over, ClinicOver)
        assert over.sub_title == f"Game over · seed {SEED}"
        assert str(SEED) in screen_text(app)


async def test_clear_ward_replay_names_the_seed_only_of_a_finished_game(tmp_path):
    """``--replay`` of a two-seat save still in progress keeps the seed out of its log;
    a finished game's replay names it."""
    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options
    from core.clear_ward.game_record import RULES
    from core.record import GameRecord
    from core.saves import Seat, dumps, write_atomic

    rng = random.Random(7)
    record = GameRecord.new(RULES, SEED, [Seat("Ann"), Seat("Bob")], {"starting_player": 0})
    for _ in range(6):
        record = record.play(rng.choice(legal_actions(record.state)))
    finished = record
    while not finished.over:
        finished = finished.play(rng.choice(legal_actions(finished.state)))
    first = {}
    for name, saved in (("on", record), ("over", finished)):
        path = tmp_path / f"{name}.json"
        write_atomic(path, dumps(saved.to_save()))
        app = ClearWardApp(Options(cpu_delay=0, data_dir=tmp_path, replay=path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            first[name] = app.screen.query_one(EventLog).sentences[0]
    assert first["on"] == "Replay: Ann, Bob."
    assert first["over"] == f"Replay, seed {SEED}: Ann, Bob."
