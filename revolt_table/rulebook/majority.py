"""RevoltaaA's quick reference (the majority family's `rulebook` module): a round step by step as this
game's options play it (a centre pile or not, cards chosen in secret or played in turn, who breaks a
colour tie, who takes a stack with no unique value), the deck, the end and scoring (rulebook/quickref.py)."""

from __future__ import annotations

from typing import Callable

from revolt_table.games.majority import MajorityParams
from revolt_table.rulebook import Rulebook
from revolt_table.rulebook.quickref import Row, Section

Q = "quickref.majority."


def quick_reference(book: Rulebook, rules, t: Callable[..., str]) -> list[Section]:
    p: MajorityParams = rules.params
    centre = p.has_centre
    steps = []
    if centre:
        steps.append(Row("1", t(Q + "step_centre")))
    steps.append(Row(str(len(steps) + 1), t(Q + ("step_choose" if p.simultaneous else "step_in_turn"))))
    tie_centre = p.colour_tie == "center_card" and centre
    steps.append(Row(str(len(steps) + 1), t(Q + ("step_colour" if tie_centre else "step_colour_leader"))))
    steps.append(Row(str(len(steps) + 1), t(Q + "step_unique")))
    none_centre = p.no_unique_value == "center_pile" and centre
    steps.append(Row(str(len(steps) + 1), t(Q + ("step_none" if none_centre else "step_none_leader"))))
    # the first colour's values and how many of each (the second colour's cards beside them)
    first = [(p.value[i], n) for i, (card, n) in enumerate(p.deck_counts()) if p.colour[i] == 0]
    deck_rows = [Row(text=t(Q + "deck_counts", value=value, n=n),
                     cards=tuple(f"{colour}:{value}" for colour in p.colour_ids)) for value, n in first]
    end_rows = [Row(text=t(Q + "end_stacks", n=p.target)), Row(text=t(Q + "score_stack", n=p.per_stack)),
                Row(text=t(Q + "score_card", n=p.per_card_in_hand))]
    if centre:
        end_rows.append(Row(text=t(Q + "score_centre")))
    return [Section(t(Q + "round"), tuple(steps)), Section(t(Q + "deck"), tuple(deck_rows)),
            Section(t(Q + "end"), tuple(end_rows))]
