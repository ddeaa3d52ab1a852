"""A move as the Review names it: the words the table uses for it, in the player's language.

Why: a finished game's moves are stored in their notation (each game module's header documents its
family's: "R3", "66JJJJ22", "cut:B7", "fight:T3+M5+sp2"), which is for files and tests, not for players.
Each family describes its moves (engine/move.py: `MoveInfo`, whose `label` is a Message in the family's
words: "Pair of 8s", "Blaggard 7 (cut)", "Bomb Express → Anna + Detonator"); the Review keeps the label
of each move as the game replays, and says it in the current language whenever it is drawn. No family is
named here: a new family's moves read as its descriptors say, and a family that describes none shows its
texts.

It draws nothing (the Review's tests call it without a window). Nothing here raises on a move that no
longer describes: it is shown as its text.
"""

from __future__ import annotations

import logging

from revolt_table.engine import GameState, Message
from revolt_table.records.replay_text import capitalized
from revolt_table.ui import i18n

log = logging.getLogger(__name__)


def move_label(state: GameState, seat: int, text: str) -> Message | None:
    """The label of the move `text` that `seat` is about to play in `state`; None if the game cannot
    describe it (the move is then shown as its text)."""
    try:
        return state.describe(seat, text).label
    except Exception:  # noqa: BLE001 - a custom game's unexpected move: its text, never a crash
        log.debug("review: move %r of seat %s not described", text, seat, exc_info=True)
        return None


def option_labels(state: GameState, seat: int) -> tuple[tuple[str, Message], ...]:
    """(text, label) of every legal move of `seat` in `state`: the options of an analysed decision."""
    try:
        return tuple((info.text, info.label) for info in state.describe_moves(seat))
    except Exception:  # noqa: BLE001 - as move_label
        log.debug("review: the moves of seat %s not described", seat, exc_info=True)
        return ()


def move_words(label: Message | None, text: str, names: list[str]) -> str:
    """A move as a player reads it: its label said with the seats' `names` (a capital first, as at the
    table and in the replay), else its text."""
    return capitalized(i18n.say(label, names)) if label is not None else text
