"""Révolte!'s quick reference (the tricks family's `rulebook` module): the families and Citizens, the
cut, the Revolt, the bonuses and the scoring, with this game's numbers (rulebook/quickref.py)."""

from __future__ import annotations

from typing import Callable

from revolt_table.games.tricks import TricksParams
from revolt_table.rulebook import Rulebook
from revolt_table.rulebook.quickref import Row, Section

Q = "quickref.tricks."


def quick_reference(book: Rulebook, rules, t: Callable[..., str]) -> list[Section]:
    p: TricksParams = rules.params
    rows = [Row(t(f"tricks.family.{f.letter}"), t(Q + "family_cards", low=f.low, high=f.high),
                (f"{f.letter}:{f.low}", f"{f.letter}:{f.high}")) for f in p.families]
    rows.append(Row(t("tricks.citizen"), t(Q + "citizens", n=p.citizen_count), ("C",)))
    rows.append(Row(t("tricks.pitchfork_short"), t(Q + "pitchfork"), ("CP",)))
    ranges = {f.letter: (f.low, f.high) for f in p.families}
    bonuses = []
    if p.noble is not None:
        low, high = ranges[p.noble.family]
        bonuses.append(Row(t("tricks.bonus.noble"), t(Q + "noble_bonus", n=p.noble.amount),
                           (f"{p.noble.family}:{high if p.noble.highest else low}",)))
    if p.knave is not None:
        low, high = ranges[p.knave.family]
        bonuses.append(Row(t("tricks.bonus.knave"), t(Q + "knave_bonus", n=p.knave.amount),
                           (f"{p.knave.family}:{high if p.knave.highest else low}",)))
    bonuses += [Row(text=t(Q + "per_trick", n=p.points_per_trick)),
                Row(text=t(Q + "richest", alone=p.richest_alone, tied=p.richest_tied)),
                Row(text=t(Q + "winner"))]
    return [
        Section(t(Q + "families"), tuple(rows), note=t(Q + "follow")),
        Section(t(Q + "cut"), (Row(t(f"tricks.family.{p.trump}"), t(Q + "cut_text", n=p.cut_cost),
                                   (f"{p.trump}:7", "coin")),)),
        Section(t(Q + "revolt"), (Row(text=t(Q + "revolt_text"), cards=("C", "C", "N:4")),)),
        Section(t(Q + "bonuses"), tuple(bonuses)),
    ]
