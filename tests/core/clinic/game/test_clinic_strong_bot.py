"""The strong computer player (issue 13): it never reads hidden information, and it
turns its savings into end-game popularity in the last round."""

from __future__ import annotations

from attrs import evolve

from core.clinic.game import apply_action, is_over, new_game
from core.clinic.game import constants as K
from core.clinic.game.actions import HireDoctor, SelectTile
from core.clinic.game.bot_strong import StrongBot, determinize
from core.clinic.game.bots import make_bot
from core.clinic.game.state import ActionTile, Phase
from core.clinic.game.view import player_view


def _states_with_same_view(seed: int):
    """The second player to select, and the states where they select after the first
    chose face down: one per tile the first could have chosen, each with another seed
    (the seed fixes every future draw)."""
    state = new_game(2, seed)
    bots = [make_bot("basic", 1), make_bot("basic", 2)]
    while not (state.phase is Phase.SELECT and len(state.queue) == 2 and state.round >= 2):
        state = apply_action(state, bots[state.current].choose(state))
    tiles = sorted({a.tile for a in state.legal if isinstance(a, SelectTile)})
    assert len(tiles) >= 2
    second = state.queue[1]
    return second, [evolve(apply_action(state, SelectTile(t)), seed=seed * 100 + i) for i, t in enumerate(tiles)]


def test_same_view_same_choice():
    """Rulebook, Select Action: "Everyone simultaneously selects one of their available
    action tiles, and places it face down". The second player's view is the same whichever
    tile the first chose (and whatever the seed); so must be the strong player's choice."""
    for seed in (1, 2, 3):
        seat, states = _states_with_same_view(seed)
        assert all(s.current == seat for s in states)
        views = {player_view(s, seat) for s in states}
        assert len(views) == 1
        choices = {StrongBot().choose(s) for s in states}
        assert len(choices) == 1, (seed, choices)
        dets = {determinize(s, seat) for s in states}
        assert len(dets) == 1


def test_last_round_savings_become_staff():
    """Money left at the end scores nothing (rulebook, End of the Game: popularity for
    doctors, nurses, rooms); the strong player, with the same first five rounds as the
    basic one, ends with less money and more staff points."""
    gained = 0
    for seed in (1, 2, 3, 4):
        finals = {}
        for level in ("basic", "strong"):
            state = new_game(2, seed, turn_order=[0, 1])
            bots = [make_bot(level, 5), make_bot("basic", 6)]
            before = None
            while not is_over(state):
                if state.round == K.ROUNDS and before is None:
                    before = state
                state = apply_action(state, bots[state.current].choose(state))
            finals[level] = state.players[0]
        assert finals["strong"].money <= finals["basic"].money, seed
        assert finals["strong"].final >= finals["basic"].final, seed
        gained += finals["strong"].final - finals["basic"].final
    assert gained > 0


def test_strong_is_a_level():
    bot = make_bot("strong", 3)
    assert bot.level == "strong" and isinstance(bot, StrongBot)
    assert HireDoctor  # the strong player hires through the ordinary actions
    assert ActionTile.HIRE


def _solitaire(level: str, seed: int):
    state = new_game(["Solo"], seed)
    bot = StrongBot(seed, look_ahead=False) if level == "strong" else make_bot(level, seed)
    while not is_over(state):
        state = apply_action(state, bot.choose(state))
    return state.players[0]


def test_solitaire_triage_saves_time():
    """Rulebook, Triage: "the time spent each round is reduced by 3"; Time Spent track:
    "for each 3 time you've spent, you will lose 1 popularity". A triage is worth a
    popularity a round for $1 upkeep: alone, with a triage on offer (seeds 0, 1 and 6
    have one in their special-module stacks), the strong player builds one and spends
    less time than the basic player, who never does."""
    from core.clinic.components import ModuleKind

    for seed in (0, 1, 6):
        assert any(st.module.kind is ModuleKind.TRIAGE for st in new_game(["Solo"], seed).special_stacks)
        strong, basic = _solitaire("strong", seed), _solitaire("basic", seed)
        assert strong.clinic.board.modules_of_kind(ModuleKind.TRIAGE), seed
        assert strong.time_spent < basic.time_spent, seed


def test_solitaire_builds_or_hires_before_admitting():
    """Rulebook, Admit Patients: patients are admitted from the rightmost column of the
    appointment notepad, which gains a patient a service after every action ("New
    appointments"). When one Admit Patients action fills every place its doctors can
    work, the strong player's plan builds or hires first and admits last (more patients
    to choose from), where the basic player admits at once. (The plan alone: the
    solitaire planner, ``bot_search``, may then try other tiles out.)"""
    for seed in (3, 5, 7, 8, 9):
        state = new_game(["Solo"], seed)
        basic = make_bot("basic", seed)
        while not (state.round == 2 and state.phase is Phase.SELECT and state.action == 1):
            state = apply_action(state, basic.choose(state))
        assert SelectTile(ActionTile.ADMIT) in state.legal
        assert basic.choose(state) == SelectTile(ActionTile.ADMIT), seed
        assert StrongBot(look_ahead=False).choose(state).tile in (ActionTile.BUILD, ActionTile.HIRE), seed


def test_solitaire_conveyor_shortens_the_walk():
    """Rulebook, Conveyor: riding from stop to stop takes no time (ruling 0.5: stop by
    stop, each ride 0); Time Spent: "for each 3 time you've spent, you will lose 1
    popularity". Where its patients walk through the service hub to the treatment room
    and no triage is on offer (seeds 3, 9 and 11), the strong player alone buys a conveyor
    and spends less time than the basic player, who never buys one."""
    from core.clinic.components import ModuleKind

    for seed in (3, 9, 11):
        assert not any(st.module.kind is ModuleKind.TRIAGE for st in new_game(["Solo"], seed).special_stacks)
        strong, basic = _solitaire("strong", seed), _solitaire("basic", seed)
        assert strong.clinic.board.conveyor_stops and not basic.clinic.board.conveyor_stops, seed
        assert strong.time_spent < basic.time_spent, seed
