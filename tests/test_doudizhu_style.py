"""Dou Dizhu's ai:hard reads each other seat's style from the public play (ai/climbing_style.py): naive
players (the lowest combination of the kind, even over a partner; RLCard's rule agent plays so) read as
naive, ai:normal's planners as planners, and a position read again after later ones were seen gives the
odds it gave the first time (nothing from after it counts)."""

from __future__ import annotations

import random

from benchmarks.ai_ladder import doudizhu_deal
from revolt_table.ai import climbing_ai
from revolt_table.ai.climbing_style import BARE_TRIO_LEAD, KICKER_LEAD, StyleReader, policy_evidence
from revolt_table.engine import load_rules

RULES = load_rules("doudizhu")


def read_deals(others, me: int, deals: int = 12):
    """Seat `me` plays ai:normal and reads the others, who play `others` (a state policy): per deal, the
    chances it gives the two others at its last decision, and (view, odds) at each of its decisions."""
    finals, seen = [], []
    for d in range(deals):
        reader = StyleReader()
        state = RULES.new_game(3, seed=d, deal=doudizhu_deal(11, d))
        rng = random.Random(d)
        chances = None
        while not state.is_over:
            seat = state.to_act[0]
            if seat == me:
                view = state.view(seat)
                reader.observe(view)
                chances = reader.naive_chances(view, 0.5)
                seen.append((reader, view, reader.naive_odds(view)))
                move = climbing_ai.normal_policy(state, seat, rng)
            else:
                move = others(state, seat, rng)
            state.apply(seat, move)
        finals += [c for s, c in enumerate(chances) if s != me]
    return finals, seen


def test_naive_players_read_as_naive_and_planners_as_planners():
    for me in (0, 1):                                   # as the landlord, and as a farmer
        naive, _ = read_deals(climbing_ai.naive_policy, me)
        normal, _ = read_deals(climbing_ai.normal_policy, me)
        assert min(naive) >= 0.5                        # a naive player never shows a planner's sign
        assert sum(naive) / len(naive) > 0.65
        assert sum(normal) / len(normal) < 0.4
        assert sum(naive) / len(naive) > sum(normal) / len(normal) + 0.35


def test_an_earlier_position_reads_as_it_did_then():
    """The reader remembers later tricks too; an earlier view still gets the odds it got at the time."""
    _, seen = read_deals(climbing_ai.normal_policy, 0, deals=4)
    _, more = read_deals(climbing_ai.naive_policy, 2, deals=4)
    checked = 0
    for reader, view, odds in seen + more:
        assert reader.naive_odds(view) == odds
        checked += any(odds)
    assert checked > 10


def test_a_lead_with_kickers_reads_as_a_planner_and_a_bare_trio_as_naive():
    """What the leader played is read by its combination: a trio with a single, or an airplane with pair
    wings (15 cards, which once read as 15 rank counts and crashed the reader), is a planner's lead; a
    bare trio leans naive."""
    rest = ["9S", "9H", "TS", "JS", "QS", "KS", "AS", "2S", "BJ"]
    cases = [("3334", ["3S", "3H", "3D", "4S"], KICKER_LEAD),
             ("333444555667788", ["3S", "3H", "3D", "4S", "4H", "4D", "5S", "5H", "5D",
                                  "6S", "6H", "7S", "7H", "8S", "8H"], KICKER_LEAD),
             ("333", ["3S", "3H", "3D"], BARE_TRIO_LEAD)]
    for text, lead, sign in cases:
        hands = [lead + rest, ["6D", "7D", "8D", "TH", "JH"], ["6C", "7C", "8C", "TD", "JD"]]
        state = RULES.new_game(3, seed=1, deal={"hands": hands, "landlord": 0, "bid": 1})
        state.apply(0, text)
        view = state.view(1)
        reader = StyleReader()
        reader.observe(view)
        assert reader.naive_odds(view) == [sign, 0.0, 0.0], text


def evidence_after(others, actions: int = 12, deals: int = 12) -> list[float]:
    """Seat 0 (the landlord, ai:normal) weighs the two farmers' records, who play `others`, once the
    deal has `actions` plays and passes: their log-likelihood ratios naive / planner."""
    out = []
    for d in range(deals):
        state = RULES.new_game(3, seed=d, deal=doudizhu_deal(11, d))
        rng = random.Random(d)
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            if seat == 0 and len(view.info.actions) >= actions:
                out += policy_evidence(view, climbing_ai._naive_choice, climbing_ai._normal_choice, 16,
                                       random.Random(0))[1:]
                break
            move = climbing_ai.normal_policy(state, seat, rng) if seat == 0 else others(state, seat, rng)
            state.apply(seat, move)
    return out


def test_each_action_weighs_for_the_policy_that_makes_it():
    """Replayed on hands a seat may hold, a naive player's plays are likelier from the naive policy and a
    planner's from the normal one: a dozen actions into the deal the evidence already points the right
    way on average, where the signs that need a later play (naive_odds) mostly have nothing yet."""
    naive = evidence_after(climbing_ai.naive_policy)
    normal = evidence_after(climbing_ai.normal_policy)
    assert len(naive) == len(normal) >= 20
    assert sum(naive) / len(naive) > 1.5
    assert sum(normal) / len(normal) < -1.5
    assert sum(x > 0 for x in naive) >= 0.75 * len(naive)
    assert sum(x < 0 for x in normal) >= 0.6 * len(normal)


def test_evidence_reads_only_the_view_and_nothing_before_play():
    """Two deals with the same view for seat 0 (the others' hands swapped) weigh the same; before any play
    (or with no samples) there is nothing to weigh."""
    state = RULES.new_game(3, seed=3, deal=doudizhu_deal(11, 3))
    view = state.view(state.to_act[0])
    assert policy_evidence(view, climbing_ai._naive_choice, climbing_ai._normal_choice, 16,
                           random.Random(0)) == [0.0, 0.0, 0.0]
    rng = random.Random(3)
    while len(state.view(0).info.actions) < 9:
        seat = state.to_act[0]
        state.apply(seat, climbing_ai.naive_policy(state, seat, rng))
    view = state.view(0)
    other = RULES.from_view(view, random.Random(99))        # same view, the hidden cards dealt anew
    assert other.view(0) == view
    weigh = [policy_evidence(v, climbing_ai._naive_choice, climbing_ai._normal_choice, 16, random.Random(5))
             for v in (view, other.view(0))]
    assert weigh[0] == weigh[1] and any(weigh[0])
    assert policy_evidence(view, climbing_ai._naive_choice, climbing_ai._normal_choice, 0,
                           random.Random(5)) == [0.0, 0.0, 0.0]
