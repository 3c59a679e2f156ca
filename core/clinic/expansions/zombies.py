"""Zombies in a Clinic (rulebook, base L1153-1198; rulings §4 Z1-Z15 in
``clinic-expansion-rulings.md``).

- **Move** (L1163-1170): "If you have any zombies in your clinic, they must move ...
  before anyone else" (Z14: at the start of their owner's Move turn; Z1: each zombie
  exactly one step when it has one).  "Zombies can move to an adjacent module /
  ground-floor space. This costs no time. Zombies cannot use conveyors." (Z2).  "no one
  is allowed to move into a module or space with a zombie in it" (Z3: nor through it;
  part 1's walking graph leaves zombie spaces out).  "At the end of movement, anyone
  (staff and patients) in a space with a zombie is removed from the game (except 1
  doctor in a lab with 1 zombie) ... You must leave their cars parked on your board ...
  Any patients that die this way give you the usual penalty" (Z5, Z6).
- **Business** (L1178-1184): "In any treatment room that has 2 yellow patients, but
  neither doctors nor nurses, replace the 2 yellow patients with 1 zombie. If there
  aren't enough zombies to go around, players earlier in the turn order get them first"
  (Z7).  "1 doctor of any color in a lab with 1 zombie can cure the zombie, earning $32
  ... set the zombie beside your board ..., and lay the doctor down." (Z8, Z12).  "each
  zombie should have 2 cars" (``Clinic.abandoned_cars``).
- **Admin** (L1192): "Each doctor lying in a lab stands up." (Z9: no training).
- **End** (L1198): "You gain 9 popularity for each zombie still in your clinic" (Z13).
- Building: a zombie obstructs its ground-floor space (Z11).
"""

from __future__ import annotations

from collections import Counter

from attrs import evolve, field
from core.converters import to_tuple
from core.model import frozen

from core.clinic.board import Space
from core.clinic.components import Colour, Helipad, Module, ModuleKind, Role
from core.clinic.game import constants as K
from core.clinic.game.state import GameState, Phase, change_popularity, set_player
from core.clinic.people import person_departs, replace_person
from core.clinic.slots import Level, PlayerSlot, SavedPart, TurnSlot

from . import Expansion
from . import constants as XK


NAME = "zombies"


@frozen
class ZombiesPlayer(PlayerSlot):
    """One player's zombie counts (``PlayerState.expansions``): ``zombies_cured``, the
    cured zombies set beside the board (Z12); ``mutated``, the yellow patients who became
    zombies (2 a zombie: their cars stay, ``Clinic.abandoned_cars``)."""

    zombies_cured: int = 0
    mutated: int = 0


@frozen
class ZombiesTurn(TurnSlot):
    """The Move step's zombie moves (``Turn.expansions``): where each zombie that moved
    this phase went, one entry a move."""

    zombie_moves: tuple[Space, ...] = field(default=(), converter=to_tuple)


_NO_PLAYER = ZombiesPlayer()
_NO_TURN = ZombiesTurn()


def player_state(player) -> ZombiesPlayer:
    """``player``'s zombie counts (a ``PlayerState``; zeros when none kept)."""
    return player.expansions.get(NAME) or _NO_PLAYER


def with_player_state(player, value: ZombiesPlayer):
    """``player`` (a ``PlayerState``) with its zombie counts ``value``."""
    return evolve(player, expansions=player.expansions.put(NAME, None if value == _NO_PLAYER else value))


def zombie_moves(state) -> tuple[Space, ...]:
    """Where each zombie moved this Move step (``ZombiesTurn.zombie_moves``)."""
    return (state.step.expansions.get(NAME) or _NO_TURN).zombie_moves


def with_zombie_moves(step, moves: tuple[Space, ...]):
    """The step (a ``Turn``) with its zombie moves ``moves``."""
    return evolve(step, expansions=step.expansions.put(NAME, ZombiesTurn(moves) if moves else None))


@frozen
class MoveZombie:
    """Move one zombie standing on ``start`` one step to ``goal`` (no time)."""

    start: Space
    goal: Space

    def __str__(self) -> str:
        return f"move the zombie on {self.start} to {self.goal}"


def left(state: GameState) -> int:
    """Zombies left in the shared supply (8; cured ones never return, Z12)."""
    out = XK.ZOMBIES_IN_GAME
    for p in state.players:
        out -= len(p.clinic.board.zombies) + player_state(p).zombies_cured
    return out


# --- Move -------------------------------------------------------------------------------
def steps(board, start: Space) -> list[Space]:
    """Where a zombie on ``start`` may step: an adjacent module (up and down included),
    or an adjacent ground-floor space of the grid that is not a module (empty, garden,
    parking tile); never a helipad, entrance or pre-admissions (Z2)."""
    out = []
    for n in board.neighbours(start):
        tile = board.tile_at(n)
        if isinstance(tile, Module) or (n.floor == 0 and not isinstance(tile, Helipad)):
            out.append(n)
    return sorted(out)


def to_move(state: GameState) -> list[Space]:
    """The spaces of the current player's zombies that must still move this phase (one
    entry per zombie; a zombie with no step is left out, Z1)."""
    board = state.players[state.current].clinic.board
    waiting = Counter(board.zombies) - Counter(zombie_moves(state))
    return [s for s in sorted(waiting.elements()) if steps(board, s)]


def _options(state: GameState, options: list) -> list:
    """In the Move phase, while a zombie of the current player has to move, only zombie
    moves; a build never goes on a ground-floor space with a zombie (Z11)."""
    if state.phase is Phase.MOVE:
        pending = to_move(state)
        if pending:
            board = state.players[state.current].clinic.board
            return [MoveZombie(s, g) for s in dict.fromkeys(pending) for g in steps(board, s)]
        return options
    if state.phase in (Phase.BUILD, Phase.BONUS_PLACE):
        zombies = set(state.players[state.current].clinic.board.zombies)
        if zombies:
            return [a for a in options if not _obstructed(a, zombies)]
    return options


def _obstructed(action, zombies) -> bool:
    build = getattr(action, "build", None)
    space = getattr(build, "space", None)
    return isinstance(space, Space) and space.floor == 0 and space in zombies


def _apply(state: GameState, action: MoveZombie) -> GameState:
    seat = state.current
    p = state.players[seat]
    board = p.clinic.board
    zombies = list(board.zombies)
    zombies.remove(action.start)
    board = evolve(board, zombies=(*zombies, action.goal))
    p = evolve(p, clinic=evolve(p.clinic, board=board))
    step = with_zombie_moves(state.step, (*zombie_moves(state), action.goal))
    return evolve(state, players=set_player(state, seat, p), step=step)


def _refusal(state: GameState, action: MoveZombie) -> str:
    if state.phase is not Phase.MOVE:
        return "zombies move in the Move phase"
    pending = to_move(state)
    if not pending:
        return "every zombie of yours has moved this phase (each moves one step, first)"
    if action.start not in pending:
        return f"no zombie on {action.start} still has to move"
    return (
        f"a zombie moves to an adjacent module or ground-floor space, and {action.goal}"
        f" is not one next to {action.start}"
    )


def survives(person, here: list, zombies: int, board) -> bool:
    """"except 1 doctor in a lab with 1 zombie" (L1170)."""
    module = board.module_at(person.where)
    return (
        person.role is Role.DOCTOR
        and zombies == 1
        and len(here) == 1
        and module is not None
        and module.kind is ModuleKind.LAB
    )


def _kill(state: GameState, seat: int) -> GameState:
    """End of movement: everyone in a space with a zombie is removed, their cars stay;
    dead patients -5 popularity each; killed staff cost nothing more (Z5)."""
    p = state.players[seat]
    clinic = p.clinic
    board = clinic.board
    if not board.zombies:
        return state
    count = Counter(board.zombies)
    victims = []
    for space, n in count.items():
        here = [q for q in clinic.people if q.where == space]
        victims += [q for q in here if not survives(q, here, n, board)]
    if not victims:
        return state
    for q in victims:
        clinic = person_departs(clinic, q.id)
    clinic = evolve(clinic, abandoned_cars=clinic.abandoned_cars + len(victims))
    dead = sum(1 for q in victims if q.role is Role.PATIENT)
    gone = Counter(q.role for q in victims)
    p = evolve(
        p,
        clinic=clinic,
        dead=p.dead + dead,
        dismissed_doctors=p.dismissed_doctors + gone[Role.DOCTOR],
        dismissed_nurses=p.dismissed_nurses + gone[Role.NURSE],
        dismissed_orderlies=p.dismissed_orderlies + gone[Role.ORDERLY],
    )
    state = evolve(state, players=set_player(state, seat, p))
    return change_popularity(state, seat, -K.DEATH_PENALTY * dead)


# --- Business ---------------------------------------------------------------------------
def cures(clinic) -> list:
    """``(lab, doctor)`` for each lab where 1 standing doctor is with 1 zombie: he cures
    it (L1182)."""
    board = clinic.board
    count = Counter(board.zombies)
    out = []
    for space in sorted(count):
        module = board.module_at(space)
        if module is None or module.kind is not ModuleKind.LAB or count[space] != 1:
            continue
        doctors = [q for q in clinic.at(space) if q.role is Role.DOCTOR and not q.lying]
        if len(doctors) == 1:
            out.append((space, doctors[0]))
    return out


def mutations(clinic, supply: int) -> list:
    """``(room, patients)`` for each treatment room with 2 yellow patients and neither
    doctor nor nurse, while ``supply`` zombies last (the player's rooms by floor, row,
    column: Z7)."""
    out = []
    for space in sorted(clinic.board.modules_of_kind(ModuleKind.TREATMENT_ROOM), key=lambda s: (s.floor, s.row, s.col)):
        if len(out) >= supply:
            break
        here = clinic.at(space)
        if any(q.role in (Role.DOCTOR, Role.NURSE) for q in here):
            continue
        yellow = sorted((q for q in here if q.role is Role.PATIENT and q.colour is Colour.YELLOW), key=lambda q: q.id)
        if len(yellow) >= XK.ZOMBIE_YELLOW_PATIENTS:
            out.append((space, yellow[: XK.ZOMBIE_YELLOW_PATIENTS]))
    return out


def _business(state: GameState, seat: int) -> GameState:
    """Before treatment: a lab doctor cures a lone zombie (+$32, lies down); then each
    treatment room with 2 yellow patients and neither doctor nor nurse turns 2 of them
    into a zombie while the supply lasts (the business runs in turn order, so earlier
    players are served first)."""
    p = state.players[seat]
    clinic = p.clinic
    board = clinic.board
    zombies = list(board.zombies)
    cured = cures(clinic)
    for space, doctor in cured:
        clinic = replace_person(clinic, evolve(doctor, lying=True))
        zombies.remove(space)
    mutated = mutations(clinic, left(state))
    for space, patients in mutated:
        for q in patients:
            clinic = person_departs(clinic, q.id)
        zombies.append(space)
    if not cured and not mutated:
        return state
    lost = XK.ZOMBIE_YELLOW_PATIENTS * len(mutated)
    clinic = evolve(
        clinic,
        board=evolve(board, zombies=zombies),
        abandoned_cars=clinic.abandoned_cars + lost,
    )
    p = evolve(p, clinic=clinic, income=p.income + XK.ZOMBIE_CURE_INCOME * len(cured))
    z = player_state(p)
    p = with_player_state(p, ZombiesPlayer(z.zombies_cured + len(cured), z.mutated + lost))
    return evolve(state, players=set_player(state, seat, p))


def _report(start: GameState, state: GameState, seat: int) -> list[str]:
    """Business lines: each cure, then each pair of yellow patients turned zombie."""
    clinic = state.players[seat].clinic
    lines = [
        f"zombie cured +${XK.ZOMBIE_CURE_INCOME}: {doctor} in the lab at {lab} (he lies down)"
        for lab, doctor in cures(clinic)
    ]
    for room, patients in mutations(clinic, left(state)):
        who = " and ".join(f"patient {q.id}" for q in patients)
        lines.append(f"2 yellow patients alone in the treatment room at {room} become a zombie ({who}; their cars stay)")
    return lines


# --- Admin and the end ------------------------------------------------------------------
def stand_up_in_labs(state: GameState) -> GameState:
    """L1192 "Each doctor lying in a lab stands up." (no training, Z9)."""
    for seat, p in enumerate(state.players):
        clinic = p.clinic
        for doc in clinic.of_role(Role.DOCTOR):
            module = clinic.board.module_at(doc.where) if isinstance(doc.where, Space) else None
            if doc.lying and module is not None and module.kind is ModuleKind.LAB:
                clinic = replace_person(clinic, evolve(doc, lying=False))
        if clinic is not p.clinic:
            state = evolve(state, players=set_player(state, seat, evolve(p, clinic=clinic)))
    return state


def _admin_steps(steps: tuple) -> tuple:
    from core.clinic.game.admin import train_in_labs

    out = []
    for step in steps:
        out.append(step)
        if step is train_in_labs:
            out.append(stand_up_in_labs)
    return tuple(out)


def _end_score(state: GameState, seat: int) -> int:
    """+9 popularity for each zombie still in the clinic (Z13: on the player board)."""
    return XK.END_ZOMBIE * len(state.players[seat].clinic.board.zombies)


# --- Computer players -------------------------------------------------------------------
def _bot(state: GameState, options: list, rng, choice):
    """Zombies step where fewest people stand (a lab with one doctor first: a cure);
    before ending the move, walk anyone out of a zombie's space."""
    from core.clinic.game.actions import EndMove, MovePerson

    if state.phase is not Phase.MOVE:
        return None
    clinic = state.players[state.current].clinic
    board = clinic.board
    offered = [a for a in options if isinstance(a, MoveZombie)]
    if offered:
        def score(a):
            here = [q for q in clinic.people if q.where == a.goal]
            module = board.module_at(a.goal)
            cure = module is not None and module.kind is ModuleKind.LAB and len(here) == 1 and a.goal not in board.zombies
            return (not cure, len(here))

        return min(offered, key=score)
    if isinstance(choice, EndMove) and board.zombies:
        danger = set(board.zombies)
        for a in options:
            if isinstance(a, MovePerson) and clinic.person(a.pid).where in danger:
                person = clinic.person(a.pid)
                here = [q for q in clinic.people if q.where == person.where]
                if not survives(person, here, board.zombies.count(person.where), board):
                    return a
    return None


def _words(state: GameState, action: MoveZombie, done: bool) -> str:
    """ "move the zombie on the lab at floor 0 A3 to floor 0 A2 (no time)"."""
    from core.clinic.game.narration import place_name

    board = state.players[state.current].clinic.board
    verb = "moves" if done else "move"
    return f"{verb} the zombie on {place_name(board, action.start)} to {place_name(board, action.goal)} (no time)"


def _events(before: GameState, after: GameState) -> list[str]:
    """Zombie kills (the Business report tells the cures and the mutations)."""
    out = []
    for b, a in zip(before.players, after.players):
        mutated = player_state(a).mutated - player_state(b).mutated
        killed = a.clinic.abandoned_cars - b.clinic.abandoned_cars - mutated
        if killed > 0:
            out.append(f"{a.name}: {killed} {'person' if killed == 1 else 'people'} left with a zombie"
                       " removed from the game (their cars stay; dead patients -5 each)")
    return out


def victims(player) -> int:
    """People a zombie removed from ``player``'s clinic (their cars stay: the abandoned
    cars that are not the mutated patients')."""
    return player.clinic.abandoned_cars - player_state(player).mutated


def tally(player) -> str:
    """The end screen's zombie line, e.g. "zombies: 3 people killed (1 patient, -5 each),
    1 cured, 2 still in the clinic (+9 each)"."""
    dead = victims(player)
    return (
        f"zombies: {dead} {'person' if dead == 1 else 'people'} killed, {player_state(player).zombies_cured} cured,"
        f" {len(player.clinic.board.zombies)} still in the clinic (+{XK.END_ZOMBIE} each)"
    )


def _move_refusal(state: GameState, clinic, person, goal) -> str | None:
    """L1163 and L1168 in words: the zombies have not moved yet, the goal holds a zombie,
    or every way there crosses one (Z3)."""
    board = clinic.board
    if not board.zombies or person.stays:
        return None
    pending = to_move(state)
    if pending:
        return (f"Move: your zombies move first ('they must move ... before anyone else'): the zombie on"
                f" {pending[0]} has not moved yet")
    if goal in board.zombies:
        return (f"Move: a zombie is at {goal}, and 'no one is allowed to move into a module or space"
                " with a zombie in it'")
    from core.clinic.game.memo import reach_from

    if goal in reach_from(evolve(board, zombies=()), person.where, person.role):
        return (f"Move: every way from {person.where} to {goal} goes through a zombie's space (nobody may"
                " move into a module or space with a zombie in it, nor through one)")
    return None


EXPANSION = Expansion(
    name=NAME,
    title="Zombies in a Clinic",
    description="2 yellow patients left alone become a zombie; it kills, a lab cures it for $32",
    options=_options,
    action_types=(MoveZombie,),
    apply=_apply,
    refusal=_refusal,
    end_of_movement=_kill,
    before_business=_business,
    admin_steps=_admin_steps,
    end_score=_end_score,
    events=_events,
    report=_report,
    move_refusal=_move_refusal,
    words=_words,
    bot_preference=_bot,
    # Saved as the keys they had as base fields: after the 911th's, before Blood's.
    saved=(SavedPart(Level.PLAYER, ZombiesPlayer, rank=1), SavedPart(Level.TURN, ZombiesTurn, rank=1)),
)
