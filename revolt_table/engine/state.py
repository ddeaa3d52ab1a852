"""Game state base class, zones and views.

A family keeps its state in whatever compact form is fastest (rank counts, small lists), and
describes it as named zones with an owner and a visibility. A seat's `View` is derived from those
zones alone, so hidden information cannot leak by accident: a hidden zone shows only its size, an
owner-only zone shows its cards to its owner only. Public facts that are not cards (whose turn, the
bid, the last verdict) go in `View.info`, which the family fills with public data only.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from .errors import IllegalMove
from .events import Event
from .info import Info
from .message import GAME_OVER, NO_SUCH_SEAT, NOT_A_MOVE, NOT_LEGAL, NOT_YOUR_TURN, Refusal, shorten
from .move import Move, MoveInfo, describe, describe_all

if TYPE_CHECKING:  # pragma: no cover
    from .rules import Rules

Visibility = Literal["public", "owner", "hidden"]


@dataclass(frozen=True, slots=True)
class Zone:
    """A named place for cards. `groups` splits it into stacks or tricks (each group top card first)."""

    name: str
    kind: str                      # hand, pile, slot, stacks, trick, tokens, track
    owner: int | None              # seat number, or None for a table zone
    visibility: Visibility
    cards: tuple[str, ...] = ()
    groups: tuple[tuple[str, ...], ...] = ()

    def count(self) -> int:
        return len(self.cards) if not self.groups else sum(len(g) for g in self.groups)

    def seen_by(self, seat: int | None) -> "ZoneView":
        visible = self.visibility == "public" or (self.visibility == "owner" and seat is not None
                                                   and seat == self.owner)
        if visible:
            return ZoneView(self.name, self.kind, self.owner, self.visibility, self.cards, self.groups,
                            self.count())
        if self.groups:  # hidden stacks: sizes of each group only
            return ZoneView(self.name, self.kind, self.owner, self.visibility, None,
                            tuple(("?",) * len(g) for g in self.groups), self.count())
        return ZoneView(self.name, self.kind, self.owner, self.visibility, None, (), self.count())


@dataclass(frozen=True, slots=True)
class ZoneView:
    """A zone as one seat sees it: `cards` is None when the seat may only know how many there are."""

    name: str
    kind: str
    owner: int | None
    visibility: Visibility
    cards: tuple[str, ...] | None
    groups: tuple[tuple[str, ...], ...]
    count: int


class ZoneMap(Mapping[str, ZoneView]):
    """The zones of a view by name: a read-only mapping (no item assignment, no pop, no update).

    Why not a dict: a view is handed to agents, tables and worker processes; nothing one of them does
    may change what another sees. It pickles (views cross to the AI worker process) and hashes.
    """

    __slots__ = ("_zones",)

    def __init__(self, zones: Mapping[str, ZoneView] | Iterable[tuple[str, ZoneView]] = ()) -> None:
        object.__setattr__(self, "_zones", dict(zones))

    def __getitem__(self, name: str) -> ZoneView:
        return self._zones[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._zones)

    def __len__(self) -> int:
        return len(self._zones)

    def __contains__(self, name: object) -> bool:
        return name in self._zones

    def get(self, name: str, default: Any = None) -> Any:
        return self._zones.get(name, default)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a view's zones are read-only")

    def __hash__(self) -> int:
        return hash(tuple(self._zones.items()))

    def __reduce__(self):
        return (ZoneMap, (self._zones,))

    def __repr__(self) -> str:
        return f"ZoneMap({self._zones!r})"


@dataclass(frozen=True)
class View:
    """Everything one seat may know: visible zones, public info, the record of public events.

    Immutable all the way down: `zones` is a read-only ZoneMap of frozen ZoneViews, `info` the
    family's frozen Info record (a family not yet converted to a record gets a fresh deep copy of
    its info dict in every view, so writing into it changes nothing else).
    """

    game: str
    variant: str | None
    seat: int | None
    players: int
    to_act: tuple[int, ...]
    zones: Mapping[str, ZoneView]
    info: Any = field(default_factory=dict)
    is_over: bool = False
    scores: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.zones, ZoneMap):
            object.__setattr__(self, "zones", ZoneMap(self.zones))

    def hand(self, seat: int | None = None) -> tuple[str, ...] | None:
        zone = self.zones.get(f"hand:{self.seat if seat is None else seat}")
        return None if zone is None else zone.cards


def _private_copy(value: Any) -> Any:
    """A copy of plain data (dicts, lists, sets, tuples of them) sharing nothing mutable with `value`.

    Faster than copy.deepcopy for the small info dicts of families not yet converted to Info records.
    """
    kind = value.__class__
    if kind is dict:
        return {k: _private_copy(v) for k, v in value.items()}
    if kind is list:
        return [_private_copy(v) for v in value]
    if kind is tuple:
        return tuple(_private_copy(v) for v in value)
    if kind is set:
        return {_private_copy(v) for v in value}
    return value


class GameState(ABC):
    """One game in progress. Subclasses implement the family's rules; this class holds the contract.

    The contract (docs/design.md): `to_act`, `legal_moves(seat)`, `apply(seat, move) -> events`,
    `view(seat)`, `is_over`, `scores`, `clone()`, `determinize(seat, rng)`, `parse_move(seat, text)`.
    `history` records (seat, move text) in order: with the rules id, variant and seed it is the
    save file and the replay.
    """

    rules: "Rules"
    players: int
    seed: int | None
    start_seat: int
    history: list[tuple[int, str]]
    # What happened while the game was set up (a roll-off for the first player, the first round's
    # climate...), for the table to show before the first move. Families that have any set it.
    opening_events: tuple[Event, ...] = ()

    # --- contract -----------------------------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several at once during a simultaneous choice)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move for `seat` now; never empty for a seat in `to_act`, empty otherwise."""

    @abstractmethod
    def _apply(self, seat: int, move: Move) -> list[Event]:
        """Apply a move already known to be legal."""

    @abstractmethod
    def zones(self) -> list[Zone]:
        """The state described as zones; the view and the card-conservation checks use these."""

    @abstractmethod
    def public_info(self) -> Info | dict[str, Any]:
        """Public facts that are not cards (phase, leader, last verdict, bids, tokens...): the family's
        frozen Info record (a dict from families not converted yet)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]: ...

    @abstractmethod
    def clone(self) -> "GameState": ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won a finished game (several on a shared win): by default the top scores.

        Families with a tie-break (Révolte! breaks ties by coins) override this.
        """
        if not self.is_over:
            return ()
        scores = self.scores
        best = max(scores)
        return tuple(seat for seat, points in enumerate(scores) if points == best)

    # --- shared behaviour ---------------------------------------------------------------------
    def is_legal(self, seat: int, move: Move) -> bool:
        return move in self.legal_moves(seat)

    def legal_move(self, seat: int, move: Move | str) -> Move:
        """The canonical legal Move that `move` (a Move, or its text) stands for now; IllegalMove if none.

        Why canonical: a Move is identified by its text, but a family applies it through its payload
        (a card index, a rank key). The engine's own Move object, never the caller's, reaches
        `_apply`, so a Move with the right text and a forged payload cannot play other cards than its
        text says. Everything is checked before anything changes: the seat (an int, not a bool, that
        is to act), the move's type, its legality.
        """
        if seat.__class__ is int:
            if isinstance(move, Move):
                text = move.text
                found = self.canonical_move(seat, text) if text.__class__ is str else None
                if found is not None:
                    return found
            elif isinstance(move, str) and seat in self.to_act:
                return self.parse_move(seat, move)
        raise IllegalMove(self._illegal_text(seat, move), self.refusal(seat, move))

    def canonical_move(self, seat: int, text: str) -> Move | None:
        """The legal move of `seat` whose text is exactly `text`; None if there is none (also when
        `seat`, any int, is not to act now).

        Families override this for speed (apply calls it on every move); the answer must be one of
        the Move objects `legal_moves(seat)` would return, payload included.
        """
        for move in self.legal_moves(seat):
            if move.text == text:
                return move
        return None

    def refusal(self, seat: int, move: Move | str) -> Refusal | None:
        """Why `seat` may not play `move` (a Move or its text) now, as data; None when it is legal.

        None exactly when `apply(seat, move)` would accept the move. The UI turns the Refusal into a
        sentence in the player's language. Families give specific reasons through `explain_refusal`;
        this method keeps the generic ones (game over, no such seat, not your turn, not a legal move).
        """
        if self.is_over:
            return Refusal(GAME_OVER)
        if seat.__class__ is not int or not 0 <= seat < self.players:
            return Refusal(NO_SUCH_SEAT, seat=shorten(seat))
        if seat not in self.to_act:
            return Refusal(NOT_YOUR_TURN, seat=seat)
        if isinstance(move, Move):
            text = move.text if move.text.__class__ is str else None
            found = text is not None and self.canonical_move(seat, text) is not None
        elif isinstance(move, str):
            text = move.strip()
            try:
                found = self.parse_move(seat, move) is not None
            except IllegalMove:
                found = False
        else:
            text, found = None, False
        if found:
            return None
        if text is None:
            return Refusal(NOT_A_MOVE, move=shorten(move))
        return self.explain_refusal(seat, text) or Refusal(NOT_LEGAL, move=shorten(text))

    def explain_refusal(self, seat: int, text: str) -> Refusal | None:
        """A family's specific reason why the move `text` is not legal for `seat` (to act) now.

        Called only for a seat in `to_act` and a move that is not legal; None falls back to the
        generic "not a legal move now".
        """
        return None

    def apply(self, seat: int, move: Move | str) -> list[Event]:
        """Play `move` (a Move or its text) for `seat`; raise IllegalMove if it is not allowed now.

        Nothing changes before the seat and the move are validated; the history records the
        canonical move's text and `_apply` gets the canonical Move (see `legal_move`).
        """
        if seat.__class__ is int and move.__class__ is Move and move.text.__class__ is str:   # the usual case,
            found = self.canonical_move(seat, move.text)                                   # inlined: hot path
            if found is not None:
                self.history.append((seat, found.text))
                return self._apply(seat, found)
        move = self.legal_move(seat, move)
        self.history.append((seat, move.text))
        return self._apply(seat, move)

    # --- typed moves (engine/move.py) ------------------------------------------------------------
    def describe(self, seat: int, move: Move | str) -> MoveInfo:
        """The descriptor of `move` (a Move or its text), a legal move of `seat` now; IllegalMove if it
        is not one. For the review and the replay, which hold texts: the canonical move is described."""
        return describe(self.rules, self.view(seat), self.legal_move(seat, move))

    def describe_moves(self, seat: int) -> list[MoveInfo]:
        """Every legal move of `seat` now, described (in the order of `legal_moves`)."""
        moves = self.legal_moves(seat)
        return describe_all(self.rules, self.view(seat), moves) if moves else []

    def moves_with_cards(self, seat: int, cards: tuple[str, ...] | list[str]) -> list[MoveInfo]:
        """The legal moves of `seat` that use exactly these hand cards (what a selection at the table
        can play: one move, several to choose from, or none). Families where cards of one rank are
        interchangeable (Dou Dizhu) override this."""
        if not cards:
            return []
        return [info for info in self.describe_moves(seat) if info.uses(cards)]

    def cards_refusal(self, seat: int, cards: tuple[str, ...] | list[str], kind: str | None = None) -> Refusal:
        """Why these hand cards of `seat` make no legal move now (of this `kind`, a `MoveInfo.kind`, when
        given: Révolte!'s "cut"); the table shows it beside a disabled Play. Generic: one card is refused
        as the move named by its id; families say more."""
        if len(cards) == 1:
            answer = self.refusal(seat, cards[0])
            if answer is not None:
                return answer
        return self.refusal(seat, None) if seat not in self.to_act or self.is_over else Refusal(NOT_LEGAL)

    def parse_move(self, seat: int, text: str) -> Move:
        """The legal move whose text is `text` (case-insensitive); IllegalMove with the options if none."""
        if seat.__class__ is not int or seat not in self.to_act or not isinstance(text, str):
            raise IllegalMove(self._illegal_text(seat, text), self.refusal(seat, text))
        wanted = text.strip()
        moves = self.legal_moves(seat)
        for move in moves:
            if move.text == wanted:
                return move
        folded = wanted.lower()
        for move in moves:
            if move.text.lower() == folded:
                return move
        options = ", ".join(m.text for m in moves[:20]) + (" ..." if len(moves) > 20 else "")
        raise IllegalMove(f"{shorten(text)} is not a legal move for seat {seat} now; legal: {options}",
                          self.explain_refusal(seat, wanted) or Refusal(NOT_LEGAL, move=shorten(wanted)))

    def _illegal_text(self, seat: object, move: object) -> str:
        """An engineer's sentence for an IllegalMove (logs, the CLI); long input is cut."""
        if self.is_over:
            return "the game is over"
        if seat.__class__ is not int or not 0 <= seat < self.players:
            return f"{shorten(seat)} is not a seat of this {self.players}-player game"
        if seat not in self.to_act:
            return self._not_your_turn(seat)
        text = move.text if isinstance(move, Move) else move
        if not isinstance(text, str):
            return f"{shorten(move)} is not a move (a Move or its text)"
        return f"{shorten(text)} is not a legal move for seat {seat} now"

    def _not_your_turn(self, seat: int) -> str:
        if self.is_over:
            return "the game is over"
        return f"seat {seat} is not to act now (to act: {', '.join(map(str, self.to_act))})"

    def view(self, seat: int | None) -> View:
        """What `seat` may see (None: a spectator, who sees only public zones)."""
        zones = ZoneMap((zone.name, zone.seen_by(seat)) for zone in self.zones())
        info = self.public_info()
        if not isinstance(info, Info):         # a family not converted yet: a copy, never its own data
            info = _private_copy(info)
        return View(game=self.rules.id, variant=self.rules.variant, seat=seat, players=self.players,
                    to_act=self.to_act, zones=zones, info=info, is_over=self.is_over,
                    scores=self.scores)

    def determinize(self, seat: int, rng: random.Random) -> "GameState":
        """A full state consistent with what `seat` sees, hidden cards re-dealt: built from the view
        alone, so a search can never use information the seat does not have."""
        return self.rules.from_view(self.view(seat), rng)

    def card_count(self) -> dict[str, int]:
        """How many of each card id the zones hold (for conservation checks)."""
        counts: dict[str, int] = {}
        for zone in self.zones():
            cards = [c for g in zone.groups for c in g] if zone.groups else zone.cards
            for card in cards:
                counts[card] = counts.get(card, 0) + 1
        return counts

    def record(self) -> dict[str, Any]:
        """The game record: enough to rebuild this exact game (save file, replay)."""
        return {"game": self.rules.id, "variant": self.rules.variant, "players": self.players,
                "seed": self.seed, "start_seat": self.start_seat,
                "moves": [[seat, text] for seat, text in self.history]}


def replay(rules: "Rules", record: dict[str, Any]) -> tuple[GameState, list[Event]]:
    """Rebuild a game from its record; raise IllegalMove/ValueError if the record does not fit."""
    state = rules.new_game(record["players"], seed=record["seed"], start_seat=record.get("start_seat", 0))
    events: list[Event] = []
    for seat, text in record["moves"]:
        events.extend(state.apply(int(seat), str(text)))
    return state, events
