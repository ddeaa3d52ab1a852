"""Events: small typed records of what happened, in order, for animation, logs and replays.

Events carry ids (seats, colour ids, card ids) and Messages, never sentences: an `explanation` is a
`Message` the UI translates (families not yet converted to the typed boundary still put English
strings there; `Message | str` until they have).

An event with no Message field of its own may still say something to players: a method
`sentence() -> Message` (Dou Dizhu's `LandlordChosen`: who is landlord, the bid, the bottom cards),
which the replay and the review say with the event's Messages. An event with a `reason` may have one
too, returning None when it has nothing of its own to say: when it says something, that is said
instead of the reason's sentence (Revolución's `CardsDrawn` names the cards a dig draws face up).

Events are public: every seat may see every event. A family therefore never puts a hidden card in an
event (a secretly chosen card is `CardChosen(seat)` without the card; the card appears in `Revealed`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .message import Message


@dataclass(frozen=True, slots=True)
class Event:
    @property
    def kind(self) -> str:
        return type(self).__name__


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Cards were dealt: how many to each seat and to each pile (cards themselves stay hidden)."""

    hands: tuple[int, ...]
    piles: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class CardChosen(Event):
    """A seat chose a card face down (simultaneous reveal); which card is not public yet."""

    seat: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Cards turned face up: `cards` maps a zone owner (seat, or a pile name) to card ids."""

    cards: tuple[tuple[int | str, str], ...]


@dataclass(frozen=True, slots=True)
class Played(Event):
    """Cards a seat played. `text` is the move's notation (for logs); what the table needs of the move
    is typed: its kind (`move_kind`, a `MoveInfo.kind`: "cut" for a Révolte! cut, "play" most often) and
    the seat it named, if any (`target`: Revolución's Opponent Massacre, Alliance, The Irish Guy)."""

    seat: int
    cards: tuple[str, ...]
    text: str = ""
    move_kind: str = "play"
    target: int | None = None


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Bid(Event):
    seat: int
    amount: int  # 0 = pass


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    seat: int | None
    cards: tuple[str, ...]
    explanation: Message | str = ""


@dataclass(frozen=True, slots=True)
class RoundResolved(Event):
    """A round's verdict. `winner` is a seat number, or None when a pile (not a player) wins.

    `colour` is the winning colour's id, `totals` each colour's total by id, `reason` why that colour
    won (a family's word: the majority family's REASONS), `unique_value` the value that decided who
    takes the stack (None when no value was unique), `winning_card` the card showing it.
    """

    winner: int | None
    colour: str
    explanation: Message | str
    cards: tuple[str, ...] = ()
    winning_card: str | None = None
    totals: tuple[tuple[str, int], ...] = ()
    reason: str = ""
    unique_value: int | None = None


@dataclass(frozen=True, slots=True)
class StackTaken(Event):
    """A winner (seat, or None for the centre pile) took `cards` as a stack; cards[0] is on top."""

    owner: int | None
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScoreChanged(Event):
    seat: int | None
    delta: int
    total: int
    reason: Message | str = ""


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]
    explanation: Message | str = ""
    extra: tuple[tuple[str, int], ...] = field(default=())
