"""Dou Dizhu (Cardavia) combinations: classification, comparison and move generation.

The brute-force tests compare the fast generator against an independent, naive reference
classifier written straight from the rulebook clauses ("remove a core, look at what is left").
"""

from __future__ import annotations

import itertools
import random

import pytest

from revolt_table.games import doudizhu_combos as dz
from revolt_table.games.doudizhu_combos import (
    RANKS, TYPES, Combo, beats, classify, combo_of_key, describe, leading_keys, leading_moves,
    pack, parse, response_keys, responses, to_text, unpack, why_invalid,
)

ACE, TWO, BJ, RJ = 11, 12, 13, 14
MAXC = (4,) * 13 + (1, 1)
DECK = [r for r in range(15) for _ in range(MAXC[r])]


# ---------------------------------------------------------------------------------------------
# naive reference classifier, written from the rule text
# ---------------------------------------------------------------------------------------------

def ref_readings(c) -> set:
    """Every reading of multiset c (counts) as a combination: a set of (type, rank, length)."""
    c = list(c)
    out = set()
    n = sum(c)
    if n == 0 or any(x > m for x, m in zip(c, MAXC)):
        return out
    present = [r for r in range(15) if c[r]]
    both_jokers = c[BJ] == 1 and c[RJ] == 1

    def only(ranks_counts):
        want = [0] * 15
        for r, k in ranks_counts:
            want[r] += k
        return want == c

    if n == 1:
        out.add(("single", present[0], 1))
    if n == 2 and len(present) == 1:
        out.add(("pair", present[0], 1))
    if n == 2 and both_jokers:
        out.add(("rocket", RJ, 1))
    if n == 3 and len(present) == 1:
        out.add(("trio", present[0], 1))
    for t in range(13):
        if c[t] >= 3:
            rest = c[:]
            rest[t] -= 3
            rr = [r for r in range(15) if rest[r]]
            if n == 4 and len(rr) == 1 and rr[0] != t:
                out.add(("trio_single", t, 1))
            if n == 5 and len(rr) == 1 and rr[0] != t and rest[rr[0]] == 2:
                out.add(("trio_pair", t, 1))
    # sequences: ranks 3..A only; a pure sequence must span from the lowest to the highest rank
    lo, hi = present[0], present[-1]
    for width, name, min_len in ((1, "chain", 5), (2, "pair_chain", 3)):
        if hi <= ACE and hi - lo + 1 >= min_len and only([(r, width) for r in range(lo, hi + 1)]):
            out.add((name, hi, hi - lo + 1))
    for s in range(12):
        for e in range(s + 1, 12):
            k = e - s + 1
            if c[e] < 3:
                break
            if c[s] < 3:
                break
            rest = c[:]
            for r in range(s, e + 1):
                rest[r] -= 3
            m = sum(rest)
            core = set(range(s, e + 1))
            if m == 0:
                out.add(("airplane", e, k))
            if m == k:
                ok = all(rest[r] <= 2 for r in range(15))            # no trio, no bomb
                ok = ok and not (rest[BJ] and rest[RJ])               # not both jokers
                ok = ok and not any(rest[r] for r in core)            # no core rank
                if ok:
                    out.add(("airplane_singles", e, k))
            if m == 2 * k:
                pr = [r for r in range(15) if rest[r]]
                ok = len(pr) == k and all(rest[r] == 2 for r in pr)   # k pairs, distinct ranks
                ok = ok and not (set(pr) & core) and BJ not in pr and RJ not in pr
                if ok:
                    out.add(("airplane_pairs", e, k))
    for q in range(13):
        if c[q] == 4:
            rest = c[:]
            rest[q] = 0
            m = sum(rest)
            if m == 0:
                out.add(("bomb", q, 1))
            if m == 2 and not (rest[BJ] and rest[RJ]):
                out.add(("four_two_singles", q, 1))
            pr = [r for r in range(15) if rest[r]]
            if m == 4 and len(pr) == 2 and all(rest[r] == 2 for r in pr):
                out.add(("four_two_pairs", q, 1))
    return out


def ref_classify(c):
    rs = ref_readings(c)
    assert len(rs) <= 1, (to_text(c), rs)
    if not rs:
        return None
    t, r, length = rs.pop()
    return Combo(t, r, length, sum(c))


def sub_multisets(c):
    for sub in itertools.product(*(range(x + 1) for x in c)):
        if any(sub):
            yield sub


def random_hand(rng, n):
    c = [0] * 15
    for r in rng.sample(DECK, n):
        c[r] += 1
    return tuple(c)


def C(text):
    cb = classify(text)
    assert cb is not None, text
    return cb


# ---------------------------------------------------------------------------------------------
# classification: examples of every type
# ---------------------------------------------------------------------------------------------

EXAMPLES = [
    ("3", "single", 0, 1, 1),
    ("2", "single", 12, 1, 1),
    ("B", "single", 13, 1, 1),
    ("R", "single", 14, 1, 1),
    ("99", "pair", 6, 1, 2),
    ("22", "pair", 12, 1, 2),
    ("777", "trio", 4, 1, 3),
    ("2227", "trio_single", 12, 1, 4),
    ("777R", "trio_single", 4, 1, 4),
    ("7772", "trio_single", 4, 1, 4),
    ("77733", "trio_pair", 4, 1, 5),
    ("77722", "trio_pair", 4, 1, 5),
    ("34567", "chain", 4, 5, 5),
    ("3456789TJQKA", "chain", 11, 12, 12),
    ("TJQKA", "chain", 11, 5, 5),
    ("334455", "pair_chain", 2, 3, 6),
    ("QQKKAA", "pair_chain", 11, 3, 6),
    ("33445566778899TTJJQQ", "pair_chain", 9, 10, 20),
    ("333444", "airplane", 1, 2, 6),
    ("KKKAAA", "airplane", 11, 2, 6),
    ("333444555666", "airplane", 3, 4, 12),
    ("33344456", "airplane_singles", 1, 2, 8),
    ("33344455", "airplane_singles", 1, 2, 8),     # single wings may form a pair
    ("3334442B", "airplane_singles", 1, 2, 8),     # a 2 and one joker as wings
    ("333444555667788", None, None, None, None),   # 6 wings for 3 trios: no
    ("333444555678", "airplane_singles", 2, 3, 12),
    ("3334445556667788", "airplane_singles", 3, 4, 16),
    ("333444555666777TJQKA", "airplane_singles", 4, 5, 20),
    ("3334445566", "airplane_pairs", 1, 2, 10),
    ("3334442266", "airplane_pairs", 1, 2, 10),
    ("333444555667799", "airplane_pairs", 2, 3, 15),
    ("33344455566677889922", "airplane_pairs", 3, 4, 20),
    ("333345", "four_two_singles", 0, 1, 6),
    ("333355", "four_two_singles", 0, 1, 6),       # the two may be a pair
    ("33334R", "four_two_singles", 0, 1, 6),       # one joker is fine
    ("22223B", "four_two_singles", 12, 1, 6),
    ("33334455", "four_two_pairs", 0, 1, 8),
    ("33334422", "four_two_pairs", 0, 1, 8),
    ("3333", "bomb", 0, 1, 4),
    ("2222", "bomb", 12, 1, 4),
    ("BR", "rocket", 14, 1, 2),
]


@pytest.mark.parametrize("text,typ,rank,length,size", [e for e in EXAMPLES if e[1]])
def test_examples(text, typ, rank, length, size):
    assert classify(text) == Combo(typ, rank, length, size)
    assert ref_classify(parse(text)) == classify(text)


def test_every_type_has_an_example():
    assert {e[1] for e in EXAMPLES if e[1]} == set(TYPES)


NON_EXAMPLES = [
    "34",                    # two different singles
    "3B", "2B",
    "3456", "JQKA",          # chain of 4
    "TJQKA2", "JQKA2", "KA2BR", "3456782", "A2345",   # chains with a 2 / joker / wrapping
    "34568",                 # gap
    "345678B",
    "3344",                  # pair chain of 2 pairs
    "334466",                # gap in pairs
    "KKAA22",                # pair chain with 2s
    "33445",                 # pairs mixed with a single
    "AAA222",                # airplane with 2s
    "KKKAAA2223",
    "333555",                # trios not consecutive
    "3335557",
    "333444BR",              # both jokers as single wings
    "333444555BR6",
    "33334445",              # wing is a core rank
    "3334445553",            # ... in pair or single form
    "33344433",
    "3334444",
    "3334445557",            # 3 trios, 1 wing
    "333444555777",          # wings contain a trio
    "33344455577768",        # ...
    "3334445555",            # wings contain a bomb / pair wings of equal rank / core rank
    "3334445555666",
    "3334445555",
    "33344455556",
    "3334446666",            # pair wings of equal rank (66 + 66)
    "33334444",              # four with two pairs of equal rank / two bombs
    "3333BR",                # four with both jokers
    "33334BR5",              # pairs cannot be jokers
    "333344BR",
    "33334",                 # four with one card
    "3333456",               # four with three
    "333345678",
    "3333444",
    "33344BR",               # trio + jokers is not trio + pair
    "333BR",
    "33345",                 # trio + two singles
    "333456",
    "",
    "33333",                 # not possible in one deck
    "BB",
    "BBR",
]


@pytest.mark.parametrize("text", NON_EXAMPLES)
def test_non_examples(text):
    assert classify(text) is None
    assert why_invalid(text) is not None
    if all(x <= m for x, m in zip(parse(text), MAXC)):
        assert ref_readings(parse(text)) == set()


def test_classify_accepts_counts_text_and_keys():
    c = parse("33344456")
    assert classify(c) == classify(list(c)) == classify(pack(c)) == classify("65444333")
    assert combo_of_key(pack(c)) == classify(c)
    assert classify(parse("3 3 3 4 4 4 5 6")) == classify(c)
    assert classify("10JQKA") == classify("TJQKA")


def test_four_with_attachments_is_not_a_bomb():
    assert C("333345").type == "four_two_singles"
    assert C("33334455").type == "four_two_pairs"
    assert not beats(C("AAAA34"), C("3333"))
    assert beats(C("3333"), C("AAAA34"))
    assert beats(C("3333"), C("AAAA3344"))
    assert beats(C("AAAA3344"), C("KKKK5566"))


def test_exhaustive_small_multisets_match_reference():
    """Every multiset of up to 6 cards: classify == naive reference, reading unique."""
    count = 0
    for size in range(1, 7):
        for combo in itertools.combinations_with_replacement(range(15), size):
            c = [0] * 15
            for r in combo:
                c[r] += 1
            if any(x > m for x, m in zip(c, MAXC)):
                continue
            count += 1
            assert classify(tuple(c)) == ref_classify(c), to_text(c)
    assert count > 30000


def test_random_multisets_match_reference():
    rng = random.Random(11)
    valid = 0
    for _ in range(20000):
        c = random_hand(rng, rng.randint(6, 20))
        # bias towards structured multisets: sometimes keep only a few ranks
        if rng.random() < 0.5:
            keep = set(rng.sample(range(15), rng.randint(2, 6)))
            c = tuple(x if r in keep else 0 for r, x in enumerate(c))
            if not any(c):
                continue
        got = classify(c)
        assert got == ref_classify(c), to_text(c)
        valid += got is not None
    assert valid > 50


# ---------------------------------------------------------------------------------------------
# comparisons
# ---------------------------------------------------------------------------------------------

ONE_OF_EACH = {e[1]: e[0] for e in EXAMPLES if e[1]}


@pytest.mark.parametrize("typ", TYPES)
def test_bomb_and_rocket_against_every_type(typ):
    other = C(ONE_OF_EACH[typ])
    bomb2, bomb3, rocket = C("2222"), C("3333"), C("BR")
    assert beats(rocket, other) == (typ != "rocket")
    assert not beats(other, rocket)
    if typ == "bomb":
        assert beats(bomb2, other) == (other.rank < 12)
        assert not beats(C("3333"), C("4444"))
        assert beats(C("4444"), C("3333"))
    elif typ == "rocket":
        assert not beats(bomb2, other)
    else:
        assert beats(bomb3, other)
        assert not beats(other, bomb3)
        assert not beats(other, bomb2)


def test_rocket_is_unbeatable():
    assert not beats(C("BR"), C("BR"))
    for t in ONE_OF_EACH.values():
        assert not beats(C(t), C("BR"))


def test_same_type_higher_rank():
    pairs = [("4", "3"), ("R", "B"), ("B", "2"), ("2", "A"), ("AA", "KK"), ("22", "AA"),
             ("444", "333"), ("4443", "3334"), ("44433", "33344"), ("45678", "34567"),
             ("445566", "334455"), ("444555", "333444"), ("4445553B", "33344466"),
             ("444555KKAA", "3334442266"), ("444435", "3333AA"), ("44443355", "3333AA22"),
             ("4444", "3333"), ("2222", "AAAA")]
    for hi, lo in pairs:
        assert beats(C(hi), C(lo)), (hi, lo)
        assert not beats(C(lo), C(hi)), (hi, lo)


def test_different_type_or_length_does_not_beat():
    assert not beats(C("456789"), C("34567"))       # chain of 6 on chain of 5
    assert not beats(C("TJQKA"), C("345678"))
    assert not beats(C("55667788"), C("334455"))
    assert not beats(C("444555666"), C("333444"))
    assert not beats(C("KKKAAA"), C("333444555"))
    assert not beats(C("44"), C("3"))
    assert not beats(C("2"), C("33"))
    assert not beats(C("4445"), C("333"))
    assert not beats(C("44455"), C("3334"))
    assert not beats(C("AAA2"), C("33344"))
    assert not beats(C("44455566"), C("3334445566"))
    assert not beats(C("KKKK34"), C("33334455"))


def test_kickers_never_decide():
    # equal main rank never beats, whatever the kickers
    assert not beats(C("3332"), C("3334"))
    assert not beats(C("333444BA"), C("33344456"))
    assert not beats(C("34567"), C("34567"))
    assert not beats(C("3333BA"), C("333345"))
    # a lower core with high kickers does not beat
    assert not beats(C("3332"), C("4445"))
    assert not beats(C("3334442B"), C("44455567"))
    assert beats(C("44455567"), C("3334442B"))
    assert beats(C("44455"), C("333KK"))


# ---------------------------------------------------------------------------------------------
# text
# ---------------------------------------------------------------------------------------------

def test_text_round_trip():
    rng = random.Random(3)
    for _ in range(500):
        c = random_hand(rng, rng.randint(0, 20))
        t = to_text(c)
        assert parse(t) == c
        assert to_text(pack(c)) == t
        assert unpack(pack(c)) == c
        assert list(t) == sorted(t, key=RANKS.index)
    assert to_text(parse("BR")) == "BR"
    assert to_text(parse("543 33")) == "33345"
    assert to_text("R2B3") == "32BR"
    with pytest.raises(ValueError):
        parse("33X")
    with pytest.raises(ValueError):
        pack([5] + [0] * 14)


def english(message) -> str:
    from revolt_table.ui import i18n
    i18n.set_language("en")
    return i18n.say(message)


def test_describe_is_a_message_with_rank_ids_and_counts():
    from revolt_table.engine import Message
    assert describe(C("99")) == Message("climbing.combo.pair", rank=Message("climbing.rank.many.9"))
    assert describe(C("345678")) == Message("climbing.combo.chain", length=6, low=Message("climbing.rank.short.3"),
                                            high=Message("climbing.rank.short.8"))
    assert describe(C("R")) == Message("climbing.combo.single_joker", rank=Message("climbing.rank.one.R"))
    assert describe(C("BR")) == Message("climbing.combo.rocket")
    for t in ONE_OF_EACH.values():
        assert describe(C(t)).code in dz.CODES


@pytest.mark.parametrize("text,name", [
    ("99", "pair of 9s"), ("345678", "chain of 6 (3 to 8)"), ("33344456", "airplane with wings (3 to 4)"),
    ("3334445566", "airplane with pair wings (3 to 4)"), ("TJQKA", "chain of 5 (10 to A)"), ("BR", "rocket"),
    ("R", "red joker"), ("K", "single King"), ("2222", "bomb of 2s"), ("334455", "chain of 3 pairs (3 to 5)"),
    ("333444", "airplane of 2 trios (3 to 4)"), ("QQQ", "trio of Queens"), ("3334", "trio of 3s with a single"),
    ("33344", "trio of 3s with a pair"), ("AAAA34", "four Aces with two singles"),
    ("AAAA3344", "four Aces with two pairs"), ("T", "single 10"),
])
def test_describe_reads_in_english(text, name):
    assert english(describe(C(text))) == name


@pytest.mark.parametrize("selection,to_beat,code,sentence", [
    ("3456", None, "chain_short", "A chain needs at least 5 cards"),
    ("TJQKA2", None, "chain_two", "A chain cannot contain a 2 or a joker"),
    ("3344", None, "pair_chain_short", "A chain of pairs needs at least 3 pairs"),
    ("333444BR", None, "wings_jokers", "Airplane wings cannot include both jokers"),
    ("33334444", None, "four_pairs_differ", "The two pairs with a four must be of different ranks"),
    ("3333BR", None, "four_jokers", "The two cards with a four cannot be both jokers"),
    ("33334445", None, "wings_core_rank", "Airplane wings cannot use a rank of the core"),
    ("AAA222", None, "airplane_twos", "An airplane cannot contain 2s"),
    ("", None, "select_cards", "Select at least one card"),
    ("33333", None, "only_four", "There are only four 3s"),
    ("BB", None, "only_one", "There is only one black joker"),
    ("3334445", None, "airplane_wings", "An airplane of 2 trios takes 2 single wings or 2 pair wings"),
    ("35", None, "not_a_pair", "Two different cards are not a pair"),
    ("88", "99", "too_low", "Does not beat pair of 9s"),
    ("99", "99", "too_low", "Does not beat pair of 9s"),
    ("456789", "34567", "length_cards", "Does not beat chain of 5 (3 to 7): it needs the same length (5 cards, not 6)"),
    ("3333", "BR", "rocket", "Nothing beats the rocket"),
    ("3333", "4444", "bomb_too_low", "Does not beat bomb of 4s: a bomb needs a higher bomb or the rocket"),
    ("3", "99", "wrong_kind", "Does not beat pair of 9s: play a pair, a bomb or the rocket"),
    ("3", "333444", "wrong_kind", "Does not beat airplane of 2 trios (3 to 4): play an airplane, a bomb or the rocket"),
    ("AA", "5555", "only_bombs", "Does not beat bomb of 5s: only a higher bomb or the rocket can"),
])
def test_why_invalid_says_why(selection, to_beat, code, sentence):
    reason = why_invalid(selection, C(to_beat) if to_beat else None)
    assert reason.code == "climbing.refusal." + code and reason.code in dz.CODES
    assert english(reason) == sentence


def test_why_invalid_is_none_exactly_when_playable():
    assert why_invalid("TT", C("99")) is None
    assert why_invalid("34567") is None
    assert why_invalid("3333", "AA") is None
    assert why_invalid("BR", "2222") is None
    assert why_invalid("33X").code == "climbing.refusal.not_cards"
    for t in NON_EXAMPLES:
        assert why_invalid(t) is not None
    rng = random.Random(4)
    for _ in range(3000):
        sel = tuple(rng.randint(0, m) if rng.random() < 0.3 else 0 for m in MAXC)
        other = rng.choice(list(ONE_OF_EACH.values()))
        cb, tb = classify(sel), C(other)
        playable = cb is not None and beats(cb, tb)
        assert (why_invalid(sel, tb) is None) == playable
        assert (why_invalid(sel) is None) == (cb is not None)


def test_every_code_has_an_english_text_with_its_placeholders():
    from revolt_table.games import climbing
    from revolt_table.ui import i18n
    assert set(dz.CODES) <= set(climbing.CODES) and len(set(climbing.CODES)) == len(climbing.CODES)
    for code in climbing.CODES:
        assert i18n.has(code), code


# ---------------------------------------------------------------------------------------------
# move generation
# ---------------------------------------------------------------------------------------------

def check_leading(hand):
    moves = leading_moves(hand)
    assert len(moves) == len(set(moves)), "duplicates"
    keys = leading_keys(hand)
    assert [unpack(k) for k in keys] == moves
    for m in moves:
        assert all(a <= b for a, b in zip(m, hand)), (to_text(hand), to_text(m))
        assert classify(m) is not None, to_text(m)
    return set(moves)


def brute_leading(hand):
    return {s for s in sub_multisets(hand) if ref_classify(s) is not None}


def brute_responses(hand, tb):
    out = set()
    for s in sub_multisets(hand):
        cb = ref_classify(s)
        if cb is not None and beats(cb, tb):
            out.add(s)
    return out


def test_leading_moves_brute_force_small_hands():
    rng = random.Random(2024)
    for _ in range(300):
        hand = random_hand(rng, rng.randint(1, 10))
        assert check_leading(hand) == brute_leading(hand), to_text(hand)


def test_leading_moves_brute_force_structured_hands():
    """Small hands drawn from few ranks, so airplanes, bombs and wings are common."""
    rng = random.Random(7)
    for _ in range(250):
        ranks = rng.sample(range(15), rng.randint(3, 5))
        deck = [r for r in ranks for _ in range(MAXC[r])]
        c = [0] * 15
        for r in rng.sample(deck, min(len(deck), rng.randint(4, 12))):
            c[r] += 1
        hand = tuple(c)
        assert check_leading(hand) == brute_leading(hand), to_text(hand)


def test_leading_and_responses_brute_force_medium_hands():
    """Random 11-16 card hands whose sub-multisets are few enough to enumerate."""
    rng = random.Random(31)
    targets = random_combos(rng, 40)
    done = 0
    while done < 25:
        hand = random_hand(rng, rng.randint(11, 16))
        n_subs = 1
        for x in hand:
            n_subs *= x + 1
        if n_subs > 40000:
            continue
        done += 1
        subs = [(s, ref_classify(s)) for s in sub_multisets(hand)]
        assert check_leading(hand) == {s for s, cb in subs if cb is not None}, to_text(hand)
        for tb in rng.sample(targets, 6):
            want = {s for s, cb in subs if cb is not None and beats(cb, tb)}
            assert set(responses(hand, tb)) == want, (to_text(hand), tb)


BIG_HANDS = [
    "333444555666777TJQKA",    # 5-trio airplane with 5 wings
    "33344455566677889922",    # 4 trios + 4 pairs
    "3333444455556666BR22",    # bombs everywhere
    "333444555666778899BR",
    "3456789TJQKA22BR3344",    # chains and pair chains
    "33445566778899TTJJQQ",
    "333444555666777888KK",
    "3333KKKKAAAA2222BR",
    "3334445556667KKA22BR",
]


@pytest.mark.parametrize("hand", BIG_HANDS)
def test_leading_moves_brute_force_big_hands(hand):
    c = parse(hand)
    assert check_leading(c) == brute_leading(c)


def test_leading_moves_random_big_hands_sampled():
    """17/20-card hands: all generated moves valid; random valid sub-multisets are generated."""
    rng = random.Random(99)
    for _ in range(60):
        hand = random_hand(rng, rng.choice((17, 20)))
        gen = check_leading(hand)
        ranks = [r for r in range(15) for _ in range(hand[r])]
        for _ in range(300):
            sub = [0] * 15
            for r in rng.sample(ranks, rng.randint(1, 12)):
                sub[r] += 1
            sub = tuple(sub)
            assert (ref_classify(sub) is not None) == (sub in gen), (to_text(hand), to_text(sub))


def random_combos(rng, n):
    """n random valid combinations, with every type represented."""
    out = [C(t) for t in ONE_OF_EACH.values()]
    while len(out) < n:
        moves = leading_moves(random_hand(rng, 20))
        out.append(classify(rng.choice(moves)))
    return out


def test_responses_brute_force():
    rng = random.Random(5)
    targets = random_combos(rng, 60)
    for i in range(300):
        if i % 2:
            hand = random_hand(rng, rng.randint(1, 10))
        else:
            ranks = rng.sample(range(15), rng.randint(3, 5))
            deck = [r for r in ranks for _ in range(MAXC[r])]
            c = [0] * 15
            for r in rng.sample(deck, min(len(deck), rng.randint(4, 12))):
                c[r] += 1
            hand = tuple(c)
        subs = [(s, ref_classify(s)) for s in sub_multisets(hand)]
        for tb in rng.sample(targets, 8) + [C(ONE_OF_EACH[rng.choice(TYPES)])]:
            got = responses(hand, tb)
            assert len(got) == len(set(got))
            want = {s for s, cb in subs if cb is not None and beats(cb, tb)}
            assert set(got) == want, (to_text(hand), tb)
            for m in got:
                assert beats(classify(m), tb)


@pytest.mark.parametrize("hand", BIG_HANDS)
def test_responses_big_hands_match_filtered_leading(hand):
    c = parse(hand)
    lead = leading_moves(c)
    targets = {classify(m) for m in lead} | {C(t) for t in ONE_OF_EACH.values()}
    for tb in targets:
        want = {m for m in lead if beats(classify(m), tb)}
        assert set(responses(c, tb)) == want, (hand, tb)


def test_responses_accept_text_and_none():
    hand = parse("33445566778899")
    assert set(responses(hand, "345678")) == {parse(t) for t in
                                              ("456789",)}
    assert responses(hand, C("BR")) == []
    assert set(response_keys(hand, None)) == set(leading_keys(hand))
    with pytest.raises(ValueError):
        responses(hand, "34")


def test_specific_generation_cases():
    # two jokers never appear as wings or four-kickers, but the rocket is a move
    moves = {to_text(m) for m in leading_moves("333444BR")}
    assert "333444BR" not in moves and "BR" in moves and "333B" in moves
    moves = {to_text(m) for m in leading_moves("3333BR")}
    assert "3333BR" not in moves and "3333B" not in moves and "3333" in moves
    # wings never use a core rank, pair wings use distinct ranks
    moves = {to_text(m) for m in leading_moves("3334444555")}
    assert "33344445" not in moves
    assert "34444555" not in moves and "33344455" in moves and "33444555" in moves
    moves = {to_text(m) for m in leading_moves("33344466667")}
    assert "3334446666" not in moves
    assert "33366" in moves and "33344467" in moves and "33344466" in moves
    assert "66663334" not in moves  # 4 singles is not "two" pairs with equal rank
    assert "33446666" in moves and "346666" in moves and "336666" in moves
    # same-length rule for responses
    assert {to_text(m) for m in responses("3456789TJ", "34567")} == {
        "45678", "56789", "6789T", "789TJ"}
    assert responses("3456789TJ", "345678") and all(
        sum(m) == 6 for m in responses("3456789TJ", "345678"))
