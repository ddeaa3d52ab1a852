"""Where the player's settings, saves and logs live, and how they are read and written safely.

Why a module of its own (and no pygame here): the CLI, the UI and tests all need the same folders and
the same "never lose or crash on a file" rules. Every write is atomic (a crash mid-write leaves the old
file intact) and every read survives a corrupt file by setting it aside and falling back to defaults,
so a bad file costs the player a setting, never the program.

Folders come from platformdirs (the user's config/data/log folders, never beside the executable).
Tests and portable installs set ``REVOLT_TABLE_HOME``: config, data and logs then live under it.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, TypeVar

import yaml

from revolt_table import i18n

APP_NAME = "RevoltTable"
HOME_ENV = "REVOLT_TABLE_HOME"

T = TypeVar("T")

# Allowed values, shared with the settings screen so it can never offer what the loader rejects.
ANIMATION_SPEEDS: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0)
AI_PACES: tuple[float, ...] = (0.0, 0.4, 0.8, 1.5)
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
MIN_WINDOW: tuple[int, int] = (1024, 640)
MAX_WINDOW: tuple[int, int] = (2560, 1440)
LANGUAGES: tuple[str, ...] = i18n.LANGUAGES       # the shipped languages (revolt_table/i18n.py)
TEXT_SIZES: tuple[str, ...] = ("normal", "large")
LOOK_NEUTRAL = 50                                  # look settings: 50 % changes nothing
SEAT_KINDS: tuple[str, ...] = ("human", "ai:easy", "ai:normal", "ai:hard")


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


# ------------------------------------------------------------------------------------------ safe files

def atomic_write_text(path: Path | str, text: str) -> None:
    """Write `text` to `path` so that readers see either the old or the new file, never half of one.

    The temporary file sits in the same folder so os.replace is a rename on one file system.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
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


def load_yaml_or_default(path: Path | str, default: T, validate: Callable[[Any], T]) -> tuple[T, str | None]:
    """Load and validate a YAML file; never raise.

    Returns (value, warning). A missing file gives (default, None). A file that cannot be read, parsed
    or validated is renamed aside (so the player can recover it) and gives (default, warning text).
    `validate` turns the parsed data into the value or raises any exception to reject it.
    """
    path = Path(path)
    if not path.exists():
        return default, None
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        return validate(data), None
    except Exception as exc:  # noqa: BLE001 - any failure means "corrupt": set aside, keep going
        reason = f"{type(exc).__name__}: {exc}".splitlines()[0][:200]
        try:
            moved = set_aside(path)
            where = f"moved to {moved.name}"
        except OSError as move_exc:
            where = f"could not be moved aside ({move_exc})"
        return default, f"{path.name} was unreadable and has been {where}; using defaults. ({reason})"


# ------------------------------------------------------------------------------------------- settings

@dataclass
class GameSetup:
    """The last new-game choices, so the setup screen opens where the player left it."""

    game_id: str = "revoltaaa"
    variant: str = ""                      # "" = the base game
    players: int = 4
    seats: list[str] = field(default_factory=lambda: ["human", "ai:normal", "ai:normal", "ai:normal"])
    names: list[str] = field(default_factory=lambda: ["You", "Anna", "Ben", "Clara"])

    @classmethod
    def from_dict(cls, data: Any) -> "GameSetup":
        if not isinstance(data, dict):
            raise ValueError("game setup must be a mapping")
        base = cls()
        game_id = data.get("game_id", base.game_id)
        variant = data.get("variant", base.variant) or ""
        players = data.get("players", base.players)
        seats = data.get("seats", base.seats)
        names = data.get("names", base.names)
        if not isinstance(game_id, str) or not isinstance(variant, str):
            raise ValueError("game_id and variant must be text")
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 8:
            raise ValueError("players must be a whole number from 1 to 8")
        if not isinstance(seats, list) or any(s not in SEAT_KINDS for s in seats):
            raise ValueError(f"seats must be a list of {', '.join(SEAT_KINDS)}")
        if not isinstance(names, list) or any(not isinstance(n, str) for n in names):
            raise ValueError("names must be a list of text")
        return cls(game_id, variant, players, list(seats), [n[:24] for n in names])


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

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Validate parsed YAML; raises ValueError for anything a hand-edited file could get wrong."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("settings must be a mapping")
        base = cls()
        fullscreen = data.get("fullscreen", base.fullscreen)
        if not isinstance(fullscreen, bool):
            raise ValueError("fullscreen must be true or false")
        size = data.get("window_size", list(base.window_size))
        if (not isinstance(size, (list, tuple)) or len(size) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in size)):
            raise ValueError("window_size must be [width, height]")
        size = clamp_window_size((size[0], size[1]))
        speed = float(_number(data.get("animation_speed", base.animation_speed), "animation_speed"))
        if speed not in ANIMATION_SPEEDS:
            raise ValueError(f"animation_speed must be one of {ANIMATION_SPEEDS}")
        pace = float(_number(data.get("ai_pace", base.ai_pace), "ai_pace"))
        if not 0.0 <= pace <= 5.0:
            raise ValueError("ai_pace must be between 0 and 5 seconds")
        volume = _number(data.get("volume", base.volume), "volume")
        if not 0 <= volume <= 100:
            raise ValueError("volume must be between 0 and 100")
        language = data.get("language", base.language)
        if not isinstance(language, str):
            raise ValueError("language must be text")
        if language not in LANGUAGES:          # a language this version does not ship: English
            language = i18n.DEFAULT
        setup = GameSetup.from_dict(data.get("last_setup", {}))
        look = {}
        for name in ("contrast", "grain", "temperature"):
            value = _number(data.get(name, LOOK_NEUTRAL), name)
            if not 0 <= value <= 100:
                raise ValueError(f"{name} must be between 0 and 100")
            look[name] = int(round(value))
        four = data.get("four_colour_deck", base.four_colour_deck)
        if not isinstance(four, bool):
            raise ValueError("four_colour_deck must be true or false")
        text_size = data.get("text_size", base.text_size)
        if text_size not in TEXT_SIZES:
            raise ValueError(f"text_size must be one of {', '.join(TEXT_SIZES)}")
        return cls(fullscreen, size, speed, pace, int(volume), language, setup, four_colour_deck=four,
                   text_size=text_size, **look)


def _number(value: Any, name: str) -> float | int:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number")
    return value


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
    """
    return load_yaml_or_default(settings_path(), Settings(language=i18n.system_language()), Settings.from_dict)


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), yaml.safe_dump(settings.to_dict(), sort_keys=False))


# ------------------------------------------------------------------------------------------ saved game

def save_path() -> Path:
    """The one game in progress: a record of rules id, variant, seed and moves."""
    return data_dir() / "current_game.yaml"


def has_saved_game() -> bool:
    return save_path().exists()


def save_game_record(record: dict[str, Any]) -> None:
    """Write the game record atomically (called after every move)."""
    atomic_write_text(save_path(), yaml.safe_dump(record, sort_keys=False, allow_unicode=True))


def _validate_record(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("a saved game must be a mapping")
    for key in ("rules", "seed", "moves"):
        if key not in data:
            raise ValueError(f"a saved game needs '{key}'")
    if not isinstance(data["moves"], list):
        raise ValueError("moves must be a list")
    return data


def load_game_record() -> tuple[dict[str, Any] | None, str | None]:
    """Return (record or None, warning or None); a corrupt save is set aside, never raised."""
    return load_yaml_or_default(save_path(), None, _validate_record)


def delete_saved_game() -> None:
    try:
        save_path().unlink()
    except FileNotFoundError:
        pass
