"""Révolte!'s ai:hard (ai/tricks_search.py): the shared search with the family's spec.

What is checked: the determinizations keep every fact the public record proves (the seat's own hand,
cards played and set aside are gone, a seat that threw in another family holds none of the chosen one,
the pitchfork stays with the seat that led the turn's first trick, hand sizes); inference weighs deals
by how likely the opponents' cards on the table were under the normal policy, and the deals the search
draws follow those weights; play-outs end at the turn's end (the game's in the last turn); the two
Citizens are one candidate; the module reads views, events and public info, never state internals.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

from revolt_table.ai.registry import make_agent
from revolt_table.ai.search import SearchAgent
from revolt_table.ai.tricks_search import TricksSpec
from revolt_table.engine import load_rules

R = load_rules("revolte")


def game(hands, **extra):
    return R.new_game(len(hands), seed=1, deal={"hands": hands, **extra})


def hand_of(state, seat):
    return Counter(next(z for z in state.zones() if z.name == f"hand:{seat}").cards)


def position_with_voids(players: int, seed: int):
    """A seeded game played by ai:normal until some seat other than the one to act is proven void."""
    state = R.new_game(players, seed=seed)
    agent = make_agent("ai:normal", R)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        info = state.view(seat).info
        if info.trick and any(info.voids[s] for s in range(players) if s != seat) and info.pending_take is None:
            return state, seat
        state.apply(seat, agent.choose(state.view(seat), state.legal_moves(seat), rng))
    raise AssertionError("no void in the whole game")


def test_ai_hard_is_the_shared_search_with_the_family_spec():
    agent = make_agent("ai:hard", R)
    assert isinstance(agent, SearchAgent) and isinstance(agent.spec, TricksSpec)
    assert agent.spec.inference


def test_determinizations_keep_what_the_public_record_proves():
    for players, seed in ((3, 2), (4, 5), (5, 8)):
        state, seat = position_with_voids(players, seed)
        view = state.view(seat)
        info = view.info
        spec = TricksSpec(R)
        spec.first_choice(view, state.legal_moves(seat), random.Random(0))    # a new decision
        public = Counter(c for name in ("trick", "revolt", "box") for c in view.zones[name].cards)
        for s in range(players):
            public.update(c for g in view.zones[f"tricks:{s}"].groups for c in g)
        rng = random.Random(1)
        for _ in range(60):
            deal = spec.determinize(view, rng)
            assert deal.view(seat) == view
            assert hand_of(deal, seat) == Counter(view.hand())
            held = Counter()
            for s in range(players):
                hand = hand_of(deal, s)
                held.update(hand)
                assert sum(hand.values()) == info.hand_counts[s]
                for letter in info.voids[s]:
                    assert not any(c.startswith(letter) for c in hand), f"seat {s} is void in {letter}"
            deck = dict(R.params.deck)
            assert all(held[c] + public[c] <= deck[c] for c in held), "a card played or set aside is dealt again"
            if info.pitchfork_holder is not None and "CP" not in public and info.pitchfork_holder != seat:
                assert hand_of(deal, info.pitchfork_holder)["CP"] == 1


def test_inference_prefers_hands_under_which_the_observed_play_was_likely():
    # seat 0 led R5, seat 1 won it with R9: holding R6 the normal heuristic would have won more cheaply
    state = game([["R5", "N1", "N2", "B1", "C"], ["R9", "N3", "N4", "B2", "C"], ["R2", "N5", "N6", "B3", "C"]],
                 leader=0)
    state.apply(0, "R5")
    state.apply(1, "R9")
    spec = TricksSpec(R)
    t, model = spec.tools, spec.model
    deck = [0] * t.size
    for cid, copies in R.params.deck:
        deck[t.index[cid]] += copies

    def chance(cards):
        hand = sorted(t.index[c] for c in cards)
        unseen = deck[:]
        for c in hand + [t.index["R5"]]:
            unseen[c] -= 1
        return model.probability(1, hand, unseen, [(0, t.index["R5"], False)], (t.index["R9"], False),
                                 [1, 1, 1], {0: 4, 1: 5, 2: 5}, 3, False, random.Random(0))

    plain = chance(["R9", "N3", "N4", "B2", "C"])
    assert chance(["R9", "R6", "N4", "B2", "C"]) < plain / 2
    assert chance(["R9", "R7", "R8", "B2", "C"]) < plain / 2
    assert model.observations(state.view(2))[1][:2] == (1, (t.index["R9"], False))


def test_the_search_draws_deals_in_proportion_to_the_inference_weights():
    # seat 0 led N1 and seat 1 threw in a Citizen: with a Noble above 1 the heuristic would mostly have
    # taken the trick (and the Noble's bonus), so the deals the search draws give seat 1 fewer Nobles
    state = game([["N1", "R5", "N2", "B1", "C"], ["C", "N3", "N4", "B2", "R9"], ["R2", "N5", "N6", "B3", "C"]],
                 leader=0)
    state.apply(0, "N1")
    state.apply(1, "C")
    view, legal = state.view(2), state.legal_moves(2)

    def nobles_share(inference: bool) -> float:
        spec = TricksSpec(R, inference=inference, particles=400)
        spec.first_choice(view, legal, random.Random(0))
        rng = random.Random(3)
        hits = sum(any(c.startswith("N") for c in hand_of(spec.determinize(view, rng), 1)) for _ in range(1500))
        return hits / 1500

    uniform = nobles_share(False)
    assert 0.5 < uniform < 0.75           # 4 of 29 hidden cards to seat 1, 7 of them Nobles
    assert nobles_share(True) < 0.8 * uniform


def test_a_playout_ends_at_the_end_of_the_turn_and_the_last_turn_at_the_game_end():
    spec = TricksSpec(R)
    for turn in (1, 3):
        state = game([["N5", "R1", "B2"], ["N7", "R3", "C"], ["N2", "B9", "CP"], ["R8", "B4", "N9"]], turn=turn,
                     leader=0)
        view = state.view(0)
        clone = state.clone()
        clone.apply(0, "N5")
        value = spec.playout(clone, 0, view, random.Random(1))
        if turn == 1:
            assert clone.public_info().turn == 2 and not clone.is_over and isinstance(value, float)
        else:
            assert clone.is_over and -0.25 <= value <= 1.25


def test_both_citizens_are_one_candidate():
    state = game([["C", "CP", "N3", "R4"], ["N1", "N2", "R1", "R2"], ["B1", "B2", "R5", "R6"]], leader=0)
    spec = TricksSpec(R)
    view, legal = state.view(0), state.legal_moves(0)
    first = spec.first_choice(view, legal, random.Random(0))
    texts = [m.text for m in spec.shortlist(view, legal, first)]
    assert sorted(texts.count(c) for c in ("C", "CP")) == [0, 1] and {"N3", "R4"} <= set(texts)


def test_hard_plays_legal_moves_at_every_table_size():
    agent = make_agent("ai:hard", R, iterations=30)
    for players in (3, 5):
        state = R.new_game(players, seed=players)
        rng = random.Random(players)
        for _ in range(2 * players + 3):
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            move = agent.choose(state.view(seat), legal, rng)
            assert move in legal
            state.apply(seat, move)


def test_the_search_reads_no_state_internals():
    source = (Path(__file__).resolve().parents[1] / "revolt_table" / "ai" / "tricks_search.py").read_text("utf-8")
    assert "rules.data" not in source and '"CP"' not in source
    assert not re.search(r"state\.(_\w+|t|trick|family|pending|coins|points|won|hands|voids)\b", source)
    assert not re.search(r"deal\.(_\w+|t|trick|family|pending|coins|points|won|hands|voids)\b", source)
