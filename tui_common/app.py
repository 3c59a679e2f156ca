"""``TableApp``: the base of both apps.

- **One owner of navigation.** Screens never switch, push or pop on their own: they ask
  ``app.go(source, ...)``, which acts only while ``source`` is the screen on top (the
  screen stack changes at once, before the new screen has finished mounting). A request
  that arrives twice (Enter on a button and its letter, a message queued before the
  first change) comes from a screen no longer on top and is dropped quietly, instead of
  starting two games or popping the screen underneath.
- **No command palette.** Every command is a key shown in the footer and in help (?);
  Textual's palette could run a command twice and pop the game (issue 20), so it is off.
  Its one use here, the colour theme, is Ctrl+T.
- **A crash never loses the game.** Games are autosaved after every action, so an
  unexpected error leaves the save intact; the traceback goes to ``crash.log`` in the
  data folder, the terminal is restored, one sentence says what happened and how to
  resume, and the exit status is 1 (``run_game``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import Screen

from tui_common import crash, css_cache, repaint

repaint.install()  # partial updates send only what changed (tui_common/repaint.py)
css_cache.install()  # stylesheets parsed once, kept between starts (tui_common/css_cache.py)

#: Name of the file the traceback of an unexpected error is appended to.
CRASH_LOG = crash.CRASH_LOG
#: Seconds after the app mounts when what ``tui_common.startup`` did for a quick start
#: ends (the cycle collector runs again).
STARTUP_SECONDS = 1.0
#: Seconds after the app mounts (or the terminal is resized) when the help and the rules
#: are rendered ahead, in a thread, so they open at once (``tui_common.help.prepare_texts``).
PREPARE_SECONDS = 1.0
#: The colour themes Ctrl+T steps through (the palette used to offer them).
THEMES = ("textual-dark", "textual-light", "nord", "gruvbox", "ansi-dark")


class TableApp(App):
    """Base of both game apps; see the module docstring."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+t", "next_theme", "Theme", show=False, id="app.theme"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="app.quit"),
        # priority: it reaches past a dialog (a field being typed in keeps its "?")
        Binding("question_mark", "help", "Help", key_display="?", priority=True, id="app.help"),
    ]
    #: the game's own stylesheet, next to its app module (after the kit's ``table.tcss``)
    GAME_CSS = ""

    def __init_subclass__(cls, **kwargs) -> None:
        if "GAME_CSS" in cls.__dict__ and cls.GAME_CSS:  # a subclass elsewhere keeps these paths
            import sys

            here = Path(sys.modules[cls.__module__].__file__).parent
            cls.CSS_PATH = [Path(__file__).with_name("table.tcss"), here / cls.GAME_CSS]
        super().__init_subclass__(**kwargs)
    #: The command that resumes the game in progress, told after a crash.
    RESUME_COMMAND = ""

    crash_message: str | None = None

    def _refresh_notifications(self) -> None:
        """Textual shows the notices on the top screen's toasts; the screens under it
        (the board under a menu, drawn around it) show none, so a notice never shows
        twice and one taken away (a stale hint) never stays under a menu. A screen
        coming back on top is given them again (Textual's screen resume)."""
        super()._refresh_notifications()
        from textual.css.query import NoMatches
        from textual.widgets._toast import ToastRack

        for screen in self.screen_stack[:-1]:
            try:
                rack = screen.get_child_by_type(ToastRack)
            except NoMatches:
                continue
            if rack.children:  # the holders go too (Textual's own removal keeps them, empty)
                self.call_later(rack.remove_children)

    #: who sits at this app's game (``tui_common.seating``); ``None``: the app's own
    #: start (setup, a resumed game). A seating with ``open(app)`` (a shared table)
    #: opens the app on its game instead, and is told to ``detach`` when the app ends.
    seating = None
    #: The game's marks (``UNICODE``, ``ASCII`` of ``tui_common.glyphs``): in ``--ascii``
    #: a mark written in words (a key's description) is drawn as its board draws it.
    GLYPHS: tuple[object, object] | None = None

    @property
    def ascii_only(self) -> bool:
        """``--ascii``: only ASCII reaches the terminal (``tui_common.ascii``)."""
        options = getattr(self, "options", None)
        return bool(getattr(options, "ascii", False))

    def _start_ascii(self) -> None:
        """Called on mount: in ``--ascii`` mode, ASCII borders and the ASCII line filter."""
        if self.ascii_only:
            from tui_common.ascii import AsciiFilter, glyph_pairs

            self.add_class("-ascii")
            marks = self.GLYPHS and glyph_pairs(*self.GLYPHS)
            self._filters.append(AsciiFilter(marks or None))

    def get_key_display(self, binding) -> str:
        display = super().get_key_display(binding)
        if self.ascii_only:
            from tui_common.ascii import key_in_ascii

            return key_in_ascii(display)
        return display

    def _plain_no_color(self) -> None:
        """NO_COLOR: no colour codes at all. Textual draws in shades of grey (256-colour
        codes) unless the terminal's own palette is used; here every colour is dropped
        (``NoColor``), and what colour marked is marked by a text style (table.tcss)."""
        if self.no_color:
            from textual.filter import Monochrome, NoColor

            self._filters[:] = [NoColor() if isinstance(f, Monochrome) else f for f in self._filters]

    def on_mount(self) -> None:
        self._plain_no_color()
        self._start_ascii()
        from tui_common import startup

        if startup.begun():  # started by the console script (never in tests)
            # The first screen is drawn by then (a game's on_mount may push it a moment later).
            self.set_timer(STARTUP_SECONDS, self.end_startup)
        self._prepare_timer = self.set_timer(PREPARE_SECONDS, self.prepare_texts)

    _prepare_timer = None

    def prepare_texts(self):
        """The board is drawn by now: render the help and the rules ahead, in a thread,
        at this terminal's size (``tui_common.help.prepare_texts``; issue 30). Returns
        its worker (None: the app is closing)."""
        if self._exit or not self.screen_stack:
            return None
        from tui_common.help import prepare_texts

        return prepare_texts(self)

    def end_startup(self) -> None:
        """The first screen is drawn: what the console script set up for a quick start
        ends (``tui_common.startup``: the cycle collector runs again)."""
        from tui_common import startup

        startup.end()
        css_cache.save()

    def rules_markdown(self) -> str:
        """The game's rules for players as Markdown, the ``rules.md`` beside the app's
        module (a short note when it is missing; ``tui_common.rules_file``)."""
        from tui_common.rules_file import package_of, rules_text

        return rules_text(package_of(self), self.title)

    def open_seating(self) -> bool:
        """Called by each game app's on_mount: open the game at ``seating`` (a shared
        table) instead of the app's own start; False when there is none."""
        if self.seating is None:
            return False
        self.seating.open(self)
        return True

    def detach(self) -> None:
        """The app has ended (the server calls this): its seating stops listening."""
        detach = getattr(self.seating, "detach", None)
        if detach is not None:
            detach()

    def crash_folder(self) -> Path | None:
        """The data folder of this app (crash.log goes there); None: do not log."""
        return None

    # -- keys ---------------------------------------------------------------------

    #: Keys typed before the board appears (``hold_keys``), in the order typed;
    #: ``None``: keys are acted on as they come.
    _keys_held: list[events.Key] | None = None

    def hold_keys(self) -> None:
        """From now until ``release_keys``, keys are kept, not acted on: a key typed
        while a loading screen shows (before the board a player acts on) is played
        once the board is there, instead of being lost or acting on the loading screen."""
        if self._keys_held is None:
            self._keys_held = []

    def release_keys(self) -> None:
        """The board is there: the kept keys are played, in the order they were typed
        (each after what is already queued). Does nothing when no keys were held."""
        if self._keys_held is not None and not self.screen.is_mounted:
            self.call_after_refresh(self.release_keys)  # the board is still opening
            return
        held, self._keys_held = self._keys_held, None
        for key in held or ():
            self.post_message(events.Key(key.key, key.character))

    async def on_event(self, event: events.Event) -> None:
        """Keys and clicks that arrive while the app is quitting (or between screens,
        with none on the stack) are dropped quietly; keys typed before the board
        appears are kept (``hold_keys``)."""
        if isinstance(event, events.InputEvent) and (self._exit or not self.screen_stack):
            event.stop()
            return
        if self._keys_held is not None and isinstance(event, events.Key) and not self._too_small():
            self._keys_held.append(event)  # (under the too-small gate keys are swallowed)
            event.stop()
            return
        await super().on_event(event)

    async def action_quit(self) -> None:
        """Quit (Esc on the setup, q on the game over, Ctrl+Q), unless the screen on
        top is still opening: a quit key of a burst in that instant is dropped (the app
        would tear the screen down while it builds itself); the next one quits."""
        if self.screen_stack and not self.screen.is_mounted:
            return
        self.exit()

    # -- navigation ---------------------------------------------------------------

    def go(self, source: Screen | None, how: str, screen: Screen | Callable[[], Screen] | None = None,
           callback: Callable | None = None) -> bool:
        """Change screen on behalf of ``source``: ``how`` is "switch", "push" or "pop"
        (``screen`` may be a factory, called only when the change happens). Ignored (and
        False) when ``source`` is no longer on top, or not yet mounted (a key of a burst
        that reached a screen in the instant it opened).

        ``how="replace"`` is the game's own move to its game-over screen: every screen
        above ``source`` (help, a dialog) closes and ``source`` is replaced, whatever
        else is under way, so no finished game is left behind in the stack."""
        if how in ("replace", "switch"):
            self._held = None  # dialogs waiting for the old screen go with it
        if how == "replace":
            if source not in self.screen_stack:
                return False
            while self.screen is not source:
                self.pop_screen()
            how = "switch"
        elif source is not None and (source is not self.screen or not source.is_mounted):
            return False  # a key for a screen that is leaving, or not yet drawn: dropped
        if how != "pop" and screen is not None and not isinstance(screen, Screen):
            screen = screen()
        if how == "switch":
            self.switch_screen(screen)
        elif how == "push":
            self.push_screen(screen, callback)
        else:
            self.pop_screen()
        return True

    # -- help above everything -------------------------------------------------------
    # Help, the rules and the too-small gate (screens with ``ABOVE_ALL = True``) stay on
    # top: a dialog the game opens meanwhile (a computer's move brings a choice) waits
    # until they close, instead of being drawn over them.

    _held: list | None = None

    def help_screen(self) -> Screen | None:
        """The game's help for the screen on top (``None``: no help)."""
        return None

    def action_help(self) -> None:
        """? anywhere: the screen's own help (the game's, the replay's), or the game's
        help over a dialog or the setup; above everything. ? on the help closes it."""
        top = self.screen
        if getattr(top, "ABOVE_ALL", False):  # its own ? (the help's closes it)
            own_key = top._bindings.key_to_bindings.get("question_mark", ())
            if own_key:
                self.call_next(self.run_action, own_key[0].action, top)
            return
        own = getattr(top, "action_help", None)
        if own is not None:
            own()
            return
        screen = self.help_screen()
        if screen is not None:
            self.push_screen(screen)

    def reused(self, screen):
        """``screen``, or the same screen drawn before when it can be shown again: a
        screen with a ``reuse_key`` (help, the rules) is built once and kept (installed),
        so it opens at once the next time (issue 30: help and rules under 300 ms)."""
        key = getattr(screen, "reuse_key", None) if isinstance(screen, Screen) else None
        if key is None:
            return screen
        name = f"reused:{hash(key)}"
        if self.is_screen_installed(name):
            kept = self.get_screen(name)
            if getattr(kept, "reuse_key", None) == key and kept not in self.screen_stack:
                return kept
            return screen
        self.install_screen(screen, name)
        return screen

    def push_screen(self, screen, callback=None, wait_for_dismiss: bool = False):
        screen = self.reused(screen)
        top = self.screen_stack[-1] if self.screen_stack else None
        if (top is not None and getattr(top, "ABOVE_ALL", False) and isinstance(screen, Screen)
                and not getattr(screen, "ABOVE_ALL", False) and not wait_for_dismiss):
            if self._held is None:
                self._held = []
            self._held.append((screen, callback))
            return None
        return super().push_screen(screen, callback, wait_for_dismiss=wait_for_dismiss)

    def pop_screen(self):
        result = super().pop_screen()
        if self._held:
            self.call_next(self._push_held)
        return result

    def _push_held(self) -> None:
        """Push the screens that waited, once nothing above everything is on top."""
        while self._held and not getattr(self.screen, "ABOVE_ALL", False):
            screen, callback = self._held.pop(0)
            super().push_screen(screen, callback)

    # -- the too-small gate ---------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)
        if self._prepare_timer is not None:  # rendered ahead again at the new size
            self._prepare_timer.stop()
            self._prepare_timer = self.set_timer(PREPARE_SECONDS, self.prepare_texts)

    def _too_small(self) -> bool:
        """Whether the terminal is under the game's 80×24 (the too-small gate's rule)."""
        from tui_common.too_small import MIN_HEIGHT, MIN_WIDTH

        return self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT

    def check_size(self) -> None:
        """Push the too-small gate while the terminal is under 80×24, pop it after."""
        from tui_common.too_small import TooSmallScreen

        small = self._too_small()
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif showing and not small:
            self.pop_screen()
        elif showing:
            self.screen.update_size()

    def action_next_theme(self) -> None:
        """Ctrl+T: the next colour theme of ``THEMES``."""
        themes = [name for name in THEMES if name in self.available_themes]
        now = themes.index(self.theme) if self.theme in themes else -1
        self.theme = themes[(now + 1) % len(themes)]
        self.notify(f"Theme: {self.theme}", timeout=2)

    # -- crashes ------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        if not self._running and isinstance(error, NoMatches):
            # The app is stopping and a widget asked for a child already taken down
            # (seen with Textual's Header before the kit's TableHeader): the game is
            # saved and the app leaves anyway, so this is no crash.
            return
        log = self._write_crash_log(error)
        super()._handle_exception(error)
        where = f" The details are in {log}." if log else ""
        saved = self.RESUME_COMMAND and (self.seating is None or self.seating.saves)  # a room keeps its own
        resume = f" Your game was saved: {self.RESUME_COMMAND} goes on from where you were." if saved else ""
        self.crash_message = f"{self.title} stopped because of an unexpected error.{resume}{where}"
        if log is not None:
            # The one sentence replaces the long traceback on the terminal (it is in the log).
            self._exit_renderables.clear()
            self._exit_renderables.append(self.crash_message)

    def _write_crash_log(self, error: BaseException) -> Path | None:
        return crash.write_crash_log(self.crash_folder(), error)


def run_game(app: TableApp, **run_options) -> int:
    """Run ``app`` (``run_options`` go to ``App.run``, e.g. ``headless=True``) and return
    the exit status: 0, or 1 after an unexpected error (the sentence saying so is printed
    by Textual once the terminal is restored)."""
    try:
        app.run(**run_options)
    finally:
        app.end_startup()  # the app may stop before its first screen
    return app.return_code or 0
