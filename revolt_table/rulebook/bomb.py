"""Revolución's quick reference (the bomb family's `rulebook` module): every card with its count and
text, and the climates (rulebook/quickref.py)."""

from __future__ import annotations

from typing import Callable

from revolt_table.games.bomb_cards import BombParams
from revolt_table.rulebook import Rulebook
from revolt_table.rulebook.quickref import Row, Section
from revolt_table.services import i18n

Q = "quickref.bomb."


def quick_reference(book: Rulebook, rules, t: Callable[..., str]) -> list[Section]:
    p: BombParams = rules.params

    def named(key: str, fallback: str) -> str:
        """The translated name, else the rules file's own (a player's game with cards of its own)."""
        return t(key) if i18n.has(key) else fallback

    rows = [Row(named(f"bomb.card.{cid}", card.name), book.card_texts.get(cid, ""), count=card.count_label)
            for cid, card in p.cards.items()]
    climates = [Row(named(f"bomb.climate.{cid}", climate.name), t(f"bomb.climate_rule.{cid}"))
                for cid, climate in p.climates.items()]
    return [Section(t(Q + "cards"), tuple(rows)), Section(t(Q + "climates"), tuple(climates))]
