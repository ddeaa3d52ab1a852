"""Revolución's moves: their notation, the typed facts the state plays from, and the descriptors
(`MoveInfo`) the table, the AI, the hints, the review and the replay read.

Why one module: the notation (rules/revolucion.yaml, NOTATION: `swap:T3`, `attack:2`,
`fight:T3+E2+sp1`, `AL:1`, `BX:3+DT`, `dig:E1`...) is written and read here only. Each legal move
carries its `Facts` as the payload (kind, card, target, extra cards, fight cards, tokens), so the state
applies a move without taking its text apart, and `describe` turns the facts into a `MoveInfo` with a
label in the family's words (`bomb.move.*` in assets/locale/<lang>.bomb.yaml), seats as `Seat`s that
the UI names.

Kinds (`MoveInfo.kind`, declared per phase in bomb.PHASES): `pass`, `keep`, `swap`, `play` (a card on
its own, or naming a seat: a massacre, an ally, a theft), `attack`, `send` (the bomb moves: a movement
card and its extras, or the turned-up Bomb Express), `dig` (discard a card and dig, or dig with an
empty hand), `fight` (a commitment: cards and support tokens).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..engine.message import Message, Seat
from ..engine.move import Move, MoveInfo
from .bomb_info import card_name


class Facts(NamedTuple):
    """What a Revolución move does, as the state applies it (the payload of every legal move)."""

    kind: str
    card: str = ""                       # the card played, swapped, discarded or moved with
    target: int | None = None            # the seat named in the text (`attack:2`, `OM:1`, `BX:3`)
    extras: tuple[str, ...] = ()         # cards sent with a bomb move (`+DT+EX`)
    cards: tuple[str, ...] = ()          # a fight's cards
    sp: int = 0                          # a fight's support tokens


PASS = Move("pass", Facts("pass"))
KEEP = Move("keep", Facts("keep"))


# ------------------------------------------------------------------------------------------ notation
_MOVES: dict[Facts, Move] = {}          # one Move per distinct move: made once, then looked up
_INFOS: dict[tuple[Facts, str], MoveInfo] = {}   # descriptors that depend on the phase only
_CACHED = 50_000                        # more distinct moves than any rules file makes: stop caching


def move(facts: Facts) -> Move:
    """The Move for `facts`, its text in the notation (the same Move object each time: the search makes
    the legal moves of every position of its play-outs)."""
    found = _MOVES.get(facts)
    if found is None:
        found = Move(text_of(facts), facts)
        if len(_MOVES) < _CACHED:
            _MOVES[facts] = found
    return found


def text_of(f: Facts) -> str:
    kind = f.kind
    if kind in ("pass", "keep"):
        return kind
    if kind == "swap":
        return f"swap:{f.card}"
    if kind == "attack":
        return f"attack:{f.target}"
    if kind == "fight":
        parts = list(f.cards) + ([f"sp{f.sp}"] if f.sp else [])
        return "fight:" + ("+".join(parts) if parts else "none")
    if kind == "dig":
        return f"dig:{f.card}" if f.card else "dig"
    head = f.card if f.target is None else f"{f.card}:{f.target}"
    return "+".join((head, *f.extras))


def commit_parts(text: str) -> tuple[list[str], int]:
    """The cards and support tokens of a fight move's text (`fight:T3+E1+sp1`, `fight:none`);
    ValueError if the tokens are not a number."""
    body = text.split(":", 1)[1]
    cards, sp = [], 0
    if body != "none":
        for part in body.split("+"):
            if part.startswith("sp"):
                sp = int(part[2:])
            else:
                cards.append(part)
    return cards, sp


def parse(text: str, phase: str, params: Any) -> Facts | None:
    """The facts of a move text read in `phase` (None if it is not in the notation): for a Move that
    arrived without its payload. The state never needs it: it plays its own canonical moves."""
    if text in ("pass", "keep"):
        return Facts(text)
    head, _, rest = text.partition(":")
    try:
        if head == "swap":
            return Facts("swap", rest)
        if head == "attack":
            return Facts("attack", target=int(rest))
        if head == "fight":
            cards, sp = commit_parts(text)
            return Facts("fight", cards=tuple(cards), sp=sp)
        if head == "dig" and phase == "turn":
            return Facts("dig", rest)
        parts = text.split("+")
        card, _, dest = parts[0].partition(":")
        target = int(dest) if dest else None
    except ValueError:
        return None
    if card not in params.cards:
        return None
    if phase == "dig" or (phase == "turn" and params.cards[card].type == "movement"):
        return Facts("send", card, target, tuple(parts[1:]))
    return Facts("play", card, target)


# ------------------------------------------------------------------------------------------ descriptors
def describe(rules, view, move: Move) -> MoveInfo:
    """The family hook (engine.move.describe): a legal move of `view.seat` in the position shown."""
    return _info(rules.params, view, move)


def describe_all(rules, view, moves: list[Move]) -> list[MoveInfo]:
    params = rules.params
    return [_info(params, view, m) for m in moves]


def _info(params, view, move: Move) -> MoveInfo:
    info = view.info
    phase = info.phase
    f = move.payload
    if f.__class__ is not Facts:
        f = parse(move.text, phase, params) or Facts("play")
    kind = f.kind
    if kind == "send" and f.target is None:         # Bomb Left / Right: who it reaches depends on the table
        target = params.receiver(view.seat, f.card, None, info.alive, view.players)
        return MoveInfo(move, "send", phase, (f.card, *f.extras), f.card, target, "", 0, _label)
    found = _INFOS.get((f, phase))
    if found is None:
        found = _fresh(f, phase, move)
        if len(_INFOS) < _CACHED:
            _INFOS[(f, phase)] = found
    return found if found.move is move else found._replace(move=move)


def _fresh(f: Facts, phase: str, move: Move) -> MoveInfo:
    """The descriptor of a move that depends on its facts and the phase only."""
    kind = f.kind
    if kind == "send":
        cards = () if phase == "dig" else (f.card, *f.extras)
        return MoveInfo(move, "send", phase, cards, f.card, f.target, "", 0, _label)
    if kind == "fight":
        return MoveInfo(move, "fight", phase, f.cards, "", None, "", f.sp, _label)
    if kind in ("swap", "dig", "play"):
        return MoveInfo(move, kind, phase, (f.card,) if f.card else (), f.card, f.target, "", 0, _label)
    return MoveInfo(move, kind, phase, (), "", f.target, "", 0, _label)


def _plus(items: list[Message]) -> Message:
    """Several names joined with " + " ("Soldier 3 + Equipment 2")."""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Message("bomb.move.plus", a=item, b=out)
    return out


def _label(i: MoveInfo) -> Message:
    """A move in the words its button uses at the table ("Bomb Express → Anna + Detonator")."""
    kind = i.kind
    if kind == "pass":
        return Message("bomb.move.pass")
    if kind == "keep":
        return Message("bomb.move.keep")
    if kind == "swap":
        return Message("bomb.move.swap", card=card_name(i.card))
    if kind == "attack":
        return Message("bomb.move.attack", name=Seat(i.target))
    if kind == "fight":
        if i.cards:
            label = Message("bomb.move.fight_with", cards=_plus([card_name(c) for c in i.cards]))
            return _plus([label, Message("bomb.move.sp", sp=i.amount)]) if i.amount else label
        return Message("bomb.move.fight_none_sp", sp=i.amount) if i.amount else Message("bomb.move.fight_none")
    if kind == "dig":
        return Message("bomb.move.dig", card=card_name(i.card)) if i.card else Message("bomb.move.dig_blind")
    if kind == "send":
        extras = i.cards[1:]
        if extras:
            return Message("bomb.move.send_extras", card=card_name(i.card), name=Seat(i.target),
                           extras=_plus([card_name(c) for c in extras]))
        return Message("bomb.move.send", card=card_name(i.card), name=Seat(i.target))
    if i.target is not None:
        if i.phase in ("tactic_a", "tactic_d"):
            return Message("bomb.move.ally", name=Seat(i.target))
        return Message("bomb.move.play_on", card=card_name(i.card), name=Seat(i.target))
    return Message("bomb.move.play", card=card_name(i.card))


#: every code a move label can use (the card names `bomb.card.<id>` besides)
CODES = tuple(f"bomb.move.{k}" for k in (
    "pass", "keep", "swap", "attack", "fight_with", "sp", "fight_none", "fight_none_sp", "dig", "dig_blind",
    "send", "send_extras", "ally", "play_on", "play", "plus"))
