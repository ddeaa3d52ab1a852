"""The engine API under misuse: `apply` validates everything before anything changes, plays the
canonical legal Move (never the caller's payload), cuts long input in its messages; views cannot be
used to change the state or another view. Every bundled game, because each family has its own state.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from benchmarks.soak import vandalise
from revolt_table.engine import IllegalMove, Info, Move, Refusal, load_rules
from revolt_table.engine.message import NO_SUCH_SEAT, NOT_A_MOVE, NOT_LEGAL

GAMES = ["revoltaaa", "doudizhu", "revolte", "revolucion"]


def games():
    return list(GAMES)


def positions(game: str, games: int = 3, seed: int = 0, every: int = 3):
    """States met while playing random games of `game` (every `every`-th position, the start first)."""
    rules = load_rules(game)
    rng = random.Random(seed)
    for g in range(games):
        players = rules.min_players + g % (rules.max_players - rules.min_players + 1)
        state = rules.new_game(players, seed=seed * 100 + g)
        step = 0
        while not state.is_over and step < 600:
            if step % every == 0:
                yield state
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            step += 1


def snapshot(state) -> tuple:
    """Everything observable about a state: its record and every seat's view."""
    return (repr(state.record()), tuple(state.view(s) for s in [None, *range(state.players)]))


@pytest.mark.parametrize("game", games())
def test_bad_seats_change_nothing(game):
    for state in positions(game, games=2, every=7):
        before = snapshot(state)
        move = state.legal_moves(state.to_act[0])[0]
        bad = [True, False, float(state.to_act[0]), -1, state.players, 10**30, None, "0", (0,)]
        bad += [s for s in range(state.players) if s not in state.to_act]
        for seat in bad:
            with pytest.raises(IllegalMove) as caught:
                state.apply(seat, move)
            assert isinstance(caught.value.refusal, Refusal)
            assert state.refusal(seat, move) == caught.value.refusal
            with pytest.raises(IllegalMove):
                state.apply(seat, move.text)
        assert snapshot(state) == before            # no phantom history entry, nothing moved


@pytest.mark.parametrize("game", games())
def test_wrong_move_types_raise_illegal_move(game):
    for state in positions(game, games=2, every=9):
        seat = state.to_act[0]
        before = snapshot(state)
        for move in (None, 3, 2.5, ["x"], {"text": "pass"}, b"pass", Move(None), Move(["a"]), Move(7)):
            with pytest.raises(IllegalMove) as caught:
                state.apply(seat, move)
            assert caught.value.refusal.code == NOT_A_MOVE
            assert state.refusal(seat, move).code == NOT_A_MOVE
        assert snapshot(state) == before


@pytest.mark.parametrize("game", games())
def test_long_input_is_never_echoed_whole(game):
    state = next(positions(game, games=1))
    seat = state.to_act[0]
    huge = "R" * 1_000_000
    for move in (huge, Move(huge), " " + huge + " "):
        with pytest.raises(IllegalMove) as caught:
            state.apply(seat, move)
        assert len(str(caught.value)) < 600
        assert "characters)" in str(caught.value) and "R" * 100 not in str(caught.value)
        refusal = caught.value.refusal
        assert all(len(str(v)) < 200 for _, v in refusal.params)
    with pytest.raises(IllegalMove) as caught:
        state.apply("x" * 100_000, huge)
    assert len(str(caught.value)) < 600 and caught.value.refusal.code == NO_SUCH_SEAT


class Forged:
    """A payload no family made: any use of it as an index, a key or a tuple fails or misleads."""

    def __index__(self):
        return 0

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize("game", games())
def test_forged_payload_plays_the_canonical_move(game):
    """A Move with a legal text and another move's payload (or a made-up one) plays exactly what its
    text says: same events, same state, same history as the legal Move itself."""
    checked = 0
    for state in positions(game, games=3, every=2):
        seat = state.to_act[0]
        legal = state.legal_moves(seat)
        move = legal[-1]
        others = [m.payload for m in legal if m.payload is not None and m.payload != move.payload]
        for payload in others[:1] + [Forged(), -1, ("play", 0)]:
            honest, forged = state.clone(), state.clone()
            want = honest.apply(seat, move)
            got = forged.apply(seat, Move(move.text, payload))
            assert got == want, (game, move.text, payload)
            assert snapshot(forged) == snapshot(honest)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", games())
def test_apply_passes_the_engines_own_move_object(game, monkeypatch):
    state = next(positions(game, games=1))
    seat = state.to_act[0]
    legal = state.legal_moves(seat)
    seen = []
    real = type(state)._apply
    monkeypatch.setattr(type(state), "_apply", lambda self, s, m: seen.append(m) or real(self, s, m))
    state.clone().apply(seat, Move(legal[0].text, "forged"))
    state.clone().apply(seat, legal[0].text)
    assert all(m is legal[0] or (m == legal[0] and m.payload == legal[0].payload) for m in seen)
    assert len(seen) == 2 and all(m.payload != "forged" for m in seen)


@pytest.mark.parametrize("game", games())
def test_refusal_agrees_with_apply_on_odd_input(game):
    for state in positions(game, games=1, every=5):
        seat = state.to_act[0]
        for move in state.legal_moves(seat)[:5]:
            for variant in (move, move.text, f"  {move.text} ", move.text.upper(), move.text.lower()):
                refused = state.refusal(seat, variant)
                try:
                    state.clone().apply(seat, variant)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == (refused is None), (game, variant, refused)
        assert state.refusal(seat, "no such move") is not None


@pytest.mark.parametrize("game", games())
def test_views_cannot_change_the_state_or_each_other(game):
    for state in positions(game, games=1, every=4):
        before = snapshot(state)
        view, other = state.view(state.to_act[0]), state.view(None)
        with pytest.raises(TypeError):
            view.zones["hand:0"] = None                      # type: ignore[index]
        with pytest.raises((AttributeError, TypeError)):
            view.zones.pop("hand:0")                         # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            view.zones._zones = {}                           # type: ignore[misc]
        with pytest.raises(AttributeError):
            view.info = {}                                   # type: ignore[misc]
        if isinstance(view.info, Info):
            for name in view.info.keys():
                with pytest.raises(AttributeError):
                    setattr(view.info, name, "vandalised")
        vandalise(view.info)
        assert snapshot(state) == before
        assert other == state.view(None)


@pytest.mark.parametrize("game", games())
def test_views_pickle_and_copy(game):
    """Views cross to the AI worker process: they pickle, and a copy equals the original."""
    state = next(positions(game, games=1))
    for seat in (None, 0):
        view = state.view(seat)
        assert pickle.loads(pickle.dumps(view)) == view
        assert copy.deepcopy(view) == view


def test_illegal_text_in_an_in_turn_game_names_the_move():
    state = load_rules("revoltaaa").new_game(4, seed=1)
    with pytest.raises(IllegalMove) as caught:
        state.apply(0, "Z9")
    assert "Z9" in str(caught.value) and caught.value.refusal == Refusal(NOT_LEGAL, move="Z9")
    assert state.history == []
