"""Dou Dizhu AI: hand splitting, bidding, farmer cooperation, hint, views only, arena strength."""

from __future__ import annotations

import random

from revolt_table.ai import climbing_ai
from revolt_table.ai.base import RandomAgent
from revolt_table.ai.registry import make_agent
from revolt_table.arena import run_arena
from revolt_table.engine import load_rules
from revolt_table.games import doudizhu_combos as dz
from revolt_table.games.climbing import CARD_IDS, ids_of
from tests.random_play import random_moves

RULES = load_rules("doudizhu")
NORMAL = climbing_ai.make_heuristic(RULES, "ai:normal")


def small(hands, landlord=0, bid=1):
    return RULES.new_game(3, seed=9, deal={"hands": hands, "landlord": landlord, "bid": bid})


def choose(agent, state, seed=0):
    seat = state.to_act[0]
    return agent.choose(state.view(seat), state.legal_moves(seat), random.Random(seed)).text


def test_plan_splits_a_hand_into_few_combinations():
    cost, combos = climbing_ai.plan(dz.pack(dz.parse("34567")))
    assert [dz.to_text(k) for k in combos] == ["34567"]
    cost, combos = climbing_ai.plan(dz.pack(dz.parse("33344455567")))
    assert len(combos) == 2
    cost, combos = climbing_ai.plan(dz.pack(dz.parse("3334447788JQKA22R")))
    assert any(dz.combo_of_key(k).type.startswith("airplane_") for k in combos)   # an airplane with wings
    weak = climbing_ai.plan(dz.pack(dz.parse("3579JK")))[0]
    strong = climbing_ai.plan(dz.pack(dz.parse("3456789BR")))[0]
    assert strong < weak


def test_bids_follow_hand_strength():
    strong = ["RJ", "BJ", "2S", "2H", "2D", "2C", "AS", "AH", "AD", "KS", "KH", "QS", "JS", "TS", "9S", "8S", "7S"]
    weak = ["3S", "4H", "5D", "7C", "8D", "9H", "JD", "QC", "3H", "4D", "6C", "8H", "TD", "JC", "5S", "6H", "9C"]
    rest = [c for c in CARD_IDS if c not in strong and c not in weak]
    deal = {"hands": [strong, weak, rest[:17]], "piles": {"bottom": rest[17:]}, "first_bidder": 1}
    state = RULES.new_game(3, seed=1, deal=deal)
    assert choose(NORMAL, state) == "pass"          # the weak hand
    state.apply(1, "pass")
    state.apply(2, "pass")
    assert choose(NORMAL, state) == "bid3"          # the strong hand


def test_goes_out_when_it_can():
    state = small([["3S", "3H", "3D", "4S"], ["5S"], ["6S"]])
    assert choose(NORMAL, state) == "3334"


def test_a_farmer_does_not_beat_its_partner():
    state = small([["3S", "AS", "AH", "KS"], ["9S", "QS", "QH"], ["TS", "JS", "JH", "8S", "8H"]])
    state.apply(0, "3")
    state.apply(1, "9")
    assert choose(NORMAL, state) == "pass"          # seat 2 could play T but the 9 is its partner's


def test_a_farmer_beats_the_landlord():
    state = small([["3S", "AS", "AH", "KS"], ["9S", "QS", "QH"], ["TS", "JS", "JH", "8S", "8H"]])
    state.apply(0, "3")
    state.apply(1, "pass")
    assert choose(NORMAL, state) != "pass"


def test_a_farmer_feeds_a_partner_with_one_card_left():
    state = small([["3S", "KS", "KH", "AS", "AH"], ["TS"], ["5S", "6S", "6H", "9S", "9H", "JS", "JH"]])
    for seat, move in [(0, "3"), (1, "pass"), (2, "5"), (0, "pass"), (1, "pass")]:
        state.apply(seat, move)
    assert state.to_act == (2,)
    assert choose(NORMAL, state) == "6"             # the lowest single, for the partner's 10


def test_hint_is_the_normal_choice_and_legal():
    for seed in range(20):
        state = RULES.new_game(3, seed=seed)
        rng = random.Random(seed)
        random_moves(state, rng, rng.randrange(1, 25))
        if state.is_over:
            continue
        seat = state.to_act[0]
        view, moves = state.view(seat), state.legal_moves(seat)
        h = climbing_ai.hint(view, moves)
        assert h in moves and h == climbing_ai.hint(view, moves)
        assert h == NORMAL.choose(view, moves, random.Random(1))


def test_agents_use_only_the_view():
    agents = [make_agent("ai:easy", RULES), NORMAL, climbing_ai.make_hard(RULES, iterations=12)]
    for seed in range(6):
        state = RULES.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            if len(state.history) % 9 == 4:
                other = state.determinize(seat, random.Random(seed))   # other hidden cards, same view
                assert other.view(seat) == state.view(seat)
                for agent in agents:
                    a = agent.choose(state.view(seat), moves, random.Random(3))
                    b = agent.choose(other.view(seat), other.legal_moves(seat), random.Random(3))
                    assert a == b and a in moves
            state.apply(seat, moves[rng.randrange(len(moves))])


def test_registry_finds_the_family_heuristic():
    assert isinstance(make_agent("ai:normal", RULES), climbing_ai.ClimbingHeuristicAgent)
    easy = make_agent("ai:easy", RULES)
    assert easy.noise > 0 and easy.name == "ai:easy"


def test_rollout_policy_plays_legal_moves_to_the_end():
    for seed in range(30):
        state = RULES.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            move = climbing_ai.rollout_policy(state, seat, rng)
            assert move in state.legal_moves(seat)
            state.apply(seat, move)
        assert sum(state.scores) == 0


def fixed_roles(agent_a, agent_b, deals, seed=0):
    """Mean points per seat of agent_a, as landlord and as farmer, on the same deals with roles swapped."""
    as_landlord = as_farmer = 0
    for g in range(deals):
        base = RULES.new_game(3, seed=seed * 1000 + g)
        landlord = g % 3
        deal = {"hands": [list(ids_of(m)) for m in base.masks], "piles": {"bottom": list(ids_of(base.bottom))},
                "landlord": landlord, "bid": 1}
        for a_is_landlord in (True, False):
            seats = [agent_a if (s == landlord) == a_is_landlord else agent_b for s in range(3)]
            state = RULES.new_game(3, seed=g, deal=deal)
            rngs = [random.Random(f"{g}:{s}") for s in range(3)]
            while not state.is_over:
                s = state.to_act[0]
                state.apply(s, seats[s].choose(state.view(s), state.legal_moves(s), rngs[s]))
            if a_is_landlord:
                as_landlord += state.scores[landlord]
            else:
                as_farmer += state.scores[(landlord + 1) % 3]
    return as_landlord / deals, as_farmer / deals


def test_normal_beats_random_in_both_roles():
    landlord, farmer = fixed_roles(NORMAL, RandomAgent(), 24)
    assert landlord > 1.5 and farmer > 0.5


def test_arena_runs_doudizhu():
    report = run_arena("doudizhu", 3, ["ai:normal", "random", "random"], games=12, seed=1)
    assert report["games"] == 12 and len(report["seats"]) == 3
    assert report["seats"][0]["mean_points"] > 0
    assert abs(sum(s["mean_points"] for s in report["seats"])) < 1e-3  # rounded means
