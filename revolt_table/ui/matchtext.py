"""How a table's setup and a match are said: "3 players · You against 2 AIs · Single deal", "Deal 2 of 3".

Why one module: New game's summary line, the results screen, the table's labels and the Resume button
must name games the same way. A game of Dou Dizhu is a "deal" (its rules file says `match: {unit:
deal}`), the others' a "game"; every text comes from the translation files (`match.*` keys), counts in
the forms each language uses (i18n.tn). No pygame here: tests and the CLI use it without a window.
"""

from __future__ import annotations

from collections.abc import Sequence

from revolt_table.services.i18n import t, tn

UNITS = ("game", "deal")


def _unit(unit: str) -> str:
    return unit if unit in UNITS else "game"


def heading(unit: str, n: int) -> str:
    """One game of a match, as a column heading or a title: "Deal 2", "Game 2"."""
    return t(f"match.heading.{_unit(unit)}", n=n)


def length(unit: str, games: int) -> str:
    """The length of a match: "Single deal", "Match of 3 deals"."""
    if games <= 1:
        return t(f"match.single.{_unit(unit)}")
    return t(f"match.of.{_unit(unit)}", n=games)


def count(unit: str, games: int) -> str:
    """A match length as New game's Length selector offers it: "Single deal", "3 deals"."""
    if games <= 1:
        return length(unit, games)
    return t(f"match.count.{_unit(unit)}", n=games)


def progress(unit: str, n: int, games: int) -> str:
    """Where a match stands: "Deal 2 of 3"; a single game says its length ("Single deal")."""
    if games <= 1:
        return length(unit, games)
    return t(f"match.progress.{_unit(unit)}", n=min(max(n, 1), games), total=games)


def next_label(unit: str) -> str:
    """The results screen's button to the next game of the match: "Next deal", "Next game"."""
    return t(f"match.next.{_unit(unit)}")


def players(n: int) -> str:
    """"3 players"."""
    return tn("match.players", n)


def seats(kinds: Sequence[str]) -> str:
    """Who plays, from the seat kinds ("human" or an AI level): "You against 2 AIs", "2 players at this
    screen and 1 AI", "Everyone at this screen", "Only AIs play · you watch"."""
    humans = sum(1 for kind in kinds if kind == "human")
    ais = len(kinds) - humans
    if humans == 0:
        return t("match.watching")
    if humans == 1:
        return t("match.you_against", ais=tn("match.ais", ais)) if ais else t("match.alone")
    if not ais:
        return t("match.all_at_screen")
    return t("match.at_screen_and", people=t("match.at_screen", n=humans), ais=tn("match.ais", ais))


def summary(kinds: Sequence[str], games: int, unit: str) -> str:
    """New game's one line: "3 players · You against 2 AIs · Single deal"."""
    return t("match.separator").join((players(len(kinds)), seats(kinds), length(unit, games)))
