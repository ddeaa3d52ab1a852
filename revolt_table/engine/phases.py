"""A family's declared phase table: the steps of its game, the kinds of move each offers, and which
decision the AI and the hints answer in it.

Why declared: a game is a small phase machine (bid then play; exchange, turn, fight, reactions...).
Written as method names looked up by string (`getattr(self, "_moves_" + phase)`), the phases were
mirrored by hand in the family's AI and hints, and nothing said when one forgot a phase. As data, the
state dispatches through the table, the AI and the hints key their answers by its `step`s (a test
checks each answers every step), and every descriptor a family publishes (`MoveInfo.phase`,
`MoveInfo.kind`) is checked against it (tests/test_family_conformance.py).

A family subclasses `Phase` for what only it needs (Revolución: the card occasion that makes a seat
answer a reaction, the state's move generator and applier).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """One phase: its id (the family's `info.phase`), the `step` its deciders answer (phases that ask
    the same question share one: a fight's commitment by the attacker and by the defender), and the
    kinds of move it offers (`MoveInfo.kind`)."""

    name: str
    step: str
    kinds: tuple[str, ...]


class PhaseTable(Mapping[str, Phase]):
    """The phases of a family by id, in the order a game meets them (read-only)."""

    def __init__(self, *phases: Phase) -> None:
        self._phases = {p.name: p for p in phases}
        if len(self._phases) != len(phases):
            raise ValueError("phase table: two phases share an id")

    def __getitem__(self, name: str) -> Phase:
        return self._phases[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._phases)

    def __len__(self) -> int:
        return len(self._phases)

    @property
    def steps(self) -> tuple[str, ...]:
        """Every step once, in table order: what a family's AI and hints must each answer."""
        return tuple(dict.fromkeys(p.step for p in self._phases.values()))

    def step(self, phase: str) -> str:
        """The step of phase `phase`."""
        return self._phases[phase].step
