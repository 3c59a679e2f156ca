"""Refusals in players' words (``tui_common.messages``): the engines' developer head
("Illegal action 'end turn': ...", "for seat 0 in the move phase") never reaches the
screen; players read one sentence: what is not allowed and why."""

from __future__ import annotations

import re

import pytest
from test_clear_ward_driver import game_screen, make_app, settle

from tui_common.messages import in_players_words

DEVELOPER_WORDS = re.compile(r"Illegal action|for seat \d|IllegalActionError|GameError|\w+\(.*=")


def _clear_ward_refusal() -> str:
    from core.clear_ward import EndTurn, IllegalActionError, apply_action, new_game

    with pytest.raises(IllegalActionError) as err:
        apply_action(new_game(["Ann", "Bob"], 7), EndTurn())
    return str(err.value)


def _clinic_refusal() -> str:
    import core.clinic.game as clinic
    from core.errors import IllegalActionError

    with pytest.raises(IllegalActionError) as err:
        clinic.apply_action(clinic.new_game(["Ann", "Bob"], 3), clinic.Done())
    return str(err.value)


def test_clear_the_ward_refusal_names_the_action_the_rule_and_why():
    words = in_players_words(_clear_ward_refusal())
    assert words.startswith("End turn is not allowed (Turn Structure): ")
    assert "move the Doctor" in words and words.endswith(".")
    assert not DEVELOPER_WORDS.search(words)


def test_clinic_refusal_drops_the_seat_and_phase():
    words = in_players_words(_clinic_refusal())
    assert words == "Done is not allowed: only an action in progress can be done."


def test_a_message_already_in_players_words_is_kept():
    assert in_players_words("End the move: 2 patients still wait") == "End the move: 2 patients still wait."


async def test_clear_the_ward_shows_the_refusal_in_players_words(tmp_path):
    from core.clear_ward import EndTurn

    app = make_app("Ann,Bob", seed=7, tmp_path=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert game_screen(app).play(EndTurn()) is False
        await pilot.pause()
        shown = [n.message for n in app._notifications]  # noqa: SLF001 - what the player reads
        assert shown and shown[-1].startswith("End turn is not allowed (Turn Structure)")
        assert not any(DEVELOPER_WORDS.search(text) for text in shown)
