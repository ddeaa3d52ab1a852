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

import logging
import os
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

import yaml

from revolt_table.services import i18n
from revolt_table.services.names import visible_name
from revolt_table.engine.errors import Diagnostic
from revolt_table.engine.message import Message
from revolt_table.engine.rules import MAX_MATCH_GAMES
from revolt_table.engine.schema import (Bool, Choice, Int, ListOf, Map, Maybe, Number, Spec, Str, Tuple)
from revolt_table.engine.yamlsource import Limits, Located, load_located_file

log = logging.getLogger(__name__)

APP_NAME = "RevoltTable"
HOME_ENV = "REVOLT_TABLE_HOME"


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
SETTINGS_LIMITS = Limits(bytes=64 * 1024, lines=2_000, depth=8, values=1_000, noun="the settings file", reuse_hint="")
# the longest games: ~600 moves; 16 levels: 0.1.0's saves kept a whole game's final info per finished game
SAVE_LIMITS = Limits(bytes=512 * 1024, lines=20_000, depth=16, values=20_000, noun="a saved game", reuse_hint="")


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

TEMP_SUFFIX = ".tmp"


def temp_prefix(name: str) -> str:
    """The start of a temporary file's name beside `name`: a dot, then at most 64 bytes of the name
    (a file name may take 255 bytes; its temporary file's must not take more)."""
    short = name.encode("utf-8", "surrogateescape")[:64].decode("utf-8", "ignore")
    return f".{short}."


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write `text` to `path` so that readers see either the old or the new file, never half of one.

    The temporary file sits in the same folder so os.replace is a rename on one file system.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile            # not at start-up (issue 30): only a write needs it

    fd, tmp_name = tempfile.mkstemp(prefix=temp_prefix(path.name), suffix=TEMP_SUFFIX, dir=path.parent)
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


def clean_temp_files() -> int:
    """Remove the temporary files killed writers left in the settings and data folders (`.NAME.*.tmp`
    of atomic_write_text, the write probes of check_folders); returns how many. Call it only while
    holding the instance lock (services/instance.py): then no other window is writing there."""
    removed = 0
    for folder_of in (config_dir, data_dir):
        try:
            folder = folder_of()
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.startswith(".") and (name.endswith(TEMP_SUFFIX) or name.startswith(".write-probe-")):
                try:
                    if os.path.isfile(folder / name) and not os.path.islink(folder / name):
                        os.unlink(folder / name)
                        removed += 1
                except OSError:
                    pass
    return removed


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


def read_user_file(path: Path, limits: Limits) -> Located | OSError | None:
    """Read a user file with the hardened reader: None when there is none, the OSError when it cannot
    even be looked at (a folder that cannot be read), else what the reader made of it (an empty file
    is `located.empty`)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc
    return load_located_file(path, limits, source=path.name)


def why_unreadable(located: Located, limits: Limits) -> Message:
    """Why a file that cannot be used as a whole was refused, as a reason for the player's sentence."""
    if located.empty:
        return Message("files.reason.empty")
    if located.refusal == "too_big":
        return Message("files.reason.too_big", size=_size_text(limits.bytes))
    if located.refusal == "not_regular":
        return Message("files.reason.not_regular")
    if located.refusal == "not_text":
        return Message("files.reason.not_text")
    first = located.diagnostics[0] if located.diagnostics else None
    where = f"{first.path}:{first.line}:{first.column}" if first else located.source
    return Message("files.reason.at", where=where)


def _size_text(limit: int) -> str:
    return f"{limit // 1024} KB" if limit % 1024 == 0 else f"{limit:,} bytes"


def put_aside(path: Path, problem: str = "") -> Message:
    """Set a file aside (renamed beside itself, so the player can recover it) and say so: "the file as
    it was is kept as NAME.corrupt-...", or why it could not be moved. `problem` goes to the log."""
    try:
        kept = Message("files.kept_as", file=set_aside(path).name)
        log.warning("%s set aside as %s: %s", path.name, kept.args["file"], problem)
        return kept
    except OSError as exc:
        from revolt_table.services.oserrors import os_reason

        log.warning("%s could not be set aside (%s): %s", path.name, exc, problem)
        return Message("files.not_moved", error=os_reason(exc))


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


def _parse_fields(table: dict[str, Field], data: dict, path: tuple, located: Located,
                  skip: frozenset[str] = frozenset()) -> tuple[dict[str, Any], list[Diagnostic], list[str]]:
    """Checked and converted values of the fields present in `data`, the problems, and the names of the
    fields left at their defaults (a problem, or in `skip`: the reader refused a value in them).
    Unknown keys are ignored (a newer version may have written them)."""
    values, problems, bad = {}, [], []
    for name, row in table.items():
        if name in skip:                # (an alias: the reader dropped the value, the name is still bad)
            bad.append(name)
            continue
        if name not in data:
            continue
        found = _check(row.spec, data[name], path + (name,), located)
        if found:
            problems += found
            bad.append(name)
        else:
            values[name] = row.convert(data[name])
    return values, problems, bad


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
        values, problems, _ = _parse_fields(SETUP_FIELDS, data, (), located) if isinstance(data, dict) else ({}, [], [])
        if not isinstance(data, dict):
            raise ValueError("game setup must be a mapping")
        if problems:
            raise ValueError(problems[0].message)
        return cls(**values)


def _setup(data: dict) -> GameSetup:
    values, _, _ = _parse_fields(SETUP_FIELDS, data, (), Located(""))
    if "names" in values:                 # a name of invisible characters only: the seat's default name
        values["names"] = [visible_name(name) for name in values["names"]]
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
        settings, problems, _ = cls.read(located)
        return settings, problems

    @classmethod
    def read(cls, located: Located) -> tuple["Settings", list[Diagnostic], list[str]]:
        """Settings from a read file, the problems, and the fields left at their defaults: a field the
        checks refuse, or whose value the reader refused (`located.value_paths`: a number that is not
        finite or has 19 digits, a tag, a control character...); every other field is kept."""
        data = located.data
        if not isinstance(data, dict):
            located.error((), "settings must be a mapping of names to values")
            return cls(), located.diagnostics, []
        skip = frozenset(str(path[0]) for path in located.value_paths.values() if path)
        values, problems, bad = _parse_fields(SETTINGS_FIELDS, data, (), located, skip)
        return cls(**values), problems, bad

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


def load_settings(set_aside_bad: bool = True) -> tuple[Settings, Message | None]:
    """Read settings.yaml; returns (settings, what to tell the player or None). Never raises.

    On the very first start (no file yet) the language is the system's when we ship it, else English.
    A wrong value costs its own setting only: the others are kept (README), and the file as it was is
    set aside (renamed beside itself) for the App to write the good settings in its place. A file that
    cannot be read as a whole (not a file, too big, not text, not YAML) gives the defaults. The
    message is translated when shown, in the language the settings chose. `set_aside_bad=False` reads
    without touching anything (the command line only wants the language).
    """
    first_start = Settings(language=i18n.system_language())
    try:
        path = settings_path()
    except OSError:                # the folder cannot be used: check_folders() says so, once
        return first_start, None
    located = read_user_file(path, SETTINGS_LIMITS)
    if located is None or (isinstance(located, Located) and located.empty):
        return first_start, None
    if isinstance(located, OSError):
        from revolt_table.services.oserrors import os_reason

        return first_start, Message("files.settings.file", reason=os_reason(located),
                                    kept=Message("files.not_moved", error=os_reason(located)))
    def keep(detail: str) -> Message:
        return put_aside(path, detail) if set_aside_bad else Message("files.kept_as", file=path.name)

    bad = located.bad_values()
    if bad is None or () in bad or not isinstance(located.data, dict):
        reason = why_unreadable(located, SETTINGS_LIMITS)
        detail = str(located.diagnostics[0]) if located.diagnostics else "not a mapping"
        return first_start, Message("files.settings.file", reason=reason, kept=keep(detail))
    settings, problems, fields = Settings.read(located)
    if not fields:
        return settings, None
    detail = "; ".join(str(d) for d in (located.diagnostics + problems)[:3])
    return settings, Message("files.settings.fields", fields=", ".join(fields), kept=keep(detail))


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), dump_yaml(settings.to_dict()))


# ------------------------------------------------------------------------------------------ saved game

_NOTE = Map({"center": Int(), "victorious": Int(), "beaten": ListOf(Int(), max_len=MAX_PLAYERS),
             "breakdown": ListOf(Tuple((Int(), Int())), max_len=MAX_PLAYERS + 1)}, ignore_unknown=True)

SAVE_FORMAT = 2                # the newest save format this version reads (services/savegame.FORMAT)

# What Session.record() writes (revolt_table/ui/session.py). A new field gets a row here; fields
# this version does not know are kept as they are.
RECORD_SCHEMA = Map({
    "format": Int(1, 10**6),                                  # services/savegame.py: absent in 0.1.0's saves
    "rules_digest": Maybe(Str(max_len=64, one_line=True)),    # the version of the rules file played under
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


def save_stamp() -> tuple[int, int, int] | None:
    """The save file as it is now on disk (time, size, inode), to notice another writer; None if none."""
    try:
        st = os.stat(save_path())
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


def save_game_record(record: dict[str, Any]) -> None:
    """Write the game record atomically (called after every move)."""
    atomic_write_text(save_path(), dump_yaml(record))


def _note_of_format_1(note: Any) -> dict[str, Any]:
    """A finished game's note as 0.1.0 wrote it, in today's form. 0.1.0 kept the game's whole final info
    (any family); today's note is what the family's results need (ui/table/majority.game_note: centre
    score, victorious colour, the seats the centre beat, the breakdown as pairs). Old RevoltaaA notes
    are converted; anything else is left out (the results then show that game without its details)."""
    if not isinstance(note, dict):
        return {}
    if "center_score" not in note and "beaten_by_center" not in note:
        return {k: note[k] for k in ("center", "victorious", "beaten", "breakdown") if k in note}
    out: dict[str, Any] = {}
    if isinstance(note.get("center_score"), int):
        out["center"] = note["center_score"]
    if isinstance(note.get("victorious"), int):
        out["victorious"] = note["victorious"]
    if isinstance(note.get("beaten_by_center"), list):
        out["beaten"] = note["beaten_by_center"]
    rows = note.get("breakdown")
    if isinstance(rows, list) and all(isinstance(r, dict) for r in rows):
        out["breakdown"] = [[r.get("stacks"), r.get("cards")] for r in rows]
    return out


def _from_format_1(data: dict[str, Any]) -> dict[str, Any]:
    """0.1.0's save (no `format`) as format 2: the notes in today's form. Its rules' digest is found
    when its rules are (services/savegame.py), so it is not set here."""
    match = data.get("match")
    if isinstance(match, dict) and isinstance(match.get("notes"), list):
        data = {**data, "match": {**match, "notes": [_note_of_format_1(n) for n in match["notes"]]}}
    return {**data, "format": 2}


# format -> the function that makes a save of that format one of the next: each change of the save's
# form gets one, so a save of any earlier version is read (tests/test_old_saves.py keeps their saves)
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_format_1}


def upgrade_record(data: Any) -> Any:
    """A read save of an earlier format as one of SAVE_FORMAT (anything but a mapping is left to the checks)."""
    if not isinstance(data, dict):
        return data
    fmt = save_format(data)
    while fmt < SAVE_FORMAT:
        data = UPGRADES[fmt](data)
        fmt += 1
    return data


class NewerSave(ValueError):
    """A save written by a newer version (its `format` is above what this version knows): left alone."""


def save_format(data: Any) -> int:
    """The format a read save says it has (1 when it says none: 0.1.0 wrote none)."""
    fmt = data.get("format", 1) if isinstance(data, dict) else 1
    return fmt if fmt.__class__ is int else 1


def parse_record(located: Located) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """A save's record if every field is right (and the fields agree), else (None, problems). NewerSave
    for a save of a format above SAVE_FORMAT: its fields are not ours to judge."""
    data = located.data
    if save_format(data) > SAVE_FORMAT:
        raise NewerSave(f"format {save_format(data)}")
    data = upgrade_record(data)
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


def load_game_record() -> tuple[dict[str, Any] | None, Message | None]:
    """The saved record, read and checked field by field, or (None, what to tell the player): a save
    that cannot be read or checked (empty, not a file, too big, a wrong field) is set aside, never
    raised; one written by a newer version is left alone. (None, None): there is none. Whether it
    can still be played is services/savegame.py's question."""
    try:
        path = save_path()
    except OSError:                # the folder cannot be used: check_folders() says so, once
        return None, None
    located = read_user_file(path, SAVE_LIMITS)
    if located is None:
        return None, None
    if isinstance(located, OSError):
        from revolt_table.services.oserrors import os_reason

        return None, Message("files.save.unusable", reason=os_reason(located),
                             kept=Message("files.not_moved", error=os_reason(located)))
    if located.empty or located.diagnostics:
        detail = str(located.diagnostics[0]) if located.diagnostics else "empty"
        return None, Message("files.save.unusable", reason=why_unreadable(located, SAVE_LIMITS),
                             kept=put_aside(path, detail))
    try:
        record, problems = parse_record(located)
    except NewerSave:
        return None, Message("files.save.newer")
    if problems:
        first = problems[0]
        return None, Message("files.save.unusable", reason=Message("files.reason.at", where=f"{first.path}:"
                                                                   f"{first.line}:{first.column}"),
                             kept=put_aside(path, str(first)))
    return record, None


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
    try:
        record, _ = parse_record(located)
    except NewerSave:
        return None
    return record


def delete_saved_game() -> None:
    try:
        save_path().unlink()
    except OSError:        # gone already, or the folder cannot be used: nothing to delete
        pass
