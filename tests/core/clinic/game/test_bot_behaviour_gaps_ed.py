"""The Emergency Department of the computer players (The 911th Extension,
``core/clinic/expansions/emergency/bot.py``), by what they must do in small fixed
positions (issue 19: what the mutation samples found unguarded). The module doc of
``emergency/bot.py`` states the plain rules quoted below."""

from __future__ import annotations

from attrs import evolve

from core.clinic.expansions.emergency.actions import ChooseEmergency, EDDone, EDHireDoctor, EDHireNurse
from core.clinic.expansions.emergency.bot import layout_value
from core.clinic.expansions.emergency.components import BREAK_ROOM, ED_HUB, ED_ROOM, PRE_ADMISSIONS, EDRole, Level
from core.clinic.expansions.emergency.movement import EDMove, ed_move
from core.clinic.expansions.emergency.queues import EDAdmit
from core.clinic.expansions.emergency.state import Sub
from core.clinic.game import apply_action, legal_actions
from core.clinic.game.actions import ChooseBonus, SelectTile
from core.clinic.game.bots import BasicBot
from core.clinic.game.state import ActionTile, BonusTile, Phase, Turn
from core.clinic.expansions.emergency.access import ed_state, waiting_area, with_waiting_area
from core.clinic.expansions.emergency.round import EDPhase, EDTile, EDBonus
from expansions.emergency.ed_helpers import put_ed

from expansions.emergency.ed_helpers import ed_board, ed_with
from expansions.emergency.ed_helpers import sp as ed_sp
from expansions.helpers import started

from .game_helpers import with_player


def _with_ed(ed, phase: Phase, **changes):
    """A solo game with the Emergency option, seat 0 in ``phase`` with ED ``ed``."""
    state = put_ed(started(("emergency",), players=1), 0, ed)
    return evolve(state, phase=phase, queue=(0,), step=Turn(), **changes)


def test_the_ed_player_takes_the_emergency_nurse_bonus_tile_when_offered():
    """911 rulebook: the Emergency Nurse bonus tile brings an emergency nurse. The ED
    player ranks it after the orderly and the yellow doctor, before the garden and the
    money; without it on offer it takes the garden, as the basic player does."""
    ed = ed_state(started(("emergency",), players=1).players[0])
    offered = (BonusTile.MONEY, BonusTile.GARDEN, EDBonus.EMERGENCY_NURSE)
    state = _with_ed(ed, Phase.BONUS, bonus_tiles=offered)
    assert BasicBot().choose(state) == ChooseBonus(EDBonus.EMERGENCY_NURSE)
    state = _with_ed(ed, Phase.BONUS, bonus_tiles=offered[:2])
    assert BasicBot().choose(state) == ChooseBonus(BonusTile.GARDEN)
    state = _with_ed(ed, Phase.BONUS, bonus_tiles=(EDBonus.EMERGENCY_NURSE, BonusTile.ORDERLY))
    assert BasicBot().choose(state) == ChooseBonus(BonusTile.ORDERLY)


def test_the_ed_player_builds_its_room_where_most_spaces_stay_free_around_it():
    """911 bot rule (module doc): "Build: a room of a level it lacks next to a hub".
    Hub B2 with a light room at A2 and a break room at A1: the two sites next to the hub,
    B1 and C2, are alike but for the free spaces around them (B1: only C1; C2: C1 and
    D2), so the medium room goes to C2, leaving room to grow."""
    board = ed_board((ED_HUB, "B2"), (ED_ROOM[Level.LIGHT], "A2"), (BREAK_ROOM, "A1"))
    state = apply_action(_with_ed(ed_with(board), EDPhase.EMERGENCY, selected=(EDTile.EMERGENCY,)),
                         ChooseEmergency(Sub.BUILD))
    choice = BasicBot().choose(state)
    assert choice.build.module == ED_ROOM[Level.MEDIUM] and choice.build.space == ed_sp("C2")


def test_an_emergency_patient_walks_into_a_free_functional_room():
    """911 bot rule: "Move: the ED move that raises ``layout_value`` most (patients into
    staffed rooms ...)"; a patient standing in a functional room counts (a doctor has
    only to walk in). With nobody else in the ED, the patient in emergency pre-admissions
    walks into the light room at A2 rather than wait outside it."""
    board = ed_board((ED_HUB, "B2"), (ED_ROOM[Level.LIGHT], "A2"))
    ed = ed_with(board, (EDRole.PATIENT, PRE_ADMISSIONS, Level.LIGHT))
    assert layout_value(ed_move(ed, ed.people[0].id, ed_sp("A2"))) > layout_value(ed)
    choice = BasicBot().choose(_with_ed(ed, Phase.MOVE, round=2))
    assert choice == EDMove(ed.people[0].id, ed_sp("A2"))


def test_an_emergency_patient_joins_the_doctor_who_can_treat_it():
    """911 bot rule: "patients into staffed rooms": two functional light rooms, a light
    doctor in A2: the light patient walks into A2 (treated this round), not into the
    empty room at C2 (offered first)."""
    board = ed_board((ED_HUB, "B2"), (ED_ROOM[Level.LIGHT], "A2"), (ED_ROOM[Level.LIGHT], "C2"))
    ed = ed_with(board, (EDRole.DOCTOR, "A2", Level.LIGHT), (EDRole.PATIENT, PRE_ADMISSIONS, Level.LIGHT))
    patient_id = ed.of_role(EDRole.PATIENT)[0].id
    options = legal_actions(_with_ed(ed, Phase.MOVE, round=2))
    assert options.index(EDMove(patient_id, ed_sp("C2"))) < options.index(EDMove(patient_id, ed_sp("A2")))
    assert BasicBot().choose(_with_ed(ed, Phase.MOVE, round=2)) == EDMove(patient_id, ed_sp("A2"))


def _ed_sub(ed, sub: Sub, money: int = 15, **area):
    """Seat 0's Emergency action, ``sub`` chosen, with ED ``ed`` (solo: one residency
    space, one queue of 4)."""
    state = _with_ed(ed, EDPhase.EMERGENCY, selected=(EDTile.EMERGENCY,))
    state = with_player(state, 0, money=money)
    if area:
        state = with_waiting_area(state, evolve(waiting_area(state), **area))
    return apply_action(state, ChooseEmergency(sub))


ED_TWO_ROOMS = ((ED_HUB, "B2"), (ED_ROOM[Level.LIGHT], "A2"), (ED_ROOM[Level.MEDIUM], "C2"))


def test_the_ed_player_hires_a_doctor_per_room_a_medium_one_first_then_a_nurse():
    """911 bot rule: "Hire (a doctor while rooms outnumber doctors, a nurse while the
    upkeep it saves pays its wage)"; "a medium doctor first (fewer nurses for medium
    and dark)". Two functional rooms: with no doctor, of a light and a medium doctor in
    the residency it hires the medium one; with one doctor, another; with two, a nurse."""
    board = ed_board(*ED_TWO_ROOMS)
    choice = BasicBot().choose(_ed_sub(ed_with(board), Sub.HIRE, residency=(Level.LIGHT, Level.MEDIUM)))
    assert isinstance(choice, EDHireDoctor) and choice.slot == 1
    one = ed_with(board, (EDRole.DOCTOR, "A2", Level.LIGHT))
    assert isinstance(BasicBot().choose(_ed_sub(one, Sub.HIRE)), EDHireDoctor)
    two = ed_with(board, (EDRole.DOCTOR, "A2", Level.LIGHT), (EDRole.DOCTOR, "C2", Level.MEDIUM))
    assert isinstance(BasicBot().choose(_ed_sub(two, Sub.HIRE)), EDHireNurse)


def test_the_ed_player_admits_only_an_emergency_patient_a_ready_doctor_can_treat():
    """911 bot rule: "Admit (the head of a queue that a doctor, a room and the nurses can
    treat this round, while a doctor stands ready)". A light doctor in the light room:
    a light patient at the head of the queue is admitted; a dark one (it would need
    nurses the ED lacks) is not; nor anyone with no doctor, or when the only doctor
    already has a patient."""
    board = ed_board(*ED_TWO_ROOMS)
    doctor = ed_with(board, (EDRole.DOCTOR, "A2", Level.LIGHT))
    light, dark = ((None, None, None, Level.LIGHT),), ((None, None, None, Level.DARK),)
    assert isinstance(BasicBot().choose(_ed_sub(doctor, Sub.ADMIT, queues=light)), EDAdmit)
    assert BasicBot().choose(_ed_sub(doctor, Sub.ADMIT, queues=dark)) == EDDone()
    assert BasicBot().choose(_ed_sub(ed_with(board), Sub.ADMIT, queues=light)) == EDDone()
    busy = ed_with(board, (EDRole.DOCTOR, "A2", Level.LIGHT), (EDRole.PATIENT, "A2", Level.LIGHT))
    assert BasicBot().choose(_ed_sub(busy, Sub.ADMIT, queues=light)) == EDDone()


def test_the_ed_player_selects_the_emergency_tile_late_in_the_round_when_the_ed_needs_it():
    """911 bot rule: "Select: the Emergency tile in the round's 2nd or 3rd action step
    when the ED needs something (a room, a doctor for a room, a patient for a staffed
    room)". One room and money for a second: not at the 1st action, then at the 2nd and
    the 3rd. Two rooms, each with its doctor, and nobody in the queue: it needs nothing,
    and the main clinic's choice stands."""
    start = started(("emergency",), players=1)
    emergency = SelectTile(EDTile.EMERGENCY)

    def choice(ed, action: int, **area):
        state = evolve(put_ed(start, 0, ed, money=15), action=action)
        if area:
            state = with_waiting_area(state, evolve(waiting_area(state), **area))
        assert emergency in legal_actions(state)
        return BasicBot().choose(state)

    one_room = ed_with(ed_board((ED_HUB, "B2"), (ED_ROOM[Level.LIGHT], "A2")))
    assert [choice(one_room, a) == emergency for a in (1, 2, 3)] == [False, True, True]
    staffed = ed_with(ed_board(*ED_TWO_ROOMS), (EDRole.DOCTOR, "A2", Level.LIGHT), (EDRole.DOCTOR, "C2", Level.MEDIUM))
    assert choice(staffed, 2) == emergency  # a patient waits in the queue for them
    assert choice(staffed, 2, queues=((None,) * 4,)) != emergency


def test_the_ed_buys_popularity_with_what_it_will_not_need_for_two_rounds():
    """911 bot rule: "ED popularity with the funds beyond two rounds' ED expenses (all of
    it in round 6)" ($2 a popularity). Two rooms and a doctor: $5 of expenses a round.
    With $20 in round 2 it keeps $10 and buys 5; with $8 nothing; in round 6 it buys all
    $20 can (10)."""
    from core.clinic.expansions.emergency import business

    def bought(funds: int, round_: int) -> int:
        ed = ed_with(ed_board(*ED_TWO_ROOMS), (EDRole.DOCTOR, "A2", Level.LIGHT), funds=funds)
        assert business.expenses(ed) == 5
        return BasicBot().choose(_with_ed(ed, EDPhase.ED_BUY_POPULARITY, round=round_)).points

    assert bought(20, 2) == 5
    assert bought(8, 2) == 0
    assert bought(20, 6) == 10


def test_an_expert_ed_player_puts_its_free_hub_in_the_middle_and_the_room_beside_it():
    """911 rulebook E13: experts "place a free hub and then a free light room" on the
    expert 3x2 side. The ED player puts the hub on a middle space (B1: three spaces
    around it, where a corner has two), then the light room beside the hub."""
    from core.clinic.expansions.emergency.actions import EDConstruct
    from core.clinic.game import new_game

    state = new_game(1, 2, options=("emergency",), expert=True, sides=["expert"])
    while not isinstance(legal_actions(state)[0], EDConstruct):
        state = apply_action(state, legal_actions(state)[0])
    assert legal_actions(state)[0].build.space == ed_sp("A1")  # a corner, offered first
    hub = BasicBot().choose(state)
    assert hub.build.space.name in ("B1", "B2")
    state = apply_action(state, hub)
    room = BasicBot().choose(state)
    board = ed_state(state.players[0]).board
    assert room.build.module == ED_ROOM[Level.LIGHT] and room.build.space in board.neighbours(hub.build.space)
    assert any(a.build.space not in board.neighbours(hub.build.space) for a in legal_actions(state))
