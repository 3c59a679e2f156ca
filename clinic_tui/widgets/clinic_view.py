"""One player's clinic drawn floor by floor: modules with kind and service (letters as
well as colour), people by colour letter, conveyor stops, gardens, parking, cars on
borders, entrances, working / idle rooms, the cursor, legal places and a path.

The widget only draws what ``ClinicPicture`` tells it; the screen decides (from
``legal_actions``) what is a target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from clinic_tui.config import Glyphs
from core.clinic.board import Border, Space
from core.clinic.components import Garden, Helipad, ModuleKind, ParkingTile, Role
from core.clinic.people import Clinic, PreAdmissions

CELL = 9  # characters of a cell's content; one more for the marker column
KIND_ABBR = {
    ModuleKind.SERVICE_HUB: "HUB",
    ModuleKind.TREATMENT_ROOM: "TRT",
    ModuleKind.SUPPLY_ROOM: "SUP",
    ModuleKind.OPERATING_ROOM: "OPR",
    ModuleKind.LAB: "LAB",
    ModuleKind.OUTPATIENT_SERVICES: "OUT",
    ModuleKind.TRIAGE: "TRI",
}
KIND_STYLE = {
    ModuleKind.SERVICE_HUB: "bold magenta",
    ModuleKind.TREATMENT_ROOM: "bold dark_orange3",
    ModuleKind.SUPPLY_ROOM: "bold hot_pink3",
}
SPECIAL_STYLE = "bold dodger_blue2"
COLOUR_STYLE = ("bold", "bold yellow3", "bold dark_orange", "bold red", "bold magenta")  # + purple
# The mini-expansions' marks: letter + colour, never colour alone.
EXTINGUISHER_MARK = ("x", "bold red")  # on a module
ZOMBIE_MARK = ("Z", "bold green")  # on a module or ground-floor space, with a count
BLOOD_MARK = ("b", "bold red")  # a Blood token lying in a module, with a count
LYING_MARK = "_"  # after a person lying down (blood donor, exhausted workaholic)
ATOP_MARK = "^"  # a nurse standing on the patient she gave blood to


def service_abbr(service) -> str:
    return "---" if service is None else service.value[:3].capitalize()


@dataclass
class ClinicPicture:
    """What to draw: ``clinic``; ``floors`` shown; ``cursor``; ``targets`` (space ->
    short label such as ``$3`` or ``t2``); ``path`` spaces; ``picked`` spaces; ``title``;
    ``cars``: car spots to pick from (a border or a parking tile's space -> a short
    label such as ``1``), highlighted like targets."""

    clinic: Clinic
    floors: tuple[int, ...] = (0,)
    cursor: Space | None = None
    targets: dict = field(default_factory=dict)
    path: frozenset = frozenset()
    picked: tuple = ()
    title: str = ""
    tabs: bool = True
    cars: dict = field(default_factory=dict)
    carrying: frozenset = frozenset()  # ids of the nurses carrying a Blood token


class ClinicView(Widget):
    """Draws a ``ClinicPicture`` (set with ``show``)."""

    COMPONENT_CLASSES = {"clinic--cursor", "clinic--target", "clinic--path", "clinic--muted"}
    DEFAULT_CSS = """
    ClinicView { height: auto; width: auto; }
    ClinicView > .clinic--cursor { background: $accent 60%; text-style: bold; }
    ClinicView > .clinic--target { background: $success 25%; }
    ClinicView > .clinic--path { background: $warning 20%; }
    ClinicView > .clinic--muted { color: $text-muted; }
    """

    def __init__(self, glyphs: Glyphs, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.picture: ClinicPicture | None = None
        self._cache: tuple | None = None

    def show(self, picture: ClinicPicture) -> None:
        """Draw ``picture`` from now on. When only some lines change (a cursor move)
        only those are repainted: a few hundred bytes over SSH, not the whole clinic."""
        old = self._cache[1] if self._cache is not None and self._cache[0] is self.picture else None
        self.picture = picture
        self._cache = None
        if old is None or not self.size:
            self.refresh(layout=True)
            return
        new = self._lines()
        if len(new) != len(old) or max(map(len, new), default=0) != max(map(len, old), default=0):
            self.refresh(layout=True)
            return
        changed = [y for y, (was, now) in enumerate(zip(old, new)) if was != now]
        if changed:
            self.refresh(*(Region(0, y, self.size.width, 1) for y in changed))

    def notify_style_update(self) -> None:
        self._cache = None
        self.__dict__.pop("_strips", None)
        self.__dict__.pop("_kept", None)
        super().notify_style_update()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False):
        """Textual's ``refresh``; the lines under ``regions`` (all, without) are drawn anew."""
        strips = self.__dict__.get("_strips")
        if strips:
            if not regions or layout or recompose:
                strips.clear()
            else:
                for region in regions:
                    for y in range(region.y, region.bottom):
                        strips.pop(y, None)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        """Line ``y``, drawn once and kept until it changes (a cursor move draws only the
        lines it changes, not the whole clinic)."""
        from textual.content import Content
        from textual.visual import Visual

        if "_strips" not in self.__dict__ or self.__dict__.get("_strips_size") != self.size:
            self._strips, self._strips_size = {}, self.size  # (a style update forgets them)
        strip = self._strips.get(y)
        if strip is None:
            lines = self._lines()
            if y >= len(lines):
                return Strip.blank(self.size.width, self.visual_style.rich_style)
            visual = Content.from_rich_text(lines[y], console=self.app.console)
            strip = self._strips[y] = Visual.to_strips(self, visual, self.size.width, 1, self.visual_style)[0]
        return strip

    def get_content_width(self, container, viewport) -> int:
        lines = self._lines()
        return max((len(line) for line in lines), default=1)

    def get_content_height(self, container, viewport, width) -> int:
        return max(1, len(self._lines()))

    def render(self) -> Text:
        lines = self._lines()
        return Text("\n").join(lines) if lines else Text("")

    # -- drawing -------------------------------------------------------------------------

    def _lines(self) -> list[Text]:
        if self._cache is None or self._cache[0] is not self.picture:
            self._cache = (self.picture, self._draw())
        return self._cache[1]

    def _draw(self) -> list[Text]:
        pic = self.picture
        if pic is None:
            return []
        styles = {
            name: self.get_component_rich_style(f"clinic--{name}", partial=True)
            for name in ("cursor", "target", "path", "muted")
        }
        floors = [self._floor(pic, f, styles) for f in pic.floors]
        out: list[Text] = []
        if len(floors) == 1:
            out = floors[0]
        else:
            # two floors per row, top floors above
            order = sorted(pic.floors, reverse=True)
            blocks = {f: b for f, b in zip(pic.floors, floors)}
            for i in range(0, len(order), 2):
                pair = [blocks[f] for f in order[i : i + 2]]
                width = max(len(line) for line in pair[0])
                for j in range(max(len(b) for b in pair)):
                    line = Text()
                    for k, block in enumerate(pair):
                        part = block[j] if j < len(block) else Text("")
                        if k < len(pair) - 1:
                            part = part.copy()
                            part.pad_right(width + 2 - len(part))
                        line.append_text(part)
                    out.append(line)
        out.extend(self._outside(pic))
        return out

    def _floor(self, pic: ClinicPicture, floor: int, styles) -> list[Text]:
        board = pic.clinic.board
        cols, rows = board.cols, board.rows
        lines: list[Text] = []
        head = Text()
        if pic.tabs and len(pic.floors) == 1:
            head.append("Floor ")
            for f in range(4):
                if f == floor:
                    head.append(f"[{f}]", style="bold reverse")
                else:
                    head.append(f" {f} ", style=styles["muted"])
            head.append("  " + pic.title)
        else:
            head.append(f"Floor {floor}", style="bold")
            head.append("  " + pic.title if pic.title else "")
        lines.append(head)
        letters = Text("  ")
        for c in range(cols):
            letters.append(" " + chr(ord("A") + c).center(CELL + 1))
        lines.append(letters)
        kept = self._kept_for(pic, styles)
        found: dict = {}  # people_at, working: worked out once, for the first band drawn

        def cell(space: Space) -> list[Text]:
            look = (space, *self._cell_look(pic, space))
            texts = kept.get(look)
            if texts is None:
                if not found:
                    found["people_at"] = people_at = {}
                    for p in pic.clinic.people:
                        people_at.setdefault(p.where, []).append(p)
                    found["working"] = board.working_treatment_rooms
                texts = kept[look] = self._cell(pic, space, found["people_at"], found["working"], styles)
            return texts

        for r in range(rows):
            spaces = [Space(floor, c, r) for c in range(cols)]
            band_key = ("band", floor, r, tuple(self._cell_look(pic, space) for space in spaces))
            band = kept.get(band_key)
            if band is None:
                cells = [cell(space) for space in spaces]
                band = [self._hline(board, floor, r, cols, pic.cars, styles)]
                for k in range(3):
                    line = Text(f"{r + 1} " if k == 1 else "  ")
                    for c in range(cols):
                        line.append(self._vsep(board, floor, c, r, k, pic.cars, styles))
                        line.append_text(cells[c][k])
                    line.append(self._vsep(board, floor, cols, r, k, pic.cars, styles))
                    band.append(line)
                kept[band_key] = band
            lines.extend(band)
        lines.append(self._hline(board, floor, rows, cols, pic.cars, styles))
        return lines

    #: Cells and bands kept for one clinic, at the most (a cursor move adds two).
    KEPT = 600

    def _kept_for(self, pic: ClinicPicture, styles: dict) -> dict:
        """The cells and bands (a row of spaces: its top border and three lines) drawn
        for ``pic``'s clinic so far, by look; forgotten when the clinic, the carried
        Blood, the cars to pick or the styles change. A cursor move then draws the two
        cells it changes and joins their two bands, not the whole floor (issue 33: the
        server's cost per key)."""
        owner = (pic.carrying, pic.cars, styles, self.glyphs)
        held = self.__dict__.get("_kept")
        if held is None or held[0] is not pic.clinic or held[1] != owner or len(held[2]) > self.KEPT:
            held = self._kept = (pic.clinic, owner, {})
        return held[2]

    @staticmethod
    def _cell_look(pic: ClinicPicture, space: Space) -> tuple:
        """What a cell's drawing depends on besides the clinic: its target label, car
        label, path, pick and cursor marks."""
        return (pic.targets.get(space), pic.cars.get(space), space in pic.path, space in pic.picked,
                space == pic.cursor)

    def _hline(self, board, floor: int, y: int, cols: int, cars=None, styles=None) -> Text:
        g = self.glyphs
        line = Text("  +")
        for x in range(cols):
            seg = "-" * (CELL + 1)
            style = ""
            if floor == 0:
                border = Border(False, x, y)
                marks = []
                if border in board.entrances:
                    marks.append("ENTR")
                if border in board.border_cars:
                    marks.append("car" if g.car == "c" else f"{g.car}car")
                if cars and border in cars:
                    marks.append(f"{g.target}{cars[border]}")
                    seg = (" " + " ".join(marks) + " ").center(CELL + 1, "-")
                    line.append(seg, style=styles["target"] + Style(bold=True) if styles else "bold")
                    line.append("+")
                    continue
                if marks:
                    seg = (" " + " ".join(marks) + " ").center(CELL + 1, "-")
                    style = "bold"
            line.append(seg, style=style)
            line.append("+")
        return line

    def _vsep(self, board, floor: int, x: int, y: int, k: int, cars=None, styles=None) -> Text:
        if floor == 0:
            border = Border(True, x, y)
            if cars and border in cars and k != 0:  # a car to pick: car glyph, then its label
                car = k == 1 and border in board.border_cars
                mark = self.glyphs.car if car else cars[border][:1]
                return Text(mark, style=styles["target"] + Style(bold=True) if styles else "bold")
            if k == 0 and border in board.entrances:
                return Text("E", style="bold")
            if k == 1 and border in board.border_cars:
                return Text(self.glyphs.car, style="bold")
        return Text("|")

    def _cell(self, pic: ClinicPicture, space: Space, people_at, working, styles) -> list[Text]:
        board = pic.clinic.board
        g = self.glyphs
        tile = board.tile_at(space)
        people = people_at.get(space, [])
        rows = [Text(), Text(), Text()]
        if tile is None:
            rows[1].append(g.empty.center(CELL), style=styles["muted"])
        elif isinstance(tile, Garden):
            rows[0].append("garden", style="bold green")
        elif isinstance(tile, Helipad):
            rows[0].append("HELIPAD", style="bold")
        elif isinstance(tile, ParkingTile):
            rows[0].append(f"P {tile.cars}/{tile.capacity}", style="bold")
            rows[1].append(f"{g.car}" * tile.cars)
        else:
            kind = tile.kind
            rows[0].append(KIND_ABBR[kind], style=KIND_STYLE.get(kind, SPECIAL_STYLE))
            if kind is ModuleKind.SERVICE_HUB:
                rows[0].append(" " + service_abbr(tile.service))
            elif kind in (ModuleKind.TREATMENT_ROOM, ModuleKind.OPERATING_ROOM):
                service = board.room_service(space)
                rows[0].append(" " + service_abbr(service))
                ok = space in working if kind is ModuleKind.TREATMENT_ROOM else service is not None
                rows[0].append(" " + (g.working if ok else g.idle), style="bold green" if ok else "bold red")
        if space in board.extinguishers:
            rows[0].pad_right(CELL - 1 - len(rows[0]))
            rows[0].append(EXTINGUISHER_MARK[0], style=EXTINGUISHER_MARK[1])
        staff = [p for p in people if p.role is not Role.PATIENT]
        patients = [p for p in people if p.role is Role.PATIENT]
        if staff:
            rows[1] = self._people_text(staff, pic.carrying)
        zombies = board.zombies.count(space)
        if zombies:
            rows[2].append(ZOMBIE_MARK[0] + (str(zombies) if zombies > 1 else ""), style=ZOMBIE_MARK[1])
            rows[2].append(" ")
        if patients:
            rows[2].append("p")
            for p in patients:
                rows[2].append(p.colour.letter, style=COLOUR_STYLE[int(p.colour)])
        tokens = board.blood.count(space)
        if tokens:
            rows[2].append((" " if rows[2] else "") + BLOOD_MARK[0] + (str(tokens) if tokens > 1 else ""),
                           style=BLOOD_MARK[1])
        if space in board.conveyor_stops:
            pad = CELL - 1 - len(rows[2])
            rows[2].append(" " * max(0, pad))
            rows[2].append(g.conveyor, style="bold")
        label = pic.targets.get(space)
        if label is None and space in pic.cars:
            label = f"car{pic.cars[space]}"
        if label is not None:
            pad = CELL - len(label) - len(rows[2])
            if pad < 1:
                rows[2] = rows[2][: max(0, CELL - len(label) - 1)]
                pad = CELL - len(label) - len(rows[2])
            rows[2].append(" " * pad)
            rows[2].append(label, style="bold")
        out = []
        marker = [" ", " ", " "]
        if label is not None:
            marker[0] = g.target
        if space in pic.path:
            marker[2] = g.path
        if space in pic.picked:
            marker[0] = "#"
        if space == pic.cursor:
            marker[1] = g.cursor
        for k, row in enumerate(rows):
            row = row[:CELL]
            row.pad_right(CELL - len(row))
            cell = Text(marker[k], style="bold")
            cell.append_text(row)
            if space == pic.cursor:
                cell.stylize(styles["cursor"])
            elif label is not None or space in pic.picked:
                cell.stylize(styles["target"])
            elif space in pic.path:
                cell.stylize(styles["path"])
            out.append(cell)
        return out

    def _people_text(self, people, carrying=frozenset()) -> Text:
        text = Text()
        doctors = [p for p in people if p.role is Role.DOCTOR]
        nurses = sum(1 for p in people if p.role is Role.NURSE and not _special(p, carrying))
        orderlies = sum(1 for p in people if p.role is Role.ORDERLY and not p.lying)
        if doctors:
            text.append("d")
            for d in doctors:
                text.append(d.colour.letter, style=COLOUR_STYLE[int(d.colour)])
                if d.lying:
                    text.append(LYING_MARK)
        if nurses:
            text.append((" " if text else "") + f"n{nurses}")
        for p in people:  # expansions: lying, atop a patient, carrying blood
            if p.role is Role.NURSE and _special(p, carrying):
                text.append(" n" if text else "n")
                text.append(LYING_MARK if p.lying else ATOP_MARK if p.atop is not None else "")
                if p.id in carrying:
                    text.append(BLOOD_MARK[0], style=BLOOD_MARK[1])
        if orderlies:
            text.append((" " if text else "") + f"o{orderlies}")
        if any(p.role is Role.ORDERLY and p.lying for p in people):
            text.append((" " if text else "") + "o" + LYING_MARK)
        return text

    def _outside(self, pic: ClinicPicture) -> list[Text]:
        """People not on the grid: arriving (on entrances and helipads), and waiting in
        pre-admissions."""
        clinic = pic.clinic
        board = clinic.board
        arriving: dict = {}
        for p in clinic.people:
            if isinstance(p.where, Border):
                arriving.setdefault(f"E {p.where}", []).append(p)
            elif isinstance(p.where, Space) and isinstance(board.tile_at(p.where), Helipad):
                arriving.setdefault(f"helipad {p.where.floor}{p.where.name}", []).append(p)
        lines = []
        if arriving:
            text = Text("Arriving ", style="bold")
            for where, people in arriving.items():
                text.append(f"{where}: ")
                text.append_text(self._people_text(people))
                text.append("  ")
            lines.append(text)
        waiting = Text("Pre-admissions ", style="bold")
        groups: dict = {}
        for p in clinic.people:
            if isinstance(p.where, PreAdmissions):
                groups.setdefault(p.where.service, []).append(p)
        for service, people in groups.items():
            waiting.append(service_abbr(service) + " p")
            for p in people:
                waiting.append(p.colour.letter, style=COLOUR_STYLE[int(p.colour)])
            waiting.append("  ")
        if not groups:
            waiting.append("none")
        if clinic.abandoned_cars:  # Zombies: the cars of the dead and the mutated stay
            waiting.append(f"  abandoned cars {clinic.abandoned_cars}", style="bold green")
        lines.append(waiting)
        return lines

    @staticmethod
    def _who(person) -> Text | str:  # noqa: D102
        if person.role is Role.DOCTOR:
            return f"d{person.colour.letter}"
        if person.role is Role.PATIENT:
            return f"p{person.colour.letter}"
        return {Role.NURSE: "n", Role.ORDERLY: "o"}[person.role]


def _special(person, carrying) -> bool:
    """A nurse drawn on her own: lying (blood donor), atop a patient, or carrying blood."""
    return person.lying or person.atop is not None or person.id in carrying
