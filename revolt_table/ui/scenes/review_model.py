"""What the Review screen steps through: a finished game replayed once into positions, all cards seen.

Why a model apart from the scene: stepping must land on the same position whichever way it was
reached (the tests go forward and back and compare with a fresh replay), and the scene only draws.
The game is replayed once when the Review opens (history_replay.replay_entry, which also checks it
ends as recorded); position k is the game after k moves, kept as plain data:
- every zone's cards as the most knowing seat sees them: a spectator's view first, then each seat's
  own (so every hand is face up, and a card no seat has seen yet stays face down: Dou Dizhu's bottom
  before the landlord takes it);
- whose turn it is, each seat's points so far where the game keeps them.
For each decision that may be analysed (a seat played by a person, with a choice of moves) the model
also keeps that seat's View before the move and the legal move texts: exactly what ai/analysis.py
needs, picklable for the AI worker.

Pygame-free (tests read it without a window).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from revolt_table.engine import Event, Message, Rules, View
from revolt_table.records.history import HistoryEntry
from revolt_table.records.replay import replay_entry
from revolt_table.records.replay_text import event_sentences
from revolt_table.ui.scenes.review_moves import move_label, option_labels

#: zones that hold no cards worth showing: the box and the unused cards, the draw pile, token supplies
#: (coins and coats of arms are counted in the seat's points, not drawn as cards)
QUIET_ZONES = frozenset({"box", "unused", "deck", "supply", "arms_supply", "coins", "points", "trick_coins"})


@dataclass(frozen=True)
class ZoneShown:
    name: str                          # the engine's zone name ("hand:2", "pile")
    owner: int | None                  # the seat after the colon, if any
    cards: tuple[str | None, ...]      # None: a card no seat has seen
    fresh: tuple[str, ...]             # cards that arrived with this position's move
    groups: tuple[tuple[str, ...], ...] = ()   # a zone kept in groups (one per play, per stack won)


@dataclass(frozen=True)
class Position:
    zones: tuple[ZoneShown, ...]
    to_act: tuple[int, ...]

    def zone(self, name: str) -> ZoneShown | None:
        return next((z for z in self.zones if z.name == name), None)

    def hand(self, seat: int) -> tuple[str | None, ...]:
        zone = self.zone(f"hand:{seat}")
        return zone.cards if zone is not None else ()


@dataclass(frozen=True)
class Decision:
    """A move that may be analysed: the seat's view before it and its legal moves then."""

    step: int                          # 1-based move number
    seat: int
    played: str
    view: View
    legal: tuple[str, ...]
    labels: tuple[tuple[str, Message], ...] = ()      # (text, label) of each legal move (review_moves)


@dataclass(frozen=True)
class MoveShown:
    number: int                        # 1-based
    seat: int
    move: str
    said: tuple[str, ...]              # what the move made the game say, translated when built
    label: Message | None = None       # the move as the game describes it (review_moves.move_words says it)


def zone_owner(name: str) -> int | None:
    head, _, tail = name.partition(":")
    return int(tail) if tail.isdigit() else None


def zone_kind(name: str) -> str:
    return name.partition(":")[0]


def _sentences(events, names: list[str] | None = None) -> tuple[str, ...]:
    out: list[str] = []
    for event in events:
        out += [s for s in event_sentences(event, names) if s not in out]
    return tuple(out)


def _position(state, seats: int, before: Position | None) -> Position:
    views = [state.view(None)] + [state.view(s) for s in range(seats)]
    names = [z.name for z in views[0].zones.values()]
    zones = []
    for name in names:
        if zone_kind(name) in QUIET_ZONES or name.startswith("_"):
            continue
        shown, groups = None, ()
        for view in views:
            zone = view.zones.get(name)
            if zone is None:
                continue
            if zone.groups:
                groups = tuple(tuple(g) for g in zone.groups)
                shown = tuple(c for g in groups for c in g)
                break
            if zone.cards is not None:
                shown = tuple(zone.cards)
                break
            shown = shown if shown is not None else (None,) * zone.count
        shown = shown or ()
        old = before.zone(name) if before is not None else None
        fresh = Counter(c for c in shown if c is not None)
        if old is not None:
            fresh.subtract(Counter(c for c in old.cards if c is not None))
        new = tuple(sorted(c for c, n in fresh.items() if n > 0)) if before is not None else ()
        zones.append(ZoneShown(name, zone_owner(name), shown, new, groups))
    return Position(tuple(zones), tuple(state.to_act) if not state.is_over else ())


class ReviewModel:
    """A finished game as positions 0..len(moves) (see the module docstring). Raises
    history_replay.Unreplayable when the entry no longer replays to its result."""

    def __init__(self, entry: HistoryEntry, analysed: frozenset[str] = frozenset({"human"})) -> None:
        self.entry = entry
        replayed = replay_entry(entry)                 # checks the moves still end as recorded
        self.rules: Rules = replayed.rules             # (an earlier version's, for a game played under it)
        names = [s.name for s in entry.seats]
        self.names = names
        self.opening = _sentences(replayed.opening, names)
        self.opening_events: tuple[Event, ...] = tuple(replayed.opening)
        self.events: tuple[tuple[Event, ...], ...] = tuple(s.events for s in replayed.steps)
        kinds = [s.kind for s in entry.seats]
        players = entry.players
        state = self.rules.new_game(players, seed=entry.seed, start_seat=entry.start_seat)
        positions = [_position(state, players, None)]
        decisions, labels = [], []
        for number, (seat, text) in enumerate(entry.moves, 1):
            labels.append(move_label(state, seat, text))
            if kinds[seat] in analysed:
                legal = state.legal_moves(seat)
                if len(legal) > 1:
                    decisions.append(Decision(number, seat, text, state.view(seat), tuple(m.text for m in legal),
                                              option_labels(state, seat)))
            state.apply(seat, text)
            positions.append(_position(state, players, positions[-1]))
        self.positions = tuple(positions)
        self.moves = tuple(MoveShown(s.number, s.seat, s.move, _sentences(s.events, names), labels[s.number - 1])
                           for s in replayed.steps)
        self.decisions = {d.step: d for d in decisions}
        self.final_scores = tuple(state.scores)

    @property
    def steps(self) -> int:
        """The last position's number (= the number of moves)."""
        return len(self.moves)

    def position(self, k: int) -> Position:
        return self.positions[max(0, min(k, self.steps))]

    def said(self, k: int) -> tuple[str, ...]:
        """What move k made the game say (k = 0: the deal), in the current language: said again on each
        call, so a Review left open across a change of language speaks the new one."""
        if k == 0:
            return _sentences(self.opening_events, self.names)
        return _sentences(self.events[k - 1], self.names) if 1 <= k <= self.steps else ()

    def move(self, k: int) -> MoveShown | None:
        """Move k (1-based: the move that led to position k); None for position 0."""
        return self.moves[k - 1] if 1 <= k <= self.steps else None
