"""Loading, validating and overlaying rules files; `Rules` is a validated game definition.

A rules file is data: the common keys below plus the keys of the family it names. Variants are
overlays merged onto the base (`variants: {bananas: {...}}`), so a house rule is a few lines of YAML.
Every problem is reported as `path:line:column: message`, all of them at once.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..services.resources import rules_dir
from .errors import Diagnostic, RulesError, UnknownGame, quoted
from .family import Family, available_families, get_family
from .schema import AnyMapping, DictOf, Int, ListOf, Map, Str
from .yamlsource import Located, load_located_file

GAME_UNITS = ("game", "deal")     # what one game of a match is called (translated by the UI)
MAX_MATCH_GAMES = 20

COMMON_FIELDS = {
    "id": Str(),
    "family": Str(),
    "name": Str(),
    "summary": Str(),
    "players": Map({"min": Int(1, 12), "max": Int(1, 12), "default": Int(1, 12)}, required=("min", "max")),
    "rules_text": ListOf(Str()),
    "rulings": ListOf(Str()),
    # how long a table plays unless the player chooses (New game): `games` in a match (absent: one per
    # player, so every seat starts once) and what one of them is called (`deal` for Dou Dizhu)
    "match": Map({"games": Int(1, MAX_MATCH_GAMES), "unit": Str(choices=GAME_UNITS)}),
    "variants": DictOf(Str(), AnyMapping()),  # each variant is checked against the full schema separately
}
COMMON_REQUIRED = ("id", "family", "name", "players")
VARIANT_ONLY_FIELDS = {"description": Str()}


def merge_overlay(base: Any, overlay: Any) -> Any:
    """Deep-merge: mappings merge key by key, anything else in the overlay replaces the base value."""
    if isinstance(base, dict) and isinstance(overlay, dict):
        merged = dict(base)
        for key, value in overlay.items():
            merged[key] = merge_overlay(base[key], value) if key in base else copy.deepcopy(value)
        return merged
    return copy.deepcopy(overlay)


@dataclass
class Rules:
    """A validated game definition, ready to start games."""

    id: str
    name: str
    family: Family
    data: dict[str, Any]
    variant: str | None = None
    path: Path | None = None
    variants: dict[str, str] = field(default_factory=dict)  # variant id -> display name

    @cached_property
    def params(self) -> Any:
        """The family's parameters, compiled once from the YAML into a frozen record.

        The UI and the AI read rules through this (never `data`): what a family's record holds is
        documented in its module. None for a family that has not declared `compile_params`.
        """
        compile_params = getattr(self.family, "compile_params", None)
        return compile_params(self) if compile_params is not None else None

    @property
    def min_players(self) -> int:
        return self.data["players"]["min"]

    @property
    def max_players(self) -> int:
        return self.data["players"]["max"]

    @property
    def default_players(self) -> int:
        """How many players a new table seats unless told otherwise (`players.default`, else min)."""
        return self.data["players"].get("default", self.min_players)

    def match_games(self, players: int) -> int:
        """How many games a match has unless the player chooses: `match.games`, else one per player
        (every seat starts once)."""
        return int(self.data.get("match", {}).get("games") or players)

    @property
    def game_unit(self) -> str:
        """What one game of a match is called: "game", or "deal" (`match.unit`)."""
        return str(self.data.get("match", {}).get("unit", "game"))

    @property
    def rulings(self) -> list[str]:
        return list(self.data.get("rulings", []))

    @property
    def rules_text(self) -> list[str]:
        return list(self.data.get("rules_text", []))

    def new_game(self, players: int, seed: int | None = None, deal: dict | None = None,
                 start_seat: int = 0):
        """Start a game: a seeded shuffle, or the explicit `deal` ({"hands": [...], "piles": {...}})."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is played by {self.min_players} to {self.max_players} "
                             f"players, not {players}")
        if not 0 <= start_seat < players:
            raise ValueError(f"start_seat must be between 0 and {players - 1}")
        return self.family.new_game(self, players, seed, deal, start_seat)

    def from_view(self, view, rng):
        """A full game state consistent with a seat's view (hidden cards re-dealt)."""
        return self.family.from_view(self, view, rng)

    def __repr__(self) -> str:
        suffix = f", variant={self.variant!r}" if self.variant else ""
        return f"Rules({self.id!r}{suffix})"


def resolve_rules_path(game: str | Path) -> Path:
    """A game id (`revoltaaa`) names a rules file; anything with a suffix or a slash is a path.

    An id is looked up in the bundled rules folder, then in the player's own rules folder (a file
    named `<id>.yaml` there; the app checks that its `id:` says the same). An id found in neither
    raises UnknownGame, which lists the ids that exist.
    """
    text = str(game)
    if isinstance(game, Path) or text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text:
        return Path(game)
    for folder in rules_folders():
        for suffix in (".yaml", ".yml"):
            candidate = folder / f"{text}{suffix}"
            if _is_file(candidate):
                return candidate
    raise UnknownGame(text, game_ids())


def rules_folders() -> list[Path]:
    """Where game ids are looked up: the bundled rules, then the player's rules folder if it exists."""
    folders = [rules_dir()]
    try:
        from ..services.userdata import user_rules_dir
        user = user_rules_dir(create=False)
    except (ImportError, OSError):
        user = None
    if user is not None and _is_dir(user):
        folders.append(user)
    return folders


def game_ids() -> list[str]:
    """Every id a command can name: the bundled games, then the player's own files (by file name)."""
    ids: list[str] = []
    for folder in rules_folders():
        try:
            names = sorted(p.stem for p in folder.iterdir() if p.suffix in (".yaml", ".yml"))
        except OSError:
            continue
        ids += [name for name in names if name not in ids and not name.startswith((".", "_"))]
    return ids


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def load_rules(game: str | Path, variant: str | None = None) -> Rules:
    """Load and validate a rules file by game id or path; raise RulesError listing every problem."""
    path = resolve_rules_path(game)
    located, family = validate_file(path)
    data = located.data
    variants = data.get("variants", {}) or {}
    if variant is not None and variant not in variants:
        known = ", ".join(variants) or "none"
        raise RulesError([Diagnostic(str(path), 1, 1, f"unknown variant {quoted(variant)}; variants: {known}")])
    merged = {k: v for k, v in data.items() if k != "variants"}
    if variant is not None:
        merged = merge_overlay(merged, variants[variant])
    names = {key: (value.get("name", key) if isinstance(value, dict) else key) for key, value in variants.items()}
    return Rules(id=data["id"], name=merged.get("name", data["id"]), family=family, data=merged,
                 variant=variant, path=path, variants=names)


def validate_file(path: str | Path) -> tuple[Located, Family]:
    """Check a rules file and every variant in it; return the located data and its family.

    Whatever the file holds, the answer is the data or a RulesError with `path:line:column: message`
    diagnostics (yamlsource bounds the time and memory a file may cost).
    """
    path = Path(path)
    located = load_located_file(path)
    if located.diagnostics:
        raise RulesError(located.diagnostics)
    try:
        family = _check_located(located)
    except RecursionError:        # pragma: no cover - yamlsource bounds the depth; kept as a last guard
        located.error((), "the file is nested too deeply to check")
        family = None
    if located.diagnostics:
        raise RulesError(sorted(located.diagnostics, key=lambda d: (d.line, d.column)))
    return located, family


def _check_located(located: Located) -> Family | None:
    data = located.data
    if not isinstance(data, dict):
        located.error((), "a rules file must be a mapping of keys to values")
        return None
    family_name = data.get("family")
    family: Family | None = None
    if isinstance(family_name, str):
        try:
            family = get_family(family_name)
        except LookupError as exc:
            message = str(exc) if len(family_name) <= 40 else (
                f"unknown family {quoted(family_name)}; expected one of: {', '.join(available_families())}")
            located.error(("family",), message)
    elif "family" in data:
        located.error(("family",), f"expected text naming one of: {', '.join(available_families())}")
    if family is None:
        # Without a family we can still check the common keys, ignoring the unknown family ones.
        Map(COMMON_FIELDS, COMMON_REQUIRED).check({k: v for k, v in data.items() if k in COMMON_FIELDS},
                                                 (), located)
        return None
    schema = Map(COMMON_FIELDS, COMMON_REQUIRED).extended(family.fields, family.required)
    schema.check(data, (), located)
    if located.diagnostics:
        return family
    _check_semantics(family, data, (), located)
    variant_schema = schema.extended({**VARIANT_ONLY_FIELDS, "variants": Map()})
    for name, overlay in (data.get("variants") or {}).items():
        vpath = ("variants", name)
        before = len(located.diagnostics)
        variant_schema.check(overlay, vpath, located, partial=True)
        if len(located.diagnostics) > before:
            continue
        if "variants" in overlay or "id" in overlay or "family" in overlay:
            located.error(vpath, "a variant may not change 'id', 'family' or 'variants'")
            continue
        merged = merge_overlay({k: v for k, v in data.items() if k != "variants"}, overlay)
        _check_semantics(family, merged, vpath, located, overlay)
    return family


def _check_semantics(family: Family, data: dict, vpath: tuple, located: Located,
                     overlay: dict | None = None) -> None:
    """Run the common and family checks; positions come from the overlay where it set the value."""

    def report(path: tuple, message: str) -> None:
        if overlay is None:
            target = tuple(path)
        else:  # point into the variant: at the value it set, or at the variant itself
            target = vpath + tuple(path) if _has_path(overlay, path) else vpath
        prefix = f"variant {quoted(vpath[1])}: " if vpath else ""
        located.error(target, prefix + message)

    players = data["players"]
    if players["min"] > players["max"]:
        report(("players",), f"players.min ({players['min']}) is greater than players.max ({players['max']})")
    elif "default" in players and not players["min"] <= players["default"] <= players["max"]:
        report(("players", "default"), "players.default must lie between players.min and players.max")
    family.check(data, report)


def _has_path(data: Any, path: tuple) -> bool:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return False
        data = data[key]
    return True
