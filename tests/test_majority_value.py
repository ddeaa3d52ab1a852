"""RevoltaaA's ai:normal (revolt_table/ai/majority_value.py): the estimate's parts and the play.

The strength figures of the issue-16 ladder come from benchmarks/ai_ladder.py; here a seeded arena
checks the agent is the one measured (it beats the first heuristic's share against random seats on
the same games), and positions check it reads the end of the game right.
"""

from __future__ import annotations

import random

import pytest

from revolt_table.ai.registry import make_agent
from revolt_table.ai.majority_value import MajorityValueAgent, chance_first, make_heuristic, rounds_left
from revolt_table.engine import load_rules
from revolt_table.arena import run_arena
from tests.random_play import random_moves


@pytest.mark.parametrize("a,b", [(1, 1), (2, 3), (4, 1), (3, 3)])
def test_the_colour_walk_is_a_fair_coin(a, b):
    assert chance_first(a, b) + chance_first(b, a) == pytest.approx(1.0)
    assert chance_first(a, a) == pytest.approx(0.5)
    assert chance_first(1, 1) == pytest.approx(0.5)
    assert chance_first(1, 3) == pytest.approx(1 - 0.5 ** 3)       # the other colour must win three in a row
    assert rounds_left(1, 1) == 1.0 and rounds_left(0, 2) == 0.0
    assert rounds_left(a + 1, b) > rounds_left(a, b)


def test_levels():
    rules = load_rules("revoltaaa")
    assert make_heuristic(rules, "ai:normal").noise == 0.0
    assert make_heuristic(rules, "ai:easy").noise == 0.5


def _positions(rules, players: int, count: int, seed: int):
    rng = random.Random(seed)
    out, game = [], 0
    while len(out) < count:
        state = rules.new_game(players, seed=seed * 97 + game)
        random_moves(state, rng, rng.randrange(0, 30))
        if not state.is_over:
            out.append((state, state.to_act[0]))
        game += 1
    return out


@pytest.mark.parametrize("variant,players", [(None, 3), (None, 5), ("bananas", 4)])
def test_it_plays_a_held_card_and_the_same_one_for_the_same_seed(variant, players):
    rules = load_rules("revoltaaa", variant=variant)
    agent = MajorityValueAgent(rules)
    for state, seat in _positions(rules, players, 60, seed=3):
        legal = state.legal_moves(seat)
        move = agent.choose(state.view(seat), legal, random.Random(9))
        assert move in legal
        assert agent.choose(state.view(seat), legal, random.Random(9)) == move


def test_it_beats_the_first_heuristic_against_random_seats():
    """On the same 300 seeded games at 4 players against three random seats (issue 16's ladder cell:
    the level must win at least 1.5 times the fair share, 37.5 %), it wins clearly more than the first
    heuristic did (~35 %) and above the target."""
    assert type(make_agent("ai:normal", load_rules("revoltaaa"))) is MajorityValueAgent
    report = run_arena("revoltaaa", 4, ["ai:normal", "random", "random", "random"], games=300, seed=2)
    share = report["seats"][0]["wins"] / 300
    assert share >= 0.39, report
