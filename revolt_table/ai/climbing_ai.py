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
for the UI's Hint button; `make_hard(rules)` is ai:hard: the shared search (ai/search.py) with
`ClimbingSpec`: a shortlist of the heuristic's move and the best move of each other kind, deals that
keep the bottom cards and every played card, play-outs in which each other seat is the normal AI
(`normal_policy`) or, half of the time, a naive player (`naive_policy`: the lowest combination of the
kind, partner or not; RLCard's rule agent plays so), since a table may hold either kind of player;
a seat it takes for naive in a round is dealt a hand its public play allows (ai/climbing_inference.py).
In an endgame (few cards left in all hands) it weighs every legal move, and each deal it draws is
solved exactly (ai/climbing_endgame.py) instead of played out.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import lru_cache

from ..engine.move import Move
from ..engine.state import View
from ..games import doudizhu_combos as dz
from ..games.climbing import CARD_IDS, PASS, move_of_key
from ..engine.memo import MemoTable
from .base import HeuristicAgent
from .budget import Budget, Clock
from .climbing_endgame import EndgameSolver, TooBig
from .climbing_inference import NO_CAP, CappedDeal, naive_caps
from .climbing_style import StyleReader, policy_evidence
from .search import RolloutPolicy, SearchAgent, SearchSpec

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


_SEQ_COST = tuple(0.7 if r >= ACE else 0.85 for r in range(15))   # combo_cost of a chain topped by r
_TRIO_COST = tuple(0.5 if r >= ACE else 0.9 for r in range(15))
_SINGLE_COST = tuple(1.0 - _SINGLE_CTRL.get(r, 0.0) for r in range(15))
_PAIR_COST = tuple(1.0 - _PAIR_CTRL.get(r, 0.0) for r in range(15))


_ONES = sum(1 << (3 * r) for r in range(ACE + 1))       # bit 3r for every rank a sequence may hold


def _costed_sequences(key: int, c) -> list[tuple[int, float]]:
    """(key, combo_cost) of every sequence in hand `key` (counts `c`): chains, chains of pairs,
    airplane cores, and each core with its cheapest wings; by width, then start, then length.

    Bit tricks on the packed key find the starts of long enough runs first (most hands have few)."""
    out = []
    at_least = ((key | key >> 1 | key >> 2) & _ONES, (key >> 1 | key >> 2) & _ONES,
                (key >> 2 | key & key >> 1) & _ONES)
    for width, min_len in ((1, 5), (2, 3), (3, 2)):
        held = at_least[width - 1]
        starts = held
        for _ in range(min_len - 1):
            starts &= held >> 3 * (_ + 1)
        while starts:
            low = starts & -starts
            starts ^= low
            s = (low.bit_length() - 1) // 3
            k = 0
            for e in range(s, ACE + 1):
                if not held >> 3 * e & 1:
                    break
                k += _K[e][width]
                if e - s + 1 >= min_len:
                    if width == 3:
                        out.append((k, 0.6))
                        wings: list = []
                        _add_wings(wings, c, k, s, e)
                        out += [(w, combo_cost(dz.combo_of_key(w))) for w in wings]
                    else:
                        out.append((k, _SEQ_COST[e]))
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


def _simple_cost(c) -> float:
    """The cost of `_simple(c)`, summed in the same order (the same float), without building keys."""
    cost = 0
    rocket = c[BJ] and c[RJ]
    if rocket:
        cost += -BOMB_BONUS
    top = BJ if rocket else 15
    singles = [r for r in range(top) if c[r] == 1]
    pairs = [r for r in range(15) if c[r] == 2]
    for r in range(13):
        if c[r] == 4:
            cost += -BOMB_BONUS
    for r in range(13):
        if c[r] == 3:
            if singles and singles[0] < TWO:
                singles.pop(0)
            elif pairs and pairs[0] < TWO:
                pairs.pop(0)
            cost += _TRIO_COST[r]
    for r in pairs:
        cost += _PAIR_COST[r]
    for r in singles:
        cost += _SINGLE_COST[r]
    return cost


@lru_cache(maxsize=1 << 17)
def _best(key: int) -> tuple[float, int]:
    """(cost, first sequence of the best split, or 0 when it has none): `plan` without the combination
    list, which only a lead needs (play-outs ask for the cost thousands of times)."""
    if key == 0:
        return 0.0, 0
    c = dz.unpack(key)
    best_cost, best_seq = _simple_cost(c), 0
    for seq, seq_cost in _costed_sequences(key, c):
        cost = _best(key - seq)[0] + seq_cost
        if cost < best_cost - 1e-9:
            best_cost, best_seq = cost, seq
    return best_cost, best_seq


def plan_cost(key: int) -> float:
    """`plan(key)[0]`, faster."""
    return _best(key)[0]


@lru_cache(maxsize=1 << 14)
def plan(key: int) -> tuple[float, tuple[int, ...]]:
    """(cost, combination keys) of the best split found for a hand; lower cost = stronger hand: the
    sequences `_best` picks one after the other, then the simple split of what is left."""
    cost = _best(key)[0]
    combos: list[int] = []
    while key:
        seq = _best(key)[1]
        if not seq:
            combos += _simple(dz.unpack(key))[1]
            break
        combos.append(seq)
        key -= seq
    return cost, tuple(combos)


def bid_strength(key: int) -> float:
    """Control cards minus the turns the hand needs."""
    c = dz.unpack(key)
    bombs = sum(1 for r in range(13) if c[r] == 4)
    score = 4 * c[RJ] + 3 * c[BJ] + 2 * c[TWO] + 0.5 * c[ACE] + 4 * bombs
    return score - plan_cost(key)


def _rank_of(card: str) -> int:
    return BJ if card == "BJ" else RJ if card == "RJ" else dz.RANKS.index(card[0])


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
        return self.bid_from(hand, info.current_bid, legal_moves, rng)

    def bid_from(self, hand: int, current_bid: int, legal_moves: list[Move], rng: random.Random) -> Move:
        """Bid the number of thresholds the hand's strength reaches, if that beats the current bid."""
        want = self.bid_wanted(hand, rng)
        if want > current_bid:
            for m in legal_moves:
                if m.payload == want:          # a bid move carries its amount (games/climbing.py)
                    return m
        return legal_moves[0]  # pass

    def bid_wanted(self, hand: int, rng: random.Random | None = None) -> int:
        s = bid_strength(hand) + (rng.uniform(-1.5, 1.5) if self.noise and rng is not None else 0.0)
        return sum(1 for t in self.bid_thresholds if s >= t)

    # --- play -----------------------------------------------------------------------------------
    def _play(self, view: View, hand: int, legal_moves: list[Move]) -> Move:
        info = view.info
        return self.play_from(view.seat, hand, info.landlord, info.cards_left, info.lead.to_beat is None,
                              info.lead.owner, legal_moves)

    def play_from(self, seat: int, hand: int, landlord: int, left, leading: bool, owner: int,
                  legal_moves: list[Move]) -> Move:
        """The play decision from the few facts it reads (a view's, or `seat_facts` of a determinized
        state in the search's play-outs: the same decision either way)."""
        n = len(left)
        enemies = [s for s in range(n) if s != seat and (seat == landlord or s == landlord)]
        partner = next((s for s in range(n) if s != seat and s not in enemies), None)
        enemy_min = min(left[s] for s in enemies)
        by_key = {m.payload: m for m in legal_moves if m.text != "pass"}
        # going out wins the deal
        if hand in by_key:
            return by_key[hand]
        if leading:
            return self._lead(hand, by_key, legal_moves, enemy_min, partner, left)
        return self._respond(hand, by_key, legal_moves, owner, partner, enemies, enemy_min, left, seat,
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
        base = plan_cost(hand)
        ordinary, bombs = [], []
        for k in by_key:
            (bombs if dz.combo_of_key(k).type in (dz.BOMB, dz.ROCKET) else ordinary).append(k)
        danger = (left[owner] <= (self.landlord_alarm if seat == landlord else 4) or enemy_min <= 2
                  or (seat != landlord and left[landlord] <= self.farmer_alarm))
        if ordinary:
            scored = sorted(((plan_cost(hand - k), dz.combo_of_key(k).rank, k) for k in ordinary))
            cost, _, k = scored[0]
            slack = self.slack if seat == landlord else self.farmer_slack
            if cost <= base - 0.4 or danger or cost <= base + slack and dz.combo_of_key(k).rank < TWO:
                return by_key[k]
        if bombs:
            k = min(bombs, key=lambda x: dz.combo_of_key(x).rank)
            after = plan_cost(hand - k)
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


_P3: dict[int, tuple[tuple[int, int], ...]] = MemoTable()


def _parts3(key: int) -> tuple[tuple[int, int], ...]:
    p = _P3.get(key)
    if p is None:
        p = _P3[key] = tuple((3 * r, (key >> (3 * r)) & 7) for r in range(15) if (key >> (3 * r)) & 7)
    return p


_NORMAL_POLICY = ClimbingHeuristicAgent()


def _forced_or_bid(state, seat: int, rng: random.Random):
    """What every play-out policy decides alike: the only legal move, or ai:normal's bid. Returns
    (moves, facts, decision), decision None when the policy's own play is wanted."""
    moves = state.legal_moves(seat)
    if len(moves) == 1:
        return moves, None, moves[0]
    f = state.seat_facts(seat)
    if f.phase == "bidding":
        return moves, f, _NORMAL_POLICY.bid_from(f.hand, f.current_bid, moves, rng)
    return moves, f, None


def normal_policy(state, seat: int, rng: random.Random) -> Move:
    """ai:normal's own decision on a full ClimbingState, from `state.seat_facts(seat)` instead of a
    view (a view per play-out move would cost more than the decision): the play-out policy of ai:hard,
    so that its play-outs are games of the normal AI, and its model of how the others play."""
    moves, f, move = _forced_or_bid(state, seat, rng)
    if move is not None:
        return move
    return _NORMAL_POLICY.play_from(seat, f.hand, f.landlord, f.cards_left, f.to_beat is None, f.lead_owner,
                                    moves)


def naive_policy(state, seat: int, rng: random.Random) -> Move:
    """A naive player, the other opponent the search has in mind: it leads the combination that holds
    its lowest card in a greedy split of its hand (`naive_lead`), answers with the lowest combination of
    the same kind whatever it breaks (a partner's play too), and with none, passes a partner's play or
    else does anything legal. (Simple programs and beginners play like this; RLCard's rule agent does.)"""
    moves, f, move = _forced_or_bid(state, seat, rng)
    if move is not None:
        return move
    move = naive_from(seat, f.hand, f.landlord, f.to_beat, f.lead_owner, moves)
    return move if move is not None else moves[rng.randrange(len(moves))]


def naive_from(seat: int, hand: int, landlord: int, target: dz.Combo | None, owner: int,
               moves: list[Move]) -> Move | None:
    """`naive_policy`'s play from the facts it reads (legal `moves`, a pass first when answering);
    None where it does anything legal, each move equally likely."""
    if target is None:
        return move_of_key(naive_lead(hand))
    best, best_rank = None, None
    for m in moves[1:]:
        cb = dz.combo_of_key(m.payload)
        if cb.type == target.type and cb.length == target.length and (best is None or (cb.rank, m.payload) < best_rank):
            best, best_rank = m, (cb.rank, m.payload)
    if best is not None:
        return best
    if seat != landlord and owner != landlord:
        return moves[0]
    return None


def _naive_choice(seat, hand, landlord, left, target, owner, moves):
    """`naive_from` with the signature `policy_evidence` calls both policies by (cards left unused)."""
    return naive_from(seat, hand, landlord, target, owner, moves)


def _normal_choice(seat, hand, landlord, left, target, owner, moves):
    return _NORMAL_POLICY.play_from(seat, hand, landlord, left, target is None, owner, moves)


@lru_cache(maxsize=1 << 14)
def naive_lead(hand: int) -> int:
    """The naive player's lead: split the hand greedily (rocket, bombs, trios and runs of trios, runs
    of five or more ranks, then pairs and singles) and play the part that holds the lowest card."""
    c = list(dz.unpack(hand))
    low = next(r for r in range(15) if c[r])
    if c[BJ] and c[RJ]:
        if low >= BJ:
            return _K[BJ][1] + _K[RJ][1]
        c[BJ] = c[RJ] = 0
    for r in range(13):
        if c[r] == 4:
            if r == low:
                return _K[r][4]
            c[r] = 0
    r = 0
    while r < 13:                                    # trios, consecutive ones (below the 2) joined
        if c[r] == 3:
            e = r
            while e + 1 < TWO and e < TWO and c[e + 1] == 3:
                e += 1
            if r <= low <= e:
                return sum(_K[x][3] for x in range(r, e + 1))
            for x in range(r, e + 1):
                c[x] = 0
            r = e + 1
        else:
            r += 1
    r = 0
    while r <= ACE:                                  # runs of five or more ranks, 3 to A
        if c[r]:
            e = r
            while e + 1 <= ACE and c[e + 1]:
                e += 1
            if e - r + 1 >= 5:
                if r <= low <= e:
                    return sum(_K[x][1] for x in range(r, e + 1))
                least = min(c[r:e + 1])
                for x in range(r, e + 1):
                    c[x] -= least
            r = e + 1
        else:
            r += 1
    return _K[low][2] if c[low] == 2 else _K[low][1]


def _bid_log_likelihood(strength: float, bids, noise: float) -> float:
    """log P(these bids | the hand's bid strength), ai:normal's thresholds read through Gaussian noise:
    a bid b means the noisy strength fell in threshold band b; a pass, that it stayed at or below the
    bid already made."""
    t = _NORMAL_POLICY.bid_thresholds
    edges = [-math.inf, *t, math.inf]

    def below(x: float) -> float:       # P(strength + noise < x)
        return 0.5 * (1.0 + math.erf((x - strength) / (noise * math.sqrt(2.0))))

    out = 0.0
    for amount, before in bids:
        if amount:
            p = below(edges[amount + 1]) - below(edges[amount])
        else:
            p = below(edges[before + 1])
        out += math.log(max(p, 1e-6))
    return out


class ClimbingSpec(SearchSpec):
    """Dou Dizhu's hooks for the shared search (ai/search.py): a shortlist of distinct plans, play-outs
    by the normal policy (each other seat naive with chance `naive` before anything is seen, then with
    the chance its public play gives: ai/climbing_style.py), the deal's result as value (a win, plus a
    little for the points). Against RLCard's rule agent (100 deals a role, dev figures) naive=0.5 won
    0.84 as landlord and 0.86 as farmers where 0 won 0.80 and 0.84; naive=1.0, 0.84 and 0.91.
    With at most `exact_cards` cards in all hands, each deal is solved exactly instead of played out
    (ai/climbing_endgame.py; `exact_nodes` expansions a decision, every move up to `exact_width`: an
    expansion costs about 6 us on one core, and a position the solver gives up on is played out after it,
    so 60,000 keeps such a decision under a second where 120,000 took up to 1.3 s; the solver also
    stops with the decision's clock);
    `tail_cards` > 0 also solves each play-out once that few cards are left (off: +4 and +5 deals of 300
    and 350 as landlord against ai:normal and the rule agent, within noise, for decisions up to 1.5 s).
    `evidence` hands a decision replays each other seat's record on, to weigh every one of its actions
    for naive against planner (ai/climbing_style.py `policy_evidence`; ~1 ms a decision), times
    `evidence_weight`, on top of the reader's signs. Dev figures (same deals, evidence 32 against 0): as
    landlord against ai:normal 194 against 185 wins of deals 0-299, 197 against 198 of deals 300-599;
    against the rule agent 300 against 302 of 350 as landlord, 182 against 185 of 200 as farmers: a
    small gain against planners at most, neutral against naive players."""

    candidates = 6
    max_moves = 400

    def __init__(self, rules, policy: RolloutPolicy = normal_policy, candidates: int = 6, pool: int = 1,
                 points: float = 0.02, play_weight: float = 1.0, bid_noise: float = 1.5,
                 trick_miss: float = 0.25, naive: float = 0.5, exact_cards: int = 20,
                 exact_nodes: int = 60_000, exact_width: int = 16, tail_cards: int = 0,
                 tail_nodes: int = 60_000, evidence: int = 32, evidence_weight: float = 1.0) -> None:
        super().__init__(rules, heuristic=ClimbingHeuristicAgent(rules), rollout_policy=policy)
        self.candidates = candidates
        self.pool = pool
        self.points = points
        self.play_weight = play_weight
        self.bid_noise = bid_noise
        self.trick_miss = trick_miss
        self.naive = naive
        self.exact_cards = exact_cards
        self.exact_nodes = exact_nodes
        self.exact_width = exact_width
        self.tail_cards = tail_cards
        self.tail_nodes = tail_nodes
        self.evidence = evidence
        self.evidence_weight = evidence_weight
        self._solver: EndgameSolver | None = None
        self._tail: EndgameSolver | None = None
        self.styles = StyleReader()
        self._naive: list[float] = [naive] * 3
        self._caps: list[list[int] | None] = [None] * 3
        self._round_naive: list[bool] | None = None   # this round's kinds, while a search runs
        self._dealers: dict[tuple[bool, ...], tuple[CappedDeal, tuple[str, ...]]] = {}   # this decision's
        self._record_for: View | None = None
        self._record_cache: list = []

    def decide_without_search(self, view: View, legal_moves: list[Move]) -> bool:
        """Bids are the heuristic's; so is going out with the whole hand (it wins the deal)."""
        if view.info.phase == "bidding":
            return True
        hand = _key_of_cards(view.hand() or ())
        return any(m.payload == hand for m in legal_moves)

    def begin(self, view: View, clock: Clock | None = None) -> None:
        """A new decision: in an endgame (at most `exact_cards` cards left in all hands) every deal the
        search plays on is solved exactly (ai/climbing_endgame.py) instead of played out, with one
        table of settled positions for the whole decision, at most `exact_nodes` expansions and no
        expansion past the decision's clock."""
        super().begin(view, clock or Clock(None))
        info = view.info
        self.styles.observe(view)
        evidence = None
        if self.naive and self.evidence and info.phase == "play":
            evidence = [self.evidence_weight * x for x in
                        policy_evidence(view, _naive_choice, _normal_choice, self.evidence,
                                        random.Random(len(info.actions)))]
        self._naive = self.styles.naive_chances(view, self.naive, evidence) if self.naive else [0.0] * view.players
        self._caps = [None] * view.players
        self._dealers = {}
        if info.phase == "play" and self.naive:
            for s in range(view.players):
                if view.hand(s) is None:
                    caps = naive_caps(info.actions, s)
                    if caps is None:            # the record proves this seat is no naive player
                        self._naive[s] = 0.0
                    elif min(caps) < NO_CAP:    # it proves something about the hand
                        self._caps[s] = caps
        small = info.phase == "play" and sum(info.cards_left) <= self.exact_cards
        self._solver = EndgameSolver(info.landlord, self.exact_nodes, self.clock) if small else None
        play = info.phase == "play" and self.tail_cards > 0
        self._tail = EndgameSolver(info.landlord, self.tail_nodes, self.clock) if play else None

    def shortlist(self, view: View, legal_moves: list[Move], first: Move) -> list[Move]:
        """The heuristic's move, then the best move of each other kind (type and length; pass is a
        kind), kinds ordered by how well the hand plans after the move; in a solved endgame, every
        move (up to `exact_width`, in the same order), since there the exact choice within a kind counts."""
        if self._solver is not None:
            return self._ranked(view, legal_moves, first, self.exact_width, per_kind=False)
        return self._ranked(view, legal_moves, first, self.candidates, per_kind=True)

    def _ranked(self, view: View, legal_moves: list[Move], first: Move, width: int, per_kind: bool) -> list[Move]:
        if len(legal_moves) <= width:
            return [first] + [m for m in legal_moves if m != first]
        hand = _key_of_cards(view.hand() or ())
        best: dict[tuple, tuple[float, int, Move]] = {}
        for m in legal_moves:
            if m.text == "pass":
                kind, score, rank = ("pass",), plan_cost(hand) + 0.5, 0
            else:
                cb = dz.combo_of_key(m.payload)
                kind, score, rank = (cb.type, cb.length), plan_cost(hand - m.payload), cb.rank
            if not per_kind:
                kind = m.payload
            old = best.get(kind)
            if old is None or (score, rank) < old[:2]:
                best[kind] = (score, rank, m)
        out = [first]
        for _, _, m in sorted(best.values(), key=lambda t: t[:2]):
            if m != first:
                out.append(m)
            if len(out) >= width:
                break
        return out

    # --- inference ----------------------------------------------------------------------------
    def weight(self, view: View, state) -> float:
        """How likely the hidden seats' public record was, had they held their hands in `state`, under
        the normal policy: their bids (bid strength of the dealt hand against the bid thresholds, with
        noise), and each of their plays (how much the play spoiled the plan of the hand it came from:
        the normal AI plays what its plan holds, and answers with what costs its plan least)."""
        if self.pool <= 1:
            return 1.0
        record = self._record(view)
        log_w = 0.0
        for seat, plays, bids, bottom in record:
            hand = state.seat_facts(seat).hand
            for p in reversed(plays):
                before = hand + p
                regret = plan_cost(hand) + combo_cost(dz.combo_of_key(p)) - plan_cost(before)
                if regret > 0:
                    log_w -= self.play_weight * regret
                hand = before
            if bids:
                log_w += _bid_log_likelihood(bid_strength(hand - bottom), bids, self.bid_noise)
        if self.trick_miss < 1.0:
            log_w += self._trick_log_likelihood(view, state)
        return math.exp(log_w)

    def _trick_log_likelihood(self, view: View, state) -> float:
        """The current trick is public move by move: for each of a hidden seat's actions in it, did the
        normal policy, holding this deal's hand then, do the same? (log 1 if so, log `trick_miss` if not)."""
        info = view.info
        trick = info.trick
        if not trick:
            return 0.0
        me = view.seat
        left = list(info.cards_left)
        later = [0] * view.players           # keys of each seat's plays after the action looked at
        out = 0.0
        keys = [None if text == "pass" else dz.pack(dz.parse(text)) for _, text in trick]
        for i in range(len(trick) - 1, -1, -1):
            seat, text = trick[i]
            key = keys[i]
            if seat != me:
                hand = state.seat_facts(seat).hand + later[seat] + (key or 0)
                beat = next(((trick[j][0], keys[j]) for j in range(i - 1, -1, -1) if keys[j] is not None), None)
                if beat is None:
                    moves = [move_of_key(k) for k in dz.leading_keys(hand)]
                    owner = -1
                else:
                    owner = beat[0]
                    moves = [PASS] + [move_of_key(k) for k in dz.response_keys(hand, dz.combo_of_key(beat[1]))]
                if len(moves) > 1:
                    choice = _NORMAL_POLICY.play_from(seat, hand, info.landlord, left, beat is None, owner, moves)
                    if choice.text != text:
                        out += math.log(self.trick_miss)
            if key is not None:
                later[seat] += key
                left[seat] += dz.combo_of_key(key).size
        return out

    def _record(self, view: View) -> list:
        """Per hidden seat: (seat, its plays as keys in order, its bids as (amount, bid before), the key of
        the bottom cards it took). Cached for the decision (the view is the same for every deal)."""
        if self._record_for is view:
            return self._record_cache
        info = view.info
        out = []
        for s in range(view.players):
            if view.hand(s) is not None:
                continue
            plays = [_key_of_cards(g) for g in view.zones[f"played:{s}"].groups]
            bids, current = [], 0
            for seat, amount in info.bids:
                if seat == s:
                    bids.append((amount, current))
                current = max(current, amount)
            bottom = _key_of_cards(info.bottom_cards) if s == info.landlord else 0
            out.append((s, plays, bids, bottom))
        self._record_for, self._record_cache = view, out
        return out

    def determinize(self, view: View, rng: random.Random):
        """A deal agreeing with the view, in which each other seat is, with its naive chance, a naive
        player (then its play-outs play so) holding a hand that makes its every public action the naive
        one (ai/climbing_inference.py); the others' hidden cards otherwise dealt at random. The kinds
        drawn hold for the round's play-outs (with `pool` > 1, the search would pick among deals drawn
        with different kinds: keep `pool` at 1 while `naive` is on)."""
        self._round_naive = kinds = [s != view.seat and rng.random() < self._naive[s] for s in range(view.players)]
        if any(kinds[s] and self._caps[s] is not None for s in range(view.players)):
            view = self._with_naive_hands(view, rng) or view
        return self.rules.from_view(view, rng)

    def _with_naive_hands(self, view: View, rng: random.Random) -> View | None:
        """The view with the two hidden hands filled in, each naive seat's within its caps, every such
        deal equally likely (None if no deal can: then the caller deals at random)."""
        hidden = [s for s in range(view.players) if view.hand(s) is None]
        if len(hidden) != 2:
            return None
        kinds = tuple(self._round_naive[s] and self._caps[s] is not None for s in hidden)
        if kinds not in self._dealers:
            self._dealers[kinds] = self._dealer(view, hidden, kinds)
        dealer, bottom = self._dealers[kinds]
        if not dealer.possible:
            return None
        zones = dict(view.zones)
        for s, cards in zip(hidden, dealer.draw(rng)):
            held = bottom if s == view.info.landlord else ()
            zones[f"hand:{s}"] = replace(view.zones[f"hand:{s}"], cards=held + tuple(cards))
        return replace(view, zones=zones)

    def _dealer(self, view: View, hidden: list[int], kinds: tuple[bool, ...]) -> tuple[CappedDeal, tuple[str, ...]]:
        """The decision's `CappedDeal` for the hidden seats (capped where `kinds` says), and the
        landlord's unplayed bottom cards (public: they stay in its hand)."""
        info = view.info
        seen = set(view.hand() or ())
        for s in range(view.players):
            seen.update(c for g in view.zones[f"played:{s}"].groups for c in g)
        bottom = tuple(c for c in info.bottom_cards if c not in seen)
        unknown: list[list[str]] = [[] for _ in range(15)]
        for cid in CARD_IDS:
            if cid not in seen and cid not in bottom:
                unknown[_rank_of(cid)].append(cid)
        caps = []
        for s, capped in zip(hidden, kinds):
            cap = list(self._caps[s]) if capped else [NO_CAP] * 15
            if s == info.landlord:
                for cid in bottom:
                    cap[_rank_of(cid)] -= 1
            caps.append(cap)
        need = view.zones[f"hand:{hidden[0]}"].count - (len(bottom) if hidden[0] == info.landlord else 0)
        return CappedDeal(unknown, need, caps[0], caps[1]), bottom

    def playout(self, state, seat: int, root: View, rng: random.Random) -> float:
        """Play the deal out, each other seat by the normal policy or the naive one, as `determinize`
        drew it for this round (so every candidate meets the same opponents, and a naive seat holds a
        hand its public play allows); outside a search's rounds, drawn here from the play-out's seed
        with each seat's naive chance. In a solved endgame, the exact verdict instead (1 for a win),
        while the decision's expansions last."""
        solver = self._solver
        if solver is not None and not state.is_over:
            try:
                return 1.0 if solver.landlord_wins_state(state) == (seat == solver.landlord) else 0.0
            except TooBig:
                self._solver = None         # out of expansions: play-outs for the rest of the decision
        kinds = self._round_naive
        if kinds is None:       # a play-out outside the search's rounds (ai/analysis.py): draw them now
            kinds = [self.naive > 0 and s != seat and rng.random() < self._naive[s] for s in range(root.players)]
        policies = [naive_policy if naive else self.rollout_policy for naive in kinds]
        tail = self._tail
        for _ in range(self.max_moves):
            if state.is_over:
                break
            if tail is not None and sum(state.seat_facts(0).cards_left) <= self.tail_cards:
                try:
                    return 1.0 if tail.landlord_wins_state(state) == (seat == tail.landlord) else 0.0
                except TooBig:
                    tail = self._tail = None
            actor = state.to_act[0]
            state.apply(actor, policies[actor](state, actor, rng))
        return self.value(state, seat)

    def value(self, state, seat: int) -> float:
        if not state.is_over:
            return 0.0
        score = state.scores[seat]
        return (1.0 if score > 0 else 0.0) + self.points * score


class ClimbingSearchAgent(SearchAgent):
    """The shared search, with a play-out budget that grows as the deal shortens: `budget.playouts`
    counts play-outs of a whole deal (54 cards in hand); with fewer cards left a play-out is shorter, so
    the same thinking time buys more of them, up to `endgame` times as many, where precision pays most."""

    def __init__(self, rules, spec: ClimbingSpec, budget: Budget, endgame: float = 3.0) -> None:
        super().__init__(rules, spec, budget)
        self.base = budget
        self.endgame = endgame

    def choose(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        left = sum(view.info.cards_left) or 1
        scale = min(self.endgame, max(1.0, 54 / left))
        self.budget = replace(self.base, playouts=round(self.base.playouts * scale))
        try:
            return super().choose(view, legal_moves, rng)
        finally:
            self.spec._round_naive = None       # later play-outs (an analysis) draw their own kinds

    def _survivors(self, active: list[int], results: list[list[float]]) -> list[int]:
        """Racing, and in a solved endgame: a candidate that won on every deal so far is as good as it
        gets (the heuristic's move if it is such a one, else the first such); when every candidate lost
        on every deal so far, the rest of the decision plays out instead (the same rounds stay paired)."""
        out = super()._survivors(active, results)
        if len(out) > 1 and self.spec._solver is not None:
            sure = [i for i in out if min(results[i]) >= 1.0]
            if sure:
                return [sure[0]]
            if all(max(results[i]) <= 0.0 for i in out):
                # lost on every deal against best play: play-outs, where the others may err, decide
                self.spec._solver = None
        return out


def make_hard(rules, iterations: int | None = None, time_budget: float | None = None,
              **options) -> ClimbingSearchAgent:
    """ai:hard: the shared search with Dou Dizhu's spec; `iterations` play-outs of a whole deal,
    `time_budget` seconds at most; `options` tune the spec, the budget and the endgame scaling."""
    budget_keys = {"min_rounds", "z", "keep_z"}
    budget = Budget(playouts=iterations or 400, seconds=time_budget,
                    **{k: v for k, v in options.items() if k in budget_keys})
    endgame = options.pop("endgame", 3.0)
    spec = ClimbingSpec(rules, **{k: v for k, v in options.items() if k not in budget_keys})
    return ClimbingSearchAgent(rules, spec, budget, endgame)


# the Hint's move and its reason (revolt_table/ai/hints.py finds it in the family's AI module)
from .climbing_hints import HINT_CODES, hint_with_reason  # noqa: E402,F401
