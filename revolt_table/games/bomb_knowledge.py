"""What the table has seen of each hidden Revolución hand: cards seen entering it, and passes made.

Why: a player at the table remembers that the cards Ana dug up face up are still in her hand, that
the winning defender took his fighters back, and that Ben let the bomb take his lieutenant, so he
held no Bodyguard. The search behind ai:hard (ai/bomb_search.py) deals its imagined hands from the
view; without this record it dealt every hidden card uniformly and forgot all of that. The state
keeps the record as it plays (games/bomb.py); it is public (`BombInfo.known`, `BombInfo.passed`):
every fact in it comes from public events, so two games that differ only in hidden cards have the
same record (tests/test_revolucion_knowledge.py).

Representation, per seat:
- `known`: the card ids every player saw enter the hand and not leave it (dug up face up, a won
  fight's cards taken back, the attacker's table cards at the end of a round). A multiset, as a tuple.
- `passed`: one entry per hidden card of the hand (so `len(known) + len(passed)` is the hand's size),
  the occasions (bomb_cards.OCCASIONS, plus `movement` for a dig) at which the seat passed while
  that card was in its hand, as a sorted tuple. Entries are ordered from the card held longest to the
  newest; since a pass marks every card held at the time and a new card starts with none, each
  entry's occasions include the next one's (a chain), which is what makes the bookkeeping below exact
  enough to stay cheap.

What a pass proves depends on the player (a Fort may be kept for later); the record states only
what happened. The reader (`BombState.from_view`) chooses which occasions it reads as
"held none": `TELLING` by default, the occasions where ai:normal always plays a card it holds and a
player nearly always would (saving a lieutenant, stealing a card, a free tactic). A dig is a fact:
digging is legal only without a movement card.

Every function takes and returns tuples, so a cloned state shares them until one changes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

Known = tuple[str, ...]
Passed = tuple[tuple[str, ...], ...]

#: occasions whose pass a reader takes as "holds no card for it" (see the module docstring)
TELLING = frozenset({"interrupt", "massacre", "explosion", "against_disarm", "tactic", "after_fight_attacker",
                     "after_fight_defender", "movement"})


def gained_hidden(passed: Passed, n: int) -> Passed:
    """`n` cards no one else saw came into the hand (a draw, a steal by this seat)."""
    return passed + ((),) * n if n > 0 else passed


def gained_known(known: Known, cards) -> Known:
    """Cards every player saw came into the hand."""
    return known + tuple(cards)


def passed_on(passed: Passed, occasion: str) -> Passed:
    """The seat passed at `occasion`: every card it holds now was held through that pass."""
    return tuple(p if occasion in p else tuple(sorted(p + (occasion,))) for p in passed)


def left(known: Known, passed: Passed, cards, usable: Mapping[str, Collection[str]],
         telling: Collection[str] = TELLING) -> tuple[Known, Passed]:
    """Cards named in public left the hand (played, committed, set aside). A card the table saw come
    in is taken from `known`; otherwise the hidden entry it left is the most-marked one it could be
    under the `telling` reading (`usable[occasion]` is the cards usable there); as the entries form a
    chain, this leaves the weakest claims about the cards still hidden. A card no entry could be (a
    player who kept a card back through a telling pass) takes the least-marked entry."""
    known_list = list(known)
    hidden = list(passed)
    for card in cards:
        if card in known_list:
            known_list.remove(card)
            continue
        if not hidden:
            continue
        index = next((i for i, p in enumerate(hidden)
                      if not any(card in usable.get(o, ()) for o in p if o in telling)),
                     len(hidden) - 1)
        del hidden[index]
    return tuple(known_list), tuple(hidden)


def lost_unseen(known: Known, passed: Passed) -> tuple[Known, Passed]:
    """A card no one else saw was taken from the hand (The Irish Guy's steal): it may have been a known
    one, so the known cards become hidden ones with no passes, and the most-marked entry goes."""
    entries = passed + ((),) * len(known)
    return (), entries[1:]


def ruled_out(passed_entry: tuple[str, ...], usable: Mapping[str, Collection[str]],
                   telling: Collection[str] = TELLING) -> frozenset[str]:
    """The cards a hidden entry cannot be under the reader's `telling` occasions."""
    return frozenset(c for o in passed_entry if o in telling for c in usable.get(o, ()))
