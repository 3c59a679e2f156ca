"""The game screen's two status lines: who decides and what to do (``instruction``),
then what is under the cursor (``cursor_line``). Plain functions of the screen's
parts, read only: the state, the clinic shown (``screen.clinic``), the floor cursor
(``screen.clinic_board``: placing / moving, targets) and the notepad cursor
(``screen.main_board``).
"""

from __future__ import annotations

from clinic_tui import choices
from core.clinic.board import Space
from core.clinic.components import Role
from core.clinic.expansions import path_notes
from core.clinic.game import Phase
from core.clinic.movement import cheapest_path, time_to_record
from core.errors import GameError
from tui_common.levels import computer_says


def article(word: str) -> str:
    """"an" before a vowel sound ("an orange patient"), else "a"."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def instruction(screen) -> str:
    """What the player deciding now is asked to do, in a few words with its keys."""
    state = screen.state
    emergency = getattr(screen, "emergency", None)
    if emergency is not None:
        said = emergency.instruction()
        if said is not None:
            return said
    board = screen.clinic_board
    if not screen.own_view:
        return f"looking at {screen.names[screen.view_seat]}'s clinic · v to go back"
    if board.placement is not None:
        step = " (second stop)" if board.placement.picked else ""
        return f"{board.placement.name}{step}: {screen.glyphs.target}+Enter · Esc"
    if board.moving is not None:
        person = screen.clinic.person(board.moving.pid)
        return f"move {person}: {screen.glyphs.target}+Enter · Esc"
    phase = state.phase
    if phase is Phase.ADMIT:
        if screen.main_board.np_held:
            return f"QP {state.step.qp}: an arrow moves the patient · Esc"
        return f"QP {state.step.qp}: Enter pick up, a admit, d done"
    if phase is Phase.MOVE:
        raw = screen.clinic.move_time
        rec = time_to_record(raw, screen.clinic.board.has_triage)
        tri = f" ({rec} after triage)" if screen.clinic.board.has_triage else ""
        return f"Move, time {raw}{tri}: m people · e end"
    if phase is Phase.BUILD:
        return f"Build {state.step.builds}/2: m components · d done"
    if phase is Phase.REMOVE_CAR:
        n = state.players[state.current].cars_owed
        return f"remove {n} car{'s' if n != 1 else ''} of your choice: {screen.glyphs.target} on the board (m)"
    if phase is Phase.START_CAR or choices.car_marks(state, screen.legal()):
        return f"park your starting car: {screen.glyphs.target} on the board (m)"
    return {
        Phase.SELECT: "choose an action tile (m)",
        Phase.BONUS: "take a bonus tile (m)",
        Phase.BONUS_PLACE: "place your free tile (m)",
        Phase.EXPERT_SETUP: "build your initial clinic (m)",
        Phase.HIRE: "Hire: m to choose · d done",
        Phase.BUY_POPULARITY: "buy popularity (m)",
    }.get(phase, "")


def cursor_line(screen) -> str:
    """What the cursor is on: a notepad space in the Admit phase, else the clinic's
    space (its tile, room service, people; a ◆ target's cost or a move's path)."""
    state = screen.state
    if screen.admit_mode():
        r, i = screen.main_board.np_cursor
        colour = state.notepad[r][i]
        what = f"{article(str(colour))} {colour} patient" if colour is not None else "empty"
        last = " (marked column: a admits)" if i == len(state.notepad[r]) - 1 else ""
        return f"Notepad {state.services[r]} space {i + 1}: {what}{last}"
    clinic, cursor = screen.clinic, screen.clinic_board
    board = clinic.board
    space = cursor.cursor
    tile = board.tile_at(space)
    text = f"{space}: {tile if tile is not None else 'empty'}"
    module = board.module_at(space)
    if module is not None and module.kind.value in ("treatment_room", "operating_room"):
        service = board.room_service(space)
        text += f" ({service})" if service else " (no service hub beside it)"
        if module.kind.value == "treatment_room":
            text += ", working" if space in board.working_treatment_rooms else ", not working"
    if space in board.conveyor_stops:
        text += ", conveyor stop"
    people = [str(p) for p in clinic.at(space)]
    if people:
        text += " · " + ", ".join(people)
    targets = cursor.targets()
    if space in targets:
        if cursor.moving is not None:
            person = clinic.person(cursor.moving.pid)
            try:
                t, steps = cheapest_path(board, person.where, space, person.role is Role.PATIENT)
                names = [s.name if isinstance(s, Space) else ("pre" if hasattr(s, "service") else "E") for s in steps]
                total = clinic.move_time + t
                rec = time_to_record(total, board.has_triage)
                gaze = path_notes(state, board, steps) if state.config.options else ""
                text = (f"{screen.glyphs.target} {space}: time {t}{f' ({gaze})' if gaze else ''}"
                        f" via {'>'.join(names)}; total {total}"
                        + (f", triage → {rec}" if board.has_triage else ""))
            except GameError:
                pass
        else:
            text = f"{screen.glyphs.target} {targets[space]}: {text}"
    return text


def status_lines(screen) -> str:
    """Both lines, with Rich markup (the name in bold)."""
    from rich.markup import escape

    state = screen.state
    if state.phase is Phase.OVER:
        return "The game is over."
    who = screen.names[state.current]
    if screen.is_cpu_turn:
        first = f"{computer_says(who)} is thinking: {state.phase.value}…"
    else:
        first = f"[b]{escape(who)}[/b]: " + instruction(screen)
    return first + "\n" + escape(cursor_line(screen))
