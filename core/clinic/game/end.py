"""End of the game: end-game popularity, the time penalty, the winner, solitaire.

Rulebook "End of the Game": after 6 rounds each player gains end-game popularity in turn
order; the most popular wins; on a tie, whoever reached the space first.  Numbers from
``rules-decisions.md`` (``constants.END_*``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import evolve
from core.model import frozen

from core.clinic.board import Board
from core.clinic.components import ModuleKind, Role

from . import constants as K
from .state import GameState, Phase, PlayerState, SoloGoal, change_popularity, set_player

if TYPE_CHECKING:
    from .view import PlayerView


@frozen
class EndScore:
    """One player's end-game popularity, line by line."""

    doctors: int
    nurses: int
    rooms: int
    patients: int
    time: int

    @property
    def total(self) -> int:
        return self.doctors + self.nurses + self.rooms + self.patients + self.time


def time_penalty(time_spent: int) -> int:
    """Popularity the end-game count takes for ``time_spent`` (time units): 1 per full
    ``TIME_PER_PENALTY`` (3), as a positive number (rules-decisions, end-game popularity)."""
    return time_spent // K.TIME_PER_PENALTY


def end_score(player: PlayerState) -> EndScore:
    """Doctors by colour 1-4, nurses 1, working treatment rooms 1 + floor, patients in
    the clinic or pre-admissions -2 each, -1 per full 3 time spent (decisions)."""
    clinic = player.clinic
    return EndScore(
        doctors=sum(K.END_DOCTOR[int(d.colour)] for d in clinic.of_role(Role.DOCTOR)),
        nurses=K.END_NURSE * len(clinic.of_role(Role.NURSE)),
        rooms=sum(K.END_ROOM_BASE + s.floor for s in clinic.board.working_treatment_rooms),
        patients=K.END_PATIENT_WAITING * len(clinic.of_role(Role.PATIENT)),
        time=-time_penalty(player.time_spent),
    )


def end_game(state: GameState) -> GameState:
    """Score the end-game popularity in turn order (never below 0) and end the game.
    Cars still owed (patients who died in the last Admin) are removed by the computer's
    rule first: no choice can change anything any more."""
    from core.clinic.game.hooks import end_score as expansion_end_score

    from .cars import remove_all_owed

    state = remove_all_owed(state)
    for seat in state.turn_order:
        extra = expansion_end_score(state, seat)  # an expansion's end-game popularity
        state = change_popularity(state, seat, end_score(state.players[seat]).total + extra)
        p = state.players[seat]
        state = evolve(state, players=set_player(state, seat, evolve(p, final=p.popularity)))
    return evolve(state, phase=Phase.OVER, queue=())


def scores(state: GameState) -> tuple[int, ...]:
    """Popularity per seat (final once the game is over)."""
    return tuple(p.popularity for p in state.players)


def winners(state: GameState) -> tuple[int, ...]:
    """The winning seat (a one-seat tuple): most popularity; on a tie, the player who
    reached that space first (the lowest arrival stamp)."""
    best = max(p.popularity for p in state.players)
    tied = [s for s, p in enumerate(state.players) if p.popularity == best]
    return (min(tied, key=lambda s: state.players[s].stamp),)


def running_service_hubs(board: Board) -> int:
    """Service hubs with at least one working treatment room on their floor of their
    building (the solitaire goal "run 3 service hubs", rulings 0.4a)."""
    rooms = {(board.building_index[s], s.floor) for s in board.working_treatment_rooms}
    return sum(
        (board.building_index[h], h.floor) in rooms for h in board.modules_of_kind(ModuleKind.SERVICE_HUB)
    )


@frozen
class GoalStatus:
    """Where a solitaire goal stands: ``have`` of ``need`` (for "no patient left
    waiting": ``have`` patients waiting, at most ``need``), and whether it is ``met``
    (at the end of the game; during play, whether it would be met now)."""

    goal: SoloGoal
    have: int
    need: int

    @property
    def met(self) -> bool:
        if self.goal is SoloGoal.NO_WAITING:
            return self.have <= self.need
        return self.have >= self.need

    @property
    def progress(self) -> str:
        """"1/3" (capped at the need); "2 waiting" for "no patient left waiting"."""
        if self.goal is SoloGoal.NO_WAITING:
            return f"{self.have} waiting"
        return f"{min(self.have, self.need)}/{self.need}"

    def __str__(self) -> str:
        """"run 3 service hubs (1/3)"; "end with no patient left waiting (2 waiting)"."""
        return f"{self.goal} ({self.progress})"


def goal_status(state: GameState | PlayerView, seat: int = 0) -> GoalStatus | None:
    """The solitaire goal's progress for ``state`` or a player's view of it (None
    without a goal; rulings 0.4): red patients
    treated (went home), service hubs running, the highest floor built on, patients
    in the clinic or pre-admissions, distinct doctors turned red in a lab."""
    if state.config.options:  # an expansion's goal replaces the base one (The 911th Extension)
        from core.clinic.game.hooks import goal_status as expansion_goal

        if (status := expansion_goal(state, seat)) is not None:
            return status
    goal = state.config.solo_goal
    if goal is None:
        return None
    p = state.players[seat]
    board = p.clinic.board
    if goal is SoloGoal.RED_PATIENTS:
        return GoalStatus(goal, p.cured_red, K.SOLO_RED_PATIENTS)
    if goal is SoloGoal.THREE_HUBS:
        return GoalStatus(goal, running_service_hubs(board), K.SOLO_SERVICE_HUBS)
    if goal is SoloGoal.FLOOR_3:
        return GoalStatus(goal, max((s.floor for s, _ in board.tiles), default=0), K.SOLO_FLOOR)
    if goal is SoloGoal.NO_WAITING:
        return GoalStatus(goal, len(p.clinic.of_role(Role.PATIENT)), K.SOLO_PATIENTS_WAITING)
    return GoalStatus(goal, len(p.trained_red_ids), K.SOLO_RED_DOCTORS)


def goal_met(state: GameState, seat: int = 0) -> bool:
    """Whether the solitaire goal is achieved (False without a goal)."""
    status = goal_status(state, seat)
    return status is not None and status.met


def hall_of_fame(popularity: int) -> str:
    """The Hall of Fame rank for a final popularity."""
    rank = K.HALL_OF_FAME[0][1]  # pragma: no mutate (the first threshold is 0: the loop always sets it)
    for threshold, name in K.HALL_OF_FAME:
        if popularity >= threshold:
            rank = name
    return rank


def next_rank(popularity: int) -> tuple[int, str] | None:
    """The next Hall of Fame rank above a final ``popularity``: (its minimum popularity,
    its name), or None at the top rank (``K.HALL_OF_FAME``)."""
    return next(((t, name) for t, name in K.HALL_OF_FAME if t > popularity), None)


@frozen
class GameResult:
    """``scores`` per seat, ``winners``; for solitaire the goal, whether it was met and
    the Hall of Fame rank (None when the goal was missed: play again)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    solo_goal: SoloGoal | None = None
    goal_met: bool | None = None
    rank: str | None = None


def result(state: GameState) -> GameResult:
    """The result of a finished game."""
    if state.phase is not Phase.OVER:
        raise ValueError("result: the game is not over")
    s = scores(state)
    status = goal_status(state)
    if status is None:
        return GameResult(s, winners(state))
    met = status.met
    return GameResult(s, winners(state), status.goal, met, hall_of_fame(s[0]) if met else None)
