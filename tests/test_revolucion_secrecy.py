"""Reactions reveal nothing (issue 29): whether a seat holds a card that answers a reaction is hidden.

Every seat that could answer is asked (the attack's target about a Fort, both sides about a tactic,
the loser of a fight about a Doctor or a Bodyguard, the target of a massacre, the bomb's victim, every
other seat about Wrong Wire and The Irish Guy), so `to_act`, the phase and the events are the same
whether it holds the card or not. The test plays twin games that differ only in one hidden card of one
seat (it holds the answer in one twin; in the other a card that answers nothing, the answer lying at
the bottom of the deck instead) and checks that every other seat sees the same views and events up to
and including that seat's answer "pass"; then the same over many self-played positions.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from revolt_table.ai.registry import make_agent
from revolt_table.engine import load_rules
from revolt_table.games.bomb_events import CardStolen, DeckReshuffled, Eliminated

RULES = load_rules("revolucion")
FILLER = "E1"        # a card that answers no reaction


def twins(hands, seat: int, card: str, *, climate="revolution", first=0, **extra):
    """Two games at the owner's turn: `seat` holds `card` in the first and FILLER in the second, the
    other copy at the bottom of the deck; the whole deck named, so nothing else differs."""
    states = []
    for mine, bottom in ((card, FILLER), (FILLER, card)):
        dealt = [list(h) for h in hands]
        dealt[seat] = dealt[seat] + [mine]
        rest = Counter(RULES.params.deck_for(len(hands))) - Counter(c for h in dealt for c in h) - Counter([bottom])
        deck = sorted(rest.elements(), key=RULES.params.rank.__getitem__) + [bottom]
        deal = {"hands": dealt, "first": first, "climate": climate, "start": "turn",
                "piles": {"deck": deck}, **extra}
        states.append(RULES.new_game(len(hands), seed=5, deal=deal))
    return states


def same_for_others(a, b, seat: int) -> None:
    """Every seat but `seat` (and the table's public view) sees the same in both twins."""
    assert a.to_act == b.to_act
    for other in [None] + [s for s in range(a.players) if s != seat]:
        assert a.view(other) == b.view(other), f"seat {other} tells the twins apart"


def play_both(a, b, seat: int, moves) -> None:
    """Apply the same moves to both twins, comparing every other seat's view and the events."""
    same_for_others(a, b, seat)
    for actor, move in moves:
        assert a.apply(actor, move) == b.apply(actor, move)
        same_for_others(a, b, seat)


def test_twins_differ_only_in_the_hidden_card():
    a, b = twins([["BL", "T2"], ["T3"], ["T4"]], 1, "FO")
    assert a.hands[1] != b.hands[1] and a.hands[0] == b.hands[0]
    assert Counter(a.deck) - Counter(b.deck) == Counter({FILLER: 1})


def test_the_target_of_an_attack_is_asked_about_a_fort_whatever_it_holds():
    a, b = twins([["BL", "T3"], ["T2"], ["T4"]], 1, "FO")
    play_both(a, b, 1, [(0, "attack:1")])
    assert a.phase == "fort" and a.to_act == (1,)
    assert {m.text for m in b.legal_moves(1)} == {"pass"}
    assert "FO" in {m.text for m in a.legal_moves(1)}
    play_both(a, b, 1, [(1, "pass"), (0, "fight:T3")])


@pytest.mark.parametrize("side,card", [(0, "OA"), (1, "OA"), (0, "AL"), (1, "AL")])
def test_both_sides_are_asked_about_a_tactic(side, card):
    a, b = twins([["BL", "T3"], ["T2"], ["T4"]], side, card)
    play_both(a, b, side, [(0, "attack:1"), (1, "pass"), (0, "fight:T3")])
    if side == 0:
        play_both(a, b, 0, [(1, "fight:none")])
        assert a.phase == "tactic_a" and a.to_act == (0,)
        play_both(a, b, 0, [(0, "pass")])
    else:
        play_both(a, b, 1, [(1, "fight:none"), (0, "pass")])
        assert a.phase == "tactic_d" and a.to_act == (1,)
        play_both(a, b, 1, [(1, "pass")])


@pytest.mark.parametrize("loser,card", [(0, "DR"), (1, "DR"), (1, "BG")])
def test_the_loser_of_a_fight_is_asked_about_a_doctor_or_a_bodyguard(loser, card):
    dice = [1, 6] if loser == 0 else [6, 1]
    a, b = twins([["BL", "T3"], ["T2"], ["T4"]], loser, card, dice=dice)
    play_both(a, b, loser, [(0, "attack:1"), (1, "pass"), (0, "fight:T3"), (1, "fight:T2"), (0, "pass"),
                            (1, "pass")])
    assert a.phase == ("after_a" if loser == 0 else "after_d") and a.to_act == (loser,)
    play_both(a, b, loser, [(loser, "pass")])


@pytest.mark.parametrize("card", ["FO", "BG"])
def test_the_target_of_a_massacre_is_asked(card):
    a, b = twins([["BL", "OM"], ["T2"], ["T4"], ["BR"]], 2, card, climate="dictatorship")
    play_both(a, b, 2, [(0, "OM:2")])
    assert a.phase == "massacre" and a.to_act == (2,)
    play_both(a, b, 2, [(2, "pass")])


@pytest.mark.parametrize("card", ["FO", "BG", "PO", "LE", "CW"])
def test_the_victim_of_the_explosion_is_asked(card):
    a, b = twins([["BL", "T2"], ["T3"], ["T4"]], 1, card, timer=1)
    play_both(a, b, 1, [(0, "BL")])
    assert a.phase == "explosion" and a.to_act == (1,)
    play_both(a, b, 1, [(1, "pass")])


def test_every_other_seat_is_asked_about_wrong_wire():
    a, b = twins([["BL", "T2"], ["CW"], ["T4"], ["T3"]], 3, "WW", timer=1)
    play_both(a, b, 3, [(0, "BL"), (1, "CW")])
    assert a.phase == "wrongwire" and a.to_act == (2,)
    play_both(a, b, 3, [(2, "pass")])
    assert a.to_act == (3,)
    play_both(a, b, 3, [(3, "pass")])
    assert a.to_act == (0,)


def test_every_other_seat_is_asked_about_the_irish_guy_when_the_bomb_arrives():
    a, b = twins([["BL", "T2"], ["T3"], ["T4"], ["S1"]], 2, "IG")
    play_both(a, b, 2, [(0, "BL")])
    assert a.phase == "irish" and a.to_act == (2,)
    play_both(a, b, 2, [(2, "pass")])
    assert a.to_act == (3,)


def reveals(events, seat: int) -> bool:
    """Whether these events show cards of `seat`'s hand by the rules (a theft from it shows the thief a
    card; an eliminated party's hand is discarded face up): the twins may then differ."""
    return any(isinstance(e, Eliminated) and e.seat == seat or isinstance(e, CardStolen) and e.victim == seat
               for e in events)


def kinds(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


ANSWERS = {"fort": "attacked", "tactic_a": "tactic", "tactic_d": "tactic", "after_a": "after_fight_attacker",
           "after_d": "after_fight_defender", "massacre": "massacre", "explosion": "explosion",
           "wrongwire": "against_disarm", "irish": "interrupt"}


def hide_answers(state, seat: int) -> int | None:
    """Swap every card of `seat` that answers some reaction for a card from the bottom of the deck that
    answers none; the deepest deck position changed (0 is the bottom), or None if the deck lacks them."""
    t = state.t
    answering = set().union(*(t.by_occasion[o] for o in ANSWERS.values()))
    hand = state.hands[seat]
    spots = [i for i, c in enumerate(state.deck) if c not in answering]     # the bottom first
    deepest = -1
    for i, card in enumerate(hand):
        if card in answering:
            if not spots:
                return None
            j = spots.pop(0)
            hand[i], state.deck[j] = state.deck[j], hand[i]
            deepest = max(deepest, j)
    return deepest


@pytest.mark.parametrize("players", [3, 4, 6])
def test_no_reaction_point_of_self_play_tells_whether_a_seat_holds_an_answer(players):
    """Over whole games: before every move, each other seat's answers are hidden in a twin; the move
    and, when that seat is then asked, its "pass" leave every other seat with the same record."""
    agent = make_agent("ai:normal", RULES)
    reached = Counter()
    for seed in range(6):
        state = RULES.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actor = state.to_act[0]
            move = agent.choose(state.view(actor), state.legal_moves(actor), rng)
            for seat in range(players):
                if seat == actor or not state.living(seat):
                    continue
                twin = state.clone()
                deepest = hide_answers(twin, seat)
                if deepest is None:
                    continue
                real = state.clone()
                events = real.apply(actor, move)
                if real.is_over or reveals(events, seat) or len(real.deck) <= deepest or kinds(events, DeckReshuffled):
                    continue           # the rules showed that hand, or the move drew the swapped cards
                assert events == twin.apply(actor, move)
                same_for_others(real, twin, seat)
                if not real.is_over and real.to_act == (seat,) and real.phase in ANSWERS:
                    reached[real.phase] += 1
                    events = real.apply(seat, "pass")
                    if not (real.is_over or reveals(events, seat) or len(real.deck) <= deepest
                            or kinds(events, DeckReshuffled)):
                        assert events == twin.apply(seat, "pass")
                        same_for_others(real, twin, seat)
            state.apply(actor, move)
    assert {"fort", "tactic_a", "tactic_d", "explosion", "irish"} <= set(reached)
