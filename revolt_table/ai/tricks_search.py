"""Révolte! ai:hard: the shared search (ai/search.py) with what this family knows.

- Candidates: every legal card (a hand holds at most 13, plus its cuts), the heuristic's first; the
  two Citizens (`C` and the pitchfork) play alike, so only one of them is a candidate.
- Determinizations: `rules.from_view` deals the unseen cards so that every public fact holds (cards
  played and set aside are gone, a seat that threw in another family holds none of the chosen one,
  the pitchfork stays with the seat that led the turn's first trick). Then inference: a pool of such
  deals is weighed by how likely each opponent's cards on the table (this trick and the last one)
  were under the normal policy, had that deal been the truth (`PlayModel`), and every search round
  draws its deal from that pool in proportion to the weights.
- Play-outs: to the end of the current turn (the next deal is unknown anyway, and short play-outs are
  less noisy), every seat played by `TrickTools.decide`, the normal heuristic made fast: it imagines
  the rest of the trick once with the determinized hands instead of twenty sampled ones; the last
  turn is played to the game's end.
- Value: at a turn's end the seat's gain in coats of arms (and coins, at the heuristic's coin value)
  minus the mean of the others' gains; at the game's end, the win (shared on a tie) plus a little of the
  point margin, as every family's search scores it.

Everything here reads the view, the events, the legal moves and `rules.params`; the determinized
state is read through its zones and public info, like a view (tests/test_revolte_search.py).
"""

from __future__ import annotations

import math
import random

from ..engine.events import Played, ScoreChanged, TrickWon
from ..engine.move import Move, describe_all
from ..engine.state import GameState, View
from ..games.tricks import CoinPaid, FamilyChosen, Revolt, TurnEnded
from .budget import Budget
from .search import SearchAgent, SearchSpec, outcome_for
from .tricks_ai import NONE, TricksHeuristicAgent, TrickTools


class PlayModel:
    """Inference: how likely an opponent's cards on the table were under the normal heuristic, had its
    hand been the one a determinization gives it.

    The observations are the plays the view shows with their seats: the current trick and the last
    one (when it belongs to this turn). For each, the seat's hand at that moment is its hand in the
    deal plus what it played since; the heuristic's scores of every play it could have made are
    estimated as the heuristic does (`samples` imagined rests of the trick drawn from the cards that
    seat could not see, with the same random numbers for every deal), and turned into a probability
    by a softmax at `temperature`, mixed with a `floor` of uniform choice for players who are not the
    heuristic. A deal's weight is the product over the observations."""

    def __init__(self, tools: TrickTools, samples: int = 4, temperature: float = 0.3, floor: float = 0.1) -> None:
        self.tools = tools
        self.samples = samples
        self.temperature = temperature
        self.floor = floor

    def observations(self, view: View) -> list[tuple]:
        """(seat, (card, cut), trick before it, cards played since by seat) for every opponent's play
        in the current trick and in the last trick of this turn."""
        info = view.info
        index = self.tools.index
        tricks = []
        if info.trick_no > 1 and info.last is not None and info.pending_take is None:
            tricks.append([(e.seat, index[e.card], e.cut) for e in info.last.cards])
        current = [(e.seat, index[e.card], e.cut) for e in info.trick]
        tricks.append(current)
        out = []
        for k, trick in enumerate(tricks):
            later_tricks = [e for t in tricks[k + 1:] for e in t]
            for pos, (seat, card, cut) in enumerate(trick):
                if seat == view.seat:
                    continue
                since: dict[int, list[int]] = {}
                for s, c, _ in trick[pos + 1:] + later_tricks:
                    since.setdefault(s, []).append(c)
                out.append((seat, (card, cut), trick[:pos], since, k == len(tricks) - 1))
        return out

    def weight(self, view: View, hands: list[list[int]], unused: list[int], observations: list[tuple],
               cache: dict) -> float:
        tools = self.tools
        info = view.info
        n = view.players
        last_turn = info.turn >= info.turns
        weight = 1.0
        for k, (seat, played, before, since, current) in enumerate(observations):
            hand = sorted(hands[seat] + since.get(seat, []) + [played[0]])
            key = (k, tuple(hand))
            p = cache.get(key)
            if p is None:
                hidden = [c for h in hands for c in h] + list(unused) + [played[0]]
                for cards in since.values():
                    hidden += cards
                unseen = [0] * tools.size
                for c in hidden:
                    unseen[c] += 1
                for c in hand:
                    unseen[c] -= 1
                counts = {s: len(hands[s]) + len(since.get(s, [])) for s in range(n)}
                coins = list(info.coins)
                if current and played[1]:
                    coins[seat] += tools.cost
                p = cache[key] = self.probability(seat, hand, unseen, before, played, coins, counts, n,
                                                  last_turn, random.Random(k))
            weight *= p
        return weight

    def probability(self, me: int, hand: list[int], unseen: list[int], trick, played, coins, counts,
                    n: int, last_turn: bool, rng: random.Random) -> float:
        """The chance that the normal heuristic, holding `hand`, plays `played` after `trick`."""
        tools = self.tools
        family = NONE
        for _, c, cut in trick:
            family = tools.family_after(family, c, cut)
            if family >= 0:
                break
        options = tools.options(hand, family, coins[me])
        played = next((o for o in options if o == played or (tools.fam[o[0]] < 0 and tools.fam[played[0]] < 0)),
                      None)
        if played is None:
            return self.floor
        if len(options) == 1:
            return 1.0
        later = [(me + k) % n for k in range(1, n - len(trick))]
        pool = [c for c in range(tools.size) for _ in range(unseen[c])]
        fills = []
        for _ in range(self.samples):
            rng.shuffle(pool)
            fill, at = {}, 0
            for s in later:
                fill[s] = sorted(pool[at:at + counts[s]])
                at += counts[s]
            fills.append(fill)
        cv = tools.coin_value(coins, me, last_turn)
        scores = tools.scores(me, options, trick, family, coins, n, cv, unseen, fills, rng)
        top = max(scores)
        exps = [math.exp((x - top) / self.temperature) for x in scores]
        chosen = exps[options.index(played)] / sum(exps)
        return self.floor / len(options) + (1 - self.floor) * chosen


def hands_of(state: GameState, tools: TrickTools) -> list[list[int]]:
    """Every seat's hand as card indices, read from the (determinized) state's zones."""
    index = tools.index
    return [sorted(index[c] for c in z.cards) for z in state.zones() if z.kind == "hand"]


class TricksSpec(SearchSpec):
    """What Révolte! tells the shared search (see the module docstring)."""

    candidates = 99
    pool = 1            # inference is done once per decision (`_particles`), not per round

    def __init__(self, rules, heuristic=None, inference: bool = True, particles: int = 24) -> None:
        super().__init__(rules, heuristic or TricksHeuristicAgent(rules))
        self.tools = TrickTools(rules)
        self.inference = inference
        self.particles = particles
        self.model = PlayModel(self.tools)
        self._view: View | None = None
        self._deals: list[GameState] = []
        self._weights: list[float] = []
        self._total = 0.0

    # --- candidates ---------------------------------------------------------------------------
    def first_choice(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        self._view = None           # a new decision: new particles (even for an equal view)
        return self.heuristic.choose(view, legal_moves, rng)

    def shortlist(self, view: View, legal_moves: list[Move], first: Move) -> list[Move]:
        """Every legal card but the second Citizen (C and the pitchfork play alike)."""
        ids = self.tools.ids
        plain, pitch = ids[self.tools.citizen], ids[self.tools.pitchfork]
        infos = describe_all(self.rules, view, legal_moves)

        def plays(info, *cards: str) -> bool:
            return info is not None and info.kind == "play" and info.card in cards
        head = next((i for i in infos if i.move == first), None)
        plain_held = any(plays(i, plain) for i in infos)
        out = [first]
        for i in infos:
            if i.move == first or (plays(i, plain, pitch) and plays(head, plain, pitch)):
                continue
            if plays(i, pitch) and plain_held:
                continue
            out.append(i.move)
        return out

    def decide_without_search(self, view: View, legal_moves: list[Move]) -> bool:
        return view.info.pending_take is not None

    # --- determinizations ---------------------------------------------------------------------
    def determinize(self, view: View, rng: random.Random) -> GameState:
        """A deal consistent with the public record (`rules.from_view`); with inference, one of this
        decision's `particles` deals drawn in proportion to its `PlayModel` weight."""
        if not self.inference:
            return self.rules.from_view(view, rng)
        if self._view is not view:
            self._view = view
            self._deals, self._weights = self._particles(view, rng)
        pick = rng.random() * self._total
        for deal, w in zip(self._deals, self._weights):
            pick -= w
            if pick < 0:
                return deal
        return self._deals[-1]

    def _particles(self, view: View, rng: random.Random) -> tuple[list[GameState], list[float]]:
        deals = [self.rules.from_view(view, rng) for _ in range(self.particles)]
        observations = self.model.observations(view)
        if not observations:
            weights = [1.0] * len(deals)
        else:
            cache: dict = {}
            weights = []
            for deal in deals:
                hands = hands_of(deal, self.tools)
                unused = [self.tools.index[c] for c in _zone(deal, "unused").cards]
                weights.append(self.model.weight(view, hands, unused, observations, cache))
        self._total = sum(weights)
        return deals, weights

    # --- play-outs ----------------------------------------------------------------------------
    def playout(self, state: GameState, seat: int, root: View, rng: random.Random) -> float:
        """Play to the end of the turn (the game's, in the last turn) with `TrickTools.decide` for
        every seat; follow the trick, the chosen family and the coins through the events."""
        tools = self.tools
        n = state.players
        start_points, start_coins = root.info.points, root.info.coins
        end_value = tools.coin_value(start_coins, seat, False)
        if state.is_over:
            return outcome_for(state, seat)
        info = state.public_info()
        if info.turn != root.info.turn:            # the candidate itself ended the turn
            return self._turn_value(seat, info.points, info.coins, start_points, start_coins, n, end_value)
        hands = hands_of(state, tools)
        remaining = [0] * tools.size
        for h in hands:
            for c in h:
                remaining[c] += 1
        index = tools.index
        trick = [(e.seat, index[e.card], e.cut) for e in info.trick]
        family = tools.letters.index(info.chosen_family) if info.chosen_family is not None else NONE
        coins = list(info.coins)
        points = list(info.points)
        last_turn = info.turn >= info.turns
        while True:
            actor = state.to_act[0]
            move = None
            if not trick:                           # between tricks: a Knave's coin may be pending
                moves = state.legal_moves(actor)
                if moves[0].payload[0] == "take":    # games/tricks.py: a legal move's payload is (kind, arg)
                    move = max(moves, key=lambda m: (points[m.payload[1]], coins[m.payload[1]]))
            if move is None:
                unseen = remaining[:]
                for c in hands[actor]:
                    unseen[c] -= 1
                cv = tools.coin_value(coins, actor, last_turn)
                card, cut = tools.decide(actor, hands, unseen, trick, family, coins, n, cv, rng)
                hands[actor].remove(card)
                remaining[card] -= 1
                move = tools.cuts[card] if cut else tools.plays[card]
            for e in state.apply(actor, move):
                if isinstance(e, Played):
                    trick.append((e.seat, index[e.cards[0]], e.move_kind == "cut"))
                elif isinstance(e, FamilyChosen):
                    family = tools.letters.index(e.family)
                elif isinstance(e, (TrickWon, Revolt)):
                    trick.clear()
                    family = NONE
                elif isinstance(e, CoinPaid):
                    _move_coins(e, coins)
                elif isinstance(e, ScoreChanged):
                    points[e.seat] = e.total
                elif isinstance(e, TurnEnded):
                    if state.is_over:
                        return outcome_for(state, seat)
                    return self._turn_value(seat, e.points, e.coins, start_points, start_coins, n, end_value)

    @staticmethod
    def _turn_value(seat: int, points, coins, start_points, start_coins, n: int, coin_value: float) -> float:
        gains = [points[s] - start_points[s] + coin_value * (coins[s] - start_coins[s]) for s in range(n)]
        return gains[seat] - (sum(gains) - gains[seat]) / max(1, n - 1)


def _zone(state: GameState, name: str):
    return next(z for z in state.zones() if z.name == name)


def _move_coins(e: CoinPaid, coins: list[int]) -> None:
    if e.source.startswith("coins:"):
        coins[int(e.source[6:])] -= e.amount
    if e.target.startswith("coins:"):
        coins[int(e.target[6:])] += e.amount


PLAYOUTS = 240      # per decision: ~0.3 s on one core of the reference machine (measured in the ladder)


def make_search(rules, iterations: int | None = None, time_budget: float | None = None,
                **spec_options) -> SearchAgent:
    """Révolte!'s ai:hard: the shared search with `TricksSpec`."""
    spec = TricksSpec(rules, **spec_options)
    return SearchAgent(rules, spec, Budget(playouts=iterations or PLAYOUTS, seconds=time_budget))
