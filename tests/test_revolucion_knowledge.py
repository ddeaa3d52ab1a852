"""What the table has seen of each hidden hand (games/bomb_knowledge.py) and the deals built on it.

The record must be true for every way of playing (counts add up, the cards seen going in are held),
must fit every hand ai:normal holds under the default reading (it always plays a card that saves a
lieutenant, steals, or helps a fight), and `BombState.from_view`, which ai:hard's search deals its
imagined games from, must respect it: a seat that let a massacre through holds no Bodyguard or Fort
in any deal, and a card dug up face up is still in the digger's hand.
"""

from __future__ import annotations

import random
from collections import Counter

from revolucion_helpers import RULES, game

from revolt_table.ai.bomb_ai import make_heuristic
from revolt_table.games import bomb_knowledge as bk
from revolt_table.games.bomb import BombState

T = RULES.params
PROTECTION = T.by_occasion["massacre"]          # Bodyguard, Fort


def fits(state, seat: int, telling=bk.TELLING) -> bool:
    """Do the seat's hidden cards fit its record? Entries run from most to least marked (a chain), so
    giving each entry in turn any card it may be finds a fit whenever one exists."""
    rest = list((Counter(state.hands[seat]) - Counter(state.known[seat])).elements())
    for entry in state.passed[seat]:
        banned = bk.ruled_out(entry, T.by_occasion, telling)
        card = next((c for c in rest if c not in banned), None)
        if card is None:
            return False
        rest.remove(card)
    return True


def facts_hold(state) -> None:
    for s in range(state.players):
        assert len(state.known[s]) + len(state.passed[s]) == len(state.hands[s]), (s, state.known, state.passed)
        assert not Counter(state.known[s]) - Counter(state.hands[s]), (s, state.known[s], state.hands[s])
        assert all(list(e) == sorted(e) for e in state.passed[s])
        assert all(set(later) <= set(earlier) for earlier, later in zip(state.passed[s], state.passed[s][1:]))


def test_the_record_is_true_whatever_the_players_do():
    rng = random.Random(11)
    for seed in range(120):
        state = RULES.new_game(3 + seed % 4, seed=seed)
        while not state.is_over:
            facts_hold(state)
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.randrange(len(moves))])


def test_every_hand_ai_normal_holds_fits_its_record():
    agent = make_heuristic(RULES, "ai:normal")
    marked = 0
    for seed in range(24):
        state = RULES.new_game(3 + seed % 4, seed=500 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            for s in state.alive():
                assert fits(state, s), (seed, s, state.hands[s], state.known[s], state.passed[s])
                marked += sum(1 for e in state.passed[s] if bk.ruled_out(e, T.by_occasion))
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            state.apply(seat, agent.decide(state.view(seat), moves, rng) or moves[0])
    assert marked > 1000        # the record said something


def test_a_massacre_let_through_rules_out_bodyguard_and_fort_in_every_deal():
    state = game([["OM", "T2"], ["T3", "T4", "M5"], ["E1", "E2"], ["S1", "S2"]])
    state.apply(0, "OM:1")          # seat 1 has nothing to answer with: it passes and loses a lieutenant
    assert state.lieutenants[1] == RULES.params.lieutenants - 1
    assert state.passed[1] == (("massacre",),) * 3 and state.passed[2] == ((),) * 2
    view = state.view(0)
    rng = random.Random(3)
    elsewhere = 0
    for _ in range(300):
        dealt = BombState.from_view(RULES, view, rng)
        assert not PROTECTION & set(dealt.hands[1])
        assert sorted(dealt.hands[0]) == sorted(state.hands[0]) and len(dealt.hands[1]) == 3
        assert Counter(dealt.deck) + Counter(c for h in dealt.hands for c in h) + Counter(dealt.discard) \
            == Counter(T.deck_for(4))
        elsewhere += bool(PROTECTION & set(dealt.hands[2] + dealt.hands[3]))
    assert elsewhere > 20           # the same deals do give those cards to the seats that showed nothing


def test_reading_no_pass_as_telling_deals_the_protection_anywhere():
    state = game([["OM", "T2"], ["T3", "T4", "M5"], ["E1", "E2"], ["S1", "S2"]])
    state.apply(0, "OM:1")
    rng = random.Random(4)
    deals = [BombState.from_view(RULES, state.view(0), rng, telling=()) for _ in range(300)]
    assert any(PROTECTION & set(d.hands[1]) for d in deals)


def test_cards_dug_up_face_up_stay_known_in_the_diggers_hand():
    state = game([["T2", "E2"], ["T3"], ["T4"]], deck=["E1", "S1", "BL"])
    state.apply(0, "dig:T2")        # no movement card: digs, turns up E1 and S1 face up, then BL goes left
    assert sorted(state.known[0]) == ["E1", "S1"]
    # E2 is no movement card (the dig proves it); a card drawn after the bomb left; then seat 0 let the
    # bomb reach seat 1 without playing The Irish Guy
    assert state.passed[0] == (("interrupt", "movement"), ("interrupt",))
    facts_hold(state)
    rng = random.Random(5)
    for _ in range(50):
        dealt = BombState.from_view(RULES, state.view(1), rng)
        assert not Counter(["E1", "S1"]) - Counter(dealt.hands[0])


def test_left_takes_the_most_marked_entry_the_card_could_be():
    marked, fresh = ("explosion",), ()
    known, passed = bk.left((), (marked, fresh), ["BG"], T.by_occasion)
    assert passed == (marked,)           # a Bodyguard cannot have sat through the explosion
    known, passed = bk.left((), (marked, fresh), ["T2"], T.by_occasion)
    assert passed == (fresh,)            # a soldier could: the weaker claim stays
    known, passed = bk.left(("E1",), (marked,), ["E1"], T.by_occasion)
    assert known == () and passed == (marked,)


def test_a_steal_turns_known_cards_into_hidden_ones():
    known, passed = bk.lost_unseen(("E1", "S1"), (("explosion",), ()))
    assert known == () and passed == ((), (), ())
    assert bk.lost_unseen((), ()) == ((), ())


def test_a_pass_marks_every_card_held_and_new_cards_start_clean():
    passed = bk.passed_on(bk.gained_hidden((), 2), "massacre")
    passed = bk.passed_on(bk.gained_hidden(passed, 1), "explosion")
    assert passed == (("explosion", "massacre"), ("explosion", "massacre"), ("explosion",))
    assert bk.ruled_out(passed[0], T.by_occasion) == T.by_occasion["explosion"] | T.by_occasion["massacre"]
    assert bk.ruled_out(("attacked",), T.by_occasion) == frozenset()     # keeping a Fort back is a choice
