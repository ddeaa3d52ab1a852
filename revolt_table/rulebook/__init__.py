"""A game's rules as a player reads them, in any shipped language (no pygame: the CLI prints them too).

English lives in the rules file itself: name, summary, rules_text, rulings, each variant's name,
description and rulings, and the text of each card of a `deck:` list (Revolución). Every other language
sits beside it in rules/translations/<game id>.<lang>.yaml with the same shape:

    name: ...            summary: ...
    rules_text: [...]    one entry per English entry, headings ("## ...") and bullets ("- ...") in place
    rulings: [...]       one per English ruling, in the same order
    variants: {bananas: {name: ..., description: ..., rulings: [...]}}
    cards: {FO: "..."}   a card id's text (only for files whose deck has texts)

Translators edit those files without touching code; tests/test_translations.py fails when one lacks
something English has. A file with no translation (a player's own game) reads in English, item by item.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from revolt_table.engine.rules import merge_overlay, resolve_rules_path
from revolt_table.engine.yamlsource import load_located_file
from revolt_table.services.i18n import DEFAULT
from revolt_table.services.resources import rules_dir

TRANSLATIONS = "translations"


@dataclass(frozen=True)
class VariantNotes:
    id: str
    name: str
    description: str
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class Rulebook:
    """What the Rules screen and `revolt-table rules show` print for one game in one language."""

    game_id: str
    family: str
    language: str
    name: str
    summary: str
    text: tuple[str, ...]                     # markdown-ish lines: "## heading", "- bullet", paragraphs
    rulings: tuple[str, ...]
    variants: tuple[VariantNotes, ...] = ()
    card_texts: dict[str, str] = field(default_factory=dict)   # card id -> its text (a deck's cards)
    path: Path | None = None
    # the rules file as read (read-only): `with_variant` takes a variant's overlay from it
    source: dict = field(default_factory=dict, compare=False, repr=False)
    variant: str | None = None                # the variant it is read as (`with_variant`); None: the game


def game_ids(folder: Path | None = None) -> list[str]:
    """Ids of the games in a rules folder (the shipped one by default), sorted."""
    folder = Path(folder) if folder is not None else rules_dir()
    ids = []
    for path in sorted(folder.glob("*.yaml")):
        data = _read(path)
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            ids.append(data["id"])
    return sorted(ids)


def translation_path(rules_path: Path, game_id: str, lang: str) -> Path:
    """Where a rules file's translation into `lang` lives: rules/translations/<id>.<lang>.yaml."""
    return Path(rules_path).parent / TRANSLATIONS / f"{game_id}.{lang}.yaml"


def load(game: str | Path, lang: str = DEFAULT, variant: str | None = None) -> Rulebook:
    """The rules of a game (an id of the shipped rules folder, or a path) in `lang`, English where missing.

    With a variant, its rulings replace the game's (as its overlay does in the engine) and the quick
    reference is the variant's (`variant`: the rules are loaded as played). Raises FileNotFoundError
    for an unknown game and ValueError for a file that is not a rules file or a variant it does not have.
    """
    path = resolve_rules_path(game)
    if not path.exists():
        raise FileNotFoundError(str(path))
    base = _read(path)
    if not isinstance(base, dict):
        raise ValueError(f"{path} is not a rules file")
    game_id = str(base.get("id") or path.stem)
    local = _read(translation_path(path, game_id, lang)) if lang != DEFAULT else None
    local = local if isinstance(local, dict) else {}
    book = _merge(base, local, game_id, lang, path)
    if variant:
        return with_variant(book, variant)
    return book


def with_variant(book: Rulebook, variant: str) -> Rulebook:
    """`book` as played in one of its variants: that variant's rulings, and its numbers in `source`."""
    notes = next((v for v in book.variants if v.id == variant), None)
    overlays = book.source.get("variants") or {}
    if notes is None or not isinstance(overlays.get(variant), dict):
        known = ", ".join(v.id for v in book.variants) or "none"
        raise ValueError(f"{book.game_id} has no variant {variant!r} (variants: {known})")
    source = merge_overlay({k: v for k, v in book.source.items() if k != "variants"}, overlays[variant])
    return replace(book, rulings=notes.rulings or book.rulings, variants=(notes,), source=source, variant=variant)


def _merge(base: dict, local: dict, game_id: str, lang: str, path: Path) -> Rulebook:
    def pick(key: str) -> Any:
        value = local.get(key)
        return value if value not in (None, "", []) else base.get(key)

    text = _lines(pick("rules_text"))
    rulings = _lines(_same_length(local.get("rulings"), base.get("rulings")))
    variants = []
    base_variants = base.get("variants") if isinstance(base.get("variants"), dict) else {}
    local_variants = local.get("variants") if isinstance(local.get("variants"), dict) else {}
    for vid, overlay in base_variants.items():
        overlay = overlay if isinstance(overlay, dict) else {}
        mine = local_variants.get(vid) if isinstance(local_variants.get(vid), dict) else {}
        variants.append(VariantNotes(
            str(vid), str(mine.get("name") or overlay.get("name") or str(vid).replace("_", " ").title()),
            str(mine.get("description") or overlay.get("description") or ""),
            _lines(_same_length(mine.get("rulings"), overlay.get("rulings")))))
    cards: dict[str, str] = {}
    local_cards = local.get("cards") if isinstance(local.get("cards"), dict) else {}
    deck = base.get("deck")
    if isinstance(deck, list):
        for card in deck:
            if isinstance(card, dict) and card.get("id") and card.get("text"):
                cards[str(card["id"])] = str(local_cards.get(card["id"]) or card["text"])
    return Rulebook(game_id, str(base.get("family", "")), lang, str(pick("name") or game_id),
                    str(pick("summary") or ""), text, rulings, tuple(variants), cards, path, base)


def _same_length(translated: Any, english: Any) -> Any:
    """A translated list is used only when it has one entry per English one (never half a translation)."""
    if isinstance(translated, list) and isinstance(english, list) and len(translated) == len(english):
        return translated
    return english


def _lines(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(value.splitlines())
    if isinstance(value, list):
        return tuple(_item_text(item) for item in value)
    return (str(value),)


def _item_text(item: Any) -> str:
    """A list entry as text; a {q: ..., a: ...} mapping (a lenient rules file's ruling) reads "q a"."""
    if isinstance(item, dict):
        return " ".join(str(v) for v in item.values() if v not in (None, ""))
    return str(item)


def _read(path: Path) -> Any:
    """Parsed YAML (the engine's safe reader, which also refuses duplicate keys), or None.

    Through load_located_file: a FIFO or a huge file beside a player's rules file is refused unread."""
    located = load_located_file(path)
    return None if located.diagnostics else located.data
