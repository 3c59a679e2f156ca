"""Starting the plain text mode: a new game from the flags (or from one question when
no players were given), ``--resume``, ``--load`` and ``--replay`` (the game told action
by action), then the conversation until the game ends or the input does.

Never a traceback: an unexpected error is written to ``crash.log`` in the game's data
folder and one sentence says so (exit status 1); the game was autosaved after every
action, so ``--resume`` goes on from there.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from core.errors import GameError
from core.saves import LEFT_AS_IT_WAS, SaveError, read_save, summary
from tui_common.crash import write_crash_log
from tui_common.plain.game import PlainGame
from tui_common.plain.loop import PlainLoop
from tui_common.plain.text import spoken, write_lines
from tui_common.secrecy import new_seed

#: Exit status after Ctrl+C (the game is saved first).
INTERRUPTED = 130


def run(game_cls: type[PlainGame], options, stdin: TextIO | None = None, stdout: TextIO | None = None,
        interactive: bool | None = None) -> int:
    """Play ``game_cls`` with the app's ``options`` over ``stdin`` / ``stdout``; the
    exit status (0 when the game ends or the input does)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    if interactive is None:
        interactive = stdin is sys.stdin and _isatty(stdin) and _isatty(stdout)
    if stdout is sys.stdout and hasattr(stdout, "reconfigure"):
        stdout.reconfigure(errors="replace")  # a name the terminal cannot show is not a crash
    if interactive:
        _readline()
    talk = _Talk(stdin, stdout, interactive)
    say = talk.say
    holder: list[PlainGame] = []
    try:
        return _play(game_cls, options, talk, holder)
    except KeyboardInterrupt:
        say("", "Interrupted.", *(holder[0].leaving() if holder else []))
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        if stdout is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # noqa: BLE001 - the one place that turns any error into a sentence
        log = write_crash_log(game_cls.save_folder(options).folder, err, " (plain text mode)")
        where = f" The details are in {log}." if log else ""
        saved = f" Your game was saved: {game_cls.prog} --plain --resume goes on from where you were." if holder else ""
        try:
            say(f"{game_cls.title} stopped because of an unexpected error.{saved}{where}")
        except OSError:
            pass
        return 1


class _Talk:
    """The two ends of the conversation before the game's loop starts."""

    def __init__(self, stdin: TextIO, stdout: TextIO, interactive: bool) -> None:
        self.stdin, self.stdout, self.interactive = stdin, stdout, interactive

    def say(self, *lines: str) -> None:
        write_lines(self.stdout, *lines)

    def read(self, prompt: str) -> str | None:
        """One line of input after ``prompt`` (``None`` at its end)."""
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        self.stdout.write(spoken(line.rstrip("\r\n")) + "\n")  # as a terminal would show it
        return None if not line else line.rstrip("\r\n")


def _play(game_cls, options, talk: _Talk, holder: list) -> int:
    opened = _open(game_cls, options, talk)
    if isinstance(opened, int):
        return opened
    holder.append(opened)
    opened.by_hand = talk.interactive
    loop = PlainLoop(opened, talk.stdin, talk.stdout, talk.interactive)
    if not loop.start():
        loop.cmdloop()
    return 0


def _open(game_cls, options, talk: _Talk) -> PlainGame | int:
    """The game to play, or an exit status when there is none to play."""
    say = talk.say
    folder = game_cls.save_folder(options)
    path = options.replay or options.load
    if options.resume:
        path = folder.autosave
        if not Path(path).exists():
            say(f"No game in progress to resume ({path} does not exist).")
            path = None
            options = _setup(game_cls, options, talk)
            if options is None:
                return 0
    if path is not None:
        try:
            record = game_cls.load(path)
        except SaveError as err:
            say(f"{err}. {LEFT_AS_IT_WAS}")
            return 1
        autosaved = Path(path).resolve() == folder.autosave.resolve()
        game = game_cls(game_cls.options_for(options, record), record, autosaved=autosaved)
        if options.replay or record.over:
            say(f"The story of the game in {path}:" if options.replay else f"{path}: that game is over. Its story:")
            say(game.table(), *game.log(len(record.actions)))
            if record.over:
                say("", *game.ending())
            return 0
        return game
    if not options.seats:
        options = _setup(game_cls, options, talk)
        if options is None:
            return 0
        if options.resume:
            return _open(game_cls, options, talk)
    seed = options.seed if options.seed is not None else new_seed()
    try:
        record = game_cls.new_record(options, seed)
    except GameError as err:
        say(f"Cannot start this game: {err}.")
        return 2
    return game_cls(options, record)


def _setup(game_cls, options, talk: _Talk):
    """Ask who plays (the setup screen of the apps, as one question); ``None`` at the
    end of the input. Typing ``resume`` plays on from the autosave."""
    from dataclasses import replace

    say = talk.say
    folder = game_cls.save_folder(options)
    say(f"{game_cls.title}, plain text mode.", game_cls.setup_question)
    if folder.autosave.exists() and not options.resume:
        try:
            say(f"A game is in progress ({summary(read_save(folder.autosave))}): type resume to go on with it.")
        except SaveError:
            pass
    while True:
        line = talk.read("Players: ")
        if line is None:
            say("", "End of input: no game was started.")
            return None
        text = line.strip()
        if text.lower() in SETUP_WORDS:
            say(*_setup_help(game_cls, folder))
            continue
        if text.lower() in ("quit", "exit"):
            say("No game was started. Goodbye.")
            return None
        if text.lower() == "resume":
            if folder.autosave.exists():
                return replace(options, resume=True)
            say("There is no game in progress to resume: type the players' names.")
            continue
        if not text:
            say("Type at least one name, for example: Ann, or Ann, cpu:" + game_cls.cpu_example + ".")
            continue
        try:
            seats = game_cls.parse_players(options, text)
        except ValueError as err:
            say(f"{err}. Type the names again, separated by commas.")
            continue
        return replace(options, seats=seats, resume=False)


#: Words at the "Players:" prompt that ask what to type, never a player's name.
SETUP_WORDS = ("help", "?", "h", "commands")


def _setup_help(game_cls, folder) -> list[str]:
    lines = [game_cls.setup_question,
             f"For example: Ann, Bob; or Ann, cpu:{game_cls.cpu_example} to play against the computer."]
    if folder.autosave.exists():
        lines.append("resume goes on with the game in progress.")
    lines.append("quit stops without starting a game. Once the game starts, help lists its commands.")
    return lines


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def _readline() -> None:
    """Line editing and history at a terminal (never on pipes: nothing but words goes out)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return
    readline.parse_and_bind("set enable-bracketed-paste off")
    readline.parse_and_bind("tab: complete")
