"""Révolte! hints (revolt_table/ai/tricks_hints.py): the normal AI's move, a reason that matches the
position, in every language, at many random positions; each kind of reason on a position built for it."""

from __future__ import annotations

import random

import pytest

from revolt_table.services import i18n
from revolt_table.ai import hints, tricks_hints
from revolt_table.ai.tricks_ai import TricksHeuristicAgent
from revolt_table.engine import Message, load_rules
from tests.test_hints import readable


@pytest.fixture(scope="module")
def rules():
    return load_rules("revolte")


def say_everywhere(message: Message) -> None:
    """Translated in every language (tests/test_hints.py `readable`), and no code of the family shows."""
    for text in readable(message):
        assert "tricks." not in text, (message, text)


def test_hints_are_the_normal_ai_move_with_a_matching_reason_at_many_positions(rules):
    codes = set()
    for seed in range(8):
        players = 3 + seed % 3
        state = rules.new_game(players, seed=200 + seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            if n % 3 == 0:
                view = state.view(seat)
                move, reason = hints.hint(rules, view, legal)
                assert move in legal
                assert move == TricksHeuristicAgent(rules).choose(view, legal, random.Random(hints.SEED))
                assert reason.code in tricks_hints.HINT_CODES
                codes.add(reason.code)
                text = move.text
                if text.startswith("take:"):
                    assert reason.code == tricks_hints.TAKE
                elif text.startswith("cut:"):
                    assert reason.code == tricks_hints.CUT and reason.args["cost"] == rules.params.cut_cost
                elif not rules.params.is_numbered(text):
                    assert reason.code in (tricks_hints.REVOLT, tricks_hints.CITIZEN, tricks_hints.LEAD_CITIZEN)
                    assert (reason.code == tricks_hints.LEAD_CITIZEN) == (not view.info.trick)
                else:
                    assert reason.args["card"] == Message("tricks.card_value",
                                                          family=Message(f"tricks.family_one.{text[0]}"),
                                                          value=int(text[1:]))
                    if not view.info.trick:
                        assert reason.code in (tricks_hints.LEAD, tricks_hints.LEAD_WINNER)
                if n % 15 == 0:
                    say_everywhere(reason)
            state.apply(seat, legal[rng.randrange(len(legal))])
            n += 1
    # the common kinds all show up in random play
    assert {tricks_hints.LEAD, tricks_hints.CITIZEN, tricks_hints.BEATS, tricks_hints.FOLLOW_LOW,
            tricks_hints.DISCARD} <= codes, codes


def hint_at(rules, deal, moves=()):
    state = rules.new_game(len(deal["hands"]), seed=1, deal=deal)
    for seat, move in moves:
        state.apply(seat, move)
    seat = state.to_act[0]
    return state, hints.hint(rules, state.view(seat), state.legal_moves(seat))


@pytest.mark.parametrize("hands,led,code", [
    # Nobles led (9, 4): Ann holds N2 (cannot beat) and R5 -> follows low
    ([["N2", "R5", "B7", "R9"], ["N9", "R1", "B2", "R8"], ["N4", "R3", "B5", "B9"]], ("N9", "N4"),
     tricks_hints.FOLLOW_LOW),
    # Ann holds N5 and N8 over N2, N3: the lowest winner takes it
    ([["N5", "N8", "R6", "R9"], ["N2", "R1", "B2", "R8"], ["N3", "R3", "B5", "B9"]], ("N2", "N3"),
     tricks_hints.TAKE_LOWEST),
])
def test_reasons_on_built_positions(rules, hands, led, code):
    deal = {"hands": hands, "leader": 1, "coins": [0, 0, 0]}
    state, (move, reason) = hint_at(rules, deal, [(1, led[0]), (2, led[1])])
    assert reason.code == code, (move, reason)
    say_everywhere(reason)


def test_every_hint_code_is_in_every_language():
    for code in tricks_hints.HINT_CODES:
        for lang in i18n.LANGUAGES:
            assert i18n.t_in(lang, code) != code, (lang, code)
