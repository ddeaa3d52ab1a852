"""Dou Dizhu's quick reference (the climbing family's `rulebook` module): every combination with an
example, the rank order, and the scoring with the game's landlord share (rulebook/quickref.py)."""

from __future__ import annotations

from typing import Callable

from revolt_table.games.climbing import RANK_CHARS, SUITS, ClimbingParams
from revolt_table.rulebook import Rulebook
from revolt_table.rulebook.quickref import Row, Section

Q = "quickref.climbing."
# (combination, an example by ranks): drawn as small cards, suits cycling per rank
EXAMPLES = (("single", "K"), ("pair", "99"), ("trio", "QQQ"), ("trio_single", "QQQ5"), ("trio_pair", "QQQ88"),
            ("chain", "34567"), ("pair_chain", "556677"), ("airplane", "888999"),
            ("airplane_wings", "8889993J"), ("four_two", "666634"), ("bomb", "7777"))


def cards_of(ranks: str) -> tuple[str, ...]:
    """'QQQ5' -> ('QS', 'QH', 'QD', '5S'): suits cycle per rank so examples look like real cards."""
    seen: dict[str, int] = {}
    out = []
    for rank in ranks:
        k = seen.get(rank, 0)
        seen[rank] = k + 1
        out.append(rank + SUITS[k % 4])
    return tuple(out)


def quick_reference(book: Rulebook, rules, t: Callable[..., str]) -> list[Section]:
    p: ClimbingParams = rules.params
    rows = [Row(t(Q + name), t(Q + name + "_text"), cards_of(ranks)) for name, ranks in EXAMPLES]
    rows.append(Row(t(Q + "rocket"), t(Q + "rocket_text"), ("BJ", "RJ")))
    order = tuple(RANK_CHARS[:13]) + ("BJ", "RJ")
    return [
        Section(t(Q + "combinations"), tuple(rows), note=t(Q + "follow")),
        Section(t(Q + "order"), order=order),
        Section(t(Q + "scoring"), (
            Row(text=t(Q + "formula")), Row(text=t(Q + "landlord_share", n=p.landlord_share)),
            Row(text=t(Q + "doubles")), Row(text=t(Q + "spring")), Row(text=t(Q + "reverse_spring")))),
    ]
