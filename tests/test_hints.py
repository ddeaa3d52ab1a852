"""Hints (revolt_table/ai/hints.py): a legal move and a reason a player can read, in every game and at
many random positions, the same every time; RevoltaaA's own reasons, the generic one for the others."""

from __future__ import annotations

import random

import pytest

from revolt_table.services import i18n
from revolt_table.ai import hints, majority_ai
from revolt_table.engine import Message, load_rules
from revolt_table.engine.family import registered
from tests.highcard import HIGHCARD

GAMES = ["revoltaaa", "doudizhu", "revolte", "revolucion"]


def positions(rules, players, games=3, every=3, limit=400):
    """(state, seat) at every `every`-th decision of a few random games."""
    for seed in range(games):
        state = rules.new_game(players, seed=100 + seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_over and n < limit:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            if n % every == 0:
                yield state, seat
            state.apply(seat, legal[rng.randrange(len(legal))])
            n += 1


def readable(message: Message) -> list[str]:
    """The reason in every shipped language; each must be translated, with every placeholder filled."""
    out = []
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        try:
            text = i18n.say(message)
        finally:
            i18n.set_language("en")
        assert text and "{" not in text and message.code not in text, (lang, message, text)
        out.append(text)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_game_hints_a_legal_move_with_a_reason(game):
    rules = load_rules(game)
    count = 0
    for state, seat in positions(rules, rules.default_players, every=2 if game == "revoltaaa" else 7):
        view, legal = state.view(seat), state.legal_moves(seat)
        move, reason = hints.hint(rules, view, legal)
        assert move in legal and isinstance(reason, Message)
        assert hints.hint(rules, view, legal) == (move, reason)          # the same advice every time
        if count % 5 == 0:
            readable(reason)
        count += 1
    assert count >= 20


def test_revoltaaa_hints_give_the_normal_ai_card_and_each_kind_of_reason():
    rules = load_rules("revoltaaa")
    kinds = set()
    for state, seat in positions(rules, 4, games=6, every=2):
        view, legal = state.view(seat), state.legal_moves(seat)
        move, reason = hints.hint(rules, view, legal)
        assert move == majority_ai.make_heuristic(rules, "ai:normal").choose(view, legal, random.Random(hints.SEED))
        kinds.add(reason.code)
        card = reason.args["card"]
        assert card.code == "majority.hint.card" and card.args["value"] == int(move.text[1:])
    assert kinds == {"majority.hint.keep", "majority.hint.take", "majority.hint.push"}
    for code in majority_ai.HINT_CODES:
        for lang in i18n.LANGUAGES:
            assert i18n.t_in(lang, code) != code, (lang, code)


def test_a_family_without_its_own_hint_gets_the_generic_reason():
    with registered(HIGHCARD):
        rules = load_rules("tests/data/highcard.yaml")
        state = rules.new_game(3, seed=1)
        seat = state.to_act[0]
        move, reason = hints.hint(rules, state.view(seat), state.legal_moves(seat))
        assert move == state.legal_moves(seat)[0] and reason == Message(hints.GENERIC)
        assert readable(reason)[0] == "This is what the computer would play here."


def test_no_legal_move_no_hint():
    rules = load_rules("revoltaaa")
    state = rules.new_game(3, seed=1)
    with pytest.raises(ValueError):
        hints.hint(rules, state.view(0), [])
