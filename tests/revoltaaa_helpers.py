"""Helpers for RevoltaaA tests: play a fixed round from a `deal=` and collect its events."""

from __future__ import annotations

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
