"""A move as the Review names it: the words the table uses for it, in the player's language.

Why: a finished game's moves are stored in their documented notation (DESIGN.md: "R3", "66JJJJ22",
"cut:B7", "fight:T3+M5+sp2"), which is for files and tests, not for players. Each family's table
already names its moves ("Pair of 8s", "Blaggard 7 (cut)", "Bomb Express → Anna + Detonator"); this
module reuses those names (the same Messages and locale keys) so a move reads the same at the table
and in its Review, and says them in the current language whenever it is drawn.

It draws nothing (the Review's tests call it without a window). `move_words` never raises: a move it
cannot name is shown as its text.
"""

from __future__ import annotations

from revolt_table.engine import Message, Move, Rules
from revolt_table.ui import i18n


def phase_of(info) -> str:
    """What a move's name may depend on, from the game's public info before it: the phase (Revolución
    sends the turned-up Bomb Express while digging; Dou Dizhu's "pass" is "No bid" while bidding)."""
    return str(getattr(info, "phase", "") or "")


def move_phase(state) -> str:
    """phase_of the game `state` before a move."""
    return phase_of(state.view(None).info)


def move_words(rules: Rules, text: str, phase: str, names: list[str]) -> str:
    """The move `text` (played in `phase`) as a player reads it; `names` are the seats' names."""
    namer = _NAMERS.get(rules.family.name)
    try:
        words = namer(rules, text, phase, names) if namer is not None else None
    except Exception:  # noqa: BLE001 - a custom game's unexpected move: its text, never a crash
        words = None
    return words or text


def _majority(rules: Rules, text: str, phase: str, names: list[str]) -> str | None:
    from revolt_table.ai.majority_ai import _colour_name, _colour_value
    letter, value = _colour_value(text)
    return i18n.say(Message("majority.hint.card", colour=_colour_name(rules, letter), value=value))


def _climbing(rules: Rules, text: str, phase: str, names: list[str]) -> str | None:
    from revolt_table.ui.table.climbing_select import describe
    if text == "pass":
        return i18n.t("climbing.button.bid_pass" if phase == "bidding" else "climbing.button.pass")
    if text.startswith("bid") and text[3:].isdigit():
        return i18n.t("climbing.button.bid", n=int(text[3:]))
    combo = describe(text)
    return i18n.say(combo) if combo is not None else None


def _tricks(rules: Rules, text: str, phase: str, names: list[str]) -> str | None:
    from revolt_table.games.tricks_records import card_message
    head, _, rest = text.partition(":")
    if head == "take" and rest.isdigit():
        seat = int(rest)
        return i18n.t("history.review.take_coin", name=names[seat] if seat < len(names) else rest)
    if head == "cut":
        return i18n.t("tricks.card_cut", card=i18n.say(card_message(rules.params, rest)))
    return i18n.say(card_message(rules.params, text))


def _bomb(rules: Rules, text: str, phase: str, names: list[str]) -> str | None:
    from revolt_table.games.bomb_info import card_name
    from revolt_table.ui.table.bomb_moves import describe
    return describe(Move(text), phase, names, lambda card: i18n.say(card_name(card))).label


_NAMERS = {"majority": _majority, "climbing": _climbing, "tricks": _tricks, "bomb": _bomb}
