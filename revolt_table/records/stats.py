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
- Dou Dizhu adds, from replaying each record (its typed events and final public info, never state
  internals): landlord and farmer win rates (here a side's win is a whole win: the farmers won or
  they did not), how often the player bid (games with at least one bid) and how high (the highest bid
  per game, its mean and spread), and bombs and rockets played. Games that no longer replay still
  count for games, wins and points (their stored scores are validated), not for these.

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
from typing import Any, Callable

from .. import __version__
from ..services import userdata
from ..engine.message import Message
from ..engine.rules import resolve_rules_path
from .history import EntrySummary, HistoryEntry, Seat
from .replay import CODES as UNREPLAYABLE_CODES
from .replay import Replayed, RulesCache, Unreplayable, replay_entry
from .store import HistoryStore
from ..services.smallfile import read_small_bytes

log = logging.getLogger(__name__)

FACTS_VERSION = 1
FACTS_FILE = "_facts.json"
MAX_FACTS_BYTES = 8_000_000
LEVELS: tuple[str, ...] = ("human", "random", "ai:easy", "ai:normal", "ai:hard")   # weakest AI first
_STRENGTH = {"random": 1, "ai:easy": 2, "ai:normal": 3, "ai:hard": 4}


# ----------------------------------------------------------------------------------------- facts

@dataclass(frozen=True, slots=True)
class ClimbingFacts:
    """What a Dou Dizhu deal tells beyond its scores, per seat where it is per seat."""

    landlord: int
    side: str                     # the side that won: "landlord" or "farmers"
    top_bids: tuple[int, ...]     # each seat's highest bid in the game (0: never bid)
    bids: tuple[int, ...]         # how many bids (not passes) each seat made, redeals included
    bombs: tuple[int, ...]
    rockets: tuple[int, ...]


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
    climbing: ClimbingFacts | None = None    # Dou Dizhu only, when it replays


def climbing_facts(replayed: Replayed) -> ClimbingFacts:
    """Landlord, winning side, bids and bombs of a replayed Dou Dizhu game: from its Bid and Doubled
    events and its final public info (ClimbingInfo.landlord, .result.side)."""
    n = replayed.entry.players
    top, bids, bombs, rockets = [0] * n, [0] * n, [0] * n, [0] * n
    for step in replayed.steps:
        for event in step.events:
            kind = event.kind
            if kind == "Bid" and event.amount > 0:
                bids[event.seat] += 1
                top[event.seat] = max(top[event.seat], event.amount)
            elif kind == "Doubled" and event.seat is not None:
                if event.reason == "bomb":
                    bombs[event.seat] += 1
                elif event.reason == "rocket":
                    rockets[event.seat] += 1
    info = replayed.state.view(None).info
    return ClimbingFacts(info.landlord, info.result.side, tuple(top), tuple(bids), tuple(bombs), tuple(rockets))


FAMILY_FACTS: dict[str, Callable[[Replayed], Any]] = {"climbing": climbing_facts}


def game_facts(entry: HistoryEntry, cache: RulesCache | None = None) -> GameFacts:
    """Replay `entry` and read its facts; never raises (an unreplayable game says why)."""
    base = dict(id=entry.id, date=entry.date, game=entry.game, variant=entry.variant, seats=entry.seats,
                scores=entry.scores, winners=entry.winners)
    try:
        replayed = replay_entry(entry, cache)
    except Unreplayable as exc:
        log.info("history: %s does not replay: %s", entry.id, exc)
        return GameFacts(**base, unreplayable=exc.reason)
    extract = FAMILY_FACTS.get(replayed.rules.family.name)
    if extract is None:
        return GameFacts(**base)
    try:
        return GameFacts(**base, climbing=extract(replayed))
    except Exception:  # noqa: BLE001 - statistics must not crash on a family's change of shape
        log.exception("history: reading the facts of %s failed", entry.id)
        return GameFacts(**base)


# ------------------------------------------------------------------------------------------- cache

def _facts_to_json(f: GameFacts) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if f.unreplayable is not None:
        out["unreplayable"] = [f.unreplayable.code, f.unreplayable.args]
    if f.climbing is not None:
        c = f.climbing
        out["climbing"] = {"landlord": c.landlord, "side": c.side, "top_bids": list(c.top_bids),
                           "bids": list(c.bids), "bombs": list(c.bombs), "rockets": list(c.rockets)}
    return out


def _facts_from_json(data: Any, summary: EntrySummary) -> GameFacts:
    """Cached facts back onto their summary; ValueError/TypeError/KeyError if out of shape."""
    if data.__class__ is not dict or not set(data) <= {"unreplayable", "climbing"}:
        raise ValueError("facts: expected {unreplayable, climbing}")
    base = dict(id=summary.id, date=summary.date, game=summary.game, variant=summary.variant,
                seats=summary.seats, scores=summary.scores, winners=summary.winners)
    reason = None
    if "unreplayable" in data:
        code, args = data["unreplayable"]
        if code not in UNREPLAYABLE_CODES or args.__class__ is not dict or not all(
                v.__class__ in (int, str) and len(str(v)) <= 80 for v in args.values()):
            raise ValueError("facts: a bad reason")
        reason = Message(code, **args)
    climbing = None
    if "climbing" in data:
        c, n = data["climbing"], summary.players
        rows = [tuple(c[k]) for k in ("top_bids", "bids", "bombs", "rockets")]
        if (c["landlord"].__class__ is not int or not 0 <= c["landlord"] < n
                or c["side"] not in ("landlord", "farmers")
                or any(len(r) != n or any(v.__class__ is not int or not 0 <= v <= 10_000 for v in r) for r in rows)):
            raise ValueError("facts: bad Dou Dizhu facts")
        climbing = ClimbingFacts(c["landlord"], c["side"], *rows)
    return GameFacts(**base, unreplayable=reason, climbing=climbing)


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
class ClimbingStats:
    games: int                    # the player's Dou Dizhu games that replay
    landlord_games: int
    landlord_wins: int
    landlord_rate: float | None
    farmer_games: int
    farmer_wins: int              # games the farmers' side won with the player on it
    farmer_rate: float | None
    bid_games: int                # games in which the player bid at least once
    bid_rate: float | None
    bids: int                     # bids made (not passes), redeals included
    mean_top_bid: float | None    # the mean of the player's highest bid, over bid_games
    top_bids: tuple[tuple[int, int], ...]   # (highest bid, games), ascending by bid
    bombs: int
    rockets: int
    bombs_per_game: float | None  # (bombs + rockets) / games


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
    climbing: ClimbingStats | None = None


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
    trend = tuple(_mean(shares[max(0, i + 1 - window):i + 1]) for i in range(n - len(recent), n))
    return Statistics(
        game=game, player=player, games=n, wins=sum(shares), win_rate=_mean(shares),
        mean_points=_mean([f.scores[seat] for f, seat in mine]), best_streak=best, current_streak=run,
        by_level=tuple(LevelRecord(lv, len(levels[lv]), sum(levels[lv]), _mean(levels[lv]))
                       for lv in LEVELS if lv in levels),
        recent=recent, recent_rate=_mean(list(recent)), trend=trend,
        unreplayable=sum(1 for f, _ in mine if f.unreplayable is not None),
        climbing=_climbing([(f.climbing, seat) for f, seat in mine if f.climbing is not None])
        if any(f.climbing is not None for f, _ in mine) else None)


def _when(f: GameFacts) -> tuple[datetime, str]:
    """Chronological order: the date played (validated ISO 8601 with its offset), then the id."""
    return datetime.fromisoformat(f.date), f.id


def _climbing(games: list[tuple[ClimbingFacts, int]]) -> ClimbingStats:
    lord = [c for c, seat in games if c.landlord == seat]
    farm = [c for c, seat in games if c.landlord != seat]
    lord_wins = sum(1 for c in lord if c.side == "landlord")
    farm_wins = sum(1 for c in farm if c.side == "farmers")
    tops = [c.top_bids[seat] for c, seat in games if c.top_bids[seat] > 0]
    bombs = sum(c.bombs[seat] for c, seat in games)
    rockets = sum(c.rockets[seat] for c, seat in games)
    n = len(games)
    return ClimbingStats(
        games=n, landlord_games=len(lord), landlord_wins=lord_wins, landlord_rate=_rate(lord_wins, len(lord)),
        farmer_games=len(farm), farmer_wins=farm_wins, farmer_rate=_rate(farm_wins, len(farm)),
        bid_games=len(tops), bid_rate=_rate(len(tops), n), bids=sum(c.bids[seat] for c, seat in games),
        mean_top_bid=_mean(tops), top_bids=tuple(sorted(Counter(tops).items())), bombs=bombs, rockets=rockets,
        bombs_per_game=_rate(bombs + rockets, n))


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None
