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

The search counts the positions it expands; past its `limit` it raises `TooBig` and the caller falls
back to a play-out (what it settled so far stays valid).
"""

from __future__ import annotations

from ..games import doudizhu_combos as dz

_SIZE: dict[int, int] = {}


class TooBig(Exception):
    """The position needs more expansions than the solver may spend."""


def _size(key: int) -> int:
    s = _SIZE.get(key)
    if s is None:
        s = _SIZE[key] = dz.combo_of_key(key).size
    return s


class EndgameSolver:
    """Exact win/loss of perfect-information Dou Dizhu positions for one landlord seat (three players).

    `nodes` counts expansions since creation; `limit` caps them (then `TooBig`)."""

    def __init__(self, landlord: int, limit: int) -> None:
        self.landlord = landlord
        self.limit = limit
        self.nodes = 0
        self.memo: dict[tuple, bool] = {}

    def landlord_wins_state(self, state) -> bool:
        """The verdict for a ClimbingState in the play phase (raises TooBig past the limit)."""
        beat = state._beat_key() if state.to_beat is not None else 0
        return self.landlord_wins(tuple(state.keys), state.turn, beat, state.owner if beat else -1)

    def landlord_wins(self, keys: tuple, turn: int, beat: int, owner: int) -> bool:
        """keys: the three hands; `beat`: the combination to beat (0 when `turn` leads) played by `owner`."""
        pos = (keys, turn, beat, owner)
        memo = self.memo
        known = memo.get(pos)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig
        hand = keys[turn]
        want = turn == self.landlord          # the verdict this seat plays for
        moves = dz.response_keys(hand, dz.combo_of_key(beat)) if beat else dz.leading_keys(hand)
        if hand in moves:                     # going out wins for its side
            memo[pos] = want
            return want
        nxt = (turn + 1) % 3
        if len(moves) > 1:
            moves = sorted(moves, key=_size, reverse=True)
        for m in moves:
            after = keys[:turn] + (hand - m,) + keys[turn + 1:]
            if self.landlord_wins(after, nxt, m, turn) == want:
                memo[pos] = want
                return want
        if beat:                              # pass: the trick goes back to its owner after two passes
            back = nxt == owner
            verdict = self.landlord_wins(keys, nxt, 0 if back else beat, -1 if back else owner)
            if verdict == want:
                memo[pos] = want
                return want
        memo[pos] = not want
        return not want
