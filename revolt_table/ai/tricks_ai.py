"""Révolte! heuristics: count the cards, imagine the rest of the trick, weigh what a card is worth later.

For each legal card the agent samples hands for the players still to play in this trick (only cards
it has not seen, never a family a player is known to lack), lets them answer with a simple greedy
policy, resolves the trick (Revolt, cuts, chosen family, both bonuses) and scores the outcome: its own
points and coins minus a share of what the others gain. From that it subtracts what the card would be
worth if kept (a Noble nobody can beat any more is worth a trick and a bonus later; a Rascal 1 is a
future coin; a high Blaggard is a future cut) and the coin a cut costs. So it follows cheaply when it
cannot win, wins with the smallest sufficient card, saves Blaggards and coins for cuts that win a
trick it would otherwise lose, throws in Citizens when that starts a Revolt against an opponent's
trick, and dumps a high Noble or a low Rascal off-family when that takes a bonus.

The mechanics work on card indices (`TrickTools`, from `rules.params.cards`), shared with ai:hard's
play-outs and its inference (ai/tricks_search.py). `ai:easy` samples less and plays a random legal
card a third of the time; `make_hard` builds the search.
"""

from __future__ import annotations

import math
import random

from ..engine.move import Move, describe_all
from ..engine.state import View

NONE = -1           # no chosen family yet


class TrickTools:
    """Révolte!'s trick mechanics on card indices (`params.cards`), for play-outs and inference.

    A hand is a list of card indices (`params.cards.ids`); a trick a list of (seat, card, cut)."""

    def __init__(self, rules, keep_weight: float = 1.2) -> None:
        p = rules.params
        t = p.cards
        self.fam = t.fam
        self.val = t.val
        self.ids = t.ids
        self.index = t.index
        self.letters = t.letters
        self.trump = t.trump
        self.fam_cards = t.fam_cards
        self.citizen = t.citizen
        self.pitchfork = t.pitchfork
        self.size = len(t.ids)
        self.cost = p.cut_cost
        self.ties_revolt = p.ties_revolt
        self.per_trick = p.points_per_trick
        self.noble = (t.letters.index(p.noble.family), p.noble.highest, p.noble.amount) if p.noble else None
        self.knave = (t.letters.index(p.knave.family), p.knave.highest, p.knave.amount) if p.knave else None
        self.high = [max(t.val[c] for c in cards) if cards else 1 for cards in t.fam_cards]
        self.keep_weight = keep_weight
        self.richest_bonus = p.richest_alone
        self.plays = [m.text for m in t.card_moves]
        self.cuts = [m.text if m is not None else "" for m in t.cut_moves]

    # --- the rules of one trick -------------------------------------------------------------------
    def options(self, hand: list[int], family: int, coins: int) -> list[tuple[int, bool]]:
        """The legal (card, cut) plays of `hand` (card indices); one Citizen stands for all (they
        play alike)."""
        fam, trump = self.fam, self.trump
        has_f = family >= 0 and family in [fam[c] for c in hand]
        can_cut = coins >= self.cost
        out = []
        citizen = False
        for c in hand:
            f = fam[c]
            if f < 0:
                if not citizen:
                    citizen = True
                    out.append((c, False))
                continue
            if family < 0 or f == family or not has_f:
                out.append((c, False))
            if can_cut and f == trump:
                out.append((c, True))
        return out

    def family_after(self, family: int, card: int, cut: bool) -> int:
        if family >= 0:
            return family
        return self.trump if cut else self.fam[card]

    def best(self, trick, family: int):
        """The entry winning so far as (is_cut, value, seat), or None."""
        val, fam = self.val, self.fam
        top = None
        for s, c, cut in trick:
            if cut:
                if top is None or not top[0] or val[c] > top[1]:
                    top = (True, val[c], s)
            elif fam[c] == family and (top is None or (not top[0] and val[c] > top[1])):
                top = (False, val[c], s)
        return top

    def resolve(self, trick, family: int):
        """(winner, noble seat, knave seat) of a full trick, or None for a Revolt."""
        fam, trump = self.fam, self.trump
        counts = [0] * len(self.letters)
        citizens = 0
        for _, c, cut in trick:
            f = trump if cut else fam[c]
            if f < 0:
                citizens += 1
            else:
                counts[f] += 1
        most = max(counts)
        if citizens > most or (self.ties_revolt and citizens and citizens == most):
            return None
        top = self.best(trick, family)
        winner = top[2] if top else None
        noble = self._bonus_seat(trick, self.noble) if self.noble else None
        knave = self._bonus_seat(trick, self.knave) if self.knave else None
        return winner, noble, knave

    def _bonus_seat(self, trick, bonus) -> int | None:
        """Who played the bonus family's highest (or lowest) card of the trick, if any."""
        family, highest, _ = bonus
        fam, val = self.fam, self.val
        pick = None
        for s, c, _ in trick:
            if fam[c] == family and (pick is None or (val[c] > pick[0] if highest else val[c] < pick[0])):
                pick = (val[c], s)
        return pick[1] if pick else None

    # --- how the heuristic plays -------------------------------------------------------------------
    def reply(self, options: list[tuple[int, bool]], trick, family: int, rng: random.Random):
        """The heuristic's model of a player still to play, given its legal plays: win cheaply,
        sometimes cut, sometimes a Citizen, else throw the lowest card."""
        if not options:
            return None
        fam, val = self.fam, self.val
        top = self.best(trick, family)
        plain, cuts, citizens, dump = [], [], [], []
        for o in options:
            c, cut = o
            if cut:
                if top is None or not top[0] or val[c] > top[1]:
                    cuts.append(o)
                continue
            f = fam[c]
            if f < 0:
                citizens.append(o)
                continue
            dump.append(o)
            if top is None or (not top[0] and f == family and val[c] > top[1]):
                plain.append(o)
        if plain and rng.random() < 0.85:
            if top is not None:
                return min(plain, key=lambda o: val[o[0]])
            return max(plain, key=lambda o: val[o[0]])
        if cuts and rng.random() < 0.25:
            return min(cuts, key=lambda o: val[o[0]])
        if citizens and rng.random() < 0.3:
            return citizens[0]
        if dump:
            return min(dump, key=lambda o: val[o[0]])
        return options[0]

    def utility(self, outcome, me: int, n: int, coin_value: float) -> float:
        """The heuristic's score of a trick's outcome: own gain minus a share of the others'."""
        if outcome is None:
            return 0.0
        winner, noble, knave = outcome
        mine = others = 0.0
        if winner is not None:
            if winner == me:
                mine += self.per_trick
            else:
                others += self.per_trick
        if noble is not None:
            if noble == me:
                mine += self.noble[2]
            else:
                others += self.noble[2]
        if knave is not None:
            if knave == me:
                mine += coin_value * self.knave[2]
            else:
                others += coin_value * self.knave[2]
        return mine - others / max(1, n - 1)

    def keep_value(self, card: int, unseen: list[int], coin_value: float) -> float:
        """What the card is worth kept for later: a trick if few unseen cards beat it, the Noble's
        bonus, the Knave's coin, a cut."""
        f = self.fam[card]
        if f < 0:
            return 0.3
        v = self.val[card]
        higher = lower = 0
        for j in self.fam_cards[f]:
            k = unseen[j]
            if k:
                if self.val[j] > v:
                    higher += k
                elif self.val[j] < v:
                    lower += k
        value = max(0.0, 1.0 - higher / 4.0) * self.per_trick
        if self.noble and f == self.noble[0]:
            value += max(0.0, 1.0 - higher / 3.0) * self.noble[2]
        if self.knave and f == self.knave[0]:
            value += max(0.0, 1.0 - lower / 3.0) * self.knave[2] * coin_value
        if f == self.trump:
            value += 0.25 * v / self.high[f]
        return value

    def coin_value(self, coins, me: int, last_turn: bool) -> float:
        """A coin pays for a cut; in the last turn a close race for the richest bonus adds to it."""
        value = 0.45
        if last_turn:
            gap = coins[me] - max(c for s, c in enumerate(coins) if s != me)
            if -2 <= gap <= 1:
                value += 0.5 * self.richest_bonus / 2
        return value

    def scores(self, me: int, options: list[tuple[int, bool]], trick, family: int, coins, n: int,
               coin_value: float, unseen: list[int], fills, rng: random.Random) -> list[float]:
        """The heuristic's score of each option: the mean outcome of the trick over `fills` (each maps
        the seats still to play to imagined hands, who answer with `reply`), minus what the card is
        worth kept (`keep_value`) and the coin a cut costs."""
        later = [(me + k) % n for k in range(1, n - len(trick))]
        legal: dict[tuple[int, int, int], list] = {}
        fam, trump = self.fam, self.trump
        out = []
        for c, cut in options:
            total = 0.0
            for k, fill in enumerate(fills):
                t = trick + [(me, c, cut)]
                f = family if family >= 0 else (trump if cut else fam[c])
                for s in later:
                    key = (k, s, f)
                    plays = legal.get(key)
                    if plays is None:
                        plays = legal[key] = self.options(fill[s], f, coins[s])
                    r = self.reply(plays, t, f, rng)
                    if r is not None:
                        t.append((s, r[0], r[1]))
                        if f < 0:
                            f = trump if r[1] else fam[r[0]]
                total += self.utility(self.resolve(t, f), me, n, coin_value)
            score = total / len(fills) - self.keep_weight * self.keep_value(c, unseen, coin_value)
            if cut:
                score -= coin_value * self.cost
            out.append(score)
        return out

    def decide(self, me: int, hands: list[list[int]], unseen: list[int], trick, family: int, coins,
               n: int, coin_value: float, rng: random.Random) -> tuple[int, bool]:
        """The heuristic's choice with the other hands known (the rest of the trick imagined once,
        with the seats' real cards, instead of twenty sampled hands): the search's play-out policy."""
        options = self.options(hands[me], family, coins[me])
        if len(options) == 1:
            return options[0]
        scores = self.scores(me, options, trick, family, coins, n, coin_value, unseen, (hands,), rng)
        return options[scores.index(max(scores))]


class TricksHeuristicAgent:
    name = "ai:normal"

    def __init__(self, rules, noise: float = 0.0, samples: int = 20, keep_weight: float = 1.2):
        self.rules = rules
        self.noise = noise
        self.samples = samples
        self.tools = TrickTools(rules, keep_weight)
        self.deck = [0] * self.tools.size
        for cid, copies in rules.params.deck:
            self.deck[self.tools.index[cid]] += copies

    # --- the decision -------------------------------------------------------------------------
    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        info = view.info
        moves = describe_all(self.rules, view, legal_moves)
        if info.pending_take:
            # take the Knave's coin from whoever leads on points (then coins)
            return max(moves, key=lambda i: (info.points[i.target], info.coins[i.target], -i.target)).move
        if self.noise and rng.random() < self.noise:
            return legal_moves[rng.randrange(len(legal_moves))]
        t = self.tools
        me, n = view.seat, view.players
        unseen = self._unseen(view)
        coin_value = t.coin_value(info.coins, me, info.turn == info.turns)
        trick = [(e.seat, t.index[e.card], e.cut) for e in info.trick]
        family = t.letters.index(info.chosen_family) if info.chosen_family is not None else NONE
        later = [(me + k) % n for k in range(1, n - len(trick))]
        lacks = {s: [t.letters.index(x) for x in info.voids[s]] for s in later}
        pool = [c for c in range(t.size) for _ in range(unseen[c])]
        fills = [self._sample_hands(later, info.hand_counts, lacks, pool, rng) for _ in range(self.samples)]
        options = [(t.index[i.card], i.kind == "cut") for i in moves]
        scores = t.scores(me, options, trick, family, info.coins, n, coin_value, unseen, fills, rng)
        best_move, best_score = legal_moves[0], -math.inf
        for move, score in zip(legal_moves, scores):
            score += rng.random() * 1e-6
            if score > best_score:
                best_move, best_score = move, score
        return best_move

    # --- what the agent knows -----------------------------------------------------------------
    def _unseen(self, view: View) -> list[int]:
        """Cards not in this seat's hand and not face up anywhere, counted per card: card counting."""
        unseen = self.deck[:]
        index = self.tools.index
        for zone in view.zones.values():
            if zone.kind == "tokens" or zone.cards is None:
                continue
            for c in ([c for g in zone.groups for c in g] if zone.groups else zone.cards):
                unseen[index[c]] -= 1
        return unseen

    def _sample_hands(self, seats, counts, lacks, pool: list[int], rng: random.Random) -> dict[int, list[int]]:
        """Hands for `seats` drawn from the unseen cards, never a family a seat is known to lack."""
        pool = pool[:]
        rng.shuffle(pool)
        fam = self.tools.fam
        hands = {}
        for s in seats:
            lack = lacks[s]
            want = counts[s]
            hand, rest = [], []
            for c in pool:
                if len(hand) < want and (fam[c] < 0 or fam[c] not in lack):
                    hand.append(c)
                else:
                    rest.append(c)
            pool = rest
            hands[s] = hand
        return hands


def make_heuristic(rules, level: str) -> TricksHeuristicAgent:
    """`ai:easy`: fewer samples and a random card a third of the time; `ai:normal`: always thinks."""
    if level == "ai:easy":
        return TricksHeuristicAgent(rules, noise=0.35, samples=8)
    return TricksHeuristicAgent(rules)


def make_hard(rules, iterations: int | None = None, time_budget: float | None = None):
    """The family's `ai:hard`: the shared search with Révolte!'s spec (ai/tricks_search.py)."""
    from .tricks_search import make_search  # it imports this module
    return make_search(rules, iterations=iterations, time_budget=time_budget)


def hint_with_reason(rules, view: View, legal_moves: list[Move]):
    """Hint (revolt_table/ai/hints.py): the normal AI's move and why (revolt_table/ai/tricks_hints.py)."""
    from .tricks_hints import hint_with_reason as hint
    return hint(rules, view, legal_moves)
