"""Errors the engine raises. Rules files never raise tracebacks at the user: they produce Diagnostics."""

from __future__ import annotations

from dataclasses import dataclass

from .message import shorten
from typing import Any

MAX_MESSAGE = 400          # characters of one diagnostic's message; a hostile file may echo megabytes


def quoted(value: object, limit: int = 40) -> str:
    """repr() of a value from a file or a command line, cut to `limit` characters."""
    return shorten(repr(value), limit)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in a rules file, printed as `path:line:column: message` (1-based line and column)."""

    path: str
    line: int
    column: int
    message: str

    def __post_init__(self) -> None:
        if len(self.message) > MAX_MESSAGE:
            object.__setattr__(self, "message", self.message[:MAX_MESSAGE] + "…")

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class RulesError(Exception):
    """A rules file is invalid. Carries every problem found, not just the first."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class UnknownGame(RulesError):
    """A game id names no bundled or user rules file. `known` lists the ids that exist."""

    def __init__(self, game: str, known: list[str]):
        self.game = game
        self.known = list(known)
        games = ", ".join(self.known) or "none"
        super().__init__([Diagnostic(shorten(game), 1, 1, f"no such game; the games are: {games}")])
        self.args = (f"unknown game {quoted(game)}; the games are: {games}",)

    def __str__(self) -> str:
        return self.args[0]


class IllegalMove(ValueError):
    """A seat tried a move that is not legal now (wrong seat, wrong moment, or a card it does not hold).

    The message is for engineers (logs, the CLI) and never echoes long input whole; `refusal`, when
    the engine could say why, is the same reason as data for the UI to translate.
    """

    def __init__(self, message: str, refusal: Any = None):
        super().__init__(message)
        self.refusal = refusal
