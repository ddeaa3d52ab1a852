"""Dou Dizhu endgames solved exactly: who wins a deal with every hand known and best play on both sides.

ai:hard's search (ai/climbing_ai.py) deals the hidden cards at random many times; once few cards are
left, each such deal is small enough to solve outright instead of playing it out with the heuristic,
whose endgame errors (a pair led into a pair, a bomb kept too long) are exactly what decides close deals.
Three seats make two sides (the landlord against the farmers), so the question is a yes/no one: does
the landlord's side win? An AND/OR search answers it: at a landlord's turn some move must win, at a
farmer's turn every move must; it stops at the first move that settles the node, tries going out and
big combinations first, and remembers every settled position (hands as packed rank keys, the seat to
act, the combination to beat and who played it). A position is the same whichever deal reached it, so
one table serves every deal and every candidate move of a decision.

The search counts the positions it expands; past its `limit`, or once the decision's clock has run out
(read every `CLOCK_EVERY` expansions, about 6 ms), it raises `TooBig` and the caller falls back to a
play-out (what it settled so far stays valid).
"""

from __future__ import annotations

from ..games import doudizhu_combos as dz
from ..engine.memo import MemoTable
from .budget import Clock

CLOCK_EVERY = 1024      # expansions between two readings of the clock
_COMBO: dict[int, dz.Combo] = MemoTable()


class TooBig(Exception):
    """The position needs more expansions than the solver may spend."""


def _size(key: int) -> int:
    return _combo(key).size


def _combo(key: int) -> dz.Combo:
    c = _COMBO.get(key)
    if c is None:
        if len(_COMBO) > 1 << 16:
            _COMBO.clear()
        c = _COMBO[key] = dz.combo_of_key(key)
    return c


class EndgameSolver:
    """Exact win/loss of perfect-information Dou Dizhu positions for one landlord seat (three players).

    `nodes` counts expansions since creation; `limit` caps them, and `clock` the time they take (then
    `TooBig`)."""

    def __init__(self, landlord: int, limit: int, clock: Clock | None = None) -> None:
        self.landlord = landlord
        self.limit = limit
        self.clock = clock or Clock(None)
        self.nodes = 0
        self._check_at = min(limit, CLOCK_EVERY)     # the next expansion count that looks at the limits
        self.memo: dict[tuple, bool] = MemoTable()

    def landlord_wins_state(self, state) -> bool:
        """The verdict for a ClimbingState in the play phase, read through `seat_facts` (the family's
        playout interface): raises TooBig past the limit."""
        facts = [state.seat_facts(s) for s in range(3)]
        beat = facts[0].to_beat
        return self.landlord_wins(tuple(f.hand for f in facts), state.to_act[0], beat,
                                  facts[0].lead_owner if beat is not None else -1)

    def landlord_wins(self, keys: tuple, turn: int, beat: dz.Combo | None, owner: int) -> bool:
        """keys: the three hands; `beat`: the combination to beat (None when `turn` leads), by `owner`."""
        pos = (keys, turn, beat, owner)
        memo = self.memo
        known = memo.get(pos)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self._check_at:
            if self.nodes > self.limit or self.clock.expired():
                raise TooBig
            self._check_at = min(self.limit, self.nodes + CLOCK_EVERY)
        hand = keys[turn]
        want = turn == self.landlord          # the verdict this seat plays for
        moves = dz.response_keys(hand, beat) if beat is not None else dz.leading_keys(hand)
        if hand in moves:                     # going out wins for its side
            memo[pos] = want
            return want
        nxt = (turn + 1) % 3
        if len(moves) > 1:
            moves = sorted(moves, key=_size, reverse=True)
        for m in moves:
            after = keys[:turn] + (hand - m,) + keys[turn + 1:]
            if self.landlord_wins(after, nxt, _combo(m), turn) == want:
                memo[pos] = want
                return want
        if beat is not None:                  # pass: the trick goes back to its owner after two passes
            back = nxt == owner
            verdict = self.landlord_wins(keys, nxt, None if back else beat, -1 if back else owner)
            if verdict == want:
                memo[pos] = want
                return want
        memo[pos] = not want
        return not want
