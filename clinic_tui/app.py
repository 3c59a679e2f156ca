"""The Clinic app: read the options, push the first screen (the setup screen, a new
game, or a saved game: ``--resume``, ``--load FILE``, ``--replay FILE``)."""

from __future__ import annotations


from tui_common.app import TableApp

from clinic_tui.config import ASCII, UNICODE, Options


class ClinicApp(TableApp):
    """Setup screen, or straight into a game when seats were given."""

    GAME_CSS = "clinic.tcss"
    TITLE = "Clinic"
    RESUME_COMMAND = "clinic --resume"
    GLYPHS = (UNICODE, ASCII)

    def __init__(self, options: Options | None = None, *, state=None, seating=None) -> None:
        """``state``: a game in progress (tests, snapshots); ``seating``: a
        ``tui_common.seating.Seating`` that opens the game itself (a shared table)."""
        super().__init__()
        self.options = options or Options()
        self.seating = seating
        self.start_state = state  # a game in progress (tests, snapshots)

    def crash_folder(self):
        from clinic_tui.config import data_dir

        return data_dir(self.options)

    def help_screen(self):
        """? from a dialog or the setup: the keys and the rules of the phase played."""
        from clinic_tui.screens.game import HELP_TOPIC, GameScreen
        from clinic_tui.screens.help import HelpScreen

        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        state = game.state if game is not None else None
        return HelpScreen(HELP_TOPIC.get(state.phase) if state is not None else None)

    def on_mount(self) -> None:
        if self.open_seating():
            return
        # Textual draws nothing until the app's start is over: a screen pushed now
        # would have its first frame thrown away and the player would first see the
        # frame after it (the game's first menu). Pushed just after, it shows at once;
        # keys typed before it are played on it (issue 33).
        self.hold_keys()
        self.call_later(self.open_first_screen)

    def open_first_screen(self) -> None:
        """The setup screen, a new game, or the saved game the options ask for."""
        opened = self.options.resume or self.options.load or self.options.replay
        if opened and self.open_saved():
            pass
        elif opened:  # the reason was told; the setup screen opens
            from clinic_tui.screens.setup import SetupScreen

            self.push_screen(SetupScreen(self.options))
        elif self.options.seats:
            from clinic_tui.screens.game import GameScreen

            self.push_screen(GameScreen(self.options, state=self.start_state))
        else:
            from clinic_tui.screens.setup import SetupScreen

            self.push_screen(SetupScreen(self.options))
        self.call_after_refresh(self.check_size)
        self.call_after_refresh(self.release_keys)  # once the first screen is drawn

    def open_saved(self) -> bool:
        """Push the game or replay the options ask for; on a missing or bad save, say
        why (the file is left as it was) and return False."""
        from clinic_tui import saving

        options = self.options
        if options.replay:
            path = options.replay
        elif options.load:
            path = options.load
        else:
            path = saving.folder(options).autosave
            if not path.exists():
                self.notify(f"No game in progress to resume ({path} does not exist).", severity="warning",
                            timeout=8)
                return False
        return self.open_file(path, replay=bool(options.replay))

    def open_file(self, path, *, replay: bool = False) -> bool:
        """Open the save at ``path``: the replay viewer for ``replay`` or a finished
        game, else the game, played on (and autosaved to the autosave, never to
        ``path``). A bad save is told and False returned."""
        from clinic_tui import saving
        from core.saves import SaveError

        try:
            record = saving.load_record(path)
        except SaveError as err:
            self.notify(saving.problem(err), severity="error", title="Cannot open the save", timeout=12)
            return False
        options = saving.options_for(self.options, record)
        if replay or record.over:
            from clinic_tui.screens.replay import ReplayScreen

            if not replay:
                self.notify(f"{path}: that game is over; here is its replay.")
            self.push_screen(ReplayScreen(options, record, str(path)))
        else:
            from clinic_tui.screens.game import GameScreen
            from clinic_tui.screens.setup import SetupScreen

            game = GameScreen(options, record=record, source=str(path))
            if isinstance(self.screen, SetupScreen):  # chosen in the Continue list
                self.switch_screen(game)
            else:
                self.push_screen(game)
        return True
