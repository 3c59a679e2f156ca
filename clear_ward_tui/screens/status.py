"""The three status lines above the ward: whose turn and what to do, the selected space,
and the previous direction / Night Shift clock: pure text from the state, shown by
``StatusLines``."""

from __future__ import annotations

from textual.geometry import Region
from textual.strip import Strip
from textual.markup import escape
from textual.widgets import Static

from clear_ward_tui.config import Glyphs
from tui_common.levels import computer_says
from clear_ward_tui.widgets.ward_grid import GridView, line_to
from core.clear_ward import Direction, GameState, Phase, StaffCard, UseStaff, cell_name, preview


def instruction(state: GameState, name: str, *, cpu: bool, forced: bool,
                targeting: StaffCard | None, need: int, can_staff: bool, g: Glyphs) -> str:
    """Line 1: who plays and what they must do now."""
    who = f"[b]{escape(name)}[/b]"
    if state.phase is Phase.OVER:
        return f"Game over: {state.end_reason.value}."
    if cpu:
        said = "" if computer_says(name) == name else " (computer)"  # "CPU (hard)" says so already
        return f"{who}{said} is playing…"
    if targeting is not None:
        return f"{who}: {targeting.value}: pick {need} {g.target}, Enter (Esc: cancel)"
    if state.phase is Phase.MOVE:
        if forced:
            return f"{who}: no legal move: make the Night Shift forced move ({g.stop}), Enter"
        staff = " or staff (c)" if can_staff else ""
        return f"{who}: move the Doctor to a {g.stop} space, Enter{staff}"
    if state.phase is Phase.AFTER_ACTION:
        return f"{who}: use a staff card (c) or end the turn (e)"
    return f"{who}: make your choice in the dialog"


def describe_cell(view: GridView, cell: int, g: Glyphs, *, short: bool = False) -> str:
    """Line 2: the selected space, and what stopping there would do (``core``'s
    ``preview``) or passes over. ``short``: specialities by their letters (narrow).
    The card is told as the grid's viewer sees it (``view.seen``)."""
    state = view.state
    card = view.seen.ward[cell]
    if card is None:
        what = "empty"
    elif card.face_up:
        what = f"{card.patient.speciality.value} {card.patient.stars}{g.star}"
        if card.under_observation:
            what += " (under observation)"
    else:
        what = "face-down patient"
    if cell == state.doctor:
        return f"{cell_name(cell)}: the Doctor" + ("" if card is None else f", on {what}")
    text = f"{cell_name(cell)}: {what}"
    if view.targets:
        return text + (f" · {g.target} target" if cell in view.targets else " · not a target")
    found = line_to(state.doctor, cell)
    if found is None:
        return text + " · not in line with the Doctor"
    direction, steps, between = found
    arrow = g.arrows[direction]
    if cell in view.stops:
        said = preview(state, view.stops[cell], g.star, short=short)
        if said:
            return f"{cell_name(cell)} {g.stop}{arrow}{steps}: {escape(said)}"  # it may name a player
    passed = [c for c in between if state.ward[c] is not None]
    stop = f"{g.stop} stop" if cell in view.stops else "no stop"
    return text + f" · {stop} {arrow}{steps}, passes {len(passed)} card{'s' * (len(passed) != 1)}"


def direction_line(state: GameState, g: Glyphs, clock: str | None) -> str:
    """Line 3: the previous direction (which the Doctor may not reverse), and the clock."""
    last: Direction | None = state.last_direction
    if last is None:
        text = "First move: any way"
    else:
        text = f"Last move {g.arrows[last.value]} {last.value} (no {g.arrows[last.opposite.value]} back)"
    if state.porter:
        text += " · Porter: may reverse, stop on empty"
    if state.forced_move:
        text += " · last move was forced"
    if clock is not None:  # the title says Night Shift; the line has no room to say it again
        text += f" · {clock}"
    return text


def staff_need(uses: list[UseStaff]) -> int:
    """How many ward spaces a staff card's uses target (the engine lists them)."""
    return len(uses[0].cells) if uses else 0


class StatusLines(Static):
    """The status lines (``show``): only the lines that changed are repainted, so a
    cursor move, which changes the line about the space under the cursor, sends that
    one line to the terminal, not all three (issue 12: bytes per cursor move over SSH)."""

    _shown: tuple[str, ...] | None = None
    _changed: tuple[int, ...] | None = None

    def show(self, lines: list[str]) -> None:
        new, old = tuple(lines), self._shown
        if new == old:
            return
        self._shown = new
        if old is not None and len(old) == len(new):
            self._changed = tuple(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
        self.update("\n".join(new), layout=False)

    def refresh(self, *regions: Region, **kwargs):
        changed, self._changed = self._changed, None
        if changed is not None and not regions and not kwargs.get("layout"):
            regions = tuple(Region(0, y, self.size.width, 1) for y in changed)
        return super().refresh(*regions, **kwargs)

    def render_line(self, y: int) -> Strip:
        """Line ``y`` drawn alone and kept until its text changes (issue 33): a cursor
        move draws the one line it changes, where ``Static`` drew all three again."""
        lines = self._shown
        if lines is None or y >= len(lines) or self.text_selection is not None:
            return super().render_line(y)
        key = (lines[y], self.size, self.visual_style)
        kept = self.__dict__.setdefault("_line_strips", {})
        found = kept.get(y)
        if found is None or found[0] != key:
            from textual.visual import Visual, visualize

            strips = Visual.to_strips(self, visualize(self, lines[y], markup=self._render_markup), self.size.width, 1,
                                      self.visual_style)
            # (with the offsets of text selection the line has among the others)
            line = strips[0].apply_offsets(0, y) if strips else Strip.blank(self.size.width, self.visual_style.rich_style)
            found = kept[y] = (key, line)
        return found[1]
