"""Helpers for RevoltaaA tests: play a fixed round from a `deal=` and collect its events; seeded positions
with a choice to make."""

from __future__ import annotations

import random

from revolt_table.engine import RoundResolved, load_rules


def play_round(cards: list[str], centre: str | None = None, variant: str | None = None, start_seat: int = 0,
               extra_pile: tuple[str, ...] = ()):
    """Deal one card to each seat (and `centre` on top of the pile), play them; return (state, events)."""
    rules = load_rules("revoltaaa", variant=variant)
    deal = {"hands": [[c] for c in cards]}
    if centre is not None:
        deal["piles"] = {"center": [centre, *extra_pile]}
    state = rules.new_game(len(cards), deal=deal, start_seat=start_seat)
    events = []
    while state.to_act and not state.is_over:
        seat = state.to_act[0]
        events += state.apply(seat, cards[seat])
    return state, events


def verdict(events) -> RoundResolved:
    resolved = [e for e in events if isinstance(e, RoundResolved)]
    assert len(resolved) == 1, resolved
    return resolved[0]


def positions(rules, players: int, seed: int, count: int, rotate: bool = False):
    """(state, seat) at random depths of seeded games played by random cards, the seat to decide
    having a choice; with a simultaneous reveal, some seats have already (secretly) chosen. rotate:
    game g starts at seat g mod players (else every game at seat 0)."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        state = rules.new_game(players, seed=seed * 97 + game, start_seat=game % players if rotate else 0)
        for _ in range(rng.randrange(0, 6 * players)):
            if state.is_over:
                break
            actor = state.to_act[rng.randrange(len(state.to_act))]
            moves = state.legal_moves(actor)
            state.apply(actor, moves[rng.randrange(len(moves))])
        if not state.is_over:
            seat = state.to_act[-1]
            if len(state.legal_moves(seat)) > 1:
                out.append((state, seat))
        game += 1
    return out
