"""Rules of Clear the Ward that a mutation sample (``python -m tests.mutation``) showed
no test held: turn order with 3-4 players, "every other player" vs anyone, the ward's
geometry tables computed at import, and each staff card's before/after-move window.

Each test states its rule and uses a fixed position, so any wrong implementation fails.
"""

import pytest

from core.clear_ward import (
    Direction,
    EndTurn,
    IllegalActionError,
    Move,
    Phase,
    StaffCard,
    UseStaff,
    apply_action,
    from_layout,
    legal_actions,
)
from core.clear_ward.cards import CLOCKWISE
from core.clear_ward.staff import TARGETS, staff_uses, ward_round_gifts
from core.clear_ward.ward import RAYS, cell_name, parse_cell, perpendicular_line, row_col
from tests.core.clear_ward.helpers import CAR, GAS, NEU, ORT, PAE, PSY, RES, P, c, ward

UP, RIGHT, DOWN, LEFT = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
S = StaffCard

#: Face-up patients of different specialities: each move right treats one and passes the turn.
ROW = ward("@ Car1 Res1 Gas1 Neu1 Ort1", "Pae1 Psy1")


# --- Turn order ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_turns_go_round_the_table_in_seat_order(players):
    """Rulebook "Turn Structure": each player takes a turn in turn, round the table:
    seat 0, 1, 2, (3,) then seat 0 again. With 2 players forwards and backwards look the
    same, so 3 and 4 players are what tell them apart."""
    state = from_layout(ROW, players, current=0)
    seen = [state.current]
    for _ in range(players):
        state = apply_action(state, Move(RIGHT, 1))
        seen.append(state.current)
    assert seen == [*range(players), 0]
    assert state.turn == players


def test_turn_order_wraps_from_the_last_seat_to_the_first():
    """After the last seat's turn, the first seat plays (not the one before the last)."""
    state = from_layout(ROW, 3, current=2)
    state = apply_action(state, Move(RIGHT, 1))
    assert state.current == 0
    state = apply_action(state, Move(RIGHT, 1))
    assert state.current == 1


def test_a_treated_patient_goes_to_the_player_whose_turn_it_is():
    """Rulebook "Action Phase": the treated patients are "added to the player's log book"."""
    state = from_layout(ROW, 3, current=1)
    state = apply_action(state, Move(RIGHT, 1))
    assert [p.log_book for p in state.players] == [(), (P(CAR, 1),), ()]
    state = apply_action(state, Move(RIGHT, 1))
    assert [p.log_book for p in state.players] == [(), (P(CAR, 1),), (P(RES, 1),)]


# --- Ward Round: every OTHER player ------------------------------------------------------


def test_ward_round_is_not_offered_when_only_you_have_patients():
    """Decision "Staff cards": Ward Round — "every other player gives you the lowest-star
    patient from their log book". Your own log book does not count: with patients only in
    yours there is nothing to take."""
    state = from_layout(ward("@ Res2"), 3, hands=[[S.WARD_ROUND]], log_books=[[P(CAR, 1)]])
    assert staff_uses(state) == []
    with pytest.raises(IllegalActionError, match="no other player has a patient"):
        apply_action(state, UseStaff(S.WARD_ROUND))


def test_ward_round_is_offered_when_one_other_player_has_a_patient():
    state = from_layout(
        ward("@ Res2"), 3, hands=[[], [S.WARD_ROUND]], current=1,
        log_books=[[], [], [P(GAS, 2)]],
    )
    assert staff_uses(state) == [UseStaff(S.WARD_ROUND)]


def test_ward_round_gifts_come_from_the_others_in_turn_order_from_a_middle_seat():
    """Every other player gives one patient, in turn order after you (seat 3, then 0,
    then 1 when seat 2 plays); you give nothing to yourself."""
    books = [[P(CAR, 2)], [P(RES, 1), P(NEU, 3)], [P(PSY, 1)], [P(ORT, 4), P(PAE, 3)]]
    state = from_layout(ward("@ Res2"), 4, hands=[[], [], [S.WARD_ROUND]], current=2, log_books=books)
    assert ward_round_gifts(state) == [(3, P(PAE, 3)), (0, P(CAR, 2)), (1, P(RES, 1))]
    state = apply_action(state, UseStaff(S.WARD_ROUND))
    assert state.players[2].log_book == (P(PSY, 1), P(PAE, 3), P(CAR, 2), P(RES, 1))
    assert [p.log_book for p in state.players[:2]] == [(), (P(NEU, 3),)]
    assert state.players[3].log_book == (P(ORT, 4),)


def test_ward_round_takes_the_later_patient_on_a_tie_for_lowest():
    """Decision: "ties: the one that entered their log book last"."""
    books = [[], [P(RES, 2), P(CAR, 2), P(GAS, 5)]]
    state = from_layout(ward("@ Res3"), 3, hands=[[S.WARD_ROUND]], log_books=books)
    assert ward_round_gifts(state) == [(1, P(CAR, 2))]


# --- Locum: another player's log book, 1-3 stars ---------------------------------------


def test_locum_never_takes_from_your_own_log_book():
    """Decision: Locum — "take one patient of 1–3 stars from another player's log book"."""
    books = [[P(CAR, 1)], [P(RES, 3), P(GAS, 4)], [P(NEU, 1)]]
    state = from_layout(ward("@ Res2"), 3, hands=[[S.LOCUM]], log_books=books)
    assert staff_uses(state) == [
        UseStaff(S.LOCUM, patient=P(RES, 3)), UseStaff(S.LOCUM, patient=P(NEU, 1)),
    ]
    state = apply_action(state, UseStaff(S.LOCUM, patient=P(NEU, 1)))
    assert state.players[0].log_book == (P(CAR, 1), P(NEU, 1))
    assert state.players[2].log_book == ()


# --- Each staff card's window: before the move, after the action -----------------------

#: card -> (may be used before the move, may be used after the action), with a position
#: in which its target exists at both moments (decision table "Staff cards").
WINDOWS = {
    S.PHARMACIST: (True, True),  # "treat two face-up 1-star patients from anywhere"
    S.CONSULTANT_OPINION: (True, True),
    S.NURSE: (False, True),  # "after a move"
    S.WARD_ROUND: (True, True),
    S.REGISTRAR: (False, True),  # "after your action, move the Doctor again"
    S.PORTER: (True, False),  # "this turn the Doctor may reverse": before the move
    S.LOCUM: (True, True),
    S.JUNIOR_DOCTOR: (True, True),
}


@pytest.mark.parametrize("card", list(S))
def test_each_staff_card_is_offered_exactly_in_its_window(card):
    """Rulebook "Using Staff Cards": "Players may keep and use staff cards based on their
    specific triggers" — each card before the move, after the action, or both."""
    before, after = WINDOWS[card]
    layout = ward("@ Car2 Res1 Gas1 ?Neu4 ?Ort5", "Pae1 Psy1 . . . .")
    books = [[], [P(CAR, 1)], [P(RES, 3)]]
    state = from_layout(layout, 3, hands=[[card]], log_books=books)
    assert bool(staff_uses(state)) is before, "before the move"
    state = apply_action(state, Move(RIGHT, 2))  # passes over Car2, treats Res1
    assert state.phase is Phase.AFTER_ACTION if after else state.current == 1
    assert bool(staff_uses(state)) is after, "after the action"


def test_the_card_list_covers_every_staff_card():
    assert set(TARGETS) == set(S) == set(WINDOWS)


def test_after_the_action_with_no_usable_card_the_turn_passes_at_once():
    """No after-action pause when the only card in hand cannot be used then (Porter)."""
    state = from_layout(ward("@ Car1 Res1 Gas1"), 3, hands=[[S.PORTER]])
    state = apply_action(state, Move(RIGHT, 1))
    assert state.phase is Phase.MOVE and state.current == 1
    assert state.players[0].staff == (S.PORTER,)


def test_end_turn_keeps_the_unused_card_and_passes_the_turn():
    state = from_layout(ward("@ Car1 Res1 Gas1"), 3, hands=[[S.PHARMACIST]])
    state = apply_action(state, Move(RIGHT, 1))
    assert legal_actions(state)[-1] == EndTurn()
    state = apply_action(state, EndTurn())
    assert state.current == 1 and state.players[0].staff == (S.PHARMACIST,)
    assert not state.staff_used


def test_a_staff_card_before_the_move_still_leaves_the_move_to_make():
    """Using a card before the move does not end the turn: the Doctor must still move."""
    state = from_layout(ward("@ Car2 Res1 Gas1 Neu2"), 3, hands=[[S.PHARMACIST]])
    state = apply_action(state, UseStaff(S.PHARMACIST, (c("C1"), c("D1"))))
    assert state.phase is Phase.MOVE and state.current == 0 and state.staff_used
    assert state.players[0].log_book == (P(RES, 1), P(GAS, 1))
    state = apply_action(state, Move(RIGHT, 1))
    assert state.current == 1


def test_registrar_second_move_may_not_reverse_the_first():
    """Registrar: "move the Doctor again" — under the normal movement rules."""
    state = from_layout(ward("Res1 @ Car1 Gas1"), 3, hands=[[S.REGISTRAR]])
    state = apply_action(state, Move(RIGHT, 1))
    state = apply_action(state, UseStaff(S.REGISTRAR))
    moves = [a for a in legal_actions(state) if isinstance(a, Move)]
    assert moves == [Move(RIGHT, 1)]


# --- The ward's tables, computed at import -------------------------------------------


def test_rays_of_a_corner_run_to_the_edges_nearest_first():
    """RAYS[cell][direction]: the spaces the Doctor slides over, nearest first."""
    a1 = parse_cell("A1")
    assert RAYS[a1][UP] == () and RAYS[a1][LEFT] == ()
    assert RAYS[a1][RIGHT] == (1, 2, 3, 4, 5)
    assert RAYS[a1][DOWN] == (6, 12, 18, 24, 30)
    f6 = parse_cell("F6")
    assert RAYS[f6][LEFT] == (34, 33, 32, 31, 30)
    assert RAYS[f6][UP] == (29, 23, 17, 11, 5)
    assert RAYS[f6][DOWN] == () and RAYS[f6][RIGHT] == ()


def test_rays_of_a_middle_space():
    c3 = parse_cell("C3")  # row 3, column C = space 14
    assert c3 == 14
    assert RAYS[c3] == {
        UP: (8, 2), RIGHT: (15, 16, 17), DOWN: (20, 26, 32), LEFT: (13, 12),
    }


def test_every_ray_is_a_straight_line_to_the_edge():
    for cell in range(36):
        row, col = row_col(cell)
        assert set(RAYS[cell]) == set(CLOCKWISE)
        assert len(RAYS[cell][UP]) == row and len(RAYS[cell][DOWN]) == 5 - row
        assert len(RAYS[cell][LEFT]) == col and len(RAYS[cell][RIGHT]) == 5 - col
        for d, ray in RAYS[cell].items():
            dr, dc = d.delta
            assert ray == tuple((row + dr * k) * 6 + col + dc * k for k in range(1, len(ray) + 1))


def test_cell_names_run_a1_to_f6_row_by_row():
    """Rulebook setup: the grid is laid "starting from the top left and moving across in rows"."""
    assert [cell_name(i) for i in (0, 1, 5, 6, 35)] == ["A1", "B1", "F1", "A2", "F6"]
    assert all(parse_cell(cell_name(i)) == i for i in range(36))
    assert parse_cell(" b2 ") == 7
    for bad in ("G1", "A7", "A", "A10", "11"):
        with pytest.raises(ValueError):
            parse_cell(bad)


def test_perpendicular_line_is_the_crossing_row_or_column():
    d4 = parse_cell("D4")  # row 4, column D
    assert perpendicular_line(d4, UP) == perpendicular_line(d4, DOWN) == tuple(range(18, 24))
    assert perpendicular_line(d4, LEFT) == perpendicular_line(d4, RIGHT) == (3, 9, 15, 21, 27, 33)


def test_directions_turn_clockwise_and_reverse():
    assert CLOCKWISE == (UP, RIGHT, DOWN, LEFT)
    assert [d.opposite for d in CLOCKWISE] == [DOWN, LEFT, UP, RIGHT]
    assert LEFT.clockwise_from() == (LEFT, UP, RIGHT, DOWN)
    assert [d.delta for d in CLOCKWISE] == [(-1, 0), (0, 1), (1, 0), (0, -1)]


# --- The game ends the moment the ward is clear, whatever cleared it --------------------


def test_a_staff_card_that_treats_the_last_patients_ends_the_game():
    """Rulebook "Ending the Game": "The game ends when all patients have been treated";
    the Pharmacist before the move can do it: no move follows."""
    from core.clear_ward import EndReason

    state = from_layout(ward("@ Car1 Res1"), 3, hands=[[S.PHARMACIST]])
    state = apply_action(state, UseStaff(S.PHARMACIST, (c("B1"), c("C1"))))
    assert state.phase is Phase.OVER and state.end_reason is EndReason.WARD_CLEAR
    assert legal_actions(state) == []


def test_the_consultant_removing_the_last_patient_ends_the_game():
    from core.clear_ward import EndReason

    state = from_layout(ward("@ ?Car5"), 3, hands=[[S.CONSULTANT_OPINION]])
    state = apply_action(state, UseStaff(S.CONSULTANT_OPINION, (c("B1"),)))
    assert state.phase is Phase.OVER and state.end_reason is EndReason.WARD_CLEAR


def test_the_view_shows_the_direction_the_doctor_came_from():
    """Everyone sees the Doctor's last move (it may not be reversed)."""
    from core.clear_ward import player_view

    state = apply_action(from_layout(ROW, 3), Move(RIGHT, 1))
    assert all(player_view(state, seat).last_direction is RIGHT for seat in range(3))


# --- Refusals name the rule, in the players' words ---------------------------------------


@pytest.mark.parametrize(
    "layout, hands, action, message",
    [
        ("@ Car1 Res1", [[S.NURSE]], UseStaff(S.NURSE, (c("B1"),)),
         "Illegal action 'use Nurse on B1': Nurse: used only after your move"),
        ("@ Car1 Res1", [[S.REGISTRAR]], UseStaff(S.REGISTRAR),
         "Illegal action 'use Registrar': Registrar: used only after your move"),
        ("@ Car1 Res1", [[S.PHARMACIST]], UseStaff(S.PHARMACIST, (c("C1"), c("A1"))),
         "Illegal action 'use Pharmacist on C1, A1': Pharmacist: choose two (or the only) "
         "face-up 1-star patients not under observation"),
        ("@ Car1 Res1", [[S.CONSULTANT_OPINION]], UseStaff(S.CONSULTANT_OPINION, (c("A1"),)),
         "Illegal action 'use Consultant Opinion on A1': Consultant Opinion: choose one "
         "patient in the ward, not under the Doctor"),
        ("@ Car1 Res1", [[S.LOCUM]], UseStaff(S.LOCUM, patient=P(GAS, 2)),
         "Illegal action 'use Locum on Gastroenterology 2★': Locum: choose a patient of 1-3 "
         "stars in another player's log book"),
        ("@ Car1 Res1", [[S.JUNIOR_DOCTOR]], UseStaff(S.JUNIOR_DOCTOR, (c("B1"),)),
         "Illegal action 'use Junior Doctor on B1': Junior Doctor: choose two (or the only) "
         "face-down patients"),
        ("@ Car1 Res1", [[]], UseStaff(S.PORTER),
         "Illegal action 'use Porter': Staff Cards: you do not hold the Porter"),
        ("@ Car1 Res1", [[]], Move(RIGHT, 6),
         "Illegal action 'move right 6': Movement: there are only 5 spaces right of A1"),
        ("@ Car1 . Res1", [[]], Move(RIGHT, 2),
         "Illegal action 'move right 2': Movement: the Doctor must stop on a card; C1 is empty"),
        ("@ Car1 Res1", [[]], Move(RIGHT, 0),
         "Illegal action 'move right 0': Movement: the Doctor moves at least one space"),
        ("@ Car1 Res1", [[]], EndTurn(),
         "Illegal action 'end turn': Turn Structure: now you must move the Doctor "
         "(or use a staff card before the move)"),
    ],
)
def test_each_refusal_names_its_rule(layout, hands, action, message):
    state = from_layout(ward(layout), 3, hands=hands)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, action)
    assert str(refused.value) == message


def test_moving_back_the_way_the_doctor_came_is_refused_with_the_rule():
    state = apply_action(from_layout(ward("Res1 @ Car1 Gas1"), 3), Move(RIGHT, 1))
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, Move(LEFT, 2))
    assert str(refused.value) == (
        "Illegal action 'move left 2': Movement: the Doctor may not move back left the way "
        "it came unless it is the only legal move"
    )


def test_porter_after_the_move_is_refused_with_the_rule():
    state = from_layout(ward("@ Car1 Res1 Gas1"), 3, hands=[[S.PORTER, S.PHARMACIST]])
    state = apply_action(state, Move(RIGHT, 1))
    assert state.phase is Phase.AFTER_ACTION
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, UseStaff(S.PORTER))
    assert str(refused.value) == "Illegal action 'use Porter': Porter: used only before your move"


def test_actions_read_as_the_players_say_them():
    from core.clear_ward import DeclineStaff, DrawStaff, JuniorDoctorFlip
    from core.clear_ward.actions import KeepStaff

    assert [str(a) for a in (
        Move(UP, 2), DrawStaff(), DeclineStaff(), KeepStaff((S.NURSE, S.LOCUM)),
        UseStaff(S.PHARMACIST, (c("B1"), c("F6"))), UseStaff(S.LOCUM, patient=P(CAR, 3)),
        UseStaff(S.PORTER), JuniorDoctorFlip(c("C2")), JuniorDoctorFlip(None), EndTurn(),
    )] == [
        "move up 2", "draw 2 staff cards", "do not draw staff cards", "keep Nurse and Locum",
        "use Pharmacist on B1, F6", "use Locum on Cardiology 3★", "use Porter",
        "turn C2 face up", "turn no card face up", "end turn",
    ]


# --- Setup refusals, word for word --------------------------------------------------------


@pytest.mark.parametrize(
    "players, start, message",
    [
        (5, None, "Setup: Clear the Ward is for 1-4 players, not 5"),
        (["Ann", "  "], None, "Setup: every player needs a name"),
        (3, 3, "Setup: starting player 3 is not a seat 0-2"),
        (3, -1, "Setup: starting player -1 is not a seat 0-2"),
    ],
)
def test_setup_refusals_say_what_is_wrong(players, start, message):
    from core.clear_ward import SetupError, new_game

    with pytest.raises(SetupError) as refused:
        new_game(players, 0, start)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    "layout, message",
    [
        ("@ Car1", "Layout: 2 tokens, a 6x6 ward needs 36"),
        (ward("@ Xyz1"), "Layout: 'Xyz1' is not a card (like Car3, ?Neu5, @, .)"),
        (ward("@ Car6"), "Layout: 'Car6' is not a card (like Car3, ?Neu5, @, .)"),
        (ward("@ Car1 ?Car1"), "Layout: Cardiology 1★ appears twice; every patient is unique"),
        (ward("Car1"), "Layout: no Doctor card (@)"),
        (ward("@ @Car1"), "Layout: there is only one Doctor card"),
    ],
)
def test_layout_refusals_say_what_is_wrong(layout, message):
    from core.clear_ward import SetupError

    with pytest.raises(SetupError) as refused:
        from_layout(layout)
    assert str(refused.value) == message


def test_the_doctor_may_lie_on_a_card_in_a_layout():
    state = from_layout(ward(". @Car1 Res1"))
    assert state.doctor == 1 and state.ward[1].patient == P(CAR, 1)


# --- Refusals name the staff card's own condition (rulebook "Using Staff Cards") ---------
@pytest.mark.parametrize(
    "layout, hands, books, first, use, message",
    [
        # Pharmacist (FAQ): "treats two 1-star patients ... from anywhere on the ward".
        (("@ Car2 Res2",), [[S.PHARMACIST]], [], None, UseStaff(S.PHARMACIST, (c("B1"),)),
         "Illegal action 'use Pharmacist on B1': Pharmacist: choose two (or the only) face-up"
         " 1-star patients not under observation"),
        (("@ Car2 Res2",), [[S.CONSULTANT_OPINION]], [], None, UseStaff(S.CONSULTANT_OPINION, (c("A1"),)),
         "Illegal action 'use Consultant Opinion on A1': Consultant Opinion: choose one patient"
         " in the ward, not under the Doctor"),
        (("@ Car1 Res2 . Gas1",), [[S.NURSE]], [], Move(RIGHT, 2), UseStaff(S.NURSE, (c("E1"),)),
         "Illegal action 'use Nurse on E1': Nurse: choose one face-up patient the Doctor passed"
         " over this turn, not under observation"),
        (("@ Car1 Res2",), [[S.WARD_ROUND]], [], None, UseStaff(S.WARD_ROUND),
         "Illegal action 'use Ward Round': Ward Round: no other player has a patient in their log book"),
        (("@ Car1 Res2",), [[S.LOCUM]], [[], [P(GAS, 4)]], None, UseStaff(S.LOCUM, patient=P(GAS, 4)),
         "Illegal action 'use Locum on Gastroenterology 4★': Locum: choose a patient of 1-3 stars"
         " in another player's log book"),
        (("@ Car1 ?Res2",), [[S.JUNIOR_DOCTOR]], [], None, UseStaff(S.JUNIOR_DOCTOR, (c("B1"),)),
         "Illegal action 'use Junior Doctor on B1': Junior Doctor: choose two (or the only)"
         " face-down patients"),
        (("@ Car1 Res2",), [[S.REGISTRAR]], [], None, UseStaff(S.REGISTRAR),
         "Illegal action 'use Registrar': Registrar: used only after your move"),
    ],
    ids=["pharmacist", "consultant opinion", "nurse", "ward round", "locum", "junior doctor", "registrar"],
)
def test_a_refused_staff_card_names_its_own_condition(layout, hands, books, first, use, message):
    state = from_layout(ward(*layout), ["Ann", "Bob"], hands=hands, log_books=books)
    if first is not None:
        state = apply_action(state, first)
    assert use not in legal_actions(state)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, use)
    assert str(refused.value) == message


def test_the_registrar_is_refused_when_the_doctor_could_not_move_again():
    """Registrar: "the Doctor moves again": with no legal second move it is refused,
    naming why.  (In play the game ends first when the Doctor is stuck - rulebook "Ending
    the Game" - so the position is set by hand: after Ann's move, before the end.)"""
    from attrs import evolve

    state = from_layout(ward("@ Car1", "", "", "", "", "Res5"), ["Ann", "Bob"], hands=[[S.REGISTRAR]])
    stuck = evolve(apply_action(state, Move(RIGHT, 1)), phase=Phase.AFTER_ACTION, current=0, end_reason=None)
    assert legal_actions(stuck) == [EndTurn()]
    with pytest.raises(IllegalActionError, match="^Illegal action 'use Registrar': Registrar: the Doctor"
                       " would have no legal second move$"):
        apply_action(stuck, UseStaff(S.REGISTRAR))


@pytest.mark.parametrize("name", ["G1", "A7", "AX", "A", "A10", ""])
def test_a_space_outside_the_ward_is_refused_by_name(name):
    """The ward is 6x6, A1 to F6 (rulebook "Set Up")."""
    with pytest.raises(ValueError) as refused:
        parse_cell(name)
    assert str(refused.value) == f"{name!r} is not a ward space (A1 to F6)"


# --- Keeping staff cards only after a draw (session 26's sample) -------------------------


def test_keeping_staff_cards_is_refused_outside_the_keep_decision():
    """Rulebook "Staff Cards": after drawing, "keep up to 2 staff cards"; that choice
    exists only then. In the Move phase, naming the hand already held as the cards to
    keep is refused with the rule, and the state is left as it was."""
    from core.clear_ward import KeepStaff

    state = from_layout(ROW, 2, hands=[(S.NURSE, S.PORTER)], current=0)
    assert state.phase is Phase.MOVE
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, KeepStaff((S.NURSE, S.PORTER)))
    assert str(refused.value) == ("Illegal action 'keep Nurse and Porter': Turn Structure: now you must "
                                  "move the Doctor (or use a staff card before the move)")
    assert state.phase is Phase.MOVE and state.players[0].staff == (S.NURSE, S.PORTER)
