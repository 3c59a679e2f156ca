"""The conversation of the plain text mode: ``PlainLoop``, a ``cmd.Cmd`` over a
``PlainGame``.

Each decision is said as one line naming the player and what is decided, then the
legal actions numbered in the engine's order. A number plays that action; words play
the action they name ("move right 2", "hire yellow doctor"). Look commands (board,
look, status, hand, log, time, rules, help, list) never change the game. Computer
players' actions are said as they happen. End of input saves and quits.
"""

from __future__ import annotations

import cmd
import re
from collections.abc import Callable

from core.errors import GameError
from tui_common.eggs import word_egg
from tui_common.messages import in_players_words
from tui_common.plain.game import PlainGame, numbered
from tui_common.plain.menu import Entry, Menu, entry_line, menu
from tui_common.plain.text import counted, match, sections, spoken, words, write_lines

#: Each command and what it does, for ``help`` and docs/accessibility.md (a game may
#: say some in its own words: ``PlainGame.command_help``; ``None`` leaves one out).
COMMANDS = (
    ("NUMBER", "play the action of that number, or list the group of that number"),
    ("WORDS", "play the action those words name, e.g. move right 2 (a word's beginning is enough)"),
    ("list", "say the decision and the actions again"),
    ("back", "go back up to the list before, from a group"),
    ("moves", "every action of the decision in one list, however long"),
    ("filter WORD", "the actions with that word in them, e.g. filter nurse"),
    ("board", "describe the whole board"),
    ("look PLACE", "describe one place, e.g. look B2"),
    ("status", "scores, money, round and whose turn it is (score does the same)"),
    ("where", "where the game stands, in one sentence"),
    ("hand", "what you hold"),
    ("log [N]", "the last N actions (10 if no number)"),
    ("time", "the clock"),
    ("rules [N or WORD]", "the rules: their sections, or one section"),
    ("undo", "take back your last action, when the rules allow it"),
    ("save [NAME]", "save the game under a name"),
    ("quit", "save and stop (end of input, Ctrl+D, does the same)"),
    ("help", "this list"),
)
def commands(game: PlainGame) -> list[tuple[str, str]]:
    """``COMMANDS`` in ``game``'s words (``PlainGame.command_help``)."""
    said = game.command_help
    return [(name, said.get(name, what)) for name, what in COMMANDS if said.get(name, what) is not None]


#: Default number of actions ``log`` tells.
LOG_LINES = 10


class PlainLoop(cmd.Cmd):
    """Read a line, answer in sentences, until the game ends or the input does.
    ``interactive``: the input is a terminal (then ``input()`` with readline)."""

    def __init__(self, game: PlainGame, stdin, stdout, interactive: bool = False) -> None:
        super().__init__(stdin=stdin, stdout=stdout)
        self.use_rawinput = interactive
        self.game = game
        self.prompt = "> "
        #: What the next line answers, instead of being a command (a yes/no, an Enter).
        self.pending: Callable[[str], bool] | None = None
        #: The seat whose decision is open, its actions and their words.
        self.served: int | None = None
        self.offers: list = []
        self.words: list[str] = []
        #: Each offer's group labels (``PlainGame.steps``), the list said last, its
        #: lines, and the lists above it (``back``).
        self.paths: list[tuple[str, ...]] = []
        self.menu = Menu((), 0, "")
        self.entries: list[Entry] = []
        self.trail: list[Menu] = []
        self._hinted_groups = False
        self._last_human: int | None = None
        self._hinted = False

    # -- speaking --------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        write_lines(self.stdout, *lines)

    def ask(self, question: str, prompt: str, then: Callable[[str], bool]) -> None:
        """Say ``question``; the next line goes to ``then`` (which returns "stop")."""
        self.say(question)
        self.prompt = prompt
        self.pending = then

    # -- the game moving on -----------------------------------------------------------

    def start(self) -> bool:
        """Say the opening, play the computers up to the first decision; True if the
        game is already over."""
        self.say(*self.game.opening())
        return self.advance()

    def advance(self) -> bool:
        """Play the computer players, then open the next person's decision (after a
        "pass to" line in hot seat when that decision is private). True once the game
        is over (the breakdown has been said)."""
        game = self.game
        self.offers, self.entries, self.served = [], [], None
        while not game.over and game.actor in game.bots:
            self.say(*game.bot_turn())
        if game.over:
            self.say("", *game.ending(), *game.keep_in_history())
            return True
        seat = game.actor
        handover = (
            len(game.humans) > 1 and self._last_human is not None and self._last_human != seat
            and game.private_now(game.state)
        )
        if handover:
            self.ask(f"Pass to {game.names[seat]}, and press Enter when nobody else is listening.",
                     "Press Enter: ", self._handed_over)
        else:
            self.open_decision()
        return False

    def _handed_over(self, line: str) -> bool:
        if line.strip().lower() == "undo":  # the player who passed takes their action back
            self.prompt = "> "
            return self.do_undo("")
        self.open_decision()
        return False

    def open_decision(self) -> None:
        game, state = self.game, self.game.state
        self.served = self._last_human = game.actor
        self.offers = game.legal(state)
        self.words = [game.option_text(state, a) for a in self.offers]
        self.paths = [game.steps(state, a, w) for a, w in zip(self.offers, self.words)]
        self.trail = []
        self.show(Menu(tuple(range(len(self.offers))), 0, game.decision(state)))

    def show(self, shown: Menu, *, whole: bool = False) -> None:
        """List the actions of ``shown`` (grouped when there are more than ``LIMIT``;
        ``whole``: every one, however many) under its heading."""
        if whole:
            entries, depth = [Entry((i,)) for i in shown.indexes], shown.depth
        else:
            entries, depth = menu(shown.indexes, self.paths, shown.depth)
        self.menu, self.entries = Menu(shown.indexes, depth, shown.heading, shown.prefix), entries
        grouped = any(e.group for e in entries)
        heading = shown.heading
        if grouped:
            heading += (f" {counted(len(shown.indexes), 'choice')} in {counted(len(entries), 'group')};"
                        " a group's number lists it.")
        self.say(heading, *numbered([entry_line(e, self.words, shown.prefix) for e in entries]))
        if not self._hinted:
            self._hinted = True
            self.say("Type a number, or words of an action; help lists the commands.")
        if grouped and not self._hinted_groups:
            self._hinted_groups = True
            self.say("back goes up a step, moves lists every action, filter WORD the actions with that word.")
        self._restore_prompt()

    def choose(self, index: int) -> bool:
        """Play the offer ``index``; True once the game is over."""
        try:
            self.say(*self.game.play(self.offers[index]))
        except GameError as err:  # the engine offered it, so this is not expected
            self.say(in_players_words(str(err)))
            return False
        return self.advance()

    def pick(self, number: int) -> bool:
        """The line numbered ``number`` (1-based) of the list said last: play its
        action, or list its group; True once the game is over."""
        entry = self.entries[number - 1]
        if not entry.group:
            return self.choose(entry.indexes[0])
        self.trail.append(self.menu)
        self.show(Menu(entry.indexes, self.menu.depth + 1, f"{entry.label}:", entry.label))
        return False

    # -- reading a line ----------------------------------------------------------------

    def precmd(self, line: str) -> str:
        if not self.use_rawinput:  # a pipe: the line read is written after its prompt, as a terminal shows it
            self.stdout.write(("" if line == "EOF" else spoken(line)) + "\n")
        return line

    def onecmd(self, line: str) -> bool:
        if self.pending is not None and line != "EOF":
            answer, self.pending = self.pending, None
            return answer(line)
        self.pending = None
        line = line.strip()
        if line.lower() != "eof":
            line = line.lower() if line.split(" ", 1)[0].lower() in _NAMES else line
        return super().onecmd(line)

    def emptyline(self) -> bool:
        if self.offers:
            self.say(f"Type a number from 1 to {len(self.entries)}, or list to hear the actions again.")
        return False

    def default(self, line: str) -> bool:
        text = line.strip().rstrip(".")
        n = len(self.entries)
        if egg := word_egg(text):
            self.say(egg)
            return False
        if not self.offers:
            self.say(f"{text!r} is not a command: help lists them.")
            return False
        if text.isdigit():
            if 1 <= int(text) <= n:
                return self.pick(int(text))
            self.say(f"There is no action {text}: type a number from 1 to {n}, or list to hear them again.")
            return False
        found = match(text, [[w, str(a)] for w, a in zip(self.words, self.offers)])
        if len(found) == 1:
            return self.choose(found[0])
        if not found:
            self.say(f"{text!r} is neither a command nor one of the actions: type a number from 1 to {n},"
                     " list to hear the actions, or help for the commands.")
            return False
        self.trail.append(self.menu)
        self.show(Menu(tuple(found), 0, f"{text!r} could be {counted(len(found), 'action')}:"
                                         " type one's number, or more of its words."))
        return False

    # -- commands ----------------------------------------------------------------------

    def do_EOF(self, arg: str) -> bool:
        if self.use_rawinput:  # Ctrl+D at a terminal leaves the cursor after the prompt
            self.stdout.write("\n")
        self.say("End of input.", *self.game.leaving())
        return True

    def do_quit(self, arg: str) -> bool:
        self.say(*self.game.leaving())
        return True

    do_exit = do_quit

    def do_list(self, arg: str) -> bool:
        if self.served is None:
            return self._look(["Nothing to choose while the game is being passed on: press Enter first."])
        self.open_decision()
        return False

    do_actions = do_options = do_list

    def do_moves(self, arg: str) -> bool:
        if not self.offers:
            return self.do_list(arg)
        self.trail.append(self.menu)
        self.show(Menu(tuple(range(len(self.offers))), 0, f"All {counted(len(self.offers), 'action')}:"), whole=True)
        return False

    do_all = do_moves

    def do_back(self, arg: str) -> bool:
        if not self.trail:
            return self._look(["This is the first list of the decision already: type a number, or list."])
        self.show(self.trail.pop())
        return False

    def do_filter(self, arg: str) -> bool:
        if not self.offers:
            return self.do_list(arg)
        arg = arg.strip()
        if not arg:
            return self._look(["filter takes a word, e.g. filter nurse: the actions with that word in them."])
        typed = words(arg)
        said = [words(" ".join((w, *p))) for w, p in zip(self.words, self.paths)]  # its words and its groups'
        found = [i for i, w in enumerate(said) if all(any(x.startswith(t) for x in w) for t in typed)]
        if not found:
            return self._look([f"No action has {arg!r} in its words: type list to hear them."])
        self.trail.append(self.menu)
        self.show(Menu(tuple(found), 0, f"The actions with {arg!r}: {counted(len(found), 'action')}."))
        return False

    def _look(self, lines: list[str] | None) -> bool:
        self.say(*(lines or []))
        return False

    def _seen_by_seat(self, show) -> bool:
        """Say ``show(seat)`` for the seat whose decision is open; between two
        people's decisions (a "pass to" line) nobody's view is shown."""
        if self.served is None:
            return self._look(["Nothing is shown while the game is being passed on: press Enter first."])
        return self._look(show(self.served))

    def do_board(self, arg: str) -> bool:
        return self._seen_by_seat(lambda seat: self.game.board(seat, arg))

    def do_look(self, arg: str) -> bool:
        return self._seen_by_seat(lambda seat: self.game.look(seat, arg))

    def do_status(self, arg: str) -> bool:
        return self._seen_by_seat(self.game.status)

    do_score = do_scores = do_status

    def do_where(self, arg: str) -> bool:
        return self._seen_by_seat(self.game.where)

    def do_hand(self, arg: str) -> bool:
        return self._seen_by_seat(self.game.hand)

    def do_time(self, arg: str) -> bool:
        return self._look(self.game.clock())

    def do_log(self, arg: str) -> bool:
        arg = arg.strip()
        if arg and not arg.isdigit():
            return self._look([f"log takes a number of actions, e.g. log 5; {arg!r} is not one."])
        lines = self.game.log(int(arg) if arg else LOG_LINES)
        return self._look(lines or ["Nothing has happened yet."])

    def do_rules(self, arg: str) -> bool:
        from tui_common.rules_file import package_of, rules_text

        parts = sections(rules_text(package_of(self.game), self.game.title))
        arg = arg.strip().lower()
        if not arg:
            return self._look([f"The rules of {self.game.title} have {len(parts)} sections;"
                               " type rules and a number or a word to hear one.",
                               *numbered([head for head, _ in parts])])
        if arg.isdigit() and 1 <= int(arg) <= len(parts):
            chosen = [parts[int(arg) - 1]]
        else:
            word = re.compile(rf"\b{re.escape(arg)}", re.I)
            chosen = [p for p in parts if word.search(p[0])] or [p for p in parts if word.search(p[1])]
        if not chosen:
            return self._look([f"No section of the rules has {arg!r} in it: type rules for the list."])
        head, body = chosen[0]
        return self._look([head + ".", *body.splitlines()])

    def do_undo(self, arg: str) -> bool:
        try:
            lines = self.game.undo()
        except GameError as err:
            return self._look([in_players_words(str(err))])
        self.say(*lines)
        return self.advance()

    def do_save(self, arg: str) -> bool:
        from core.saves import SaveError

        name = arg.strip() or self.game.suggested_name()
        try:
            path = self.game.save_path(name)
        except SaveError as err:
            return self._look([f"Not saved: {err}."])
        if not path.exists():
            return self._look([self.game.save_as(path)])

        def answer(line: str) -> bool:
            yes = line.strip().lower() in ("y", "yes")
            self.say(self.game.save_as(path) if yes else "Not saved.")
            self._restore_prompt()
            return False

        self.ask(f"{path.name} already exists. Replace it with this game? Type yes to replace it.", "Replace? ",
                 answer)
        return False

    def _restore_prompt(self) -> None:
        if self.offers:
            n = len(self.entries)
            self.prompt = f"{self.game.names[self.served]}, " + ("type 1: " if n == 1 else f"choose 1 to {n}: ")

    def do_help(self, arg: str) -> bool:
        lines = [f"{name}: {what}." for name, what in commands(self.game)]
        arg = arg.strip().lower()
        picked = [line for line in lines if line.lower().startswith(arg)] if arg else []
        return self._look(picked or ["Commands:", *lines])

    def completenames(self, text: str, *ignored) -> list[str]:
        return [name + " " for name in _NAMES if name.startswith(text.lower())]


#: Command words (a line starting with one is a command, not an action's words).
_NAMES = tuple(name[3:] for name in dir(PlainLoop) if name.startswith("do_") and name != "do_EOF")

