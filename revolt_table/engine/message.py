"""Player-facing sentences as data: a code the UI translates, and its arguments.

Why: the engine and the games decide *what* to say (you must follow Nobles; the centre card breaks
the tie), never *how* to say it in a language. A `Message` carries a code, which is the dotted key of
the sentence in the translation files (`tricks.refusal.must_follow`), and named arguments. The UI
turns it into text (`revolt_table.ui.i18n.say`), in the player's language, with every placeholder
filled in. An argument may itself be a Message (a card family's name, a reason inside a verdict);
it is translated first. Other arguments are plain ints and strings (counts, seat numbers, card ids), or a
`Seat`, which the UI replaces by that seat's name.

Messages are immutable and hashable, so they can sit in events, views and caches safely. `str()`
gives an engineer's rendering (the code and its arguments) for logs and test failures, never a
sentence for players.

Codes are namespaced: `engine.*` for the engine's own, `<family>.*` for a family's. Every code a
family can produce is listed in its module (`CODES`) so a test can check that every shipped language
has a sentence for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True, init=False)
class Message:
    """A sentence for players, as a translation key (`code`) and named arguments."""

    code: str
    params: tuple[tuple[str, Any], ...]

    def __init__(self, code: str, /, **args: Any) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "params", tuple(sorted(args.items())))

    @property
    def args(self) -> dict[str, Any]:
        """The arguments as a fresh dict (the message itself stays immutable)."""
        return dict(self.params)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.params)
        return f"{self.code}({inner})" if inner else self.code


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat named in a Message (`Message("bomb.move.attack", name=Seat(2))`): the engine knows seats
    by number, the UI says the name its table gives that seat (`i18n.say(message, names)`), so the
    same label reads "Attack Anna" at the table and "Attack you" to the player attacked."""

    number: int


@dataclass(frozen=True, slots=True, init=False)
class Refusal(Message):
    """Why a move may not be played now: `state.refusal(seat, move)` returns one, or None if legal."""


# The engine's own codes (a family's refusals are more specific and come first).
NOT_YOUR_TURN = "engine.refusal.not_your_turn"
GAME_OVER = "engine.refusal.game_over"
NOT_LEGAL = "engine.refusal.not_legal"
NO_SUCH_SEAT = "engine.refusal.no_such_seat"    # a caller's mistake (a bool, a float, seat 7 of 4)
NOT_A_MOVE = "engine.refusal.not_a_move"        # neither a Move nor its text (None, a number...)
CODES = (NOT_YOUR_TURN, GAME_OVER, NOT_LEGAL, NO_SUCH_SEAT, NOT_A_MOVE)

SHORT = 40


def shorten(value: Any, limit: int = SHORT) -> str:
    """`value` as short text for a message: a string as itself, anything else as its repr, cut to
    `limit` characters with the full length said. Why: input may be hostile (a 1 MB move text) and
    must never be echoed whole into a log, a terminal or a sentence on screen."""
    text = value if isinstance(value, str) else _safe_repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def _safe_repr(value: Any) -> str:
    try:
        return repr(value)
    except Exception:  # noqa: BLE001 - a hostile object's __repr__ must not break an error message
        return f"<{type(value).__name__}>"
