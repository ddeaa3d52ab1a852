"""Dou Dizhu invariants over thousands of seeded random games; views, determinism, determinization."""

from __future__ import annotations

import random

import pytest

from revolt_table.engine import IllegalMove, load_rules, replay
from revolt_table.engine.events import Played
from revolt_table.games import doudizhu_combos as dz
from revolt_table.games.climbing import CARD_IDS, LandlordChosen

RULES = load_rules("doudizhu")
ALL = sorted(CARD_IDS)


def random_game(seed: int, check_every_step: bool):
    state = RULES.new_game(3, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        assert moves, "a seat to act always has a legal move"
        for other in range(3):
            if other != seat:
                assert state.legal_moves(other) == []
        move = moves[rng.randrange(len(moves))]
        if state.phase == 1 and move.text != "pass":   # play: a combination that beats the table
            combo = dz.classify(move.text)
            assert combo is not None
            if state.to_beat is not None:
                assert dz.beats(combo, state.to_beat)
        state.apply(seat, move)
        steps += 1
        if check_every_step:
            counts = state.card_count()
            assert sorted(counts) == ALL and set(counts.values()) == {1}
        assert steps < 2000
    return state


@pytest.mark.parametrize("block", range(4))
def test_thousands_of_random_games(block):
    overs = 0
    for seed in range(block * 750, (block + 1) * 750):
        state = random_game(seed, check_every_step=seed % 5 == 0)
        counts = state.card_count()
        assert sorted(counts) == ALL and set(counts.values()) == {1}
        scores = state.scores
        assert sum(scores) == 0
        info = state.view(None).info
        landlord = info["landlord"]
        farmers = [s for s in range(3) if s != landlord]
        assert scores[farmers[0]] == scores[farmers[1]] and scores[landlord] == -2 * scores[farmers[0]]
        assert abs(scores[farmers[0]]) == info["bid"] * info["multiplier"]
        assert sum(1 for s in range(3) if state.view(None).zones[f"hand:{s}"].count == 0) == 1
        assert state.legal_moves(state.view(None).info["turn"]) == []
        overs += 1
    assert overs == 750


def test_illegal_moves_are_refused():
    state = RULES.new_game(3, seed=3)
    seat = state.to_act[0]
    with pytest.raises(IllegalMove):
        state.apply((seat + 1) % 3, "pass")
    with pytest.raises(IllegalMove):
        state.apply(seat, "bid4")
    state.apply(seat, "bid3")
    with pytest.raises(IllegalMove):
        state.apply(seat, "pass")           # the leader cannot pass
    with pytest.raises(IllegalMove):
        state.apply(seat, "34")             # not a combination
    hand = state.view(seat).hand()
    missing = next(c for c in "3456789TJQKA2" if not any(h[0] == c for h in hand))
    with pytest.raises(IllegalMove):
        state.apply(seat, missing)          # not in the hand


def test_same_seed_and_moves_give_the_same_game():
    for seed in (1, 2, 3):
        state = random_game(seed, check_every_step=False)
        again, events = replay(RULES, state.record())
        assert again.scores == state.scores
        assert again.view(None).info == state.view(None).info
        first = RULES.new_game(3, seed=seed)
        events_a = [first.apply(s, t) for s, t in state.history]
        second = RULES.new_game(3, seed=seed)
        events_b = [second.apply(s, t) for s, t in state.history]
        assert events_a == events_b


def test_a_seed_is_chosen_and_recorded_when_none_is_given():
    state = RULES.new_game(3)
    assert isinstance(state.seed, int)
    assert RULES.new_game(3, seed=state.seed).view(0).hand() == state.view(0).hand()


def test_parse_move_round_trips_every_legal_move():
    rng = random.Random(8)
    for seed in range(40):
        state = RULES.new_game(3, seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            for m in moves:
                assert state.parse_move(seat, str(m)) == m
            state.apply(seat, moves[rng.randrange(len(moves))])


def test_views_never_show_hidden_cards():
    rng = random.Random(1)
    for seed in range(30):
        state = RULES.new_game(3, seed=seed)
        while True:
            for seat in (0, 1, 2, None):
                view = state.view(seat)
                for s in range(3):
                    zone = view.zones[f"hand:{s}"]
                    if s != seat and not state.is_over:
                        assert zone.cards is None
                assert view.zones["bottom"].cards is None
                assert view.zones["unused"].cards is None
                text = repr(view.info)
                assert "seed" not in text.replace("start_seat", "")
                if view.info["landlord"] is None:
                    assert view.info["bottom_cards"] == ()
            if state.is_over:
                break
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            for event in state.apply(seat, moves[rng.randrange(len(moves))]):
                if isinstance(event, LandlordChosen):
                    assert len(event.bottom) == 3
                if isinstance(event, Played):        # the cards played are public, in their seat's pile
                    public = state.view((event.seat + 1) % 3).zones
                    assert public[f"played:{event.seat}"].groups[-1] == tuple(event.cards)
                    assert not set(event.cards) & set(state.view(event.seat).hand())
        view = state.view(1)
        assert all(view.zones[f"hand:{s}"].cards is not None for s in range(3))  # shown at the end


def test_determinize_is_consistent_with_the_view():
    rng = random.Random(2)
    for seed in range(40):
        state = RULES.new_game(3, seed=seed)
        steps = 0
        while not state.is_over:
            seat = state.to_act[0]
            if steps % 7 == 3:
                for viewer in range(3):
                    det = state.determinize(viewer, random.Random(steps))
                    a, b = state.view(viewer), det.view(viewer)
                    assert a.info == b.info and a.to_act == b.to_act
                    assert {k: (z.cards, z.groups, z.count) for k, z in a.zones.items()} == \
                           {k: (z.cards, z.groups, z.count) for k, z in b.zones.items()}
                    counts = det.card_count()
                    assert sorted(counts) == ALL and set(counts.values()) == {1}
                    landlord = a.info["landlord"]
                    if landlord is not None:
                        played = {c for g in a.zones[f"played:{landlord}"].groups for c in g}
                        left = set(a.info["bottom_cards"]) - played
                        assert left <= set(det.view(landlord).hand())
                    if viewer == seat:
                        assert det.legal_moves(seat) == state.legal_moves(seat)
                    # the determinized game plays on to a legal end
                    r = random.Random(0)
                    while not det.is_over:
                        s = det.to_act[0]
                        ms = det.legal_moves(s)
                        det.apply(s, ms[r.randrange(len(ms))])
                    assert sum(det.scores) == 0
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.randrange(len(moves))])
            steps += 1


def test_clone_is_independent():
    state = RULES.new_game(3, seed=6)
    copy = state.clone()
    seat = state.to_act[0]
    state.apply(seat, "bid3")
    assert copy.view(None).info["phase"] == "bidding" and copy.history == []
    copy.apply(seat, "bid3")
    assert copy.view(seat).hand() == state.view(seat).hand()


FIXED_TRIES = ["pass", "bid1", "bid2", "bid3", "bid4", "3", "33", "333", "3334", "34567", "BR", "2222", "2", "R",
               "334455", "333444", "33344455"]


def test_refusal_and_is_legal_agree_with_legal_moves():
    """Over every position of many random games: each legal move is accepted, and random selections
    of the hand (and other texts) that are not legal get a specific reason, never the generic one."""
    from revolt_table.engine import Move, Refusal
    from revolt_table.engine.message import NOT_LEGAL
    from revolt_table.games import climbing
    rng = random.Random(11)
    refused = set()
    for seed in range(120):
        state = RULES.new_game(3, seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            legal = {m.text for m in moves}
            for m in moves:
                assert state.refusal(seat, m) is None and state.refusal(seat, m.text) is None
            hand = state.view(seat).hand()
            tries = list(FIXED_TRIES)
            for _ in range(12):
                picked = rng.sample(hand, rng.randint(1, min(len(hand), 10)))
                tries.append(dz.to_text("".join(c[0] for c in picked)))
            for text in tries:
                refusal = state.refusal(seat, text)
                assert (refusal is None) == (text in legal) == state.is_legal(seat, Move(text)), (seed, text)
                if refusal is not None:
                    assert isinstance(refusal, Refusal) and refusal.code in climbing.CODES, refusal
                    assert refusal.code != NOT_LEGAL
                    refused.add(refusal.code)
            state.apply(seat, moves[rng.randrange(len(moves))])
    # the random selections reach the reasons a player meets most
    for reason in ("too_low", "wrong_kind", "not_a_pair", "chain_short", "must_lead", "bid_higher",
                   "bidding_over", "bid_first", "bid_max", "not_held"):
        assert "climbing.refusal." + reason in refused, reason
