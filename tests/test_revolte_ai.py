"""Révolte! AI: legal, view-only and deterministic moves; tactical choices; beats random play."""

from __future__ import annotations

import random

from revolt_table.ai.registry import make_agent
from revolt_table.ai.tricks_ai import make_heuristic
from revolt_table.engine import load_rules

R = load_rules("revolte")


def game(hands, **extra):
    return R.new_game(len(hands), seed=1, deal={"hands": hands, **extra})


def play(state, *moves):
    for move in moves:
        state.apply(state.to_act[0], move)


def choose(state, level="ai:normal", seed=0):
    seat = state.to_act[0]
    agent = make_heuristic(R, level)
    return agent.choose(state.view(seat), state.legal_moves(seat), random.Random(seed)).text


def test_registry_finds_the_family_heuristic():
    assert type(make_agent("ai:normal", R)).__name__ == "TricksHeuristicAgent"
    assert make_agent("ai:easy", R).noise > 0


def test_agents_play_legal_moves_and_are_deterministic_for_a_view():
    for players in (3, 4, 5):
        state = R.new_game(players, seed=players)
        agents = [make_heuristic(R, "ai:easy" if s % 2 else "ai:normal") for s in range(players)]
        while not state.is_over:
            seat = state.to_act[0]
            view, legal = state.view(seat), state.legal_moves(seat)
            move = agents[seat].choose(view, legal, random.Random(len(state.history)))
            assert move in legal
            # same view and rng: same move, whatever the hidden cards are
            other = R.from_view(view, random.Random(9))
            assert agents[seat].choose(other.view(seat), other.legal_moves(seat),
                                       random.Random(len(state.history))) == move
            state.apply(seat, move)


def test_spoils_an_opponents_trick_with_a_citizen_revolt():
    state = game([["N10", "R1"], ["C", "R2"], ["C", "N1"]], leader=0)
    play(state, "N10", "C")
    assert choose(state) == "C"          # 2 Citizens against 1 Noble: nobody gets N10's trick


def test_wins_with_the_smallest_sufficient_card():
    state = game([["N5", "R1", "R2"], ["N2", "R3", "R4"], ["N7", "N9", "R5"]], leader=0)
    play(state, "N5", "N2")
    assert choose(state) == "N7"


def test_does_not_waste_a_cut_on_a_trick_already_won():
    state = game([["N5", "R1"], ["N2", "R3"], ["N9", "B3"]], leader=0)
    play(state, "N5", "N2")
    assert choose(state) == "N9"


def test_cuts_a_trick_it_would_otherwise_lose():
    state = game([["N10", "R1"], ["N2", "R3"], ["N1", "B2"]], leader=0, coins=[1, 1, 3])
    play(state, "N10", "N2")
    assert choose(state) == "cut:B2"


def test_takes_the_knaves_coin_from_the_points_leader():
    state = game([["R5", "R1"], ["R2", "N2"], ["R9", "N3"], ["N4", "N5"]], leader=0,
                 coins=[50, 2, 50, 10], points=[1, 0, 6, 0])
    play(state, "R5", "R2", "R9", "N4")
    assert choose(state) == "take:2"


def _arena(players, games):
    wins = 0.0
    for g in range(games):
        state = R.new_game(players, seed=g, start_seat=g % players)
        me = g % players
        agents = {s: make_agent("random", R) for s in range(players)}
        agents[me] = make_heuristic(R, "ai:normal")
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, agents[seat].choose(state.view(seat), state.legal_moves(seat), rng))
        if me in state.winners:
            wins += 1 / len(state.winners)
    return wins / games


def test_normal_beats_random_players():
    assert _arena(4, 30) > 0.4          # random seats would win 25%


def test_family_search_agent_plays_legal_moves_from_the_view_only():
    from revolt_table.ai.tricks_ai import make_hard
    agent = make_hard(R, iterations=2)
    state = R.new_game(4, seed=8)
    for _ in range(12):
        seat = state.to_act[0]
        view, legal = state.view(seat), state.legal_moves(seat)
        move = agent.choose(view, legal, random.Random(5))
        assert move in legal
        other = R.from_view(view, random.Random(6))
        assert agent.choose(other.view(seat), other.legal_moves(seat), random.Random(5)) == move
        state.apply(seat, move)
