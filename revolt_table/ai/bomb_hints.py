"""Revolución hints: the normal AI's move for a seat (revolt_table/ai/hints.py asks this module through
bomb_ai's `hint_with_reason`) and one line a player understands: why this card, this target, now.

Why a module of its own: the heuristic (bomb_ai.py) ranks moves with scores no player should read; this
looks at the move it chose and says which of its reasons applies, in the family's words
(`bomb.hint.*` in assets/locale/<lang>.hints.yaml). Seats are named by where they sit from the
hinted player (your left neighbour, your right neighbour, across the table), since a hint, like every
agent, knows seats and not the names the table gives them. Deterministic: the AI draws from a fixed
seed, so pressing Hint twice gives the same advice.
"""

from __future__ import annotations

import random

from ..engine.message import Message
from ..engine.move import Move, MoveInfo, describe
from ..engine.state import View
from ..games.bomb import PHASES
from ..games.bomb_info import card_name

SEED = 0

#: every code a Revolución hint can give (English in assets/locale/en.hints.yaml)
CODES: tuple[str, ...] = tuple(f"bomb.hint.{k}" for k in (
    "keep", "swap", "disarm", "massacre", "climate_up", "climate_same", "climate_down", "attack",
    "send_boom", "send_boom_pair", "send_boom_timer", "send", "send_far", "dig", "dig_blind", "fort", "no_fort",
    "commit", "commit_none",
    "defend", "defend_none", "tactic", "ally", "doctor", "doctor_back", "bodyguard", "protect",
    "explosion", "explosion_none", "wrongwire", "irish", "pass", "who.left", "who.right", "who.only", "who.other"))


def hint_with_reason(rules, view: View, legal_moves: list[Move]) -> tuple[Move, Message]:
    """The normal AI's move for `view` and why (see the module docstring)."""
    from .bomb_ai import BombHeuristicAgent

    agent = BombHeuristicAgent(rules)
    move = agent.choose(view, legal_moves, random.Random(SEED))
    return move, Reasons(agent, view).why(describe(rules, view, move))


def card_names(cards) -> Message:
    """Cards named together ("Mercenary + Rifle"), in the words the move labels use (`bomb.move.plus`)."""
    out = card_name(cards[-1])
    for card in reversed(cards[:-1]):
        out = Message("bomb.move.plus", a=card_name(card), b=out)
    return out


class Reasons:
    """Says why the heuristic chose a move in one view."""

    def __init__(self, agent, view: View) -> None:
        self.agent, self.view, self.t = agent, view, agent.t
        self.info = view.info
        self.hand = list(view.hand() or ())

    def who(self, seat: int) -> Message:
        """A seat, from where the hinted player sits; the last other party left is neither neighbour
        but "your last opponent" (the left and right neighbour are then one seat: "your left neighbour
        with Bomb Right" read wrongly)."""
        info, me = self.info, self.view.seat
        if len([s for s in info.alive if s != me]) == 1:
            return Message("bomb.hint.who.only")
        if seat == self.t.receiver(me, None, None, info.alive, self.view.players):
            return Message("bomb.hint.who.left")
        order = [(me - i) % self.view.players for i in range(1, self.view.players)]
        right = next((s for s in order if s in info.alive), None)
        return Message("bomb.hint.who.right" if seat == right else "bomb.hint.who.other")

    def answers(self) -> dict:
        """The reason of each step of the game's phase table (games/bomb.py PHASES)."""
        return {"exchange": self._exchange, "irish": self._irish, "turn": self._turn, "massacre": self._massacre,
                "dig": self._dig, "fort": self._fort, "commit": self._commit, "tactic": self._tactic,
                "after": self._after, "explosion": self._explosion, "wrongwire": self._wrongwire}

    def why(self, move: MoveInfo) -> Message:
        answer = self.answers()[PHASES.step(self.info.phase)](move)
        if answer is not None:
            return answer
        return Message("bomb.hint.pass") if move.kind == "pass" else Message("hints.generic")

    # ---------------------------------------------------------------- by step
    def _exchange(self, move: MoveInfo) -> Message:
        if move.kind == "keep":
            return Message("bomb.hint.keep")
        return Message("bomb.hint.swap", card=card_name(move.card))

    def _turn(self, move: MoveInfo) -> Message | None:
        agent, kind = self.agent, move.kind
        if kind == "attack":
            return Message("bomb.hint.attack", who=self.who(move.target))
        if kind == "dig":
            return Message("bomb.hint.dig", card=card_name(move.card)) if move.card else Message("bomb.hint.dig_blind")
        if kind == "send":
            card = card_name(move.card)
            if agent.explodes(self.view, move):
                return self._boom(move)
            weakest = min(self.info.lieutenants[s] for s in self.info.alive if s != self.view.seat)
            key = "send" if self.info.lieutenants[move.target] == weakest else "send_far"
            return Message(f"bomb.hint.{key}", card=card, who=self.who(move.target))
        if kind != "play":
            return None
        head, card = move.card, card_name(move.card)
        if agent.has_kind(head, "turn", "disarm"):
            return Message("bomb.hint.disarm", card=card)
        if agent.has_kind(head, "turn", "kill_lieutenant"):
            return Message("bomb.hint.massacre", card=card, who=self.who(move.target))
        if agent.has_kind(head, "turn", "set_climate"):
            climate = agent.card(head).effect("turn", "set_climate").climate
            now, then = agent.attack_cap(self.info.climate), agent.attack_cap(climate)
            key = "climate_same" if then == now else ("climate_up" if then > now else "climate_down")
            return Message(f"bomb.hint.{key}", card=card)
        return None

    def _boom(self, move: MoveInfo) -> Message:
        """A bomb move that explodes where it arrives, naming every card it sends: the extras' reason is
        the reason of the move (Detonator with Explosion blow it up; extras push the timer to its end)."""
        card, who, extras = card_name(move.card), self.who(move.target), move.cards[1:]
        if not extras:
            return Message("bomb.hint.send_boom", card=card, who=who)
        _steps, pair = self.t.bomb_steps(extras)
        return Message("bomb.hint.send_boom_pair" if pair else "bomb.hint.send_boom_timer", card=card, who=who,
                       extras=card_names(extras))

    def _dig(self, move: MoveInfo) -> Message:
        return Message("bomb.hint.send", card=card_name(move.card), who=self.who(move.target))

    def _fort(self, move: MoveInfo) -> Message:
        if move.kind == "pass":
            return Message("bomb.hint.no_fort")
        return Message("bomb.hint.fort", card=card_name(move.card))

    def _commit(self, move: MoveInfo) -> Message:
        cards, sp = move.cards, move.amount
        attacking = self.info.ctx.attacker == self.view.seat
        value = {c: self.agent.card(c).value for c in cards}
        total = sum(value.values()) + sp
        if not cards:
            return Message("bomb.hint.commit_none" if attacking else "bomb.hint.defend_none", sp=sp)
        lead = card_names(sorted(cards, key=lambda c: (-value[c], c)))     # the strongest first, every card named
        if attacking:
            return Message("bomb.hint.commit", card=lead, total=total)
        return Message("bomb.hint.defend", card=lead, total=total, pct=self.defence_odds(total))

    def defence_odds(self, total: int) -> int:
        """The defender's chance, in per cent, to win with `total` against the attacker's committed
        cards and tokens (two dice; ties as the rules say)."""
        t, ctx = self.t, self.info.ctx
        attack = sum(t.cards[c].value for c in self.view.zones[f"fight:{ctx.attacker}"].cards or ()) + ctx.sp[0]
        mine = total + t.defender_bonus
        ties = t.tie == "defender"
        wins = sum(1 for a in range(1, t.die + 1) for d in range(1, t.die + 1)
                   if d + mine > a + attack or (ties and d + mine == a + attack))
        return round(100 * wins / t.die ** 2)

    def _tactic(self, move: MoveInfo) -> Message | None:
        if move.kind == "pass":
            return None
        if move.target is not None:
            return Message("bomb.hint.ally", card=card_name(move.card), who=self.who(move.target))
        return Message("bomb.hint.tactic", card=card_name(move.card))

    def _after(self, move: MoveInfo) -> Message | None:
        if move.kind == "pass":
            return None
        if self.agent.card(move.card).effects("explosion"):
            return Message("bomb.hint.bodyguard", card=card_name(move.card))
        if self.info.phase == "after_a":                  # a losing attacker's Doctor takes the cards back
            return Message("bomb.hint.doctor_back", card=card_name(move.card))
        return Message("bomb.hint.doctor", card=card_name(move.card))

    def _massacre(self, move: MoveInfo) -> Message | None:
        return None if move.kind == "pass" else Message("bomb.hint.protect", card=card_name(move.card))

    def _explosion(self, move: MoveInfo) -> Message:
        if move.kind == "pass":
            return Message("bomb.hint.explosion_none")
        return Message("bomb.hint.explosion", card=card_name(move.card))

    def _wrongwire(self, move: MoveInfo) -> Message | None:
        return None if move.kind == "pass" else Message("bomb.hint.wrongwire", card=card_name(move.card))

    def _irish(self, move: MoveInfo) -> Message | None:
        if move.kind == "pass":
            return None
        return Message("bomb.hint.irish", card=card_name(move.card), who=self.who(move.target))
