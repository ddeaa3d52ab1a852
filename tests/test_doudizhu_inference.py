"""What ai:hard reads from a naive player's public actions (ai/climbing_inference.py), and the deals it
draws from it: every fact holds for the hands naive players really hold, the caps are the ones a player
at the table would work out, and a deal within caps is drawn uniformly among all such deals."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from benchmarks.ai_ladder import doudizhu_deal
from revolt_table.ai import climbing_ai
from revolt_table.ai.climbing_inference import NO_CAP, deal_with_caps, naive_caps
from revolt_table.engine import load_rules
from revolt_table.games import doudizhu_combos as dz

RULES = load_rules("doudizhu")
R = {r: i for i, r in enumerate(dz.RANKS)}


def caps_of(actions, seat):
    caps = naive_caps(actions, seat)
    return None if caps is None else {dz.RANKS[r]: c for r, c in enumerate(caps) if c < NO_CAP}


def test_a_lead_holds_the_lowest_card_and_all_of_its_rank():
    assert caps_of([(0, "55")], 0) == {"3": 0, "4": 0, "5": 0}     # both 5s played: none left
    assert caps_of([(0, "56789")], 0) == {"3": 0, "4": 0}           # a chain may leave a 5 behind
    assert caps_of([(0, "3"), (1, "4"), (2, "pass"), (0, "pass")], 1) == {}   # an answer above 3: nothing


def test_the_lowest_answer_of_the_kind_and_a_pass_on_it():
    # seat 1 answers the 6 with the 9: it had no 7 or 8; seat 2 passes the 9: nothing above it
    caps = caps_of([(0, "6"), (1, "9"), (2, "pass")], 1)
    assert caps == {"7": 0, "8": 0}
    assert caps_of([(0, "6"), (1, "9"), (2, "pass")], 2) == {r: 0 for r in "TJQKA2BR"}
    # a pass on a pair of Kings: at most one Ace and one 2 (jokers never pair)
    assert caps_of([(0, "KK"), (1, "pass")], 1) == {"A": 1, "2": 1}
    # a bomb on a single: no single above it either
    assert caps_of([(0, "Q"), (1, "5555")], 1) == {"K": 0, "A": 0, "2": 0, "B": 0, "R": 0}


def test_cards_played_since_count_against_the_cap():
    # passed on a 9, then played a King: it held that King when it passed, so it was no naive pass
    assert naive_caps([(0, "9"), (1, "pass"), (2, "pass"), (0, "3"), (1, "K")], 1) is None
    # led a pair of 5s, later played a 4: that lead was not naive
    assert naive_caps([(0, "55"), (1, "pass"), (2, "pass"), (0, "4")], 0) is None
    # passed on a pair of Kings, later led a single Ace: allowed (one Ace), and the Ace's cap is used up
    caps = caps_of([(0, "KK"), (1, "pass"), (2, "pass"), (0, "3"), (1, "4"), (2, "pass"), (0, "pass"),
                    (1, "A")], 1)
    assert caps == {**{r: 0 for r in "3456789TJQKA"}, "2": 1}


def test_a_trio_with_a_pair_passed_proves_nothing_per_rank():
    # the seat may hold a higher trio without a pair to go with it
    assert caps_of([(0, "33344"), (1, "pass")], 1) == {}


def played_positions(policy, deals: int):
    """Every position of `deals` seeded deals in which all three seats play `policy`, after each move."""
    for d in range(deals):
        state = RULES.new_game(3, seed=d, deal=doudizhu_deal(5, d))
        rng = random.Random(d)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, policy(state, seat, rng))
            yield d, state


def test_naive_players_always_hold_what_their_record_allows():
    """Over seeded deals of naive players, at every point, each seat's true hand is within the caps its
    record gives, and the record never reads as a planner's: the facts are facts."""
    capped = checks = 0
    for _, state in played_positions(climbing_ai.naive_policy, 40):
        actions = state.view(0).info.actions
        for s in range(3):
            caps = naive_caps(actions, s)
            assert caps is not None
            held = dz.unpack(climbing_ai._key_of_cards(state.view(s).hand()))
            assert all(held[r] <= caps[r] for r in range(15))
            capped += sum(c < NO_CAP for c in caps)
            checks += 1
    assert capped / checks > 3           # the record says a good deal: several ranks capped per seat


def test_planners_are_often_caught():
    """ai:normal holds back: by the deal's end its record contradicts a naive player's in most deals."""
    caught = set()
    for d, state in played_positions(climbing_ai.normal_policy, 20):
        if state.is_over and any(naive_caps(state.view(0).info.actions, s) is None for s in range(3)):
            caught.add(d)
    assert len(caught) >= 12


def test_a_deal_within_caps_is_uniform_among_them():
    """Two 3s, a 4 and two 5s split 2 / 3 with seat A holding no 5 and seat B at most one 3: every
    allowed split of the concrete cards comes up, equally often."""
    unknown = [["3a", "3b"], ["4a"], ["5a", "5b"]] + [[] for _ in range(12)]
    caps_a = [NO_CAP, NO_CAP, 0] + [NO_CAP] * 12
    caps_b = [1] + [NO_CAP] * 14
    allowed = set()
    cards = [c for g in unknown for c in g]
    for hand in itertools.combinations(cards, 2):
        rest = [c for c in cards if c not in hand]
        if not any(c[0] == "5" for c in hand) and sum(c[0] == "3" for c in rest) <= 1:
            allowed.add(frozenset(hand))
    rng = random.Random(3)
    seen = Counter()
    for _ in range(3000):
        a, b = deal_with_caps(unknown, 2, caps_a, caps_b, rng)
        assert len(a) == 2 and sorted(a + b) == sorted(cards)
        seen[frozenset(a)] += 1
    assert set(seen) == allowed and len(allowed) == 3
    assert max(seen.values()) - min(seen.values()) < 200        # about 1000 each


def test_no_deal_when_the_caps_leave_none():
    unknown = [["3a", "3b"]] + [[] for _ in range(14)]
    assert deal_with_caps(unknown, 1, [0] + [NO_CAP] * 14, [1] + [NO_CAP] * 14, random.Random(1)) is None


def test_ai_hard_deals_a_naive_seat_within_its_caps():
    """ai:hard's determinizations: a seat it draws as naive holds a hand its record allows; cards seen
    stay where they are."""
    spec = climbing_ai.make_hard(RULES).spec
    state = RULES.new_game(3, seed=2, deal=doudizhu_deal(5, 2))
    rng = random.Random(2)
    while sum(state.view(0).info.plays) < 8:
        seat = state.to_act[0]
        state.apply(seat, climbing_ai.naive_policy(state, seat, rng))
    view = state.view(state.to_act[0])
    spec.begin(view)
    spec._naive = [1.0] * 3                         # take every other seat for naive
    assert any(caps is not None for caps in spec._caps)
    drawn = 0
    for i in range(50):
        deal = spec.determinize(view, random.Random(i))
        for s in range(3):
            hand, true_hand = deal.view(s).hand(), state.view(s).hand()
            if s == view.seat:
                assert hand == true_hand
                continue
            caps = spec._caps[s] or [NO_CAP] * 15        # None: its record proves nothing yet
            assert spec._round_naive[s]
            held = dz.unpack(climbing_ai._key_of_cards(hand))
            assert all(held[r] <= caps[r] for r in range(15))
            assert len(hand) == len(true_hand)
            drawn += hand != true_hand
        assert sorted(deal.view(0).hand() + deal.view(1).hand() + deal.view(2).hand()) == \
            sorted(state.view(0).hand() + state.view(1).hand() + state.view(2).hand())
    assert drawn > 50                               # and the hidden hands do vary


def test_the_record_is_public_and_survives_a_determinization():
    state = RULES.new_game(3, seed=4, deal=doudizhu_deal(5, 4))
    rng = random.Random(4)
    for _ in range(7):
        seat = state.to_act[0]
        state.apply(seat, climbing_ai.naive_policy(state, seat, rng))
    view = state.view(1)
    assert view.info.actions == tuple(state.history) and len(view.info.actions) == 7
    bidding = RULES.new_game(3, seed=4)                 # bids are not plays
    while bidding.view(0).info.phase == "bidding":
        seat = bidding.to_act[0]
        assert bidding.view(seat).info.actions == ()
        bidding.apply(seat, climbing_ai.normal_policy(bidding, seat, rng))
    seat = bidding.to_act[0]
    bidding.apply(seat, climbing_ai.normal_policy(bidding, seat, rng))
    assert bidding.view(2).info.actions == (bidding.history[-1],)
    assert RULES.from_view(view, random.Random(0)).view(1).info.actions == view.info.actions


def test_play_outs_outside_the_search_draw_their_own_opponents(monkeypatch):
    """The review's estimates (ai/analysis.py) play the search's play-outs on deals of their own: once a
    decision is over, each play-out draws again which seats play naively, rather than reusing the
    kinds of the search's last round for every estimate."""
    agent = climbing_ai.make_hard(RULES, iterations=60)
    state = RULES.new_game(3, seed=6, deal=doudizhu_deal(5, 6))
    view = state.view(state.to_act[0])
    agent.choose(view, state.legal_moves(view.seat), random.Random(6))
    agent.spec._naive = [0.5] * 3
    naive_moves = []
    real = climbing_ai.naive_policy

    def counting(state, seat, rng):
        naive_moves[-1] += 1
        return real(state, seat, rng)

    monkeypatch.setattr(climbing_ai, "naive_policy", counting)
    for seed in range(12):
        naive_moves.append(0)
        agent.spec.playout(RULES.from_view(view, random.Random(seed)), view.seat, view, random.Random(seed))
    assert 0 < naive_moves.count(0) < 12            # some play-outs met naive players, some did not
