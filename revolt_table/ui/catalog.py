"""What games are installed: the bundled rules/ and the player's own rules folder, read by the engine.

Why through the engine's strict loader (validate_file) and not a lenient reader of its own: a file the
setup screen lists must be a file the engine can start. A file that fails is still listed, marked
broken with its first problem, so a player who dropped a file into their rules folder sees why it
is not playable instead of nothing; it cannot be started. Nothing in a rules file can crash a screen:
every failure of reading or checking becomes the entry's `problems`.

The player's files must use their file name as their id (`house.yaml` says `id: house`): game ids are
looked up by file name (engine/rules.py resolve_rules_path), the bundled games first, so a file that
takes a bundled game's id is listed as broken too. Checked files are cached by path, size and time.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from revolt_table.engine import RulesError, validate_file
from revolt_table.engine.errors import quoted
from revolt_table.services.resources import rules_dir
from revolt_table.ui import i18n

log = logging.getLogger(__name__)

SUFFIXES = (".yaml", ".yml")
MAX_OWN_FILES = 100                 # files read from the player's rules folder
CHECK_SECONDS = 3.0                 # checking budget per listing; checked files are cached
_now = time.monotonic               # the budget's clock (tests give it one of their own)
CHECK_FAILED = "check failed"      # cached in place of problems when the checker itself failed


@dataclass
class GameInfo:
    id: str
    name: str
    min_players: int = 3
    max_players: int = 5
    variants: list[tuple[str, str]] = field(default_factory=list)   # (variant id, shown name)
    rules_text: list[str] = field(default_factory=list)
    rulings: list[Any] = field(default_factory=list)
    path: Path | None = None
    summary: str = ""
    variant_notes: dict[str, tuple[str, list[Any]]] = field(default_factory=dict)  # id -> (description, rulings)
    problems: list[str] = field(default_factory=list)   # `file:line:column: message`; empty when playable
    own: bool = False                                    # from the player's rules folder
    match_games: int = 0                                 # games in a match by default (0: one per player)
    game_unit: str = "game"                              # what one game is called: "game" or "deal"

    def default_games(self, players: int) -> int:
        """The match length New game offers first (as engine Rules.match_games)."""
        return self.match_games or players

    @property
    def broken(self) -> bool:
        return bool(self.problems)

    def describe(self, variant: str = "") -> str:
        """One line for the setup screen: the variant's description, else the game's summary."""
        if variant and variant in self.variant_notes and self.variant_notes[variant][0]:
            return self.variant_notes[variant][0]
        return self.summary


def localized(value: Any, lang: str | None = None) -> Any:
    """Pick the current language from {en: ..., de: ...} mappings; other values pass through."""
    if isinstance(value, dict) and value and all(isinstance(k, str) and len(k) <= 5 for k in value):
        lang = lang or i18n.language()
        for key in (lang, "en"):
            if key in value:
                return value[key]
        return next(iter(value.values()))
    return value


def _as_lines(value: Any) -> list[str]:
    value = localized(value)
    if value is None:
        return []
    if isinstance(value, str):
        return value.splitlines()
    if isinstance(value, list):
        return [str(localized(item)) for item in value]
    return [str(value)]


def _as_list(value: Any) -> list[Any]:
    value = localized(value)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def game_info_from(data: dict[str, Any], path: Path | None = None) -> GameInfo:
    """A GameInfo from a rules file's validated data (the engine has checked every key's type)."""
    players = data["players"]
    notes: dict[str, tuple[str, list[Any]]] = {}
    variants = []
    for vid, overlay in (data.get("variants") or {}).items():
        shown = localized(overlay.get("name"))
        variants.append((str(vid), str(shown or str(vid).replace("_", " ").title())))
        notes[str(vid)] = (str(localized(overlay.get("description")) or ""), _as_list(overlay.get("rulings")))
    match = data.get("match") or {}
    return GameInfo(str(data["id"]), str(localized(data["name"])), players["min"], players["max"], variants,
                    _as_lines(data.get("rules_text")), _as_list(data.get("rulings")), path,
                    str(localized(data.get("summary")) or ""), notes,
                    match_games=int(match.get("games", 0)), game_unit=str(match.get("unit", "game")))


def broken_info(path: Path, problems: list[str], own: bool) -> GameInfo:
    """A file that cannot be played; its id is its file name (it may clash with a real game's id)."""
    return GameInfo(path.name, path.name, path=path, problems=problems, own=own)


# -------------------------------------------------------------------------------------- reading

_checked: dict[Path, tuple[tuple[int, int], dict | None, list[str]]] = {}


def check_file(path: Path) -> tuple[dict | None, list[str]]:
    """(validated data, []) or (None, problems) for one rules file; never raises."""
    try:
        info = os.stat(path)
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = (0, -1)
    cached = _checked.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1], cached[2]
    try:
        located, _ = validate_file(path)
        data, problems = located.data, []
    except RulesError as exc:
        data, problems = None, [f"{path.name}:{d.line}:{d.column}: {d.message}" for d in exc.diagnostics]
    except Exception as exc:  # noqa: BLE001 - a checker bug must not take the screen down with it
        log.exception("checking rules file %s failed: %s", path, exc)
        data, problems = None, [CHECK_FAILED]
    _checked[path] = (stamp, data, problems)
    return data, problems


def _files(folder: Path) -> list[Path]:
    try:
        names = sorted(folder.iterdir())
    except OSError:
        return []
    return [p for p in names if p.suffix in SUFFIXES and not p.name.startswith((".", "_"))]


def user_folder() -> Path | None:
    """The player's rules folder, if there is one (never created here)."""
    from revolt_table.services import userdata

    try:
        return userdata.user_rules_dir(create=False)
    except OSError:
        return None


def load_catalog(folder: Path | None = None, *, own: Path | None | bool = True) -> list[GameInfo]:
    """Every game: the bundled ones (or those in `folder`), then the player's (`own`: their folder,
    True for the default one, False for none). Playable games sorted by name, broken ones after.

    The player's folder costs at most MAX_OWN_FILES files and CHECK_SECONDS of checking per call
    (a file checked before is cached); what is left waits for the next call, listed as not checked.
    Files past MAX_OWN_FILES (by name) are not read: one entry says how many and from which on."""
    folder = Path(folder) if folder is not None else rules_dir()
    games = [_info(path, own=False, taken=set()) for path in _files(folder)]
    own_folder = user_folder() if own is True else (Path(own) if own else None)
    if own_folder is not None and own_folder.resolve() != folder.resolve():
        taken = {g.id for g in games}
        deadline = _now() + CHECK_SECONDS
        files = _files(own_folder)
        for path in files[:MAX_OWN_FILES]:
            if _now() > deadline and path not in _checked:
                games.append(broken_info(path, [f"{path.name}: {i18n.t('setup.problem_not_checked')}"], own=True))
                continue
            games.append(_info(path, own=True, taken=taken))
            taken.add(games[-1].id)
        if len(files) > MAX_OWN_FILES:
            games.append(left_out(own_folder, files[MAX_OWN_FILES:]))
    playable = sorted((g for g in games if not g.broken), key=lambda g: g.name.lower())
    return playable + sorted((g for g in games if g.broken), key=lambda g: g.name.lower())


def left_out(folder: Path, files: list[Path]) -> GameInfo:
    """The files past MAX_OWN_FILES, listed as one entry that cannot be played and says why (the last
    ones by name are not read, never silently left out)."""
    n = len(files)
    problem = i18n.t("files.rules_folder.too_many", n=n, limit=MAX_OWN_FILES, first=files[0].name)
    return GameInfo(f"{folder.name}/…{n}", i18n.t("files.rules_folder.more", n=n), path=folder,
                    problems=[problem], own=True)


def _info(path: Path, own: bool, taken: set[str]) -> GameInfo:
    data, problems = check_file(path)
    if problems == [CHECK_FAILED]:
        return broken_info(path, [f"{path.name}: {i18n.t('setup.problem_check_failed')}"], own)
    if problems:
        return broken_info(path, problems, own)
    game_id = data["id"]
    if own and path.stem in taken:
        return broken_info(path, [f"{path.name}: {i18n.t('setup.problem_id_taken', id=quoted(path.stem))}"], own)
    if own and game_id != path.stem:
        problem = i18n.t("setup.problem_id_mismatch", id=quoted(game_id), name=quoted(path.stem))
        return broken_info(path, [f"{path.name}: {problem}"], own)
    info = game_info_from(data, path)
    info.own = own
    return info
