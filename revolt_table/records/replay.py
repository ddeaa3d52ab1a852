"""Replay a history entry through the engine, or say as data why it no longer replays.

Why a module of its own: the History list ("unreplayable: ..."), the statistics (Dou Dizhu roles,
bids and bombs are read from the replay's events and final view) and the text replay all replay the
same way, and none of them may crash on an entry whose rules changed, vanished or no longer accept its
moves. Replaying is the engine's: `rules.new_game(players, seed, start_seat)` then `apply` move by
move, which is `engine.replay(rules, entry.record())` with the events kept per move.

A replay only counts when it ends the game with the stored scores and winners: a record that now
plays to another result is unreplayable too ("the moves now end with other scores"), so statistics
and reviews never show a game that is not the one that was played. Reasons are Messages (codes under
`history.unreplayable` in the locale files); the technical detail goes to the log.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from ..engine import Event, GameState, IllegalMove, Rules, RulesError, load_rules
from ..engine.message import Message, shorten
from .history import EntrySummary, HistoryEntry

log = logging.getLogger(__name__)

R_RULES = "history.unreplayable.rules"            # {game}: the rules file no longer loads
R_SETUP = "history.unreplayable.setup"            # {game}, {players}: the deal can no longer be made
R_MOVE = "history.unreplayable.move"              # {number}, {move}: a move is no longer allowed
R_UNFINISHED = "history.unreplayable.unfinished"  # the moves no longer finish the game
R_SCORES = "history.unreplayable.scores"          # the moves now end with other scores or winners
R_ERROR = "history.unreplayable.error"            # anything else went wrong while replaying
CODES = (R_RULES, R_SETUP, R_MOVE, R_UNFINISHED, R_SCORES, R_ERROR)

RulesCache = dict[tuple[str, str], Any]           # (game, variant) -> Rules, or the error loading raised


class Unreplayable(Exception):
    """An entry that does not replay; `reason` is the Message to show."""

    def __init__(self, reason: Message, detail: str = "") -> None:
        super().__init__(detail or str(reason))
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a replay: who played what, and what happened (the events apply returned)."""

    number: int                   # 1-based
    seat: int
    move: str
    events: tuple[Event, ...]
    label: Message | None = None  # the move as the game describes it (`labels=True`), else None


@dataclass(frozen=True, slots=True)
class Replayed:
    """A replayed entry: its rules, the events before the first move, every move, the final state."""

    entry: HistoryEntry
    rules: Rules
    opening: tuple[Event, ...]
    steps: tuple[Step, ...]
    state: GameState


def entry_rules(entry: HistoryEntry | EntrySummary, cache: RulesCache | None = None) -> Rules:
    """The entry's rules (its game id and variant); Unreplayable(R_RULES) if they no longer load."""
    key = (entry.game, entry.variant)
    found = cache.get(key) if cache is not None else None
    if found is None:
        try:
            found = load_rules(entry.game, variant=entry.variant or None)
        except RulesError as exc:
            found = exc
        except Exception as exc:  # noqa: BLE001 - a rules loader bug must not end the History screen
            log.exception("history: loading the rules %s failed", shorten(entry.game))
            found = exc
        if cache is not None:
            cache[key] = found
    if isinstance(found, Exception):
        raise Unreplayable(Message(R_RULES, game=entry.game), shorten(str(found), 300))
    return found


def _archived_rules(entry: HistoryEntry, cache: RulesCache | None, current: Rules) -> list[Rules]:
    """The entry's rules in each earlier version the program keeps (services/rules_archive.py), newest
    first, but for the current one: a game played before its rules changed replays under the version
    it was played with."""
    from ..services import rules_archive

    now = rules_archive.digest_of(current.path)
    out = []
    for version in rules_archive.versions(entry.game):
        if version.digest == now:
            continue
        key = (entry.game, entry.variant, version.digest)
        found = cache.get(key) if cache is not None else None
        if found is None:
            try:
                found = load_rules(version.path, variant=entry.variant or None)
            except Exception as exc:  # noqa: BLE001 - an archived file that does not load is skipped
                found = exc
            if cache is not None:
                cache[key] = found
        if not isinstance(found, Exception):
            out.append(found)
    return out


def replay_entry(entry: HistoryEntry, cache: RulesCache | None = None, upto: int | None = None,
                 labels: bool = False) -> Replayed:
    """Replay `entry` (its first `upto` moves, or all and then check the result); Unreplayable if not.

    A whole replay that does not reach the stored result under the current rules is tried under each
    archived version of them (rules_archive): the one it was played with ends as recorded. `upto`
    replays under the current rules only. With `labels`, each step also keeps its move's label
    (engine/move.py: what players read of it)."""
    rules = entry_rules(entry, cache)
    try:
        return _replay(entry, rules, upto, labels)
    except Unreplayable as exc:
        if upto is not None or exc.reason.code == R_ERROR:
            raise
        for other in _archived_rules(entry, cache, rules):
            try:
                return _replay(entry, other, None, labels)
            except Unreplayable:
                continue
        raise


def _replay(entry: HistoryEntry, rules: Rules, upto: int | None, labels: bool = False) -> Replayed:
    try:
        state = rules.new_game(entry.players, seed=entry.seed, start_seat=entry.start_seat)
    except ValueError as exc:
        raise Unreplayable(Message(R_SETUP, game=entry.game, players=entry.players), str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - a hostile seed or a family bug: unreplayable, not a crash
        raise Unreplayable(Message(R_ERROR), f"dealing: {type(exc).__name__}: {exc}") from None
    opening = tuple(getattr(state, "opening_events", ()) or ())
    moves = entry.moves if upto is None else entry.moves[:max(0, upto)]
    steps = []
    for number, (seat, text) in enumerate(moves, 1):
        label = _label(state, seat, text) if labels else None
        try:
            events = state.apply(seat, text)
        except IllegalMove as exc:
            raise Unreplayable(Message(R_MOVE, number=number, move=shorten(text)), str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - never a crash on a stored record
            log.exception("history: replaying %s failed at move %d", entry.id, number)
            raise Unreplayable(Message(R_ERROR), f"move {number}: {type(exc).__name__}: {exc}") from None
        steps.append(Step(number, seat, text, tuple(events), label))
    if upto is None:
        if not state.is_over:
            raise Unreplayable(Message(R_UNFINISHED), "the moves end before the game does")
        if tuple(state.scores) != entry.scores or tuple(state.winners) != entry.winners:
            raise Unreplayable(Message(R_SCORES), f"replay ends {state.scores} won by {state.winners}, "
                                                  f"stored {entry.scores} won by {entry.winners}")
    return Replayed(entry, rules, opening, tuple(steps), state)


def _label(state: GameState, seat: int, text: str) -> Message | None:
    """The label of a move about to be replayed; None when the game cannot describe it (the move's
    legality is apply's to judge, just after)."""
    try:
        return state.describe(seat, text).label
    except Exception:  # noqa: BLE001 - naming a move never stops a replay
        return None


def why_unreplayable(entry: HistoryEntry, cache: RulesCache | None = None) -> Message | None:
    """None when the entry replays to its stored result; else the reason to show."""
    try:
        replay_entry(entry, cache)
    except Unreplayable as exc:
        return exc.reason
    return None
