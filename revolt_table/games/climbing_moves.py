"""Dou Dizhu's typed moves: the phase table, the descriptors (`MoveInfo`) of bids, passes and plays, what
a selection of hand cards plays, and the sentences of the deal's public moments (who is landlord, the
bottom cards, the multiplier) for the replay and the review.

Why apart from climbing.py: the state is the hot path of a search and keeps moves as texts with packed
keys (`3334`, `bid2`, `pass`); everything a player or a consumer reads of a move is made here, on
request. Notation (climbing.py's docstring): plays are rank letters `3456789TJQKA2BR`, bids `bid1`..,
and `pass` both while bidding (no bid) and while playing.

Kinds: `pass` (while bidding: no bid), `bid` (`amount`: the bid), `play` (`cards`: the hand cards the
engine takes for it, the lowest suits of each rank, as climbing.py does).
"""

from __future__ import annotations

from ..engine.message import Message, Seat
from ..engine.move import Move, MoveInfo
from ..engine.phases import Phase, PhaseTable
from . import doudizhu_combos as dz

PHASES = PhaseTable(
    Phase("bidding", "bid", ("pass", "bid")),
    Phase("play", "play", ("pass", "play")),
)

SUIT_ORDER = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


# ------------------------------------------------------------------------------------------ notation
def rank_of(card: str) -> str:
    """The rank letter of a card id in `3456789TJQKA2BR` ("BJ" -> "B", "RJ" -> "R")."""
    return card[0]


def card_order(card: str) -> tuple[int, int]:
    """3 low ... 2, then the black and the red joker; suits S H D C inside a rank (the engine's order)."""
    r = dz.RANKS.index(rank_of(card))
    s = SUIT_ORDER.index(card[1]) if card not in ("BJ", "RJ") and card[1:2] in SUIT_ORDER else 0
    return r, s


def text_of_cards(cards) -> str:
    """The move text a set of card ids makes (its ranks in order; "" for none)."""
    return dz.to_text("".join(rank_of(c) for c in cards)) if cards else ""


def cards_for(hand, text: str) -> tuple[str, ...]:
    """The hand cards a play takes: for each rank of `text`, the lowest suits held (what the engine
    takes when it applies the move); () when the hand does not hold them."""
    want: dict[str, int] = {}
    for ch in text:
        want[ch] = want.get(ch, 0) + 1
    out = []
    for card in sorted(hand or (), key=card_order):
        r = rank_of(card)
        if want.get(r, 0) > 0:
            want[r] -= 1
            out.append(card)
    return tuple(out) if not any(want.values()) else ()


# ------------------------------------------------------------------------------------------ descriptors
def describe(rules, view, move: Move) -> MoveInfo:
    """The family hook (engine.move.describe)."""
    phase = view.info.phase
    text = move.text
    if text == "pass":
        return MoveInfo(move, "pass", phase, namer=_label)
    if phase == "bidding":
        amount = move.payload if move.payload.__class__ is int else int(text[3:])
        return MoveInfo(move, "bid", phase, amount=amount, namer=_label)
    return MoveInfo(move, "play", phase, cards_for(view.hand(), text), namer=_label)


def combination(cards) -> dz.Combo | None:
    """The combination some card ids make (None: none); what a table names over a play."""
    try:
        return dz.classify(text_of_cards(cards)) if cards else None
    except ValueError:
        return None


def combination_name(cards) -> Message | None:
    """The name of the combination some card ids make ("pair of 9s"); None when they make none."""
    combo = combination(cards)
    return dz.describe(combo) if combo is not None else None


def is_heavy(cards) -> bool:
    """Do these cards make a bomb or the rocket (which double the stakes)?"""
    combo = combination(cards)
    return combo is not None and combo.type in ("bomb", "rocket")


def hint_order(first: MoveInfo, infos: list[MoveInfo]) -> list[MoveInfo]:
    """The order Hint proposes plays in: the AI's first, then every other play, cheapest first (bombs
    and the rocket last). Bids and passes are not in it: they are buttons, not cards to select."""
    plays = [i for i in infos if i.kind == "play" and i.move != first.move]

    def cost(i: MoveInfo):
        combo = dz.classify(i.text)
        return combo.type in ("bomb", "rocket"), combo.rank, len(i.text)
    return [first] + sorted(plays, key=cost)


def _label(i: MoveInfo) -> Message:
    if i.kind == "pass":
        return Message("climbing.row.no_bid" if i.phase == "bidding" else "climbing.row.pass")
    if i.kind == "bid":
        return Message("climbing.row.bid", n=i.amount)
    return dz.describe(dz.classify(i.text))


def card_name(card: str) -> Message:
    """A card as players name it: "10♠", "Q♥", a joker by its name."""
    rank = rank_of(card)
    if card in ("BJ", "RJ"):
        return Message(f"climbing.rank.one.{rank}")
    name = Message(f"climbing.rank.short.{rank}") if rank != "2" else Message("climbing.rank.one.2")
    return Message("climbing.card", rank=name, suit=SUIT_SYMBOLS.get(card[1:2], ""))


def listing(items: list[Message]) -> Message:
    """Several names as one list ("3♠, 7♥, red joker")."""
    if not items:
        return Message("climbing.said.none")
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Message("climbing.said.list", a=item, b=out)
    return out


# ------------------------------------------------------------------------------------------ moments
def landlord_sentence(seat: int, bid: int, bottom: tuple[str, ...]) -> Message:
    return Message("climbing.said.landlord", name=Seat(seat), bid=bid,
                   cards=listing([card_name(c) for c in sorted(bottom, key=card_order)]))


def doubled_sentence(reason: str, multiplier: int) -> Message:
    return Message(f"climbing.said.doubled.{reason}", n=multiplier)


def redeal_sentence() -> Message:
    return Message("climbing.said.redeal")


CODES = ("climbing.row.no_bid", "climbing.row.pass", "climbing.row.bid", "climbing.card",
         "climbing.said.none", "climbing.said.list", "climbing.said.landlord", "climbing.said.redeal") + tuple(
    f"climbing.said.doubled.{r}" for r in ("bomb", "rocket", "spring", "reverse_spring"))
