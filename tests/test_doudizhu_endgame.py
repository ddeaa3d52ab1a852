"""The exact endgame solver of Dou Dizhu's ai:hard (ai/climbing_endgame.py): its verdicts agree with a
plain minimax over the engine's own legal moves, it obeys its expansion limit, and ai:hard uses it in
small endgames (and plays the winning move there where the normal heuristic does not)."""

from __future__ import annotations

import random

import pytest

from revolt_table.ai import climbing_ai
from revolt_table.ai.climbing_endgame import CLOCK_EVERY, EndgameSolver, TooBig
from revolt_table.engine import load_rules
from tests.clock_helpers import Readings
from tests.random_play import random_moves

RULES = load_rules("doudizhu")


def minimax(state, landlord: int) -> bool:
    """Does the landlord's side win with best play? Every legal move of the engine, no table, no order."""
    seat = state.to_act[0]
    want = seat == landlord
    for move in state.legal_moves(seat):
        child = state.clone()
        child.apply(seat, move)
        won = (child.scores[landlord] > 0) if child.is_over else minimax(child, landlord)
        if won == want:
            return want
    return not want


def small_position(seed: int, cards: int = 7):
    """A random play-phase position with about `cards` cards in all hands (some trick maybe to beat)."""
    rng = random.Random(seed)
    deck = list(RULES.new_game(3, seed=seed).view(0).hand())  # any 17 distinct cards
    rng.shuffle(deck)
    sizes = [rng.randint(1, 3) for _ in range(3)]
    hands, at = [], 0
    for n in sizes:
        hands.append(deck[at:at + n])
        at += n
    state = RULES.new_game(3, seed=seed, deal={"hands": hands, "landlord": seed % 3, "bid": 1})
    # a few random moves so that some positions have a combination to beat
    return random_moves(state, rng, rng.randint(0, 2))


def test_solver_agrees_with_plain_minimax():
    checked = {True: 0, False: 0}
    for seed in range(120):
        state = small_position(seed)
        if state.is_over:
            continue
        verdict = EndgameSolver(state.landlord, 10 ** 6).landlord_wins_state(state)
        assert verdict == minimax(state, state.landlord), seed
        checked[verdict] += 1
    assert checked[True] > 10 and checked[False] > 10


def test_solver_knows_a_lead_that_wins_and_one_that_loses():
    # the landlord (seat 0) holds a 2 and a 3; the farmers a 4 and a 5: the 2 first wins, the 3 first loses
    state = RULES.new_game(3, seed=1, deal={"hands": [["2S", "3S"], ["4S"], ["5S"]], "landlord": 0, "bid": 1})
    solver = EndgameSolver(0, 1000)
    assert solver.landlord_wins_state(state)
    for text, wins in (("2", True), ("3", False)):
        child = state.clone()
        child.apply(0, text)
        assert solver.landlord_wins_state(child) is wins


def test_solver_stops_at_its_limit():
    state = RULES.new_game(3, seed=5)
    while state.phase != 1:
        state.apply(state.to_act[0], "pass" if state.to_act[0] else "bid3")
    with pytest.raises(TooBig):
        EndgameSolver(state.landlord, 50).landlord_wins_state(state)



def test_solver_stops_when_the_decisions_clock_runs_out():
    """A whole deal is far too big to solve; a limit of millions would take seconds, the clock stops it
    at its first reading past the deadline, every CLOCK_EVERY expansions."""
    state = RULES.new_game(3, seed=5)
    while state.phase != 1:
        state.apply(state.to_act[0], "pass" if state.to_act[0] else "bid3")
    solver = EndgameSolver(state.landlord, 10 ** 8, Readings(after=3))
    with pytest.raises(TooBig):
        solver.landlord_wins_state(state)
    assert solver.clock.read == 3
    assert 2 * CLOCK_EVERY < solver.nodes <= 3 * (CLOCK_EVERY + 1)


def test_hard_gives_its_endgame_solver_the_decisions_clock():
    """The clock ai:hard's decision started is the one its solver reads (and a new decision, a new one)."""
    state = next(s for s in map(small_position, range(20)) if not s.is_over)
    seat = state.to_act[0]
    spec = climbing_ai.make_hard(RULES).spec
    clocks = [Readings(10 ** 9), Readings(10 ** 9)]
    for clock in clocks:
        spec.begin(state.view(seat), clock)
        assert spec.clock is clock and spec._solver is not None and spec._solver.clock is clock


def test_hard_solves_small_endgames_and_finds_the_winning_lead():
    """Seat 0, a farmer, regains the lead with JS QC KS KH against a landlord holding two cards (QH BJ
    here); its partner holds nine. ai:normal leads the jack (it loses: the landlord's queen, then the
    joker). ai:hard solves the deals it draws; drawing only the true deal here (as if it had read the
    hands from the play), it leads a winning move."""
    hands = [["JS", "QC", "KS", "KH", "5D"], ["3C", "4D", "5C", "6D", "7C", "8H", "9H", "2H", "2D"],
             ["3D", "QH", "BJ"]]
    state = RULES.new_game(3, seed=1, deal={"hands": hands, "landlord": 2, "bid": 1})
    for seat, text in ((2, "3"), (0, "5"), (1, "pass"), (2, "pass")):
        state.apply(seat, text)
    view, legal = state.view(0), state.legal_moves(0)
    assert view.info.lead.to_beat is None
    normal = climbing_ai.make_heuristic(RULES, "ai:normal").choose(view, legal, random.Random(0))
    hard = climbing_ai.make_hard(RULES)
    hard.spec.determinize = lambda view, rng: state.clone()
    move = hard.choose(view, legal, random.Random(0))
    assert hard.spec._solver is not None and hard.spec._solver.nodes > 0
    solver = EndgameSolver(2, 10 ** 6)
    verdicts = {}
    for m in (normal, move):
        child = state.clone()
        child.apply(0, m)
        verdicts[m.text] = not solver.landlord_wins_state(child)
    assert verdicts == {normal.text: False, move.text: True}, (normal.text, move.text)
