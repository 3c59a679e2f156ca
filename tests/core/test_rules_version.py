"""Saves carry the rules version of the game that wrote them: a Clinic save played by
the rules before issue 11 (rules version 1, or no ``rules`` field at all) is refused
with a sentence saying so, never replayed into a traceback, and the save folder lists
it as unusable with that reason."""

from __future__ import annotations

import json

import pytest

from core import saves
from core.clear_ward import legal_actions as ward_legal
from core.clear_ward.game_record import RULES as WARD
from core.clinic.game import legal_actions as clinic_legal
from core.clinic.game.game_record import RULES as CLINIC
from core.record import GameRecord
from core.saves import RULES_VERSIONS, SaveError

from .test_record import clinic_record, ward_record

EARLIER = ("x.json: saved by an earlier rules version of Clinic (1); this version plays by "
           f"rules version {RULES_VERSIONS['clinic']}, so the game cannot be replayed")


def clinic_save_data(actions: int = 6) -> dict:
    """A Clinic game of Ann and Bob after ``actions`` first-legal actions, as saved JSON."""
    record = clinic_record()
    for _ in range(actions):
        record = record.play(clinic_legal(record.state)[0])
    return json.loads(saves.dumps(record.to_save()))


def load(data: dict, rules=CLINIC) -> GameRecord:
    return GameRecord.from_save(saves.loads(json.dumps(data), "x.json"), rules, "x.json")


def test_every_save_names_the_rules_version_it_was_played_by():
    data = clinic_save_data()
    assert data["rules"] == CLINIC.rules_version == RULES_VERSIONS["clinic"] > 1
    assert len(load(data).actions) == 6
    assert json.loads(saves.dumps(ward_record().to_save()))["rules"] == WARD.rules_version == 2


@pytest.mark.parametrize("how", ["field removed", "field lowered"])
def test_a_clinic_save_from_before_the_rules_change_is_refused_clearly(how):
    data = clinic_save_data()
    if how == "field removed":
        del data["rules"]  # written before the field existed: rules version 1
    else:
        data["rules"] = 1
    with pytest.raises(SaveError) as caught:
        load(data)
    assert str(caught.value) == EARLIER


def test_a_save_from_a_later_rules_version_asks_for_a_newer_program():
    data = clinic_save_data()
    data["rules"] = CLINIC.rules_version + 1
    with pytest.raises(SaveError, match=r"saved by a later rules version of Clinic \(\d+\); .* newer version"):
        load(data)


@pytest.mark.parametrize("how", ["field removed", "field lowered"])
def test_a_clear_the_ward_save_from_before_the_night_shift_lost_the_locum_is_refused(how):
    """Clear the Ward 2 (issue 30): a solo seed deals a staff deck without the Locum, so
    an older save's log would not replay; it is refused with the sentence, not replayed."""
    record = ward_record(seats=("Ann",))
    record = record.play(ward_legal(record.state)[0])
    data = _as_rules_version_1(record, how)
    with pytest.raises(SaveError) as caught:
        load(data, WARD)
    assert str(caught.value) == ("x.json: saved by an earlier rules version of Clear the Ward (1); "
                                 "this version plays by rules version 2, so the game cannot be replayed")
    data["rules"] = WARD.rules_version
    assert load(data, WARD).states == record.states


def test_the_save_folder_lists_an_old_clinic_save_with_the_reason(tmp_path):
    folder = saves.SaveFolder(tmp_path)
    data = clinic_save_data()
    del data["rules"]
    text = json.dumps(data)
    folder.autosave.write_text(text, encoding="utf-8")
    listed = dict(folder.entries(("clinic", "Clinic")))
    refused = listed[folder.autosave]
    assert isinstance(refused, SaveError)
    assert str(refused) == EARLIER.replace("x.json", str(folder.autosave))
    assert folder.autosave.read_text(encoding="utf-8") == text  # left as it was
    data["rules"] = CLINIC.rules_version
    folder.autosave.write_text(json.dumps(data), encoding="utf-8")
    assert isinstance(dict(folder.entries(("clinic", "Clinic")))[folder.autosave], saves.SaveGame)


@pytest.mark.parametrize("how", ["field removed", "field lowered"])
def test_a_clear_the_ward_save_of_two_players_from_rules_version_1_still_loads(how):
    """Clear the Ward 2 changed only the Night Shift's deck: a version-1 game of two or
    more players replays the same (Game.still_replays of core.registry), so it is not refused."""
    record = ward_record()
    for _ in range(3):
        record = record.play(ward_legal(record.state)[0])
    assert load(_as_rules_version_1(record, how), WARD).states == record.states


def _as_rules_version_1(record, how: str) -> dict:
    """``record``'s save data as rules version 1 wrote it: without the field (``how``
    "field removed", the oldest saves) or with ``"rules": 1``."""
    data = json.loads(saves.dumps(record.to_save()))
    if how == "field removed":
        del data["rules"]
    else:
        data["rules"] = 1
    return data
