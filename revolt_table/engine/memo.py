"""A cache dict that the garbage collector keeps in sight once, not over and over.

CPython stops tracking a plain dict whose keys and values are all untracked (ints, tuples of ints,
named tuples of ints and strings) and tracks it again at the next insert of a fresh tuple, as a YOUNG
object. The AI's big caches are exactly such dicts: Dou Dizhu's table of rank counts holds up to a
million tuples, and each re-tracking made the next young collections walk all of it (60-100 ms each,
several a decision, measured after a few hundred deals). The collector never untracks an instance of
a dict subclass, so a `MemoTable` stays where it is, and after `gc.freeze` (ai/budget.py
`settle_after_decision`) out of every later collection. Use it for long-lived caches of immutable
values; lookups cost the same as a dict's.
"""

from __future__ import annotations


class MemoTable(dict):
    """A dict the garbage collector never untracks (see the module docstring)."""

    __slots__ = ()
