"""Revolución hints (revolt_table/ai/bomb_hints.py): the normal AI's move and a reason of the family's
own at many random positions of every player count, said in every shipped language."""

from __future__ import annotations

import random
import re

from revolt_table.services import i18n
from revolt_table.ai import bomb_hints, hints
from revolt_table.ai.bomb_ai import BombHeuristicAgent
from revolt_table.engine import Message, load_rules
from revolt_table.engine.move import describe
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
                assert not any("bomb." in text for text in readable(reason))
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
    if state.to_act == (1,):
        state.apply(1, "fight:T3")
    assert state.view(0).info.phase == "commit_d"
    view = state.view(0)
    reasons = bomb_hints.Reasons(BombHeuristicAgent(rules), view)
    assert reasons.defence_odds(4) == round(100 * 26 / 36)


def _said(reason: Message, players: int) -> str:
    return i18n.say(reason, [f"P{i}" for i in range(players)])


def test_the_last_opponent_is_neither_neighbour():
    """Two parties left (the third out): the other one is both the left and the right neighbour, so a hint
    to send Bomb Right says "your last opponent", never "your left neighbour with Bomb Right"."""
    from tests.revolucion_helpers import game

    state = game([["BR", "T3"], ["T2", "E1"], ["T4"]], lieutenants=[2, 0, 1], climate="democracy")
    view = state.view(0)
    move, reason = hints.hint(rules := load_rules("revolucion"), view, state.legal_moves(0))
    info = describe(rules, view, move)
    assert (info.kind, info.card, info.target) == ("send", "BR", 2)
    who = dict(reason.params)["who"]
    assert who.code == "bomb.hint.who.only", reason
    assert "your last opponent" in _said(reason, 3)
    # three parties: the neighbours are told apart
    state = game([["BR", "T3"], ["T2", "E1"], ["T4"]], climate="democracy")
    reasons = bomb_hints.Reasons(BombHeuristicAgent(rules), state.view(0))
    assert [reasons.who(s).code for s in (1, 2)] == ["bomb.hint.who.left", "bomb.hint.who.right"]


def test_a_send_direction_and_its_named_neighbour_agree_at_many_positions():
    """Wherever the hint passes the bomb with a card that sends it left or right, the neighbour it names
    is that side's (or the last opponent)."""
    rules = load_rules("revolucion")
    checked = 0
    for players in (3, 4, 5):
        for state, seat in positions(rules, players, games=4, every=1, limit=400):
            view, legal = state.view(seat), state.legal_moves(seat)
            move, reason = hints.hint(rules, view, legal)
            info = describe(rules, view, move)
            way = rules.params.direction(info.card) if info.kind == "send" else "any"
            who = dict(reason.params).get("who")
            if way in ("left", "right") and who is not None:
                assert who.code in (f"bomb.hint.who.{way}", "bomb.hint.who.only"), (_said(reason, players), info)
                checked += 1
    assert checked > 20


def test_a_hint_of_several_cards_names_each_and_why():
    """A bomb sent with Detonator and Explosion: the reason names both extras and says they blow it up;
    with Explosion alone on a short timer, that the timer runs out. A fight of two cards names both."""
    from tests.revolucion_helpers import game

    rules = load_rules("revolucion")
    state = game([["BL", "DT", "EX"], ["T2"], ["T4"]], lieutenants=[3, 1, 3])
    move, reason = hints.hint(rules, state.view(0), state.legal_moves(0))
    info = describe(rules, state.view(0), move)
    assert info.kind == "send" and set(info.cards) == {"BL", "DT", "EX"}, info
    text = _said(reason, 3)
    assert reason.code == "bomb.hint.send_boom_pair" and "Detonator" in text and "Explosion" in text, text
    state = game([["BL", "EX"], ["T2"], ["T4"]], lieutenants=[3, 1, 3], timer=3)
    move, reason = hints.hint(rules, state.view(0), state.legal_moves(0))
    info = describe(rules, state.view(0), move)
    assert set(info.cards) == {"BL", "EX"}, info
    assert reason.code == "bomb.hint.send_boom_timer" and "Explosion" in _said(reason, 3)
    # every hint at many positions names each of its cards
    for players in (3, 4):
        for state, seat in positions(rules, players, games=3, every=1, limit=400):
            view, legal = state.view(seat), state.legal_moves(seat)
            move, reason = hints.hint(rules, view, legal)
            info = describe(rules, view, move)
            if len(set(info.cards)) > 1 and info.kind in ("send", "fight"):
                named = codes(reason)
                assert {f"bomb.card.{c}" for c in info.cards} <= named, (_said(reason, players), info)
