"""Agents see only a view; the arena is reproducible; the RevoltaaA AIs are stronger than chance."""

import json
import random

import pytest

from revolt_table.ai.registry import make_agent
from revolt_table.arena import run_arena
from revolt_table.cli import main
from revolt_table.engine import load_rules


@pytest.mark.parametrize("spec", ["random", "ai:easy", "ai:normal", "ai:hard"])
def test_same_view_and_seed_give_the_same_move_whatever_the_hidden_cards(spec):
    rules = load_rules("revoltaaa")
    agent = make_agent(spec, rules, iterations=24)
    state = rules.new_game(4, seed=3)
    state.apply(1, state.legal_moves(1)[0])
    moves = set()
    for k in range(4):
        # Same view for seat 0, different hidden cards (other hands, the centre pile, seat 1's choice).
        other = state.determinize(0, random.Random(k))
        assert other.view(0).zones == state.view(0).zones
        moves.add(agent.choose(other.view(0), other.legal_moves(0), random.Random(99)).text)
    assert len(moves) == 1


def test_unknown_agent_name():
    with pytest.raises(ValueError, match="unknown agent 'ai:godlike'"):
        make_agent("ai:godlike", load_rules("revoltaaa"))


def test_arena_is_reproducible_and_reports_every_seat():
    first = run_arena("revoltaaa", 4, ["ai:normal", "random"], games=12, seed=5)
    second = run_arena("revoltaaa", 4, ["ai:normal", "random"], games=12, seed=5)
    for report in (first, second):
        report.pop("elapsed_s"), report.pop("moves_per_s")
    assert first == second
    assert [s["agent"] for s in first["seats"]] == ["ai:normal", "random", "ai:normal", "random"]
    assert sum(s["wins"] for s in first["seats"]) == pytest.approx(12, abs=1e-3)


def test_arena_json_from_the_cli(capsys):
    assert main(["arena", "revoltaaa", "--variant", "bananas", "--players", "3", "--seats",
                 "random,ai:easy,ai:normal", "--games", "5", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"game", "variant", "players", "games", "seed", "seats", "elapsed_s", "moves_per_s"}
    assert report["variant"] == "bananas" and report["games"] == 5
    assert set(report["seats"][0]) == {"agent", "wins", "mean_points"}


def test_arena_refuses_too_many_agents(capsys):
    assert main(["arena", "revoltaaa", "--players", "3", "--seats", "random,random,random,random"]) == 2
    assert "4 agents given for 3 players" in capsys.readouterr().err


def test_normal_beats_random_clearly():
    report = run_arena("revoltaaa", 4, ["ai:normal", "random", "random", "random"], games=200, seed=1)
    share = report["seats"][0]["wins"] / 200
    assert share > 0.30, report  # fair share is 0.25


def test_hard_beats_normal():
    report = run_arena("revoltaaa", 4, ["ai:hard", "ai:normal", "ai:normal", "ai:normal"], games=40, seed=1,
                       iterations=120)
    share = report["seats"][0]["wins"] / 40
    assert share > 0.30, report
