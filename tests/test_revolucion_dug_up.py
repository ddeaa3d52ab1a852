"""The cards a dig turns up are public (issue 29): with `dig: draw` (rules/revolucion.yaml) a bomb owner
with no bomb card discards one and turns cards up until a bomb card comes; the cards turned up go into
the hand face up (rulebook line 73, "This draw is done face up"), so the event names them.

Before, `CardsDrawn` carried the count only. Only the cards turned up are named: the card that
completes the hand afterwards is an ordinary hidden draw, and twin games that differ in it (or in any
other hidden card) give every seat the same events and the same views of the others.
"""

from __future__ import annotations

from collections import Counter

from revolt_table.engine import load_rules
from revolt_table.games.bomb_events import CardsDrawn, Discarded
from revolt_table.games.bomb_info import R_DUG_UP, R_TURN, R_TURNED_UP
from revolt_table.records.replay_text import event_sentences
from revolt_table.services import i18n
from tests.revolucion_helpers import RULES, game, kinds

HANDS = [["T2", "FO", "E1"], ["T3"], ["T4"]]
DECK = ["S1", "E2", "BL", "T3"]          # top first: Militia and Machine Gun turned up, then Bomb Left


def dig(hands=HANDS, deck=DECK, rules=RULES):
    state = game(hands, deck=deck, rules=rules)
    return state, state.apply(0, "dig:FO")


def test_the_event_names_exactly_the_cards_turned_up():
    state, events = dig()
    drawn = kinds(events, CardsDrawn)
    assert drawn[0] == CardsDrawn(0, 2, R_DUG_UP, ("S1", "E2"))
    assert drawn[1] == CardsDrawn(0, 1, R_TURN)                    # the hand completed: hidden, no names
    assert drawn[1].cards == () and drawn[1].sentence() is None
    assert Counter(state.hands[0]) == Counter(["T2", "E1", "S1", "E2", "T3"])
    assert [e.cards for e in kinds(events, Discarded)] == [("FO",), ("BL",)]


def test_every_seat_sees_the_same_named_cards_and_nothing_hidden():
    """Twins that differ in the card completing the hand (hidden) and in a card of seat 0's hand: the
    events are the same, and seats 1 and 2 (and the table) see the same views, both naming S1 and E2."""
    a, events_a = dig(deck=DECK)
    b, events_b = dig(hands=[["T2", "FO", "E3"], ["T3"], ["T4"]], deck=["S1", "E2", "BL", "M5"])
    assert events_a == events_b
    for seat in (None, 1, 2):
        assert a.view(seat) == b.view(seat), f"seat {seat} tells the twins apart"
    assert kinds(events_a, CardsDrawn)[0].cards == ("S1", "E2")
    assert a.hands[0] != b.hands[0]


def test_a_dig_that_finds_a_bomb_card_at_once_names_nothing():
    _, events = dig(deck=["BL", "T3"])
    assert all(e.reason != R_DUG_UP for e in kinds(events, CardsDrawn))
    assert [e.cards for e in kinds(events, CardsDrawn)] == [()]


def test_rules_without_dig_draw_discard_the_cards_turned_up_as_before():
    old = load_rules(RULES.path.parent / "archive" / "revolucion.a9a0bddde2e8f759.yaml")
    assert "dig" not in old.data
    _, events = dig(rules=old)
    assert [e.cards for e in kinds(events, CardsDrawn)] == [()]
    assert kinds(events, Discarded)[1] == Discarded(0, ("S1", "E2"), R_TURNED_UP)


def test_an_event_made_the_old_way_still_reads_and_compares_as_before():
    old = CardsDrawn(0, 2, R_DUG_UP)
    assert old.cards == () and old.sentence() is None and old == CardsDrawn(0, 2, R_DUG_UP, ())
    assert event_sentences(old, ["Ann", "Bo", "Cy"]) == ["Ann: 2 cards drawn (drawn face up while digging)"]


def test_the_replay_and_the_review_name_the_cards_in_every_language():
    _, events = dig()
    drawn = kinds(events, CardsDrawn)[0]
    names = ["Ann", "Bo", "Cy"]
    assert event_sentences(drawn, names) == ["Ann: 2 cards drawn face up while digging (Militia, Machine Gun)"]
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            said = event_sentences(drawn, names)
            assert len(said) == 1 and said[0].startswith("Ann")
            for card in drawn.cards:
                assert i18n.t(f"bomb.card.{card}") in said[0], (lang, said)
    finally:
        i18n.set_language("en")
