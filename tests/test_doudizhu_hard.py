"""Dou Dizhu's ai:hard (ai/climbing_ai.py on the shared search): its play-outs are the normal AI's own
decisions, its determinizations keep everything the public record proves, its inference weighs deals
by how likely the hidden seats' bids and plays were under the normal policy, and it stops early."""

from __future__ import annotations

import math
import os
import random

import pytest

from revolt_table.ai import climbing_ai
from revolt_table.engine import load_rules
from revolt_table.games.climbing import CARD_IDS

RULES = load_rules("doudizhu")
NORMAL = climbing_ai.make_heuristic(RULES, "ai:normal")


def normal_game(seed: int, stop: int):
    """A deal with bidding played by ai:normal for `stop` moves (or to its end)."""
    state = RULES.new_game(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(stop):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, NORMAL.choose(state.view(seat), state.legal_moves(seat), rng))
    return state


def test_playout_policy_is_the_normal_ai():
    """normal_policy decides from seat_facts exactly as ai:normal does from the view."""
    checked = 0
    for seed in range(12):
        state = RULES.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            expected = NORMAL.choose(state.view(seat), moves, random.Random(0))
            assert climbing_ai.normal_policy(state, seat, random.Random(0)) == expected
            checked += len(moves) > 1
            state.apply(seat, moves[rng.randrange(len(moves))])   # random play reaches odd positions
    assert checked > 200


def test_determinizations_keep_what_the_record_proves():
    """Every deal the search plays on keeps the seat's hand, every played card out of play and the
    landlord's unplayed bottom cards in the landlord's hand; the rest is re-dealt."""
    hard = climbing_ai.make_hard(RULES, pool=4)
    for seed in range(6):
        state = normal_game(seed, 14)
        seat = state.to_act[0]
        view = state.view(seat)
        info = view.info
        played = {c for s in range(3) for g in view.zones[f"played:{s}"].groups for c in g}
        unplayed_bottom = set(info.bottom_cards) - played
        seen = set()
        for k in range(20):
            deal = hard._deal(view, random.Random(k))
            assert deal.view(seat) == view
            hands = [set(deal.view(s).hand()) for s in range(3)]
            assert unplayed_bottom <= hands[info.landlord]
            assert not played & set().union(*hands)
            assert set().union(*hands) | played == set(CARD_IDS)
            seen.add(tuple(sorted(hands[(seat + 1) % 3])))
        assert len(seen) > 10                                  # and the hidden cards really vary


def test_inference_prefers_the_deal_that_was_played():
    """Averaged over positions of normal games, the real deal weighs more than re-dealt ones."""
    spec = climbing_ai.make_hard(RULES, pool=8).spec
    real, other = [], []
    for seed in range(20):
        state = normal_game(seed, 20 + seed % 7)
        if state.is_over:
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        real.append(math.log(spec.weight(view, state)))
        other += [math.log(spec.weight(view, RULES.from_view(view, random.Random(k)))) for k in range(10)]
    assert sum(real) / len(real) > sum(other) / len(other) + 2.0


def _bid_position(seat1_hand):
    """Seat 1 bid 3 and is landlord; seat 0 (the viewer) and seat 2 passed before it."""
    rest = [c for c in CARD_IDS if c not in seat1_hand]
    deal = {"hands": [rest[:17], seat1_hand, rest[17:34]], "piles": {"bottom": rest[34:]}, "first_bidder": 2}
    state = RULES.new_game(3, seed=1, deal=deal)
    for seat, move in ((2, "pass"), (0, "pass"), (1, "bid3")):
        state.apply(seat, move)
    return state


def test_inference_reads_the_bids():
    """A seat that bid 3 more likely holds a strong hand than a weak one."""
    strong = ["RJ", "BJ", "2S", "2H", "2D", "AS", "AH", "KS", "KH", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"]
    state = _bid_position(strong)
    view = state.view(0)
    spec = climbing_ai.make_hard(RULES, pool=8).spec
    assert state.to_act == (1,) and view.info.landlord == 1
    real = spec.weight(view, state)
    deals = [RULES.from_view(view, random.Random(k)) for k in range(40)]
    weak = [d for d in deals if climbing_ai.bid_strength(d.seat_facts(1).hand) < 0]
    assert weak and all(spec.weight(view, d) < real / 5 for d in weak)


def test_inference_reads_the_current_trick():
    """In positions of normal games where a hidden seat passed in the current trick, the real deal
    (where every action in the trick was the normal policy's own) loses nothing to the trick, and
    re-dealt hands with which the normal policy would have acted otherwise are weighed down."""
    spec = climbing_ai.make_hard(RULES, pool=8).spec
    found = 0
    for seed in range(40):
        for stop in (10, 16, 22):
            state = normal_game(seed, stop)
            if state.is_over:
                continue
            view = state.view(state.to_act[0])
            if not any(s != view.seat and t == "pass" for s, t in view.info.trick):
                continue
            assert spec._trick_log_likelihood(view, state) == 0.0
            others = [spec._trick_log_likelihood(view, RULES.from_view(view, random.Random(k))) for k in range(30)]
            found += min(others) <= math.log(spec.trick_miss)
    assert found >= 5


def test_going_out_needs_no_search_and_a_clear_move_stops_early():
    state = RULES.new_game(3, seed=3, deal={"hands": [["3S", "3H", "3D", "4S"], ["5S", "6S"], ["7S", "8S"]],
                                              "landlord": 0, "bid": 1})
    hard = climbing_ai.make_hard(RULES, iterations=2000)
    assert hard.choose(state.view(0), state.legal_moves(0), random.Random(0)).text == "3334"
    # a lead where every candidate but one loses: the race ends long before the budget
    state = RULES.new_game(3, seed=3, deal={"hands": [["3S", "RJ", "BJ"], ["4S", "4H"], ["5S", "5H"]],
                                              "landlord": 0, "bid": 1})
    move = hard.choose(state.view(0), state.legal_moves(0), random.Random(0))
    assert move.text == "BR"
    assert hard.last["stop"] == "clear" and hard.last["playouts"] < 200


def duel(deals: int = 24) -> dict:
    """ai:hard and ai:normal as landlord on the same deals against two ai:normal farmers: wins each."""
    from benchmarks.ai_ladder import doudizhu_deal
    hard = climbing_ai.make_hard(RULES, iterations=150)
    wins = {"hard": 0, "normal": 0}
    for d in range(deals):
        for name, agent in (("hard", hard), ("normal", NORMAL)):
            state = RULES.new_game(3, seed=d, deal=doudizhu_deal(5, d))
            rngs = [random.Random(f"{d}:{s}") for s in range(3)]
            while not state.is_over:
                s = state.to_act[0]
                who = agent if s == 0 else NORMAL
                state.apply(s, who.choose(state.view(s), state.legal_moves(s), rngs[s]))
            wins[name] += state.scores[0] > 0
    return wins


def test_hard_beats_normal_on_fixed_roles():
    """A small same-deals duel (the benchmark's measure in miniature): ai:hard as landlord against two
    ai:normal farmers wins more deals than ai:normal does in its place. In a child process: the
    search's caches fill a hundred MB, which would stay in the test process's peak memory (and a
    child it starts later inherits that peak: tests/test_hostile_rules.py measures its children's)."""
    import json
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    code = "import json; from tests.test_doudizhu_hard import duel; print(json.dumps(duel()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root,
                         env={**os.environ, "PYTHONPATH": str(root)}, timeout=600)
    wins = json.loads(out.stdout.strip().splitlines()[-1])
    assert wins["hard"] > wins["normal"], wins


@pytest.fixture(autouse=True)
def _free_the_search_caches():
    """The plan caches hold tens of MB after a search; tests after these need not carry them."""
    yield
    for cached in (climbing_ai._best, climbing_ai.plan, climbing_ai.naive_lead):
        cached.cache_clear()


def _state_with(hands, landlord=0, moves=()):
    state = RULES.new_game(3, seed=1, deal={"hands": hands, "landlord": landlord, "bid": 1})
    for seat, text in moves:
        state.apply(seat, text)
    return state


def test_naive_lead_plays_the_part_holding_the_lowest_card():
    """The naive player splits greedily (rocket, bombs, trios and runs of trios, runs of five or more,
    pairs, singles) and leads the part that holds its lowest card."""
    cases = [
        (["3S", "3H", "3D", "4S", "4H", "4D", "9S", "KS"], "333444"),         # a run of trios
        (["3S", "4S", "5H", "6S", "7D", "7C", "KS", "KH"], "34567"),          # a chain
        (["5S", "5H", "8D", "8C", "8H", "8S", "AS"], "55"),                   # a pair (the bomb stays)
        (["4S", "4H", "4D", "4C", "9H"], "4444"),                             # the bomb holds the lowest
        (["BJ", "RJ"], "BR"),
        (["6S", "9H", "9D", "9C"], "6"),
    ]
    for cards, expected in cases:
        state = _state_with([cards, ["3C"], ["TS"]])
        assert climbing_ai.naive_policy(state, 0, random.Random(0)).text == expected, cards


def test_naive_answers_with_the_lowest_of_the_kind_even_over_a_partner():
    """Unlike ai:normal, the naive farmer beats its partner's play with the lowest combination of the
    same kind; with none, it passes a partner's play and answers the landlord's any way it can."""
    hands = [["3S", "KH", "KD", "AS"], ["4S", "6S", "9H", "9D"], ["5S", "8S", "JH", "JD", "TS"]]
    state = _state_with(hands, moves=((0, "3"), (1, "4")))
    assert state.to_act == (2,)
    assert climbing_ai.naive_policy(state, 2, random.Random(0)).text == "5"
    assert climbing_ai.normal_policy(state, 2, random.Random(0)).text == "pass"
    state = _state_with(hands, moves=((0, "KK"), (1, "pass")))
    assert climbing_ai.naive_policy(state, 2, random.Random(0)).text == "pass"     # nothing of the kind
    state = _state_with(hands, moves=((0, "3"), (1, "9"),))
    assert climbing_ai.naive_policy(state, 2, random.Random(0)).text == "T"


def test_naive_policy_is_rlcards_rule_agent_where_that_agent_is_not_random():
    """The naive policy models RLCard's rule agent (the benchmark's opponent): on deals it plays, both
    choose the same move wherever the rule agent does not fall back to a random one."""
    import importlib.util
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    spec = importlib.util.spec_from_file_location("dz_rlcard", root / "benchmarks" / "doudizhu_vs_rlcard.py")
    bridge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bridge)
    if bridge.rlcard_available() is not None:
        pytest.skip("rlcard (optional extra) not installed")
    import numpy as np

    from benchmarks.ai_ladder import doudizhu_deal
    agree = total = 0
    for d in range(8):
        np.random.seed(d)                     # the rule agent's random fallback
        state = RULES.new_game(3, seed=d, deal=doudizhu_deal(0, d))
        rule = bridge.RuleSeat()
        while not state.is_over:
            seat = state.to_act[0]
            move = rule.choose(state, seat)
            if len(state.legal_moves(seat)) > 1:
                total += 1
                agree += climbing_ai.naive_policy(state, seat, random.Random(0)) == move
            state.apply(seat, move)
    assert total > 150 and agree >= 0.97 * total
