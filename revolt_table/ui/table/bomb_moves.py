"""What a Revolución move means for the hand under the mouse: the cards it uses, its target seat and a
label a player understands ("Bomb Express → Anna + Detonator").

Why apart from the table: the input mapping (select cards, then a button or a seat) and the move list
both work on these facts, and they are plain logic that tests can check without a window.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from revolt_table.engine import Move
from revolt_table.ui import i18n


def _t(key: str, **fmt) -> str:
    return i18n.t(key, **fmt)


@dataclass(frozen=True)
class MoveInfo:
    move: Move
    kind: str                 # keep swap attack fight tactic react target_card play send dig pass
    cards: tuple[str, ...]    # hand cards the move uses (a multiset, as ids)
    target: int | None        # a seat the move names
    sp: int = 0               # support tokens (fight)
    label: str = ""

    @property
    def counter(self) -> Counter:
        return Counter(self.cards)


def describe(move: Move, phase: str, names: list[str], card_name, dig_card: str = "") -> MoveInfo:
    """Parse one legal move text of the bomb family (see rules/revolucion.yaml, NOTATION)."""
    text = move.text

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    if text == "pass":
        return MoveInfo(move, "pass", (), None, label=_t("bomb.move.pass"))
    if text == "keep":
        return MoveInfo(move, "keep", (), None, label=_t("bomb.move.keep"))
    head, _, rest = text.partition(":")
    if head == "swap":
        return MoveInfo(move, "swap", (rest,), None, label=_t("bomb.move.swap", card=card_name(rest)))
    if head == "attack":
        seat = int(rest)
        return MoveInfo(move, "attack", (), seat, label=_t("bomb.move.attack", name=name(seat)))
    if head == "fight":
        used, sp = [], 0
        if rest != "none":
            for part in rest.split("+"):
                if part.startswith("sp"):
                    sp = int(part[2:])
                else:
                    used.append(part)
        if used:
            label = _t("bomb.move.fight_with", cards=" + ".join(card_name(c) for c in used))
            if sp:
                label += " + " + _t("bomb.move.sp", sp=sp)
        else:
            label = _t("bomb.move.fight_none_sp", sp=sp) if sp else _t("bomb.move.fight_none")
        return MoveInfo(move, "fight", tuple(used), None, sp, label)
    if head == "dig":
        if phase == "dig":
            pass
        elif rest:
            return MoveInfo(move, "dig", (rest,), None, label=_t("bomb.move.dig", card=card_name(rest)))
        else:
            return MoveInfo(move, "dig", (), None, label=_t("bomb.move.dig_blind"))
    parts = text.split("+")
    first, _, dest = parts[0].partition(":")
    extras = tuple(parts[1:])
    target = int(dest) if dest else None
    if phase == "dig":          # the turned-up Bomb Express (not from the hand)
        return MoveInfo(move, "send", (), target, label=_t("bomb.move.send", card=card_name(first), name=name(target)))
    if first in ("BL", "BR", "BX") or phase == "turn" and extras:
        label = card_name(first)
        if target is not None:
            label = _t("bomb.move.send", card=label, name=name(target))
        if extras:
            label += " + " + " + ".join(card_name(e) for e in extras)
        return MoveInfo(move, "send", (first,) + extras, target, label=label)
    if phase in ("tactic_a", "tactic_d") and target is not None:
        return MoveInfo(move, "tactic", (first,), target, label=_t("bomb.move.ally", name=name(target)))
    if target is not None:
        return MoveInfo(move, "target_card", (first,), target,
                        label=_t("bomb.move.play_on", card=card_name(first), name=name(target)))
    return MoveInfo(move, "play", (first,), None, label=_t("bomb.move.play", card=card_name(first)))


def infos(moves: list[Move], phase: str, names: list[str], card_name) -> list[MoveInfo]:
    return [describe(m, phase, names, card_name) for m in moves]


def matching(all_infos: list[MoveInfo], selected: list[str]) -> list[MoveInfo]:
    """Moves that use exactly the selected cards (the buttons to show for this selection)."""
    want = Counter(selected)
    return [i for i in all_infos if i.counter == want]


def extendable(all_infos: list[MoveInfo], selected: list[str]) -> list[MoveInfo]:
    """Moves that use at least the selected cards (is the selection on the way to a legal move?)."""
    want = Counter(selected)
    return [i for i in all_infos if not (want - i.counter)]
