"""A quick reference and statistics of its own for the test-only High Card family (tests/highcard.py),
in one module a Registration names as both `rulebook` and `records` (tests/test_family_hooks.py): a
family brings these through its registration, no generic module changed."""

from __future__ import annotations

from dataclasses import dataclass

from revolt_table.rulebook.quickref import Row, Section


def quick_reference(book, rules, t) -> list[Section]:
    """The rank order from the game's params, and the hand size."""
    p = rules.params
    return [Section("High Card", (Row(text=f"{p.hand} cards each"),), order=p.cards)]


@dataclass(frozen=True)
class TrickFacts:
    tricks: tuple[int, ...]          # tricks won per seat
    family = "highcard"


@dataclass(frozen=True)
class TrickStats:
    games: int
    tricks: int

    def heading(self, game: str) -> str:
        return f"{game}: tricks"

    def rows(self) -> list[tuple[str, str]]:
        return [("Tricks won", str(self.tricks))]


class Statistics:
    def facts(self, replayed) -> TrickFacts:
        won = [0] * replayed.entry.players
        for step in replayed.steps:
            for event in step.events:
                if event.kind == "TrickWon":
                    won[event.seat] += 1
        return TrickFacts(tuple(won))

    def to_json(self, facts: TrickFacts) -> dict:
        return {"tricks": list(facts.tricks)}

    def from_json(self, data, players: int) -> TrickFacts:
        tricks = tuple(data["tricks"])
        if len(tricks) != players or not all(v.__class__ is int and v >= 0 for v in tricks):
            raise ValueError("bad High Card facts")
        return TrickFacts(tricks)

    def summary(self, games) -> TrickStats:
        return TrickStats(len(games), sum(facts.tricks[seat] for facts, seat in games))


STATISTICS = Statistics()
