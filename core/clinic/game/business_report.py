"""What the Business phase did, line by line: who was treated, by whom, for how much,
what the expansions in play did first (their hook points before treatment) and after
(their lines after it), wages, upkeep, savings and
popularity.  Worked out by running the phase's own functions again from the state it
started from, so a report can never disagree with the rules.  The TUI's Business
dialog, the plain text mode and the event log all say these lines; no Textual here.
"""

from __future__ import annotations

from attrs import field
from core.model import frozen
from core.converters import to_tuple

from core.clinic.business import Treatment, best_in_room, clinic_upkeep, treat, wages
from core.clinic import constants as CLINIC_K
from core.clinic.components import ModuleKind
from core.clinic.game.hooks import active, room_treatment
from core.clinic.people import Clinic

from . import constants as K
from .business_phase import business_for
from .move_phase import ended_move
from .state import GameState, Phase


@frozen
class SeatBusiness:
    """One player's Business: ``clinic`` as treated (after the expansions' steps that
    come first), ``treatment`` (with the expansions' room rules), ``first`` (lines for
    those steps), ``notes`` (one per treatment line, "" for none), ``after`` (lines
    after treatment) and ``extra_income`` (dollars the expansions' first steps earned)."""

    seat: int
    clinic: Clinic
    treatment: Treatment
    first: tuple[str, ...] = field(default=(), converter=to_tuple)
    notes: tuple[str, ...] = field(default=(), converter=to_tuple)
    after: tuple[str, ...] = field(default=(), converter=to_tuple)
    extra_income: int = 0

    @property
    def income(self) -> int:
        """This player's Business income in dollars, before expenses."""
        return self.treatment.income + self.extra_income


def at_business(before: GameState) -> GameState:
    """The state Business starts from, given ``before``: the state before the action
    that ended the Move phase (the last ``EndMove``, or the last car removed after it)."""
    return ended_move(before) if before.phase is Phase.MOVE else before


def business_details(start: GameState) -> tuple[SeatBusiness, ...]:
    """Business for every player, in turn order, from ``start`` (``at_business``)."""
    out = []
    state = start
    expansions = active(start)
    for seat in start.turn_order:
        now = state
        first: list[str] = []
        for e in expansions:  # in the order of ``expansions.before_business``
            if e.report is not None:
                first += e.report(start, now, seat)
            if e.before_business is not None:
                now = e.before_business(now, seat)
        clinic = now.players[seat].clinic
        room = room_treatment(now, clinic, best_in_room) if expansions else None
        treatment = treat(clinic, room)
        notes = []
        for line in treatment.lines:
            said = [n for e in expansions if e.treatment_note is not None
                    and (n := e.treatment_note(clinic, line))]
            notes.append("; ".join(said))
        after = [x for e in expansions if e.after_report is not None for x in e.after_report(clinic, treatment)]
        extra = now.players[seat].income - state.players[seat].income
        out.append(SeatBusiness(seat, clinic, treatment, first, notes, after, extra))
        state = business_for(state, seat)
    return tuple(out)


def business_report(before: GameState, after: GameState, extra=None) -> tuple[str, str]:
    """The Business dialog: a title and its text, player by player in turn order;
    ``extra(before, after, seat)`` may add lines to each player's part (the screen's
    lines for an expansion's own board)."""
    lines = []
    for d in business_details(at_business(before)):
        b, a = before.players[d.seat], after.players[d.seat]
        lines.append(f"{b.name}")
        lines += [f"  {x}" for x in d.first]
        for line, note in zip(d.treatment.lines, d.notes):
            patient = d.clinic.person(line.patient)
            nurses = f" + {len(line.nurses)} nurse{'s' if len(line.nurses) != 1 else ''}" if line.nurses else ""
            gardens = d.clinic.board.adjacent_gardens(line.room) if line.kind is ModuleKind.TREATMENT_ROOM else 0
            bonus = (f", of which ${CLINIC_K.INCOME_PER_ADJACENT_GARDEN * gardens} garden bonus"
                     f" ({gardens} garden{'s' if gardens != 1 else ''} beside the room)" if gardens else "")
            lines.append(
                f"  cured {patient.colour} {patient.service} patient in the {line.kind.value.replace('_', ' ')}"
                f" at {line.room} (doctor {line.doctor}{nurses}): +${line.income}{bonus}"
                + (f" ({note})" if note else "")
            )
        if not d.treatment.lines and not d.first:
            lines.append("  nobody treated")
        lines += [f"  {x}" for x in d.after]
        after_clinic = a.clinic
        lines.append(
            f"  income ${d.income} · wages -${wages(after_clinic)}"
            f" · upkeep -${clinic_upkeep(after_clinic, d.treatment.used_operating_rooms)}"
        )
        savings = a.money + a.income
        lines.append(f"  popularity {b.popularity} -> {a.popularity}")
        if a.income >= K.POPULARITY_PRICE:  # popularity is bought next: savings are what it leaves
            lines.append(f"  ${a.income} of this round's income may buy popularity (${K.POPULARITY_PRICE} each)"
                         f" · savings ${b.money} -> ${savings} less what it buys")
        else:
            lines.append(f"  savings ${b.money} -> ${savings}")
        if extra is not None:
            lines += extra(before, after, d.seat)
    return f"Business, round {before.round}", "\n".join(lines)


def business_sentences(before: GameState, after: GameState) -> list[str]:
    """One sentence per player for the event log: "Business: Ann treats 2 patients,
    popularity 3->4, savings $5->$9", with what the expansions did after a semicolon
    ("transfusion +$9, Y→W: ...")."""
    out = []
    details = business_details(at_business(before)) if after.config.options else ()
    extra = {d.seat: (*d.first, *d.after) for d in details}
    for seat in before.turn_order:
        b, a = before.players[seat], after.players[seat]
        cured = a.cured - b.cured
        text = (
            f"Business: {a.name} treats {cured} patient{'s' if cured != 1 else ''},"
            f" popularity {b.popularity}->{a.popularity}, savings ${b.money}->${a.money + a.income}"
        )
        out.append("; ".join((text, *extra.get(seat, ()))))
    return out
