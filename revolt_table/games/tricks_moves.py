"""Révolte!'s typed moves: the phase table and the descriptors (`MoveInfo`) of its three kinds of move.

Why apart from tricks.py: the state plays from its own tables of moves (tricks_records.CardTables: a
card id plays it, `cut:B7` plays a Blaggard as a cut, `take:2` takes the Knave's coin from seat 2);
what the table, the AI, the hints, the review and the replay read of a move is made here.

Kinds: `play` (a card, `cards` holds it), `cut` (a Blaggard played as a cut: the trump's cards only,
paying a coin), `take` (`target`: the seat a coin is taken from).
"""

from __future__ import annotations

from functools import cache

from ..engine.message import Message, Seat
from ..engine.move import PLAIN_LABEL, Move, MoveInfo, Said
from ..engine.phases import Phase, PhaseTable

PHASES = PhaseTable(
    Phase("play", "play", ("play", "cut")),
    Phase("take", "take", ("take",)),
)
TAKE = "tricks.move.take"
CUT = "tricks.card_cut"
CODES = (TAKE, CUT)


def cut_text(card: str) -> str:
    """The text of the cut with `card` (a card of the trump family)."""
    return f"cut:{card}"


@cache
def take_move(seat: int) -> Move:
    """The move that takes the Knave's coin from `seat`."""
    return Move(f"take:{seat}", ("take", seat))


def parse(params, text: str) -> tuple[str, int] | None:
    """(kind, card index or seat) for a move text; None if it names no move of this game."""
    found = params.cards.lookup.get(text)
    if found is not None:
        return found
    if text.startswith("take:") and text[5:].isdigit():
        return "take", int(text[5:])
    return None


def describe(rules, view, move: Move) -> MoveInfo:
    """The family hook (engine.move.describe)."""
    params = rules.params
    found = move.payload if move.payload.__class__ is tuple else parse(params, move.text)
    kind, arg = found if found is not None else ("play", -1)
    if kind == "take":
        return MoveInfo(move, "take", "take", target=arg, namer=Said(Message(TAKE, name=Seat(arg))))
    card = params.cards.ids[arg] if arg >= 0 else move.text
    name = params.cards.messages[arg] if arg >= 0 else Message(PLAIN_LABEL, text=card)
    return MoveInfo(move, kind, "play", (card,), card, namer=Said(name if kind == "play" else Message(CUT, card=name)))
