"""The game screen's keys (``GameScreen.BINDINGS``; ``?`` lists them by their
descriptions) and the help topic of each phase."""

from __future__ import annotations

from textual.binding import Binding

from core.clinic.game import Phase
from tui_common.hint import HINT_BINDING

HELP_TOPIC = {
    Phase.EXPERT_SETUP: "setup", Phase.BONUS: "setup", Phase.BONUS_PLACE: "setup",
    Phase.SELECT: "select", Phase.BUILD: "build", Phase.HIRE: "hire", Phase.ADMIT: "admit",
    Phase.MOVE: "move", Phase.BUY_POPULARITY: "business",
    Phase.START_CAR: "setup", Phase.REMOVE_CAR: "cars",
}

#: The game screen's keys: arrows / h j k l move the floor cursor (the notepad's in
#: the Admit phase), Enter chooses, the rest play, look or open other screens.
GAME_KEYS = [
    Binding("up,k", "cursor(0,-1)", "Up", show=False, id="game.up"),
    Binding("down,j", "cursor(0,1)", "Down", show=False, id="game.down"),
    Binding("left,h", "cursor(-1,0)", "Left", show=False, id="game.left"),
    Binding("right,l", "cursor(1,0)", "Right", show=False, id="game.right"),
    Binding("enter,space", "choose", "Choose", show=False, id="game.choose"),
    Binding("m", "menu", "Menu", id="game.menu"),
    Binding("n", "next_target", "Next◆", id="game.next"),
    Binding("d", "done", "Done", id="game.done"),
    Binding("e", "end_move", "End move", id="game.end_move"),
    Binding("a", "admit", "Admit", id="game.admit"),
    Binding("right_square_bracket,pagedown", "floor_step(1)", "Floor+", key_display="]", show=False,
            id="game.floor_up"),  # the floor tabs above the clinic say 0-3; ? lists [ ]
    Binding("left_square_bracket,pageup", "floor_step(-1)", "Floor-", key_display="[", show=False,
            id="game.floor_down"),
    *(Binding(str(f), f"floor({f})", f"Floor {f}", show=False, id=f"game.floor{f}") for f in range(4)),
    Binding("v", "view_next", "View", id="game.view"),
    Binding("E", "toggle_ed", "ED", show=False, id="game.ed"),  # The 911th Extension: listed in ? help
    HINT_BINDING,
    Binding("u,ctrl+z", "undo", "Undo", id="game.undo"),
    Binding("ctrl+s", "save_as", "Save as", id="game.save_as"),
    Binding("escape", "cancel", "Cancel", show=False, id="game.cancel"),
    Binding("L", "event_log", "Log", id="game.log"),
    Binding("question_mark", "help", "Help", key_display="?", id="game.help"),
    Binding("r", "rules", "Rules", show=False, id="game.rules"),  # listed in ? help
    Binding("q", "quit", "Quit", id="game.quit"),
]

