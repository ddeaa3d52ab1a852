"""After the game: for one decision, the move ai:hard prefers and each option's chance to win.

The Review screen asks this for every decision of the human player ("where did I lose?"). Why these
choices:
- Fair to the player: everything is computed from the seat's own View at that moment (what the player
  could know), never from the hidden cards of the recorded game. Hindsight ("the landlord held the
  rocket") would judge a move by luck the player could not see.
- The preferred move is the family's real ai:hard (`registry.make_agent`), so Review says what the
  opponent the player chose in New game would have played, whatever its family's search looks like.
- The estimates are one measure for every game, the chance to win: each round deals ONE
  determinization from the view (`rules.from_view`), plays every option on a clone of it and plays the
  game to its end the way the family's ai:hard search plays out: its spec's `playout`, again from
  each horizon it stops at (Révolte!'s fast heuristic plays one turn at a time) until the game ends,
  and its `policy` (RevoltaaA's generic search plays at random, which costs nothing and lets hundreds
  of rounds run); for an ai:hard without a shared-search spec, the family's ai:normal heuristic at
  every seat. All options are played out with the same
  play-out seed (common random numbers, as ai/search.py does), so differences between options measure
  the move and not the luck of the deal. A play-out counts 1 when the seat is among the winners (Dou
  Dizhu's farmers win together, and a tie at the top counts for each seat in it), else
  0. A family without any plays out at random, so this works for every family.
- Many legal moves (a leading Dou Dizhu hand has hundreds): the options estimated are the move played,
  the preferred one, the heuristic's, then the family search's own shortlist where its ai:hard has one
  (`spec.shortlist`), else the legal moves in their order, up to `max_options`; `unrated` says how many
  were left out.
- Deterministic: the same view, budget and seed give the same answer (tests); the wall-clock cap
  (`seconds`, for the window's worker) is the only thing that makes it depend on the machine.

Pygame-free and picklable in and out: `analyse_job` is what the AI worker process runs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.move import Move
from ..engine.rules import Rules
from ..engine.state import GameState, View
from .registry import family_heuristic, make_agent
from .search import random_rollout_policy

MAX_PLAYOUT_MOVES = 5000      # a play-out that has not ended by then is scored as a loss for everyone


@dataclass(frozen=True)
class AnalysisBudget:
    """playouts: play-outs over all options (one option on one determinization each); seconds: a
    wall-clock cap on the estimates (None: none, reproducible); hard_iterations / hard_seconds: the
    ai:hard decision's own budget (None: the family's default and no clock); max_options: how many
    options get an estimate."""

    playouts: int = 480
    seconds: float | None = None
    hard_iterations: int | None = None
    hard_seconds: float | None = None
    max_options: int = 8


@dataclass(frozen=True)
class Estimate:
    move: str                 # the move's text
    win: float                # chance to be among the winners, 0..1
    playouts: int


@dataclass(frozen=True)
class Analysis:
    """One decision: who decided, the move played, the move ai:hard prefers, the options best first."""

    seat: int
    played: str
    preferred: str
    options: tuple[Estimate, ...]     # sorted, best first
    legal: int                        # how many legal moves there were
    unrated: int                      # legal moves left without an estimate (max_options)
    seconds: float                    # how long the analysis took

    def estimate(self, move: str) -> Estimate | None:
        return next((e for e in self.options if e.move == move), None)

    @property
    def best(self) -> Estimate:
        return self.options[0]

    @property
    def loss(self) -> float:
        """How much chance to win the move played gave away against the best option (0..1)."""
        played = self.estimate(self.played)
        return max(0.0, self.best.win - played.win) if played is not None else 0.0


def analyse(rules: Rules, state_before: GameState, seat: int, played: str | Move,
            budget: AnalysisBudget | None = None, seed: int = 0) -> Analysis:
    """Analyse `seat`'s decision in `state_before` (where it played `played`), from its own view."""
    legal = state_before.legal_moves(seat)
    return analyse_view(rules, state_before.view(seat), legal, played, budget, seed)


def analyse_view(rules: Rules, view: View, legal: list[Move], played: str | Move,
                 budget: AnalysisBudget | None = None, seed: int = 0) -> Analysis:
    """The analysis of one decision from the seat's view and its legal moves."""
    budget = budget or AnalysisBudget()
    started = time.perf_counter()
    played_text = played.text if isinstance(played, Move) else str(played)
    seat = view.seat
    by_text = {m.text: m for m in legal}
    if len(legal) == 1:
        only = legal[0].text
        return Analysis(seat, played_text, only, (Estimate(only, float("nan"), 0),), 1, 0,
                        time.perf_counter() - started)
    hard = make_agent("ai:hard", rules, iterations=budget.hard_iterations, time_budget=budget.hard_seconds)
    preferred = hard.choose(view, legal, random.Random(seed)).text
    heuristic = family_heuristic(rules, "ai:normal")
    first = heuristic.choose(view, legal, random.Random(seed)) if heuristic is not None else legal[0]
    options = _options(hard, view, legal, [played_text, preferred, first.text], budget.max_options)
    moves = [by_text[text] for text in options]
    spec = getattr(hard, "spec", None)
    spec = spec if spec is not None and hasattr(spec, "playout") else None
    wins = _estimate(rules, view, moves, spec, _policy(hard, heuristic), budget, random.Random(seed ^ 0x5EED))
    estimates = sorted((Estimate(text, w, n) for text, (w, n) in zip(options, wins)),
                       key=lambda e: (-e.win, options.index(e.move)))
    return Analysis(seat, played_text, preferred, tuple(estimates), len(legal), len(legal) - len(options),
                    time.perf_counter() - started)


def _options(hard, view: View, legal: list[Move], heads: list[str], limit: int) -> list[str]:
    """The moves to estimate: `heads` (played, preferred, heuristic) first, then the search's shortlist
    where the family's ai:hard exposes one, then the legal moves in order; at most `limit` (>= heads)."""
    texts = {m.text for m in legal}
    out: list[str] = []
    for text in heads:
        if text in texts and text not in out:
            out.append(text)
    spec = getattr(hard, "spec", None)
    rest: list[Move] = []
    if spec is not None and hasattr(spec, "shortlist"):
        first = next(m for m in legal if m.text == out[0]) if out else legal[0]
        rest = list(spec.shortlist(view, legal, first))
    for move in rest + list(legal):
        if len(out) >= max(limit, len(heads)):
            break
        if move.text not in out:
            out.append(move.text)
    return out


Policy = Callable[[GameState, int, random.Random], Move]


def _policy(hard, heuristic) -> Policy:
    """The play-out move of a seat: the ai:hard search's own policy where it has a spec, else the
    heuristic on the seat's view of the determinized state, else a random move."""
    spec = getattr(hard, "spec", None)
    if spec is not None and hasattr(spec, "policy"):
        return spec.policy
    if heuristic is None:
        return random_rollout_policy

    def choose(state: GameState, actor: int, rng: random.Random) -> Move:
        return heuristic.choose(state.view(actor), state.legal_moves(actor), rng)
    return choose


def _estimate(rules: Rules, view: View, moves: list[Move], spec, policy: Policy, budget: AnalysisBudget,
              rng: random.Random) -> list[tuple[float, int]]:
    """Each move's chance to win (and play-outs) from paired play-outs to the game's end."""
    seat = view.seat
    totals = [0.0] * len(moves)
    rounds = 0
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    while rounds == 0 or (rounds + 1) * len(moves) <= budget.playouts:
        base = rules.from_view(view, rng)
        seed = rng.getrandbits(32)
        for i, move in enumerate(moves):
            state = base.clone()
            state.apply(seat, move)
            totals[i] += _playout(state, seat, spec, policy, random.Random(seed))
        rounds += 1
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return [(total / rounds, rounds) for total in totals]


def _playout(state: GameState, seat: int, spec, policy: Policy, rng: random.Random) -> float:
    """Play `state` to the game's end; 1 if `seat` is among the winners. A spec's play-out goes to its
    horizon (the state played forward in place, as the search uses it) and starts again from there; a
    call that makes no move hands over to `policy` for one round of moves."""
    for _ in range(MAX_PLAYOUT_MOVES):
        if state.is_over:
            break
        if spec is not None:
            before = len(state.history)
            spec.playout(state, seat, state.view(seat), rng)
            if len(state.history) != before:
                continue
        for actor in state.to_act:                 # several at once where a game plays simultaneously
            state.apply(actor, policy(state, actor, rng))
            if state.is_over:
                break
    if not state.is_over:
        return 0.0
    return 1.0 if seat in state.winners else 0.0


def analyse_job(rules_path: str, variant: str | None, view: View, legal_texts: list[str], played: str,
                budget: AnalysisBudget, seed: int) -> Analysis:
    """What the AI worker runs: the rules rebuilt from their file, the Move objects (with payloads)
    from the texts through a determinization of the view (ai/worker.choose_move does the same)."""
    from ..engine import load_rules
    from .worker import cached_rules

    rules = cached_rules(rules_path, variant, load_rules)
    state = rules.from_view(view, random.Random(0))
    by_text = {m.text: m for m in state.legal_moves(view.seat)}
    missing = [t for t in legal_texts if t not in by_text]
    if missing:
        raise ValueError(f"moves {missing[:5]} are not legal in the rebuilt state")
    return analyse_view(rules, view, [by_text[t] for t in legal_texts], played, budget, seed)
