"""Staff-card choices: keep 1 of 2 (or 2 of 4) after a draw, draw or not, the
Junior Doctor's flip, the Locum's patient, and the staff menu. Each is a
``ChoiceDialog`` whose options come from ``legal_actions`` (never from the rules)."""

from __future__ import annotations

from tui_common.dialogs import ChoiceDialog
from core.clear_ward import (
    Action,
    DeclineStaff,
    DrawStaff,
    GameState,
    JuniorDoctorFlip,
    KeepStaff,
    StaffCard,
    UseStaff,
    cell_name,
)


def keep_dialog(state: GameState, options: list[KeepStaff]) -> ChoiceDialog[Action]:
    """Which hand to keep; the drawn cards' full text in the prompt."""
    held = state.players[state.current].staff
    drawn = "\n".join(f"• {c.value}: {c.text}" for c in state.drawn)
    prompt = f"You drew:\n{drawn}\nYou hold: {', '.join(c.value for c in held) or 'nothing'}."
    listed = [*state.drawn, *held]  # the prompt's order: the choices follow it
    order = sorted(options, key=lambda keep: sorted(listed.index(c) for c in keep.hand))
    choices = [("Keep " + " + ".join(c.value for c in sorted(keep.hand, key=listed.index)), keep) for keep in order]
    return ChoiceDialog("Keep which staff card?", choices, prompt=prompt, cancellable=False, id="keep-dialog",
                        sort=False)  # in the order the prompt lists the cards


def draw_dialog(state: GameState) -> ChoiceDialog[Action]:
    """Draw 2 staff cards (keep 1) or not, after turning a patient face up."""
    deck = len(state.staff_deck)
    choices = [("Draw 2 staff cards and keep 1", DrawStaff()), ("Do not draw", DeclineStaff())]
    return ChoiceDialog(
        "You turned a patient face up", choices,
        prompt=f"Draw 2 staff cards from the deck ({deck} left) and keep one?",
        cancellable=False, id="draw-dialog", sort=False,  # yes, then no
    )


def junior_doctor_dialog(state: GameState) -> ChoiceDialog[Action]:
    """Turn one of the looked-at patients face up (they are shown to this player)."""
    choices = [
        (f"Turn {cell_name(c)} face up: {state.ward[c].patient}", JuniorDoctorFlip(c)) for c in state.looked_at
    ]
    choices.append(("Turn neither face up", JuniorDoctorFlip(None)))
    return ChoiceDialog(
        "Junior Doctor", choices, prompt="You looked at these face-down patients:",
        cancellable=False, id="junior-dialog", sort=False,  # in ward order, then neither
    )


def locum_dialog(state: GameState, uses: list[UseStaff]) -> ChoiceDialog[Action]:
    """Which patient the Locum takes (only legal ones are listed)."""
    owner = {p: pl.name for pl in state.players for p in pl.log_book}
    choices = [(f"{use.patient} from {owner.get(use.patient, '?')}", use) for use in uses]
    return ChoiceDialog("Locum: take which patient?", choices, id="locum-dialog")


def staff_menu(state: GameState, usable: set[StaffCard]) -> ChoiceDialog[StaffCard]:
    """The current player's staff cards with full text; says which can be used now."""
    hand = dict.fromkeys(state.players[state.current].staff)
    choices = [
        (f"{card.value}{'' if card in usable else ' (not now)'}: {card.text}", card) for card in hand
    ]
    return ChoiceDialog("Use a staff card", choices, prompt="At most one staff card per turn.", id="staff-menu")
