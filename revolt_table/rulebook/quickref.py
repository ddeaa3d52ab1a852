"""The quick reference of a game (the Rules screen's "Table" tab, and the start of `rules show`).

Why data and not a picture: the same reference is drawn in the window (revolt_table/ui/scenes/
rules_table.py draws small cards for the examples) and printed as text by the CLI, in every language.
Each family builds its own from the game's params (`rules.params`), so a variant or a player's own game
of the family gets a reference that matches it: the module its registration names as `rulebook`
(revolt_table/rulebook/<family>.py) has `quick_reference(book, rules, t) -> list[Section]`. Words come
from the translation files (quickref.*, and the family's own names such as bomb.card.<id>) through `t`.

Example cards are short codes the view knows how to draw: Dou Dizhu "7S" (rank and suit, T for 10) and
"BJ"/"RJ" (the jokers); RevoltaaA "red:3"; Révolte! "N:10", "C", "CP".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from revolt_table.engine.errors import RulesError
from revolt_table.engine.family import family_module
from revolt_table.engine.rules import Rules, load_rules
from revolt_table.rulebook import Rulebook
from revolt_table.services import i18n

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Row:
    label: str = ""
    text: str = ""
    cards: tuple[str, ...] = ()      # an example, drawn as small cards
    count: int | str | None = None   # copies in the deck (Revolución's card list; "0-3" if it varies)


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[Row, ...] = ()
    order: tuple[str, ...] = ()      # cards from lowest to highest (Dou Dizhu's rank order)
    note: str = ""


def reference(book: Rulebook, rules: Rules | None = None) -> list[Section]:
    """The quick reference for `book` in its language: its family's `quick_reference(book, rules, t)`
    (the module its registration names as `rulebook`) on the game's rules as played (`rules`, else
    loaded from the book's file and variant); [] for a family without one or rules that do not load."""
    try:
        module = family_module(book.family, "rulebook")
    except LookupError:                        # a file that names no family this program knows
        return []
    build = getattr(module, "quick_reference", None)
    if build is None:
        return []
    if rules is None:
        try:
            rules = load_rules(book.path or book.game_id, variant=book.variant)
        except (RulesError, OSError) as exc:
            log.info("quick reference: %s does not load: %s", book.game_id, exc)
            return []

    def t(key: str, **fmt: Any) -> str:
        return i18n.t_in(book.language, key, **fmt)

    return build(book, rules, t)


# ---------------------------------------------------------------------------------------------- as text

_SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_label(code: str, lang: str = i18n.DEFAULT) -> str:
    """A card code as a player writes it: '7S' -> '7♠', 'TH' -> '10♥', 'T' -> '10', 'BJ' -> the black
    joker's name."""
    if code in ("BJ", "RJ"):
        return i18n.t_in(lang, "quickref.climbing." + ("black_joker" if code == "BJ" else "red_joker"))
    if ":" in code:
        kind, value = code.split(":", 1)
        return value
    if code == "coin":
        return "●"
    if code in ("C", "CP"):
        return "Ψ" if code == "CP" else "C"
    if len(code) == 2 and code[1] in _SUIT_SIGNS:
        return ("10" if code[0] == "T" else code[0]) + _SUIT_SIGNS[code[1]]
    if code == "T":                    # a rank alone (the rank order): the 10 as players write it
        return "10"
    return code


def as_text(sections: list[Section], lang: str = i18n.DEFAULT) -> str:
    """The reference as plain text (what `revolt-table rules show` prints before the full rules)."""
    out: list[str] = []
    for section in sections:
        out.append(f"== {section.title} ==")
        if section.order:
            out.append("  " + " < ".join(card_label(c, lang) for c in section.order))
        for row in section.rows:
            head = f"×{row.count} " if row.count is not None else ""
            head += f"{row.label}: " if row.label else ""
            cards = f"  [{' '.join(card_label(c, lang) for c in row.cards)}]" if row.cards else ""
            out.append(f"  - {head}{row.text}{cards}".rstrip())
        if section.note:
            out.append(f"  {section.note}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
