"""Options of a Clear the Ward session: the seats, the seed and how things look.

Kept free of Textual and of the engine so ``clear-ward --help`` and startup stay quick.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from tui_common.cli import player_name
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
        return f"{self.name} (computer, {self.cpu})" if self.cpu else self.name


@dataclass(frozen=True)
class Options:
    """Everything the app needs to start. ``seats`` empty: show the setup screen."""

    seats: tuple[Seat, ...] = ()
    seed: int | None = None
    start: int | None = None
    cpu_delay: float = DEFAULT_CPU_DELAY
    ascii: bool = False
    data_dir: Path | None = None
    show_clock: bool = True
    resume: bool = False
    #: ``--load FILE``: play on from this save; ``--replay FILE``: open the replay viewer
    load: Path | None = None
    replay: Path | None = None

    def with_game(self, seats: tuple[Seat, ...], seed: int | None, start: int | None) -> Options:
        return replace(self, seats=seats, seed=seed, start=start)


def parse_players(text: str) -> tuple[Seat, ...]:
    """``"Ann,Bob,cpu:greedy"`` -> seats. A token ``cpu:LEVEL`` is a computer seat named
    after its level; ``NAME=cpu:LEVEL`` names it. Raises ``ValueError`` on a bad token."""
    seats: list[Seat] = []
    for raw in text.split(","):
        token = raw.strip()
        if not token:
            raise ValueError(f"empty player name in {text!r}")
        name, _, kind = token.rpartition("=") if "=" in token else ("", "", token)
        cpu = None
        if kind.lower().startswith("cpu:"):
            cpu = kind.split(":", 1)[1].strip().lower()
            cpu = {name: level for level, name in LEVEL_NAMES.items()}.get(cpu, cpu)  # cpu:easy
            if cpu not in CPU_LEVELS:
                raise ValueError(f"unknown computer level {cpu!r}; choose from "
                                 f"{', '.join(LEVEL_NAMES.values())} ({', '.join(CPU_LEVELS)})")
            name = name.strip() or f"{cpu.capitalize()} bot"
        else:
            name = (name + "=" + kind if name else kind).strip()
        name, cut_from = player_name(name)
        seats.append(Seat(name, cpu, cut_from=cut_from))
    if not 1 <= len(seats) <= 4:
        raise ValueError(f"Clear the Ward is for 1-4 players, not {len(seats)}")
    return tuple(_unique(seats))


def _unique(seats: list[Seat]) -> list[Seat]:
    """Number repeated names ("Greedy bot", "Greedy bot 2") so the log stays clear."""
    seen: dict[str, int] = {}
    out = []
    for seat in seats:
        n = seen.get(seat.name, 0) + 1
        seen[seat.name] = n
        out.append(seat if n == 1 else replace(seat, name=f"{seat.name} {n}"))
    return out


def data_dir(options: Options) -> Path:
    """Where best times live: the option, else ``$CLEAR_WARD_DATA_DIR``, else the user
    data dir from platformdirs."""
    if options.data_dir is not None:
        return Path(options.data_dir)
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("clear-the-ward"))


@dataclass(frozen=True)
class Glyphs:
    """Characters the ward uses; ``ASCII`` for terminals that draw ★ as a wide emoji."""

    star: str = "★"
    back: str = "░"
    doctor: str = "✚"
    stop: str = "◆"
    passed: str = "›"
    target: str = "◇"
    picked: str = "✔"
    arrows: dict = field(default_factory=lambda: {"up": "↑", "right": "→", "down": "↓", "left": "←"})


UNICODE = Glyphs()
ASCII = Glyphs(
    star="*", back="#", doctor="+", stop="o", passed=">", target="?", picked="x",
    arrows={"up": "^", "right": ">", "down": "v", "left": "<"},
)
