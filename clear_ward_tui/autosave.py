"""Autosave and resume for Clear the Ward, through ``core.saves``.

After every action the game in progress is written atomically to
``<data dir>/autosave.json`` (the seats, the seed, the actions, a snapshot); a ``kill -9``
leaves the old or the new file, never a broken one. ``clear-ward --resume`` replays it.
A finished game's autosave is removed. A bad file is reported and left untouched.
"""

from __future__ import annotations

from pathlib import Path

from clear_ward_tui.config import Options, Seat, data_dir
from core import saves
from core.clear_ward import GameState, apply_action, new_game
from core.clear_ward.actions import Action
from core.clear_ward.serialize import action_from_data, action_to_data, state_to_json

GAME = "clear-the-ward"
AUTOSAVE_NAME = "autosave.json"


def autosave_path(options: Options) -> Path:
    """The autosave file of this data dir."""
    return data_dir(options) / AUTOSAVE_NAME


def write(path: Path, seats, seed: int, start: int | None, actions: list[Action], state: GameState) -> None:
    """Save the game atomically (raises ``OSError`` if the disk refuses)."""
    save = saves.SaveGame(
        game=GAME,
        seed=seed,
        seats=tuple(saves.Seat(s.name, s.cpu) for s in seats),
        actions=tuple(action_to_data(a) for a in actions),
        options={"starting_player": start},
        snapshot=state_to_json(state),
    )
    saves.write_atomic(path, saves.dumps(save))


def _start(save: saves.SaveGame) -> GameState:
    return new_game([s.name for s in save.seats], save.seed, save.options.get("starting_player"))


def load(path: Path) -> tuple[tuple[Seat, ...], int, int | None, list[GameState], list[Action]]:
    """(seats, seed, starting seat, states from the first, actions) of a save; raises
    ``saves.SaveError`` naming the file and the problem (the file is not changed)."""
    save = saves.read_save(path)
    if save.game != GAME:
        raise saves.SaveError(f"{path}: a saved game of {save.game}, not Clear the Ward")
    states = saves.replay(save, _start, apply_action, action_from_data, state_to_json, str(path))
    actions = [action_from_data(a) for a in save.actions]
    seats = tuple(Seat(s.name, s.computer) for s in save.seats)
    return seats, save.seed, save.options.get("starting_player"), states, actions
