"""The computer players of Clinic, by what they must do in small fixed positions
(issue 19: what the mutation samples found unguarded). Each scene is a beginner clinic
(psychiatry hub B3, treatment room C3, supply room C2, entrance south of B3) stopped at
one decision; ``docs/bots.md`` says what the players are meant to do."""

from __future__ import annotations

from attrs import evolve

from core.clinic import Clinic, Colour, Role, beginner_initial_board, build, free_parking_spots, hire
from core.clinic.components import ModuleKind
from core.clinic.construction import BuildGarden, build_cost
from core.clinic.game import apply_action, legal_actions
from core.clinic.game import constants as K
from core.clinic.game.actions import Done, EndMove, MovePerson
from core.clinic.game.bot_values import SECOND_SERVICE_SAVINGS, BuildContext, room_site
from core.clinic.game.bots import BasicBot
from core.clinic.game.state import ActionTile, Phase, Turn

from clinic_helpers import LAB, PSY, SR, TR, modules, sp
from expansions.helpers import board_of, in_phase, patient, staff, started

from .game_helpers import with_player

W = Colour.WHITE
HUB, ROOM = sp("B3"), sp("C3")


def _clinic(board=None, doctors: int = 0, where=ROOM) -> Clinic:
    clinic = Clinic(board if board is not None else beginner_initial_board(W))
    for _ in range(doctors):
        clinic = staff(clinic, Role.DOCTOR, where, W)
    return clinic


def _building(clinic: Clinic, money: int, players: int = 2, round_: int = 2):
    """Seat 0 at its Build action in ``round_`` with ``clinic`` and ``money``."""
    state = started(players=players)
    selected = (ActionTile.BUILD,) + (None,) * (players - 1)
    state = in_phase(state, Phase.BUILD, clinic, selected=selected, round=round_)
    return with_player(state, 0, money=money)


def _kind(action):
    module = getattr(getattr(action, "build", None), "module", None)
    return getattr(module, "kind", None)


# --- savings kept back (bot_values.reserve) ----------------------------------------------
def test_the_basic_player_keeps_back_savings_for_expenses_its_care_will_not_pay():
    """docs/bots.md: the basic player builds "only what it can pay for and keep up";
    ``reserve``: "next round's expenses beyond what its care is likely to earn". Three
    doctors and no patient: $9 of wages and upkeep and nothing earned, so it keeps $4
    back (this round's Business still brings income): with $4 it builds nothing, with $5
    a $1 garden. With two patients its care pays $8 of the $9, and $4 is enough to
    build."""
    idle = _clinic(doctors=3)
    assert BasicBot().choose(_building(idle, 4)) == Done()
    garden = BasicBot().choose(_building(idle, 5))
    assert garden != Done() and build_cost(garden.build) == 1
    busy = patient(patient(idle, W), W)
    assert BasicBot().choose(_building(busy, 4)) != Done()


def test_with_no_round_left_the_basic_player_keeps_nothing_back():
    """``reserve``: savings kept for "next round's expenses": after the last round there
    is none, so nothing is kept, however much the clinic would cost to run."""
    from core.clinic.game.bot_values import reserve

    state = _building(_clinic(doctors=3), 4)
    p = state.players[0]
    assert reserve(p, 1) == 4  # $9 of expenses, nothing earned: half kept back
    assert reserve(p, 0) == 0


# --- what builds are worth (bot_values.BuildContext) ------------------------------------
def test_the_basic_player_builds_the_supply_room_a_second_treatment_room_lacks():
    """docs/bots.md: "builds treatment rooms next to a service hub with a supply room
    for each". Two treatment rooms and one supply room: it builds a supply room beside
    the building first (before a second service, which it could also afford), on the
    first of the sites that are as good (docs/bots.md: "ties by the order of
    legal_actions")."""
    clinic = _clinic(modules((TR, "B2"), board=beginner_initial_board(W)), doctors=2)
    state = _building(clinic, 40)
    choice = BasicBot().choose(state)
    assert _kind(choice) is ModuleKind.SUPPLY_ROOM
    # Several sites are as good: "ties are broken by the order of legal_actions".
    ctx, left = BuildContext(state, state.players[0]), K.ROUNDS - state.round + 1
    net = [(ctx.value(a.build, left) - build_cost(a.build), a) for a in legal_actions(state) if _kind(a)]
    best = max(v for v, _ in net)
    ties = [a for v, a in net if v == best]
    assert len(ties) > 1 and choice == ties[0]


def test_an_upstairs_treatment_room_is_worth_more_than_one_on_the_ground():
    """End of the game: each working treatment room scores 1 + its floor. Two rooms for
    the same service, both unsupplied, one on floor 1 beside a second psychiatry hub and
    one on the ground beside the first: the upstairs one is worth more to the player."""
    board = modules((PSY, "C3", 1), board=beginner_initial_board(W))
    state = _building(_clinic(board, doctors=3), 40, players=1)
    ctx = BuildContext(state, state.players[0])
    rooms = {(a.build.space.floor, a.build.space.name): a.build for a in legal_actions(state)
             if _kind(a) is ModuleKind.TREATMENT_ROOM}
    left = K.ROUNDS - state.round + 1
    upstairs, ground = ctx.value(rooms[(1, "C2")], left), ctx.value(rooms[(0, "B2")], left)
    assert ground > 0 and upstairs > ground


def test_a_second_service_hub_goes_where_a_treatment_room_can_stand_beside_it():
    """docs/bots.md: "a second service only once $30 are saved"; a hub with no place for
    a treatment room beside it on its floor treats nobody. Upstairs, a hub at C2 has no
    room site beside it (nothing below floor 1 B2 or D2), one at C3 has two: with $30 the
    player opens its second service at C3, with $29 not at all."""
    clinic = _clinic(doctors=2)
    choice = BasicBot().choose(_building(clinic, SECOND_SERVICE_SAVINGS))
    assert _kind(choice) is ModuleKind.SERVICE_HUB
    assert (choice.build.space.floor, choice.build.space.name) == (1, "C3")
    assert choice.build.module.service is not PSY.service
    board = clinic.board
    c2 = next(a.build for a in legal_actions(_building(clinic, 30))
              if _kind(a) is ModuleKind.SERVICE_HUB and a.build.space == sp("C2", 1))
    assert room_site(board, choice.build) and not room_site(board, c2)
    poorer = BasicBot().choose(_building(clinic, SECOND_SERVICE_SAVINGS - 1))
    assert _kind(poorer) is not ModuleKind.SERVICE_HUB




def test_a_second_service_is_worth_opening_only_while_the_first_one_starves():
    """``BuildContext.value`` of a second service hub (docs/bots.md: "a second service
    only once $30 are saved"): upstairs at C3, a cardiology hub is worth something with
    two doctors, $30, in round 2 of a 2-player game whose psychiatry row is empty (the
    first service starves); nothing with one doctor, in round 4 (3 rounds left do not
    pay back a hub, a room and its supply room), alone, when the psychiatry row is full
    (the first service has patients enough), or for a second psychiatry hub."""
    from core.clinic.components import Module, Service

    def worth(service=Service.CARDIOLOGY, doctors: int = 2, round_: int = 2, players: int = 2,
              psychiatry_row=(None,) * 5) -> float:
        state = _building(_clinic(doctors=doctors, where=HUB), SECOND_SERVICE_SAVINGS, players=players, round_=round_)
        r = state.services.index(PSY.service)
        pad = list(state.notepad)
        pad[r] = psychiatry_row
        state = evolve(state, notepad=tuple(pad))
        hub = next(a.build for a in legal_actions(state) if _kind(a) is ModuleKind.SERVICE_HUB
                   and a.build.space == sp("C3", 1) and a.build.module.service is service)
        return BuildContext(state, state.players[0]).value(hub, K.ROUNDS - state.round + 1)

    assert worth() > 0
    assert worth(round_=3) > 0
    assert worth(doctors=1) == 0
    assert worth(round_=4) == 0
    assert worth(players=1) == 0
    assert worth(psychiatry_row=(W,) * 5) == 0
    assert worth(service=Service.PSYCHIATRY) == 0


def test_a_second_treatment_room_is_worth_building_for_a_doctor_to_spare():
    """``BuildContext.value`` (what a build is worth to the bot, in dollars over the
    rounds left): a room of a service it already treats is worth building only for a
    doctor beyond the first room's 2 places, with patients enough to fill it, rounds
    enough to pay it back and $8 to spare; never a third. Alone (no rival shares the
    patients, a full notepad row), the room at B2 beside the hub with 3 doctors is worth
    something; with 2 doctors, in round 5 (2 rounds left), with $7, or with two rooms
    and 5 doctors, it is worth nothing; so with a rival offering psychiatry and an empty
    notepad row."""
    def worth(doctors: int, money: int = 40, round_: int = 2, players: int = 1, board=None) -> float:
        board = board if board is not None else beginner_initial_board(W)
        state = _building(_clinic(board, doctors=doctors, where=HUB), money, players=players, round_=round_)
        r = state.services.index(PSY.service)
        pad = list(state.notepad)
        pad[r] = (None,) * 5 if players > 1 else (W,) * 5  # alone: a full row
        state = evolve(state, notepad=tuple(pad))
        room = next(a.build for a in legal_actions(state)
                    if _kind(a) is ModuleKind.TREATMENT_ROOM and a.build.space == sp("B2"))
        return BuildContext(state, state.players[0]).value(room, K.ROUNDS - state.round + 1)

    assert worth(3) > 0
    assert worth(2) == 0
    assert worth(3, round_=K.ROUNDS - 1) == 0
    assert worth(3, money=7) == 0
    assert worth(3, players=2) == 0
    two_rooms = modules((TR, "A3"), (SR, "A2"), board=beginner_initial_board(W))
    assert len(two_rooms.working_treatment_rooms) == 2
    assert worth(5, board=two_rooms) == 0



def test_a_treatment_room_is_worth_more_for_a_new_service_with_its_supply_and_early():
    """``BuildContext.value``: a treatment room brings patients' income for the rounds
    left: worth more in round 2 than in round 4; more when the building has a spare
    supply room (it works at once: rulebook, a treatment room works with a supply room
    in its building); more for a service the clinic does not treat yet (its own
    patients) than for one more psychiatry room. Upstairs C3 holds a second hub; the
    room beside it at C2 is compared with the one at B2 beside the first hub."""
    from core.clinic.components import Module, Service

    def worth(upstairs_hub, space, round_: int = 2, spare_supply: bool = False) -> float:
        placements = [(upstairs_hub, "C3", 1)] + ([(SR, "D3")] if spare_supply else [])
        board = modules(*placements, board=beginner_initial_board(W))
        state = _building(_clinic(board, doctors=3, where=HUB), 40, players=1, round_=round_)
        room = next(a.build for a in legal_actions(state)
                    if _kind(a) is ModuleKind.TREATMENT_ROOM and a.build.space == space)
        return BuildContext(state, state.players[0]).value(room, K.ROUNDS - state.round + 1)

    cardiology = Module(ModuleKind.SERVICE_HUB, Service.CARDIOLOGY)
    upstairs, ground = sp("C2", 1), sp("B2")
    assert worth(PSY, ground) > worth(PSY, ground, round_=4) > 0
    assert worth(PSY, ground, spare_supply=True) > worth(PSY, ground)
    assert worth(cardiology, upstairs) > worth(PSY, upstairs) > 0


def test_what_gardens_parking_outpatient_services_and_entrances_are_worth():
    """``BuildContext.value``: a garden beside the treatment room is worth its upkeep
    and more (+$2 a patient treated there), one beside no room costs its upkeep;
    parking is worth building only when free spots run out (docs/bots.md: "parking when
    spots run out"), better away from the modules (D1) than on a building site beside
    the room (D3); outpatient services only for a doctor beyond the room's 2 places;
    a second way in (an entrance into the treatment room) is worth something, but not
    in the last round."""

    def values(clinic: Clinic, round_: int = 2) -> dict:
        state = _building(clinic, 40, round_=round_)
        ctx = BuildContext(state, state.players[0])
        out = {}
        for a in legal_actions(state):
            b = getattr(a, "build", None)
            where = getattr(b, "space", None) or getattr(b, "border", None)
            out.setdefault((type(b).__name__, _kind(a), str(where)), ctx.value(b, K.ROUNDS - state.round + 1))
        return out

    two = values(_clinic(doctors=2, where=HUB))
    assert two[("BuildGarden", None, "floor 0 D3")] > 0 > two[("BuildGarden", None, "floor 0 D1")]
    assert two[("BuildParking", None, "floor 0 D1")] == 0
    assert two[("BuildModule", ModuleKind.OUTPATIENT_SERVICES, "floor 0 A2")] == 0
    three = values(_clinic(doctors=3, where=HUB))
    assert three[("BuildModule", ModuleKind.OUTPATIENT_SERVICES, "floor 0 A2")] > 0
    assert two[("BuildEntrance", None, "south of C3")] > 0
    board = _clinic().board
    crowded = _clinic(evolve(board, border_cars=frozenset(free_parking_spots(board)[4:])), doctors=2, where=HUB)
    assert len(free_parking_spots(crowded.board)) == 2  # the doctors' cars took 2 of the 4
    assert values(crowded)[("BuildParking", None, "floor 0 D1")] > values(crowded)[("BuildParking", None, "floor 0 D3")] > 0
    last = values(_clinic(doctors=2, where=HUB), round_=K.ROUNDS)
    assert last[("BuildEntrance", None, "south of C3")] == 0


def test_an_expert_builds_its_first_clinic_joined_up_with_room_to_grow():
    """Rulebook, expert setup: experts build their own service hub, treatment room and
    supply room, then an entrance. The basic player puts the hub where most spaces stay
    free around it (A2: three; a corner has two), and the treatment room and the supply
    room each beside what it has built (one building, so the room works), again where
    most spaces stay free."""
    from core.clinic.game import new_game

    state = new_game(1, 2, expert=True)
    while state.phase is not Phase.EXPERT_SETUP:
        state = apply_action(state, legal_actions(state)[0])
    built = []
    for _ in range(3):
        options = legal_actions(state)
        choice = BasicBot().choose(state)
        board = state.players[0].clinic.board

        def free(space):
            return sum(1 for n in board.neighbours(space) if n.floor == 0 and board.tile_at(n) is None)

        joined = [a for a in options if not built or any(n in built for n in board.neighbours(a.build.space))]
        assert choice in joined and free(choice.build.space) == max(free(a.build.space) for a in joined)
        built.append(choice.build.space)
        state = apply_action(state, choice)
    assert built[0] == sp("A2")
    assert state.players[0].clinic.board.working_treatment_rooms == {built[1]}


# --- bonus tiles placed (bots.BasicBot._bonus_place) ----------------------------------------
def _placing(board, tile):
    from core.clinic.game.state import BonusTile

    state = in_phase(started(players=1), Phase.BONUS_PLACE, Clinic(board))
    return evolve(state, step=Turn(placing=getattr(BonusTile, tile)))


def test_a_free_garden_goes_beside_the_most_treatment_rooms_and_free_parking_out_of_the_way():
    """docs/bots.md: "gardens beside them" (+$2 a patient in each treatment room beside
    it). Rooms at B2 and C3: the free garden goes to C2, beside both (A2 and D3 are
    beside one each, and offered first). A free parking tile goes where it takes no
    building site from the modules: D1, beside none (A1 and C1, offered first, are
    beside the supply room at B1)."""
    board = board_of((PSY, "B3"), (TR, "C3"), (TR, "B2"), (SR, "A3"), (SR, "B1"))
    assert board.working_treatment_rooms == {sp("B2"), sp("C3")}
    assert BasicBot().choose(_placing(board, "GARDEN")).build.space == sp("C2")
    assert BasicBot().choose(_placing(board, "PARKING")).build.space == sp("D1")


# --- the Move phase's last resort (bots.BasicBot._move) -----------------------------------
def _moving(clinic: Clinic):
    """Seat 0 in the Move phase; everyone has moved once already (the plan leaves them)."""
    state = in_phase(started(players=1), Phase.MOVE, clinic, round=2)
    return evolve(state, step=Turn(moved=tuple(p.id for p in clinic.people)))


def test_the_basic_player_first_moves_someone_off_an_over_full_room():
    """Rulebook L696: capacity is checked when the Move phase ends. Three doctors in the
    treatment room (room for 2) and a nurse in the hub: the Move phase cannot end, and
    the player moves a doctor out, not the nurse (listed first, as quick), by the
    quickest way: to the hub (1 step), not the lab at A3 (2 steps)."""
    clinic = staff(_clinic(modules((LAB, "A3"), board=beginner_initial_board(W))), Role.NURSE, HUB)
    for _ in range(3):
        clinic = staff(clinic, Role.DOCTOR, ROOM, W)
    state = _moving(clinic)
    assert EndMove() not in legal_actions(state)
    nurse = clinic.of_role(Role.NURSE)[0].id
    assert legal_actions(state)[0] == MovePerson(nurse, ROOM)
    doctor = clinic.of_role(Role.DOCTOR)[0].id
    assert MovePerson(doctor, sp("A3")) in legal_actions(state)
    choice = BasicBot().choose(state)
    assert choice.goal == HUB and clinic.person(choice.pid).role is Role.DOCTOR


def test_a_full_room_is_not_over_full_the_newcomer_goes_in_first():
    """Base L680: someone on an entrance must still go in before the Move phase ends.
    Two doctors fill the treatment room (room for 2: nobody over) and a third doctor
    stands on the entrance: the player walks the newcomer in, and leaves the room's
    doctors where they are."""
    clinic = staff(_clinic(), Role.NURSE, HUB)
    for _ in range(2):
        clinic = staff(clinic, Role.DOCTOR, ROOM, W)
    clinic = hire(clinic, Role.DOCTOR, clinic.board.entrances[0], free_parking_spots(clinic.board)[0], W)
    newcomer = clinic.last.id
    state = _moving(clinic)
    assert EndMove() not in legal_actions(state)
    assert BasicBot().choose(state) == MovePerson(newcomer, HUB)



# --- the care plan (bot_plan.plan_care), as the Move phase plays it -----------------------
def _moved(clinic: Clinic) -> dict:
    """Where each person stands when the basic player ends its Move phase."""
    state = in_phase(started(players=1), Phase.MOVE, clinic, round=2)
    bot = BasicBot()
    for _ in range(20):
        action = bot.choose(state)
        if action == EndMove():
            return {p.id: p.where for p in state.players[0].clinic.people}
        state = apply_action(state, action)
    raise AssertionError("the Move phase did not end")


def _waiting(clinic: Clinic, *colours) -> tuple[Clinic, list[int]]:
    """``clinic`` with patients of ``colours`` admitted into pre-admissions; their ids."""
    ids = []
    for colour in colours:
        clinic = patient(clinic, colour)
        ids.append(clinic.last.id)
    return clinic, ids


def test_without_a_nurse_the_patient_the_doctor_can_treat_goes_in():
    """Rulebook, Treatment Rooms: a doctor needs a nurse for each colour step to the
    patient. A white doctor and no nurse: of a white and a yellow patient (the yellow
    pays more) only the white can be treated, so the white walks in with the doctor and
    the yellow waits."""
    clinic = staff(_clinic(), Role.DOCTOR, HUB, W)
    doctor = clinic.last.id
    clinic, (white, yellow) = _waiting(clinic, W, Colour.YELLOW)
    where = _moved(clinic)
    assert where[doctor] == where[white] == ROOM
    assert where[yellow] != ROOM


def test_with_a_nurse_the_better_paying_patient_goes_in_with_her():
    """The same with a nurse in the hub: the yellow patient ($6, one nurse) is worth
    more than the white ($4): the doctor, the nurse and the yellow patient walk into the
    room, the white waits."""
    clinic = staff(_clinic(), Role.DOCTOR, HUB, W)
    doctor = clinic.last.id
    clinic = staff(clinic, Role.NURSE, HUB)
    nurse = clinic.last.id
    clinic, (white, yellow) = _waiting(clinic, W, Colour.YELLOW)
    where = _moved(clinic)
    assert where[doctor] == where[nurse] == where[yellow] == ROOM
    assert where[white] != ROOM

def test_only_the_nurses_the_treatment_needs_walk_in():
    """Rulebook, Treatment Rooms: a white doctor needs one nurse for a yellow patient.
    Two nurses in the hub: one walks into the room with the doctor and the patient, the
    other stays in the hub; a nurse already in the room is the one who serves."""
    clinic = staff(_clinic(), Role.DOCTOR, HUB, W)
    clinic = staff(staff(clinic, Role.NURSE, HUB), Role.NURSE, HUB)
    nurses = [p.id for p in clinic.of_role(Role.NURSE)]
    clinic, (yellow,) = _waiting(clinic, Colour.YELLOW)
    where = _moved(clinic)
    assert where[yellow] == ROOM and sorted(where[n] for n in nurses) == sorted([ROOM, HUB])
    inside = staff(staff(staff(_clinic(), Role.DOCTOR, HUB, W), Role.NURSE, HUB), Role.NURSE, ROOM)
    hub_nurse, room_nurse = (p.id for p in inside.of_role(Role.NURSE))
    inside, (yellow,) = _waiting(inside, Colour.YELLOW)
    where = _moved(inside)
    assert where[yellow] == ROOM and where[room_nurse] == ROOM and where[hub_nurse] == HUB



def test_a_patient_who_stays_in_a_room_is_treated_first():
    """Rulebook: a patient who stays in a room is treated there (it cannot move). The
    white patient staying in the treatment room takes the only doctor, although a yellow
    one (with a nurse at hand) would pay more: it waits, and the nurse is not needed."""
    clinic = staff(_clinic(), Role.DOCTOR, HUB, W)
    doctor = clinic.last.id
    clinic = staff(clinic, Role.NURSE, HUB)
    nurse = clinic.last.id
    clinic = patient(clinic, W, where=ROOM, stays=True)
    clinic, (yellow,) = _waiting(clinic, Colour.YELLOW)
    where = _moved(clinic)
    assert where[doctor] == ROOM and where[yellow] != ROOM and where[nurse] == HUB


def test_a_patient_is_treated_in_the_room_beside_a_garden():
    """Rulebook: +$2 for each garden beside the treatment room. Two working rooms beside
    the hub, B2 with a garden: the patient and the doctor go to B2, not C3."""
    board = modules((TR, "B2"), (SR, "B1"), board=beginner_initial_board(W))
    board = build(board, BuildGarden(sp("A2")))
    assert board.adjacent_gardens(sp("B2")) == 1 and sp("B2") in board.working_treatment_rooms
    clinic = staff(_clinic(board), Role.DOCTOR, HUB, W)
    doctor = clinic.last.id
    clinic, (white,) = _waiting(clinic, W)
    where = _moved(clinic)
    assert where[doctor] == where[white] == sp("B2")


def test_an_idle_doctor_walks_to_the_nearest_lab():
    """docs/bots.md: the basic player moves "idle doctors to a lab" (a doctor in a lab
    trains in Admin). No patient: the doctor in the hub walks to the lab beside it (A3),
    not the one two steps away (D3)."""
    board = modules((LAB, "A3"), (LAB, "D3"), board=beginner_initial_board(W))
    clinic = staff(_clinic(board), Role.DOCTOR, HUB, W)
    assert _moved(clinic)[clinic.last.id] == sp("A3")


def test_a_new_orderly_goes_to_a_supply_room_nobody_works_in():
    """Rulebook: an orderly works in a supply room (1 each). One orderly already in the
    supply room beside the hub (A3); a new one on the entrance walks past it to a free
    one (C2 or D3)."""
    board = modules((SR, "A3"), (SR, "D3"), board=beginner_initial_board(W))
    clinic = staff(_clinic(board), Role.ORDERLY, sp("A3"))
    clinic = hire(clinic, Role.ORDERLY, clinic.board.entrances[0], free_parking_spots(clinic.board)[0])
    assert _moved(clinic)[clinic.last.id] in (sp("C2"), sp("D3"))


def test_a_patient_is_treated_in_the_nearer_room():
    """bot_plan: time is money (−1 popularity per 3 time, about $1 a time unit). Two
    working rooms, C3 beside the hub and C2 upstairs beside a second hub where the doctor
    stands: the doctor takes one step to either, the patient 2 to C3 and 4 to C2: both
    go to C3."""
    board = modules((PSY, "C3", 1), (TR, "C2", 1), (SR, "B3", 1), board=beginner_initial_board(W))
    assert sp("C2", 1) in board.working_treatment_rooms
    clinic = staff(_clinic(board), Role.DOCTOR, sp("C3", 1), W)
    doctor = clinic.last.id
    clinic, (white,) = _waiting(clinic, W)
    where = _moved(clinic)
    assert where[doctor] == where[white] == ROOM
