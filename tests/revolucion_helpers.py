"""Arranged Revolución games for the tests (deal format: rules/revolucion.yaml, NOTATION).

`game(hands, ...)` starts at the bomb owner's turn (no climate draw, no exchange) with the given
hands, the deck's top cards, forced dice and tokens; anything the deal does not name is shuffled
under the given deck with a fixed seed.
"""

from __future__ import annotations

from revolt_table.engine import load_rules

RULES = load_rules("revolucion")


def game(hands, *, climate="revolution", first=0, deck=(), rules=RULES, **extra):
    deal = {"hands": [list(h) for h in hands], "first": first, "climate": climate, "start": "turn",
            "piles": {"deck": list(deck)}, **extra}
    return rules.new_game(len(hands), seed=5, deal=deal)


def texts(state, seat=None) -> set[str]:
    """The texts of the legal moves of `seat` (default: the seat to act)."""
    seat = state.to_act[0] if seat is None else seat
    return {m.text for m in state.legal_moves(seat)}


def kinds(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def fight(state, attacker_move: str, defender_move: str, target: int = 1) -> list:
    """Declare an attack from the owner on `target`, commit both sides; the events of the defence."""
    owner = state.to_act[0]
    state.apply(owner, f"attack:{target}")
    state.apply(owner, attacker_move)
    return state.apply(target, defender_move)
