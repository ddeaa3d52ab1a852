"""Révolte!: invariants over thousands of seeded random games, determinism, notation, determinization."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from revolt_table.engine import (
    GameOver,
    Message,
    Move,
    Refusal,
    ScoreChanged,
    TrickWon,
    load_rules,
    replay,
)
from revolt_table.engine.message import CODES as ENGINE_CODES
from revolt_table.games.tricks import CODES, BonusAwarded, Revolt, TurnEnded
from tests.random_play import random_moves

R = load_rules("revolte")
GAMES = {3: 700, 4: 700, 5: 700}
ALL_TEXTS = ([f"{f}{v}" for f in "NRB" for v in range(1, 11)] + [f"cut:B{v}" for v in range(1, 11)]
             + ["cut:N3", "C", "CP", "cut:C", "take:0", "take:1", "take:01", "take:4", "pass", "N11"])
FULL = Counter({**{f"{f}{v}": 1 for f in "NRB" for v in range(1, 11)}, "C": 9, "CP": 1})


def _check(state, players):
    zones = state.zones()
    cards = Counter()
    tokens = Counter()
    in_play = 0
    for z in zones:
        items = [c for g in z.groups for c in g] if z.groups else list(z.cards)
        if z.kind == "tokens":
            tokens.update(items)
        else:
            cards.update(items)
            if z.name != "box":
                in_play += len(items)
    assert cards == FULL
    assert in_play == (39 if players == 3 else 40)
    assert tokens == Counter({"coin": 112, "arms": 93})
    info = state.public_info()
    assert sum(info["coins"]) + info["supply"] + info["trick_coins"] == 112
    assert sum(info["points"]) + info["arms_supply"] == 93
    assert min(info["coins"]) >= 0


def _random_game(players, seed, check_every=True):
    state = R.new_game(players, seed=seed, start_seat=seed % players)
    rng = random.Random(seed * 7 + 1)
    events = []
    steps = 0
    while not state.is_over:
        assert len(state.to_act) == 1
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        assert moves
        for other in range(players):
            if other != seat:
                assert state.legal_moves(other) == []
        move = moves[rng.randrange(len(moves))]
        assert state.is_legal(seat, move)
        events += state.apply(seat, move)
        steps += 1
        assert steps < 400
        if check_every:
            _check(state, players)
    return state, events


@pytest.mark.parametrize("players", [3, 4, 5])
def test_invariants_over_many_random_games(players):
    hand = {3: 13, 4: 10, 5: 8}[players]
    for g in range(GAMES[players]):
        state, events = _random_game(players, 1000 * players + g, check_every=g < 150)
        _check(state, players)
        # the game ends after three turns with a GameOver
        assert [e.turn for e in events if isinstance(e, TurnEnded)] == [1, 2, 3]
        assert isinstance(events[-1], GameOver)
        assert state.legal_moves(0) == []
        # scores recount: tricks + Noble's bonuses + the end coin bonus = points
        tricks = Counter(e.seat for e in events if isinstance(e, TrickWon))
        revolts = sum(isinstance(e, Revolt) for e in events)
        assert sum(tricks.values()) + revolts == 3 * hand
        nobles = Counter(e.seat for e in events if isinstance(e, BonusAwarded) and e.bonus == "noble")
        coins = [dict(events[-1].extra)[f"coins:{s}"] for s in range(players)]
        rich = [s for s in range(players) if coins[s] == max(coins)]
        for s in range(players):
            bonus = (2 if len(rich) == 1 else 1) if s in rich else 0
            assert state.scores[s] == tricks[s] + nobles[s] + bonus
            assert state.scores[s] == sum(e.delta for e in events if isinstance(e, ScoreChanged) and e.seat == s)
        best = max(state.scores)
        top = [s for s in range(players) if state.scores[s] == best]
        assert state.winners == tuple(s for s in top if coins[s] == max(coins[t] for t in top))


def test_same_seed_and_moves_give_same_events_and_replay():
    state, events = _random_game(4, 77, check_every=False)
    again, events2 = replay(R, state.record())
    assert events2 == events
    assert again.scores == state.scores and again.winners == state.winners
    fresh = R.new_game(4, seed=77, start_seat=77 % 4)
    assert fresh.view(0) == R.new_game(4, seed=77, start_seat=1).view(0)


def test_seed_none_picks_and_stores_a_seed():
    state = R.new_game(4)
    assert isinstance(state.seed, int)
    assert R.new_game(4, seed=state.seed).view(0) == state.view(0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_parse_move_round_trip(players):
    rng = random.Random(players)
    state = R.new_game(players, seed=5)
    while not state.is_over:
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        for m in moves:
            assert state.parse_move(seat, str(m)) == m
            assert state.parse_move(seat, str(m).lower()) == m
        state.apply(seat, moves[rng.randrange(len(moves))])


def test_take_moves_round_trip():
    state = R.new_game(4, seed=1, deal={"hands": [["R5"], ["R2"], ["R9"], ["N4"]], "leader": 0,
                                        "coins": [50, 2, 50, 10]})
    for m in ("R5", "R2", "R9", "N4"):
        state.apply(state.to_act[0], m)
    for m in state.legal_moves(1):
        assert state.parse_move(1, str(m)) == m


def _visible_cards(view):
    seen = Counter()
    for z in view.zones.values():
        if z.kind != "tokens" and z.cards is not None:
            seen.update([c for g in z.groups for c in g] if z.groups else z.cards)
    return seen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_from_view_agrees_with_view_and_never_leaks(players):
    rng = random.Random(players * 13)
    for g in range(30):
        state = R.new_game(players, seed=500 + g)
        random_moves(state, rng, rng.randrange(3 * {3: 13, 4: 10, 5: 8}[players] * players))
        if state.is_over:
            continue
        me = rng.randrange(players)
        view = state.view(me)
        hidden_hands = set()
        for k in range(6):
            det = R.from_view(view, random.Random(k))
            # a determinized state shows me exactly my view
            assert det.view(me) == view
            _check(det, players)
            others = tuple(det._hand_ids(s) for s in range(players) if s != me)
            hidden_hands.add(others)
            # public voids are respected
            for s, voids in enumerate(view.info["voids"]):
                if s != me:
                    assert not any(c[0] in voids and c[1:].isdigit() for c in det._hand_ids(s))
            # the game can go on from it
            while not det.is_over:
                seat = det.to_act[0]
                det.apply(seat, det.legal_moves(seat)[0])
        hidden = sum(view.zones[f"hand:{s}"].count for s in range(players) if s != me)
        unseen = FULL - _visible_cards(view)
        if hidden > 5 and len(unseen) >= 3:
            assert len(hidden_hands) > 1, "hidden cards should differ across rng seeds"


def test_view_hides_other_hands_and_counts_them():
    state = R.new_game(4, seed=2)
    view = state.view(1)
    assert view.zones["hand:1"].cards is not None
    for s in (0, 2, 3):
        assert view.zones[f"hand:{s}"].cards is None and view.zones[f"hand:{s}"].count == 10
    # a view built from a determinized state is identical whatever the hidden cards were
    a = R.from_view(view, random.Random(1))
    b = R.from_view(view, random.Random(2))
    assert a.view(1) == b.view(1) == view
    assert a._hand_ids(0) != b._hand_ids(0) or a._hand_ids(2) != b._hand_ids(2)


def test_refusal_is_none_exactly_for_legal_moves_in_random_games():
    """Every card of the hand, plainly and as a cut, and every other move text, on every move of many
    random games: refusal() is None exactly for the legal moves, else a code the game lists."""
    rng = random.Random(3)
    for g in range(40):
        state = R.new_game(3 + g % 3, seed=g)
        while not state.is_over:
            seat = state.to_act[0]
            legal = {m.text for m in state.legal_moves(seat)}
            hand = set(state.view(seat).hand())
            texts = set(ALL_TEXTS) | hand | {f"cut:{c}" for c in hand}
            for text in texts:
                refusal = state.refusal(seat, text)
                assert (refusal is None) == (text in legal), (text, legal, refusal)
                assert refusal is None or (isinstance(refusal, Refusal) and refusal.code in CODES + ENGINE_CODES)
                # the fast is_legal agrees with legal_moves on every move text, legal or not
                assert state.is_legal(seat, Move(text)) == (text in legal), text
                assert not state.is_legal((seat + 1) % state.players, Move(text))
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.randrange(len(moves))])


def _messages(value):
    """Every Message inside `value` (a Message's own arguments included)."""
    if isinstance(value, Message):
        yield value
        for arg in value.args.values():
            yield from _messages(arg)
    elif isinstance(value, tuple):
        for item in value:
            yield from _messages(item)


def test_events_and_info_carry_codes_not_english():
    """Explanations and reasons are Messages whose codes the game lists, and every English sentence
    fills all its placeholders; the public info is a hashable record of plain values."""
    from dataclasses import fields, is_dataclass

    from revolt_table.services import i18n
    seen = set()
    for g in range(12):
        state = R.new_game(3 + g % 3, seed=100 + g)
        rng = random.Random(g)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            for event in state.apply(seat, moves[rng.randrange(len(moves))]):
                for f in fields(event):
                    value = getattr(event, f.name)
                    if f.name in ("explanation", "reason") and isinstance(value, str):
                        assert value in ("", "cut", "cut_return", "knave", "knave_steal"), (event, value)
                    for message in _messages(value):
                        assert message.code in CODES, message
                        seen.add(message.code)
                        assert "{" not in i18n.say(message), message
            info = state.public_info()
            hash(info)
            assert is_dataclass(info) and all(not isinstance(getattr(info, f.name), (dict, list)) for f in fields(info))
    assert {"tricks.verdict.highest", "tricks.verdict.revolt", "tricks.explain.bonus_highest",
            "tricks.score.tricks"} <= seen


def test_every_code_has_an_english_sentence():
    from revolt_table.services import i18n
    for code in CODES:
        assert i18n.has(code), code


def test_from_view_with_a_special_deal_keeps_unused_hidden_and_the_pitchfork_with_its_holder():
    state = R.new_game(4, seed=3, deal={"hands": [["N1", "N2"], ["CP", "R2"], ["R3", "B4"], ["C", "B9"]]})
    assert state.to_act == (1,)
    view = state.view(0)
    assert view.zones["unused"].cards is None and view.zones["unused"].count == 32
    for k in range(10):
        det = R.from_view(view, random.Random(k))
        assert det.view(0) == view
        assert "CP" in det._hand_ids(1)          # seat 1 leads the turn, so it holds the pitchfork
        assert len(det.unused) == 32
