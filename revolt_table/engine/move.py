"""Moves: what a seat does, with a text notation that round-trips through `parse_move`, and the typed
descriptor (`MoveInfo`) through which everything outside the games reads what a move is.

Why two things: the text (`R3`, `333444`, `pass`, `cut:B7`, `fight:T3+E2+sp1`) is the documented
notation (each game module's header documents its family's) that saves, the history, tests and the
command line keep; it is the family's to read and write. The table, the AI, the hints, the review and
the replay need what the move *is*: its kind, the hand cards it uses, the seat it names, an amount, and
words for players. A family publishes that as a `MoveInfo` (`describe`, below), so no layer outside
revolt_table/games re-parses a text (tests/test_move_texts.py walks ui/ and ai/ and fails on any that
does).

Cheap by construction: `legal_moves` stays the hot path and returns bare `Move`s; a descriptor is made
only when someone asks (`describe`), and its label, a `Message`, only when it is read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .message import Message

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules


@dataclass(frozen=True, slots=True)
class Move:
    """A move is identified by its text (`R3`, `333444`, `pass`, `cut:B7`).

    `payload` carries whatever the family needs to apply it fast (a card index, rank counts);
    it does not take part in equality, so two moves are equal exactly when their texts are.
    """

    text: str
    payload: Any = field(default=None, compare=False, hash=False)

    def __str__(self) -> str:
        return self.text


#: the label of a move a family does not describe: its text as it is (engine.move.text: "{text}")
PLAIN_LABEL = "engine.move.text"
CODES = (PLAIN_LABEL,)


class MoveInfo(NamedTuple):
    """What one legal move is, for every consumer of a game (see the module docstring).

    kind    the family's word for it, one its phase table declares (`pass`, `bid`, `play`, `cut`,
            `take`, `swap`, `keep`, `attack`, `fight`, `send`, `dig`...)
    phase   the phase (a key of the family's `PHASES`) the move was described in
    cards   the hand cards it uses, as ids (a multiset; () for a move that uses none)
    card    the card the move is about when it is not simply "the cards": the mover of a bomb move, the
            card a reaction plays, a bomb card turned up from the deck ("" when none)
    target  the seat it names (attacked, receiving the bomb, robbed of a coin), else None
    zone    the zone it names, else ""
    amount  a number it carries: a bid, support tokens, 0 when none
    label   words for players (a `Message`, said by the UI in its language); seats in it are `Seat`s

    The label is made on request by the family's `namer` (never in a search's hot loop). A NamedTuple,
    not a dataclass: an AI describes every legal move of every decision of its play-outs, and a tuple is
    made four times faster (immutable and picklable all the same).
    """

    move: Move
    kind: str
    phase: str = ""
    cards: tuple[str, ...] = ()
    card: str = ""
    target: int | None = None
    zone: str = ""
    amount: int = 0
    namer: Callable[["MoveInfo"], Message] | None = None

    @property
    def text(self) -> str:
        """The move's notation (for files and logs; never to be taken apart outside games/)."""
        return self.move.text

    @property
    def label(self) -> Message:
        namer = self.namer
        return namer(self) if namer is not None else Message(PLAIN_LABEL, text=self.move.text)

    def uses(self, cards: Iterable[str]) -> bool:
        """Does the move use exactly these hand cards (as a multiset)?"""
        return Counter(self.cards) == Counter(cards)


@dataclass(frozen=True, slots=True)
class Said:
    """A namer for a label already made when the move is described (cheap labels: a card's name)."""

    message: Message

    def __call__(self, info: MoveInfo) -> Message:
        return self.message


def plain_info(view: Any, move: Move) -> MoveInfo:
    """A family that publishes no descriptors: a move whose text is a card of the seat's hand plays that
    card; anything else is a move of its own, named by its text."""
    hand = view.hand() if view is not None else None
    played = (move.text,) if hand and move.text in hand else ()
    return MoveInfo(move, "play" if played else "move", cards=played)


def describe(rules: "Rules", view: Any, move: Move) -> MoveInfo:
    """The descriptor of `move`, a legal move of `view.seat` in the position `view` shows.

    The family's hook `FAMILY.describe(rules, view, move)` answers (from the view's public info and
    the seat's own hand: the AI and the table have nothing else); a family without one gets
    `plain_info`. `view` may be any object with `seat`, `players`, `info`, `zones` and `hand()`
    (a search's light view)."""
    hook = getattr(rules.family, "describe", None)
    return hook(rules, view, move) if hook is not None else plain_info(view, move)


def describe_all(rules: "Rules", view: Any, moves: Iterable[Move]) -> list[MoveInfo]:
    """`describe` for each of `moves`, in their order (a family may answer all at once, faster)."""
    hook = getattr(rules.family, "describe_all", None)
    if hook is not None:
        return hook(rules, view, list(moves))
    return [describe(rules, view, m) for m in moves]
