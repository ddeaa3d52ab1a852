"""The shared ai:hard search (ai/search.py, ai/budget.py): racing on common random numbers, an early
stop when one move is clearly best, a hard wall-clock cap, the family hooks for constraining and
weighting determinizations, and the ai:hard of every game within its time cap."""

from __future__ import annotations

import gc
import random
import time
import weakref

import pytest

from revolt_table.ai.budget import Budget, Paired, settle_after_decision
from revolt_table.ai.registry import make_agent
from revolt_table.ai.search import DeterminizedSearchAgent, SearchAgent, SearchSpec
from revolt_table.engine import load_rules
from tests.clock_helpers import ReadingsBudget


def revoltaaa_position():
    rules = load_rules("revoltaaa")
    state = rules.new_game(4, seed=3)
    return rules, state, state.view(0), state.legal_moves(0)


class Scripted(SearchSpec):
    """Play-outs that return a value per candidate (by the move just played) plus shared noise."""

    def __init__(self, rules, values, noise=0.0, sleep=0.0):
        super().__init__(rules)
        self.values, self.noise, self.sleep = values, noise, sleep
        self.seen: list[tuple[str, float]] = []

    def playout(self, state, seat, root, rng):
        if self.sleep:
            time.sleep(self.sleep)
        text = state.history[-1][1]
        shared = rng.random()
        self.seen.append((text, shared))
        return self.values.get(text, 0.0) + self.noise * shared


def test_paired_statistics():
    stats = Paired()
    for d in (0.5, 0.7, 0.6, 0.4, 0.8):
        stats.add(d)
    assert stats.mean == pytest.approx(0.6)
    assert stats.stderr() == pytest.approx((0.025 / 5) ** 0.5)
    assert stats.clearly_positive(2.0) and not stats.clearly_positive(20.0)


def test_one_clearly_best_move_stops_the_search_early():
    rules, state, view, legal = revoltaaa_position()
    spec = Scripted(rules, {})
    best = spec.shortlist(view, legal, spec.first_choice(view, legal, random.Random(1)))[-1].text
    spec.values = {best: 1.0}
    agent = SearchAgent(rules, spec, Budget(playouts=5000, min_rounds=6))
    assert agent.choose(view, legal, random.Random(1)).text == best
    assert agent.last["stop"] == "clear"
    assert agent.last["rounds"] == 6 and agent.last["playouts"] < 100


def test_candidates_share_the_deal_and_the_playout_seed_each_round():
    rules, state, view, legal = revoltaaa_position()
    spec = Scripted(rules, {}, noise=1.0)
    agent = SearchAgent(rules, spec, Budget(playouts=6 * len(legal), min_rounds=100))
    agent.choose(view, legal, random.Random(2))
    shortlist = len(spec.shortlist(view, legal, legal[0]))
    rounds = [spec.seen[i:i + shortlist] for i in range(0, len(spec.seen), shortlist)]
    assert len(rounds) >= 4
    for one in rounds:                       # every candidate saw the same play-out random numbers
        assert len({shared for _, shared in one}) == 1
        assert len({text for text, _ in one}) == shortlist
    assert len({one[0][1] for one in rounds}) == len(rounds)     # and each round new ones


def test_the_heuristic_move_stays_unless_another_is_clearly_better():
    rules, state, view, legal = revoltaaa_position()
    spec = Scripted(rules, {}, noise=0.0)
    first = spec.first_choice(view, legal, random.Random(3))
    other = spec.shortlist(view, legal, first)[1]
    spec.values = {other.text: 1e-3}         # a little better on every deal: clearly better, it wins
    agent = SearchAgent(rules, spec, Budget(playouts=200))
    assert agent.choose(view, legal, random.Random(3)) == other
    spec.values = {}                         # all equal: the heuristic's move
    assert agent.choose(view, legal, random.Random(3)) == first


def test_wall_clock_cap_bounds_a_decision():
    rules, state, view, legal = revoltaaa_position()
    spec = Scripted(rules, {}, noise=1.0, sleep=0.002)
    agent = SearchAgent(rules, spec, Budget(playouts=10**9, seconds=0.15))
    started = time.perf_counter()
    agent.choose(view, legal, random.Random(4))
    took = time.perf_counter() - started
    assert agent.last["stop"] == "clock"
    assert 0.15 <= took < 0.15 + 0.5         # one round past the cap (a round is longer on a busy machine)




def test_the_clock_is_read_before_every_playout_and_a_cut_round_is_dropped():
    """Running out in the middle of a round stops before the next play-out; the round's play-outs so
    far are not counted, so every candidate is compared over the same deals."""
    rules, state, view, legal = revoltaaa_position()
    spec = Scripted(rules, {}, noise=1.0)
    n = len(spec.shortlist(view, legal, legal[0]))
    # each round reads the clock before each of its n play-outs and once after; stop at the 3rd of round 4
    agent = SearchAgent(rules, spec, ReadingsBudget(playouts=10**9, seconds=3 * (n + 1) + 3, min_rounds=100))
    agent.choose(view, legal, random.Random(5))
    assert agent.last["stop"] == "clock"
    assert agent.last["rounds"] == 3 and agent.last["playouts"] == 3 * n
    assert len(spec.seen) == 3 * n + 2          # two play-outs of the cut round were played, then dropped


def test_same_seed_same_decision_and_same_work():
    rules, state, view, legal = revoltaaa_position()
    first = DeterminizedSearchAgent(rules, iterations=120)
    second = DeterminizedSearchAgent(rules, iterations=120)
    assert first.choose(view, legal, random.Random(5)) == second.choose(view, legal, random.Random(5))
    assert first.last == second.last and first.last["playouts"] <= 120


class RedHeavy(SearchSpec):
    """A family hook that rules out deals where seat 1 holds fewer than 6 red cards, and prefers the
    rest by 4 to 1 per red card (inference from public play, in miniature)."""

    pool = 12

    def __init__(self, rules):
        super().__init__(rules)
        self.dealt: list[int] = []

    @staticmethod
    def reds(state) -> int:
        hand = next(z for z in state.zones() if z.name == "hand:1").cards
        return sum(c.startswith("R") for c in hand)

    def weight(self, view, state):
        return 4.0 ** self.reds(state) if self.reds(state) >= 6 else 0.0

    def playout(self, state, seat, root, rng):
        self.dealt.append(self.reds(state))
        return rng.random()


def test_family_hook_constrains_and_weights_the_determinizations():
    rules, state, view, legal = revoltaaa_position()
    spec = RedHeavy(rules)
    SearchAgent(rules, spec, Budget(playouts=300)).choose(view, legal, random.Random(6))
    assert spec.dealt and min(spec.dealt) >= 6
    uniform = [RedHeavy.reds(rules.from_view(view, random.Random(k))) for k in range(300)]
    allowed = [r for r in uniform if r >= 6]
    assert sum(spec.dealt) / len(spec.dealt) > sum(allowed) / len(allowed) + 0.25


GAMES = [("revoltaaa", None, 4), ("revoltaaa", "bananas", 4), ("revolte", None, 4), ("revolucion", None, 4),
         ("doudizhu", None, 3)]


@pytest.mark.parametrize("game,variant,players", GAMES)
def test_every_game_ai_hard_keeps_its_time_cap(game, variant, players):
    """A huge play-out budget with a 0.2 s cap: every decision ends within one round past the cap.

    Measured in CPU seconds of this thread: the cap is wall-clock, so the work done before it is at
    most 0.2 s of CPU whatever the load, plus one round (wall time on a busy machine would not say)."""
    rules = load_rules(game, variant=variant)
    agent = make_agent("ai:hard", rules, iterations=10**7, time_budget=0.2)
    rng = random.Random(7)
    state = rules.new_game(players, seed=7)
    worst = 0.0
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_moves(seat)
        started = time.thread_time()
        move = agent.choose(state.view(seat), legal, rng)
        worst = max(worst, time.thread_time() - started)
        state.apply(seat, move)
    assert worst < 0.2 + 0.6, f"{game}: a decision took {worst:.2f} s with a 0.2 s cap"


def test_the_ai_worker_caps_ai_hard_at_the_interactive_budget():
    """The worker gives ai:hard the wall-clock cap when the caller names none (the table never does)."""
    from revolt_table.ai import worker
    from revolt_table.ai.budget import INTERACTIVE_SECONDS

    rules, state, view, legal = revoltaaa_position()
    started, cpu = time.perf_counter(), time.thread_time()
    text = worker.choose_move(str(rules.path), None, "ai:hard", 10**9, None, view, [m.text for m in legal], 8)
    took, cpu = time.perf_counter() - started, time.thread_time() - cpu
    assert text in {m.text for m in legal}
    agent = worker._AGENTS[(str(rules.path), None, "ai:hard", 10**9, INTERACTIVE_SECONDS)][1]
    assert agent.budget.seconds == INTERACTIVE_SECONDS
    assert cpu < INTERACTIVE_SECONDS + 0.5
    assert agent.last["stop"] == "clear" or (agent.last["stop"] == "clock" and took >= INTERACTIVE_SECONDS)


class Node:
    def __init__(self):
        self.other = self


def test_settling_collects_the_decisions_cycles_and_freezes_what_lives():
    """After a decision: its cyclic garbage is freed at once, and what is still alive (the AI's
    caches) leaves the collector's sight, so no later collection pauses a decision to re-scan it."""
    was_enabled = gc.isenabled()
    gc.disable()                             # nothing collects the cycle before the call does
    try:
        garbage, alive = Node(), Node()
        dead = weakref.ref(garbage)
        del garbage
        assert dead() is not None
        frozen = gc.get_freeze_count()
        settle_after_decision()
        assert dead() is None
        assert gc.get_freeze_count() > frozen
        assert not any(o is alive for o in gc.get_objects())     # frozen: no longer scanned
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()
