"""The 6x6 ward: cards, the Doctor, empty spaces, a selection cursor and marks.

The grid only draws what it is given (``GridView``) and posts ``WardGrid.Chosen`` when
the player confirms a space; the game screen decides what that means. The cards are
drawn from ``player_view`` of the seat the screen serves (``GridView.viewer``), so a
face-down patient can only be drawn for the player whose Junior Doctor looked at it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from clear_ward_tui.config import UNICODE, Glyphs
from core.clear_ward import GameState, Move, PlayerView, cell_name, player_view
from core.clear_ward.ward import RAYS, row_col

SIZE = 6
CELL_W = 7
WIDE_CELL_W = 10
LABEL_W = 2
SPECIALITY_CLASSES = tuple(f"ward--s{i}" for i in range(7))
#: (what a ward space shows, its size, the styles) -> its lines, as strips: shared by
#: every ward of the process (a server's sessions), the most recently used last.
#: A cursor move draws the two spaces it changes from here (issue 33).
_CELL_STRIPS: dict[tuple, list[Strip]] = {}
#: Spaces kept (a look is a few hundred bytes; 36 spaces × a few looks a game).
CELL_STRIPS_KEPT = 4096


@dataclass(frozen=True)
class GridView:
    """What the grid shows: the state, the legal stopping spaces (space -> its ``Move``),
    staff-card target spaces and those picked so far, the face-down patients the
    player shown has looked at before (space -> patient: drawn on the card's back), and
    whose eyes the cards are seen with (``viewer``: a seat, ``None`` for nobody's)."""

    state: GameState
    stops: dict[int, Move] = field(default_factory=dict)
    targets: frozenset[int] = frozenset()
    picked: tuple[int, ...] = ()
    peeked: dict = field(default_factory=dict)
    viewer: int | None = None

    @cached_property
    def seen(self) -> PlayerView:
        """The game as ``viewer`` sees it: all the grid draws cards from."""
        return player_view(self.state, self.viewer)


def line_to(doctor: int, cell: int) -> tuple[str, int, tuple[int, ...]] | None:
    """(direction name, steps, spaces strictly between) if ``cell`` is in a straight line
    from the Doctor's space, else ``None`` (geometry only, no rules)."""
    for direction, ray in RAYS[doctor].items():
        if cell in ray:
            steps = ray.index(cell) + 1
            return direction.value, steps, ray[: steps - 1]
    return None


class WardGrid(Widget, can_focus=True):
    """The ward. Arrows / hjkl / wasd move the selection, Enter confirms it."""

    #: no text selection with the mouse (a click chooses a space): the spaces' strips are
    #: kept without a selection's colours (``_CELL_STRIPS``)
    ALLOW_SELECT = False

    DEFAULT_CSS = """
    WardGrid { width: 51; height: 13; }
    WardGrid > .ward--label { color: $text-muted; }
    WardGrid > .ward--card { background: $panel; }
    WardGrid > .ward--back { color: $text-muted; background: $panel-darken-1; }
    WardGrid > .ward--empty { color: $text-disabled; }
    WardGrid > .ward--doctor { color: $text-accent; text-style: bold; }
    WardGrid > .ward--stop { color: $text-success; text-style: bold; }
    WardGrid > .ward--passed { text-style: underline; }
    WardGrid > .ward--target { color: $text-warning; text-style: bold; }
    WardGrid > .ward--picked { color: $text-warning; text-style: bold reverse; }
    WardGrid > .ward--cursor { text-style: bold reverse; }
    WardGrid > .ward--s0 { color: $text-error; }
    WardGrid > .ward--s1 { color: $text-primary; }
    WardGrid > .ward--s2 { color: $text-warning; }
    WardGrid > .ward--s3 { color: $accent-lighten-3; text-style: bold; }
    WardGrid > .ward--s4 { color: $text-success; }
    WardGrid > .ward--s5 { color: $text-secondary; }
    WardGrid > .ward--s6 { color: $foreground; text-style: italic; }
    """
    COMPONENT_CLASSES = {
        "ward--label", "ward--card", "ward--back", "ward--empty", "ward--doctor",
        "ward--stop", "ward--passed", "ward--target", "ward--picked", "ward--cursor",
        *SPECIALITY_CLASSES,
    }
    BINDINGS = [
        Binding("up,k,w", "cursor(-1, 0)", "Select", key_display="↑/k/w", show=False, id="ward.up"),
        Binding("down,j,s", "cursor(1, 0)", "Select", key_display="↓/j/s", show=False, id="ward.down"),
        Binding("left,h,a", "cursor(0, -1)", "Select", key_display="←/h/a", show=False, id="ward.left"),
        Binding("right,l,d", "cursor(0, 1)", "Select", key_display="→/l/d", show=False, id="ward.right"),
        Binding("enter,space", "choose", "Go", id="ward.choose"),
    ]

    #: the selected space; moving it repaints only the spaces whose look changes
    cursor: reactive[int] = reactive(0, repaint=False)

    @dataclass
    class Chosen(Message):
        """The player confirmed ``cell``."""

        cell: int

    def __init__(self, glyphs: Glyphs = UNICODE, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.view: GridView | None = None

    def show(self, view: GridView) -> None:
        """Draw ``view`` from now on (nothing is sent to the terminal if it is unchanged)."""
        old, self.view = self.view, view
        if old is None or old.state is not view.state or old.stops != view.stops \
                or old.targets != view.targets or old.picked != view.picked or old.peeked != view.peeked \
                or old.viewer != view.viewer:
            self.refresh()

    def watch_cursor(self, old: int, cell: int) -> None:
        # the spaces passed on the way to both selections look the same before and after
        # (no message: the screen follows ``cursor`` with ``watch``; a message nobody
        # handled bubbled through every container to the app, at each key)
        self._repaint_cells({old, cell, *(set(self._passed(old)) ^ set(self._passed(cell)))})

    def _repaint_cells(self, cells: set[int]) -> None:
        """Repaint only ``cells`` (with the gaps either side, where the cursor's brackets
        are): a cursor move then costs a few hundred bytes over SSH, not the whole ward."""
        if self.view is None or not self.size:
            return
        w, h = self._cell_w(), self._cell_h()
        self.refresh(*(
            Region(LABEL_W + (cell % SIZE) * (w + 1), 1 + (cell // SIZE) * h, w + 2, h)
            for cell in cells
        ))

    def action_cursor(self, drow: int, dcol: int) -> None:
        row, col = row_col(self.cursor)
        self.cursor = min(SIZE - 1, max(0, row + drow)) * SIZE + min(SIZE - 1, max(0, col + dcol))

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def on_click(self, event: events.Click) -> None:
        cell = self._cell_at(event.x, event.y)
        if cell is not None:
            self.cursor = cell
            self.post_message(self.Chosen(cell))

    def _cell_h(self) -> int:
        return 3 if self.size.height >= 1 + 3 * SIZE else 2

    def _cell_w(self) -> int:
        return WIDE_CELL_W if self.size.width >= LABEL_W + 1 + SIZE * (WIDE_CELL_W + 1) else CELL_W

    def _cell_at(self, x: int, y: int) -> int | None:
        w = self._cell_w()
        col, row = (x - LABEL_W - 1) // (w + 1), (y - 1) // self._cell_h()
        inside = (x - LABEL_W - 1) % (w + 1) < w
        return row * SIZE + col if inside and 0 <= row < SIZE and 0 <= col < SIZE and y >= 1 else None

    # -- drawing -------------------------------------------------------------------------

    def _style(self, name: str) -> Style:
        styles = self.__dict__.setdefault("_styles", {})  # forgotten on a style update
        if name not in styles:
            styles[name] = self.get_component_rich_style(name, partial=True)
        return styles[name]

    def render(self) -> Text:
        """The whole ward as one text (what ``render_line`` draws a band at a time)."""
        bands = [self._band_text(0)]
        if self.view is not None:
            bands += [self._band_text(row + 1) for row in range(SIZE)]
        return Text("\n", no_wrap=True, overflow="crop").join(bands)

    def _band_text(self, band: int) -> Text:
        """Band 0: the column letters; band ``row + 1``: that row of spaces (2 or 3
        lines). The last band loses its trailing blanks, as a whole render did."""
        text = Text(no_wrap=True, overflow="crop")
        label = self._style("ward--label")
        w = self._cell_w()
        if band == 0:
            head = " " * (LABEL_W + 1) + "".join(f"{c:^{w}} " for c in "ABCDEF")
            text.append(head.rstrip(), label)
            return text
        row, cell_h = band - 1, self._cell_h()
        for line in range(cell_h):
            text.append(f"{row + 1} " if line == 0 else " " * LABEL_W, label)
            for col in range(SIZE):
                self._append_cell(text, row * SIZE + col, line, w)
            end = self.cursor == row * SIZE + SIZE - 1
            text.append("]" if end else " ", self._style("ward--cursor") if end else Style())
            if line < cell_h - 1:
                text.append("\n")
        if row == SIZE - 1:
            text.rstrip()
        return text

    # -- drawing a band at a time: a cursor move renders two rows, not the whole ward ----

    def _band_of(self, y: int) -> int:
        return 0 if y == 0 else 1 + (y - 1) // self._cell_h()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False):
        """Textual's ``refresh``; the bands under ``regions`` (all, without) are drawn anew."""
        bands = getattr(self, "_bands", None)
        if bands:
            if not regions or layout or recompose:
                bands.clear()
            else:
                for region in regions:
                    for y in range(region.y, region.bottom):
                        bands.pop(self._band_of(y), None)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        getattr(self, "_bands", {}).clear()
        self.__dict__.pop("_styles", None)
        self.__dict__.pop("_style_key", None)
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        """Line ``y``, from the cached strips of its band (drawn when first asked)."""
        width = self.size.width
        key = (self.size, self.view is None)
        if getattr(self, "_bands_key", None) != key:
            self._bands, self._bands_key = {}, key
        band = self._band_of(y)
        if self.view is None and band > 0 or band > SIZE:
            return Strip.blank(width, self.visual_style.rich_style)
        strips = self._bands.get(band)
        if strips is None:
            if band == 0:
                strips = self._to_strips(self._band_text(0), width, 1, self.visual_style)
            elif self._bands.keys() - {0}:  # a few rows changed: from the pieces kept
                strips = self._band_strips(band - 1)
            else:  # the whole ward (first frame, resize, new state): each row at once is quicker
                for row in range(SIZE):
                    self._bands[row + 1] = self._to_strips(self._band_text(row + 1), width, self._cell_h(),
                                                           self.visual_style)
                strips = self._bands[band]
            self._bands[band] = strips
        start = 0 if band == 0 else 1 + (band - 1) * self._cell_h()
        index = y - start
        return strips[index] if index < len(strips) else Strip.blank(width, self.visual_style.rich_style)

    def _to_strips(self, text: Text, width: int, lines: int, style) -> list[Strip]:
        from textual.content import Content
        from textual.visual import Visual

        return Visual.to_strips(self, Content.from_rich_text(text, console=self.app.console), width, lines, style)

    def _band_strips(self, row: int) -> list[Strip]:
        """The lines of ``row`` of spaces: its label, each space and the closing column
        joined, each piece drawn once for its look (``_CELL_STRIPS``); the same lines as
        ``_band_text`` drawn whole (the last row loses its trailing blanks too)."""
        w, h, style = self._cell_w(), self._cell_h(), self.visual_style
        passed = set(self._passed())
        pieces = [self._piece(("label", row), 0, w, h, style, lambda: self._label_text(row, h))]
        for col in range(SIZE):
            cell = row * SIZE + col
            pieces.append(self._piece(self._look(cell, passed), LABEL_W + col * (w + 1), w, h, style,
                                      lambda cell=cell: self._cell_text(cell, w, h)))
        end = self.cursor == row * SIZE + SIZE - 1
        pieces.append(self._piece(("end", end), LABEL_W + SIZE * (w + 1), w, h, style, lambda: self._end_text(end, h)))
        lines = [Strip.join(piece[i] for piece in pieces) for i in range(h)]
        if row == SIZE - 1:  # as Text.rstrip on the whole ward: the last line's trailing blanks go
            last = lines[-1]
            lines[-1] = last.crop(0, cell_len(last.text.rstrip()))
        return lines

    def _piece(self, look: tuple, x: int, w: int, h: int, style, draw) -> list[Strip]:
        """The strips of one piece of a row (a space, its label, the closing column) that
        looks like ``look`` and starts at column ``x``: from ``_CELL_STRIPS``, or drawn by
        ``draw()`` (a ``Text``), with the offsets of text selection that the whole row
        drawn at once gives its characters."""
        key = (look, x, w, h, self._styles_key(), style)
        strips = _CELL_STRIPS.pop(key, None)
        if strips is None:
            text = draw()
            width = max(map(cell_len, text.plain.split("\n")))
            strips = [s.apply_offsets(x, y) for y, s in enumerate(self._to_strips(text, width, h, style))]
            while len(_CELL_STRIPS) >= CELL_STRIPS_KEPT:
                _CELL_STRIPS.pop(next(iter(_CELL_STRIPS)))
        _CELL_STRIPS[key] = strips  # used last: evicted last
        return strips

    def _styles_key(self) -> tuple:
        """The component styles and glyphs a space is drawn with (forgotten on a style update)."""
        key = self.__dict__.get("_style_key")
        if key is None:
            names = sorted(self.COMPONENT_CLASSES)
            key = self.__dict__["_style_key"] = (tuple(self._style(n) for n in names), repr(self.glyphs))
        return key

    def _look(self, cell: int, passed: set[int]) -> tuple:
        """Everything ``_append_cell`` draws ``cell`` from, as a key."""
        view = self.view
        state = view.seen
        card = state.ward[cell]
        mark = 1 if cell in view.picked else 2 if cell in view.targets else 3 if cell in view.stops else 0
        peeked = view.peeked.get(cell) if card is not None and not card.face_up else None
        return (cell, card, cell == self.cursor, bool(cell % SIZE) and cell - 1 == self.cursor, mark,
                card is not None and cell in passed, cell == state.doctor, len(state.seats) == 1, peeked)

    def _label_text(self, row: int, h: int) -> Text:
        label = self._style("ward--label")
        return Text("\n", no_wrap=True, overflow="crop").join(
            Text(f"{row + 1} " if line == 0 else " " * LABEL_W, label) for line in range(h))

    def _cell_text(self, cell: int, w: int, h: int) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        for line in range(h):
            if line:
                text.append("\n")
            self._append_cell(text, cell, line, w)
        return text

    def _end_text(self, end: bool, h: int) -> Text:
        style = self._style("ward--cursor") if end else Style()
        return Text("\n", no_wrap=True, overflow="crop").join(Text("]" if end else " ", style) for _ in range(h))

    def _passed(self, cursor: int | None = None) -> tuple[int, ...]:
        """The spaces between the Doctor and ``cursor`` (the selection by default)."""
        view = self.view
        found = line_to(view.state.doctor, self.cursor if cursor is None else cursor) if view else None
        return found[2] if found else ()

    def _append_cell(self, text: Text, cell: int, line: int, w: int) -> None:
        view, g = self.view, self.glyphs
        state = view.seen
        card = state.ward[cell]
        is_cursor = cell == self.cursor
        left_cursor = is_cursor or (cell % SIZE and cell - 1 == self.cursor)
        gap = "[" if is_cursor else ("]" if left_cursor else " ")
        text.append(gap, self._style("ward--cursor") if left_cursor else Style())
        mark, mark_style = " ", Style()
        if cell in view.picked:
            mark, mark_style = g.picked, self._style("ward--picked")
        elif cell in view.targets:
            mark, mark_style = g.target, self._style("ward--target")
        elif cell in view.stops:
            mark, mark_style = g.stop, self._style("ward--stop")
        passed = card is not None and cell in self._passed()
        if passed and not mark.strip():
            mark, mark_style = g.passed, self._style("ward--passed")
        doctor = cell == state.doctor
        if card is None:
            base = self._style("ward--empty")
            doc = g.doctor + ("DOCTOR" if w == CELL_W else " DOCTOR")
            body = (doc.center(w) if doctor else "·".center(w)) if line == 0 else ""
            body_style = self._style("ward--doctor") if doctor else base
        elif card.face_up:
            base = self._style("ward--card")
            spec = self._style(SPECIALITY_CLASSES[card.patient.speciality.index])
            obs = card.under_observation
            if line == 0:
                stars = f"{card.patient.stars}{g.star}" if w == CELL_W else g.star * card.patient.stars
                body = f"{card.patient.speciality.short} {stars}"
                body_style = base + spec
            elif line == 1:
                tag = (g.doctor + "DOC") if doctor else ("obs" if obs else "")
                # the arrow matters only in the Night Shift (its forced moves)
                arrow = g.arrows[card.patient.arrow.value] if len(state.seats) == 1 else " "
                body = f"{arrow} {tag:<4}"
                body_style = base + (self._style("ward--doctor") if doctor else spec)
            else:
                body = f"{cell_name(cell)} {'obs' if obs and doctor else ''}".ljust(6)
                body_style = base + self._style("ward--label")
        else:
            base = self._style("ward--back")
            seen = card.patient or view.peeked.get(cell)  # named only to who looked
            if line == 0 and seen is not None:  # this player's Junior Doctor looked at it
                body = f"{seen.speciality.short}{seen.stars}{g.star}?".center(w)
            elif line == 0:
                k = (w - 3) // 2
                body = f"{g.back * k} ? {g.back * k}"
            elif line == 1:
                body = (g.doctor + "DOC").ljust(w - 1) if doctor else g.back * (w - 1)
            else:
                body = f"{cell_name(cell)}".ljust(6)
            body_style = base + (self._style("ward--doctor") if doctor and line == 1 else Style())
        cursor_style = self._style("ward--cursor") if is_cursor else Style()
        if passed:
            cursor_style += self._style("ward--passed")
        if line != 1:
            text.append(body[:w].ljust(w), body_style + cursor_style)
        else:
            text.append(body[: w - 1].ljust(w - 1), body_style + cursor_style)
            text.append(mark, base + mark_style + cursor_style)
