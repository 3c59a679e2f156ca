"""Options of a Clear the Ward session: the seats, the seed and how things look.

Kept free of Textual and of the engine so ``clear-ward --help`` and startup stay quick.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tui_common.cli import TableOptions, data_folder, parse_seats, seat_label, seat_token
from tui_common.glyphs import glyph_sets
from pathlib import Path

#: Computer levels offered (names of ``core.clear_ward.bots.BOTS``).
CPU_LEVELS = ("random", "greedy", "strong")
#: The levels as the setup screen names them; ``cpu:easy`` etc. work on the command line too.
LEVEL_NAMES = {"random": "easy", "greedy": "medium", "strong": "hard"}
#: Seconds a computer turn pauses between its actions, so people can follow it.
DEFAULT_CPU_DELAY = 0.6
#: Environment variable that overrides where best times are kept (tests use it).
DATA_DIR_ENV = "CLEAR_WARD_DATA_DIR"


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a name and, for a computer player, its level."""

    name: str
    cpu: str | None = None
    #: The name as typed when it was longer than ``tui_common.cli.MAX_NAME`` (then cut).
    cut_from: str | None = field(default=None, compare=False, repr=False)

    @property
    def is_cpu(self) -> bool:
        return self.cpu is not None

    def label(self) -> str:
        return seat_label(self.name, self.cpu, LEVEL_NAMES)


@dataclass(frozen=True)
class Options(TableOptions):
    """Everything the app needs to start (``TableOptions``: the seats, seed, data folder
    and how the game opens; paths as ``Path``), and who starts and whether the Night
    Shift clock is shown."""

    seats: tuple[Seat, ...] = ()
    cpu_delay: float = DEFAULT_CPU_DELAY
    start: int | None = None
    show_clock: bool = True

    def with_game(self, seats: tuple[Seat, ...], seed: int | None, start: int | None) -> Options:
        return replace(self, seats=seats, seed=seed, start=start)


def parse_players(text: str) -> tuple[Seat, ...]:
    """``"Ann,Bob,cpu:greedy"`` -> seats. A token ``cpu:LEVEL`` is a computer seat named
    after its level; ``NAME=cpu:LEVEL`` names it. Raises ``ValueError`` on a bad token."""
    def seat(token: str) -> Seat:
        name, cpu, cut_from = seat_token(token, CPU_LEVELS, LEVEL_NAMES)
        return Seat(name, cpu, cut_from=cut_from)

    return parse_seats(text, "Clear the Ward", seat)


def data_dir(options: Options) -> Path:
    """Where saves and best times live: the option, else ``$CLEAR_WARD_DATA_DIR``, else
    the user data dir from platformdirs."""
    return data_folder(options.data_dir, DATA_DIR_ENV, "clear-the-ward")


#: Characters the ward uses, (Unicode, ASCII); ``ASCII`` for terminals that draw ★ as a wide emoji.
Glyphs, UNICODE, ASCII = glyph_sets(
    "Glyphs", star=("★", "*"), back=("░", "#"), doctor=("✚", "+"), stop=("◆", "o"), passed=("›", ">"),
    target=("◇", "?"), picked=("✔", "x"),
    arrows=({"up": "↑", "right": "→", "down": "↓", "left": "←"}, {"up": "^", "right": ">", "down": "v", "left": "<"}),
)
