"""Every agent is honest: it decides from its seat's view only (issue 16).

For every game and every agent level: at positions along seeded random games, a second state with the
same view for the seat to act but other hidden cards (`state.determinize(seat, rng)`) must give the
same decision with the same seed. The views are checked equal and the hidden cards checked different,
so the test compares what it means to compare.
"""

from __future__ import annotations

import random

import pytest

from revolt_table.ai.registry import AGENT_NAMES, make_agent
from revolt_table.engine import load_rules

GAMES = [("revoltaaa", None, 4), ("revoltaaa", "bananas", 3), ("revolte", None, 4), ("revolucion", None, 4),
         ("doudizhu", None, 3)]
POSITIONS = 10


def hidden(state, seat: int) -> list:
    """Every card the seat cannot see, zone by zone (what a determinization re-deals)."""
    view = state.view(seat)
    return [z.cards or z.groups for z in state.zones() if view.zones[z.name].cards is None]


def positions(rules, players: int, seed: int):
    """(state, seat) pairs at several depths of seeded random games."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < POSITIONS:
        state = rules.new_game(players, seed=seed * 31 + game)
        stop = rng.randrange(1, 40)
        for _ in range(stop):
            if state.is_over:
                break
            for actor in state.to_act:
                moves = state.legal_moves(actor)
                state.apply(actor, moves[rng.randrange(len(moves))])
                if state.is_over:
                    break
        if not state.is_over and len(state.legal_moves(state.to_act[0])) > 1:
            out.append((state, state.to_act[0]))
        game += 1
    return out


@pytest.mark.parametrize("spec", AGENT_NAMES)
@pytest.mark.parametrize("game,variant,players", GAMES)
def test_same_view_same_seed_same_decision_whatever_the_hidden_cards(game, variant, players, spec):
    rules = load_rules(game, variant=variant)
    agent = make_agent(spec, rules, iterations=8)
    differ = 0
    for k, (state, seat) in enumerate(positions(rules, players, seed=11)):
        other = state.determinize(seat, random.Random(1000 + k))
        view = state.view(seat)
        assert other.view(seat) == view, "a determinization must keep the seat's view"
        differ += hidden(other, seat) != hidden(state, seat)
        # the re-dealt state is asked first, so nothing the agent remembers can favour the real one
        theirs = agent.choose(other.view(seat), other.legal_moves(seat), random.Random(k)).text
        mine = agent.choose(view, state.legal_moves(seat), random.Random(k)).text
        assert theirs == mine, f"{spec} in {game}: the decision depends on cards seat {seat} cannot see"
    assert differ >= POSITIONS // 2, "the second states must really hide other cards"
