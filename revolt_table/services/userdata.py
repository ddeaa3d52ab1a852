"""Where the player's settings, saves and logs live, and how they are read and written safely.

Why a module of its own (and no pygame here): the CLI, the UI and tests all need the same folders and
the same "never lose or crash on a file" rules. Every write is atomic (a crash mid-write leaves the old
file intact) and every read survives a corrupt file by setting it aside and falling back to defaults,
so a bad file costs the player a setting, never the program.

Reading goes through the rules files' hardened reader (engine/yamlsource.py, with smaller limits): a
file over the size limit or that is not a regular file (a FIFO, a folder) is set aside unread, never
opened for reading; anchors, tags and the like are refused. Every field is then validated against a
declarative table (SETTINGS_FIELDS, SETUP_FIELDS, RECORD_SCHEMA: field -> type and range, the default
being the dataclass's), so a new setting is one dataclass field and one row. A settings field that
is wrong falls back to its default (the others are kept, the file is set aside); a save that is wrong
anywhere is set aside whole. Folders that cannot be used (a file where a folder should be, a
read-only folder) raise OSError from the folder functions; check_folders() says so once, and the app
then plays without saving.

Folders come from platformdirs (the user's config/data/log folders, never beside the executable).
Tests and portable installs set ``REVOLT_TABLE_HOME``: config, data and logs then live under it.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, TypeVar

import yaml

from revolt_table.services import i18n
from revolt_table.engine.errors import Diagnostic
from revolt_table.engine.rules import MAX_MATCH_GAMES
from revolt_table.engine.schema import (Bool, Choice, Int, ListOf, Map, Maybe, Number, Spec, Str, Tuple)
from revolt_table.engine.yamlsource import Limits, Located, load_located_file

APP_NAME = "RevoltTable"
HOME_ENV = "REVOLT_TABLE_HOME"

T = TypeVar("T")

# Allowed values, shared with the settings screen so it can never offer what the loader rejects.
ANIMATION_SPEEDS: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0)
AI_PACES: tuple[float, ...] = (0.0, 0.4, 0.8, 1.5)
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
MIN_WINDOW: tuple[int, int] = (1024, 640)
MAX_WINDOW: tuple[int, int] = (2560, 1440)
LANGUAGES: tuple[str, ...] = i18n.LANGUAGES       # the shipped languages (revolt_table/services/i18n.py)
TEXT_SIZES: tuple[str, ...] = ("normal", "large")
LOOK_NEUTRAL = 50                                  # look settings: 50 % changes nothing
SEAT_KINDS: tuple[str, ...] = ("human", "ai:easy", "ai:normal", "ai:hard")
RECORD_SEAT_KINDS: tuple[str, ...] = ("human", "random", "ai:easy", "ai:normal", "ai:hard")
TIPS_SEEN_MAX = 256                                # games whose first-game tips were shown
NAME_MAX = 24                                      # characters of a player's name
MAX_PLAYERS = 12
SETTINGS_LIMITS = Limits(bytes=64 * 1024, lines=2_000, depth=8, values=1_000)
SAVE_LIMITS = Limits(bytes=512 * 1024, lines=20_000, depth=8, values=20_000)   # the longest games: ~600 moves


# ---------------------------------------------------------------------------------------------- folders

def _home_override() -> Path | None:
    value = os.environ.get(HOME_ENV)
    return Path(value) if value else None


def _user_dir(sub: str, platform_dir: str, create: bool = True) -> Path:
    """$REVOLT_TABLE_HOME/<sub> when set, else the platform's folder (platformdirs.<platform_dir>).

    Created on demand (create=True); raises OSError when it cannot be (a file where it should be...).
    """
    home = _home_override()
    if home is not None:
        path = home / sub
    else:
        import platformdirs
        path = Path(getattr(platformdirs, platform_dir)(APP_NAME, appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Folder for settings.yaml (created on demand)."""
    return _user_dir("config", "user_config_dir")


def data_dir() -> Path:
    """Folder for saved games (created on demand)."""
    return _user_dir("data", "user_data_dir")


def user_rules_dir(create: bool = True) -> Path:
    """The player's own rules files (`rules` in the data folder): they appear in New game."""
    path = _user_dir("data", "user_data_dir", create=False) / "rules"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    """Folder for log files (created on demand)."""
    return _user_dir("logs", "user_log_dir")


@dataclass(frozen=True)
class FolderProblem:
    """A user folder that cannot be used: `kind` is "settings" or "data"."""

    kind: str
    path: str
    reason: str


def check_folders() -> list[FolderProblem]:
    """Can settings and games be written? Creates the folders and writes a probe file in each."""
    problems = []
    for kind, sub, platform_dir in (("settings", "config", "user_config_dir"), ("data", "data", "user_data_dir")):
        path: Path | str = "?"
        try:
            path = _user_dir(sub, platform_dir, create=False)
            path.mkdir(parents=True, exist_ok=True)
            import tempfile

            fd, probe = tempfile.mkstemp(prefix=".write-probe-", dir=path)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            problems.append(FolderProblem(kind, str(path), exc.strerror or type(exc).__name__))
    return problems


def open_in_file_manager(path: Path) -> None:
    """Show a folder in the platform's file manager (Explorer, Finder, xdg-open); raises OSError.

    The folder is created first. Nothing here touches the network: the path is a local folder.
    (services/filemanager.py does it, for About's folders too.)"""
    from revolt_table.services import filemanager

    filemanager.open_folder(path)


# ------------------------------------------------------------------------------------------ safe files

def atomic_write_text(path: Path | str, text: str) -> None:
    """Write `text` to `path` so that readers see either the old or the new file, never half of one.

    The temporary file sits in the same folder so os.replace is a rename on one file system.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile            # not at start-up (issue 30): only a write needs it

    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise


def set_aside(path: Path) -> Path:
    """Rename a bad file to NAME.corrupt-YYYYmmdd-HHMMSS (plus a counter if that exists) and return it."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


class _Dumper(yaml.SafeDumper):
    """Never writes anchors and aliases (&id001 / *id001): the reader refuses them."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_yaml(data: Any) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True)


def load_yaml_or_default(path: Path | str, default: T, parse: Callable[[Located], tuple[T, list[Diagnostic]]],
                         limits: Limits) -> tuple[T, str | None]:
    """Read, parse and validate a user file; never raise, never block, never read a huge file.

    Returns (value, warning). A missing or empty file gives (default, None). Anything else wrong sets
    the file aside (renamed, so the player can recover it) and gives the value `parse` could still
    make (default for what was wrong) and a warning naming the file and its first problem.
    `parse(located)` returns (value, problems).
    """
    path = Path(path)
    try:
        os.lstat(path)
    except FileNotFoundError:
        return default, None
    except OSError as exc:
        return default, f"{path.name}: cannot read it ({exc.strerror or exc})"
    located = load_located_file(path, limits, source=path.name)
    if located.empty:
        return default, None
    if located.diagnostics:
        return default, _set_aside_warning(path, located.diagnostics[0])
    value, problems = parse(located)
    if problems:
        return value, _set_aside_warning(path, problems[0])
    return value, None


def _set_aside_warning(path: Path, problem: Diagnostic) -> str:
    try:
        where = f"set aside as {set_aside(path).name}"
    except OSError as exc:
        where = f"could not be set aside: {exc.strerror or exc}"
    return f"{problem} ({where})"


class _Named(Located):
    """Located whose messages start with the field they are about: `last_setup.names[1]: ...`."""

    def error(self, path: tuple, message: str, key: bool = False) -> None:
        name = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path).lstrip(".")
        super().error(path, f"{name}: {message}" if name else message, key)


def _check(spec: Spec, value: Any, path: tuple, located: Located) -> list[Diagnostic]:
    """The problems `spec` finds in `value` (positions from `located`), without touching `located`."""
    probe = _Named(located.source, marks=located.marks, key_marks=located.key_marks)
    spec.check(value, path, probe)
    return probe.diagnostics


@dataclass(frozen=True)
class Field:
    """One row of a settings table: the check, and how a checked value becomes the attribute."""

    spec: Spec
    convert: Callable[[Any], Any] = lambda value: value


def _parse_fields(table: dict[str, Field], data: dict, path: tuple, located: Located
                  ) -> tuple[dict[str, Any], list[Diagnostic]]:
    """Checked and converted values of the fields present in `data`; unknown keys are ignored
    (a newer version may have written them)."""
    values, problems = {}, []
    for name, row in table.items():
        if name in data:
            found = _check(row.spec, data[name], path + (name,), located)
            if found:
                problems += found
            else:
                values[name] = row.convert(data[name])
    return values, problems


# ------------------------------------------------------------------------------------------- settings

_NAME = Str(max_len=NAME_MAX, one_line=True)
_ID = Str(max_len=255, one_line=True)          # a game id, or a broken file's name in last_setup

SETUP_FIELDS: dict[str, Field] = {
    "game_id": Field(_ID),
    "variant": Field(Maybe(_ID), lambda value: value or ""),
    "players": Field(Int(1, MAX_PLAYERS)),
    "seats": Field(ListOf(Str(choices=SEAT_KINDS), max_len=MAX_PLAYERS), list),
    "names": Field(ListOf(_NAME, max_len=MAX_PLAYERS), list),
    "games": Field(Int(0, MAX_MATCH_GAMES)),
}


@dataclass
class GameSetup:
    """The last new-game choices, so the setup screen opens where the player left it."""

    game_id: str = "revoltaaa"
    variant: str = ""                      # "" = the base game
    players: int = 4
    seats: list[str] = field(default_factory=lambda: ["human", "ai:normal", "ai:normal", "ai:normal"])
    names: list[str] = field(default_factory=lambda: ["You", "Anna", "Ben", "Clara"])
    games: int = 0                         # the match length chosen; 0 = the game's own (Rules.match_games)

    @classmethod
    def from_dict(cls, data: Any) -> "GameSetup":
        """Validate parsed YAML; raises ValueError naming the first problem."""
        located = Located("last_setup", data)
        values, problems = _parse_fields(SETUP_FIELDS, data, (), located) if isinstance(data, dict) else ({}, [])
        if not isinstance(data, dict):
            raise ValueError("game setup must be a mapping")
        if problems:
            raise ValueError(problems[0].message)
        return cls(**values)


def _setup(data: dict) -> GameSetup:
    values, _ = _parse_fields(SETUP_FIELDS, data, (), Located(""))
    return GameSetup(**values)


def _language(code: str) -> str:
    return code if code in LANGUAGES else i18n.DEFAULT    # a language this version does not ship: English


def _percent(value: float) -> int:
    return int(round(value))


# One row per setting: its check and conversion. The default is the dataclass's.
SETTINGS_FIELDS: dict[str, Field] = {
    "fullscreen": Field(Bool()),
    "window_size": Field(Tuple((Int(), Int())), lambda size: clamp_window_size((size[0], size[1]))),
    "animation_speed": Field(Choice(ANIMATION_SPEEDS), float),
    "ai_pace": Field(Number(0.0, 5.0), float),
    "volume": Field(Number(0, 100), _percent),
    "language": Field(Str(max_len=16), _language),
    "last_setup": Field(Map({k: row.spec for k, row in SETUP_FIELDS.items()}, ignore_unknown=True), _setup),
    "contrast": Field(Number(0, 100), _percent),
    "grain": Field(Number(0, 100), _percent),
    "temperature": Field(Number(0, 100), _percent),
    "four_colour_deck": Field(Bool()),
    "text_size": Field(Str(choices=TEXT_SIZES)),
    "one_click_play": Field(Bool()),
    "tips_seen": Field(ListOf(_ID, max_len=TIPS_SEEN_MAX), list),
}


@dataclass
class Settings:
    """Everything the settings screen changes. Saved as YAML in the config folder on every change."""

    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: float = 1.0           # 0 = animations off
    ai_pace: float = 0.8                   # seconds of natural pause before an AI move
    volume: int = 70                       # 0-100
    language: str = "en"
    last_setup: GameSetup = field(default_factory=GameSetup)
    # the look of the whole window, 0-100 % (50 = unchanged): see revolt_table/ui/look.py
    contrast: int = LOOK_NEUTRAL
    grain: int = LOOK_NEUTRAL
    temperature: int = LOOK_NEUTRAL
    four_colour_deck: bool = False         # Dou Dizhu faces: spades black, hearts red, diamonds blue, clubs green
    text_size: str = "normal"              # "normal" | "large": every scene scales its type
    one_click_play: bool = False           # the table plays a card on its first click (no confirming click)
    tips_seen: list[str] = field(default_factory=list)   # rules ids whose first-game tips were shown

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def parse(cls, located: Located) -> tuple["Settings", list[Diagnostic]]:
        """Settings from a read file: every field checked; a wrong one keeps its default."""
        data = located.data
        if not isinstance(data, dict):
            located.error((), "settings must be a mapping of names to values")
            return cls(), located.diagnostics
        values, problems = _parse_fields(SETTINGS_FIELDS, data, (), located)
        return cls(**values), problems

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Validate parsed YAML; raises ValueError naming the first problem."""
        if data is None:
            return cls()
        settings, problems = cls.parse(Located("settings", data))
        if problems:
            raise ValueError(problems[0].message)
        return settings


def clamp_window_size(size: tuple[int, int]) -> tuple[int, int]:
    """Keep a window size inside the supported 1024x640 .. 2560x1440 range."""
    w = min(max(int(size[0]), MIN_WINDOW[0]), MAX_WINDOW[0])
    h = min(max(int(size[1]), MIN_WINDOW[1]), MAX_WINDOW[1])
    return w, h


def settings_path() -> Path:
    return config_dir() / "settings.yaml"


def load_settings() -> tuple[Settings, str | None]:
    """Read settings.yaml; returns (settings, warning or None). Never raises.

    On the very first start (no file yet) the language is the system's when we ship it, else English.
    A file with a wrong field keeps its other fields (the file itself is set aside).
    """
    first_start = Settings(language=i18n.system_language())
    try:
        path = settings_path()
    except OSError:                # the folder cannot be used: check_folders() says so, once
        return first_start, None
    return load_yaml_or_default(path, first_start, Settings.parse, SETTINGS_LIMITS)


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), dump_yaml(settings.to_dict()))


# ------------------------------------------------------------------------------------------ saved game

_NOTE = Map({"center": Int(), "victorious": Int(), "beaten": ListOf(Int(), max_len=MAX_PLAYERS),
             "breakdown": ListOf(Tuple((Int(), Int())), max_len=MAX_PLAYERS + 1)}, ignore_unknown=True)

# What Session.record() writes (revolt_table/ui/session.py). A new field gets a row here; fields
# this version does not know are kept as they are.
RECORD_SCHEMA = Map({
    "rules": _ID,
    "game": _ID,
    "variant": Maybe(_ID),
    "rules_file": Maybe(Str(max_len=4_096, one_line=True)),   # a game played from a file its id does not name
    "players": Int(1, MAX_PLAYERS),
    "seed": Maybe(Int()),
    "start_seat": Int(0, MAX_PLAYERS - 1),
    "moves": ListOf(Tuple((Int(0, MAX_PLAYERS - 1), Str(max_len=100, one_line=True))), max_len=5_000),
    "seats": ListOf(Str(choices=RECORD_SEAT_KINDS), max_len=MAX_PLAYERS),
    "names": ListOf(_NAME, max_len=MAX_PLAYERS),
    "match": Map({"seed": Int(), "games": Int(0, 1_000), "current": Int(0, 1_000),
                  "results": ListOf(ListOf(Int(), max_len=MAX_PLAYERS), max_len=1_000),
                  "notes": ListOf(_NOTE, max_len=1_000)}, ignore_unknown=True),
}, required=("rules", "players", "seed", "moves"), ignore_unknown=True)


def save_path() -> Path:
    """The one game in progress: a record of rules id, variant, seed and moves.

    One slot on purpose: Resume always means the same game, and New game asks before replacing it
    (revolt_table/ui/scenes/confirm.py); `revolt-table play` saves only with the slot free or when
    told to replace it (--replace-save)."""
    return data_dir() / "current_game.yaml"


def has_saved_game() -> bool:
    """Is there a save to offer (False when the data folder cannot even be used)?"""
    try:
        return save_path().exists()
    except OSError:
        return False


def save_game_record(record: dict[str, Any]) -> None:
    """Write the game record atomically (called after every move)."""
    atomic_write_text(save_path(), dump_yaml(record))


def parse_record(located: Located) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """A save's record if every field is right (and the fields agree), else (None, problems)."""
    data = located.data
    problems = _check(RECORD_SCHEMA, data, (), located)
    if problems:
        return None, problems
    players = data["players"]

    def wrong(path: tuple, message: str) -> tuple[None, list[Diagnostic]]:
        line, column = located.where(path)
        return None, [Diagnostic(located.source, line, column, message)]

    for key in ("seats", "names"):
        if key in data and len(data[key]) != players:
            return wrong((key,), f"{key} must list {players} entries, one per player")
    if data.get("start_seat", 0) >= players:
        return wrong(("start_seat",), f"start_seat must be below {players}")
    for i, (seat, _) in enumerate(data["moves"]):
        if seat >= players:
            return wrong(("moves", i, 0), f"seat {seat} does not exist in a {players}-player game")
    for i, row in enumerate(data.get("match", {}).get("results", [])):
        if len(row) != players:
            return wrong(("match", "results", i), f"a result must list {players} scores")
    return data, []


def load_game_record() -> tuple[dict[str, Any] | None, str | None]:
    """Return (record or None, warning or None); a corrupt save is set aside, never raised."""
    try:
        path = save_path()
    except OSError:                # the folder cannot be used: check_folders() says so, once
        return None, None
    return load_yaml_or_default(path, None, parse_record, SAVE_LIMITS)


def peek_game_record() -> dict[str, Any] | None:
    """The saved record when it reads and checks cleanly, else None; never sets a file aside (the title
    only names the game it would resume: Resume itself sets a bad save aside and says why)."""
    try:
        path = save_path()
        if not path.is_file():
            return None
    except OSError:
        return None
    located = load_located_file(path, SAVE_LIMITS, source=path.name)
    if located.empty or located.diagnostics:
        return None
    record, _ = parse_record(located)
    return record


def delete_saved_game() -> None:
    try:
        save_path().unlink()
    except OSError:        # gone already, or the folder cannot be used: nothing to delete
        pass
