"""Révolte! hints: the normal AI's card for a seat, and why, in a sentence a player understands.

`hint_with_reason(rules, view, legal_moves)` is what revolt_table/ai/hints.py asks the family for (it
is reached through the family's AI module, revolt_table/ai/tricks_ai.py). The move is exactly the
normal AI's (`TricksHeuristicAgent`, seeded by hints.SEED, so the same position always gets the same
advice); the reason is read off the position the seat sees, in the order a player thinks:

- the Knave's coin to take: from the player the AI holds back (the leader on coats of arms);
- a Citizen: it makes a Revolt with the Citizens already down, or it is thrown where the trick is lost
  (or led, so the next card chooses the family);
- a cut: it beats every family (for a coin);
- a card that beats the table: the lowest that does, or the one that does;
- a card that cannot beat the table: it may take a bonus (the highest Noble, the lowest Rascal),
  else the lowest of the family followed, else a discard of a family the seat lacks;
- a lead: a card nobody can beat any more (card counting), or a card that sets the family.

Pygame-free and view-only, like every agent. The sentences are `tricks.hint.*` in
assets/locale/<lang>.hints.yaml; cards and families are the family's own Messages (card_message).
"""

from __future__ import annotations

import random

from ..engine.message import Message
from ..engine.move import Move, describe
from ..engine.state import View
from ..games.tricks_records import BONUS_MESSAGES, card_message, family_message

P = "tricks.hint."
TAKE, REVOLT, CITIZEN, LEAD_CITIZEN = P + "take", P + "revolt", P + "citizen", P + "lead_citizen"
LEAD, LEAD_WINNER, CHOOSE, CUT = P + "lead", P + "lead_winner", P + "choose", P + "cut"
TAKE_LOWEST, BEATS = P + "take_lowest", P + "beats"
BONUS_HIGH, BONUS_LOW = P + "bonus_high", P + "bonus_low"
FOLLOW_LOW, FOLLOW, DISCARD = P + "follow_low", P + "follow", P + "discard"

#: every message code a Révolte! hint can give (English in assets/locale/en.hints.yaml)
HINT_CODES: tuple[str, ...] = (TAKE, REVOLT, CITIZEN, LEAD_CITIZEN, LEAD, LEAD_WINNER, CHOOSE, CUT, TAKE_LOWEST,
                               BEATS, BONUS_HIGH, BONUS_LOW, FOLLOW_LOW, FOLLOW, DISCARD)


def hint_with_reason(rules, view: View, legal_moves: list[Move]) -> tuple[Move, Message]:
    """The normal AI's move for `view` (one of `legal_moves`) and why (see the module docstring)."""
    from . import hints
    from .tricks_ai import TricksHeuristicAgent

    agent = TricksHeuristicAgent(rules)
    move = agent.choose(view, legal_moves, random.Random(hints.SEED))
    return move, reason(rules, view, move, agent)


def reason(rules, view: View, move: Move, agent) -> Message:
    """Why `move` is good in `view` (the sentence, with the card and family as Messages)."""
    info, params, tools = view.info, rules.params, agent.tools
    said = describe(rules, view, move)
    if said.kind == "take":
        return Message(TAKE)
    cut = said.kind == "cut"
    card = said.card
    index = tools.index[card]
    fam, val = tools.fam, tools.val
    name = card_message(params, card)
    trick = [(e.seat, tools.index[e.card], e.cut) for e in info.trick]
    family = tools.letters.index(info.chosen_family) if info.chosen_family is not None else -1
    if fam[index] < 0:                                  # a Citizen
        if not trick:
            return Message(LEAD_CITIZEN)
        if tools.resolve(trick + [(view.seat, index, False)], family) is None:     # a Revolt so far
            return Message(REVOLT)
        return Message(CITIZEN)
    letter = tools.letters[fam[index]]
    if cut:
        return Message(CUT, card=name, cost=params.cut_cost)
    if not trick:
        unseen = agent._unseen(view)
        higher = any(unseen[j] for j in tools.fam_cards[fam[index]] if val[j] > val[index])
        return Message(LEAD_WINNER if not higher else LEAD, card=name, family=family_message(letter))
    if family < 0:                                      # after Citizens only: this card chooses
        return Message(CHOOSE, card=name, family=family_message(letter))
    hand = [tools.index[c] for c in view.hand() or ()]
    if fam[index] == family and _beats(tools, trick, family, index):
        winners = [c for c in hand if fam[c] == family and _beats(tools, trick, family, c)]
        return Message(TAKE_LOWEST if val[index] == min(val[c] for c in winners) and len(winners) > 1 else BEATS,
                       card=name)
    bonus = _bonus(params, tools, trick, index)
    if bonus is not None:
        kind, spec = bonus
        return Message(BONUS_HIGH if spec.highest else BONUS_LOW, card=name, family=family_message(letter, one=False),
                       bonus=BONUS_MESSAGES[kind])
    if fam[index] == family:
        lowest = val[index] == min(val[c] for c in hand if fam[c] == family)
        return Message(FOLLOW_LOW if lowest else FOLLOW, card=name, family=family_message(letter))
    return Message(DISCARD, card=name, family=family_message(tools.letters[family]))


def _beats(tools, trick, family: int, card: int) -> bool:
    """Would this card, played plainly, be the best of the trick so far?"""
    top = tools.best(trick, family)
    return tools.fam[card] == family and (top is None or (not top[0] and tools.val[card] > top[1]))


def _bonus(params, tools, trick, card: int):
    """("noble" | "knave", its BonusSpec) if this card is the bonus card of the trick so far."""
    for kind, spec in (("noble", params.noble), ("knave", params.knave)):
        if spec is None or tools.letters[tools.fam[card]] != spec.family:
            continue
        same = [tools.val[c] for _, c, _ in trick if tools.fam[c] == tools.fam[card]]
        v = tools.val[card]
        if not same or (v > max(same) if spec.highest else v < min(same)):
            return kind, spec
    return None
