"""``clear-ward --plain``: Clear the Ward as a conversation in plain text, for screen
readers and braille displays (``docs/accessibility.md``).

The conversation is ``tui_common.plain``; this module gives it Clear the Ward's words:
core's narration for actions, and the ward, the status and the hand read from
``player_view`` of the player being served (a face-down patient is never named, nor
another player's staff cards). Saves are the app's (``clear_ward_tui.autosave``).
"""

from __future__ import annotations

import time

from clear_ward_tui import autosave
from clear_ward_tui.config import Options, parse_players
from tui_common.cli import LEVEL_WORDS
from core.clear_ward.actions import Move, UseStaff
from core.clear_ward import SPECIALITIES, EndReason, legal_actions, parse_cell, player_view, result
from core.clear_ward.constants import VICTORY_CARD_STARS, WARD_SIZE
from core.clear_ward.narration import decision_text, describe, option_text, top_doc_line
from core.clear_ward.view import CardView, PlayerView
from core.clear_ward.ward import cell_name
from core.record import GameRecord, imported_later
from tui_common.plain.game import PlainGame
from tui_common.plain.menu import cell_steps
from tui_common.plain.start import run
from tui_common.plain.text import counted


def _patient(patient) -> str:
    return f"{patient} arrow {patient.arrow.value}"


def card_words(card: CardView | None) -> str:
    """A ward space as its viewer knows it: "Psychiatry 2★ arrow up", "face down"."""
    if card is None:
        return "empty"
    if not card.face_up:
        return "face down" + (f" (you looked: {_patient(card.patient)})" if card.patient is not None else "")
    return _patient(card.patient) + (", under observation" if card.under_observation else "")


def space_words(view: PlayerView, cell: int) -> str:
    """``"C3 the Doctor, on Cardiology 2★ arrow left"`` or ``"B1 face down"``."""
    what = card_words(view.ward[cell])
    if cell == view.doctor:
        return f"{cell_name(cell)} the Doctor" + ("" if view.ward[cell] is None else f", on {what}")
    return f"{cell_name(cell)} {what}"


class ClearWardPlain(PlainGame):
    """Clear the Ward for ``tui_common.plain``."""

    title = "Clear the Ward"
    prog = "clear-ward"
    setup_question = (
        "Who plays? Type the players' names separated by commas; cpu:medium adds a computer player"
        f" (levels: {', '.join(LEVEL_WORDS)}). One name alone plays the Night Shift."
    )
    cpu_example = "medium"

    save_folder = staticmethod(autosave.save_folder)
    load = staticmethod(autosave.load)
    options_for = staticmethod(autosave.options_for)

    @staticmethod
    def new_record(options: Options, seed: int) -> GameRecord:
        from core.clear_ward.game_record import RULES

        return GameRecord.new(RULES, seed, autosave.record_seats(options), {"starting_player": options.start})

    @staticmethod
    def parse_players(options: Options, text: str) -> tuple:
        return parse_players(text)

    def __init__(self, options: Options, record: GameRecord, *, autosaved: bool = False) -> None:
        super().__init__(options, record, autosaved=autosaved)
        #: The Night Shift clock (``time.monotonic()``): from the first move (from the
        #: resume, for a game resumed after its first move) to the end.
        self.clock_started: float | None = time.monotonic() if record.state.moves and not record.over else None
        self.clock_stopped: float | None = None

    make_bot = staticmethod(imported_later("core.clear_ward.bots", "make_bot"))
    legal = staticmethod(legal_actions)
    describe = staticmethod(describe)
    option_text = staticmethod(option_text)

    def decision(self, state) -> str:
        return f"Turn {state.turn + 1}. {self.names[state.current]}: {decision_text(state)}."

    command_help = {
        "hand": "your staff cards and your log book",
        "time": "the Night Shift clock (the solo game)",
        "where": "where the Doctor is and which way it may go",
    }

    def steps(self, state, action, words: str) -> tuple[str, ...]:
        """A move under "move the Doctor" then its direction; a staff card under its
        name, then its target's row and space (a Locum: whose log book)."""
        if isinstance(action, Move):
            return ("move the Doctor", f"move {action.direction.value}")
        if isinstance(action, UseStaff):
            label = f"use the {action.card.value}"
            if action.patient is not None:
                owner = next((p.name for p in state.players if action.patient in p.log_book), "")
                return (label, f"{label} on {owner}'s log book")
            return cell_steps(label, [cell_name(c) for c in action.cells])
        return ()

    def where(self, seat: int) -> list[str]:
        return [_doctor_line(player_view(self.state, seat))]

    def private_now(self, state) -> bool:
        return True  # the staff cards in hand, and what the Junior Doctor shows, are private

    def played(self, before, after) -> None:
        now = time.monotonic()
        if before.moves == 0 and after.moves > 0 and self.clock_started is None:
            self.clock_started = now
        if self.over and self.clock_stopped is None:
            self.clock_stopped = now

    # -- looking ---------------------------------------------------------------------------

    def board(self, seat: int, args: str) -> list[str]:
        """The ward row by row (``board 3``: row 3 only)."""
        view = player_view(self.state, seat)
        arg = args.strip()
        if arg and not (arg.isdigit() and 1 <= int(arg) <= WARD_SIZE):
            return [f"board takes a row number from 1 to {WARD_SIZE}, e.g. board 3, or nothing; {arg!r} is not one."]
        rows = [
            f"Row {r + 1}: " + ", ".join(space_words(view, r * WARD_SIZE + c) for c in range(WARD_SIZE)) + "."
            for r in (range(WARD_SIZE) if not arg else [int(arg) - 1])
        ]
        if arg:
            return rows
        return ["The ward, row by row from the top, columns A to F:", *rows, _doctor_line(view)]

    def look(self, seat: int, args: str) -> list[str]:
        try:
            cell = parse_cell(args.strip() or "?")
        except ValueError:
            return [f"look takes a ward space from A1 to F6, e.g. look B2; {args.strip()!r} is not one."]
        return [space_words(player_view(self.state, seat), cell) + ".", *self.naming(cell_name(cell))]

    def status(self, seat: int) -> list[str]:
        view = player_view(self.state, seat)
        lines = [f"Turn {view.turn + 1}: {view.seats[view.current].name} to play."]
        for i, other in enumerate(view.seats):
            held = sum(1 for holder in view.victory if holder == i)
            stars = sum(p.stars for p in other.log_book)
            cards = f" and {counted(held, 'victory card')}" if held else ""
            lines.append(
                f"{other.name}: {counted(stars + VICTORY_CARD_STARS * held, 'star')} ({stars} from"
                f" {counted(len(other.log_book), 'patient')}{cards}); {counted(other.staff_count, 'staff card')} in hand."
            )
        if len(view.seats) > 1:
            holders = [f"{s.value} {view.seats[view.victory[s.index]].name}" for s in SPECIALITIES
                       if view.victory[s.index] is not None]
            lines.append("Victory cards: " + (", ".join(holders) + "; the others held by nobody." if holders
                                              else "held by nobody yet."))
        cards = [c for c in view.ward if c is not None]
        down = sum(1 for c in cards if not c.face_up)
        lines.append(f"Patients in the ward: {len(cards)} ({down} face down). Staff deck:"
                     f" {counted(view.staff_deck_size, 'card')}.")
        if view.removed:
            lines.append("Removed from the game: " + ", ".join(str(p) for p in view.removed) + ".")
        lines.append(_doctor_line(view))
        if len(view.seats) == 1:
            lines += self.clock()
        return lines

    def hand(self, seat: int) -> list[str]:
        view = player_view(self.state, seat)
        me = view.seats[seat]
        lines = ["Your staff cards: " + "; ".join(f"{c.value}: {c.text}" for c in me.staff) if me.staff
                 else "You hold no staff cards."]
        if view.drawn:
            lines.append("Drawn, to choose from: " + ", ".join(c.value for c in view.drawn) + ".")
        book = ", ".join(str(p) for p in me.log_book)
        lines.append(f"Your log book: {book} ({sum(p.stars for p in me.log_book)} stars)." if book
                     else "Your log book is empty.")
        return lines

    def clock(self) -> list[str]:
        if len(self.names) != 1:
            return ["There is no clock: the Night Shift clock runs in the solo game only."]
        if self.clock_started is None:
            return ["Night Shift clock: 00:00; it starts with your first move."]
        from clear_ward_tui.records import format_time

        end = self.clock_stopped or time.monotonic()
        return [f"Night Shift clock: {format_time(end - self.clock_started)}."]

    # -- the end ---------------------------------------------------------------------------

    def summary(self) -> list[str]:
        state, names = self.state, self.names
        res = result(state)
        lines = []  # "The game is over: <why>" ended the last action's sentence just before
        if state.solo:
            lines += self._night_shift(res)
        else:
            lines.append(top_doc_line(res, names) + ".")
            for seat in sorted(range(len(names)), key=lambda s: -res.scores[s]):
                held = [s.value for s in SPECIALITIES if state.victory[s.index] == seat]
                cards = (f" and {counted(len(held), 'victory card')} of {VICTORY_CARD_STARS} stars each"
                         f" ({', '.join(held)})" if held else "")
                lines.append(f"{names[seat]}: {res.scores[seat]} stars: {state.players[seat].stars} from patients{cards}.")
        if state.removed:
            lines.append("Removed from the game: " + ", ".join(str(p) for p in state.removed) + ".")
        last = self.folder().last_game
        if last.exists():
            lines.append(f"The game is kept in {last}: {self.prog} --plain --replay {last} tells it again.")
        return lines

    def finished(self, piped: bool):
        from clear_ward_tui.config import LEVEL_NAMES
        from tui_common.history import finished_game

        res = result(self.state)
        solo = self.state.solo
        seconds = None
        if solo and self.clock_started is not None:
            seconds = (self.clock_stopped or time.monotonic()) - self.clock_started
        won = self.state.end_reason is EndReason.WARD_CLEAR if solo else None
        return finished_game("clear-ward", self.options, self.record, res.scores, res.winners, won, seconds, piped,
                             level_names=LEVEL_NAMES)

    def share_lines(self) -> list[str]:
        from core.clear_ward.share import share_text

        if not self.state.solo or self.clock_started is None:
            return []
        seconds = (self.clock_stopped or time.monotonic()) - self.clock_started
        return share_text(self.state, self.options.daily, seconds, practice=self.options.practice,
                          ascii=True).splitlines()

    def _night_shift(self, res) -> list[str]:
        state = self.state
        won = state.end_reason is EndReason.WARD_CLEAR
        left = state.patients_in_ward
        lines = ["The ward is clear: you win the Night Shift!" if won
                 else f"The Night Shift is lost: {counted(left, 'patient')} left in the ward."]
        lines.append(f"Stars treated: {res.scores[0]}.")
        if self.clock_started is None:  # the game was not played here (a replay)
            return lines
        from clear_ward_tui import records
        from clear_ward_tui.config import data_dir

        seconds = (self.clock_stopped or time.monotonic()) - self.clock_started
        counts = won and not self.bots and self.by_hand  # a computer's or a script's time is no best time
        outcome = records.outcome(data_dir(self.options), self.record.seed, seconds, counts)
        if won:
            why = "" if counts else (" (a computer played: not a best time)" if self.bots
                                     else " (typed from a pipe or a script: not a best time)")
            lines.append(f"Time: {records.format_time(seconds)}{why}.")
        if outcome.best_for_seed is not None:
            new = " (new best!)" if won and outcome.new_seed_best else ""
            lines.append(f"Best for seed {self.record.seed}: {records.format_time(outcome.best_for_seed)}{new}.")
        if outcome.best_overall is not None:
            new = " (new record!)" if won and outcome.new_overall_best else ""
            lines.append(f"Best overall: {records.format_time(outcome.best_overall)}"
                         f" (seed {outcome.best_overall_seed}){new}.")
        if outcome.problem:
            lines.append(outcome.problem + " (the file was left untouched).")
        return lines


def _doctor_line(view: PlayerView) -> str:
    where = f"The Doctor is on {cell_name(view.doctor)}."
    if view.last_direction is None:
        where += " First move: any way."
    else:
        where += f" Last move {view.last_direction.value}: it may not come back {view.last_direction.opposite.value}."
    if view.porter:
        where += " Porter: this turn the Doctor may reverse and stop on empty spaces."
    return where


def main(options: Options, stdin=None, stdout=None) -> int:
    """``clear-ward --plain``: play with ``options``; the exit status."""
    if options.learn:  # clear-ward learn --plain: the guided first turn said first
        from clear_ward_tui.lesson_plain import LearnPlain

        return run(LearnPlain, options, stdin, stdout)
    return run(ClearWardPlain, options, stdin, stdout)


__all__ = ["ClearWardPlain", "card_words", "main", "space_words"]
