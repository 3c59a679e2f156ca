"""Issue 14, "Computer players: ``random`` plays them legally; ``basic`` (and
``strong``) uses each expansion's new action at least sometimes": whole games count the
new actions each level takes, and one scene per action checks the choice itself."""

from __future__ import annotations

import pytest
from attrs import evolve

from core.clinic import Clinic, Colour, Role
from core.clinic.expansions.blood import GiveBlood, PickUpBlood
from core.clinic.expansions.extinguishers import BuildExtinguisher
from core.clinic.expansions.zombies import MoveZombie
from core.clinic.game import MovePerson, apply_action, constants as K, is_over, new_game
from core.clinic.game.bot_strong import StrongBot
from core.clinic.game.bots import make_bot
from core.clinic.game.state import Phase

from clinic_helpers import LAB, PSY, SR, TR, sp
from .helpers import board_of, in_phase, patient, staff, started

ROOM, HUB, LAB_AT = sp("C3"), sp("B3"), sp("A3")
LEVELS = ("basic", "strong")


def _bot(level: str, seed: int):
    """The level's player.  In games the strong one plays without its round-6
    look-ahead (the same decisions as in rounds 1-5, on its own view), which keeps the
    test fast; the scenes below use the whole strong player."""
    return StrongBot(seed, look_ahead=False) if level == "strong" else make_bot(level, seed)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_uses_the_new_actions_in_games(level):
    """In a few 2-player games with all four options, both players of ``level`` build
    an extinguisher (L1081), give blood (L1034) and hire a workaholic doctor (L1127).
    The four mini-expansions only: an emergency department's costs leave little for
    extinguishers (the ED's own bot test: ``emergency/test_ed_game``)."""
    built = gave = hired = 0
    minis = tuple(n for n in K.EXPANSIONS if n != "emergency")
    for seed in range(3):
        state = new_game(2, seed, options=minis)
        bots = [_bot(level, seed), _bot(level, seed + 1)]
        while not is_over(state):
            action = bots[state.current].choose(state)
            before = state
            state = apply_action(state, action)
            built += isinstance(action, BuildExtinguisher)
            gave += isinstance(action, GiveBlood)
            hired += (before.phase is Phase.HIRE and any(
                d.colour is Colour.PURPLE for d in state.players[before.current].clinic.of_role(Role.DOCTOR)
            ) and not any(
                d.colour is Colour.PURPLE for d in before.players[before.current].clinic.of_role(Role.DOCTOR)
            ))
    assert built and gave and hired, (built, gave, hired)


def _scene(clinic, options, round_=2):
    state = in_phase(started(options), Phase.MOVE, clinic)
    return evolve(state, round=round_)


@pytest.mark.parametrize("level", LEVELS)
def test_a_zombie_is_walked_to_a_lone_lab_doctor(level):
    """L1163 "they must move (however you like ...)" and L1182 "1 doctor ... in a lab
    with 1 zombie can cure the zombie, earning $32": the player steps it into the lab."""
    clinic = staff(Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"))), Role.DOCTOR, LAB_AT,
                   Colour.WHITE)
    clinic = evolve(clinic, board=evolve(clinic.board, zombies=(HUB,)))
    assert make_bot(level, 1).choose(_scene(clinic, ("zombies",))) == MoveZombie(HUB, LAB_AT)


@pytest.mark.parametrize("level", LEVELS)
def test_a_nurse_carries_blood_to_a_patient_without_a_doctor(level):
    """L1038 "any nurse can pick this up, and carry it to a treatment room to help a
    patient": with a patient alone in a working room, the player picks the token up,
    then walks the nurse there."""
    clinic = Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3")))
    clinic = staff(clinic, Role.NURSE, HUB)
    nurse = clinic.last.id
    clinic = patient(clinic, Colour.RED, ROOM, stays=True)
    clinic = evolve(clinic, board=evolve(clinic.board, blood=(HUB,)))
    state = _scene(clinic, ("blood",))
    bot = make_bot(level, 1)
    assert bot.choose(state) == PickUpBlood(nurse)
    state = apply_action(state, PickUpBlood(nurse))
    assert bot.choose(state) == MovePerson(nurse, ROOM)


@pytest.mark.parametrize("level", LEVELS)
def test_no_blood_given_in_the_last_round(level):
    """B13 (house): "Tokens score nothing at the end; round-6 donations are legal but
    useless": alone in a hub in round 2 the player gives blood, in round 6 it does not."""
    clinic = staff(Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"))), Role.NURSE, HUB)
    donor = clinic.last.id
    assert make_bot(level, 1).choose(_scene(clinic, ("blood",))) == GiveBlood(donor)
    assert make_bot(level, 1).choose(_scene(clinic, ("blood",), round_=K.ROUNDS)) != GiveBlood(donor)


def test_the_same_view_gives_the_same_choice():
    """The strong player "decides from its view only" (issue 13): asked again about the
    same state (whatever it rolled meanwhile) it gives the same answer, the expansions'
    preferences included (no dice in giving blood)."""
    clinic = staff(Clinic(board_of((PSY, "B3"), (TR, "C3"), (SR, "C2"), (LAB, "A3"))), Role.NURSE, HUB)
    state = _scene(clinic, ("blood",))
    bot = make_bot("strong", 1)
    assert len({bot.choose(state) for _ in range(12)}) == 1
