"""Earlier versions of the bundled rules files, so that a game goes on under the rules it was begun with.

Why: a saved game (and a finished game in the history) is a record of moves from a seed; replayed
under changed rules it deals other cards and its moves no longer fit, so an update that rebalanced
Revolución's deck made every Revolución save of the previous version unusable (issue 28). The rules a
game was played under are data, so the program keeps them: `rules/archive/<id>.<digest>.yaml`, byte
for byte, named by the first 16 hex digits of the SHA-256 of the file, and listed newest first per
game in `rules/archive/index.yaml`. A save names the digest of its rules (services/savegame.py); an
older save that does not is tried under each version listed `before_format_2`. Finished games in the
history, whose replay is checked against the stored result, may try every version.

The version a game is played under changes only what happens at that table: names, rules text and
translations shown are always the current ones.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from revolt_table.services.resources import rules_dir

log = logging.getLogger(__name__)

ARCHIVE = "archive"
INDEX = "index.yaml"
DIGEST_LEN = 16


@dataclass(frozen=True)
class Version:
    """An earlier version of a bundled rules file."""

    game: str
    digest: str
    before_format_2: bool          # a save without a digest may have been made with it
    path: Path                     # where the archived copy is (it may be missing: `exists`)


def archive_dir() -> Path:
    return rules_dir() / ARCHIVE


def digest_bytes(raw: bytes) -> str:
    """The digest a save carries of its rules file's bytes.

    hashlib is imported here, not at the top: it loads OpenSSL's libcrypto (about 3.5 MB resident),
    which a start without a saved game never needs (issue 30's 50 MB start-up aim)."""
    import hashlib

    return hashlib.sha256(raw).hexdigest()[:DIGEST_LEN]


def digest_of(path: Path | str | None) -> str | None:
    """The digest of a rules file (None when there is no such file to read)."""
    if path is None:
        return None
    try:
        return digest_bytes(Path(path).read_bytes())
    except OSError:
        return None


@cache
def _index() -> dict[str, tuple[Version, ...]]:
    import yaml

    try:
        data = yaml.safe_load((archive_dir() / INDEX).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:      # a damaged install: only the current rules are known
        log.warning("rules archive: index not read: %s", exc)
        return {}
    index = {}
    for game, rows in data.items() if isinstance(data, dict) else ():
        versions = []
        for row in rows if isinstance(rows, list) else ():
            if isinstance(row, dict) and isinstance(row.get("digest"), str):
                digest = row["digest"]
                versions.append(Version(str(game), digest, bool(row.get("before_format_2")),
                                        archive_dir() / f"{game}.{digest}.yaml"))
        index[str(game)] = tuple(versions)
    return index


def versions(game: str) -> tuple[Version, ...]:
    """The archived versions of a bundled game's rules, newest first (none for a player's own file)."""
    return _index().get(game, ())


def candidates(game: str, current: Path | None, digest: str | None = None, *, legacy: bool = False) -> list[Path]:
    """The rules files a game of `game` may have been played under, to try in this order.

    digest: the version the record names; then only that version (the current file when it has that
    digest, else its archived copy), and the current file after it (a player's own file that was
    edited may still fit). legacy: a record that names no version and was written before records
    did (a save of format 1): the versions listed `before_format_2`, or the current file for a game
    the archive does not know. Neither: the current file, then every archived version (the history,
    whose replays are checked against the stored result).
    """
    now = digest_of(current)

    def path_of(version: str) -> Path | None:
        if current is not None and now == version:
            return current
        found = next((v.path for v in versions(game) if v.digest == version), None)
        return found if found is not None and found.is_file() else None

    if digest is not None:
        order = [path_of(digest), current]
    elif legacy and versions(game):
        order = [path_of(v.digest) for v in versions(game) if v.before_format_2]
    else:
        order = [current] + [path_of(v.digest) for v in versions(game)]
    out: list[Path] = []
    for path in order:
        if path is not None and path not in out:
            out.append(path)
    return out
