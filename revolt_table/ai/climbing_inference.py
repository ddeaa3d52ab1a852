"""What the public record proves about a naive Dou Dizhu player's hand, and deals that respect it.

A naive player (ai/climbing_ai.py `naive_policy`; RLCard's rule agent plays so) is predictable enough
that its public actions pin its hand down: its lead always holds its lowest card (and, unless it is
a chain, every card of that rank); it answers with the LOWEST combination of the kind that beats the
table, so an answer of rank r proves it held none of the kind between the table's rank and r; and it
passes (or answers with a bomb) only when it holds
nothing of the kind that beats the table. ai:hard deals its determinizations for a seat it takes for
naive (ai/climbing_style.py gives the chance) so that every such fact holds, the way a player at the
table reasons "she passed on my nine: she has nothing above it".

Why caps on rank counts: every fact above, for the simple kinds (single, pair, trio with or without
kicker, bomb), reads "at that moment the hand held at most c cards of rank r". The hand then was the
hand now plus the cards the seat has played since, so each fact is a cap on the hand now
(c minus those cards); a negative cap means the record contradicts a naive player. Caps per rank let
the two hidden hands be dealt exactly uniformly among the deals that respect them (`CappedDeal`: a
count over ranks, once a decision, then a draw per deal), with no rejection loop whose cost grows
with what is known.
Chains, airplanes and four-with-two answers give caps that are not per rank, and a pass on a trio
with a pair proves nothing per rank (the seat may have lacked the pair); they are left out (a deal may
then break such a fact: a little less precise, never wrong).

Formats: a record is `info.actions`, (seat, move text or "pass") for every play of the deal in order;
caps are 15 ints, one per rank 3..2, black joker, red joker (`doudizhu_combos.RANKS` order).
"""

from __future__ import annotations

import random
from math import comb

from ..games import doudizhu_combos as dz

RANKS = 15
NO_CAP = 4
_C = tuple(tuple(comb(n, a) for a in range(5)) for n in range(5))   # at most 4 cards of a rank
# the most cards of one rank a hand may hold that has no combination of the kind above the table
_HOLD_BELOW = {dz.SINGLE: 0, dz.PAIR: 1, dz.TRIO: 2, dz.TRIO_SINGLE: 2, dz.TRIO_PAIR: 2, dz.BOMB: 3}
# a naive lead of these kinds plays every card of its lowest rank (a third card would have made a trio,
# a fourth a bomb); a chain may leave some behind
_WHOLE_RANK = frozenset({dz.SINGLE, dz.PAIR, dz.TRIO, dz.BOMB})


def _top_rank(kind: str) -> int:
    """The highest rank a combination of this kind can have (jokers only pair as a rocket)."""
    return dz.RED_JOKER if kind == dz.SINGLE else dz.TWO


def trick_record(actions) -> list[tuple[int, int | None, dz.Combo | None, int]]:
    """The record read trick by trick, what every reading of it needs: per action, (its seat, its
    packed key or None for a pass, the combination it had to beat or None for a lead, that
    combination's seat or -1). A trick ends when the two other seats pass its standing play."""
    out: list[tuple[int, int | None, dz.Combo | None, int]] = []
    to_beat: dz.Combo | None = None
    owner = -1
    passes = 0
    for seat, text in actions:
        if text == "pass":
            out.append((seat, None, to_beat, owner))
            passes += 1
            if passes == 2:
                to_beat, owner, passes = None, -1, 0
            continue
        key = dz.pack(dz.parse(text))
        out.append((seat, key, to_beat, owner))
        to_beat, owner, passes = dz.combo_of_key(key), seat, 0
    return out


def naive_caps(actions, seat: int) -> list[int] | None:
    """Per rank, the most cards `seat` may hold now if it played every action of the record as a naive
    player; None when the record proves it is not one (a cap fell below zero)."""
    facts: list[tuple[int, int, int, int]] = []   # (action index, low rank, high rank, cap) on the hand then
    keys: list[int] = []                          # the seat's plays, by action index
    at: list[int] = []
    for i, (s, key, to_beat, _) in enumerate(trick_record(actions)):
        if s != seat:
            continue
        if key is None:                           # a pass: nothing of the kind above the table
            if to_beat is not None and to_beat.type in _HOLD_BELOW and to_beat.type != dz.TRIO_PAIR:
                facts.append((i, to_beat.rank + 1, _top_rank(to_beat.type), _HOLD_BELOW[to_beat.type]))
            continue
        combo = dz.combo_of_key(key)
        keys.append(key)
        at.append(i)
        if to_beat is None:                       # a lead holds the lowest card
            low = next(r for r in range(RANKS) if key >> 3 * r & 7)
            facts.append((i, 0, low - 1, 0))
            if combo.type in _WHOLE_RANK:         # and all of that rank (more would be a bigger group)
                facts.append((i, low, low, key >> 3 * low & 7))
        elif to_beat.type in _HOLD_BELOW:
            cap = _HOLD_BELOW[to_beat.type]
            if combo.type == to_beat.type:        # the lowest answer of the kind
                facts.append((i, to_beat.rank + 1, combo.rank - 1, cap))
            elif to_beat.type != dz.TRIO_PAIR:    # a bomb: nothing of the kind
                facts.append((i, to_beat.rank + 1, _top_rank(to_beat.type), cap))
    caps = [NO_CAP] * RANKS
    for i, low, high, cap in facts:
        since = sum(k for k, j in zip(keys, at) if j >= i)   # the hand then = the hand now + these
        for r in range(low, high + 1):
            c = cap - (since >> 3 * r & 7)
            if c < 0:
                return None
            caps[r] = min(caps[r], c)
    return caps


class CappedDeal:
    """Every split of the unknown cards (grouped by rank) into a hand of `need` cards for seat A and
    the rest for seat B, each within its caps (which count the unknown cards only); `draw` picks one,
    every such split equally likely. The count table is built once (a decision draws many deals from
    the same record); `possible` is False when no split exists.

    ways[r][k]: the number of card sets that give A exactly k cards from ranks r and above."""

    def __init__(self, unknown: list[list], need: int, caps_a: list[int], caps_b: list[int]) -> None:
        self.unknown, self.need = unknown, need
        self.lo = lo = [max(0, len(cards) - caps_b[r]) for r, cards in enumerate(unknown)]
        self.hi = hi = [min(len(cards), caps_a[r]) for r, cards in enumerate(unknown)]
        self.ways = ways = [[0] * (need + 1) for _ in range(RANKS + 1)]
        if any(a > b for a, b in zip(lo, hi)):
            self.possible = False
            return
        ways[RANKS][0] = 1
        least = most = 0                           # what ranks r and above can give A at least / at most
        for r in range(RANKS - 1, -1, -1):
            c, below, row, a0, a1 = _C[len(unknown[r])], ways[r + 1], ways[r], lo[r], hi[r]
            for k in range(least + a0, min(need, most + a1) + 1):
                row[k] = sum([c[a] * below[k - a] for a in range(a0, min(a1, k) + 1)])
            least, most = least + a0, most + a1
        self.possible = ways[0][need] > 0

    def draw(self, rng: random.Random) -> tuple[list, list]:
        """(A's cards, B's cards), rank by rank: how many of the rank A gets, in proportion to the
        splits that remain, then which of the rank's cards."""
        ways, lo, hi = self.ways, self.lo, self.hi
        hand_a: list = []
        hand_b: list = []
        k = self.need
        for r in range(RANKS):
            cards = self.unknown[r]
            pick = rng.randrange(ways[r][k])       # exact integers: the same draw in any process
            for a in range(lo[r], min(hi[r], k) + 1):
                w = _C[len(cards)][a] * ways[r + 1][k - a]
                if pick < w:
                    break
                pick -= w
            chosen = set(rng.sample(range(len(cards)), a))
            for j, card in enumerate(cards):
                (hand_a if j in chosen else hand_b).append(card)
            k -= a
        return hand_a, hand_b


def deal_with_caps(unknown: list[list], need: int, caps_a: list[int], caps_b: list[int],
                   rng: random.Random) -> tuple[list, list] | None:
    """One split drawn from `CappedDeal(unknown, need, caps_a, caps_b)`; None when none exists."""
    deal = CappedDeal(unknown, need, caps_a, caps_b)
    return deal.draw(rng) if deal.possible else None
