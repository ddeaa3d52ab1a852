"""Dou Dizhu hints with a reason: the normal AI's move and one line a player understands.

Why apart from the agent (revolt_table/ai/climbing_ai.py): the agent decides, this explains. The
explanation is read from the position and the move the agent chose, the way a teacher at the table
would put it: a bid from the hand's control cards, a lead that sheds low cards while the 2s and jokers
keep control, a pass because the partner is winning the trick, a bomb that takes the lead back. So the
reason never disagrees with the move, and the agent stays free of UI concerns.

`hint_with_reason(rules, view, legal_moves)` is what revolt_table/ai/hints.py calls (found through
the family's AI module, which re-exports it). Deterministic: the agent draws from a fixed seed.
Reasons are Messages `climbing.hint.*` (assets/locale/<lang>.hints.yaml); a combination is named by
its own Message (`climbing.combo.*`), so every language says "pair of 9s" its own way.
"""

from __future__ import annotations

import random

from ..engine.message import Message
from ..engine.move import Move, MoveInfo, describe, describe_all
from ..engine.state import View
from ..games import doudizhu_combos as dz
from ..games.climbing_moves import combination, combination_name

SEED = 0
HEAVY = (dz.BOMB, dz.ROCKET)
CLOSE = 2            # an opponent with this many cards or fewer may go out: the hint says so

#: every message code a Dou Dizhu hint can give (English in assets/locale/en.hints.yaml)
HINT_CODES: tuple[str, ...] = tuple("climbing.hint." + k for k in (
    "bid", "bid_weak", "no_bid", "out", "heavy_lead", "feed", "block", "lead", "lead_control",
    "partner", "cannot", "save", "beat", "beat_close", "bomb", "other"))


def controls(hand: tuple[str, ...]) -> int:
    """Cards that win tricks by themselves: the 2s, the jokers, and one per bomb."""
    ranks = [c[0] for c in hand]
    bombs = sum(1 for r in set(ranks) if ranks.count(r) == 4 and r not in "2BR")
    return sum(1 for r in ranks if r in "2BR") + bombs


def hint_with_reason(rules, view: View, legal_moves: list[Move]) -> tuple[Move, Message]:
    """The normal AI's move for `view` and why (see the module docstring)."""
    from .climbing_ai import ClimbingHeuristicAgent

    move = ClimbingHeuristicAgent(rules).choose(view, legal_moves, random.Random(SEED))
    info = view.info
    hand = tuple(view.hand() or ())
    chosen = describe(rules, view, move)
    if info.phase == "bidding":
        return move, bid_reason(chosen, hand, info)
    return move, play_reason(view, chosen, describe_all(rules, view, legal_moves), hand)


def bid_reason(move: MoveInfo, hand: tuple[str, ...], info) -> Message:
    n = controls(hand)
    if move.kind == "bid":
        code = "climbing.hint.bid" if n >= 2 else "climbing.hint.bid_weak"
        return Message(code, n=move.amount, controls=n)
    return Message("climbing.hint.no_bid")


def play_reason(view: View, move: MoveInfo, legal: list[MoveInfo], hand: tuple[str, ...]) -> Message:
    info = view.info
    seat, landlord, left = view.seat, info.landlord, info.cards_left
    enemies = [s for s in range(view.players) if s != seat and (seat == landlord or s == landlord)]
    partner = next((s for s in range(view.players) if s != seat and s not in enemies), None)
    closest = min(left[s] for s in enemies) if enemies else 99
    lead = info.lead
    if move.kind == "pass":
        to_beat = lead.describe
        if all(m.kind == "pass" for m in legal):
            return Message("climbing.hint.cannot", what=to_beat)
        if lead.owner == partner:
            return Message("climbing.hint.partner")
        return Message("climbing.hint.save", what=to_beat)
    combo = combination(move.cards)
    what = dz.describe(combo)
    if len(move.cards) == len(hand):
        return Message("climbing.hint.out", what=what)
    if combo.type in HEAVY:
        if lead.to_beat is None:
            return Message("climbing.hint.heavy_lead", what=what)
        return Message("climbing.hint.bomb", what=what, other=lead.describe)
    if lead.to_beat is None:
        if partner is not None and left[partner] <= CLOSE and combo.type in (dz.SINGLE, dz.PAIR):
            return Message("climbing.hint.feed", what=what)
        if closest <= CLOSE and combo.size == closest:
            return Message("climbing.hint.block", what=what)
        if any(c[0] in "2BR" for c in hand) and not any(c[0] in "2BR" for c in move.cards):
            return Message("climbing.hint.lead_control", what=what)
        return Message("climbing.hint.lead", what=what)
    if closest <= CLOSE or (lead.owner in enemies and left[lead.owner] <= CLOSE):
        return Message("climbing.hint.beat_close", what=what, other=lead.describe)
    return Message("climbing.hint.beat", what=what, other=lead.describe)


def other_reason(move: MoveInfo) -> Message:
    """Hint pressed again: another play the hand can make (the table cycles through them)."""
    return Message("climbing.hint.other", what=combination_name(move.cards))
