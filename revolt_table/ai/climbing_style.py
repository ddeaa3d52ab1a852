"""Which kind of player is each other seat? Dou Dizhu's ai:hard reads it from the public play.

ai:hard's play-outs need a model of the others. Two kinds are common: players who keep their hand's
structure (ai:normal's policy) and naive players who lead whatever holds their lowest card and answer
with the lowest combination of the kind, even over a partner (ai/climbing_ai.py `naive_policy`;
RLCard's rule agent plays so). Each shows itself in what the whole table sees:
- a naive lead always holds the leader's lowest card, so a later play of a lower card proves that lead
  was not naive; a lead with kickers (trio and single or pair, airplane with wings, four with two) is
  never naive; a bare trio is a naive lead more often than a planned one;
- a farmer who beats its partner's standing play (without going out) is naive: a planner never does;
- a naive player answers whenever it holds a combination of the kind that beats the play, and with
  the lowest such: a pass, or a higher answer, while its later plays prove it held a lower answer of
  the kind (all its later cards were in its hand then) is a planner's.
Each sign adds to the log-odds that the seat is naive (0: even, as before anything is seen), and the
play-outs give each seat the naive policy with that probability.
Those signs are proofs, and most need a later play to show. `policy_evidence` weighs every action as it
comes instead: it replays the seat's record on hands it may hold (its unseen cards dealt at random,
plus what it played since) and asks how often each policy would have made each play or pass; the ratio
of the two frequencies is the action's likelihood ratio, added to the log-odds. Against ai:normal
(40 deals, dev figures, 32 hands) the mean naive chance after 16-23 cards played fell from 0.38 to 0.19;
against RLCard's rule agent it rose from 0.73 to 0.80.

The view shows the current trick move by move but only the cards of earlier tricks, so `StyleReader`
keeps, per deal and reading seat, which plays it saw as leads and which beat a partner (each named by
the seat and the index of the play among that seat's plays). A decision counts only plays the view in
hand already shows, so replaying an earlier position never uses what came after it; an agent that has
seen nothing of the deal (a fresh one) reads the even odds.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable

from ..engine.move import Move
from ..engine.state import View
from ..games import doudizhu_combos as dz
from ..games.climbing import CARD_IDS, PASS, move_of_key
from .climbing_inference import trick_record

KICKER_TYPES = frozenset({dz.TRIO_SINGLE, dz.TRIO_PAIR, dz.AIRPLANE_SINGLES, dz.AIRPLANE_PAIRS,
                          dz.FOUR_TWO_SINGLES, dz.FOUR_TWO_PAIRS})
LOWER_LATER = -3.0        # a lead whose lowest card was not the leader's lowest: a planner
KICKER_LEAD = -3.0        # a lead with kickers: a planner
BARE_TRIO_LEAD = 1.0      # a bare trio (or airplane) led: more often naive
PARTNER_BEATEN = 3.0      # a farmer over its partner's play: naive
HELD_BACK = -3.0          # passed, or answered high, holding a lower answer of the kind: a planner
DEALS_KEPT = 8


def _ranks(cards) -> list[int]:
    return [dz.RANKS.index("B" if c == "BJ" else "R" if c == "RJ" else c[0]) for c in cards]


def _key(groups) -> int:
    return sum(1 << 3 * r for g in groups for r in _ranks(g))


def _answers_below(held: int, target: dz.Combo, below: int) -> bool:
    """Does hand `held` beat `target` with a combination of its kind ranked under `below`?"""
    for k in dz.response_keys(held, target):
        cb = dz.combo_of_key(k)
        if cb.type == target.type and cb.length == target.length and cb.rank < below:
            return True
    return False


def counts_now(view: View, seat: int) -> int:
    return len(view.zones[f"played:{seat}"].groups)


class StyleReader:
    """Log-odds that each seat plays naively, from the public record of the deal (see the module)."""

    def __init__(self) -> None:
        self._deals: OrderedDict[tuple, tuple[set, set, set]] = OrderedDict()

    def observe(self, view: View) -> None:
        """Note the current trick's leads, partner-beating plays and answers (by seat and play index:
        an answer or a pass also with the combination it met, a pass with the index of the seat's next play)."""
        info = view.info
        if info.phase != "play" or not info.trick:
            return
        leads, beats, met = self._record(view)
        landlord = info.landlord
        counts = [len(view.zones[f"played:{s}"].groups) for s in range(view.players)]
        index = {}                               # play index of each play in the trick, from the end
        for seat, text in reversed(info.trick):
            if text != "pass":
                counts[seat] -= 1
                index.setdefault(seat, [])
                index[seat].append(counts[seat])
        seen = {s: 0 for s in index}
        owner, played = None, None
        for i, (seat, text) in enumerate(info.trick):
            if text == "pass":
                if played is not None and seat != view.seat:
                    later, done = index.get(seat, []), seen.get(seat, 0)
                    nxt = later[len(later) - 1 - done] if done < len(later) else counts_now(view, seat)
                    met.add((seat, nxt, played, 99))
                continue
            j = index[seat][len(index[seat]) - 1 - seen[seat]]
            seen[seat] += 1
            if i == 0:
                leads.add((seat, j))
            else:
                if seat != landlord and owner != landlord and owner != seat:
                    beats.add((seat, j))
                cb = dz.classify(text)
                if cb is not None and cb.type == played.type:
                    met.add((seat, j + 1, played, cb.rank))
            owner, played = seat, dz.classify(text)

    def naive_odds(self, view: View) -> list[float]:
        """Per seat, the log-odds that it plays naively (0 for the reading seat itself)."""
        info = view.info
        out = [0.0] * view.players
        if info.phase != "play":
            return out
        leads, beats, met = self._record(view)
        groups = [view.zones[f"played:{s}"].groups for s in range(view.players)]
        for seat, j in sorted(leads):               # sorted: the same sum in any process
            g = groups[seat]
            if j >= len(g) or seat == view.seat:
                continue
            combo = dz.combo_of_key(_key((g[j],)))      # the cards' packed key (classify reads 15 cards as counts)
            if combo is not None and combo.type in KICKER_TYPES:
                out[seat] += KICKER_LEAD
                continue
            low = min(_ranks(g[j]))
            if any(min(_ranks(later)) < low for later in g[j + 1:]):
                out[seat] += LOWER_LATER
            elif combo is not None and combo.type in (dz.TRIO, dz.AIRPLANE):
                out[seat] += BARE_TRIO_LEAD
        for seat, j in sorted(beats):
            if j < len(groups[seat]) and seat != view.seat:
                out[seat] += PARTNER_BEATEN
        for seat, nxt, target, rank in sorted(met):
            g = groups[seat]
            if nxt < len(g) and seat != view.seat and _answers_below(_key(g[nxt:]), target, rank):
                out[seat] += HELD_BACK
        return out

    def naive_chances(self, view: View, base: float, evidence: list[float] | None = None) -> list[float]:
        """Per seat, the chance that a play-out gives it the naive policy: `base` moved by the odds
        (and by `evidence`, more log-odds per seat, when given: `policy_evidence`)."""
        base = min(max(base, 1e-6), 1 - 1e-6)
        prior = math.log(base / (1 - base))
        odds = self.naive_odds(view)
        if evidence is not None:
            odds = [a + b for a, b in zip(odds, evidence)]
        return [1.0 / (1.0 + math.exp(-min(50.0, max(-50.0, prior + o)))) for o in odds]

    def _record(self, view: View) -> tuple[set, set, set]:
        info = view.info
        key = (view.seat, info.landlord, tuple(info.bottom_cards))
        rec = self._deals.get(key)
        if rec is None:
            rec = self._deals[key] = (set(), set(), set())
            while len(self._deals) > DEALS_KEPT:
                self._deals.popitem(last=False)
        return rec


# A choice function reads the facts a policy decides from and returns its move, or None where it
# picks any legal move at random: (seat, hand key, landlord, cards left, play to beat or None, its
# owner, legal moves with a pass first when answering).
Choice = Callable[[int, int, int, tuple, "dz.Combo | None", int, list], "Move | None"]


def policy_evidence(view: View, naive: Choice, normal: Choice, samples: int, rng: random.Random) -> list[float]:
    """Per seat, the log of how much likelier its public record is from a naive player than from a
    planner: each of its plays and passes so far, replayed on `samples` hands it may hold (its hidden
    cards dealt at random, plus every card it played since), counts how often each policy makes it
    (a random pick counts 1/number of moves); the ratio of the two frequencies, half a hand added to
    each (so no single play is proof), multiplied over the record.

    The signs `naive_odds` reads are proofs that need a later play; this weighs every action as it
    comes: a planner's lead of a pair from a hand whose naive split leads a single, an answer above
    the lowest of its kind, a pass where a naive player would have answered..."""
    info = view.info
    out = [0.0] * view.players
    actions = info.actions
    if info.phase != "play" or not actions or samples <= 0:
        return out
    record = trick_record(actions)
    keys = [key for _, key, _, _ in record]
    hidden = [s for s in range(view.players) if view.hand(s) is None]
    if not hidden:
        return out
    seen = set(view.hand() or ())
    for s in range(view.players):
        seen.update(c for g in view.zones[f"played:{s}"].groups for c in g)
    bottom = _ranks(c for c in info.bottom_cards if c not in seen)
    pool = _ranks(c for c in CARD_IDS if c not in seen and c not in info.bottom_cards)
    left = list(info.cards_left)
    for seat, key, _, _ in record:                  # the counts when the deal's play began
        if key is not None:
            left[seat] += dz.combo_of_key(key).size
    contexts = _contexts(record, left)
    for seat in hidden:
        fixed = sum(1 << 3 * r for r in bottom) if seat == info.landlord else 0
        draw = info.cards_left[seat] - (len(bottom) if seat == info.landlord else 0)
        mine = [i for i, (s, _) in enumerate(actions) if s == seat]
        if not mine or draw < 0 or draw > len(pool):
            continue
        later = {}                                  # action index -> the seat's cards played from it on
        acc = 0
        for i in reversed(mine):
            acc += keys[i] or 0
            later[i] = acc
        naive_n = [0.0] * len(mine)
        normal_n = [0.0] * len(mine)
        for _ in range(samples):
            now = fixed + sum(1 << 3 * r for r in rng.sample(pool, draw))
            for j, i in enumerate(mine):
                hand = now + later[i]
                target, owner, counts = contexts[i]
                if target is None:
                    moves = [move_of_key(k) for k in dz.leading_keys(hand)]
                else:
                    moves = [PASS] + [move_of_key(k) for k in dz.response_keys(hand, target)]
                if len(moves) == 1:
                    naive_n[j] += 1
                    normal_n[j] += 1
                    continue
                key = keys[i]
                pick = naive(seat, hand, info.landlord, counts, target, owner, moves)
                if pick is None:
                    naive_n[j] += 1 / len(moves)
                elif (pick.text == "pass") if key is None else pick.payload == key:
                    naive_n[j] += 1
                pick = normal(seat, hand, info.landlord, counts, target, owner, moves)
                if (pick.text == "pass") if key is None else pick.payload == key:
                    normal_n[j] += 1
        out[seat] = sum(math.log((a + 0.5) / (b + 0.5)) for a, b in zip(naive_n, normal_n))
    return out


def _contexts(record, left: list[int]) -> list[tuple]:
    """Per action of the `trick_record`: (the play it had to beat or None for a lead, that play's seat,
    every seat's cards left then), from the counts `left` when the deal's play began."""
    out = []
    left = list(left)
    for seat, key, target, owner in record:
        out.append((target, owner, tuple(left)))
        if key is not None:
            left[seat] -= dz.combo_of_key(key).size
    return out
