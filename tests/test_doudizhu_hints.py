"""Dou Dizhu hints (revolt_table/ai/climbing_hints.py): at many random positions of bidding and play the
hint is the normal AI's legal move with a reason that says why in the player's words, in every language."""

from __future__ import annotations

import random

from revolt_table.services import i18n
from revolt_table.ai import climbing_ai, hints
from revolt_table.ai.climbing_hints import HINT_CODES
from revolt_table.engine import Message, load_rules


def positions(games=12, every=2):
    rules = load_rules("doudizhu")
    for seed in range(games):
        state = rules.new_game(3, seed=300 + seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            if n % every == 0:
                yield rules, state, seat
            # mostly the AI's own moves (realistic tricks), sometimes a random one (odd positions)
            move = climbing_ai.hint(state.view(seat), legal) if rng.random() < 0.7 else rng.choice(legal)
            state.apply(seat, move)
            n += 1


def test_hints_are_the_normal_ai_move_with_a_reason_in_every_language():
    kinds: set[str] = set()
    phases: set[str] = set()
    count = 0
    for rules, state, seat in positions():
        view, legal = state.view(seat), state.legal_moves(seat)
        move, reason = hints.hint(rules, view, legal)
        assert move in legal and move == climbing_ai.hint(view, legal)
        assert isinstance(reason, Message) and reason.code in HINT_CODES
        assert hints.hint(rules, view, legal) == (move, reason)
        phases.add(view.info.phase)
        if reason.code not in kinds:
            for lang in i18n.LANGUAGES:
                text = i18n.t_in(lang, reason.code)
                assert text != reason.code, (lang, reason.code)
            i18n.set_language("en")
            text = i18n.say(reason)
            assert "{" not in text and text[0].isupper(), text
        kinds.add(reason.code)
        if reason.code == "climbing.hint.partner":
            assert move.text == "pass" and view.info.lead.owner != seat
            assert (view.info.lead.owner == view.info.landlord) == False   # noqa: E712 - the partner is a farmer
        if reason.code == "climbing.hint.cannot":
            assert [m.text for m in legal] == ["pass"]
        count += 1
    assert phases == {"bidding", "play"} and count > 200
    expected = {"bid", "no_bid", "lead", "partner", "cannot", "beat", "out"}
    assert {"climbing.hint." + k for k in expected} <= kinds, kinds


def test_every_hint_code_is_translated_with_the_same_placeholders():
    for code in HINT_CODES:
        english = i18n.placeholders(i18n.t_in("en", code))
        for lang in i18n.LANGUAGES:
            text = i18n.t_in(lang, code)
            assert text != code and i18n.placeholders(text) == english, (lang, code)


def test_the_lowest_single_lead_says_the_2_keeps_control():
    rules = load_rules("doudizhu")
    hands = [["3S", "5H", "7D", "9C", "JS", "KH", "2S", "2H", "4C", "6S", "8H", "TD", "QC", "AS", "3H", "5D", "RJ"],
             ["3D", "3C", "4S", "4H", "4D", "5S", "5C", "6H", "6D", "6C", "7S", "7H", "7C", "8S", "8D", "8C", "9S"],
             ["9H", "9D", "TS", "TH", "TC", "JH", "JD", "JC", "QS", "QH", "QD", "KS", "KD", "KC", "AH", "AD", "AC"]]
    state = rules.new_game(3, seed=1, deal={"hands": hands, "piles": {"bottom": ["2D", "2C", "BJ"]}, "landlord": 0,
                                            "bid": 1})
    move, reason = hints.hint(rules, state.view(0), state.legal_moves(0))
    assert move in state.legal_moves(0)
    assert reason.code in ("climbing.hint.lead_control", "climbing.hint.lead"), reason
