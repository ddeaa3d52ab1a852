"""Dou Dizhu heuristics: bid from hand strength, split the hand into few strong combinations, play out.

The core is `plan(key)`: a memoised search over ways to split a hand (packed rank key) into
sequences (chains, chains of pairs, airplanes) plus simple groups (rocket, bombs, trios with a low
kicker, pairs, singles). Its cost counts the combinations that will need the lead to get rid of,
discounted for control cards (2s, jokers, aces) and with bombs/rocket as a bonus. A hand with a low
cost is strong: the bid, the lead and the decision to beat or pass are all read from it.

Farmers cooperate: they never beat a partner's play (unless going out), lead low singles or pairs to
a partner about to finish, and spend bombs only when the landlord is close to going out.

Tuning (fixed-role self-play on the same deals, 400 deals a setting): answering whenever a
non-bomb answer exists beat holding back, for the landlord (+0.5 points a deal) and for farmers
(+0.35); bid thresholds were lowered by a self-play duel against the first guess.

`ai:easy` is the same agent with random slips; `hint(view, legal_moves)` is the normal AI's choice
for the UI's Hint button; `make_hard(rules)` is a determinized search over the heuristic's best
candidates with a fast family rollout policy (`rollout_policy`), to be used for `ai:hard`.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..engine.move import Move
from ..engine.state import View
from ..games import doudizhu_combos as dz
from .base import HeuristicAgent

ACE, TWO, BJ, RJ = dz.ACE, dz.TWO, dz.BLACK_JOKER, dz.RED_JOKER
_K = tuple(tuple(c << (3 * r) for c in range(5)) for r in range(15))

# control value of a combination's main rank: how likely it is to win a trick by itself
_SINGLE_CTRL = {10: 0.1, 11: 0.3, 12: 0.6, 13: 0.8, 14: 1.0}
_PAIR_CTRL = {10: 0.2, 11: 0.4, 12: 0.9}
BOMB_BONUS = 0.6


def combo_cost(combo: dz.Combo) -> float:
    """About 1 for a combination that needs the lead to be played, less for strong ones."""
    t, r = combo.type, combo.rank
    if t == dz.BOMB or t == dz.ROCKET:
        return -BOMB_BONUS
    if t == dz.SINGLE:
        return 1.0 - _SINGLE_CTRL.get(r, 0.0)
    if t == dz.PAIR:
        return 1.0 - _PAIR_CTRL.get(r, 0.0)
    if t in (dz.TRIO, dz.TRIO_SINGLE, dz.TRIO_PAIR):
        return 0.5 if r >= ACE else 0.9
    if t in (dz.CHAIN, dz.PAIR_CHAIN):
        return 0.7 if r >= ACE else 0.85
    return 0.6  # airplanes, four with two


def _simple(counts: tuple) -> tuple[float, tuple[int, ...]]:
    """Split without sequences: rocket, bombs, trios (taking the lowest spare single or pair), pairs,
    singles."""
    c = list(counts)
    combos: list[int] = []
    if c[BJ] and c[RJ]:
        combos.append(_K[BJ][1] + _K[RJ][1])
        c[BJ] = c[RJ] = 0
    singles = [r for r in range(15) if c[r] == 1]
    pairs = [r for r in range(15) if c[r] == 2]
    for r in range(13):
        if c[r] == 4:
            combos.append(_K[r][4])
    for r in range(13):
        if c[r] == 3:
            k = _K[r][3]
            if singles and singles[0] < TWO:
                k += _K[singles.pop(0)][1]
            elif pairs and pairs[0] < TWO:
                k += _K[pairs.pop(0)][2]
            combos.append(k)
    combos += [_K[r][2] for r in pairs]
    combos += [_K[r][1] for r in singles]
    cost = sum(combo_cost(dz.combo_of_key(k)) for k in combos)
    return cost, tuple(combos)


def _sequences(key: int) -> list[int]:
    """Keys of every chain, chain of pairs and airplane core the hand holds."""
    c = dz.unpack(key)
    out = []
    for width, min_len in ((1, 5), (2, 3), (3, 2)):
        for s in range(0, ACE + 1):
            if c[s] < width:
                continue
            k = 0
            for e in range(s, ACE + 1):
                if c[e] < width:
                    break
                k += _K[e][width]
                if e - s + 1 >= min_len:
                    out.append(k)
                    if width == 3:
                        _add_wings(out, c, k, s, e)
    return out


def _add_wings(out: list, c, core: int, s: int, e: int) -> None:
    """Airplane core s..e with its cheapest wings: the lowest lone singles, or the lowest pairs."""
    n = e - s + 1
    singles = [r for r in range(TWO) if c[r] == 1 and not s <= r <= e]
    if len(singles) >= n:
        out.append(core + sum(_K[r][1] for r in singles[:n]))
    pairs = [r for r in range(TWO) if c[r] == 2 and not s <= r <= e]
    if len(pairs) >= n:
        out.append(core + sum(_K[r][2] for r in pairs[:n]))


@lru_cache(maxsize=65_536)
def plan(key: int) -> tuple[float, tuple[int, ...]]:
    """(cost, combination keys) of the best split found for a hand; lower cost = stronger hand."""
    if key == 0:
        return 0.0, ()
    best = _simple(dz.unpack(key))
    for seq in _sequences(key):
        sub_cost, sub = plan(key - seq)
        cost = sub_cost + combo_cost(dz.combo_of_key(seq))
        if cost < best[0] - 1e-9:
            best = (cost, (seq,) + sub)
    return best


def bid_strength(key: int) -> float:
    """Control cards minus the turns the hand needs."""
    c = dz.unpack(key)
    bombs = sum(1 for r in range(13) if c[r] == 4)
    score = 4 * c[RJ] + 3 * c[BJ] + 2 * c[TWO] + 0.5 * c[ACE] + 4 * bombs
    return score - plan(key)[0]


def _key_of_cards(cards) -> int:
    k = 0
    for cid in cards:
        k += _K[dz.RANKS.index(cid[0]) if cid not in ("BJ", "RJ") else (BJ if cid == "BJ" else RJ)][1]
    return k


class ClimbingHeuristicAgent(HeuristicAgent):
    name = "ai:normal"

    def __init__(self, rules=None, noise: float = 0.0, bid_thresholds=(-1.0, 2.0, 4.5), slack: float = 1.0,
                 farmer_slack: float = 1.0, farmer_alarm: int = 15, landlord_alarm: int = 17):
        self.noise = noise
        self.slack = slack
        self.farmer_slack = farmer_slack
        self.farmer_alarm = farmer_alarm
        self.landlord_alarm = landlord_alarm
        self.bid_thresholds = bid_thresholds

    # --- entry point ----------------------------------------------------------------------------
    def decide(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        info = view.info
        hand = _key_of_cards(view.hand() or ())
        if info.phase == "bidding":
            return self._bid(hand, info, legal_moves, rng)
        return self._play(view, hand, legal_moves)

    def _bid(self, hand: int, info, legal_moves: list[Move], rng: random.Random) -> Move:
        s = bid_strength(hand) + (rng.uniform(-1.5, 1.5) if self.noise else 0.0)
        want = sum(1 for t in self.bid_thresholds if s >= t)
        if want > info.current_bid:
            for m in legal_moves:
                if m.text == f"bid{want}":
                    return m
        return legal_moves[0]  # pass

    # --- play -----------------------------------------------------------------------------------
    def _play(self, view: View, hand: int, legal_moves: list[Move]) -> Move:
        info = view.info
        seat = view.seat
        n = view.players
        landlord = info.landlord
        left = info.cards_left
        enemies = [s for s in range(n) if s != seat and (seat == landlord or s == landlord)]
        partner = next((s for s in range(n) if s != seat and s not in enemies), None)
        enemy_min = min(left[s] for s in enemies)
        by_key = {m.payload: m for m in legal_moves if m.text != "pass"}
        # going out wins the deal
        if hand in by_key:
            return by_key[hand]
        lead = info.lead
        if lead.to_beat is None:
            return self._lead(hand, by_key, legal_moves, enemy_min, partner, left)
        return self._respond(hand, by_key, legal_moves, lead.owner, partner, enemies, enemy_min, left, seat,
                             landlord)

    def _lead(self, hand, by_key, legal_moves, enemy_min, partner, left) -> Move:
        cost, combos = plan(hand)
        if partner is not None and left[partner] <= 2:
            want = dz.SINGLE if left[partner] == 1 else dz.PAIR
            low = [k for k in by_key if dz.combo_of_key(k).type == want]
            if low:
                return by_key[min(low, key=lambda k: dz.combo_of_key(k).rank)]
        if len(combos) == 2:
            # one unbeatable combination and one more: play the strong one first, then go out
            for k in combos:
                if dz.combo_of_key(k).type in (dz.BOMB, dz.ROCKET) and k in by_key:
                    other = [o for o in combos if o != k][0]
                    if other in by_key:
                        return by_key[k] if dz.combo_of_key(other).type not in (dz.BOMB, dz.ROCKET) else by_key[other]
        ordinary = [k for k in combos if dz.combo_of_key(k).type not in (dz.BOMB, dz.ROCKET)]
        if not ordinary:
            ordinary = list(combos)

        def order(k: int):
            cb = dz.combo_of_key(k)
            danger = 0
            if enemy_min <= 2 and cb.size == enemy_min and cb.type in (dz.SINGLE, dz.PAIR):
                danger = 1  # the enemy may go out over it
            return (danger, combo_cost(cb) < 0.5, cb.rank - (2 if cb.size >= 4 else 0), -cb.size)

        ordinary.sort(key=order)
        pick = ordinary[0]
        cb = dz.combo_of_key(pick)
        if enemy_min <= 2 and cb.type in (dz.SINGLE, dz.PAIR) and cb.size == enemy_min:
            # only dangerous leads left: lead the highest of that kind
            same = [k for k in by_key if dz.combo_of_key(k).type == cb.type]
            pick = max(same, key=lambda k: dz.combo_of_key(k).rank)
        if pick in by_key:
            return by_key[pick]
        return self._with_kickers(pick, cb, by_key, legal_moves)

    def _with_kickers(self, pick, cb, by_key, legal_moves) -> Move:
        """A planned airplane core: add the cheapest wings available, or play the bare core."""
        best = None
        for k, m in by_key.items():
            other = dz.combo_of_key(k)
            if other.type in (dz.AIRPLANE_SINGLES, dz.AIRPLANE_PAIRS) and other.rank == cb.rank \
                    and other.length == cb.length:
                score = k - pick
                if best is None or score < best[0]:
                    best = (score, m)
        if best:
            return best[1]
        return by_key.get(pick) or legal_moves[-1]

    def _respond(self, hand, by_key, legal_moves, owner, partner, enemies, enemy_min, left, seat, landlord) -> Move:
        pass_move = legal_moves[0]
        if owner == partner:
            return pass_move
        base = plan(hand)[0]
        ordinary, bombs = [], []
        for k in by_key:
            (bombs if dz.combo_of_key(k).type in (dz.BOMB, dz.ROCKET) else ordinary).append(k)
        danger = left[owner] <= (self.landlord_alarm if seat == landlord else 4) or enemy_min <= 2 or (seat != landlord and left[landlord] <= self.farmer_alarm)
        if ordinary:
            scored = sorted(((plan(hand - k)[0], dz.combo_of_key(k).rank, k) for k in ordinary))
            cost, _, k = scored[0]
            slack = self.slack if seat == landlord else self.farmer_slack
            if cost <= base - 0.4 or danger or cost <= base + slack and dz.combo_of_key(k).rank < TWO:
                return by_key[k]
        if bombs:
            k = min(bombs, key=lambda x: dz.combo_of_key(x).rank)
            after = plan(hand - k)[0]
            if left[owner] <= 5 or after <= 1.2:
                return by_key[k]
        return pass_move


def make_heuristic(rules, level: str):
    """`ai:normal` plays the heuristic straight; `ai:easy` slips (random moves, noisy bids)."""
    agent = ClimbingHeuristicAgent(rules, noise=0.3 if level == "ai:easy" else 0.0)
    agent.name = level
    return agent


_HINTER = ClimbingHeuristicAgent()


def hint(view: View, legal_moves: list[Move]) -> Move:
    """The normal AI's choice for this view (the UI's Hint button). Deterministic."""
    return _HINTER.choose(view, legal_moves, random.Random(0))


# --- search (ai:hard) ---------------------------------------------------------------------------


def rollout_policy(state, seat: int, rng: random.Random) -> Move:
    """A fast policy on a full ClimbingState for search playouts: bid from control cards, lead the
    lowest combination shedding the most cards, beat cheaply, never beat a partner, bomb late.

    It reads the legal moves and `state.seat_facts(seat)` (the seat's hand key and public facts, made
    for playouts: building a view per playout move would cost more than the whole policy)."""
    moves = state.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    facts = state.seat_facts(seat)
    if facts.phase == "bidding":
        c = dz.unpack(facts.hand)
        s = 4 * c[RJ] + 3 * c[BJ] + 2 * c[TWO] + 0.5 * c[ACE] + rng.random() * 2
        want = 3 if s >= 9 else 2 if s >= 7 else 1 if s >= 5 else 0
        return moves[want - facts.current_bid] if want > facts.current_bid else moves[0]
    if rng.random() < 0.05:
        return moves[rng.randrange(len(moves))]
    combo_of = dz.combo_of_key
    if facts.to_beat is None:
        return _planned_lead(facts, seat)
    landlord = facts.landlord
    owner = facts.lead_owner
    if seat != landlord and owner != landlord:
        return moves[0]  # partner's play
    hand = facts.hand
    owner_left = facts.cards_left[owner]
    best, best_score, bomb = None, None, None
    for m in moves[1:]:
        k = m.payload
        cb = combo_of(k)
        if cb.type == dz.BOMB or cb.type == dz.ROCKET:
            if bomb is None:
                bomb = m
            continue
        # prefer plays that do not split a pair/trio/bomb, then the lowest
        breaks = 0
        for shift, c in _parts3(k):
            if (hand >> shift) & 7 != c:
                breaks += 1
        score = (breaks if owner_left > 4 else 0, cb.rank)
        if best_score is None or score < best_score:
            best, best_score = m, score
    if best is not None:
        return best
    if bomb is not None and owner_left <= 6:
        return bomb
    return moves[0]


def _planned_lead(facts, seat: int) -> Move:
    """Lead the weakest combination of the planned split (the highest single when the enemy is on
    its last card), or partner-feed a farmer partner on its last card."""
    from ..games.climbing import move_of_key
    hand = facts.hand
    combos = plan(hand)[1]
    landlord = facts.landlord
    counts = facts.cards_left
    enemy_min = min(counts[s] for s in range(3) if s != seat and (seat == landlord or s == landlord))
    if seat != landlord:
        partner = 3 - seat - landlord
        if counts[partner] == 1:
            c = dz.unpack(hand)
            low = next(r for r in range(15) if c[r])
            return move_of_key(_K[low][1])
    ordinary = [k for k in combos if dz.combo_of_key(k).type not in (dz.BOMB, dz.ROCKET)] or list(combos)
    best, best_score = None, None
    for k in ordinary:
        cb = dz.combo_of_key(k)
        danger = cb.size == 1 and enemy_min == 1
        score = (danger, combo_cost(cb) < 0.5, cb.rank - (2 if cb.size >= 4 else 0), -cb.size)
        if best_score is None or score < best_score:
            best, best_score = k, score
    if best_score[0]:
        c = dz.unpack(hand)
        high = max(r for r in range(15) if c[r])
        return move_of_key(_K[high][1])
    return move_of_key(best)


_P3: dict[int, tuple[tuple[int, int], ...]] = {}


def _parts3(key: int) -> tuple[tuple[int, int], ...]:
    p = _P3.get(key)
    if p is None:
        p = _P3[key] = tuple((3 * r, (key >> (3 * r)) & 7) for r in range(15) if (key >> (3 * r)) & 7)
    return p


class ClimbingSearchAgent:
    """Determinized Monte-Carlo over the few moves the heuristic finds worth considering.

    Why not just the generic `ai/search.py` agent: a leading hand has hundreds of legal moves, so a
    flat search spreads its playouts too thin; random playouts misjudge Dou Dizhu badly. Here every
    round samples ONE determinization (from the view only) and plays each candidate on a clone of
    it with the same playout seed (common random numbers), using `rollout_policy`; the heuristic's own
    move is kept unless another candidate does clearly better.
    """

    name = "ai:hard"

    def __init__(self, rules, iterations: int = 240, time_budget: float | None = None, candidates: int = 5,
                 margin: float = 0.03):
        self.rules = rules
        self.iterations = iterations
        self.time_budget = time_budget
        self.heuristic = ClimbingHeuristicAgent(rules)
        self.candidates = candidates
        self.margin = margin

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.info.phase == "bidding":
            return self.heuristic.choose(view, legal_moves, rng)
        shortlist = self._shortlist(view, legal_moves, rng)
        if len(shortlist) == 1:
            return shortlist[0]
        import time
        seat = view.seat
        totals = [0.0] * len(shortlist)
        rounds = max(1, self.iterations // len(shortlist))
        deadline = time.perf_counter() + self.time_budget if self.time_budget else None
        done = 0
        for _ in range(rounds):
            base = self.rules.from_view(view, rng)
            playout_seed = rng.getrandbits(32)
            for i, move in enumerate(shortlist):
                state = base.clone()
                state.apply(seat, move)
                r = random.Random(playout_seed)
                while not state.is_over:
                    actor = state.to_act[0]
                    state.apply(actor, rollout_policy(state, actor, r))
                score = state.scores[seat]
                totals[i] += (1.0 if score > 0 else 0.0) + 0.02 * score
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(range(len(shortlist)), key=lambda i: totals[i])
        if totals[best] - totals[0] > self.margin * done:
            return shortlist[best]
        return shortlist[0]

    def _shortlist(self, view: View, legal_moves: list[Move], rng: random.Random) -> list[Move]:
        """The heuristic's move first, then the moves leaving the best-planned hands (and pass)."""
        first = self.heuristic.choose(view, legal_moves, rng)
        if len(legal_moves) <= self.candidates:
            return [first] + [m for m in legal_moves if m != first]
        hand = _key_of_cards(view.hand() or ())
        scored = sorted(((plan(hand - m.payload)[0] if m.text != "pass" else plan(hand)[0] + 0.5, i)
                         for i, m in enumerate(legal_moves)))
        out = [first]
        for _, i in scored:
            if legal_moves[i] not in out:
                out.append(legal_moves[i])
            if len(out) >= self.candidates:
                break
        return out


def make_hard(rules, iterations: int | None = None, time_budget: float | None = None) -> ClimbingSearchAgent:
    return ClimbingSearchAgent(rules, iterations=iterations or 240, time_budget=time_budget)


# the Hint's move and its reason (revolt_table/ai/hints.py finds it in the family's AI module)
from .climbing_hints import HINT_CODES, hint_with_reason  # noqa: E402,F401
