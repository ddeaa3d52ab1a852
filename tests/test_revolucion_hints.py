"""Revolución hints (revolt_table/ai/bomb_hints.py): the normal AI's move and a reason of the family's
own at many random positions of every player count, said in every shipped language."""

from __future__ import annotations

import random
import re

from revolt_table.services import i18n
from revolt_table.ai import bomb_hints, hints
from revolt_table.ai.bomb_ai import BombHeuristicAgent
from revolt_table.engine import Message, load_rules
from tests.test_hints import positions, readable


def codes(message: Message) -> set[str]:
    out = {message.code}
    for _, value in message.params:
        if isinstance(value, Message):
            out |= codes(value)
    return out


def test_hints_are_the_normal_ai_move_with_a_reason_of_revolucion_at_many_positions():
    rules = load_rules("revolucion")
    seen: set[str] = set()
    count = 0
    for players in (3, 4, 6):
        for state, seat in positions(rules, players, games=3, every=3, limit=600):
            view, legal = state.view(seat), state.legal_moves(seat)
            move, reason = hints.hint(rules, view, legal)
            assert move in legal
            assert move == BombHeuristicAgent(rules).choose(view, legal, random.Random(bomb_hints.SEED))
            assert reason.code in bomb_hints.CODES, (view.info.phase, move, reason)
            seen.add(reason.code)
            if count % 9 == 0:
                assert not any(re.search(r"\bbomb\.\w+\.\w", text) for text in readable(reason))   # no raw code
            count += 1
    assert count > 300
    # the reasons a game mostly needs: exchanges, bomb passes, attacks and fights, reactions
    assert {"bomb.hint.keep", "bomb.hint.swap", "bomb.hint.send", "bomb.hint.attack", "bomb.hint.defend",
            "bomb.hint.commit"} <= seen, seen
    assert len(seen) >= 12, seen


def test_every_hint_code_is_in_every_language_with_the_same_placeholders():
    for code in bomb_hints.CODES:
        english = set(re.findall(r"{(\w+)}", i18n.t_in("en", code)))
        for lang in i18n.LANGUAGES:
            text = i18n.t_in(lang, code)
            assert text != code, (lang, code)
            assert set(re.findall(r"{(\w+)}", text)) == english, (lang, code, text)


def test_a_defence_hint_gives_the_odds_it_counts():
    """Bo attacks Ann with a 3 (no tokens); Ann holds a Soldier 4: defending with it wins when her die
    + 4 beats his die + 3, or ties (ties go to the defender): 26 of 36 rolls."""
    rules = load_rules("revolucion")
    deal = {"hands": [["T4", "BL", "DR", "E1"], ["T3", "BR", "BL"], ["T2", "BL"]], "first": 1,
            "climate": "revolution", "start": "turn", "dice": [3, 2, 5, 4, 1, 1]}
    state = rules.new_game(3, seed=4, deal=deal)
    state.apply(1, "attack:0")
    if state.phase == "fort":                   # Ann is asked about a Fort (everyone attacked is): no
        state.apply(0, "pass")
    if state.to_act == (1,):
        state.apply(1, "fight:T3")
    assert state.view(0).info.phase == "commit_d"
    view = state.view(0)
    reasons = bomb_hints.Reasons(BombHeuristicAgent(rules), view)
    assert reasons.defence_odds(4) == round(100 * 26 / 36)
