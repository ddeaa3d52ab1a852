"""The history folder: every finished game in one file, the newest 500, never lost, never a crash.

Layout: `<user data>/history/<id>.json`, one validated JSON game file per finished game (records/history.py
says what is in one), plus `_index.json` (files starting with "_" are the store's own caches).
- One file per game, each written atomically (userdata.atomic_write_text): a kill -9 at any moment
  leaves every saved game whole, and a bad file costs one game, never the history.
- The game files are the truth; `_index.json` is only a cache of their summaries (everything but the
  moves) with each file's size, modification time and digest, so listing 500 games reads one file and
  stats 500 (milliseconds, benchmarks/history_speed.py) instead of parsing 500. A file the index does
  not know, or whose size or time changed, is read and validated again; an index row without a file
  is dropped; a broken index is rebuilt from the files. So the index is never wrong for long, and
  losing it loses nothing. A kill -9 between writing a game and its index row is caught by the next
  listing (the file is new to the index).

A game file that is not a regular file, is over MAX_ENTRY_BYTES, or does not validate is renamed
aside (`<id>.json.corrupt-<time>`, userdata.set_aside) with a warning, and never read again. Warnings
are Messages (codes under `history.warning` in the locale files) collected on the store for the UI to
show (`take_warnings`); the technical detail goes to the log. A file written by a newer version is
left alone (skipped with a warning), so going back to an older version loses nothing.

The cap keeps the MAX_ENTRIES most recently *saved* games (by the file's modification time, then the
id): a game imported today stays even if it was played long ago. Listings are ordered by the date the
game was played, newest first.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from ..services import userdata
from ..engine.message import Message, shorten
from .history import (FORMAT, ID_PATTERN, MAX_ENTRY_BYTES, BadEntry, EntrySummary, HistoryEntry, NewerFormat,
                      digest, dump_entry, entry_from_game, export_entry, new_id, parse_entry, read_entry_file,
                      summary_from_dict, summary_to_dict)
from ..services.smallfile import FileRefused, read_small_bytes

log = logging.getLogger(__name__)

MAX_ENTRIES = 500
MAX_INDEX_BYTES = 8_000_000
STALE_TEMP_S = 600                # a temp file older than this was left by a killed writer
SUFFIX = ".json"
INDEX = "_index.json"
FOLDER = "history"

# Player-facing warnings (texts in assets/locale/<lang>.yaml under `history.warning`).
W_CORRUPT = "history.warning.corrupt"          # {file}: unreadable or wrong-shaped, set aside
W_TOO_BIG = "history.warning.too_big"          # {file}: over the size limit, set aside unread
W_NOT_REGULAR = "history.warning.not_regular"  # {file}: a folder, pipe or device, set aside unread
W_NEWER = "history.warning.newer"              # {file}: written by a newer version, left alone
W_NOT_MOVED = "history.warning.not_moved"      # {file}: bad, and it could not be moved aside
W_UNUSABLE = "history.warning.unusable"        # the history folder cannot be made or read
CODES = (W_CORRUPT, W_TOO_BIG, W_NOT_REGULAR, W_NEWER, W_NOT_MOVED, W_UNUSABLE)



@dataclass(frozen=True, slots=True)
class _Known:
    """An index row: a game file as last read (its stat, so a changed file is read again)."""

    size: int
    mtime_ns: int
    summary: EntrySummary


def _index_row(entry_id: Any, row: Any) -> _Known:
    """One validated row of `_index.json`; BadEntry if anything is out of shape."""
    if row.__class__ is not dict or set(row) != {"size", "mtime_ns", "digest", "summary"}:
        raise BadEntry("index row: expected {size, mtime_ns, digest, summary}")
    size, mtime, dig = row["size"], row["mtime_ns"], row["digest"]
    if (size.__class__ is not int or not 0 <= size <= MAX_ENTRY_BYTES or mtime.__class__ is not int
            or not 0 <= mtime < 2**64 or dig.__class__ is not str or not ID_PATTERN.fullmatch(dig)):
        raise BadEntry("index row: size, mtime_ns or digest out of shape")
    summary = summary_from_dict(row["summary"], dig)
    if summary.id != entry_id:
        raise BadEntry("index row: the id differs")
    return _Known(size, mtime, summary)


class NotReplayable(BadEntry):
    """An imported game that does not replay to the result it states; `reason` is the Message to show."""

    def __init__(self, reason: Message, detail: str = "") -> None:
        super().__init__(detail or reason.code)
        self.reason = reason


class HistoryFull(Exception):
    """Importing would delete the oldest saved games (`dropped`) to keep the history's `limit`."""

    def __init__(self, limit: int, dropped: list[EntrySummary]) -> None:
        super().__init__(f"the history keeps {limit} games")
        self.limit = limit
        self.dropped = dropped


class HistoryStore:
    """The history folder: add, list, load, delete, export and import finished games.

    `folder` defaults to `<user data>/history` (created on demand). Nothing here raises on a bad file;
    writing may raise OSError (a full disk, a read-only folder), which the caller reports.
    """

    def __init__(self, folder: Path | str | None = None, limit: int = MAX_ENTRIES) -> None:
        self._folder = Path(folder) if folder is not None else None
        self.limit = limit
        self.warnings: list[Message] = []
        self._said: set[tuple[str, str]] = set()     # (code, file) already warned about, for skipped files
        # The index as this store last read or wrote it, with the index file's (mtime_ns, size) then:
        # while the file is unchanged, a listing needs no parsing at all (another process writing the
        # index changes its stamp, and the next listing reads it again).
        self._memo: tuple[tuple[int, int], dict[str, _Known]] | None = None

    @property
    def folder(self) -> Path:
        """The history folder, created on demand (OSError if it cannot be: a file in its place...)."""
        if self._folder is None:
            self._folder = userdata.data_dir() / FOLDER
        self._folder.mkdir(parents=True, exist_ok=True)
        return self._folder

    def take_warnings(self) -> list[Message]:
        """The warnings since the last call (files set aside...), for the UI to show once."""
        out, self.warnings = self.warnings, []
        return out

    def path_of(self, entry_id: str) -> Path:
        if not ID_PATTERN.fullmatch(entry_id):
            raise ValueError(f"not a history id: {shorten(entry_id)}")
        return self.folder / f"{entry_id}{SUFFIX}"

    # ------------------------------------------------------------ writing
    def add(self, entry: HistoryEntry) -> HistoryEntry:
        """Save a finished game (atomically), then keep only the newest `limit`; returns the entry."""
        userdata.atomic_write_text(self.path_of(entry.id), dump_entry(entry))
        self.summaries()                     # index it and apply the cap
        return entry

    def add_game(self, state: Any, seats, names, date: datetime | None = None) -> HistoryEntry:
        """entry_from_game + add: what the table calls when a game ends."""
        return self.add(entry_from_game(state, seats, names, date))

    def delete(self, entry_id: str) -> None:
        try:
            self.path_of(entry_id).unlink()
        except FileNotFoundError:
            pass
        self.summaries()

    # ------------------------------------------------------------ reading
    def summaries(self) -> list[EntrySummary]:
        """Every valid game, newest played first (bad files are set aside on the way). Never raises:
        an unusable folder gives [] and a warning."""
        try:
            known = self._scan()
        except OSError as exc:
            log.warning("history: the folder cannot be used: %s", exc)
            self._warn_once(Message(W_UNUSABLE), "")
            return []
        return sorted((k.summary for k in known.values()), key=lambda s: (s.when, s.id), reverse=True)

    def load(self, entry_id: str) -> HistoryEntry | None:
        """The full game `entry_id`, or None (missing, or bad: then set aside with a warning)."""
        try:
            path = self.path_of(entry_id)
        except (ValueError, OSError):
            return None
        result = self._read(path)
        return result[0] if result else None

    def latest(self) -> HistoryEntry | None:
        """The game played last (for `replay --last`), or None when the history is empty."""
        for summary in self.summaries():
            entry = self.load(summary.id)
            if entry is not None:
                return entry
        return None

    def export(self, entry_id: str, path: Path | str) -> Path:
        """Write game `entry_id` to `path` (atomically); LookupError if there is no such valid game."""
        entry = self.load(entry_id)
        if entry is None:
            raise LookupError(f"no history entry {shorten(entry_id)}")
        return export_entry(entry, path)

    def import_file(self, path: Path | str, make_room: bool = False) -> HistoryEntry:
        """Add the game in an exported file; returns the entry as stored.

        The same game already in the history is not added twice (its stored entry is returned). The
        file keeps its id unless another game has it. BadEntry (or FileRefused, an OSError) if the file
        cannot be read as a game; NotReplayable if its game does not replay to the result it states
        (illegal moves, forged scores: records/replay.py), so the history never holds a game that was
        not played; HistoryFull when the history is full and adding it would delete the oldest saved
        game, unless `make_room` says the player agreed. The player's own file is never moved or changed.
        """
        from .replay import Unreplayable, replay_entry

        entry = read_entry_file(path)
        existing = self.load(entry.id)
        if existing is not None:
            if existing.same_game(entry):
                return existing
            entry = replace(entry, id=new_id())
        else:
            for summary in self.summaries():
                if summary.seed == entry.seed and summary.move_count == len(entry.moves):
                    other = self.load(summary.id)
                    if other is not None and other.same_game(entry):
                        return other
        try:
            replay_entry(entry)
        except Unreplayable as exc:
            raise NotReplayable(exc.reason, str(exc)) from None
        dropped = self.dropped_by_adding()
        if dropped and not make_room:
            raise HistoryFull(self.limit, dropped)
        return self.add(entry)

    def dropped_by_adding(self) -> list[EntrySummary]:
        """The games adding one more would delete to keep `limit`: the oldest saved (the cap's order)."""
        try:
            known = self._scan()
            folder = self.folder
        except OSError:
            return []
        if len(known) < self.limit:
            return []
        stamps = {}
        for entry_id in known:
            try:
                stamps[entry_id] = (os.stat(folder / f"{entry_id}{SUFFIX}").st_mtime_ns, entry_id)
            except OSError:
                stamps[entry_id] = (0, entry_id)
        oldest = sorted(known, key=stamps.__getitem__)[:len(known) - self.limit + 1]
        return [known[entry_id].summary for entry_id in oldest]

    # ------------------------------------------------------------ the index
    def _read(self, path: Path) -> tuple[HistoryEntry, bytes] | None:
        """Read and validate one game file; a bad one is set aside (None)."""
        try:
            raw = read_small_bytes(path, MAX_ENTRY_BYTES)
            entry = parse_entry(raw)
            if entry.id != path.name[:-len(SUFFIX)]:    # a renamed copy: the file name is the id
                entry = replace(entry, id=path.name[:-len(SUFFIX)])
            return entry, raw
        except FileRefused as exc:
            if exc.reason == "missing":
                return None
            if exc.reason == "unreadable":      # a permission problem: leave it where it is
                log.warning("history: cannot read %s: %s", path.name, exc.detail)
                self._warn_once(Message(W_CORRUPT, file=path.name), path.name)
                return None
            self._set_aside(path, W_TOO_BIG if exc.reason == "too_big" else W_NOT_REGULAR, exc.detail)
        except NewerFormat as exc:
            log.warning("history: %s skipped: %s", path.name, exc)
            self._warn_once(Message(W_NEWER, file=path.name), path.name)
        except BadEntry as exc:
            self._set_aside(path, W_CORRUPT, str(exc))
        return None

    def _warn_once(self, message: Message, file: str) -> None:
        """A warning about a file left in place (it is met again at every listing): said once."""
        if (message.code, file) not in self._said:
            self._said.add((message.code, file))
            self.warnings.append(message)

    def _set_aside(self, path: Path, code: str, detail: str) -> None:
        log.warning("history: %s is set aside: %s", path.name, detail)
        try:
            userdata.set_aside(path)
            self.warnings.append(Message(code, file=path.name))
        except OSError as exc:
            log.warning("history: %s could not be moved aside: %s", path.name, exc)
            self._warn_once(Message(W_NOT_MOVED, file=path.name), path.name)

    def _index_stamp(self) -> tuple[int, int] | None:
        try:
            st = os.stat(self.folder / INDEX)
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size

    def _load_index(self) -> dict[str, _Known]:
        stamp = self._index_stamp()
        if self._memo is not None and stamp is not None and self._memo[0] == stamp:
            return dict(self._memo[1])
        self._memo = None
        known = self._parse_index()
        if stamp is not None and known:
            self._memo = (stamp, dict(known))
        return known

    def _parse_index(self) -> dict[str, _Known]:
        path = self.folder / INDEX
        try:
            data = json.loads(read_small_bytes(path, MAX_INDEX_BYTES).decode("utf-8"))
        except FileRefused as exc:
            if exc.reason != "missing":
                log.warning("history: index not used (%s); rebuilding it", exc.detail)
                self._drop_bad_index(path, exc)
            return {}
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            log.warning("history: index unreadable (%s); rebuilding it", shorten(str(exc), 120))
            return {}
        known: dict[str, _Known] = {}
        try:
            if data.__class__ is not dict or data.get("format") != FORMAT or data.get("entries").__class__ is not dict:
                raise BadEntry("index: expected {format, entries}")
            for entry_id, row in data["entries"].items():
                known[entry_id] = _index_row(entry_id, row)
        except BadEntry as exc:
            log.warning("history: index out of shape (%s); rebuilding it", exc)
            return {}
        return known

    def _drop_bad_index(self, path: Path, exc: FileRefused) -> None:
        if exc.reason in ("too_big", "not_regular"):
            try:
                userdata.set_aside(path)
            except OSError:
                pass

    def _write_index(self, known: dict[str, _Known]) -> None:
        entries = {entry_id: {"size": k.size, "mtime_ns": k.mtime_ns, "digest": k.summary.digest,
                              "summary": summary_to_dict(k.summary)} for entry_id, k in known.items()}
        try:
            userdata.atomic_write_text(self.folder / INDEX, json.dumps({"format": FORMAT, "entries": entries},
                                                                        ensure_ascii=False))
        except OSError as exc:      # a cache: the files still hold everything
            log.warning("history: could not write the index: %s", exc)
            self._memo = None
            return
        stamp = self._index_stamp()
        self._memo = (stamp, dict(known)) if stamp is not None else None

    def _scan(self) -> dict[str, _Known]:
        """Bring the index in line with the folder: read new or changed files, drop vanished ones,
        set aside bad ones, apply the cap; write the index if anything changed."""
        folder = self.folder
        old = self._load_index()
        known: dict[str, _Known] = {}
        stamps: dict[str, tuple[int, str]] = {}
        changed = False
        now = time.time()
        with os.scandir(folder) as it:
            dirents = list(it)
        for d in dirents:
            name = d.name
            if name.startswith(".") and name.endswith(".tmp"):
                self._clean_temp(d, now)
                continue
            if not name.endswith(SUFFIX) or name == INDEX or not ID_PATTERN.fullmatch(name[:-len(SUFFIX)]):
                continue
            entry_id = name[:-len(SUFFIX)]
            try:
                st = d.stat()
            except OSError:
                continue
            row = old.get(entry_id)
            if row is None or row.size != st.st_size or row.mtime_ns != st.st_mtime_ns:
                result = self._read(Path(d.path))
                changed = True
                if result is None:
                    continue
                entry, raw = result
                row = _Known(st.st_size, st.st_mtime_ns, entry.summary(digest(raw)))
            known[entry_id] = row
            stamps[entry_id] = (st.st_mtime_ns, entry_id)
        if set(old) != set(known):
            changed = True
        if len(known) > self.limit:
            for entry_id in sorted(known, key=stamps.__getitem__)[:len(known) - self.limit]:
                try:
                    (folder / f"{entry_id}{SUFFIX}").unlink()
                except FileNotFoundError:
                    pass
                except OSError as exc:
                    log.warning("history: could not drop %s: %s", entry_id, exc)
                    continue
                del known[entry_id]
            changed = True
        if changed:
            self._write_index(known)
        return known

    @staticmethod
    def _clean_temp(d: os.DirEntry, now: float) -> None:
        try:
            if now - d.stat(follow_symlinks=False).st_mtime > STALE_TEMP_S:
                os.unlink(d.path)
        except OSError:
            pass


