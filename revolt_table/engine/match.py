"""A match: several games in a row with running totals, the starting seat rotating each game.

The rulebooks recommend playing several games and adding up the points; by default a match has as
many games as players so that every seat starts once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Rules
from .state import GameState


@dataclass
class Match:
    rules: Rules
    players: int
    games: int = 0            # 0: as many games as players
    seed: int = 0
    results: list[tuple[int, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.games <= 0:
            self.games = self.players

    @property
    def game_index(self) -> int:
        return len(self.results)

    @property
    def is_over(self) -> bool:
        return len(self.results) >= self.games

    def new_game(self) -> GameState:
        """The next game: its own seed derived from the match seed, the start seat rotated."""
        index = self.game_index
        return self.rules.new_game(self.players, seed=self.seed * 1000 + index,
                                   start_seat=index % self.players)

    def finish_game(self, state: GameState) -> None:
        if not state.is_over:
            raise ValueError("the game is not over yet")
        self.results.append(tuple(state.scores))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[i] for r in self.results) for i in range(self.players))

    def leaders(self) -> list[int]:
        totals = self.totals
        best = max(totals) if totals else 0
        return [i for i, t in enumerate(totals) if t == best]
