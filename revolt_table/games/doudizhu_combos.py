"""Dou Dizhu (Cardavia rules) combinations: classification, comparison, move generation.

Pure: no pygame, no I/O, and nothing from the engine but `engine.message` (what it says is data).

Ranks are indexed 0..14 in the order ``3456789TJQKA2BR`` (``B`` = black/small joker,
``R`` = red/big joker). A multiset of ranks is given either as

* a *counts* sequence: 15 ints, ``counts[r]`` = number of cards of rank ``r``;
* a *text*: the ranks as characters, e.g. ``"333444"``, ``"33345"``, ``"BR"`` (canonical text
  is sorted ascending in ``3456789TJQKA2BR`` order; :func:`parse` accepts any order, spaces,
  lower case and ``10`` for ``T``);
* a *key*: a packed int, 3 bits per rank (``counts[r] << 3*r``). Keys are the fast form: a hand
  minus a move is ``hand_key - move_key``, a move is ``sum`` of per-rank values, and keys are
  hashable ints. :func:`pack` / :func:`unpack` convert.

Public API
----------
``classify(x) -> Combo | None``, ``beats(a, b) -> bool``, ``leading_moves(hand)``,
``responses(hand, to_beat)`` (lists of counts tuples), the fast forms ``leading_keys(hand)`` /
``response_keys(hand, to_beat)`` (lists of packed keys) with ``combo_of_key(key)``,
``parse(text)``, ``to_text(x)``, ``pack(counts)``, ``unpack(key)``, and what may be said about a
combination: ``describe(combo)`` (its name) and ``why_invalid(selection, to_beat=None)`` (why it may
not be played). Those two return a ``Message`` / ``Refusal`` (a code such as
``climbing.combo.pair`` or ``climbing.refusal.chain_short`` and its arguments, rank names included
as ``climbing.rank.<form>.<rank id>`` messages), never English: the UI makes the sentence from the
translation files. ``CODES`` lists every code.

``Combo`` is a NamedTuple ``(type, rank, length, size)``:

* ``type``: one of :data:`TYPES` (``"single"``, ``"pair"``, ``"trio"``, ``"trio_single"``,
  ``"trio_pair"``, ``"chain"``, ``"pair_chain"``, ``"airplane"``, ``"airplane_singles"``,
  ``"airplane_pairs"``, ``"four_two_singles"``, ``"four_two_pairs"``, ``"bomb"``, ``"rocket"``);
* ``rank``: the main rank compared (the rank of the single/pair/trio/four; the highest core rank
  of a chain, chain of pairs or airplane; 14 for the rocket);
* ``length``: number of ranks in the core sequence (chain length, number of pairs of a pair chain,
  number of trios of an airplane); 1 for every non-sequence type;
* ``size``: number of cards.

Move lists hold one entry per distinct rank multiset, never ``pass``. Their order is deterministic
(same input, same list, in every run) but otherwise unspecified.

Rulings
-------
These are the decisions taken where the rulebook leaves room; each line can be copied into the
YAML ``rulings:`` list.

1. Every multiset has at most one reading. Because single wings may not contain a trio or a bomb
   or a core rank, and pair wings use distinct non-core ranks, an airplane (with or without wings)
   has *exactly* its core ranks at count 3 and every other rank at count <= 2. Hence
   ``333444555666`` is only an airplane of 4 trios (the reading "333444555 with wings 6,6,6" has a
   trio as wings), ``333444555777`` is not a combination, and the 20-card readings "5 trios + 5
   singles" and "4 trios + 4 pairs" can never both apply. No tie-break between readings is needed.
2. A rank of an airplane core cannot reappear in its wings: ``33334445`` (core 333444, wings 3 and
   5) is not a combination, and neither is ``333444`` plus ``44`` etc.
3. Single wings of an airplane: any ranks outside the core, at most two cards of a rank (they may
   form a pair, even two pairs), 2s allowed, one joker allowed, not both jokers.
4. Pair wings (airplane with pairs, four with two pairs): each pair is two cards of one rank
   ``3``..``2``; the jokers never form a pair; all pair ranks are distinct and differ from the
   core/four rank. ``33334444`` (two fours) is not a combination.
5. Trio with a single: the single is any other rank, a 2 or a joker included. Trio with a pair: the
   pair is any other rank from 3 to 2; trio + both jokers is not a combination. Trios of 2s (and
   their attachments) are valid: only sequences exclude 2s and jokers.
6. Four with two singles: a four plus two cards of other ranks, which may be a pair or one joker,
   not both jokers (a four of 2s may take attachments). Four with two pairs: a four plus two pairs
   of distinct other ranks. Neither is a bomb: they are ordinary combinations, beaten by bombs.
7. Sequences use ranks 3..A only, never wrap; a chain has 5..12 cards, a chain of pairs 3+ pairs,
   an airplane core 2+ consecutive trios (the size of a hand, 20 cards, is the only upper bound).
8. A non-bomb combination beats another only if it has the same type and the same length (hence
   the same size) and a strictly higher main rank. Kickers and wings never count, so equal main
   ranks never beat each other (e.g. ``34567`` does not beat ``34567``).
9. A bomb beats every combination except a higher bomb and the rocket; the rocket beats every
   combination and nothing beats it. A single joker is an ordinary single (red beats black).
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple, Sequence, Union

from ..engine.message import Message, Refusal
from ..engine.memo import MemoTable

__all__ = [
    "RANKS", "TYPES", "Combo", "classify", "beats", "leading_moves", "responses",
    "leading_keys", "response_keys", "combo_of_key", "parse", "to_text", "pack", "unpack",
    "describe", "why_invalid", "rank_message", "kind_message", "RANK_FORMS", "CODES",
]

RANKS = "3456789TJQKA2BR"
NRANKS = 15
ACE, TWO, BLACK_JOKER, RED_JOKER = 11, 12, 13, 14
MAX_COUNT = (4,) * 13 + (1, 1)

SINGLE = "single"
PAIR = "pair"
TRIO = "trio"
TRIO_SINGLE = "trio_single"
TRIO_PAIR = "trio_pair"
CHAIN = "chain"
PAIR_CHAIN = "pair_chain"
AIRPLANE = "airplane"
AIRPLANE_SINGLES = "airplane_singles"
AIRPLANE_PAIRS = "airplane_pairs"
FOUR_TWO_SINGLES = "four_two_singles"
FOUR_TWO_PAIRS = "four_two_pairs"
BOMB = "bomb"
ROCKET = "rocket"
TYPES = (SINGLE, PAIR, TRIO, TRIO_SINGLE, TRIO_PAIR, CHAIN, PAIR_CHAIN, AIRPLANE,
         AIRPLANE_SINGLES, AIRPLANE_PAIRS, FOUR_TWO_SINGLES, FOUR_TWO_PAIRS, BOMB, ROCKET)


class Combo(NamedTuple):
    """A classified combination: what it is and what is compared. Kickers are not stored."""
    type: str
    rank: int
    length: int
    size: int


Hand = Union[Sequence[int], str, int]

# ---------------------------------------------------------------------------------------------
# packed keys
# ---------------------------------------------------------------------------------------------

_K = tuple(tuple(c << (3 * r) for c in range(5)) for r in range(NRANKS))  # _K[r][c]
_ONES = sum(1 << (3 * r) for r in range(NRANKS))          # bit 3r for every rank
_SEQ = sum(1 << (3 * r) for r in range(TWO))              # ranks 3..A
_FIELD = tuple(7 << (3 * r) for r in range(NRANKS))
_JJ = _K[BLACK_JOKER][1] | _K[RED_JOKER][1]
_JOKER_OVER = (6 << (3 * BLACK_JOKER)) | (6 << (3 * RED_JOKER))
_ABOVE = {r: sum(1 << (3 * s) for s in range(r + 1, NRANKS)) for r in range(-1, NRANKS)}
_ROCKET_COMBO = Combo(ROCKET, RED_JOKER, 1, 2)
_CACHE_LIMIT = 1 << 20


def _valid_key(k: int) -> bool:
    """True if every field is within one deck (<= 4, jokers <= 1)."""
    return not (((k >> 2) & (k | (k >> 1)) & _ONES) or (k & _JOKER_OVER))


def pack(counts: Sequence[int]) -> int:
    """Counts (15 ints) -> packed key. Raises ValueError outside one deck."""
    if len(counts) != NRANKS:
        raise ValueError(f"expected {NRANKS} rank counts, got {len(counts)}")
    k = 0
    for r, x in enumerate(counts):
        if x:
            if not 0 < x <= MAX_COUNT[r]:
                raise ValueError(f"{x} cards of rank {RANKS[r]} is not possible in one deck")
            k += x << (3 * r)
    return k


_TUPLE: dict[int, tuple] = MemoTable()
# the counts of four ranks (12 bits) and of the last three (9 bits), looked up instead of shifted rank by
# rank: an AI's play-outs unpack hundreds of thousands of new keys a decision
_FOUR = tuple(tuple((bits >> (3 * r)) & 7 for r in range(4)) for bits in range(1 << 12))
_THREE = tuple(four[:3] for four in _FOUR[: 1 << 9])


def unpack(key: int) -> tuple:
    """Packed key -> counts tuple (cached, so the tuples are shared: do not rely on identity)."""
    t = _TUPLE.get(key)
    if t is None:
        if len(_TUPLE) > _CACHE_LIMIT:
            _TUPLE.clear()
        t = _TUPLE[key] = _FOUR[key & 0xFFF] + _FOUR[key >> 12 & 0xFFF] + _FOUR[key >> 24 & 0xFFF] + _THREE[key >> 36]
    return t


_CHAR = {ch: i for i, ch in enumerate(RANKS)}
_CHAR.update({ch.lower(): i for ch, i in list(_CHAR.items())})


def parse(text: str) -> tuple:
    """Text such as ``"333444"`` (any order; spaces, commas and ``10`` allowed) -> counts tuple."""
    c = [0] * NRANKS
    t = text.replace("10", "T")
    for ch in t:
        r = _CHAR.get(ch)
        if r is None:
            if ch in " ,-_\t":
                continue
            raise ValueError(f"unknown rank {ch!r} in {text!r} (ranks are {RANKS})")
        c[r] += 1
    return tuple(c)


def _to_key(x: Hand) -> int:
    if isinstance(x, int):
        if x < 0 or not _valid_key(x):
            raise ValueError(f"invalid packed key {x}")
        return x
    if isinstance(x, str):
        return pack(parse(x))
    return pack(x)


def _to_counts(x: Hand) -> tuple:
    if isinstance(x, int):
        return unpack(x)
    if isinstance(x, str):
        return parse(x)
    if len(x) != NRANKS:
        raise ValueError(f"expected {NRANKS} rank counts, got {len(x)}")
    return tuple(x)


def to_text(x: Hand) -> str:
    """Counts, key or text -> canonical text (ascending in ``3456789TJQKA2BR`` order)."""
    c = _to_counts(x)
    return "".join(RANKS[r] * n for r, n in enumerate(c))


# ---------------------------------------------------------------------------------------------
# classification
# ---------------------------------------------------------------------------------------------

_COMBO: dict[int, Combo | None] = MemoTable()


def _classify_counts(c: Sequence[int]) -> Combo | None:
    n = 0
    ones: list[int] = []
    twos: list[int] = []
    threes: list[int] = []
    fours: list[int] = []
    for r, x in enumerate(c):
        if x:
            if x > MAX_COUNT[r] or x < 0:
                return None
            n += x
            if x == 1:
                ones.append(r)
            elif x == 2:
                twos.append(r)
            elif x == 3:
                threes.append(r)
            else:
                fours.append(r)
    if n == 0:
        return None
    if fours:
        if len(fours) != 1 or threes:
            return None
        q = fours[0]
        if n == 4:
            return Combo(BOMB, q, 1, 4)
        if n == 6:
            if c[BLACK_JOKER] and c[RED_JOKER]:
                return None
            return Combo(FOUR_TWO_SINGLES, q, 1, 6)
        if n == 8 and len(twos) == 2:
            return Combo(FOUR_TWO_PAIRS, q, 1, 8)
        return None
    if threes:
        k = len(threes)
        if k == 1:
            t = threes[0]
            if n == 3:
                return Combo(TRIO, t, 1, 3)
            if n == 4:
                return Combo(TRIO_SINGLE, t, 1, 4)
            if n == 5 and twos:
                return Combo(TRIO_PAIR, t, 1, 5)
            return None
        top = threes[-1]
        if top > ACE or top - threes[0] != k - 1:
            return None
        if n == 3 * k:
            return Combo(AIRPLANE, top, k, n)
        if n == 4 * k:
            if c[BLACK_JOKER] and c[RED_JOKER]:
                return None
            return Combo(AIRPLANE_SINGLES, top, k, n)
        if n == 5 * k and len(twos) == k:
            return Combo(AIRPLANE_PAIRS, top, k, n)
        return None
    if twos:
        if ones:
            return None
        k = len(twos)
        if k == 1:
            return Combo(PAIR, twos[0], 1, 2)
        top = twos[-1]
        if k >= 3 and top <= ACE and top - twos[0] == k - 1:
            return Combo(PAIR_CHAIN, top, k, n)
        return None
    if n == 1:
        return Combo(SINGLE, ones[0], 1, 1)
    if n == 2:
        return _ROCKET_COMBO if ones == [BLACK_JOKER, RED_JOKER] else None
    top = ones[-1]
    if n >= 5 and top <= ACE and top - ones[0] == n - 1:
        return Combo(CHAIN, top, n, n)
    return None


def combo_of_key(key: int) -> Combo | None:
    """Classification of a packed key (cached). The fast path after key-based generation."""
    try:
        return _COMBO[key]
    except KeyError:
        pass
    if len(_COMBO) > _CACHE_LIMIT:
        _COMBO.clear()
    cb = _COMBO[key] = (_classify_counts(unpack(key)) if key >= 0 and _valid_key(key) else None)
    return cb


def classify(x: Hand) -> Combo | None:
    """Counts sequence, text or packed key -> Combo, or None if not a valid combination."""
    if isinstance(x, int):
        return combo_of_key(x)
    try:
        c = _to_counts(x)
    except ValueError:
        return None
    return _classify_counts(c)


def beats(a: Combo, b: Combo) -> bool:
    """True if combination ``a`` may be played on ``b``."""
    ta = a.type
    if ta == ROCKET:
        return b.type != ROCKET
    tb = b.type
    if ta == BOMB:
        if tb == BOMB:
            return a.rank > b.rank
        return tb != ROCKET
    return ta == tb and a.length == b.length and a.rank > b.rank


# ---------------------------------------------------------------------------------------------
# generation tables (lazily memoised per rank-presence mask; masks are "spread": bit 3r)
# ---------------------------------------------------------------------------------------------

def _ranks_in(m: int) -> list[int]:
    return [r for r in range(NRANKS) if (m >> (3 * r)) & 1]


_SINGLES: dict[int, list[int]] = {}
_PAIRS: dict[int, list[int]] = {}
_TRIOS: dict[int, list[tuple[int, int]]] = {}
_QUADS: dict[int, list[tuple[int, int]]] = {}
_UNITS: dict[int, list[int]] = {}
_CHAINS: dict[int, list[int]] = {}
_PCHAINS: dict[int, list[int]] = {}
_PLANES: dict[int, list[tuple[int, int, int]]] = {}


def _b_singles(m: int) -> list[int]:
    v = _SINGLES[m] = [_K[r][1] for r in _ranks_in(m)]
    return v


def _b_pairs(m: int) -> list[int]:
    v = _PAIRS[m] = [_K[r][2] for r in _ranks_in(m)]
    return v


def _b_trios(m: int) -> list[tuple[int, int]]:
    v = _TRIOS[m] = [(_K[r][3], _FIELD[r]) for r in _ranks_in(m)]
    return v


def _b_quads(m: int) -> list[tuple[int, int]]:
    v = _QUADS[m] = [(_K[r][4], _FIELD[r]) for r in _ranks_in(m)]
    return v


def _b_units(m: int) -> list[int]:
    """m = m1 | m2 << 1: single-wing units, one per card usable as wing (at most 2 per rank)."""
    v = []
    for r in range(NRANKS):
        f = (m >> (3 * r)) & 3
        if f:
            v.append(_K[r][1])
            if f & 2:
                v.append(_K[r][1])
    _UNITS[m] = v
    return v


def _seq_tables(width: int, min_len: int):
    """All sequences of `width` cards per rank: by length -> [(top, spread mask, key, field)]."""
    by_len: dict[int, list[tuple[int, int, int, int]]] = {}
    for length in range(min_len, TWO + 1):
        lst = []
        for s in range(0, TWO - length + 1):
            rs = range(s, s + length)
            lst.append((s + length - 1, sum(1 << (3 * r) for r in rs),
                        sum(_K[r][width] for r in rs), sum(_FIELD[r] for r in rs)))
        by_len[length] = lst
    return by_len


_CHAIN_BY_LEN = _seq_tables(1, 5)
_PCHAIN_BY_LEN = _seq_tables(2, 3)
_PLANE_BY_LEN = _seq_tables(3, 2)


def _above_table(by_len):
    """(length, rank) -> [(spread mask, key, field)] of sequences with top > rank."""
    return {(length, rank): [(m, k, f) for top, m, k, f in lst if top > rank]
            for length, lst in by_len.items() for rank in range(-1, NRANKS)}


_CHAIN_ABOVE = _above_table(_CHAIN_BY_LEN)
_PCHAIN_ABOVE = _above_table(_PCHAIN_BY_LEN)
_PLANE_ABOVE = _above_table(_PLANE_BY_LEN)
_ALL_CHAINS = [x[1:] for lst in _CHAIN_BY_LEN.values() for x in lst]
_ALL_PCHAINS = [x[1:] for lst in _PCHAIN_BY_LEN.values() if lst for x in lst]
_ALL_PLANES = [(length,) + x[1:] for length, lst in _PLANE_BY_LEN.items() for x in lst]


def _b_chains(m: int) -> list[int]:
    v = _CHAINS[m] = [k for cm, k, _ in _ALL_CHAINS if m & cm == cm]
    return v


def _b_pchains(m: int) -> list[int]:
    v = _PCHAINS[m] = [k for cm, k, _ in _ALL_PCHAINS if m & cm == cm]
    return v


def _b_planes(m: int) -> list[tuple[int, int, int]]:
    v = _PLANES[m] = [(n, k, f) for n, cm, k, f in _ALL_PLANES if m & cm == cm]
    return v


def _wings_single(out: list, core: int, units: list[int], fm: int, n: int) -> None:
    av = [u for u in units if not u & fm]
    if len(av) < n:
        return
    jj = _JJ
    out += [core + s for s in set(map(sum, combinations(av, n))) if s & jj != jj]


def _wings_pair(out: list, core: int, pairs: list[int], fm: int, n: int) -> None:
    av = [p for p in pairs if not p & fm]
    if len(av) < n:
        return
    out += [core + s for s in map(sum, combinations(av, n))]



# ---------------------------------------------------------------------------------------------
# leading moves
# ---------------------------------------------------------------------------------------------

def _leading(h: int) -> list[int]:
    o = _ONES
    h1 = h >> 1
    h2 = h >> 2
    m1 = (h | h1 | h2) & o
    m2 = (h1 | h2) & o
    m3 = ((h & h1) | h2) & o
    m4 = h2 & o
    singles = _SINGLES.get(m1) or _b_singles(m1)
    out = singles[:]
    sm = m1 & _SEQ
    ch = _CHAINS.get(sm)
    if ch is None:
        ch = _b_chains(sm)
    if ch:
        out += ch
    if m2:
        pairs = _PAIRS.get(m2) or _b_pairs(m2)
        out += pairs
        sm = m2 & _SEQ
        ch = _PCHAINS.get(sm)
        if ch is None:
            ch = _b_pchains(sm)
        if ch:
            out += ch
        if m3:
            for t, f in (_TRIOS.get(m3) or _b_trios(m3)):
                out.append(t)
                out += [t + s for s in singles if not s & f]
                out += [t + p for p in pairs if not p & f]
            sm = m3 & _SEQ
            planes = _PLANES.get(sm)
            if planes is None:
                planes = _b_planes(sm)
            if planes or m4:
                um = m1 | (m2 << 1)
                units = _UNITS.get(um) or _b_units(um)
                for n, k, f in planes:
                    out.append(k)
                    _wings_single(out, k, units, f, n)
                    _wings_pair(out, k, pairs, f, n)
                if m4:
                    for q, f in (_QUADS.get(m4) or _b_quads(m4)):
                        out.append(q)
                        _wings_single(out, q, units, f, 2)
                        _wings_pair(out, q, pairs, f, 2)
    if h & _JJ == _JJ:
        out.append(_JJ)
    return out


def _bombs_and_rocket(out: list, h: int, above: int) -> list:
    m4 = (h >> 2) & _ONES & _ABOVE[above]
    if m4:
        out += [q for q, _ in (_QUADS.get(m4) or _b_quads(m4))]
    if h & _JJ == _JJ:
        out.append(_JJ)
    return out


# ---------------------------------------------------------------------------------------------
# responses
# ---------------------------------------------------------------------------------------------

def _r_single(h, rank, length):
    m1 = (h | (h >> 1) | (h >> 2)) & _ONES & _ABOVE[rank]
    return (_SINGLES.get(m1) or _b_singles(m1))[:] if m1 else []


def _r_pair(h, rank, length):
    m2 = ((h >> 1) | (h >> 2)) & _ONES & _ABOVE[rank]
    return (_PAIRS.get(m2) or _b_pairs(m2))[:] if m2 else []


def _m3(h, rank):
    return ((h & (h >> 1)) | (h >> 2)) & _ONES & _ABOVE[rank]


def _r_trio(h, rank, length):
    m3 = _m3(h, rank)
    return [t for t, _ in (_TRIOS.get(m3) or _b_trios(m3))] if m3 else []


def _r_trio_single(h, rank, length):
    m3 = _m3(h, rank)
    if not m3:
        return []
    m1 = (h | (h >> 1) | (h >> 2)) & _ONES
    singles = _SINGLES.get(m1) or _b_singles(m1)
    out: list[int] = []
    for t, f in (_TRIOS.get(m3) or _b_trios(m3)):
        out += [t + s for s in singles if not s & f]
    return out


def _r_trio_pair(h, rank, length):
    m3 = _m3(h, rank)
    if not m3:
        return []
    m2 = ((h >> 1) | (h >> 2)) & _ONES
    pairs = _PAIRS.get(m2) or _b_pairs(m2)
    out: list[int] = []
    for t, f in (_TRIOS.get(m3) or _b_trios(m3)):
        out += [t + p for p in pairs if not p & f]
    return out


def _r_chain(h, rank, length):
    m1 = (h | (h >> 1) | (h >> 2)) & _ONES
    return [k for cm, k, _ in _CHAIN_ABOVE.get((length, rank), ()) if m1 & cm == cm]


def _r_pair_chain(h, rank, length):
    m2 = ((h >> 1) | (h >> 2)) & _ONES
    return [k for cm, k, _ in _PCHAIN_ABOVE.get((length, rank), ()) if m2 & cm == cm]


def _r_airplane(h, rank, length):
    m3 = ((h & (h >> 1)) | (h >> 2)) & _ONES
    return [k for cm, k, _ in _PLANE_ABOVE.get((length, rank), ()) if m3 & cm == cm]


def _r_airplane_singles(h, rank, length):
    m3 = ((h & (h >> 1)) | (h >> 2)) & _ONES
    out: list[int] = []
    units = None
    for cm, k, f in _PLANE_ABOVE.get((length, rank), ()):
        if m3 & cm == cm:
            if units is None:
                um = ((h | (h >> 1) | (h >> 2)) & _ONES) | ((((h >> 1) | (h >> 2)) & _ONES) << 1)
                units = _UNITS.get(um) or _b_units(um)
            _wings_single(out, k, units, f, length)
    return out


def _r_airplane_pairs(h, rank, length):
    m3 = ((h & (h >> 1)) | (h >> 2)) & _ONES
    out: list[int] = []
    pairs = None
    for cm, k, f in _PLANE_ABOVE.get((length, rank), ()):
        if m3 & cm == cm:
            if pairs is None:
                m2 = ((h >> 1) | (h >> 2)) & _ONES
                pairs = _PAIRS.get(m2) or _b_pairs(m2)
            _wings_pair(out, k, pairs, f, length)
    return out


def _r_four_two_singles(h, rank, length):
    m4 = (h >> 2) & _ONES & _ABOVE[rank]
    if not m4:
        return []
    um = ((h | (h >> 1) | (h >> 2)) & _ONES) | ((((h >> 1) | (h >> 2)) & _ONES) << 1)
    units = _UNITS.get(um) or _b_units(um)
    out: list[int] = []
    for q, f in (_QUADS.get(m4) or _b_quads(m4)):
        _wings_single(out, q, units, f, 2)
    return out


def _r_four_two_pairs(h, rank, length):
    m4 = (h >> 2) & _ONES & _ABOVE[rank]
    if not m4:
        return []
    m2 = ((h >> 1) | (h >> 2)) & _ONES
    pairs = _PAIRS.get(m2) or _b_pairs(m2)
    out: list[int] = []
    for q, f in (_QUADS.get(m4) or _b_quads(m4)):
        _wings_pair(out, q, pairs, f, 2)
    return out


_RESPONDERS = {
    SINGLE: _r_single, PAIR: _r_pair, TRIO: _r_trio, TRIO_SINGLE: _r_trio_single,
    TRIO_PAIR: _r_trio_pair, CHAIN: _r_chain, PAIR_CHAIN: _r_pair_chain,
    AIRPLANE: _r_airplane, AIRPLANE_SINGLES: _r_airplane_singles,
    AIRPLANE_PAIRS: _r_airplane_pairs, FOUR_TWO_SINGLES: _r_four_two_singles,
    FOUR_TWO_PAIRS: _r_four_two_pairs,
}


def _responses(h: int, tb: Combo) -> list[int]:
    t = tb.type
    if t == ROCKET:
        return []
    if t == BOMB:
        return _bombs_and_rocket([], h, tb.rank)
    return _bombs_and_rocket(_RESPONDERS[t](h, tb.rank, tb.length), h, -1)


# ---------------------------------------------------------------------------------------------
# public generation API
# ---------------------------------------------------------------------------------------------

def leading_keys(hand: Hand) -> list[int]:
    """Every distinct combination the hand may lead, as packed keys (fast path)."""
    return _leading(hand if isinstance(hand, int) else _to_key(hand))


def response_keys(hand: Hand, to_beat: Combo | Hand) -> list[int]:
    """Every distinct combination of the hand that beats ``to_beat``, as packed keys (no pass)."""
    h = hand if isinstance(hand, int) else _to_key(hand)
    if to_beat is None:
        return _leading(h)
    if not isinstance(to_beat, Combo):
        cb = classify(to_beat)
        if cb is None:
            raise ValueError(f"not a combination: {to_beat!r}")
        to_beat = cb
    return _responses(h, to_beat)


def leading_moves(hand: Hand) -> list[tuple]:
    """Every distinct combination the hand may lead, as counts tuples."""
    u = _TUPLE.get
    return [u(k) or unpack(k) for k in leading_keys(hand)]


def responses(hand: Hand, to_beat: Combo | Hand) -> list[tuple]:
    """Every distinct combination of the hand that beats ``to_beat`` (pass excluded), as counts."""
    u = _TUPLE.get
    return [u(k) or unpack(k) for k in response_keys(hand, to_beat)]


# ---------------------------------------------------------------------------------------------
# what to say: combination names and refusals, as Messages (the UI makes the sentences)
# ---------------------------------------------------------------------------------------------

RANK_FORMS = ("one", "many", "short")
"""How a rank is named in a sentence: `one` (single King), `many` (pair of Kings), `short` (the
ends of a sequence: 10 to A). The texts are `climbing.rank.<form>.<rank id>` in the locale files."""


def rank_message(r: int, form: str = "one") -> Message:
    """The name of rank index `r` (its id is ``RANKS[r]``) in one of the RANK_FORMS."""
    return Message(f"climbing.rank.{form}.{RANKS[r]}")


def kind_message(combo_type: str) -> Message:
    """A kind of combination as one would ask for it ("a pair", "an airplane with wings")."""
    return Message(f"climbing.kind.{combo_type}")


_SEQUENCES = (CHAIN, PAIR_CHAIN, AIRPLANE, AIRPLANE_SINGLES, AIRPLANE_PAIRS)


def describe(combo: Combo) -> Message:
    """The name of a combination, as it reads inside a sentence ("pair of 9s", "chain of 6 (3 to 8)").

    Code `climbing.combo.<type>` (`climbing.combo.single_joker` for a lone joker). Arguments: `rank`
    (a rank name) for a single, pair, trio, four or bomb; `length`, `low` and `high` (short rank
    names) for a chain, a chain of pairs or an airplane. A label on its own starts with a capital
    letter: the UI does that, so the texts are written as they read mid-sentence.
    """
    m = _DESCRIBED.get(combo)
    if m is None:
        m = _DESCRIBED[combo] = _describe(combo)
    return m


_DESCRIBED: dict[Combo, Message] = {}    # a few hundred combinations at most: messages are immutable


def _describe(combo: Combo) -> Message:
    t, r, n = combo.type, combo.rank, combo.length
    if t == ROCKET:
        return Message("climbing.combo.rocket")
    if t == SINGLE:
        if r >= BLACK_JOKER:
            return Message("climbing.combo.single_joker", rank=rank_message(r))
        return Message("climbing.combo.single", rank=rank_message(r))
    if t in _SEQUENCES:
        return Message(f"climbing.combo.{t}", length=n, low=rank_message(r - n + 1, "short"),
                       high=rank_message(r, "short"))
    if t in TYPES:
        return Message(f"climbing.combo.{t}", rank=rank_message(r, "many"))
    raise ValueError(f"unknown combination type {t!r}")


def _longest_run(ranks: list[int]) -> list[int]:
    best: list[int] = []
    cur: list[int] = []
    for r in ranks:
        if r > ACE:
            break
        if cur and r == cur[-1] + 1:
            cur.append(r)
        else:
            cur = [r]
        if len(cur) > len(best):
            best = cur[:]
    return best


def _refuse(reason: str, **args) -> Refusal:
    return Refusal(f"climbing.refusal.{reason}", **args)


def _diagnose(c: Sequence[int]) -> Refusal:
    """Why a multiset is not a combination (assumes classify() returned None)."""
    n = sum(c)
    if n == 0:
        return _refuse("select_cards")
    for r, x in enumerate(c):
        if x < 0:
            return _refuse("not_cards")
        if x > MAX_COUNT[r]:
            return (_refuse("only_one", rank=rank_message(r)) if r >= BLACK_JOKER
                    else _refuse("only_four", rank=rank_message(r, "many")))
    groups: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: []}
    for r, x in enumerate(c):
        if x:
            groups[x].append(r)
    ones, twos, threes, fours = groups[1], groups[2], groups[3], groups[4]
    jj = bool(c[BLACK_JOKER] and c[RED_JOKER])
    big = sorted(threes + fours)                          # ranks with a trio or more
    run = _longest_run(big)
    if len(run) >= 2 and any(r in threes for r in run):  # looks like an airplane
        if any(r in fours for r in run):
            return _refuse("wings_core_rank")
        extra = [r for r in big if r not in run]
        if any(r in fours for r in extra):
            return _refuse("wings_bomb")
        if extra:
            if n == 3 * len(big):
                if any(r > ACE for r in big):
                    return _refuse("airplane_twos")
                return _refuse("airplane_consecutive")
            return _refuse("wings_trio")
        k = len(run)
        rest = n - 3 * k
        if rest == k and jj:
            return _refuse("wings_jokers")
        return _refuse("airplane_wings", trios=k)
    if len(threes) >= 2 and not fours:
        if TWO in big and ACE in big:
            return _refuse("airplane_twos")
        return _refuse("airplane_consecutive")
    if fours:
        if len(fours) >= 2:
            if n == 8:
                return _refuse("four_pairs_differ")
            return _refuse("two_bombs")
        rest = n - 4
        if rest == 2 and jj:
            return _refuse("four_jokers")
        if rest == 4 and jj and len(twos) == 1:
            return _refuse("four_jokers_pair")
        return _refuse("four_attachments")
    if threes:
        if n == 5 and jj:
            return _refuse("trio_jokers_pair")
        return _refuse("trio_attachment")
    if twos and ones:
        return _refuse("mixed")
    if twos:
        k = len(twos)
        if k == 2:
            return _refuse("pair_chain_short")
        if twos[-1] > ACE:
            return _refuse("pair_chain_two")
        return _refuse("pair_chain_consecutive")
    # only single cards
    if n == 2:
        return _refuse("not_a_pair")
    if n < 5:
        return _refuse("chain_short")
    if ones[-1] > ACE:
        return _refuse("chain_two")
    return _refuse("chain_consecutive")


_LENGTH_UNITS = {CHAIN: "cards", PAIR_CHAIN: "pairs"}


def why_invalid(selection: Hand, to_beat: Combo | Hand | None = None) -> Refusal | None:
    """Why ``selection`` is not a combination, or does not beat ``to_beat``; None if it may be played.

    Codes `climbing.refusal.*` (see CODES); the beating ones carry the combination to beat as
    `combo` (a :func:`describe` message).
    """
    try:
        c = _to_counts(selection)
    except ValueError:
        return _refuse("not_cards")
    cb = _classify_counts(c)
    if cb is None:
        return _diagnose(c)
    if to_beat is None:
        return None
    if not isinstance(to_beat, Combo):
        tb = classify(to_beat)
        if tb is None:
            raise ValueError(f"not a combination: {to_beat!r}")
        to_beat = tb
    if beats(cb, to_beat):
        return None
    d = describe(to_beat)
    if to_beat.type == ROCKET:
        return _refuse("rocket")
    if cb.type == BOMB:  # so to_beat is a higher or equal bomb
        return _refuse("bomb_too_low", combo=d)
    if cb.type != to_beat.type:
        if to_beat.type == BOMB:
            return _refuse("only_bombs", combo=d)
        return _refuse("wrong_kind", combo=d, kind=kind_message(to_beat.type))
    if cb.length != to_beat.length:
        unit = _LENGTH_UNITS.get(cb.type, "trios")
        return _refuse(f"length_{unit}", combo=d, need=to_beat.length, got=cb.length)
    return _refuse("too_low", combo=d)


_REFUSALS = ("select_cards", "not_cards", "only_one", "only_four", "wings_core_rank", "wings_bomb",
             "airplane_twos", "airplane_consecutive", "wings_trio", "wings_jokers", "airplane_wings",
             "four_pairs_differ", "two_bombs", "four_jokers", "four_jokers_pair", "four_attachments",
             "trio_jokers_pair", "trio_attachment", "mixed", "pair_chain_short", "pair_chain_two",
             "pair_chain_consecutive", "not_a_pair", "chain_short", "chain_two", "chain_consecutive",
             "rocket", "bomb_too_low", "only_bombs", "wrong_kind", "length_cards", "length_pairs",
             "length_trios", "too_low")

CODES: tuple[str, ...] = (
    tuple(f"climbing.rank.one.{ch}" for ch in RANKS)
    + tuple(f"climbing.rank.many.{ch}" for ch in RANKS)
    + tuple(f"climbing.rank.short.{ch}" for ch in RANKS[:TWO])
    + tuple(f"climbing.kind.{t}" for t in TYPES)
    + tuple(f"climbing.combo.{t}" for t in TYPES) + ("climbing.combo.single_joker",)
    + tuple(f"climbing.refusal.{r}" for r in _REFUSALS)
)
"""Every message code this module can produce (the texts live in assets/locale/<lang>.climbing.yaml)."""
