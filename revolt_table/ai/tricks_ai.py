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

`ai:easy` samples less and plays a random legal card a third of the time. `make_hard` builds a search
over determinizations whose rollouts use this heuristic's greedy answers (see TricksSearchAgent).
"""

from __future__ import annotations

import random
import time
from collections import Counter

from ..engine.events import Played, TrickWon
from ..engine.move import Move
from ..engine.state import View
from ..games.tricks import CoinPaid, FamilyChosen, Revolt, TurnEnded


class TricksHeuristicAgent:
    name = "ai:normal"

    def __init__(self, rules, noise: float = 0.0, samples: int = 20, keep_weight: float = 1.2):
        p = rules.params
        self.noise = noise
        self.samples = samples
        self.keep_weight = keep_weight
        self.letters = p.letters
        self.trump = p.trump
        self.citizen = p.citizen
        self.pitchfork = p.pitchfork
        self.deck: Counter[str] = Counter(dict(p.deck))
        self.fam: dict[str, str | None] = {}
        self.val: dict[str, int] = {}
        for f in p.families:
            for v in range(f.low, f.high + 1):
                cid = f"{f.letter}{v}"
                self.fam[cid] = f.letter
                self.val[cid] = v
        for cid in (self.citizen, self.pitchfork):
            self.fam[cid] = None
            self.val[cid] = 0
        self.high = {f.letter: f.high for f in p.families}
        self.low = {f.letter: f.low for f in p.families}
        self.noble = (p.noble.family, p.noble.highest, p.noble.amount) if p.noble else None
        self.knave = (p.knave.family, p.knave.highest, p.knave.amount) if p.knave else None
        self.per_trick = p.points_per_trick
        self.ties_revolt = p.ties_revolt
        self.richest_bonus = p.richest_alone

    # --- the decision -------------------------------------------------------------------------
    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        info = view.info
        if info.pending_take:
            # take the Knave's coin from whoever leads on points (then coins)
            return max(legal_moves, key=lambda m: (info.points[int(m.text[5:])], info.coins[int(m.text[5:])],
                                                    -int(m.text[5:])))
        if self.noise and rng.random() < self.noise:
            return legal_moves[rng.randrange(len(legal_moves))]
        me = view.seat
        n = view.players
        hand = list(view.hand() or ())
        unseen = self._unseen(view)
        coin_value = self._coin_value(info, me)
        trick = [(e.seat, e.card, e.cut) for e in info.trick]
        family = info.chosen_family
        later = [(me + k) % n for k in range(1, n - len(trick))]
        voids = info.voids
        opp_weight = 1.0 / max(1, n - 1)
        best_move, best_score = legal_moves[0], float("-inf")
        samples = [self._sample_hands(later, info.hand_counts, voids, unseen, rng) for _ in range(self.samples)]
        for move in legal_moves:
            cut = move.text.startswith("cut:")
            card = move.text[4:] if cut else move.text
            total = 0.0
            for hands in samples:
                outcome = self._play_out(trick + [(me, card, cut)], family, later, hands, info.coins, rng)
                total += self._utility(outcome, me, n, coin_value, opp_weight)
            score = total / len(samples)
            score -= self.keep_weight * self._keep_value(card, hand, unseen, coin_value)
            if cut:
                score -= coin_value * info.cut_cost
            score += rng.random() * 1e-6
            if score > best_score:
                best_move, best_score = move, score
        return best_move

    # --- what the agent knows -----------------------------------------------------------------
    def _unseen(self, view: View) -> list[str]:
        """Cards not in this seat's hand and not face up anywhere: card counting."""
        seen: Counter[str] = Counter()
        for zone in view.zones.values():
            if zone.kind == "tokens" or zone.cards is None:
                continue
            seen.update([c for g in zone.groups for c in g] if zone.groups else zone.cards)
        return list((self.deck - seen).elements())

    def _coin_value(self, info, me: int) -> float:
        """A coin pays for a cut and counts toward the richest bonus, which matters more late."""
        coins = info.coins
        others = max(c for s, c in enumerate(coins) if s != me)
        value = 0.45
        if info.turn == info.turns:
            gap = coins[me] - others
            if -2 <= gap <= 1:          # close race for the richest bonus
                value += 0.5 * self.richest_bonus / 2
        return value

    def _sample_hands(self, seats, counts, voids, unseen, rng) -> dict[int, list[str]]:
        pool = unseen[:]
        rng.shuffle(pool)
        hands = {}
        for s in seats:
            lack = voids[s]
            want = counts[s]
            hand, rest = [], []
            for c in pool:
                if len(hand) < want and (self.fam[c] is None or self.fam[c] not in lack):
                    hand.append(c)
                else:
                    rest.append(c)
            pool = rest
            hands[s] = hand
        return hands

    # --- imagining the rest of the trick -------------------------------------------------------
    def _legal(self, hand, family, coins: int, cost: int = 1):
        out = []
        has_f = family is not None and any(self.fam[c] == family for c in hand)
        for c in dict.fromkeys(hand):     # ordered: a set's order changes between processes
            f = self.fam[c]
            if family is None or f is None or f == family or not has_f:
                out.append((c, False))
            if f == self.trump and coins >= cost:
                out.append((c, True))
        return out

    def _best(self, trick, family):
        """The current winning entry as (is_cut, value, seat), or None."""
        cuts = [(self.val[c], s) for s, c, cut in trick if cut]
        if cuts:
            v, s = max(cuts)
            return (True, v, s)
        fam = [(self.val[c], s) for s, c, cut in trick if not cut and self.fam[c] == family]
        if fam:
            v, s = max(fam)
            return (False, v, s)
        return None

    def _opponent(self, hand, trick, family, coins, rng):
        options = self._legal(hand, family, coins)
        if not options:
            return None
        best = self._best(trick, family)

        def beats(opt) -> bool:
            c, cut = opt
            if cut:
                return best is None or not best[0] or self.val[c] > best[1]
            if best is None:
                return self.fam[c] is not None
            return not best[0] and self.fam[c] == family and self.val[c] > best[1]

        winning = [o for o in options if beats(o)]
        plain = [o for o in winning if not o[1]]
        if plain and rng.random() < 0.85:
            return min(plain, key=lambda o: self.val[o[0]]) if best is not None else max(
                plain, key=lambda o: self.val[o[0]])
        cuts = [o for o in winning if o[1]]
        if cuts and rng.random() < 0.25:
            return min(cuts, key=lambda o: self.val[o[0]])
        citizens = [o for o in options if self.fam[o[0]] is None]
        if citizens and rng.random() < 0.3:
            return citizens[0]
        dump = [o for o in options if not o[1] and self.fam[o[0]] is not None]
        if dump:
            return min(dump, key=lambda o: self.val[o[0]])
        return options[0]

    def _play_out(self, trick, family, later, hands, coins, rng):
        if family is None:
            for s, c, cut in trick:
                f = self.trump if cut else self.fam[c]
                if f is not None:
                    family = f
                    break
        for s in later:
            choice = self._opponent(hands[s], trick, family, coins[s], rng)
            if choice is None:
                continue
            c, cut = choice
            trick = trick + [(s, c, cut)]
            if family is None:
                family = self.trump if cut else self.fam[c]
        return self._resolve(trick, family)

    def _resolve(self, trick, family):
        """(winner, noble seat, knave seat) or None for a Revolt."""
        counts: Counter[str] = Counter()
        citizens = 0
        for _, c, cut in trick:
            f = self.trump if cut else self.fam[c]
            if f is None:
                citizens += 1
            else:
                counts[f] += 1
        most = max(counts.values(), default=0)
        if citizens > most or (self.ties_revolt and citizens and citizens == most):
            return None
        best = self._best(trick, family)
        winner = best[2] if best else None
        noble = knave = None
        if self.noble:
            found = [(self.val[c], s) for s, c, _ in trick if self.fam[c] == self.noble[0]]
            if found:
                noble = (max(found) if self.noble[1] else min(found))[1]
        if self.knave:
            found = [(self.val[c], s) for s, c, _ in trick if self.fam[c] == self.knave[0]]
            if found:
                knave = (max(found) if self.knave[1] else min(found))[1]
        return winner, noble, knave

    def _utility(self, outcome, me, n, coin_value, opp_weight) -> float:
        if outcome is None:
            return 0.0
        winner, noble, knave = outcome
        gains = [0.0] * n
        if winner is not None:
            gains[winner] += self.per_trick
        if noble is not None and self.noble:
            gains[noble] += self.noble[2]
        if knave is not None and self.knave:
            gains[knave] += coin_value * self.knave[2]
        return gains[me] - opp_weight * (sum(gains) - gains[me])

    # --- what a card is worth if kept -----------------------------------------------------------
    def _keep_value(self, card, hand, unseen, coin_value) -> float:
        f = self.fam[card]
        if f is None:
            return 0.3
        v = self.val[card]
        higher = sum(1 for c in unseen if self.fam[c] == f and self.val[c] > v)
        lower = sum(1 for c in unseen if self.fam[c] == f and self.val[c] < v)
        win = max(0.0, 1.0 - higher / 4.0) * self.per_trick
        value = win
        if self.noble and f == self.noble[0]:
            value += max(0.0, 1.0 - higher / 3.0) * self.noble[2]
        if self.knave and f == self.knave[0]:
            value += max(0.0, 1.0 - lower / 3.0) * self.knave[2] * coin_value
        if f == self.trump:
            value += 0.25 * v / self.high[f]
        return value


def make_heuristic(rules, level: str) -> TricksHeuristicAgent:
    """`ai:easy`: fewer samples and a random card a third of the time; `ai:normal`: always thinks."""
    if level == "ai:easy":
        return TricksHeuristicAgent(rules, noise=0.35, samples=8)
    return TricksHeuristicAgent(rules)


class TricksSearchAgent:
    """Search over determinizations, for `ai:hard` once the registry asks families for one.

    Each iteration deals the hidden cards anew (`rules.from_view`), tries every candidate move and
    plays the rest of the current turn with the heuristic's greedy answer for every seat; a move's
    value is its mean gain in coats of arms and coins against the other seats. Stopping at the end of
    the turn keeps rollouts short and their noise low; the next deal is unknown anyway.
    """

    name = "ai:hard"

    def __init__(self, rules, iterations: int = 24, time_budget: float | None = None):
        self.rules = rules
        self.iterations = iterations
        self.time_budget = time_budget
        self.policy = TricksHeuristicAgent(rules)

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        info = view.info
        if len(legal_moves) == 1 or info.pending_take:
            return self.policy.choose(view, legal_moves, rng)
        me, n = view.seat, view.players
        coin_value = self.policy._coin_value(info, me)
        totals = [0.0] * len(legal_moves)
        deadline = time.perf_counter() + self.time_budget if self.time_budget else None
        for _ in range(self.iterations):
            base = self.rules.from_view(view, rng)
            hands = {z.owner: z.cards for z in base.zones() if z.kind == "hand"}
            for i, move in enumerate(legal_moves):
                state = base.clone()
                events = state.apply(me, move.text)
                coins = self._rollout(state, events, {s: list(h) for s, h in hands.items()}, rng)
                scores = state.scores
                gains = [scores[s] - info.points[s] + coin_value * (coins[s] - info.coins[s]) for s in range(n)]
                totals[i] += gains[me] - (sum(gains) - gains[me]) / max(1, n - 1)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(range(len(legal_moves)), key=lambda i: (totals[i], -i))
        return legal_moves[best]

    def _rollout(self, state, events: list, hands: dict[int, list[str]], rng: random.Random) -> list[int]:
        """Play the rest of the current turn on a determinized state with the heuristic's greedy
        answers; return the coins per seat at its end.

        The trick, the chosen family and the coins are followed through the events (the public record),
        the hands from the determinized deal, so the rollout needs no look inside the state."""
        policy = self.policy
        info = state.public_info()
        trick = [(e.seat, e.card, e.cut) for e in info.trick]
        family = info.chosen_family
        coins = list(info.coins)
        hands[events[0].seat].remove(events[0].cards[0])        # the move just played
        ended = any(isinstance(e, TurnEnded) for e in events)
        while not ended:
            seat = state.to_act[0]
            move = state.legal_moves(seat)[0]
            if not move.text.startswith("take:"):               # (a Knave's coin: the first option)
                card, cut = policy._opponent(hands[seat], trick, family, coins[seat], rng)
                hands[seat].remove(card)
                move = Move(f"cut:{card}" if cut else card)
            for e in state.apply(seat, move):
                if isinstance(e, Played):
                    trick.append((e.seat, e.cards[0], e.text.startswith("cut:")))
                elif isinstance(e, FamilyChosen):
                    family = e.family
                elif isinstance(e, (TrickWon, Revolt)):
                    trick, family = [], None
                elif isinstance(e, CoinPaid):
                    if e.source.startswith("coins:"):
                        coins[int(e.source[6:])] -= e.amount
                    if e.target.startswith("coins:"):
                        coins[int(e.target[6:])] += e.amount
                elif isinstance(e, TurnEnded):
                    ended = True
        return coins


def make_hard(rules, iterations: int | None = None, time_budget: float | None = None) -> TricksSearchAgent:
    """The family's `ai:hard` (search over determinizations with heuristic turn rollouts)."""
    return TricksSearchAgent(rules, iterations=iterations or 24, time_budget=time_budget)
