"""Revolución heuristics: attack the leader when favoured, keep protection for the explosion, pass the
bomb to the weakest neighbour, and aim explosions at parties close to elimination.

The agent reads only the view (its hand, the public tokens, the phase) and the rules' compiled
parameters (`rules.params`), and ranks the legal moves with a few hand-written scores; card roles
come from the rules file's effect kinds, not from card ids, so
a rules variant that renames or re-counts cards still gets sensible play. A defender, who sees the
attack before answering, weighs its exact odds (two dice) against the cards a lost fight costs.
The tunable numbers are class attributes, checked by self-play duels (benchmarks/revolucion_balance.py).

`make_hard` builds `BombSearchAgent` (bomb_search.py): the shared determinized search over a shortlist
of moves, with this heuristic playing every seat in the play-outs.
"""

from __future__ import annotations

import functools
import random

from ..engine.move import Move, MoveInfo, describe_all
from ..engine.state import View
from ..games.bomb import PHASES
from .base import HeuristicAgent

DIE_MEAN = 3.5


class BombHeuristicAgent(HeuristicAgent):
    name = "ai:normal"
    # expected total margin (cards + die + support) over the target's likely defence needed to attack;
    # the defence guess is cautious, so a negative margin still means favoured (issue 12's rules: -2
    # kept attackers at 54-62 % of fights; attacking the leader, -1 keeps them at 52-57 %, issue 29;
    # the deviation "always attack" checks it is not too timid)
    attack_margin = -1.0
    # explosion answers, best first: hurt the sender, then the single-use cards, keep Fort and
    # Bodyguard (also good against attacks) and Cut The Wires (a Wrong Wire makes it fail) for last
    explosion_order = ("return_to_sender", "delay", "protect", "disarm")
    # worth of one support token spent in a fight (a token kept costs 0.9): tokens do nothing else
    # but fight, so a defender spends them to keep a lieutenant; an attacker keeps them for that
    attack_sp_worth = 0.6
    defend_sp_worth = 0.8
    last_lieutenant_sp_worth = 1.5
    # a lieutenant, in card keep-values, for a defender deciding what to throw into a fight
    lieutenant_worth = 8.0
    smart_defence = True
    # whom to attack among the seats it is favoured against: the leader (most lieutenants), the easiest
    # of the leaders to beat. While every ai:normal attacked the weakest, one seat that attacked the
    # strongest instead won 1.31x the fair share at 5 players (issue 29's search): knocking the leader
    # down keeps the table level, and piling onto the weakest handed the game to whoever stayed out
    attack_target = "leader"      # or "strongest", "weakest" (benchmarks/revolucion_policies.py)

    def __init__(self, rules, noise: float = 0.0):
        self.rules = rules
        self.t = rules.params
        self.noise = noise

    # --- helpers ------------------------------------------------------------------------------------
    def card(self, cid: str):
        return self.t.cards[cid]

    def has_kind(self, cid: str, occasion: str, kind: str | None = None) -> bool:
        effects = self.card(cid).effects(occasion)
        return bool(effects) and (kind is None or any(e.kind == kind for e in effects))

    def keep_value(self, cid: str, hand: list[str]) -> float:
        """How much a card is worth keeping in hand (for exchanges and digging)."""
        c = self.card(cid)
        same = hand.count(cid)
        if c.type == "movement":
            # cards turned up while digging are drawn (rules `dig: draw`): without bomb cards a turn
            # digs and draws ~3 cards, so they are the first to go in the exchange (issue 29's search)
            if self.t.dig_draws:
                return 0.3
            movers = sum(1 for h in hand if self.card(h).type == "movement")
            return 3.0 if movers <= 2 else 0.8
        if c.effects("explosion"):
            return 4.0 if same <= 1 else 2.5
        if c.fighter:
            return 0.8 * c.value
        if c.type in ("equipment", "support"):   # only worth keeping next to a fighter
            has_fighter = any(self.card(h).fighter for h in hand)
            return (1.0 + 0.5 * c.value) if has_fighter else 0.5 * c.value
        if self.has_kind(cid, "turn", "kill_lieutenant"):
            return 4.0
        if c.effects("against_disarm"):
            return 2.0
        if c.effects("after_fight_defender") or c.effects("attacked"):
            return 2.0
        if c.effects("tactic") or c.effects("interrupt"):
            return 1.6
        if c.effects("bomb_extra"):
            return 2.0
        return 1.6

    def fight_strength(self, hand: list[str]) -> float:
        fighters = [self.card(c).value for c in hand if self.card(c).fighter]
        if not fighters:
            return 0.0
        eq = max([self.card(c).value for c in hand if self.card(c).type == "equipment"] or [0])
        su = max([self.card(c).value for c in hand if self.card(c).type == "support"] or [0])
        return max(fighters) + eq + su

    # --- choice -------------------------------------------------------------------------------------
    def answers(self) -> dict:
        """The handler of each step of the game's phase table (games/bomb.py PHASES): it gets the view
        and the legal moves described (`MoveInfo`), and returns one of those moves or None."""
        return {"exchange": self._exchange, "irish": self._irish, "turn": self._turn, "massacre": self._massacre,
                "dig": self._dig, "fort": self._fort, "commit": self._commit, "tactic": self._tactic,
                "after": self._after, "explosion": self._explosion, "wrongwire": self._wrongwire}

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        handler = self.answers()[PHASES.step(view.info.phase)]
        move = handler(view, describe_all(self.rules, view, legal_moves), rng)
        return move if move is not None else legal_moves[0]

    @staticmethod
    def distance(view: View, s: int) -> int:
        """Clockwise distance from this seat: ties go to the nearest neighbour, never to a fixed seat."""
        return (s - view.seat) % view.players

    def weakest(self, view: View, seats) -> int:
        info = view.info
        return min(seats, key=lambda s: (info.lieutenants[s], view.zones[f"hand:{s}"].count,
                                         -info.support[s], self.distance(view, s)))

    def victim(self, view: View, seats) -> int:
        """The seat to attack among `seats` (`attack_target`)."""
        if self.attack_target == "leader":
            return self.leader(view, seats)
        return self.strongest(view, seats) if self.attack_target == "strongest" else self.weakest(view, seats)

    def favoured(self, view: View, target: int, strength: float, margin: float) -> bool:
        """Is an attack on `target` favoured: expected total (cards + die + a token) over its likely
        defence (a cautious guess from its hand size and tokens) at least `margin`?"""
        info = view.info
        defence = DIE_MEAN + (3.5 if view.zones[f"hand:{target}"].count >= 4 else 1.5)
        defence += min(info.support[target], 1) + self.t.defender_bonus
        return strength + DIE_MEAN + min(info.support[view.seat], 1) - defence >= margin

    def attack_target_of(self, view: View, seats, strength: float, pick=None) -> int | None:
        """Whom to attack, or None: among the seats it is favoured against, the `victim` (or `pick`'s)."""
        seats = [s for s in seats if self.favoured(view, s, strength, self.attack_margin)]
        return (pick or self.victim)(view, seats) if seats else None

    def leader(self, view: View, seats) -> int:
        """The seat with most lieutenants, among those the one easiest to beat (fewest tokens, then cards)."""
        info = view.info
        return max(seats, key=lambda s: (info.lieutenants[s], -info.support[s], -view.zones[f"hand:{s}"].count,
                                         -self.distance(view, s)))

    def strongest(self, view: View, seats) -> int:
        info = view.info
        return max(seats, key=lambda s: (info.lieutenants[s], info.support[s],
                                         view.zones[f"hand:{s}"].count, -self.distance(view, s)))

    @staticmethod
    def aimed_at(infos: list[MoveInfo], seat: int) -> Move:
        """The move among `infos` that names `seat`."""
        return next(i.move for i in infos if i.target == seat)

    @staticmethod
    def first(infos: list[MoveInfo], kind: str) -> Move | None:
        return next((i.move for i in infos if i.kind == kind), None)

    # --- steps ----------------------------------------------------------------------------------------
    def _exchange(self, view, infos, rng):
        hand = list(view.hand())
        keep = self.first(infos, "keep")
        if view.info.ctx.swaps >= (8 if self.t.dig_draws else 3):
            return keep
        options = [(self.keep_value(i.card, hand), i) for i in infos if i.kind == "swap"]
        value, info = min(options, key=lambda x: (x[0], x[1].text))
        return info.move if value < 1.5 else keep

    def _irish(self, view, infos, rng):
        plays = [i for i in infos if i.kind == "play"]
        if not plays:
            return self.first(infos, "pass")
        target = self.strongest(view, [i.target for i in plays])
        card = plays[0].card
        return next(i.move for i in plays if i.card == card and i.target == target)

    def _turn(self, view, infos, rng):
        info = view.info
        hand = list(view.hand())
        plays = [i for i in infos if i.kind == "play"]
        # 1. disarm when allowed: +support and the next round's lead
        for i in plays:
            if self.has_kind(i.card, "turn", "disarm"):
                return i.move
        # 2. massacre the party closest to elimination
        kills = [i for i in plays if i.target is not None and self.has_kind(i.card, "turn", "kill_lieutenant")]
        if kills:
            return self.aimed_at(kills, self.weakest(view, [i.target for i in kills]))
        # 3. climate cards: open a revolution when strong, call democracy when weak
        strength = self.fight_strength(hand)
        for i in plays:
            if i.target is None and self.has_kind(i.card, "turn", "set_climate"):
                climate = self.card(i.card).effect("turn", "set_climate").climate
                attacks_now = self.attack_cap(info.climate)
                attacks_then = self.attack_cap(climate)
                if climate == info.climate or (attacks_then > attacks_now and strength >= 5) \
                        or (attacks_then < attacks_now and strength < 4):
                    return i.move   # a favourable change, or a free card in the same climate
        # 4. attack when favoured
        attacks = [i for i in infos if i.kind == "attack"]
        if attacks and strength:
            target = self.attack_target_of(view, [i.target for i in attacks], strength)
            if target is not None:
                return self.aimed_at(attacks, target)
        # 5. move the bomb
        return self._move_bomb(view, infos, hand)

    def attack_cap(self, climate: str) -> int:
        attacks = self.t.climates[climate].attacks
        return 99 if attacks is None else attacks

    def explodes(self, view, send: MoveInfo) -> bool:
        """Does this bomb move (`send`) make the bomb explode where it arrives?"""
        steps, explode = self.t.bomb_steps(send.cards[1:])
        return explode or view.info.timer - steps <= 0

    def _move_bomb(self, view, infos, hand):
        info = view.info
        digs = [i for i in infos if i.kind == "dig"]
        if digs:
            if len(digs) == 1:
                return digs[0].move
            return min(digs, key=lambda i: (self.keep_value(i.card, hand), i.text)).move
        best, best_score = None, float("-inf")
        for i in infos:
            if i.kind != "send":
                continue
            n_extras = len(i.cards) - 1
            lts = info.lieutenants[i.target]
            if self.explodes(view, i):
                score = 10 - 2 * lts - 0.3 * n_extras
            else:
                score = -0.5 * lts - 1.0 * n_extras
                left_after = info.timer - 1 - n_extras
                if left_after == 1:
                    score -= 1.5   # the receiver will look for a victim next: maybe us
            score -= 0.2 * (self.t.direction(i.card) == "any")
            if score > best_score:
                best, best_score = i.move, score
        return best

    def _dig(self, view, infos, rng):
        return self.aimed_at(infos, self.weakest(view, [i.target for i in infos]))

    def _fort(self, view, infos, rng):
        hand = list(view.hand())
        lts = view.info.lieutenants[view.seat]
        forts = [i.move for i in infos if i.kind == "play"]
        if not forts:                   # asked without a Fort (every target is asked): no
            return self.first(infos, "pass")
        n_protect = sum(1 for c in hand if self.card(c).effects("explosion"))
        if lts == 1 or self.fight_strength(hand) < 3 or n_protect >= 3:
            return forts[0]
        return self.first(infos, "pass")

    def _commit(self, view, infos, rng):
        info, seat = view.info, view.seat
        ctx = info.ctx
        attacking = ctx.attacker == seat
        if not attacking and self.smart_defence:
            return self._defend(view, infos)
        lts = info.lieutenants[seat]
        best, best_score = None, float("-inf")
        for i in infos:
            cards, sp = i.cards, i.amount
            value = sum(self.card(c).value for c in cards)
            cost = sum(0.6 for c in cards if self.card(c).discard_after_fight)
            if attacking:
                sp_worth = self.attack_sp_worth
            else:
                sp_worth = self.last_lieutenant_sp_worth if lts == 1 else self.defend_sp_worth
            score = value - cost + sp * sp_worth - sp * 0.9
            if score > best_score:
                best, best_score = i.move, score
        return best

    def _defend(self, view, infos):
        """The defender has seen the attack: weigh the chance to win against the cards it costs.

        A hopeless defence keeps its cards (a Doctor or Bodyguard may still save the lieutenant);
        a close one throws in what tips it. Tactics (Alliance, Out of Ammo) are left out of the odds.
        """
        info, seat = view.info, view.seat
        ctx = info.ctx
        die = self.t.die
        attack = sum(self.card(c).value for c in view.zones[f"fight:{ctx.attacker}"].cards) + ctx.sp[0]
        bonus = self.t.defender_bonus
        defender_wins_ties = self.t.tie == "defender"
        hand = list(view.hand())
        lts = info.lieutenants[seat]
        stake = self.lieutenant_worth * (2.0 if lts == 1 else 1.0)
        sp_worth = self.last_lieutenant_sp_worth if lts == 1 else self.defend_sp_worth
        best, best_score = None, float("-inf")
        for i in infos:
            cards, sp = i.cards, i.amount
            total = sum(self.card(c).value for c in cards) + sp + bonus
            p = defence_odds(die, total - attack, defender_wins_ties)
            lost = sum(self.keep_value(c, hand) for c in cards)
            spent = sum(self.keep_value(c, hand) for c in cards if self.card(c).discard_after_fight)
            score = p * stake - (1 - p) * lost - p * spent - sp * (0.9 - sp_worth) - 0.01 * len(cards)
            if score > best_score:
                best, best_score = i.move, score
        return best

    def _tactic(self, view, infos, rng):
        plays = [i for i in infos if i.kind == "play"]
        if not plays:
            return self.first(infos, "pass")
        simple = [i.move for i in plays if i.target is None]
        if simple:
            return simple[0]
        return self.aimed_at(plays, self.weakest(view, [i.target for i in plays]))

    def _after(self, view, infos, rng):
        plays = [i for i in infos if i.kind == "play"]
        if not plays:
            return self.first(infos, "pass")
        # a Doctor is enough to save the lieutenant: keep the Bodyguard for the explosion
        plays.sort(key=lambda i: (bool(self.card(i.card).effects("explosion")), i.text))
        return plays[0].move

    def _massacre(self, view, infos, rng):
        return next((i.move for i in infos if i.kind == "play"), self.first(infos, "pass"))

    def _explosion(self, view, infos, rng):
        plays = sorted((i for i in infos if i.kind == "play"), key=lambda i: i.text)
        for kind in self.explosion_order:
            for i in plays:
                if self.has_kind(i.card, "explosion", kind):
                    return i.move
        return self.first(infos, "pass")

    def _wrongwire(self, view, infos, rng):
        return next((i.move for i in infos if i.kind == "play"), self.first(infos, "pass"))


@functools.cache
def defence_odds(die: int, margin: int, defender_wins_ties: bool) -> float:
    """The defender's chance to win a fight, each side rolling one `die`, when its cards and tokens
    come to `margin` more than the attacker's (cached: every defence in every play-out asks it)."""
    wins = sum(1 for a in range(1, die + 1) for d in range(1, die + 1)
               if d + margin > a or (defender_wins_ties and d + margin == a))
    return wins / die ** 2


def make_heuristic(rules, level: str) -> BombHeuristicAgent:
    """`ai:easy` plays a random legal move a third of the time; `ai:normal` always thinks."""
    return BombHeuristicAgent(rules, noise=0.35 if level == "ai:easy" else 0.0)


# --- ai:hard: revolt_table/ai/bomb_search.py ----------------------------------------------------------
def make_hard(rules, iterations: int | None = None, time_budget: float | None = None):
    """The family's `ai:hard`: heuristic-guided search over determinizations (bomb_search.py)."""
    from .bomb_search import HARD_PLAYOUTS, BombSearchAgent   # it builds on the heuristic above
    return BombSearchAgent(rules, iterations=iterations or HARD_PLAYOUTS, time_budget=time_budget)


# Hint (button and H) at the table: revolt_table/ai/hints.py finds it here, the family's AI module.
from .bomb_hints import hint_with_reason  # noqa: E402,F401
