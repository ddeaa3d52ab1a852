"""Revolución's ai:hard search (ai/bomb_search.py): its fast play-out view tells the heuristic exactly
what `state.view` would, it keeps to its play-out budget, and it leaves exchanges to the heuristic."""

from __future__ import annotations

import random

import pytest

from revolt_table.ai.bomb_ai import BombHeuristicAgent, make_hard
from revolt_table.ai.bomb_search import RolloutView, evaluate
from revolt_table.engine import load_rules

RULES = load_rules("revolucion")


def test_rollout_view_gives_the_heuristic_what_the_real_view_gives():
    """Every decision of two games (3 and 5 players, a fifth of the moves random to reach odd spots):
    the heuristic picks the same move on either view, the evaluation agrees, and other hands stay
    hidden."""
    heuristic = BombHeuristicAgent(RULES)
    decisions = 0
    for players, seed in ((3, 1), (5, 2)):
        state = RULES.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actor = state.to_act[0]
            moves = state.legal_moves(actor)
            real, fast = state.view(actor), RolloutView(state, actor)
            assert fast.hand() == real.hand()
            for s in range(players):
                name = f"hand:{s}"
                assert fast.zones[name].count == real.zones[name].count
                assert (fast.zones[name].cards is None) == (s != actor)
                assert fast.zones[f"fight:{s}"].cards == real.zones[f"fight:{s}"].cards
                assert evaluate(fast, s) == evaluate(state.view(s), s)
            assert fast.info == real.info
            picked = heuristic.decide(real, moves, random.Random(3))
            assert heuristic.decide(fast, moves, random.Random(3)) == picked
            decisions += 1
            state.apply(actor, picked if rng.random() < 0.8 else moves[rng.randrange(len(moves))])
    assert decisions > 100


def test_hard_keeps_its_playout_budget_and_leaves_exchanges_to_the_heuristic():
    agent = make_hard(RULES, iterations=60)
    state = RULES.new_game(4, seed=3)
    rng = random.Random(4)
    searched = 0
    while not state.is_over and searched < 6:
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        agent.last = None
        move = agent.choose(state.view(seat), moves, rng)
        if state.view(seat).info.phase == "exchange" or len(moves) == 1:
            assert agent.last is None
            assert move == BombHeuristicAgent(RULES).choose(state.view(seat), moves, rng)
        elif agent.last is not None:
            searched += 1
            assert agent.last["playouts"] <= max(60, agent.last["candidates"])
        state.apply(seat, move)
    assert searched == 6


# the rules before issue 29 asked only the seats holding a card for the reaction (old saves resume under them)
HOLDERS_RULES = load_rules(RULES.path.parent / "archive" / "revolucion.a9a0bddde2e8f759.yaml")


@pytest.mark.parametrize("rules", [RULES, HOLDERS_RULES], ids=["everyone_asked", "holders_asked"])
def test_determinizations_respect_what_reactions_prove(rules):
    """Seat 1, attacked, is asked whether to play its Fort. When only holders are asked, every deal the
    attacker's search imagines gives seat 1 a card it could play there; when everyone is asked (the
    rules now), being asked proves nothing and seat 1 is imagined without one about as often as seat 2,
    who was not asked anything. And an attacker who declared holds a fighter in every deal the defender
    imagines."""
    deal = {"hands": [["BL", "T4", "E2"], ["FO", "T2", "BR"], ["T3", "BL"]], "first": 0, "climate": "revolution",
            "start": "turn"}
    state = rules.new_game(3, seed=5, deal=deal)
    state.apply(0, "attack:1")
    assert state.view(0).info.phase == "fort" and state.to_act == (1,)
    usable = rules.params.by_occasion["attacked"]
    fighters = {c for c in rules.params.order if rules.params.cards[c].fighter}
    view = state.view(0)
    seat1_without = seat2_without = 0
    for k in range(60):
        dealt = rules.from_view(view, random.Random(k))
        seat1_without += not any(c in usable for c in dealt.view(1).hand())
        seat2_without += not any(c in usable for c in dealt.view(2).hand())
    assert seat2_without > 30
    if rules.params.ask_everyone:
        assert seat1_without > 30
    else:
        assert seat1_without == 0
    state.apply(1, "pass")
    assert state.view(1).info.phase == "commit_a"
    view = state.view(1)
    for k in range(60):
        assert any(c in fighters for c in rules.from_view(view, random.Random(k)).view(0).hand())


def test_playouts_run_to_the_end_of_the_next_round():
    """A play-out from a turn stops where the round after this one ends (HORIZON 2), or where the game
    does: it never stops early in this round (what a card kept is worth shows only in the next) and
    never runs past the horizon."""
    from revolt_table.ai.bomb_search import HORIZON, BombSpec
    assert HORIZON == 2
    spec = BombSpec(RULES)
    checked = 0
    for seed in range(6):
        state = RULES.new_game(3, seed=seed)
        rng = random.Random(seed)
        while state.view(state.to_act[0]).info.phase != "turn":
            actor = state.to_act[0]
            state.apply(actor, rng.choice(state.legal_moves(actor)))
        root = state.view(state.to_act[0])
        imagined = state.clone()
        spec.playout(imagined, root.seat, root, random.Random(seed))
        if not imagined.is_over:
            assert imagined.round_no == root.info.round_no + 2
            checked += 1
    assert checked >= 3
