"""Revolución's ai:hard: the shared search (ai/search.py) with what this family knows.

- Candidates: the heuristic's move first, then one bomb move per receiver (the cheapest way to make it
  explode there, the cheapest plain one), attacks, climate and massacre cards; in a fight the
  strongest commitment with and without support tokens, without mercenaries, and the cheapest. Card
  exchanges (a swap of one card for an unknown one, little at stake per decision), forced moves and
  the answers to a reaction (Fort? a tactic? Doctor? The Irish Guy?...) stay with the heuristic,
  instantly: every seat that could answer is asked (issue 29), and a seat that thought only when it
  held the card would tell the table so by the time it took.
- Determinizations: `rules.from_view`, which deals the unseen cards so that the public record holds
  (an attacker holds a fighter; under `reactions: holders`, a seat asked to react holds a card it
  could play) and so that they agree with what the table has seen of each hand
  (games/bomb_knowledge.py: cards seen going in stay there; a seat that passed where it would have
  played a card holds none). Dealing the hidden cards uniformly instead lost ai:hard most of the edge
  an oracle that sees every hand has over ai:normal (the note on issue 29 has the figures).
- Play-outs: every seat played by the normal heuristic, on a `RolloutView` (below) of the imagined
  state, to the end of the next round (`HORIZON` rounds: a card kept or spent now is valued by how the
  next round goes, where the hand is refilled and played again; at one round, ai:hard won 117 of 240
  three-player games against ai:normal, at two 133 of the same 240, issue 29); all candidates with
  the same dice (common random numbers), raced as ai/search.py does: a clearly worse candidate leaves
  the race, a challenger must beat the heuristic's move clearly to replace it.
- Value: a win is 1 and elimination 0; otherwise the seat's share of the table's strength
  (lieutenants, a little for support tokens and cards in hand).
"""

from __future__ import annotations

import random

from ..engine.move import Move, MoveInfo, describe_all
from ..engine.state import GameState, View
from ..games.bomb import PHASES
from .bomb_ai import BombHeuristicAgent
from .budget import Budget
from .search import SearchAgent, SearchSpec

# Play-outs per decision (one candidate on one determinization each). With play-outs of one round, three
# times as many did not play better against ai:normal (issue 29, benchmarks/ai_ladder.py on the same
# seeds: 3 players, 240 games, 117 wins at 400 and 116 at 1200; 6 players, 160 games, 38 and 37): what
# ai:hard lacked was not precision but the next round (HORIZON). A decision takes a mean of about 230 ms
# at three players with two rounds (80 ms with one); the AI worker's wall-clock cap bounds the longest.
HARD_PLAYOUTS = 400
HORIZON = 2              # rounds a play-out runs: this one and the next (see the module docstring)


class _ZoneCount:
    """What a heuristic reads of a zone: its cards (None when hidden from the reader) and its size."""

    __slots__ = ("cards", "count")

    def __init__(self, cards: tuple[str, ...] | None, count: int) -> None:
        self.cards = cards
        self.count = count


class RolloutView:
    """The view of one seat of an imagined state, built lazily for the heuristic playing it out.

    Why: `state.view` builds every zone of the table and checks its visibility for every decision,
    which is half the cost of a play-out; the heuristic reads a few zones only. This view answers the
    same questions as `state.view(seat)` (its own hand, the other hands' sizes, the public fight and
    table slots and discard pile, the public info) and nothing more: another seat's hand has no cards.
    Only the search builds it, on the determinizations it dealt itself (tests compare both views).
    """

    __slots__ = ("seat", "players", "info", "is_over", "_state")

    def __init__(self, state, seat: int) -> None:
        self._state = state
        self.seat = seat
        self.players = state.players
        self.info = state.public_info()
        self.is_over = state.is_over

    @property
    def zones(self) -> "RolloutView":
        return self

    def __getitem__(self, name: str) -> _ZoneCount:
        state = self._state
        kind, _, owner = name.partition(":")
        if kind == "hand":
            s = int(owner)
            cards = tuple(state.sorted_hand(s)) if s == self.seat else None
            return _ZoneCount(cards, len(state.hands[s]))
        if kind in ("fight", "table"):
            cards = tuple(getattr(state, kind)[int(owner)])
            return _ZoneCount(cards, len(cards))
        if kind == "discard":
            cards = tuple(reversed(state.discard))
            return _ZoneCount(cards, len(cards))
        raise KeyError(name)

    def hand(self, seat: int | None = None) -> tuple[str, ...] | None:
        return self[f"hand:{self.seat if seat is None else seat}"].cards


class BombSpec(SearchSpec):
    """What the shared search needs to know about Revolución (see the module docstring)."""

    candidates = 7
    max_moves = 3000

    def __init__(self, rules, horizon: int = HORIZON) -> None:
        super().__init__(rules, heuristic=BombHeuristicAgent(rules))
        self.t = rules.params
        self.horizon = horizon

    # --- candidates ---------------------------------------------------------------------------
    def decide_without_search(self, view: View, legal_moves: list[Move]) -> bool:
        phase = view.info.phase
        return phase == "exchange" or bool(PHASES[phase].holders)     # an exchange, or a reaction asked

    def shortlist(self, view: View, legal_moves: list[Move], first: Move) -> list[Move]:
        phase = view.info.phase
        if phase == "turn":
            ordered = self._turn_candidates(view, legal_moves)
        elif phase in ("commit_a", "commit_d"):
            ordered = self._commit_candidates(view, legal_moves)
        else:
            ordered = list(legal_moves)
        out = [first]
        for m in ordered:
            if m not in out:
                out.append(m)
            if len(out) >= self.candidates:
                break
        return out

    def _turn_candidates(self, view: View, moves: list[Move]) -> list[Move]:
        """One plain bomb move per receiver (and the cheapest explosive one), then attacks, then cards."""
        h = self.heuristic
        sends: dict[tuple[int, bool], tuple[int, Move]] = {}
        attacks, others = [], []
        for i in describe_all(self.rules, view, moves):
            if i.kind == "send":
                key = (i.target, h.explodes(view, i))
                if key not in sends or len(i.cards) - 1 < sends[key][0]:
                    sends[key] = (len(i.cards) - 1, i.move)
            elif i.kind == "attack":
                attacks.append(i.move)
            else:
                others.append(i.move)
        bombs = [m for (_, explodes), (_, m) in sorted(sends.items(), key=lambda kv: (not kv[0][1], kv[0][0]))]
        return bombs[:1] + attacks + others + bombs[1:]

    def _commit_candidates(self, view: View, moves: list[Move]) -> list[Move]:
        """The strongest commitment with and without support, the cheapest, and without mercenaries."""
        t = self.t
        infos = describe_all(self.rules, view, moves)

        def value(i: MoveInfo) -> int:
            return sum(t.cards[c].value for c in i.cards) + i.amount
        by_value = sorted(infos, key=lambda i: (-value(i), i.text))
        no_sp = [i for i in by_value if i.amount == 0]
        keep_mercs = [i for i in no_sp if not any(t.cards[c].discard_after_fight for c in i.cards)]
        cheap = min(infos, key=lambda i: (value(i), i.text))
        picks = [by_value[0], no_sp[0] if no_sp else None, keep_mercs[0] if keep_mercs else None, cheap]
        return [i.move for i in picks if i is not None]

    # --- play-outs ----------------------------------------------------------------------------
    def playout(self, state: GameState, seat: int, root: View, rng: random.Random) -> float:
        """Every seat plays the heuristic on its `RolloutView` until the round ends (or the game)."""
        stop = root.info.round_no + self.horizon
        decide = self.heuristic.decide
        for _ in range(self.max_moves):
            if state.is_over or state.round_no >= stop:
                break
            actor = state.to_act[0]
            moves = state.legal_moves(actor)
            if len(moves) == 1:         # a forced move: no view to build (half the steps of a play-out)
                state.apply(actor, moves[0])
            else:
                state.apply(actor, decide(RolloutView(state, actor), moves, rng) or moves[0])
        return evaluate(RolloutView(state, seat), seat)


def evaluate(view, seat: int) -> float:
    """1 for a win, 0 once out, else the seat's share of the table's strength."""
    info = view.info
    if view.is_over:
        return 1.0 if info.winner == seat else 0.0
    if info.lieutenants[seat] <= 0:
        return 0.0

    def strength(s: int) -> float:
        return info.lieutenants[s] + 0.15 * info.support[s] + 0.04 * view.zones[f"hand:{s}"].count
    return strength(seat) / sum(strength(s) for s in info.alive)


class BombSearchAgent(SearchAgent):
    """`ai:hard` for Revolución: the shared search over `BombSpec` (see the module docstring).

    No early stop beyond the shared race's: stopping once no candidate had beaten the heuristic's move
    in 16 determinizations (half the cost) won 23 of 50 three-player games against ai:normal where the
    full race won 32 of the same 50 seeds; the differences that matter are rare (an explosion, a fight
    lost on the dice) and show only over many determinizations.
    """

    def __init__(self, rules, iterations: int = HARD_PLAYOUTS, time_budget: float | None = None,
                 horizon: int = HORIZON) -> None:
        super().__init__(rules, BombSpec(rules, horizon), Budget(playouts=iterations, seconds=time_budget))
        self.iterations = iterations
        self.time_budget = time_budget
