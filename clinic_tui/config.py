"""Options of a Clinic session: the seats, the seed, sides, the solitaire goal, where
saves live and which save to open.

Kept free of Textual and of the engine so ``clinic --help`` and startup stay quick.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from tui_common.cli import player_name
from pathlib import Path

#: Computer levels offered (names of ``core.clinic.game.bots.BOTS``).
CPU_LEVELS = ("random", "basic", "strong")
#: The levels as the setup screen names them; ``cpu:easy`` etc. work on the command line too.
LEVEL_NAMES = {"random": "easy", "basic": "medium", "strong": "hard"}
#: Seconds a computer player pauses before each action, so people can follow it.
DEFAULT_CPU_DELAY = 0.5
#: Solitaire goals by short name -> ``SoloGoal`` member name (``core.clinic.game``).
GOALS = {
    "red-patients": "RED_PATIENTS",
    "three-hubs": "THREE_HUBS",
    "floor-3": "FLOOR_3",
    "no-waiting": "NO_WAITING",
    "red-doctors": "RED_DOCTORS",
}
GOAL_TEXT = {
    "red-patients": "treat 4 red patients",
    "three-hubs": "run 3 service hubs",
    "floor-3": "build on floor 3",
    "no-waiting": "end with no patient left waiting",
    "red-doctors": "train 2 red doctors",
}
DEFAULT_GOAL = "red-patients"
#: Environment variable naming the folder for saves (``--data-dir`` wins over it).
DATA_DIR_ENV = "CLINIC_DATA_DIR"


@dataclass(frozen=True)
class Seat:
    """One seat: a name, a computer level (None for a person), the expert side."""

    name: str
    cpu: str | None = None
    expert: bool = False
    side: str = "beginner"  # the player board side: "beginner" 4x3 or "expert" 3x3
    #: The name as typed when it was longer than ``tui_common.cli.MAX_NAME`` (then cut).
    cut_from: str | None = field(default=None, compare=False, repr=False)

    @property
    def is_cpu(self) -> bool:
        return self.cpu is not None

    def label(self) -> str:
        kind = f" (computer, {self.cpu})" if self.cpu else ""
        side = (" [expert, 3x3]" if self.side == "expert" else " [expert, 4x3]") if self.expert else ""
        return f"{self.name}{kind}{side}"


@dataclass(frozen=True)
class Options:
    """Everything the app needs to start. ``seats`` empty: show the setup screen."""

    seats: tuple[Seat, ...] = ()
    seed: int | None = None
    goal: str | None = None
    cpu_delay: float = DEFAULT_CPU_DELAY
    ascii: bool = False
    expert: bool = False
    data_dir: str | None = None  # saves: --data-dir, else $CLINIC_DATA_DIR, else the user data dir
    resume: bool = False  # --resume: play on from the autosave
    load: str | None = None  # --load FILE: play on from a save file
    replay: str | None = None  # --replay FILE: open a save in the replay viewer

    def with_game(self, seats: tuple[Seat, ...], seed: int | None, goal: str | None) -> Options:
        return replace(self, seats=seats, seed=seed, goal=goal)


def data_dir(options: Options) -> Path:
    """Where saves live: ``--data-dir``, else ``$CLINIC_DATA_DIR``, else the user data
    folder from platformdirs (``~/.local/share/clinic`` on Linux)."""
    if options.data_dir:
        return Path(options.data_dir)
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("clinic"))


def parse_players(text: str, expert: bool = False) -> tuple[Seat, ...]:
    """``"Ann,Bob,cpu:basic"`` -> seats. ``cpu:LEVEL`` is a computer named after its
    level; ``NAME=cpu:LEVEL`` names it; a trailing ``+`` (``Ann+``) plays the expert
    side. ``expert`` gives every seat the expert side. Raises ``ValueError``."""
    seats: list[Seat] = []
    for raw in text.split(","):
        token = raw.strip()
        if not token:
            raise ValueError(f"empty player name in {text!r}")
        pro = expert or token.endswith("+")
        token = token.rstrip("+").strip()
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
        if not name:
            raise ValueError(f"empty player name in {text!r}")
        name, cut_from = player_name(name)
        seats.append(Seat(name, cpu, pro, "expert" if pro else "beginner", cut_from=cut_from))
    if not 1 <= len(seats) <= 4:
        raise ValueError(f"Clinic is for 1-4 players, not {len(seats)}")
    seen: dict[str, int] = {}
    out = []
    for seat in seats:
        n = seen[seat.name] = seen.get(seat.name, 0) + 1
        out.append(seat if n == 1 else replace(seat, name=f"{seat.name} {n}"))
    return tuple(out)


@dataclass(frozen=True)
class Glyphs:
    """Marks that are never colour alone; ``ASCII`` for plain terminals."""

    working: str = "✓"
    idle: str = "✗"
    cursor: str = "▶"
    target: str = "◆"
    car: str = "▪"
    conveyor: str = "≡"
    path: str = "·"
    empty: str = "·"
    turn: str = "▶"


UNICODE = Glyphs()
ASCII = Glyphs(working="+", idle="x", cursor=">", target="*", car="c", conveyor="=", path=".", empty=".",
               turn=">")
