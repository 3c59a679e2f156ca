"""The game record both apps keep (``core.record``): play, undo under the undo rule,
save and load, for both games."""

from __future__ import annotations

import random
import re

import attrs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import saves
from core.clear_ward import EndTurn
from core.clear_ward import legal_actions as ward_legal
from core.clear_ward.game_record import RULES as WARD
from core.clinic.game import legal_actions as clinic_legal
from core.clinic.game.game_record import RULES as CLINIC
from core.clinic.game.game_record import options as clinic_options
from core.clinic.board import BoardSide
from core.record import GameRecord, UndoRefused
from core.saves import Seat


def ward_record(seats=("Ann", "Bob"), seed=7, cpu=()) -> GameRecord:
    return GameRecord.new(
        WARD, seed, [Seat(n, "greedy" if n in cpu else None) for n in seats], {"starting_player": 0}
    )


def clinic_record(seats=("Ann", "Bob"), seed=3) -> GameRecord:
    n = len(seats)
    return GameRecord.new(
        CLINIC, seed, [Seat(s) for s in seats], clinic_options([False] * n, [BoardSide.BEGINNER] * n, None)
    )


def _random_playout(record: GameRecord, legal, rng: random.Random, steps: int) -> GameRecord:
    for _ in range(steps):
        if record.over:
            break
        record = record.play(rng.choice(legal(record.state)))
    return record


GAMES = {
    "clear-the-ward": (lambda seed, players: ward_record([f"P{i}" for i in range(players)], seed), ward_legal),
    "clinic": (lambda seed, players: clinic_record([f"P{i}" for i in range(players)], seed), clinic_legal),
}


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=20)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), length=st.integers(1, 150))
def test_undo_restores_the_previous_state_exactly_or_is_refused(game, seed, players, length):
    """After any action: undo gives back the record before it exactly, or, for an action
    that revealed hidden information, ended a turn on purpose or ended the game, is
    refused with ``UndoRefused`` and changes nothing."""
    make, legal = GAMES[game]
    rng = random.Random(seed)
    record = make(seed, players)
    for _ in range(length):
        if record.over:
            break
        before = record
        record = record.play(rng.choice(legal(record.state)))
        step = record.steps[-1]
        if step.reveals or step.closes or record.over:
            assert not record.can_undo
            with pytest.raises(UndoRefused):
                record.undo()
        else:
            assert record.can_undo
            undone = record.undo()
            assert undone.states == before.states and undone.actions == before.actions
            assert undone.steps == before.steps and undone.state == before.state


@settings(max_examples=15)
@given(seed=st.integers(0, 10_000), length=st.integers(0, 120))
def test_save_and_load_give_back_the_same_record(seed, length):
    rng = random.Random(seed)
    for record, legal in ((ward_record(("A", "B", "C"), seed), ward_legal), (clinic_record(seed=seed), clinic_legal)):
        record = _random_playout(record, legal, rng, length)
        loaded = GameRecord.from_save(saves.loads(saves.dumps(record.to_save())), record.rules)
        assert loaded == record
        assert loaded.to_save().progress == record.progress()


def test_a_computer_players_action_is_not_undone():
    record = ward_record(("Ann", "Bot"), cpu=("Bot",))
    while record.state.current == 0:
        record = record.play(ward_legal(record.state)[0])
    record = record.play(ward_legal(record.state)[0])  # the computer acts
    assert record.undo_refusal == "Computer players' actions are not undone."
    with pytest.raises(UndoRefused, match="Undo: Computer"):
        record.undo()


def test_an_ended_turn_stays_ended_but_a_move_that_ended_it_by_itself_may_be_taken_back():
    record = ward_record()
    # Find a move that does not turn a card over and ends the turn by itself.
    for action in ward_legal(record.state):
        after = record.play(action)
        if not after.steps[-1].reveals and after.state.current == 1:
            assert after.can_undo, action
            assert after.undo().state == record.state
            break
    else:
        pytest.fail("seed 7 has no plain first move")


def test_a_turn_ended_on_purpose_is_not_reopened():
    rng = random.Random(1)
    ended = 0
    for seed in range(40):
        record = ward_record(("Ann", "Bob"), seed)
        while not record.over:
            actions = ward_legal(record.state)
            ends = [a for a in actions if isinstance(a, EndTurn)]
            record = record.play(ends[0] if ends else rng.choice(actions))
            if ends and not record.over:
                ended += 1
                assert record.steps[-1].closes
                assert record.undo_refusal == "Nothing to undo in this turn: a turn that was ended stays ended."
    assert ended  # the seeds reach End turn (a staff card was kept and not used)


def test_a_revealing_action_is_not_undone_and_the_reason_is_given():
    record = ward_record(seed=7)
    for action in ward_legal(record.state):
        after = record.play(action)
        if after.steps[-1].reveals:
            assert after.undo_refusal == "That action revealed hidden information, so it cannot be undone."
            return
    pytest.fail("no first move of seed 7 turns a card over")


def test_nothing_to_undo_at_the_start_and_after_the_game_is_over():
    record = ward_record()
    assert record.undo_refusal == "Nothing to undo yet."
    rng = random.Random(5)
    record = _random_playout(record, ward_legal, rng, 10_000)
    assert record.over
    assert record.undo_refusal == "The game is over; finished games are not undone."
    assert record.to_save().finished and record.progress() == "game over"


def test_a_save_of_the_other_game_is_refused_by_name():
    save = ward_record().to_save()
    with pytest.raises(saves.SaveError, match="a saved game of Clear the Ward, not Clinic"):
        GameRecord.from_save(save, CLINIC, "x.json")


def test_progress_names_the_turn_or_round():
    assert ward_record().progress() == "turn 1, 35 patients left"
    assert clinic_record().progress().startswith("round 1 of 6, ")


def test_summary_and_save_file_names():
    save = saves.SaveGame(game="clinic", seed=1, seats=(Seat("Ann"), Seat("Bot", "basic")),
                          progress="round 2 of 6, build", saved_at="2026-11-22T21:00:00+00:00")
    line = saves.summary(save)
    assert line.startswith("Ann, Bot (computer) · round 2 of 6, build · 2026-11-2")
    assert saves.save_file_name(" Ann vs Bob! ") == "Ann-vs-Bob.json"
    with pytest.raises(saves.SaveError, match="at least one letter"):
        saves.save_file_name("!!!")


def test_the_save_folder_keeps_the_game_in_progress_then_the_finished_game(tmp_path):
    folder = saves.SaveFolder(tmp_path)
    record = ward_record()
    record = record.play(ward_legal(record.state)[0])
    assert folder.keep(record.to_save()) == folder.autosave
    named = folder.named("Ann & Bob")
    saves.write_atomic(named, saves.dumps(record.to_save()))
    (tmp_path / "saves" / "broken.json").write_text("{", encoding="utf-8")
    listed = dict(folder.entries())
    assert set(listed) == {folder.autosave, named, tmp_path / "saves" / "broken.json"}
    assert isinstance(listed[tmp_path / "saves" / "broken.json"], saves.SaveError)
    assert named.name == "Ann-Bob.json"
    finished = _random_playout(record, ward_legal, random.Random(2), 10_000)
    assert folder.keep(finished.to_save()) == folder.last_game
    assert not folder.autosave.exists() and folder.last_game.exists()
    assert GameRecord.from_save(saves.read_save(folder.last_game), WARD).over


@pytest.mark.parametrize("options", [{"solo_goal": "NO_SUCH_GOAL"}, {"expert": [], "sides": []}, {"sides": ["sideways", "x"]}])
def test_a_save_with_damaged_options_is_refused_clearly(options):
    save = attrs.evolve(clinic_record().to_save(snapshot=False), options=options, actions=())
    with pytest.raises(saves.SaveError, match="x.json: the game's options are invalid"):
        GameRecord.from_save(save, CLINIC, "x.json")


def test_a_new_game_sets_the_previous_game_in_progress_aside(tmp_path):
    folder = saves.SaveFolder(tmp_path)
    assert folder.set_aside() is None  # nothing there
    record = ward_record(("Ann", "Bob")).play(ward_legal(ward_record().state)[0])
    folder.keep(record.to_save())
    before = folder.autosave.read_bytes()
    said = folder.set_aside()
    assert "The game in progress before this one (Ann vs Bob, turn " in said and not folder.autosave.exists()
    (kept,) = (tmp_path / "saves").glob("Ann-vs-Bob-*.json")
    assert kept.read_bytes() == before and str(kept) in said
    folder.autosave.write_text("{broken", encoding="utf-8")
    said = folder.set_aside()
    (damaged,) = tmp_path.glob("autosave-damaged-*.json")
    assert damaged.read_text(encoding="utf-8") == "{broken" and "not a saved game" in said
    # Its name says when it was set aside, without spaces: autosave-damaged-2026-11-24-20-36-14.json
    assert re.fullmatch(r"autosave-damaged-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.json", damaged.name)


def test_setting_aside_works_where_the_disk_allows_no_hard_links(tmp_path, monkeypatch):
    """Some file systems (FAT on a USB stick, some network shares) refuse hard links:
    the game in progress is then renamed aside, its bytes kept, and a file already at
    the new name is never written over."""
    import os

    def no_links(source, target):
        raise PermissionError("hard links are not allowed here")

    monkeypatch.setattr(os, "link", no_links)
    folder = saves.SaveFolder(tmp_path)
    folder.keep(ward_record(("Ann", "Bob")).play(ward_legal(ward_record().state)[0]).to_save())
    before = folder.autosave.read_bytes()
    assert "was kept as" in folder.set_aside() and not folder.autosave.exists()
    (kept,) = (tmp_path / "saves").glob("Ann-vs-Bob-*.json")
    assert kept.read_bytes() == before
    source, taken = tmp_path / "a.json", tmp_path / "b.json"
    source.write_text("mine", encoding="utf-8")
    taken.write_text("another game", encoding="utf-8")
    with pytest.raises(FileExistsError):
        saves._move_to_new(source, taken)
    assert (source.read_text(encoding="utf-8"), taken.read_text(encoding="utf-8")) == ("mine", "another game")


def test_a_finished_games_autosave_is_not_kept_aside(tmp_path):
    folder = saves.SaveFolder(tmp_path)
    finished = _random_playout(ward_record(), ward_legal, random.Random(3), 10_000)
    saves.write_atomic(folder.autosave, saves.dumps(finished.to_save()))
    assert folder.set_aside() is None and folder.autosave.exists()


def test_the_save_folder_names_a_save_of_another_game(tmp_path):
    folder = saves.SaveFolder(tmp_path)
    folder.keep(clinic_record().play(clinic_legal(clinic_record().state)[0]).to_save())
    ((path, found),) = folder.entries(("clear-the-ward", "Clear the Ward"))
    assert isinstance(found, saves.SaveError) and "a saved game of Clinic, not Clear the Ward" in str(found)
    ((_, same),) = folder.entries(("clinic", "Clinic"))
    assert isinstance(same, saves.SaveGame)
