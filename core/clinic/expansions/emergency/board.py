"""The Emergency Department board: one floor beside floor 0 (rulebook L147-157; E12).

``EDBoard`` is the base game's ``Board`` with the emergency modules as its modules: the
base game's borders, cars, parking tiles, gardens and conveyor stops work on it
unchanged (``core.clinic.parking``, ``core.clinic.construction`` for gardens, parking
and conveyors).  It has one floor (floor 0 only), no entrances or helipads ("patients and
staff enter the Emergency service hubs directly", rulebook L303), and no link to the
main board: no adjacency, walking or "no matches" across (E12).
Coordinates as the base board: columns A-D west to east, rows 1-2 north to south.
"""

from __future__ import annotations

from functools import cached_property

from core.model import frozen

from core.clinic.board import Board, Border, Space
from core.clinic.components import Garden

from .components import EDKind, EDModule, EDSide, Level


@frozen
class EDBoard(Board):
    """One player's Emergency Department board (``side`` is an ``EDSide``)."""

    side: EDSide = EDSide.BEGINNER  # type: ignore[assignment]

    # --- geometry: one floor --------------------------------------------------------
    def in_bounds(self, space: Space) -> bool:
        """True for a space of the one floor (floor 0) inside the grid."""
        return space.floor == 0 and 0 <= space.col < self.cols and 0 <= space.row < self.rows

    def spaces(self, floor: int | None = None) -> tuple[Space, ...]:
        """Every space of the board in reading order."""
        if floor not in (None, 0):
            return ()
        return tuple(Space(0, c, r) for r in range(self.rows) for c in range(self.cols))

    def neighbours(self, space: Space) -> tuple[Space, ...]:
        """Orthogonally adjacent spaces of the board (no floors above or below)."""
        steps = ((1, 0), (-1, 0), (0, 1), (0, -1))
        cand = (Space(0, space.col + c, space.row + r) for c, r in steps)
        return tuple(s for s in cand if self.in_bounds(s))

    @cached_property
    def entrance_spaces(self) -> frozenset[Border]:
        """None: the ED has no entrance (rulebook L303)."""
        return frozenset()

    # --- contents -------------------------------------------------------------------
    @cached_property
    def modules(self) -> tuple[tuple[Space, EDModule], ...]:  # type: ignore[override]
        """``((space, emergency module), ...)`` in build order."""
        return tuple((s, t) for s, t in self.tiles if isinstance(t, EDModule))

    def module_at(self, space: Space) -> EDModule | None:  # type: ignore[override]
        t = self._by_space.get(space)
        return t if isinstance(t, EDModule) else None

    # ``building_index`` and ``module_touches_border`` are the base ``Board``'s: they
    # go through ``modules`` and ``module_at``.

    def of_kind(self, kind: EDKind) -> tuple[Space, ...]:
        """Spaces of every emergency module of ``kind``, in build order."""
        return tuple(s for s, m in self.modules if m.kind is kind)

    @property
    def hubs(self) -> tuple[Space, ...]:
        return self.of_kind(EDKind.HUB)

    @property
    def rooms(self) -> tuple[Space, ...]:
        return self.of_kind(EDKind.ROOM)

    def room_level(self, space: Space) -> Level:
        m = self.module_at(space)
        assert m is not None and m.level is not None, space
        return m.level

    def is_functional(self, space: Space) -> bool:
        """An emergency room adjacent to an emergency service hub (rulebook L233:
        "To be functional, an emergency room must be adjacent to an Emergency service
        hub")."""
        m = self.module_at(space)
        if m is None or m.kind is not EDKind.ROOM:
            return False
        return any(
            (n_m := self.module_at(n)) is not None and n_m.kind is EDKind.HUB
            for n in self.neighbours(space)
        )

    @cached_property
    def functional_rooms(self) -> tuple[Space, ...]:
        """Emergency rooms adjacent to an emergency service hub, in build order."""
        return tuple(s for s in self.rooms if self.is_functional(s))

    @property
    def break_room(self) -> Space | None:
        rooms = self.of_kind(EDKind.BREAK_ROOM)
        return rooms[0] if rooms else None

    @cached_property
    def off_duty_rooms(self) -> frozenset[Space]:
        """Emergency rooms next to the break room, each able to use 1 off-duty nurse
        (rulebook L378; the break room operates with "at least 1 adjacent emergency
        room", L558)."""
        b = self.break_room
        if b is None:
            return frozenset()
        return frozenset(
            n for n in self.neighbours(b) if (m := self.module_at(n)) and m.kind is EDKind.ROOM
        )

    @property
    def queue_points(self) -> int:
        """Emergency queue points: 1 per emergency service hub (rulebook L282)."""
        return len(self.hubs)

    @property
    def is_full(self) -> bool:
        """Every space holds a module, a garden or a parking tile (E33a)."""
        return all(self.tile_at(s) is not None for s in self.spaces())

    @property
    def gardens(self) -> int:
        """Gardens on the ED board."""
        return len(self.spaces_with(Garden))


__all__ = ["EDBoard"]
