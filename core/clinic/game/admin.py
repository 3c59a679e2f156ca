"""Phase 3, Administration: the ten steps in order (rulebook "Phase 3: Admin").

``ADMIN_STEPS`` is the list an expansion may extend or wrap; ``admin(state)`` runs it.
Round 6 has its Admin phase too (rulebook "The game lasts 6 rounds, each of which
comprises ... Administration"; rulings 0.1), but without ``NEXT_ROUND_STEPS``: the
main-board steps 1-6 and the flips only prepare a round that never comes.
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve

from core.clinic.board import Space
from core.clinic.components import Colour, ModuleKind, Role
from core.clinic.people import recolour

from . import constants as K
from .cars import owe_cars
from .notepad import pack, set_row
from .state import GameState, add_to_bag, change_popularity, draw_colour, draw_rng, set_player


def advance_round(state: GameState) -> GameState:
    """1. Advance the Round marker."""
    return evolve(state, round=state.round + 1)


def reset_action_marker(state: GameState) -> GameState:
    """2. Reset the Action marker to action 1."""
    return evolve(state, action=1)


def return_appointments(state: GameState) -> GameState:
    """3. The patient in the rightmost space of each service goes back to the pool;
    the row closes up to the right (gaps never stay)."""
    notepad, pool = state.notepad, state.patient_pool
    for r, row in enumerate(notepad):
        if row[-1] is not None:
            pool = add_to_bag(pool, row[-1])
            notepad = set_row(notepad, r, pack(row[:-1] + (None,)))
    return evolve(state, notepad=notepad, patient_pool=pool)


def level_up(colour: Colour, steps: int = 1) -> Colour:
    """One step towards red per ``steps`` (red stays red; a purple doctor never
    changes colour, rulings W2)."""
    if colour > Colour.RED:
        return colour
    return Colour(min(int(Colour.RED), int(colour) + steps))


def level_down(colour: Colour) -> Colour:
    """One step towards white (white stays white; purple never changes, W2)."""
    if colour > Colour.RED:
        return colour
    return Colour(max(int(Colour.WHITE), int(colour) - 1))


def university_level_up(state: GameState) -> GameState:
    """4. Each doctor at the university levels up (red stays red)."""
    return evolve(state, university=tuple(c if c is None else level_up(c) for c in state.university))


def refill_university(state: GameState) -> GameState:
    """5. Draw a doctor for each empty space, then sort red, orange, yellow, white from
    the left (empty spaces, when the bag is empty, stay on the right)."""
    doctors = [c for c in state.university if c is not None]
    pool, draws = state.doctor_pool, state.draws
    for _ in range(len(state.university) - len(doctors)):
        colour, pool = draw_colour(draw_rng(evolve(state, draws=draws)), pool)
        draws += 1
        if colour is not None:
            doctors.append(colour)
    doctors.sort(reverse=True)
    university = tuple(doctors) + (None,) * (len(state.university) - len(doctors))
    return evolve(state, university=university, doctor_pool=pool, draws=draws)


def remove_unhired_nurses(state: GameState) -> GameState:
    """6. Remove the finished round's unhired nurses (its column empties)."""
    i = state.round - 2  # the round marker has already advanced
    nurses = state.nurses[:i] + (0,) + state.nurses[i + 1 :]
    return evolve(state, nurses=nurses, nurses_gone=state.nurses_gone + state.nurses[i])


def _in_lab(clinic, person) -> bool:
    if not isinstance(person.where, Space):
        return False
    m = clinic.board.module_at(person.where)
    return m is not None and m.kind is ModuleKind.LAB


def train_in_labs(state: GameState) -> GameState:
    """7. Each doctor in a lab levels up twice and gives 1 popularity (even if red).
    A doctor who turns red here is remembered by id for the solitaire goal "train 2 red
    doctors" (rulings 0.4b: distinct doctors; one already red is not trained).  A doctor
    lying in a lab (laid down by an expansion's rule) does not train (rulings Z9)."""
    for seat in state.turn_order:
        p = state.players[seat]
        clinic, gained, trained = p.clinic, 0, set()
        for doc in clinic.of_role(Role.DOCTOR):
            if _in_lab(clinic, doc) and not doc.lying:
                new = level_up(doc.colour, 2)
                if new is Colour.RED and doc.colour is not Colour.RED:
                    trained.add(doc.id)
                clinic = recolour(clinic, doc.id, new)
                gained += K.LAB_POPULARITY
        p = evolve(p, clinic=clinic, trained_red_ids=p.trained_red_ids | trained)
        state = change_popularity(evolve(state, players=set_player(state, seat, p)), seat, gained)
    return state


def tire_doctors(state: GameState) -> GameState:
    """8. Each other doctor on the player board levels down (white stays white)."""
    players = list(state.players)
    for seat, p in enumerate(players):
        clinic = p.clinic
        people = tuple(
            evolve(q, colour=level_down(q.colour))
            if q.role is Role.DOCTOR and not _in_lab(clinic, q) else q
            for q in clinic.people
        )
        players[seat] = evolve(p, clinic=evolve(clinic, people=people))
    return evolve(state, players=tuple(players))


def worsen_patients(state: GameState) -> GameState:
    """9. Each patient on the player board (clinic and pre-admissions) worsens; a red
    patient dies: -5 popularity, and takes a car of the owner's choice (owed, removed
    before the next round: ``cars``)."""
    for seat in state.turn_order:
        p = state.players[seat]
        clinic = p.clinic
        people = tuple(
            evolve(q, colour=level_up(q.colour)) if q.role is Role.PATIENT else q
            for q in clinic.people
            if not (q.role is Role.PATIENT and q.colour is Colour.RED)
        )
        dead = len(clinic.people) - len(people)
        p = evolve(p, clinic=evolve(clinic, people=people), dead=p.dead + dead)
        state = owe_cars(evolve(state, players=set_player(state, seat, p)), seat, dead)
        state = change_popularity(state, seat, -K.DEATH_PENALTY * dead)
    return state


def flip_tiles(state: GameState) -> GameState:
    """10a. Turn the top tile of each service hub and special module stack face up."""
    flip = lambda stacks: tuple(evolve(s, face_up=True) for s in stacks)  # noqa: E731
    return evolve(state, hub_stacks=flip(state.hub_stacks), special_stacks=flip(state.special_stacks))


def new_turn_order(order: tuple[int, ...], popularity, stamps) -> tuple[int, ...]:
    """Lowest popularity first; on a tie, who reached the space first goes later; an
    unchanged order rotates (the last player becomes first)."""
    new = tuple(sorted(order, key=lambda s: (popularity[s], -stamps[s])))
    if new == order:
        new = order[-1:] + order[:-1]
    return new


def reset_turn_order(state: GameState) -> GameState:
    """10b. Reset the turn order (rulebook, Reset turn order)."""
    pops = [p.popularity for p in state.players]
    stamps = [p.stamp for p in state.players]
    return evolve(state, turn_order=new_turn_order(state.turn_order, pops, stamps))


ADMIN_STEPS = (
    advance_round,
    reset_action_marker,
    return_appointments,
    university_level_up,
    refill_university,
    remove_unhired_nurses,
    train_in_labs,
    tire_doctors,
    worsen_patients,
    flip_tiles,
    reset_turn_order,
)


#: The steps that only prepare the next round (main-board steps 1-6 and the flips):
#: after round 6 they score nothing, so the last Admin phase skips them (rulings 0.1).
#: Lab training, tired doctors, worsening patients (deaths: -5) and the turn-order reset
#: (end scoring is "in turn order") still happen.
NEXT_ROUND_STEPS = frozenset(
    {
        advance_round,
        reset_action_marker,
        return_appointments,
        university_level_up,
        refill_university,
        remove_unhired_nurses,
        flip_tiles,
    }
)


def is_last_round(state: GameState) -> bool:
    """Round 6 (``constants.ROUNDS``): its Admin phase is followed by the end of the game."""
    return state.round >= K.ROUNDS


def admin(state: GameState, steps=ADMIN_STEPS) -> GameState:
    """Run the Admin steps in order; in the last round, all but ``NEXT_ROUND_STEPS``
    (the round marker stays on 6).  Expansions in play may add steps
    (``expansions.admin_steps``); a step marked ``next_round_only`` is skipped too."""
    from core.clinic.game.hooks import admin_steps

    last = is_last_round(state)
    for step in admin_steps(state, steps):
        if not (last and (step in NEXT_ROUND_STEPS or getattr(step, "next_round_only", False))):
            state = step(state)
    return state


