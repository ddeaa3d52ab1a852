"""Who a text speaks to: the seats' names as the tables, results and Review show them.

Why a module: "You" is the default name of the human's seat, and a text that conjugates a name in the
third person would read "You wins the fight", "Vous gagne", "Du gewinnt". The names made here are
YouName (revolt_table.services.i18n) where the seat is the player reading, and t() then says such texts in their
`you` form ("You win the fight"). The session names its seats here; the Review names a past game's here.
"""

from __future__ import annotations

from revolt_table.services import i18n


def seat_names(seats: list[str], names: list[str]) -> list[str]:
    """The names the table shows, each a YouName (revolt_table.services.i18n) where it is the player reading.

    Who that is: the one human at a table of AIs, whatever name they chose (the tables already speak to
    that player as "you": "You start", "lead: You", "{name} attacks you"; a third-person "Marie wins the
    fight" next to them would mix persons about one player). In a hot-seat game the screen is shared and
    names are names: only a seat that kept the default "You" ("Vous", "Du"... in the language the game
    was set up in) is said as "you" (grammar follows the word the players read: "You win the fight",
    never "You wins").
    """
    humans = [seat for seat, kind in enumerate(seats) if kind == "human"]
    word = i18n.t("setup.default_name_1")
    return [i18n.you(name) if (humans == [seat] or str(name) == word) else str(name)
            for seat, name in enumerate(names)]
