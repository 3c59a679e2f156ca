"""The strong computer player of Clinic (``bot_strong``, ``bot_growth``), by what it
must do in small fixed positions (issue 19: what the mutation samples found unguarded).
The scenes are those of ``test_bot_behaviour_gaps`` (a beginner clinic stopped at one
decision); ``docs/bots.md`` says what the player is meant to do."""

from __future__ import annotations

from attrs import evolve

from core.clinic import Clinic, Role, beginner_initial_board
from core.clinic.components import ModuleKind
from core.clinic.game import apply_action, legal_actions
from core.clinic.game import constants as K
from core.clinic.game.actions import Done, HireDoctor, HireNurse, SelectTile
from core.clinic.game.bot_strong import StrongBot, determinize, last_round_build_value
from core.clinic.game.bots import BasicBot
from core.clinic.game.state import ActionTile, Phase

from clinic_helpers import SR, TR, modules
from expansions.helpers import in_phase, patient, staff, started

from .game_helpers import with_clinic, with_player
from .test_bot_behaviour_gaps import HUB, W, _building, _clinic, _kind


# --- the strong player's last round (bot_strong) ------------------------------------------
def test_in_the_last_round_the_strong_player_builds_rooms_that_score():
    """docs/bots.md, strong: in round 6 it builds "treatment rooms with their supply
    room" (each working treatment room scores 1 + its floor at the end). With $20 it
    builds a treatment room and then the supply room that makes it work (the basic
    player builds nothing: nothing pays back in one round), but no treatment room as the
    action's last build (no build left for its supply room); with $5 it cannot pay for
    both and builds nothing; with a second room that lacks its supply room, $5 buys that
    supply room."""
    bot = StrongBot(look_ahead=False)
    clinic = staff(_clinic(), Role.DOCTOR, HUB, W)
    state = _building(clinic, 20, round_=K.ROUNDS)
    first = bot.choose(state)
    assert _kind(first) is ModuleKind.TREATMENT_ROOM
    second = bot.choose(apply_action(state, first))
    assert _kind(second) is ModuleKind.SUPPLY_ROOM
    assert BasicBot().choose(state) == Done()
    last_build = evolve(state, step=evolve(state.step, builds=K.BUILDS_PER_ACTION - 1))
    assert _kind(bot.choose(last_build)) is not ModuleKind.TREATMENT_ROOM
    assert bot.choose(_building(clinic, 5, round_=K.ROUNDS)) == Done()
    lacking = staff(_clinic(modules((TR, "B2"), board=beginner_initial_board(W))), Role.DOCTOR, HUB, W)
    assert _kind(bot.choose(_building(lacking, 5, round_=K.ROUNDS))) is ModuleKind.SUPPLY_ROOM


def test_the_strong_players_last_round_alternatives_are_its_best_rated_builds():
    """``StrongBot._alternatives``: with many options, "the best rated by the last-round
    values, one per kind and place, and Done". In round 6, with a second treatment room
    that does not work yet, every build it looks at brings end-game popularity, the best
    first; the gardens and parking listed first among the options are left out."""
    clinic = _clinic(modules((TR, "B2"), board=beginner_initial_board(W)), doctors=1)
    state = _building(clinic, 20, round_=K.ROUNDS)
    options = legal_actions(state)
    p = state.players[0]
    assert len(options) > 8 and last_round_build_value(state, p, options[0]) == 0
    alternatives = StrongBot()._alternatives(state, options)
    values = [last_round_build_value(state, p, a) for a in alternatives[:-1]]
    assert alternatives[-1] == Done() and len(alternatives) == 7
    assert all(v > 0 for v in values) and values[0] == max(last_round_build_value(state, p, a) for a in options)
    assert any(_kind(a) is ModuleKind.SUPPLY_ROOM for a in alternatives)



def _selecting(clinic: Clinic, action: int, players: int = 1, money: int = 20):
    """Seat 0 to select its tile for ``action`` of round 2, with ``clinic``."""
    state = with_player(with_clinic(started(players=players), 0, clinic), 0, money=money)
    return evolve(state, round=2, action=action)


def test_alone_the_strong_player_admits_as_late_as_its_places_allow():
    """docs/bots.md, strong: alone, "it selects Admit Patients only when the actions left
    this round are just enough to fill the places its doctors can work". Two working
    rooms and four doctors: 4 places; one Admit Patients action admits up to 2 (1 + its
    one entrance). With 1 patient in, 3 places need 2 actions: Admit from the round's
    2nd action; with 3 in, 1 place: only at the 3rd; with 4 in, every doctor has a
    patient: it does not admit at all, even last. The places are the doctors' too: with
    two doctors and two patients in, the rooms' two empty places wait for a doctor.
    (Its plan: the solitaire planner, ``bot_search``, then tries the tiles out.)"""
    board = modules((TR, "B2"), (SR, "B1"), board=beginner_initial_board(W))
    admit = SelectTile(ActionTile.ADMIT)

    def choices(patients: int, doctors: int = 4) -> list:
        clinic = _clinic(board, doctors=doctors)
        for _ in range(patients):
            clinic = patient(clinic, W)
        return [StrongBot(look_ahead=False).choose(_selecting(clinic, action)) for action in (1, 2, 3)]

    assert [c == admit for c in choices(1)] == [False, True, True]
    assert [c == admit for c in choices(3)] == [False, False, True]
    assert admit not in choices(4)
    assert admit not in choices(2, doctors=2)


def test_the_strong_players_deal_is_made_of_the_public_round_and_action():
    """``determinize``: the seed (which fixes every draw to come, hidden from the
    players) is replaced by one made of the public round and action: two games that
    differ only in their seed give the same dealt game; every action step of the game
    gets a deal of its own."""
    state = started(players=2)
    assert determinize(evolve(state, seed=1), 0) == determinize(evolve(state, seed=2), 0)
    seeds = {
        determinize(evolve(state, round=r, action=a), 0).seed
        for r in range(1, K.ROUNDS + 1)
        for a in range(1, K.ACTIONS_PER_ROUND + 1)
    }
    assert len(seeds) == K.ROUNDS * K.ACTIONS_PER_ROUND



def _last_round(clinic: Clinic, phase: Phase, money: int):
    """Seat 0 in round 6 of a 2-player game, at ``phase`` (first to select)."""
    state = in_phase(started(players=2), phase, clinic, selected=(ActionTile.HIRE, None), round=K.ROUNDS)
    return evolve(with_player(state, 0, money=money), queue=(0, 1))


def test_in_the_last_round_the_strong_player_turns_savings_into_staff():
    """docs/bots.md, strong: "In round 6 it turns its savings into end-game popularity
    (staff that score at the end ...), while the wages and upkeep it then cannot pay cost
    less than they bring". One white doctor in the hub: with $10 it selects Hire and
    hires a doctor (2 end points... less the tiring: 1); with $4 a doctor would leave
    its wages unpaid, a $1 nurse (1 point) does not; with nothing saved it hires nobody
    and does not select Hire. (Without the look-ahead: the same decisions, no playouts.)"""
    clinic = staff(_clinic(), Role.DOCTOR, HUB, W)
    bot = StrongBot(look_ahead=False)
    assert bot.choose(_last_round(clinic, Phase.SELECT, 10)) == SelectTile(ActionTile.HIRE)
    assert isinstance(bot.choose(_last_round(clinic, Phase.HIRE, 10)), HireDoctor)
    assert isinstance(bot.choose(_last_round(clinic, Phase.HIRE, 4)), HireNurse)
    assert bot.choose(_last_round(clinic, Phase.HIRE, 0)) == Done()
    assert bot.choose(_last_round(clinic, Phase.SELECT, 0)) != SelectTile(ActionTile.HIRE)



def test_in_the_last_round_with_no_staff_to_hire_the_strong_player_selects_build():
    """docs/bots.md, strong: in round 6 "it selects Hire or Build while a hire or a
    supplied treatment room still pays". A second treatment room lacks its supply room
    ($5 buys one: 1 end point): with a nurse and doctors on offer it selects Hire first;
    with nobody left to hire, Build."""
    lacking = staff(_clinic(modules((TR, "B2"), board=beginner_initial_board(W))), Role.DOCTOR, HUB, W)
    state = _last_round(lacking, Phase.SELECT, 5)
    bot = StrongBot(look_ahead=False)
    assert bot.choose(state) == SelectTile(ActionTile.HIRE)
    nobody = evolve(state, university=(None, None), nurses=(0,) * K.ROUNDS)
    assert bot.choose(nobody) == SelectTile(ActionTile.BUILD)
