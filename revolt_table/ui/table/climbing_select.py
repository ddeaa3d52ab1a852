"""Dou Dizhu's hand order and the cards that fly when the viewer plays, free of drawing.

Why apart: it is pure and fast to test, and the table module stays about layout and moments. What a
selection plays, why it cannot, which cards a hint selects and what a play is called all come from the
game as typed moves (games/climbing_moves.py through `state.moves_with_cards`, `state.cards_refusal`
and the descriptors): nothing here reads a move's text.
"""

from __future__ import annotations

from revolt_table.games.climbing_moves import card_order, rank_of


def sort_key(card: str) -> tuple[int, int]:
    """3 low ... 2, then the black and the red joker; suits S H D C inside a rank (the engine's order)."""
    return card_order(card)


def relabel(hand: list[str], selected: list[int]) -> list[str]:
    """The hand's ids re-dealt among the same positions so that the SELECTED positions hold the cards
    the engine will take (lowest suits of each rank). Suits never matter in Dou Dizhu, so the card the
    player picked is the one that flies, and the hand left behind still equals the engine's."""
    out = list(hand)
    ranks = {rank_of(hand[i]) for i in selected}
    for r in ranks:
        positions = [i for i in range(len(hand)) if rank_of(hand[i]) == r]
        ids = sorted((hand[i] for i in positions), key=sort_key)
        n = sum(1 for i in selected if rank_of(hand[i]) == r)
        take, rest = ids[:n], ids[n:]
        sel = [i for i in positions if i in selected]
        unsel = [i for i in positions if i not in selected]
        for i, cid in zip(sel, take):
            out[i] = cid
        for i, cid in zip(unsel, rest):
            out[i] = cid
    return out
