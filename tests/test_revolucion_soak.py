"""Revolución soak: 1,000 seeded random games for each player count, 3 to 6. Every game ends with exactly one
winner (the only party with a living lieutenant), and cards and support tokens are conserved."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from revolt_table.engine import load_rules
from revolt_table.games.bomb_cards import tables

RULES = load_rules("revolucion")


def play_random(players: int, seed: int):
    state = RULES.new_game(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        assert len(state.to_act) == 1
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        assert moves
        state.apply(seat, moves[rng.randrange(len(moves))])
        steps += 1
        assert steps < 5000, "game does not end"
    return state

GAMES = 1000


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_thousand_random_games_end_with_one_winner_and_conserve_cards(players):
    deck = Counter(tables(RULES).deck)
    for seed in range(GAMES):
        state = play_random(players, seed)
        assert sum(state.scores) == 1 and state.scores[state.winner] == 1
        assert sum(1 for s in range(players) if state.lieutenants[s] > 0) == 1
        assert state.lieutenants[state.winner] > 0
        assert Counter(state.card_count()) == deck
        assert state.supply + sum(state.support) == RULES.data["support_tokens"]
        assert state.legal_moves(0) == [] and state.to_act == ()
