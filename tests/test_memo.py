"""revolt_table/engine/memo.py: a cache of immutable values stays out of the young collections.

A plain dict of untracked values is untracked by a collection and tracked again, as a young object, at
the next insert; then every young collection walks all of it (Dou Dizhu's table of rank counts: up to a
million entries, 60-100 ms a walk). A MemoTable never leaves the generation it is in."""

from __future__ import annotations

import gc

from revolt_table.games import doudizhu_combos as dz
from revolt_table.engine.memo import MemoTable


def fresh_tuple(i: int) -> tuple:
    return tuple([i, i + 1])            # built at run time: a new tuple, tracked until a collection sees it


def in_young_generation(obj) -> bool:
    return any(o is obj for o in gc.get_objects(generation=0))


def test_a_memo_table_is_not_retracked_as_young_after_an_insert():
    plain, table = {}, MemoTable()
    for i in range(1000):
        plain[i] = table[i] = fresh_tuple(i)
    gc.collect()
    assert not gc.is_tracked(plain)          # what CPython does to a plain dict of untracked values
    assert gc.is_tracked(table)
    gc.disable()                             # no automatic collection may age them before the look
    try:
        plain[-1] = table[-1] = fresh_tuple(-1)
        assert in_young_generation(plain)    # tracked again, young: the next young collection walks it
        assert not in_young_generation(table)
    finally:
        gc.enable()
    assert table == plain and isinstance(table, dict)


def test_the_big_dou_dizhu_caches_are_memo_tables():
    """The caches that hold immutable values and grow to hundreds of thousands of entries."""
    from revolt_table.ai import climbing_ai, climbing_endgame
    from revolt_table.games import climbing

    for table in (dz._TUPLE, dz._COMBO, climbing._PARTS, climbing_ai._P3, climbing_endgame._COMBO,
                  climbing_endgame.EndgameSolver(0, 10).memo):
        assert isinstance(table, MemoTable)
