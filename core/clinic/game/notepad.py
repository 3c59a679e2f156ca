"""The appointment notepad: rows packed to the right, moves, swaps, new appointments.

Rulebook, "Action: Admit Patients" and "New Patients Schedule Appointments": a patient
moves orthogonally one space (swapping with a patient there); whenever a gap forms in a
row, the appointments left of it shift right to fill it; after each action every service,
top to bottom, gets one new patient from the pool in its rightmost empty space (none if
the row is full or the pool is empty).
"""

from __future__ import annotations

from core.clinic.fast_evolve import evolve

from core.clinic.components import Colour

from .state import GameState, draw_colour, draw_rng

Row = tuple[Colour | None, ...]


def pack(row: Row) -> Row:
    """Close the gaps: every patient shifts right as far as possible, keeping order."""
    people = tuple(c for c in row if c is not None)
    return (None,) * (len(row) - len(people)) + people


def set_row(notepad: tuple[Row, ...], r: int, row: Row) -> tuple[Row, ...]:
    return notepad[:r] + (row,) + notepad[r + 1 :]


def new_appointments(state: GameState) -> GameState:
    """One new patient per service, top to bottom, into the rightmost empty space."""
    notepad = state.notepad
    pool, draws = state.patient_pool, state.draws
    for r, row in enumerate(notepad):
        if row[0] is not None or not sum(pool):
            continue
        colour, pool = draw_colour(draw_rng(evolve(state, draws=draws)), pool)
        draws += 1
        empty = row.count(None)
        notepad = set_row(notepad, r, row[: empty - 1] + (colour,) + row[empty:])
    return evolve(state, notepad=notepad, patient_pool=pool, draws=draws)
