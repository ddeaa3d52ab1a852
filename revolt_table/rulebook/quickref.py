"""The quick reference of a game (the Rules screen's "Table" tab, and the start of `rules show`).

Why data and not a picture: the same reference is drawn in the window (revolt_table/ui/scenes/
rules_table.py draws small cards for the examples) and printed as text by the CLI, in every language.
It is built per game family from the rules file's own numbers, so a variant or a player's own game of
the family gets a reference that matches it. Words come from the translation files (quickref.*, and
the family's own names such as bomb.card.<id>).

Example cards are short codes the view knows how to draw: Dou Dizhu "7S" (rank and suit, T for 10) and
"BJ"/"RJ" (the jokers); RevoltaaA "red:3"; Révolte! "N:10", "C", "CP".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from revolt_table.services import i18n
from revolt_table.rulebook import Rulebook


@dataclass(frozen=True)
class Row:
    label: str = ""
    text: str = ""
    cards: tuple[str, ...] = ()      # an example, drawn as small cards
    count: int | None = None         # copies in the deck (Revolución's card list)


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[Row, ...] = ()
    order: tuple[str, ...] = ()      # cards from lowest to highest (Dou Dizhu's rank order)
    note: str = ""


def reference(book: Rulebook) -> list[Section]:
    """The quick reference for `book` in its language ([] for a family without one)."""
    def t(key: str, **fmt: Any) -> str:
        return i18n.t_in(book.language, key, **fmt)

    build = _BUILDERS.get(book.family)
    return build(book, t) if build is not None else []


# ---------------------------------------------------------------------------------------------- Dou Dizhu

_SUITS = "SHDC"


def _cards(ranks: str) -> tuple[str, ...]:
    """'QQQ5' -> ('QS', 'QH', 'QD', '5S'): suits cycle per rank so examples look like real cards."""
    seen: dict[str, int] = {}
    out = []
    for rank in ranks:
        k = seen.get(rank, 0)
        seen[rank] = k + 1
        out.append(rank + _SUITS[k % 4])
    return tuple(out)


def _climbing(book: Rulebook, t: Callable[..., str]) -> list[Section]:
    q = "quickref.climbing."
    examples = [
        ("single", "K"), ("pair", "99"), ("trio", "QQQ"), ("trio_single", "QQQ5"), ("trio_pair", "QQQ88"),
        ("chain", "34567"), ("pair_chain", "556677"), ("airplane", "888999"),
        ("airplane_wings", "8889993J"), ("four_two", "666634"),
        ("bomb", "7777"),
    ]
    rows = [Row(t(q + name), t(q + name + "_text"), _cards(ranks)) for name, ranks in examples]
    rows.append(Row(t(q + "rocket"), t(q + "rocket_text"), ("BJ", "RJ")))
    deck = book.source.get("deck") or {}
    ranks = str(deck.get("ranks") or "3456789TJQKA2")
    order = tuple(ranks) + ("BJ", "RJ")
    scoring = book.source.get("scoring") or {}
    share = int(scoring.get("landlord_share", 2))
    return [
        Section(t(q + "combinations"), tuple(rows), note=t(q + "follow")),
        Section(t(q + "order"), order=order),
        Section(t(q + "scoring"), (
            Row(text=t(q + "formula")), Row(text=t(q + "landlord_share", n=share)), Row(text=t(q + "doubles")),
            Row(text=t(q + "spring")), Row(text=t(q + "reverse_spring")))),
    ]


# ---------------------------------------------------------------------------------------------- RevoltaaA

def _majority(book: Rulebook, t: Callable[..., str]) -> list[Section]:
    q = "quickref.majority."
    data = book.source
    deal = data.get("deal") or {}
    centre = int(deal.get("center_pile", 0) or 0) > 0
    round_rules = data.get("round") or {}
    colours = [c for c in data.get("colours") or [] if isinstance(c, dict)]
    steps = []
    if centre:
        steps.append(Row("1", t(q + "step_centre")))
    steps.append(Row(str(len(steps) + 1), t(q + "step_choose")))
    tie_centre = round_rules.get("colour_tie", "center_card") == "center_card" and centre
    steps.append(Row(str(len(steps) + 1), t(q + ("step_colour" if tie_centre else "step_colour_leader"))))
    steps.append(Row(str(len(steps) + 1), t(q + "step_unique")))
    none_centre = round_rules.get("no_unique_value", "center_pile") == "center_pile" and centre
    steps.append(Row(str(len(steps) + 1), t(q + ("step_none" if none_centre else "step_none_leader"))))
    deck_rows = []
    deck = data.get("deck") or {}
    first = colours[0]["id"] if colours else next(iter(deck), "red")
    counts = deck.get(first) or {}
    for value, n in counts.items():
        deck_rows.append(Row(text=t(q + "deck_counts", value=value, n=n),
                             cards=tuple(f"{c.get('id')}:{value}" for c in colours[:2])))
    end = data.get("end") or {}
    scoring = data.get("scoring") or {}
    end_rows = [Row(text=t(q + "end_stacks", n=end.get("stacks_of_one_colour", 4))),
                Row(text=t(q + "score_stack", n=scoring.get("per_stack", 1))),
                Row(text=t(q + "score_card", n=scoring.get("per_card_in_hand", 1)))]
    if centre:
        end_rows.append(Row(text=t(q + "score_centre")))
    return [Section(t(q + "round"), tuple(steps)), Section(t(q + "deck"), tuple(deck_rows)),
            Section(t(q + "end"), tuple(end_rows))]


# ---------------------------------------------------------------------------------------------- Révolte!

def _tricks(book: Rulebook, t: Callable[..., str]) -> list[Section]:
    q = "quickref.tricks."
    data = book.source
    rows = []
    for family in data.get("families") or []:
        letter = family.get("letter", "?")
        low, high = family.get("low", 1), family.get("high", 10)
        rows.append(Row(t(f"tricks.family.{letter}"), t(q + "family_cards", low=low, high=high),
                        (f"{letter}:{low}", f"{letter}:{high}")))
    citizens = data.get("citizens") or {}
    rows.append(Row(t("tricks.citizen"), t(q + "citizens", n=citizens.get("count", 9)), ("C",)))
    rows.append(Row(t("tricks.pitchfork_short"), t(q + "pitchfork"), ("CP",)))
    trump = str(data.get("trump", "B"))
    cut = data.get("cut") or {}
    bonuses = data.get("bonuses") or {}
    noble, knave = bonuses.get("noble") or {}, bonuses.get("knave") or {}
    game_end = data.get("game_end") or {}
    turn_end = data.get("turn_end") or {}
    return [
        Section(t(q + "families"), tuple(rows), note=t(q + "follow")),
        Section(t(q + "cut"), (Row(t(f"tricks.family.{trump}"), t(q + "cut_text", n=cut.get("coins", 1)),
                                   (f"{trump}:7", "coin")),)),
        Section(t(q + "revolt"), (Row(text=t(q + "revolt_text"), cards=("C", "C", "N:4")),)),
        Section(t(q + "bonuses"), (
            Row(t("tricks.bonus.noble"), t(q + "noble_bonus", n=noble.get("points", 1)),
                (f"{noble.get('family', 'N')}:10",)),
            Row(t("tricks.bonus.knave"), t(q + "knave_bonus", n=knave.get("coins", 1)),
                (f"{knave.get('family', 'R')}:1",)),
            Row(text=t(q + "per_trick", n=turn_end.get("points_per_trick", 1))),
            Row(text=t(q + "richest", alone=game_end.get("richest_alone", 2), tied=game_end.get("richest_tied", 1))),
            Row(text=t(q + "winner")))),
    ]


# ---------------------------------------------------------------------------------------------- Revolución

def _bomb(book: Rulebook, t: Callable[..., str]) -> list[Section]:
    q = "quickref.bomb."
    rows = []
    for card in book.source.get("deck") or []:
        if not isinstance(card, dict) or not card.get("id"):
            continue
        cid = str(card["id"])
        key = f"bomb.card.{cid}"
        name = t(key) if i18n.has(key) else str(card.get("name", cid))
        rows.append(Row(name, book.card_texts.get(cid, ""), count=int(card.get("count", 1))))
    climates = []
    for cid, spec in (book.source.get("climates") or {}).items():
        key = f"bomb.climate.{cid}"
        name = t(key) if i18n.has(key) else str((spec or {}).get("name", cid))
        climates.append(Row(name, t(f"bomb.climate_rule.{cid}")))
    return [Section(t(q + "cards"), tuple(rows)), Section(t(q + "climates"), tuple(climates))]


_BUILDERS: dict[str, Callable[[Rulebook, Callable[..., str]], list[Section]]] = {
    "climbing": _climbing, "majority": _majority, "tricks": _tricks, "bomb": _bomb,
}


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
