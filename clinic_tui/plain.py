"""``clinic --plain``: Clinic as a conversation in plain text, for screen readers and
braille displays (``docs/accessibility.md``).

The conversation is ``tui_common.plain``; this module gives it Clinic's words: core's
narration for actions, the Business and Admin reports and the end breakdown of
``clinic_tui.reports``, and the clinics and the main board read from ``player_view``
of the player being served (another player's face-down action tile is never named).
Saves are the app's (``clinic_tui.saving``).
"""

from __future__ import annotations

import re

from clinic_tui import reports, saving
from clinic_tui.config import Options, parse_players
from tui_common.cli import LEVEL_WORDS
from core.clinic.board import Space
from core.clinic.components import Colour, Module, ModuleKind, ParkingTile, Role
from core.clinic.game import Phase, legal_actions
from core.clinic.game.end import goal_status
from clinic_tui import emergency as ed_text
from core.clinic.expansions.emergency import in_play
from core.clinic.game.narration import decision_text, describe, option_text, person_name
from core.clinic.game.view import PlayerView, player_view
from core.clinic.people import PreAdmissions
from core.record import imported_later
from tui_common.plain.game import PlainGame
from tui_common.plain.start import run
from tui_common.plain.text import counted

_PLACE = re.compile(r"^([a-d])([1-4])$")


def _people(clinic, where) -> str:
    here = clinic.at(where)
    return ", with " + ", ".join(person_name(p) for p in here) if here else ""


def space_words(board, clinic, space: Space) -> str:
    """``"treatment room, psychiatry, working, with yellow doctor 1"`` or ``"empty"``."""
    tile = board.tile_at(space)
    if tile is None:
        text = "empty"
    elif isinstance(tile, ParkingTile):
        text = f"{tile}, {counted(tile.cars, 'car')} parked"
    else:
        text = str(tile)
    if isinstance(tile, Module) and tile.kind in (ModuleKind.TREATMENT_ROOM, ModuleKind.OPERATING_ROOM):
        service = board.room_service(space)
        working = (board.working_treatment_rooms if tile.kind is ModuleKind.TREATMENT_ROOM
                   else board.working_operating_rooms())
        text += (f", {service}" if service else ", not connected to a service hub")
        text += ", working" if space in working else ", not working"
    if space in board.conveyor_stops:
        text += ", a conveyor stop"
    return text + _people(clinic, space)


def floor_line(clinic, floor: int) -> str:
    """``"Floor 0: A1 empty, B1 garden, …"``: every space of the floor, in reading
    order (an upper floor with nothing built in one sentence)."""
    board = clinic.board
    spaces = board.spaces(floor)
    if floor and not any(board.tile_at(s) for s in spaces):
        return f"Floor {floor}: nothing built."
    return f"Floor {floor}: " + ", ".join(f"{s.name} {space_words(board, clinic, s)}" for s in spaces) + "."


def clinic_lines(view: PlayerView, seat: int) -> list[str]:
    """One player's clinic floor by floor (every space of a floor that has anything
    built), then its entrances, cars and pre-admissions."""
    p = view.players[seat]
    clinic, board = p.clinic, p.clinic.board
    lines = [f"{p.name}'s clinic, {board.cols} columns A to {chr(ord('A') + board.cols - 1)}"
             f" by {board.rows} rows, row 1 at the north:"]
    lines += [floor_line(clinic, floor) for floor in range(4)]
    entrances = [f"{b}{_people(clinic, b)}" for b in board.entrances]
    lines.append("Entrances: " + ("; ".join(entrances) if entrances else "none") + ".")
    cars = sorted(str(b) for b in board.border_cars)
    lines.append(f"Cars parked on borders: {', '.join(cars) if cars else 'none'}.")
    waiting = [f"{where.service}: " + ", ".join(person_name(x) for x in clinic.at(where))
               for where in sorted({q.where for q in clinic.people if isinstance(q.where, PreAdmissions)}, key=str)]
    lines.append("Pre-admissions: " + ("; ".join(waiting) if waiting else "nobody waiting") + ".")
    return lines


def _colours(cells) -> str:
    return ", ".join(str(c) if c is not None else "empty" for c in cells)


def main_board_lines(view: PlayerView) -> list[str]:
    """The main board: turn order, appointments, bags, university, staff for hire,
    the tiles left."""
    names = [p.name for p in view.players]
    lines = ["The main board:", "Turn order: " + ", ".join(names[s] for s in view.turn_order) + "."]
    for service, row in zip(view.services, view.notepad):
        lines.append(f"{service} appointments, spaces 1 to 5 (5 is admitted first): {_colours(row)}.")
    bag = ", ".join(f"{n} {Colour(c)}" for c, n in enumerate(view.patient_pool) if n)
    lines.append(f"Patient bag: {bag or 'empty'}.")
    uni = ", ".join(f"space {i + 1} " + (f"{c} doctor" if c is not None else "empty")
                    for i, c in enumerate(view.university))
    lines.append(f"University: {uni}.")
    lines.append(f"Nurses left this round: {view.nurses[min(view.round, len(view.nurses)) - 1]};"
                 f" orderlies left: {view.orderlies}; supply rooms left: {view.supply_rooms};"
                 f" cars in the lot: {view.cars_lot}.")
    for label, stacks in (("Service hub stacks", view.hub_stacks), ("Special module stacks", view.special_stacks)):
        told = [f"{st.module} {st.left} left" + ("" if st.face_up or not st.left else ", top face down")
                for st in stacks]
        lines.append(f"{label}: {'; '.join(told) if told else 'none'}.")
    if view.bonus_tiles:
        lines.append("Bonus tiles: " + "; ".join(str(t) for t in view.bonus_tiles) + ".")
    return lines


_APPOINTMENT = re.compile(r"^(move the \w+ (.+?) appointment in space \d)")
_SIDE = re.compile(r"^(.*?)\b(?:on )?the border (north|east|south|west) of \w+$")


def _a(word: str) -> str:
    """``"a north"``, ``"an east"``."""
    return ("an " if word[0] in "aeiou" else "a ") + word


def text_steps(words: str) -> tuple[str, ...]:
    """Group labels read from an action's words, each a readable phrase on its own:
    ``"build a garden at floor 0 A1 ($1)"`` -> ``("build a garden", "build a garden at
    floor 0")``; ``"hire a nurse for $1, arriving at X, car parked on the border west
    of A1"`` -> ``("hire a nurse for $1", "… arriving at X", "… car parked on a west
    border")``."""
    clauses = words.split(", ")
    head, out = clauses[0], []
    if " at floor " in head:
        what, _, where = head.partition(" at floor ")
        floor, _, space = where.partition(" ")
        out += [what, f"{what} at floor {floor}", f"{what} at floor {floor} {space.split(' ', 1)[0]}"]
    elif (shift := _APPOINTMENT.match(head)) is not None:
        out += [f"move a {shift[2]} appointment", shift[1]]
    elif head.startswith("admit "):
        out += ["admit a patient", head]
    elif head.startswith("move ") and " to " in head:
        out.append(head.split(" to ", 1)[0])
    elif (side := _SIDE.match(head)) is not None:
        out.append(f"{side[1]}on {_a(side[2])} border")
    else:
        out.append(head)
    for k, clause in enumerate(clauses[1:], 1):
        side = _SIDE.match(clause)
        if side is not None:
            out.append(f"{head}, {side[1]}on {_a(side[2])} border")
        elif k < len(clauses) - 1:
            out.append(", ".join(clauses[:k + 1]))
    return tuple(out)


class ClinicPlain(PlainGame):
    """Clinic for ``tui_common.plain``."""

    title = "Clinic"
    prog = "clinic"
    setup_question = (
        "Who plays? Type the players' names separated by commas; cpu:medium adds a computer player"
        f" (levels: {', '.join(LEVEL_WORDS)}); a name ending in + plays the expert side."
        " One name alone plays solitaire (clinic --goal chooses its goal)."
    )
    cpu_example = "medium"

    save_folder = staticmethod(saving.folder)
    load = staticmethod(saving.load_record)
    new_record = staticmethod(saving.new_record)
    options_for = staticmethod(saving.options_for)
    make_bot = staticmethod(imported_later("core.clinic.game.bots", "make_bot"))
    legal = staticmethod(legal_actions)
    describe = staticmethod(describe)
    option_text = staticmethod(option_text)

    @staticmethod
    def parse_players(options: Options, text: str) -> tuple:
        return parse_players(text, expert=options.expert)

    def decision(self, state) -> str:
        return f"{self.names[state.current]}: {decision_text(state)}."

    command_help = {
        "look PLACE": "describe one space of your clinic, e.g. look B2 or look B2 floor 1",
        "board": "your clinic and the main board (board main, board 1, board NAME: one part)",
        "status": "popularity, money, cured patients and the round (score does the same)",
        "hand": "your action tiles, your money and your staff",
        "time": None,  # Clinic has no clock
    }

    def steps(self, state, action, words: str) -> tuple[str, ...]:
        """Groups from the action's words: what is built, then on which floor; who is
        hired or moved, then where they arrive, then on which side the car parks."""
        from core.clinic.construction import BuildModule
        from core.clinic.game.actions import Construct

        steps = text_steps(words)
        if isinstance(action, Construct):  # rooms and hubs apart from what is built around them
            first = "build a module" if isinstance(action.build, BuildModule) else "build outside the modules"
            if "service hub" in steps[0]:
                steps = ("build a service hub", *steps)
            return (first, *steps)
        return steps

    def private_now(self, state) -> bool:
        return state.phase is Phase.SELECT  # the action tile is chosen face down

    def reports(self, before, after) -> list[str]:
        lines: list[str] = []
        for title, body in reports.after_action(before, after):
            lines.append(f"{title}:")
            for line in body.splitlines():  # a player's name, then their indented lines
                if line.startswith("University:"):  # letters and dots: said in words
                    line = "University: " + ", ".join(str(c) if c is not None else "empty" for c in after.university)
                if line.strip():
                    lines.append(f"{line}:" if line in self.names else line.strip())
        return lines

    def opening(self) -> list[str]:
        first = self.record.states[0]
        order = ", ".join(self.names[s] for s in first.turn_order)
        goal = first.config.solo_goal
        return [*super().opening(), f"Turn order: {order}." + (f" Solitaire goal: {goal}." if goal else "")]

    # -- looking ---------------------------------------------------------------------------

    def _seat_named(self, text: str) -> int | None:
        text = text.strip().lower()
        return next((i for i, name in enumerate(self.names) if name.lower().startswith(text)), None) if text else None

    def board(self, seat: int, args: str) -> list[str]:
        """Your clinic and the main board; ``board 1``: your floor 1; ``board main``:
        the main board; ``board NAME``: that player's clinic."""
        view = player_view(self.state, seat)
        arg = args.strip().lower()
        if arg.isdigit() and 0 <= int(arg) <= 3:
            return [floor_line(view.players[seat].clinic, int(arg))]
        if arg in ("main", "main board"):
            return main_board_lines(view) + (ed_text.waiting_area_plain_lines(view) if in_play(view) else [])
        if arg in ("ed", "emergency") and in_play(view):  # The 911th Extension
            return [*ed_text.ed_plain_lines(view, seat), *ed_text.waiting_area_plain_lines(view)]
        other = self._seat_named(arg)
        if other is not None:
            return clinic_lines(view, other)
        if arg:
            return [f"board takes a floor from 0 to 3, main, or a player's name, e.g. board 1, board main or"
                    f" board {self.names[-1]}; {args.strip()!r} is none of them."]
        if in_play(view):  # The 911th Extension: the ED and the waiting area too
            return [*clinic_lines(view, seat), *ed_text.ed_plain_lines(view, seat), *main_board_lines(view),
                    *ed_text.waiting_area_plain_lines(view)]
        return [*clinic_lines(view, seat), *main_board_lines(view)]

    def look(self, seat: int, args: str) -> list[str]:
        words = [w for w in args.lower().replace(",", " ").split() if w != "floor"]
        floors = [int(w) for w in words if w.isdigit() and 0 <= int(w) <= 3]
        places = [m for w in words if (m := _PLACE.match(w))]
        if not places or len(floors) > 1:
            return [f"look takes a space and a floor, e.g. look B2 or look B2 floor 1; {args.strip()!r} is not one."]
        board = self.state.players[seat].clinic.board
        col, row = ord(places[0][1]) - ord("a"), int(places[0][2]) - 1
        space = Space(floors[0] if floors else 0, col, row)
        if not board.in_bounds(space):
            return [f"Your clinic has no space {space}: its floors are {board.cols} by {board.rows}."]
        view = player_view(self.state, seat)
        clinic = view.players[seat].clinic
        return [f"{space}: {space_words(clinic.board, clinic, space)}.", *self.naming(str(space))]

    def status(self, seat: int) -> list[str]:
        view = player_view(self.state, seat)
        lines = [f"Round {view.round} of 6, action {view.action} of 3, {view.phase.value} phase;"
                 f" {view.players[view.current].name} to decide."]
        for s in view.turn_order:
            p = view.players[s]
            chose = ""
            if view.phase is Phase.SELECT:
                chose = "; has chosen a tile" if view.has_selected[s] else "; is choosing a tile"
            lines.append(
                f"{p.name}: popularity {p.popularity}, ${p.money}{ed_text.status_money(p)}, time spent {p.time_spent},"
                f" {p.cured} patients cured ({p.cured_red} red), {p.dead} died{chose}."
            )
        status = goal_status(view)
        if status is not None:
            lines.append(f"Solitaire goal: {status}.")
        return lines

    def hand(self, seat: int) -> list[str]:
        view = player_view(self.state, seat)
        p = view.players[seat]
        tiles = ", ".join(str(t) for t in p.tiles)
        lines = [f"Your action tiles this round: {tiles or 'none left'}."]
        if view.selected and view.selected[seat] is not None:
            lines.append(f"Your selected tile{', face down' if view.hidden else ''}: {view.selected[seat]}.")
        staff = ", ".join(counted(len(p.clinic.of_role(r)), str(r), "orderlies" if r is Role.ORDERLY else None)
                          for r in (Role.DOCTOR, Role.NURSE, Role.ORDERLY, Role.PATIENT))
        lines.append(f"You have ${p.money} and {staff}.")
        return lines

    # -- the end ---------------------------------------------------------------------------

    def finished(self, piped: bool):
        from core.clinic.game import result
        from clinic_tui.config import LEVEL_NAMES
        from tui_common.history import finished_game

        res = result(self.state)
        won = bool(res.goal_met) if len(self.names) == 1 else None
        return finished_game("clinic", self.options, self.record, res.scores, res.winners, won, None, piped,
                             level_names=LEVEL_NAMES)

    def share_lines(self) -> list[str]:
        from core.clinic.share import share_text

        if len(self.names) != 1:
            return []
        return share_text(self.state, self.options.daily, practice=self.options.practice, ascii=True).splitlines()

    def summary(self) -> list[str]:
        lines = [line.strip() for line in reports.summary_text(self.state, self.names).splitlines()]
        lines = [line[2:] if line.startswith("> ") else line for line in lines if line]
        last = self.folder().last_game
        if last.exists():
            lines.append(f"The game is kept in {last}: {self.prog} --plain --replay {last} tells it again.")
        return ["The game is over.", *lines]


def main(options: Options, stdin=None, stdout=None) -> int:
    """``clinic --plain``: play with ``options``; the exit status."""
    if options.learn:  # clinic learn --plain: the lesson said before each decision
        from clinic_tui.lesson_plain import LearnPlain

        return run(LearnPlain, options, stdin, stdout)
    return run(ClinicPlain, options, stdin, stdout)
