"""Dou Dizhu selection logic, free of drawing: which move a set of selected cards is, why it cannot be
played, and which cards a proposed move (the Hint) selects.

Why apart: it is pure and fast to test, and the table module stays about layout and moments. What it
says is data (a combination's name, a refusal: Messages); the table turns it into text.
"""

from __future__ import annotations

from typing import Callable

from revolt_table.engine import Message, Move, Refusal
from revolt_table.engine.message import NOT_LEGAL
from revolt_table.games import doudizhu_combos as dz

SUIT_ORDER = "SHDC"


def rank_char(card: str) -> str:
    """The rank letter of a card id in `3456789TJQKA2BR` ("BJ" -> "B", "RJ" -> "R")."""
    return card[0]


def sort_key(card: str) -> tuple[int, int]:
    """3 low ... 2, then the black and the red joker; suits S H D C inside a rank (the engine's order)."""
    r = dz.RANKS.index(rank_char(card))
    s = SUIT_ORDER.index(card[1]) if card not in ("BJ", "RJ") and card[1:2] in SUIT_ORDER else 0
    return r, s


def move_text(cards: list[str]) -> str:
    """Canonical move text of a selection of card ids ("" when empty)."""
    if not cards:
        return ""
    return dz.to_text("".join(rank_char(c) for c in cards))


def describe(text: str) -> Message | None:
    """The name of the combination a move text makes (None if it is not one)."""
    combo = dz.classify(text)
    return dz.describe(combo) if combo is not None else None


def check(cards: list[str], legal: list[Move],
          refusal: Callable[[str], Refusal | None]) -> tuple[Move | None, Refusal | None]:
    """(the legal move these cards make, or None; why they cannot be played, or None).

    `refusal(text)` is the game's answer for the viewer (`state.refusal(seat, text)`): the table never
    decides the rules itself."""
    text = move_text(cards)
    if not text:
        return None, None
    for move in legal:
        if move.text == text:
            return move, None
    return None, refusal(text) or Refusal(NOT_LEGAL, move=text)


def pick(hand: list[str], text: str) -> list[int]:
    """Indices of hand cards that make up move `text`: for each rank, the lowest suits (what the engine
    takes), so the cards the Hint lifts are the ones that will fly."""
    want: dict[str, int] = {}
    for ch in text:
        want[ch] = want.get(ch, 0) + 1
    order = sorted(range(len(hand)), key=lambda i: sort_key(hand[i]))
    out = []
    for i in order:
        r = rank_char(hand[i])
        if want.get(r, 0) > 0:
            want[r] -= 1
            out.append(i)
    return sorted(out) if not any(want.values()) else []


def relabel(hand: list[str], selected: list[int], text: str) -> list[str]:
    """The hand's ids re-dealt among the same positions so that the SELECTED positions hold the cards
    the engine will take (lowest suits of each rank). Suits never matter in Dou Dizhu, so the card the
    player picked is the one that flies, and the hand left behind still equals the engine's."""
    out = list(hand)
    ranks = {rank_char(hand[i]) for i in selected}
    for r in ranks:
        positions = [i for i in range(len(hand)) if rank_char(hand[i]) == r]
        ids = sorted((hand[i] for i in positions), key=sort_key)
        n = sum(1 for i in selected if rank_char(hand[i]) == r)
        take, rest = ids[:n], ids[n:]
        sel = [i for i in positions if i in selected]
        unsel = [i for i in positions if i not in selected]
        for i, cid in zip(sel, take):
            out[i] = cid
        for i, cid in zip(unsel, rest):
            out[i] = cid
    return out


def hint_cycle(first: Move, legal: list[Move]) -> list[Move]:
    """The Hint order: the AI's proposal first, then every other play, cheapest first (bombs and the
    rocket last). Bids and passes are not cycled through: they are buttons, not cards to select."""
    plays = [m for m in legal if m != first and dz.classify(m.text) is not None]   # no bids, no pass

    def cost(m: Move):
        c = dz.classify(m.text)
        heavy = c is not None and c.type in ("bomb", "rocket")
        return heavy, c.rank if c else 0, len(m.text)

    plays.sort(key=cost)
    return [first] + plays
