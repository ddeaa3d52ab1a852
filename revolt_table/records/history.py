"""A finished game as the history keeps it: the record, the seats, the result; validated JSON.

Why a format of its own (and not the save file's YAML): the history holds up to 500 games that the
History screen lists at once, files the player exports and imports from anywhere, so every document
is parsed by the standard library's JSON reader (fast, no tags or aliases) and every field is checked
(types, ranges, lengths, seats within the table) before anything else reads it. A document that fails
raises BadEntry with an engineer's detail; the store (records/store.py) sets such files aside.

An entry's `record()` is the engine's GameState.record(): rules id, variant, seed, start seat and
moves replay exactly (records/replay.py), so the entry adds only who sat where (names and agent
levels), the final scores and winners (checked against the replay) and the date.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..services import userdata
from ..services.names import visible_name
from ..engine.message import shorten
from ..services.smallfile import read_small_bytes

FORMAT = 1                        # the game file's format; a newer one is skipped, not set aside
MAX_ENTRY_BYTES = 1_000_000       # a 20,000-move game is about 400 kB
MAX_MOVES = 20_000
MAX_MOVE_TEXT = 64
MAX_NAME = 24                     # as the setup screen cuts names
MAX_PLAYERS = 12                  # as rules files allow
MAX_POINTS = 10**9
MAX_SEED = 2**63
SEAT_KINDS: tuple[str, ...] = ("human", "random", "ai:easy", "ai:normal", "ai:hard")

ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_GAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class BadEntry(ValueError):
    """A game file or document that does not have the shape of a history entry (detail for engineers)."""


class NewerFormat(BadEntry):
    """A game file written by a newer version of the program: not ours to judge or move."""


# ------------------------------------------------------------------------------------------- records

@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: str                     # one of SEAT_KINDS


@dataclass(frozen=True, slots=True)
class EntrySummary:
    """A finished game without its moves: what a History list shows and statistics read."""

    id: str
    date: str                     # ISO 8601 with the UTC offset, when the game ended
    game: str                     # the rules id
    variant: str                  # "" for the base game
    players: int
    seats: tuple[Seat, ...]
    seed: int
    start_seat: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]      # seats, ascending; several on a shared win
    move_count: int
    digest: str = ""              # of the game file's bytes (stats caches replays by it)

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.date)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A finished game as kept in the history: its record (rules id, variant, seed, start seat, moves:
    it replays exactly) plus who sat where, the final scores, the winners and the date."""

    id: str
    date: str
    game: str
    variant: str
    players: int
    seats: tuple[Seat, ...]
    seed: int
    start_seat: int
    moves: tuple[tuple[int, str], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def record(self) -> dict[str, Any]:
        """The engine's game record (GameState.record() shape): `engine.replay(rules, record)` takes it."""
        return {"game": self.game, "variant": self.variant or None, "players": self.players,
                "seed": self.seed, "start_seat": self.start_seat,
                "moves": [[seat, text] for seat, text in self.moves]}

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of a game file (and of an exported game)."""
        return {"format": FORMAT, "id": self.id, "date": self.date, "game": self.game,
                "variant": self.variant, "players": self.players,
                "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
                "seed": self.seed, "start_seat": self.start_seat,
                "moves": [[seat, text] for seat, text in self.moves],
                "scores": list(self.scores), "winners": list(self.winners)}

    @classmethod
    def from_dict(cls, data: Any) -> "HistoryEntry":
        """Validate a parsed game document; BadEntry (NewerFormat) for anything out of shape."""
        fields = _validate(data, with_moves=True)
        return cls(**fields)

    def summary(self, digest: str = "") -> EntrySummary:
        return EntrySummary(self.id, self.date, self.game, self.variant, self.players, self.seats, self.seed,
                            self.start_seat, self.scores, self.winners, len(self.moves), digest)

    def same_game(self, other: "HistoryEntry") -> bool:
        """The same finished game, whatever id each copy has in its store."""
        return replace(self, id="") == replace(other, id="")

    @property
    def when(self) -> datetime:
        return datetime.fromisoformat(self.date)


@dataclass(frozen=True, slots=True)
class DealSetup:
    """"Replay this deal": what starting the same deal with the same seats needs.

    `rules.new_game(players, seed=seed, start_seat=start_seat)` deals exactly the same cards; seats
    and names seat the same players at the same places.
    """

    game: str
    variant: str
    players: int
    seed: int
    start_seat: int
    seats: tuple[str, ...]        # kinds: human, random, ai:easy, ai:normal, ai:hard
    names: tuple[str, ...]


def deal_setup(entry: HistoryEntry | EntrySummary) -> DealSetup:
    return DealSetup(entry.game, entry.variant, entry.players, entry.seed, entry.start_seat,
                     tuple(s.kind for s in entry.seats), tuple(s.name for s in entry.seats))


def new_id(now: datetime | None = None) -> str:
    """A fresh entry id: the UTC time to the microsecond (sorts by saving order) and a random tail."""
    now = now or datetime.now(timezone.utc)
    return f"{now.astimezone(timezone.utc):%Y%m%d-%H%M%S-%f}-{secrets.token_hex(2)}"


def clean_name(name: Any) -> str:
    """A seat's name as the history keeps it: printable characters only, at most MAX_NAME of them, ""
    for a name with nothing visible in it (services/names.py; the screens show the seat's number)."""
    return "".join(c if c.isprintable() else " " for c in visible_name(name))[:MAX_NAME]


def entry_from_game(state: Any, seats: list[str] | tuple[str, ...], names: list[str] | tuple[str, ...],
                    date: datetime | None = None, entry_id: str | None = None) -> HistoryEntry:
    """The history entry of a finished game (a GameState): what the table saves when a game ends.

    Names are cleaned (clean_name). ValueError if the game is not over, was not dealt from a seed (a
    `deal=` game cannot be replayed from its record), or the seats do not fit (the caller logs it: a
    game that cannot be kept must never stop the table).
    """
    if not state.is_over:
        raise ValueError("the game is not over")
    record = state.record()
    if record["seed"] is None:
        raise ValueError("a game dealt by hand (deal=) has no seed to replay it from")
    when = date or datetime.now()
    if when.tzinfo is None:                 # local time: keep its offset, so the date reads as played
        when = when.astimezone()
    data = {"format": FORMAT, "id": entry_id or new_id(), "date": when.isoformat(timespec="seconds"),
            "game": record["game"], "variant": record["variant"] or "", "players": record["players"],
            "seats": [{"name": clean_name(n), "kind": k} for k, n in zip(seats, names)],
            "seed": record["seed"], "start_seat": record["start_seat"], "moves": record["moves"],
            "scores": list(state.scores), "winners": list(state.winners)}
    try:
        return HistoryEntry.from_dict(data)
    except BadEntry as exc:
        raise ValueError(str(exc)) from None


# ---------------------------------------------------------------------------------------- validation

def _fail(what: str, expected: str) -> BadEntry:
    return BadEntry(f"{what}: expected {expected}")


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if value.__class__ is not int or not lo <= value <= hi:
        raise _fail(what, f"a whole number from {lo} to {hi}")
    return value


def _text(value: Any, limit: int, what: str, pattern: re.Pattern | None = None, empty: bool = False) -> str:
    if value.__class__ is not str or len(value) > limit or (not value and not empty):
        raise _fail(what, f"text of 1 to {limit} characters")
    if pattern is not None and value and not pattern.fullmatch(value):
        raise _fail(what, "letters, digits, '-', '_' or '.'")
    if not value.isprintable():
        raise _fail(what, "printable text")
    return value


def _list(value: Any, lo: int, hi: int, what: str) -> list:
    if value.__class__ is not list or not lo <= len(value) <= hi:
        raise _fail(what, f"a list of {lo} to {hi} items")
    return value


_KEYS = frozenset({"format", "id", "date", "game", "variant", "players", "seats", "seed", "start_seat",
                   "moves", "scores", "winners"})
_SUMMARY_KEYS = (_KEYS - {"moves"}) | {"move_count"}


def _validate(data: Any, with_moves: bool) -> dict[str, Any]:
    """The fields of an entry (with_moves) or of an index summary, every one checked."""
    if data.__class__ is not dict:
        raise BadEntry("a history entry must be a mapping")
    fmt = data.get("format")
    if fmt.__class__ is int and fmt > FORMAT:
        raise NewerFormat(f"format {fmt} is newer than {FORMAT}")
    keys = _KEYS if with_moves else _SUMMARY_KEYS
    if set(data) != keys:
        missing, unknown = sorted(keys - set(data)), sorted(set(data) - keys)
        raise BadEntry(f"keys: missing {missing}, unknown {[shorten(k) for k in unknown][:5]}")
    if fmt.__class__ is not int or fmt != FORMAT:
        raise _fail("format", str(FORMAT))
    players = _int(data["players"], 1, MAX_PLAYERS, "players")
    date = _text(data["date"], 40, "date")
    try:
        parsed = datetime.fromisoformat(date)
    except ValueError:
        raise _fail("date", "an ISO 8601 date") from None
    if parsed.tzinfo is None or not 1970 <= parsed.year <= 9000:
        raise _fail("date", "a date from 1970 with its UTC offset")
    seats = []
    for i, seat in enumerate(_list(data["seats"], players, players, "seats")):
        if seat.__class__ is not dict or set(seat) != {"name", "kind"}:
            raise _fail(f"seats[{i}]", "{name, kind}")
        name = _text(seat["name"], MAX_NAME, f"seats[{i}].name", empty=True)
        if seat["kind"] not in SEAT_KINDS:
            raise _fail(f"seats[{i}].kind", " or ".join(SEAT_KINDS))
        seats.append(Seat(name, seat["kind"]))
    scores = tuple(_int(v, -MAX_POINTS, MAX_POINTS, "scores")
                   for v in _list(data["scores"], players, players, "scores"))
    winners = tuple(_int(v, 0, players - 1, "winners") for v in _list(data["winners"], 1, players, "winners"))
    if list(winners) != sorted(set(winners)):
        raise _fail("winners", "distinct seats in ascending order")
    fields = {"id": _text(data["id"], 64, "id", ID_PATTERN), "date": date,
              "game": _text(data["game"], 64, "game", _GAME),
              "variant": _text(data["variant"], 64, "variant", _GAME, empty=True),
              "players": players, "seats": tuple(seats),
              "seed": _int(data["seed"], -MAX_SEED, MAX_SEED, "seed"),
              "start_seat": _int(data["start_seat"], 0, players - 1, "start_seat"),
              "scores": scores, "winners": winners}
    if with_moves:
        moves = []
        for i, move in enumerate(_list(data["moves"], 0, MAX_MOVES, "moves")):
            if move.__class__ is not list or len(move) != 2:
                raise _fail(f"moves[{i}]", "[seat, move]")
            moves.append((_int(move[0], 0, players - 1, f"moves[{i}] seat"),
                          _text(move[1], MAX_MOVE_TEXT, f"moves[{i}] move")))
        fields["moves"] = tuple(moves)
    else:
        fields["move_count"] = _int(data["move_count"], 0, MAX_MOVES, "move_count")
    return fields


def summary_from_dict(data: Any, digest: str = "") -> EntrySummary:
    """Validate an index row's summary (an entry without moves, with `move_count`); BadEntry if bad."""
    return EntrySummary(digest=digest, **_validate(data, with_moves=False))


def summary_to_dict(s: EntrySummary) -> dict[str, Any]:
    return {"format": FORMAT, "id": s.id, "date": s.date, "game": s.game, "variant": s.variant,
            "players": s.players, "seats": [{"name": x.name, "kind": x.kind} for x in s.seats],
            "seed": s.seed, "start_seat": s.start_seat, "scores": list(s.scores), "winners": list(s.winners),
            "move_count": s.move_count}


def parse_entry(raw: bytes) -> HistoryEntry:
    """A game document's bytes to a validated entry; BadEntry for anything else (never another error)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:   # JSONDecodeError is a ValueError
        raise BadEntry(f"not JSON: {shorten(str(exc), 120)}") from None
    return HistoryEntry.from_dict(data)


def dump_entry(entry: HistoryEntry) -> str:
    """The text of a game file: one line per move, so a file reads (and diffs) well."""
    data = entry.to_dict()
    moves = data.pop("moves")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    body = ",\n ".join(json.dumps(m, ensure_ascii=False) for m in moves)
    return f'{head}, "moves": [\n {body}\n]}}\n' if moves else f'{head}, "moves": []}}\n'


def digest(raw: bytes) -> str:
    """A short digest of a game file's bytes (the statistics cache is keyed by it)."""
    return hashlib.blake2b(raw, digest_size=10).hexdigest()


# ----------------------------------------------------------------------------------- export / import

def export_entry(entry: HistoryEntry, path: Path | str) -> Path:
    """Write one game to a file of the player's choice (the same JSON as a game file), atomically."""
    path = Path(path)
    userdata.atomic_write_text(path, dump_entry(entry))
    return path


def read_entry_file(path: Path | str) -> HistoryEntry:
    """Read an exported game: FileRefused (missing, too big, not a regular file) or BadEntry."""
    return parse_entry(read_small_bytes(path, MAX_ENTRY_BYTES))
