"""Arranged Revolución games for the tests (deal format: rules/revolucion.yaml, NOTATION).

`game(hands, ...)` starts at the bomb owner's turn (no climate draw, no exchange) with the given
hands, the deck's top cards, forced dice and tokens; anything the deal does not name is shuffled
under the given deck with a fixed seed.

Every seat that could answer a reaction is asked, whatever it holds (`reactions: everyone`, issue 29;
tests/test_revolucion_secrecy.py tests that). In these arranged games a seat asked with nothing to play
but `pass` says it at once, as the AIs and a player without the card do, so that each test reads as the
moves that matter: `game` returns a state whose `apply` does so after every move (and its events
include those passes).
"""

from __future__ import annotations

from revolt_table.engine import load_rules

RULES = load_rules("revolucion")


def game(hands, *, climate="revolution", first=0, deck=(), rules=RULES, **extra):
    deal = {"hands": [list(h) for h in hands], "first": first, "climate": climate, "start": "turn",
            "piles": {"deck": list(deck)}, **extra}
    return auto_passing(rules.new_game(len(hands), seed=5, deal=deal))


def only_pass(state) -> int | None:
    """The seat asked whose only move is `pass`, if the state waits on one."""
    if state.is_over or len(state.to_act) != 1:
        return None
    seat = state.to_act[0]
    return seat if [m.text for m in state.legal_moves(seat)] == ["pass"] else None


def auto_passing(state):
    """`state`, whose `apply` lets every seat asked with only `pass` to say pass after each move."""
    apply = state.apply

    def settle() -> list:
        events = []
        while (seat := only_pass(state)) is not None:
            events += apply(seat, "pass")
        return events

    def applying(seat, move):
        events = apply(seat, move)
        return events + settle()

    settle()
    state.apply = applying
    return state


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
