"""``simulate``: bot-only matches for both games (issue 13)."""

from __future__ import annotations

import json
import re

import pytest

from core.simulate import Outcome, game_seed, play_one, seating, simulate, summarise
from tui_common.simulate import simulate_main


def test_json_shape_and_wins_at_most_games(capsys):
    """``--json`` prints {"games": N, "players": [...], "wins": [...], "mean_score": [...]}."""
    assert simulate_main("clear-ward", ["--players", "greedy,random", "--games", "6", "--seed", "3",
                                        "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6
    assert out["players"] == ["greedy", "random"]
    assert len(out["wins"]) == len(out["mean_score"]) == 2
    assert sum(out["wins"]) <= 6
    assert all(isinstance(w, int) for w in out["wins"])


def test_same_seed_same_match():
    a = simulate("clear-ward", ["greedy", "random"], 6, seed=5)
    b = simulate("clear-ward", ["greedy", "random"], 6, seed=5)
    c = simulate("clear-ward", ["greedy", "random"], 6, seed=6)
    assert a == b
    assert a.mean_score != c.mean_score


def test_clinic_small_match_is_deterministic():
    a = simulate("clinic", ["basic", "random"], 2, seed=1)
    assert a == simulate("clinic", ["basic", "random"], 2, seed=1)
    assert sum(a.wins) <= 2


def test_seats_rotate_so_each_player_starts_in_turn():
    """Game i seats the players' list turned by i places; seat 0 starts."""
    players = ["a", "b", "c"]
    assert [seating(players, i)[0] for i in range(6)] == ["a", "b", "c", "a", "b", "c"]
    assert seating(players, 1) == ("b", "c", "a")


def test_outcome_is_reported_per_player_not_per_seat():
    """In game 1 of greedy,random, random sits in seat 0 and greedy in seat 1; the
    outcome lists greedy's score first."""
    from core.clear_ward import apply_action, is_over, new_game
    from core.clear_ward.bots import make_bot
    from core.clear_ward.scoring import result

    o = play_one("clear-ward", ["greedy", "random"], 2, 1)
    gseed = game_seed(2, 1)
    state = new_game(2, gseed, starting_player=0)
    bots = [make_bot("random", gseed * 8), make_bot("greedy", gseed * 8 + 1)]
    while not is_over(state):
        state = apply_action(state, bots[state.current].choose(state))
    seat_scores = result(state).scores
    assert seat_scores[0] != seat_scores[1]
    assert o.scores == (seat_scores[1], seat_scores[0])


def test_summary_counts_sole_wins_and_interval():
    outcomes = [Outcome((10, 0), (True, False)), Outcome((0, 10), (False, True)), Outcome((5, 5), (False, False))]
    s = summarise(["a", "b"], outcomes)
    assert s.wins == (1, 1)
    assert s.mean_score == (5.0, 5.0)
    assert s.interval[0] == pytest.approx(1.96 * 5 / 3**0.5)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown computer level 'nobody'"):
        simulate("clinic", ["nobody", "random"], 1, seed=1)


def test_console_script_routes_simulate(capsys):
    from clinic_tui.__main__ import main

    assert main(["simulate", "--players", "random", "--games", "1", "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["random"]


def test_easy_medium_hard_name_the_levels(capsys):
    """The setup screen's names work in ``--players`` too: the same match as by the
    bots' own names."""
    args = ["--games", "2", "--seed", "3", "--workers", "1", "--json"]
    assert simulate_main("clear-ward", ["--players", "medium,easy", *args]) == 0
    by_alias = json.loads(capsys.readouterr().out)
    assert by_alias["players"] == ["greedy", "random"]
    assert simulate_main("clear-ward", ["--players", "greedy,random", *args]) == 0
    assert json.loads(capsys.readouterr().out) == by_alias


def test_one_worker_plays_in_this_process_and_more_use_a_pool(monkeypatch):
    """``workers=1`` (the default) plays every game in this process, in order: no pool
    of processes is started (a library user's match, the tests, a machine that forbids
    new processes); ``workers=2`` hands the games to a pool."""
    import core.simulate as sim

    started = []

    class Pool:
        def __init__(self, max_workers):
            started.append(max_workers)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def map(self, fn, jobs, chunksize=1):
            return map(fn, jobs)

    monkeypatch.setattr(sim, "ProcessPoolExecutor", Pool)
    alone = simulate("clear-ward", ["greedy", "random"], 3, seed=2)
    assert started == []
    assert sim.simulate("clear-ward", ["greedy", "random"], 3, seed=2, workers=1) == alone
    assert started == []
    assert sim.simulate("clear-ward", ["greedy", "random"], 3, seed=2, workers=2) == alone
    assert started == [2]


def test_a_match_of_no_games_is_refused_in_words():
    """``simulate --games 0``: one clear sentence, not an empty table."""
    import pytest

    from core.simulate import simulate

    with pytest.raises(ValueError) as refused:
        simulate("clear-ward", ["greedy", "random"], 0, 1)
    assert str(refused.value) == "play at least 1 game"
    with pytest.raises(ValueError) as refused:
        simulate("clear-ward", [], 1, 1)
    assert str(refused.value) == "name at least one computer level"


@pytest.mark.parametrize("game", ["clear-ward", "clinic"])
def test_the_example_in_help_runs_and_the_table_names_levels_by_word(game, capsys):
    """``simulate --help``'s example works for both games (it said "basic,random",
    which Clear the Ward refused), and the table names the levels easy/medium/hard."""
    from tui_common.simulate import build_parser

    example = re.search(r"e\.g\. (\S+)", " ".join(build_parser(game).format_help().split()))[1]
    assert simulate_main(game, ["--players", example, "--games", "1", "--workers", "1"]) == 0
    table = capsys.readouterr().out
    rows = [line for line in table.splitlines() if re.match(r"^│ \d", line)]
    assert [line.split("│")[2].strip() for line in rows] == example.split(",")
    assert all(word in ("easy", "medium", "hard") for word in example.split(","))
