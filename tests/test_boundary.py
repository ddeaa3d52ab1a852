"""The typed boundary between games and their consumers: messages, refusals, params, info."""

import random

import pytest

from revolt_table.engine import Info, Message, Refusal, load_rules
from revolt_table.engine.message import GAME_OVER, NOT_LEGAL, NOT_YOUR_TURN

GAMES = ["revoltaaa", "doudizhu", "revolte", "revolucion"]


def test_message_is_immutable_hashable_and_keeps_its_arguments():
    a = Message("tricks.refusal.must_follow", family=Message("tricks.family.N"), count=2)
    b = Message("tricks.refusal.must_follow", count=2, family=Message("tricks.family.N"))
    assert a == b and hash(a) == hash(b)
    assert a.args == {"count": 2, "family": Message("tricks.family.N")}
    a.args["count"] = 3                      # a copy: the message does not change
    assert a.args["count"] == 2
    with pytest.raises(AttributeError):
        a.code = "other"                     # type: ignore[misc]
    assert str(a) == "tricks.refusal.must_follow(count=2, family=tricks.family.N)"
    assert Refusal("x") != Message("x")      # a refusal is its own kind of message


def test_info_answers_like_a_read_only_mapping():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Sample(Info):
        phase: str
        leader: int | None = None

    info = Sample("play", 2)
    assert info["phase"] == "play" and info.get("leader") == 2 and info.get("nothing", 7) == 7
    assert "phase" in info and "nothing" not in info and list(info.keys()) == ["phase", "leader"]
    with pytest.raises(KeyError):
        info["nothing"]
    hash(info)


@pytest.mark.parametrize("game", GAMES)
def test_refusal_is_none_exactly_for_legal_moves(game):
    rules = load_rules(game)
    rng = random.Random(5)
    for seed in range(3):
        state = rules.new_game(rules.min_players, seed=seed)
        steps = 0
        while not state.is_over and steps < 400:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            for move in legal:
                assert state.refusal(seat, move) is None
            refused = state.refusal(seat, "no-such-move")
            assert isinstance(refused, Refusal) and refused.code != NOT_YOUR_TURN
            others = [s for s in range(state.players) if s not in state.to_act]
            if others:
                assert state.refusal(others[0], legal[0]).code == NOT_YOUR_TURN
            state.apply(seat, legal[rng.randrange(len(legal))])
            steps += 1
        if state.is_over:
            assert state.refusal(0, "anything").code == GAME_OVER


def test_generic_refusal_names_the_move():
    state = load_rules("revoltaaa").new_game(4, seed=1)
    assert state.refusal(state.to_act[0], "Z9") == Refusal(NOT_LEGAL, move="Z9")
