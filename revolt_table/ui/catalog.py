"""What games are installed: names, player counts, variants and rules text, read from rules/*.yaml.

Why the UI reads the YAML itself (safe_load, tolerant): the setup and rules screens need only a few
display keys, must work while the engine is still loading or validating files, and must never crash
on one bad file. Game logic always goes through the engine, never through this module.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from revolt_table.resources import rules_dir
from revolt_table.ui import i18n

log = logging.getLogger(__name__)


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


def game_info_from(data: dict[str, Any], path: Path | None = None) -> GameInfo:
    """Build a GameInfo from parsed YAML; missing keys get sensible defaults."""
    game_id = str(data.get("id") or (path.stem if path else "game"))
    name = str(localized(data.get("name")) or game_id)
    players = data.get("players") or {}
    lo, hi = 3, 5
    if isinstance(players, dict):
        lo, hi = int(players.get("min", lo)), int(players.get("max", hi))
    elif isinstance(players, list) and players:
        lo, hi = int(min(players)), int(max(players))
    variants = []
    notes: dict[str, tuple[str, list[Any]]] = {}
    raw_variants = data.get("variants") or {}
    if isinstance(raw_variants, dict):
        for vid, overlay in raw_variants.items():
            overlay = overlay if isinstance(overlay, dict) else {}
            shown = localized(overlay.get("name"))
            variants.append((str(vid), str(shown or str(vid).replace("_", " ").title())))
            notes[str(vid)] = (str(localized(overlay.get("description")) or ""), _as_list(overlay.get("rulings")))
    return GameInfo(game_id, name, lo, hi, variants, _as_lines(data.get("rules_text")),
                    _as_list(data.get("rulings")), path, str(localized(data.get("summary")) or ""), notes)


def _as_list(value: Any) -> list[Any]:
    value = localized(value)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def load_catalog(folder: Path | None = None) -> list[GameInfo]:
    """All games in `folder` (default: the shipped rules/), sorted by name; bad files are skipped."""
    folder = Path(folder) if folder is not None else rules_dir()
    games = []
    for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            log.warning("skipping rules file %s: %s", path, exc)
            continue
        if isinstance(data, dict):
            games.append(game_info_from(data, path))
    return sorted(games, key=lambda g: g.name.lower())
