"""Errors the engine raises. Rules files never raise tracebacks at the user: they produce Diagnostics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem in a rules file, printed as `path:line:column: message` (1-based line and column)."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class RulesError(Exception):
    """A rules file is invalid. Carries every problem found, not just the first."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class IllegalMove(ValueError):
    """A seat tried a move that is not legal now (wrong seat, wrong moment, or a card it does not hold).

    The message is for engineers (logs, the CLI) and never echoes long input whole; `refusal`, when
    the engine could say why, is the same reason as data for the UI to translate.
    """

    def __init__(self, message: str, refusal: Any = None):
        super().__init__(message)
        self.refusal = refusal
