"""Picking a car in the app: the starting car at setup and the car of your choice when
someone leaves (rulebook, Taking a Car) — offered in a menu, marked on the board."""

from __future__ import annotations

from attrs import evolve
from test_clinic_driver import game_screen, settle

from clinic_tui.app import ClinicApp
from clinic_tui.config import Options, parse_players
from tui_common.dialogs import ChoiceDialog, choice_label
from clinic_tui.widgets.clinic_view import ClinicView
from core.clinic import Colour, Direction, Role, Service, admit_patient, border_of, hire
from core.clinic.game import Phase, RemoveCar, apply_action, legal_actions, new_game
from core.clinic.game.flow import start_business
from core.clinic.game.state import Turn, set_player


def _app(state, players="Ann,cpu:basic") -> ClinicApp:
    return ClinicApp(Options(seats=parse_players(players), seed=3, cpu_delay=0), state=state)


async def test_the_starting_car_is_chosen_from_a_menu_first_clockwise_first():
    state = new_game(["Ann", "Basic bot"], 3, turn_order=(0, 1))
    app = _app(state)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        assert screen.state.phase is Phase.START_CAR and screen.state.current == 0
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.kind == "car-pick-dialog"
        actions = [v for _, v in dialog.choices]
        assert actions == legal_actions(screen.state)  # first clockwise first
        assert screen.clinic_board.make_picture().cars == {a.spot: choice_label(i) for i, a in enumerate(actions)}  # the menu's labels
        await pilot.press("3")
        await pilot.pause()
        assert screen.record.actions[0] == actions[2]
        assert screen.record.states[1].players[0].clinic.board.border_cars == frozenset({actions[2].spot})


def _business_state():
    """Ann (seat 0) has just ended the round's Move: a white doctor and a white
    psychiatry patient in her treatment room C3, their cars on two borders."""
    state = new_game(["Ann", "Basic bot"], 3, turn_order=(0, 1))
    while state.phase is not Phase.SELECT:
        state = apply_action(state, legal_actions(state)[0])
    p = state.players[0]
    clinic = p.clinic
    board = clinic.board
    free = [b for b in (border_of("A1", Direction.NORTH), border_of("D1", Direction.NORTH),
                        border_of("D3", Direction.EAST), border_of("A3", Direction.WEST))
            if b not in board.border_cars and not board.module_touches_border(b)]
    room = next(s for s in board.spaces(0) if (m := board.module_at(s)) is not None and m.kind.value == "treatment_room")
    clinic = hire(clinic, Role.DOCTOR, board.entrances[0], free[0], Colour.WHITE)
    clinic = admit_patient(clinic, Colour.WHITE, Service.PSYCHIATRY, free[1])
    people = tuple(evolve(q, where=room) if q.id >= clinic.next_id - 2 else q for q in clinic.people)
    clinic = evolve(clinic, people=people)
    state = evolve(state, players=set_player(state, 0, evolve(p, clinic=clinic)), cars_lot=state.cars_lot - 2)
    state = evolve(state, phase=Phase.MOVE, queue=(), step=Turn(), round=2)
    return start_business(state)


async def test_a_cured_patients_car_is_picked_on_the_board():
    state = _business_state()
    assert state.phase is Phase.REMOVE_CAR and state.current == 0
    offered = legal_actions(state)
    app = _app(state)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.kind == "car-pick-dialog"
        assert "remove 1 car of your choice" in dialog.title_text
        assert [v for _, v in dialog.choices] == offered
        marks = screen.clinic_board.make_picture().cars
        assert set(marks) == {a.spot for a in offered} and len(marks) >= 2
        drawn = screen.query_one(ClinicView).render().plain
        for spot, n in marks.items():  # a car on a north-south border: marked car, then its number
            if not spot.vertical:
                assert f"car {screen.glyphs.target}{n}" in drawn
        chosen = offered[-1]
        assert isinstance(chosen, RemoveCar)
        await pilot.press(str(len(offered)))
        await pilot.pause()
        assert screen.record.actions[0] == chosen
        after = screen.record.states[1]
        assert chosen.spot not in after.players[0].clinic.board.border_cars
        assert all(a.spot in after.players[0].clinic.board.border_cars for a in offered if a != chosen)
        assert any("removes the car" in s for s in screen.query_one("#log").sentences)


async def test_a_parking_tile_that_can_take_in_a_parked_car_says_which_choice_does():
    """Rulebook, Parking: "When you build this, you may immediately move cars into it":
    placing the free parking tile on a space where that is possible asks which way, in
    core's menu words, naming the car that moves in (not two identical lines)."""
    from core.clinic import parse_space
    from core.clinic.game.narration import option_text
    from core.clinic.game.state import BonusTile
    from test_clinic_driver import move_cursor

    state = new_game(["Ann", "Basic bot"], 3, turn_order=(0, 1))
    while not (state.phase is Phase.BONUS and state.current == 0):
        state = apply_action(state, legal_actions(state)[0])
    state = evolve(state, phase=Phase.BONUS_PLACE, step=Turn(placing=BonusTile.PARKING), queue=(0,))
    app = _app(state)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        screen = game_screen(app)
        a1 = parse_space("A1")
        await move_cursor(pilot, screen, a1)
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.kind == "side-dialog"
        here = [a for a in legal_actions(state) if a.build.space == a1]
        assert [v for _, v in dialog.choices] == here
        labels = [label for label, _ in dialog.choices]
        assert labels == [option_text(state, a) for a in here]
        assert labels[0] == "build parking at floor 0 A1 (free)"
        assert labels[1].startswith("build parking at floor 0 A1 (free), moving the car on the border ")
