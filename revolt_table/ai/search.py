"""The shared search behind every family's ai:hard: determinized Monte-Carlo over a heuristic shortlist.

One decision, step by step:
1. `spec.shortlist` names the few moves worth thinking about, the family heuristic's own choice first
   (a leading Dou Dizhu hand has hundreds of legal moves; a flat search over all spreads too thin).
2. Each round deals ONE determinization from the seat's view (`spec.determinize`: `rules.from_view`,
   which a family may constrain with what the public record proves). When the family supplies an
   inference weight (`spec.weight`: how likely each seat's observed play was under this deal; 0 rules
   the deal out), it is one of `spec.pool` deals, picked in proportion to their weights.
3. Every candidate still in the race is played on a clone of that deal and the game is played on with
   the family heuristic (`spec.playout`, to the end or to the family's horizon), all candidates with
   the same play-out seed: common random numbers, so their difference measures the move, not the luck.
4. Racing: after `budget.min_rounds`, a candidate whose paired difference to the leader is below zero
   by `budget.z` standard errors leaves the race; when only one is left the search stops early.
5. It stops at `budget.playouts` simulations or at the wall clock (`budget.seconds`, counted from the
   start of the decision and read before every play-out: a round the clock cuts short is dropped, so
   every candidate keeps the same rounds), and keeps the heuristic's move unless a challenger beats it
   by `budget.keep_z` standard errors.

A family customises it by subclassing `SearchSpec` (its module's `make_hard` builds
`SearchAgent(rules, spec, budget)`); a family with no spec of its own gets the generic one, which uses
its `make_heuristic` for play-outs (random moves if it has none). The agent sees only the view: the
determinizations are built from it, so a search can never use a card the seat has not seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.move import Move
from ..engine.rules import Rules
from ..engine.state import GameState, View
from .budget import Budget, Clock, Paired

RolloutPolicy = Callable[[GameState, int, random.Random], Move]
DEAL_TRIES = 8          # pools of deals drawn before a family's constraint is given up for a decision


def random_rollout_policy(state: GameState, seat: int, rng: random.Random) -> Move:
    moves = state.legal_moves(seat)
    return moves[rng.randrange(len(moves))]


def pick_weighted(items: list, weights: list[float], total: float, rng: random.Random):
    """One of `items` drawn in proportion to `weights` (their sum is `total`, > 0): the resampling
    step of a family's inference over a pool of determinizations."""
    pick = rng.random() * total
    for item, w in zip(items, weights):
        pick -= w
        if pick < 0:
            return item
    return next(item for item, w in zip(reversed(items), reversed(weights)) if w > 0)


def outcome_for(state: GameState, seat: int) -> float:
    """1 for a sole win (shared on a tie), plus a small share for the point margin."""
    scores = state.scores
    top = state.winners
    win = 1.0 / len(top) if seat in top else 0.0
    others = [p for s, p in enumerate(scores) if s != seat]
    spread = max(1, max(scores) - min(scores))
    return win + 0.25 * (scores[seat] - max(others)) / spread


class SearchSpec:
    """What a family tells the shared search. Every hook has a generic default; override what you know.

    candidates: shortlist length; pool: deals drawn per round for inference (1: no inference);
    max_moves: a play-out longer than this is cut off and scored as it stands.
    """

    candidates = 6
    pool = 1
    max_moves = 2000

    def __init__(self, rules: Rules, heuristic=None, rollout_policy: RolloutPolicy | None = None) -> None:
        self.rules = rules
        self.clock = Clock(None)        # the current decision's deadline (`begin`)
        if heuristic is None:
            from .registry import family_heuristic  # the registry imports this module
            heuristic = family_heuristic(rules, "ai:normal")
        self.heuristic = heuristic
        self.rollout_policy = rollout_policy

    def begin(self, view: View, clock: Clock) -> None:
        """A new decision starts, with `clock` as its deadline (a family's long work, such as an exact
        solver, should give up when it expires). Called before any other hook of the decision."""
        self.clock = clock

    # --- candidates ---------------------------------------------------------------------------
    def first_choice(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        """The move the search keeps unless another is clearly better: the heuristic's."""
        if self.heuristic is None:
            return legal_moves[0]
        return self.heuristic.choose(view, legal_moves, rng)

    def shortlist(self, view: View, legal_moves: list[Move], first: Move) -> list[Move]:
        """`first`, then the other legal moves in the family's order of promise (default: as listed)."""
        return [first] + [m for m in legal_moves if m != first][:self.candidates - 1]

    def decide_without_search(self, view: View, legal_moves: list[Move]) -> bool:
        """Decisions the search leaves to the heuristic (a family's phases where little is at stake)."""
        return False

    def playouts(self, view: View, budget: int) -> int:
        """Play-outs for this decision: the budget's, unless the family scales it with the table (a
        play-out at five seats costs more than at three, and a player waits as long at either)."""
        return budget

    # --- determinizations ---------------------------------------------------------------------
    def determinize(self, view: View, rng: random.Random) -> GameState:
        """A full state consistent with the view. A family may constrain it further: what the public
        record proves about hidden hands (a player who did not follow holds none of that family)."""
        return self.rules.from_view(view, rng)

    def weight(self, view: View, state: GameState) -> float:
        """How likely the public play so far was had the hidden cards been dealt as in `state`
        (inference from public play; 1: every consistent deal equally likely). Families supply it."""
        return 1.0

    # --- play-outs ----------------------------------------------------------------------------
    def policy(self, state: GameState, actor: int, rng: random.Random) -> Move:
        """The play-out move of `actor`: the family's fast policy, else its heuristic on the actor's
        view of the determinized state, else a random move."""
        if self.rollout_policy is not None:
            return self.rollout_policy(state, actor, rng)
        moves = state.legal_moves(actor)
        if self.heuristic is None or len(moves) == 1:
            return moves[rng.randrange(len(moves))]
        return self.heuristic.choose(state.view(actor), moves, rng)

    def finished(self, state: GameState, root: View) -> bool:
        """Where a play-out stops: the game's end by default; a family may stop at a horizon."""
        return state.is_over

    def value(self, state: GameState, seat: int) -> float:
        """The play-out's result for `seat`, higher is better (the family's evaluation at a horizon)."""
        return outcome_for(state, seat) if state.is_over else 0.0

    def playout(self, state: GameState, seat: int, root: View, rng: random.Random) -> float:
        for _ in range(self.max_moves):
            if self.finished(state, root):
                break
            for actor in state.to_act:
                state.apply(actor, self.policy(state, actor, rng))
                if state.is_over:
                    break
        return self.value(state, seat)


class SearchAgent:
    """ai:hard over a family's `SearchSpec` with a `Budget` (see the module docstring)."""

    name = "ai:hard"

    def __init__(self, rules: Rules, spec: SearchSpec | None = None, budget: Budget | None = None) -> None:
        self.rules = rules
        self.spec = spec or SearchSpec(rules)
        self.budget = budget or Budget()
        self.last: dict | None = None        # statistics of the last decision (benchmarks, tests)

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        clock = self.budget.clock()
        spec = self.spec
        spec.begin(view, clock)
        if len(legal_moves) == 1:
            return legal_moves[0]
        first = spec.first_choice(view, legal_moves, rng)
        if spec.decide_without_search(view, legal_moves):
            return first
        shortlist = spec.shortlist(view, legal_moves, first)
        if len(shortlist) == 1:
            return first
        return self.race(view, shortlist, rng, clock)

    # --- the search ---------------------------------------------------------------------------
    def race(self, view: View, shortlist: list[Move], rng: random.Random, clock: Clock | None = None) -> Move:
        budget, spec, seat = self.budget, self.spec, view.seat
        clock = clock or budget.clock()
        n = len(shortlist)
        active = list(range(n))
        results: list[list[float]] = [[] for _ in range(n)]   # per candidate, one value per round from round 0
        rounds = playouts = 0
        reason = "playouts"
        limit = max(spec.playouts(view, budget.playouts), n)
        while playouts + len(active) <= limit:
            base = self._deal(view, rng)
            seed = rng.getrandbits(32)
            values = []
            for i in active:
                if clock.expired():
                    break
                state = base.clone()
                state.apply(seat, shortlist[i])
                values.append(spec.playout(state, seat, view, random.Random(seed)))
            if len(values) < len(active):       # out of time mid-round: the round is dropped
                reason = "clock"
                break
            for i, value in zip(active, values):
                results[i].append(value)
            rounds += 1
            playouts += len(active)
            if rounds >= budget.min_rounds:
                active = self._survivors(active, results)
                if len(active) == 1:
                    reason = "clear"
                    break
            if clock.expired():
                reason = "clock"
                break
        best = max(active, key=lambda i: (self._mean(results[i]), -i))
        if best == 0 or 0 not in active:        # the heuristic's move leads, or lost the race
            choice = best
        else:                                    # a challenger must beat it clearly
            choice = best if self._paired(results[best], results[0]).clearly_positive(budget.keep_z) else 0
        self.last = {"rounds": rounds, "playouts": playouts, "stop": reason, "candidates": n, "choice": choice}
        return shortlist[choice]

    def _deal(self, view: View, rng: random.Random) -> GameState:
        """One determinization. With an inference weight, one of `spec.pool` deals drawn in proportion
        to their weights (sampling-importance-resampling); a weight of 0 rules a deal out (constraint)."""
        spec = self.spec
        first = None
        for _ in range(DEAL_TRIES):
            deals = [spec.determinize(view, rng) for _ in range(max(1, spec.pool))]
            first = first or deals[0]
            weights = [max(0.0, spec.weight(view, d)) for d in deals]
            total = sum(weights)
            if total > 0:
                return pick_weighted(deals, weights, total, rng)
        return first        # the family's weights ruled out every deal drawn: search on the view alone

    @staticmethod
    def _mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else float("-inf")

    @staticmethod
    def _paired(a: list[float], b: list[float]) -> Paired:
        """Paired differences a - b over the rounds both took part in (every candidate starts at round 0)."""
        stats = Paired()
        for x, y in zip(a, b):
            stats.add(x - y)
        return stats

    def _survivors(self, active: list[int], results: list[list[float]]) -> list[int]:
        """Racing: drop the candidates clearly worse than the current leader."""
        leader = max(active, key=lambda i: (self._mean(results[i]), -i))
        z = self.budget.z
        return [i for i in active if i == leader or not self._paired(results[leader], results[i]).clearly_positive(z)]


class DeterminizedSearchAgent(SearchAgent):
    """The generic ai:hard for a family without a `make_hard` of its own: the shared search with the
    generic spec (heuristic shortlist) and random play-outs, which cost little in any family (a
    family's heuristic may take milliseconds a move). `iterations` is the number of play-outs."""

    def __init__(self, rules: Rules, iterations: int = 300, time_budget: float | None = None,
                 rollout_policy: RolloutPolicy | None = random_rollout_policy, max_rollout_moves: int = 2000) -> None:
        spec = SearchSpec(rules, rollout_policy=rollout_policy)
        spec.max_moves = max_rollout_moves
        super().__init__(rules, spec, Budget(playouts=iterations, seconds=time_budget))
        self.iterations = iterations
        self.time_budget = time_budget
