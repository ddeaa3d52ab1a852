"""Events of the bomb family (Revolución): public records for the table's animations and logs.

Like every event they never carry a hidden card: a draw says how many cards, a theft says who
stole from whom, and only cards that are face up on the table (fight cards, discards) or drawn face up
(the cards a dig turns up under `dig: draw`, `CardsDrawn.cards`) are named.
Nor do they carry English: a `reason` or an `explanation` is a Message (codes in bomb_info.CODES),
and cards and climates are ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import Event
from ..engine.message import Message
from .bomb_info import dug_up_sentence


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    first: int
    timer: int


@dataclass(frozen=True, slots=True)
class ClimateChanged(Event):
    climate: str
    by: int | None = None          # seat that played a climate card, None for the token draw
    card: str = ""


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards drawn into a seat's hand. A draw is hidden: `cards` stays empty, except for the cards a dig
    turns up with `dig: draw` (reason R_DUG_UP), which are drawn face up, so every seat sees them
    (issue 29; added last with a default, so events made before still compare and read the same)."""

    seat: int
    count: int
    reason: Message | None = None
    cards: tuple[str, ...] = ()

    def sentence(self) -> Message | None:
        """The cards drawn face up, named (the replay and the Review say this instead of the count)."""
        return dug_up_sentence(self.seat, self.cards) if self.cards else None


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Cards put face up on the discard pile (exchanged, turned up, lost in a fight...)."""

    seat: int | None
    cards: tuple[str, ...]
    reason: Message | None = None


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    size: int


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    seat: int
    value: int
    reason: Message | None = None


@dataclass(frozen=True, slots=True)
class BombMoved(Event):
    source: int
    target: int
    card: str
    extras: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TimerAdvanced(Event):
    steps: int
    left: int


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    attacker: int
    defender: int


@dataclass(frozen=True, slots=True)
class FightCommitted(Event):
    seat: int
    cards: tuple[str, ...]
    support: int


@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    """A duel: each side's cards, die, ally die, support spent, modifiers and total."""

    attacker: int
    defender: int
    attacker_cards: tuple[str, ...]
    defender_cards: tuple[str, ...]
    dice: tuple[int, int]
    ally_dice: tuple[int, int]
    support: tuple[int, int]
    totals: tuple[int, int]
    winner: int
    explanation: Message | None = None   # the verdict, with both totals
    modifiers: tuple[int, int] = (0, 0)   # Out of Ammo, the defender's +1 and the like, per side


@dataclass(frozen=True, slots=True)
class Reacted(Event):
    """A seat answered with a card: `against` says what it answered (attack, explosion, disarm...)."""

    seat: int
    card: str
    against: str
    target: int | None = None


@dataclass(frozen=True, slots=True)
class CardStolen(Event):
    thief: int
    victim: int


@dataclass(frozen=True, slots=True)
class Exploded(Event):
    seat: int
    protected_by: str = ""


@dataclass(frozen=True, slots=True)
class Disarmed(Event):
    seat: int
    success: bool
    card: str = ""                 # Cut The Wires that disarmed it, or the Wrong Wire that stopped it


@dataclass(frozen=True, slots=True)
class LieutenantLost(Event):
    seat: int
    left: int
    reason: Message


@dataclass(frozen=True, slots=True)
class LieutenantSaved(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class SupportChanged(Event):
    seat: int
    delta: int
    total: int
    reason: Message | None = None


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    seat: int
