"""End of the game: end-game popularity, the time penalty, the winner, solitaire.

Rulebook "End of the Game": after 6 rounds each player gains end-game popularity in turn
order; the most popular wins; on a tie, whoever reached the space first.  Numbers from
``rules-decisions.md`` (``constants.END_*``).
"""

from __future__ import annotations

from attrs import evolve, frozen

from core.clinic.components import Role

from . import constants as K
from .state import GameState, Phase, PlayerState, SoloGoal, change_popularity, set_player


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


def end_score(player: PlayerState) -> EndScore:
    """Doctors by colour 1-4, nurses 1, working treatment rooms 1 + floor, patients in
    the clinic or pre-admissions -2 each, -1 per full 3 time spent (decisions)."""
    clinic = player.clinic
    return EndScore(
        doctors=sum(K.END_DOCTOR[int(d.colour)] for d in clinic.of_role(Role.DOCTOR)),
        nurses=K.END_NURSE * len(clinic.of_role(Role.NURSE)),
        rooms=sum(K.END_ROOM_BASE + s.floor for s in clinic.board.working_treatment_rooms),
        patients=K.END_PATIENT_WAITING * len(clinic.of_role(Role.PATIENT)),
        time=-(player.time_spent // K.TIME_PER_PENALTY),
    )


def end_game(state: GameState) -> GameState:
    """Score the end-game popularity in turn order (never below 0) and end the game.
    Cars still owed (patients who died in the last Admin) are removed by the computer's
    rule first: no choice can change anything any more."""
    from .cars import remove_all_owed

    state = remove_all_owed(state)
    for seat in state.turn_order:
        state = change_popularity(state, seat, end_score(state.players[seat]).total)
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


def goal_met(state: GameState, seat: int = 0) -> bool:
    """Whether the solitaire goal is achieved (decisions)."""
    p = state.players[seat]
    clinic = p.clinic
    goal = state.config.solo_goal
    if goal is SoloGoal.RED_PATIENTS:
        return p.cured_red >= K.SOLO_RED_PATIENTS
    if goal is SoloGoal.THREE_SERVICES:
        return len(clinic.board.offered_services) >= K.SOLO_SERVICES
    if goal is SoloGoal.FLOOR_3:
        return any(s.floor >= K.SOLO_FLOOR for s, _ in clinic.board.tiles)
    if goal is SoloGoal.NO_WAITING:
        return not clinic.of_role(Role.PATIENT)
    if goal is SoloGoal.RED_DOCTORS:
        return p.trained_red >= K.SOLO_RED_DOCTORS
    return False


def hall_of_fame(popularity: int) -> str:
    """The Hall of Fame rank for a final popularity."""
    rank = K.HALL_OF_FAME[0][1]
    for threshold, name in K.HALL_OF_FAME:
        if popularity >= threshold:
            rank = name
    return rank


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
    if state.config.solo_goal is None:
        return GameResult(s, winners(state))
    met = goal_met(state)
    return GameResult(s, winners(state), state.config.solo_goal, met, hall_of_fame(s[0]) if met else None)
