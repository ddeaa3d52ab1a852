"""Statistics over the history: per game and per player, from each game's facts.

The choices, where issue 14 left them open (the Statistics screen says the same in its help):
- Whose statistics: a human player's, by name (as typed at the setup, compared without case and
  surrounding spaces). A game counts for a name when a human seat has it (the first such seat).
  Hot-seat games have several humans, and "you" would mix them; `player_names` lists the names that
  have played, most games first, for the screen's selector (its default: the first).
- A shared win counts as the arena counts it: 1/k of a win when k seats share the top (a Dou Dizhu
  farmers' win is half a win each), so the wins of a table add up to its games. Streaks count games
  won or shared (a shared win continues a streak).
- Win rate per opponent level: each game goes to one level, the strongest AI among the player's
  opponents (random < ai:easy < ai:normal < ai:hard), or "human" when every opponent is human; so
  the levels' games add up to all games.
- Mean points: the player's final score per game, averaged.
- Recent form: the win shares of the last N games (oldest first), their mean, and a trend line:
  at each of those games, the mean share over the `window` games ending there (earlier games
  included), for the small chart.
- A family may add figures of its own, from replaying each record (its typed events and final public
  info, never state internals), through the module its registration names as `records` and its
  `STATISTICS` (`FamilyStatistics`): Dou Dizhu adds the landlord and farmer win rates, bids, bombs and
  rockets (records/climbing.py). Games that no longer replay still count for games, wins and points
  (their stored scores are validated), not for these.

Replaying 500 long games takes seconds (Revolución ~10 ms a game), so each game's facts are cached in
`<history>/_facts.json`, keyed by the game file's digest, the rules file's digest and the program's
version: a changed file, rules or program recomputes them. The cache is only a cache: a bad one is
ignored and rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from .. import __version__
from ..engine.family import family_module
from ..engine.message import Message
from ..engine.rules import resolve_rules_path
from ..services import userdata
from ..services.i18n import t
from .history import EntrySummary, HistoryEntry, Seat
from .replay import CODES as UNREPLAYABLE_CODES
from .replay import Replayed, RulesCache, Unreplayable, replay_entry
from .store import HistoryStore
from ..services.smallfile import read_small_bytes

log = logging.getLogger(__name__)

FACTS_VERSION = 2            # 2: a family's own facts under "own" (1: Dou Dizhu's under "climbing")
FACTS_FILE = "_facts.json"
MAX_FACTS_BYTES = 8_000_000
LEVELS: tuple[str, ...] = ("human", "random", "ai:easy", "ai:normal", "ai:hard")   # weakest AI first
_STRENGTH = {"random": 1, "ai:easy": 2, "ai:normal": 3, "ai:hard": 4}


# ----------------------------------------------------------------------------------------- facts

class FamilyStatistics(Protocol):
    """A family's statistics hooks: `STATISTICS` in the module its registration names as `records`."""

    def facts(self, replayed: Replayed) -> Any:
        """What a replayed game adds (a frozen record whose `family` names the family)."""

    def to_json(self, facts: Any) -> dict[str, Any]:
        """The facts as JSON data, for the cache."""

    def from_json(self, data: Any, players: int) -> Any:
        """Cached facts back; ValueError (or TypeError, KeyError) when they are out of shape."""

    def summary(self, games: list[tuple[Any, int]]) -> Any:
        """A player's figures over (facts, the player's seat) of their games: a frozen record with
        `heading(game name) -> str` and `rows() -> [(label, value)]`, the Statistics screen's texts."""


def family_statistics(family: str) -> FamilyStatistics | None:
    """The statistics hooks of `family`, or None when it adds nothing of its own (or is unknown)."""
    try:
        module = family_module(family, "records")
    except LookupError:
        return None
    return getattr(module, "STATISTICS", None)


@dataclass(frozen=True, slots=True)
class GameFacts:
    """One finished game as statistics read it."""

    id: str
    date: str
    game: str
    variant: str
    seats: tuple[Seat, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    unreplayable: Message | None = None      # why the record no longer replays (None: it does)
    own: Any = None                          # its family's facts (FamilyStatistics.facts), when it replays


def game_facts(entry: HistoryEntry, cache: RulesCache | None = None) -> GameFacts:
    """Replay `entry` and read its facts; never raises (an unreplayable game says why)."""
    base = dict(id=entry.id, date=entry.date, game=entry.game, variant=entry.variant, seats=entry.seats,
                scores=entry.scores, winners=entry.winners)
    try:
        replayed = replay_entry(entry, cache)
    except Unreplayable as exc:
        log.info("history: %s does not replay: %s", entry.id, exc)
        return GameFacts(**base, unreplayable=exc.reason)
    hooks = family_statistics(replayed.rules.family.name)
    if hooks is None:
        return GameFacts(**base)
    try:
        return GameFacts(**base, own=hooks.facts(replayed))
    except Exception:  # noqa: BLE001 - statistics must not crash on a family's change of shape
        log.exception("history: reading the facts of %s failed", entry.id)
        return GameFacts(**base)


# ------------------------------------------------------------------------------------------- cache

def _facts_to_json(f: GameFacts) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if f.unreplayable is not None:
        out["unreplayable"] = [f.unreplayable.code, f.unreplayable.args]
    if f.own is not None:
        out["own"] = {"family": f.own.family, "facts": family_statistics(f.own.family).to_json(f.own)}
    return out


def _facts_from_json(data: Any, summary: EntrySummary) -> GameFacts:
    """Cached facts back onto their summary; ValueError/TypeError/KeyError if out of shape."""
    if data.__class__ is not dict or not set(data) <= {"unreplayable", "own"}:
        raise ValueError("facts: expected {unreplayable, own}")
    base = dict(id=summary.id, date=summary.date, game=summary.game, variant=summary.variant,
                seats=summary.seats, scores=summary.scores, winners=summary.winners)
    reason = None
    if "unreplayable" in data:
        code, args = data["unreplayable"]
        if code not in UNREPLAYABLE_CODES or args.__class__ is not dict or not all(
                v.__class__ in (int, str) and len(str(v)) <= 80 for v in args.values()):
            raise ValueError("facts: a bad reason")
        reason = Message(code, **args)
    own = None
    if "own" in data:
        family = data["own"]["family"]
        hooks = family_statistics(family) if family.__class__ is str else None
        if hooks is None:
            raise ValueError("facts: no family of that name adds statistics")
        own = hooks.from_json(data["own"]["facts"], summary.players)
    return GameFacts(**base, unreplayable=reason, own=own)


def _rules_digest(game: str, seen: dict[str, str]) -> str:
    if game not in seen:
        try:
            seen[game] = hashlib.blake2b(read_small_bytes(resolve_rules_path(game), 2_000_000),
                                         digest_size=10).hexdigest()
        except Exception:  # noqa: BLE001 - missing or refused rules: the replay will say so
            seen[game] = "-"
    return seen[game]


def collect_facts(store: HistoryStore, summaries: list[EntrySummary] | None = None) -> list[GameFacts]:
    """The facts of every game in the history (newest first), from the cache or by replaying.

    The first call after many new games may take seconds (the UI runs it off the frame loop); later
    calls read the cache. Never raises on a bad file: a game that vanished or went bad is left out.
    """
    summaries = store.summaries() if summaries is None else summaries
    path = store.folder / FACTS_FILE
    version = f"{FACTS_VERSION}/{__version__}"
    cached = _load_cache(path, version)
    rules_seen: dict[str, str] = {}
    rules_cache: RulesCache = {}
    out: list[GameFacts] = []
    fresh: dict[str, Any] = {}
    for summary in summaries:
        key = f"{summary.digest}/{_rules_digest(summary.game, rules_seen)}"
        row = cached.get(summary.id)
        facts = None
        if row.__class__ is dict and row.get("key") == key:
            try:
                facts = _facts_from_json(row.get("facts"), summary)
            except (ValueError, TypeError, KeyError, AttributeError):
                facts = None
        if facts is None:
            entry = store.load(summary.id)
            if entry is None:
                continue
            facts = game_facts(entry, rules_cache)
        out.append(facts)
        fresh[summary.id] = {"key": key, "facts": _facts_to_json(facts)}
    if fresh != cached:
        try:
            userdata.atomic_write_text(path, json.dumps({"version": version, "entries": fresh}))
        except OSError as exc:
            log.warning("history: could not write the facts cache: %s", exc)
    return out


def _load_cache(path: Path, version: str) -> dict[str, Any]:
    try:
        data = json.loads(read_small_bytes(path, MAX_FACTS_BYTES).decode("utf-8"))
    except Exception:  # noqa: BLE001 - a missing, refused or broken cache is rebuilt
        return {}
    if data.__class__ is not dict or data.get("version") != version or data.get("entries").__class__ is not dict:
        return {}
    return data["entries"]


# -------------------------------------------------------------------------------------- statistics

@dataclass(frozen=True, slots=True)
class LevelRecord:
    level: str                    # one of LEVELS: the strongest opponent
    games: int
    wins: float
    rate: float


@dataclass(frozen=True, slots=True)
class Statistics:
    game: str
    player: str
    games: int
    wins: float                   # a shared win counts 1/k
    win_rate: float | None
    mean_points: float | None
    best_streak: int              # games won or shared in a row
    current_streak: int
    by_level: tuple[LevelRecord, ...]        # in LEVELS order, levels with games only
    recent: tuple[float, ...]     # win shares of the last N games, oldest first
    recent_rate: float | None
    trend: tuple[float, ...]      # the mean share over `window` games ending at each recent game
    unreplayable: int             # games counted above whose record no longer replays
    own: Any = None               # the family's own figures (FamilyStatistics.summary), over games that replay


def _key(name: str) -> str:
    return name.strip().casefold()


def player_seat(facts: GameFacts, player: str) -> int | None:
    """The first human seat named `player` (case and outer spaces ignored), or None."""
    wanted = _key(player)
    for seat, s in enumerate(facts.seats):
        if s.kind == "human" and _key(s.name) == wanted:
            return seat
    return None


def player_names(facts: list[GameFacts], game: str | None = None) -> list[str]:
    """The human names that played (in `game`), most games first, then most recently played."""
    games: Counter[str] = Counter()
    shown: dict[str, str] = {}
    for f in sorted((f for f in facts if game is None or f.game == game), key=_when):
        for key, name in {_key(s.name): s.name for s in f.seats if s.kind == "human"}.items():
            games[key] += 1
            shown.pop(key, None)
            shown[key] = name               # the latest spelling, most recent last
    recency = {key: i for i, key in enumerate(shown)}
    return [shown[k] for k in sorted(games, key=lambda k: (-games[k], -recency[k]))]


def opponent_level(facts: GameFacts, seat: int) -> str:
    """The strongest AI level among the other seats, or "human" when none is an AI."""
    best = max((_STRENGTH.get(s.kind, 0) for i, s in enumerate(facts.seats) if i != seat), default=0)
    return LEVELS[best]


def share(facts: GameFacts, seat: int) -> float:
    """The seat's part of the win: 1/k if it is one of k winners, else 0."""
    return 1 / len(facts.winners) if seat in facts.winners else 0.0


def statistics(facts: list[GameFacts], game: str, player: str, *, variant: str | None = None,
               last: int = 20, window: int = 10) -> Statistics:
    """`player`'s statistics in `game` (all variants, or only `variant`: "" is the base game)."""
    mine = sorted(((f, seat) for f in facts if f.game == game and (variant is None or f.variant == variant)
                   for seat in [player_seat(f, player)] if seat is not None), key=lambda fs: _when(fs[0]))
    shares = [share(f, seat) for f, seat in mine]
    n = len(mine)
    best = run = 0
    for s in shares:
        run = run + 1 if s > 0 else 0
        best = max(best, run)
    levels: dict[str, list[float]] = {}
    for (f, seat), s in zip(mine, shares):
        levels.setdefault(opponent_level(f, seat), []).append(s)
    recent = tuple(shares[-last:]) if last > 0 else ()
    trend = tuple(mean(shares[max(0, i + 1 - window):i + 1]) for i in range(n - len(recent), n))
    return Statistics(
        game=game, player=player, games=n, wins=sum(shares), win_rate=mean(shares),
        mean_points=mean([f.scores[seat] for f, seat in mine]), best_streak=best, current_streak=run,
        by_level=tuple(LevelRecord(lv, len(levels[lv]), sum(levels[lv]), mean(levels[lv]))
                       for lv in LEVELS if lv in levels),
        recent=recent, recent_rate=mean(list(recent)), trend=trend,
        unreplayable=sum(1 for f, _ in mine if f.unreplayable is not None), own=_own(mine))


def _when(f: GameFacts) -> tuple[datetime, str]:
    """Chronological order: the date played (validated ISO 8601 with its offset), then the id."""
    return datetime.fromisoformat(f.date), f.id


def _own(mine: list[tuple[GameFacts, int]]) -> Any:
    """The family's own figures over the games that have its facts (None if none has)."""
    games = [(f.own, seat) for f, seat in mine if f.own is not None]
    hooks = family_statistics(games[0][0].family) if games else None
    return hooks.summary(games) if hooks is not None else None


def mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


# ------------------------------------------------------------------------------- figures as text

K = "statistics."          # the Statistics screen's keys in the translation files


def number(value: float | None, digits: int = 1) -> str:
    """A figure as the player's language writes it ("3.5", "3,5"); whole numbers without decimals."""
    if value is None:
        return t(K + "none")
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}".replace(".", t(K + "decimal_mark"))


def percent(fraction: float | None) -> str:
    return t(K + "none") if fraction is None else t(K + "percent", value=round(fraction * 100))
