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
from ..engine.move import Move
from ..engine.state import View
from ..games.bomb import parse_commit
from ..games.bomb_info import card_name

SEED = 0

#: every code a Revolución hint can give (English in assets/locale/en.hints.yaml)
CODES: tuple[str, ...] = tuple(f"bomb.hint.{k}" for k in (
    "keep", "swap", "disarm", "massacre", "climate_up", "climate_same", "climate_down", "attack",
    "send_boom", "send", "send_far", "dig", "dig_blind", "fort", "no_fort", "commit", "commit_none",
    "defend", "defend_none", "tactic", "ally", "doctor", "doctor_back", "bodyguard", "protect",
    "explosion", "explosion_none", "wrongwire", "irish", "pass", "who.left", "who.right", "who.other"))


def hint_with_reason(rules, view: View, legal_moves: list[Move]) -> tuple[Move, Message]:
    """The normal AI's move for `view` and why (see the module docstring)."""
    from .bomb_ai import BombHeuristicAgent

    agent = BombHeuristicAgent(rules)
    move = agent.choose(view, legal_moves, random.Random(SEED))
    return move, Reasons(agent, view).why(move)


class Reasons:
    """Says why the heuristic chose a move in one view."""

    def __init__(self, agent, view: View) -> None:
        self.agent, self.view, self.t = agent, view, agent.t
        self.info = view.info
        self.hand = list(view.hand() or ())

    def who(self, seat: int) -> Message:
        """A seat, from where the hinted player sits."""
        info, me = self.info, self.view.seat
        if seat == self.t.receiver(me, None, None, info.alive, self.view.players):
            return Message("bomb.hint.who.left")
        order = [(me - i) % self.view.players for i in range(1, self.view.players)]
        right = next((s for s in order if s in info.alive), None)
        return Message("bomb.hint.who.right" if seat == right else "bomb.hint.who.other")

    def why(self, move: Move) -> Message:
        phase = self.info.phase
        handler = getattr(self, "_" + phase, None) or getattr(self, "_" + phase.split("_")[0], None)
        answer = handler(move) if handler is not None else None
        if answer is not None:
            return answer
        return Message("bomb.hint.pass") if move.text == "pass" else Message("hints.generic")

    # ---------------------------------------------------------------- by step
    def _exchange(self, move: Move) -> Message:
        if move.text == "keep":
            return Message("bomb.hint.keep")
        return Message("bomb.hint.swap", card=card_name(move.text[5:]))

    def _turn(self, move: Move) -> Message | None:
        agent, text = self.agent, move.text
        head, _, rest = text.split("+")[0].partition(":")
        if head == "attack":
            return Message("bomb.hint.attack", who=self.who(int(rest)))
        if head == "dig":
            return Message("bomb.hint.dig", card=card_name(rest)) if rest else Message("bomb.hint.dig_blind")
        if head not in self.t.cards:
            return None
        card = card_name(head)
        if agent.has_kind(head, "turn", "disarm"):
            return Message("bomb.hint.disarm", card=card)
        if agent.has_kind(head, "turn", "kill_lieutenant"):
            return Message("bomb.hint.massacre", card=card, who=self.who(int(rest)))
        if agent.has_kind(head, "turn", "set_climate"):
            climate = agent.card(head).effect("turn", "set_climate").climate
            now, then = agent.attack_cap(self.info.climate), agent.attack_cap(climate)
            key = "climate_same" if then == now else ("climate_up" if then > now else "climate_down")
            return Message(f"bomb.hint.{key}", card=card)
        if agent.card(head).type == "movement":
            target, extras, explodes = agent._receiver(self.view, self.view.seat, text)
            if explodes:
                return Message("bomb.hint.send_boom", card=card, who=self.who(target))
            weakest = min(self.info.lieutenants[s] for s in self.info.alive if s != self.view.seat)
            key = "send" if self.info.lieutenants[target] == weakest else "send_far"
            return Message(f"bomb.hint.{key}", card=card, who=self.who(target))
        return None

    def _dig(self, move: Move) -> Message:
        head, _, rest = move.text.partition(":")
        return Message("bomb.hint.send", card=card_name(head), who=self.who(int(rest)))

    def _fort(self, move: Move) -> Message:
        return Message("bomb.hint.no_fort") if move.text == "pass" else Message("bomb.hint.fort",
                                                                                  card=card_name(move.text))

    def _commit(self, move: Move) -> Message:
        cards, sp = parse_commit(move.text)
        attacking = self.info.ctx.attacker == self.view.seat
        value = {c: self.agent.card(c).value for c in cards}
        total = sum(value.values()) + sp
        if not cards:
            return Message("bomb.hint.commit_none" if attacking else "bomb.hint.defend_none", sp=sp)
        lead = card_name(max(cards, key=lambda c: (value[c], c)))
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

    def _tactic(self, move: Move) -> Message | None:
        if move.text == "pass":
            return None
        head, _, rest = move.text.partition(":")
        if rest:
            return Message("bomb.hint.ally", card=card_name(head), who=self.who(int(rest)))
        return Message("bomb.hint.tactic", card=card_name(head))

    def _after(self, move: Move) -> Message | None:
        if move.text == "pass":
            return None
        if self.agent.card(move.text).effects("explosion"):
            return Message("bomb.hint.bodyguard", card=card_name(move.text))
        if self.info.phase == "after_a":                  # a losing attacker's Doctor takes the cards back
            return Message("bomb.hint.doctor_back", card=card_name(move.text))
        return Message("bomb.hint.doctor", card=card_name(move.text))

    def _massacre(self, move: Move) -> Message | None:
        return None if move.text == "pass" else Message("bomb.hint.protect", card=card_name(move.text))

    def _explosion(self, move: Move) -> Message:
        if move.text == "pass":
            return Message("bomb.hint.explosion_none")
        return Message("bomb.hint.explosion", card=card_name(move.text))

    def _wrongwire(self, move: Move) -> Message | None:
        return None if move.text == "pass" else Message("bomb.hint.wrongwire", card=card_name(move.text))

    def _irish(self, move: Move) -> Message | None:
        if move.text == "pass":
            return None
        head, _, rest = move.text.partition(":")
        return Message("bomb.hint.irish", card=card_name(head), who=self.who(int(rest)))
