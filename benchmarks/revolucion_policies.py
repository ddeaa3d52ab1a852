"""A family of simple Revolución policies for the strategy search (benchmarks/revolucion_balance.py).

Why: a balance figure measured only between copies of one AI says nothing about a player who plays
differently. Each policy here is ai:normal except in the dimensions its parameters name: which cards
to keep in the exchange, when to attack, whom and with what, how many support tokens to spend, when
and how to defend, where to send the bomb and with which extras, whom to massacre or rob, which
climate cards to play, how to answer an explosion. The search walks this space against ai:normal
opponents to find the deviation that wins most; balance holds when even that one wins little more
than the fair share.

A policy is a `Policy` record (hashable, printed as `key=value` pairs, "normal" values left out);
`PolicyAgent` plays it as an agent over the public API: it sees the seat's view and the legal moves
only, like every agent. Card roles come from the rules' effect kinds (`role_of`), so a variant that
re-counts cards is searched the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace

from revolt_table.ai.bomb_ai import BombHeuristicAgent
from revolt_table.games.bomb_moves import commit_parts as parse_commit

# card roles, as the exchange sees them (`keep` is a set of these)
ROLES = ("move", "fighter", "gear", "fort", "doctor", "bodyguard", "blast", "wire", "tactic", "irish",
         "massacre", "climate", "extra")
NORMAL = "normal"


def role_of(t, cid: str) -> str:
    """The role of a card among ROLES, read from its type and effects (first match wins)."""
    c = t.cards[cid]
    if c.type == "movement":
        return "move"
    if c.fighter:
        return "fighter"
    if c.type in ("equipment", "support"):
        return "gear"
    for occasion, role in (("attacked", "fort"), ("after_fight_attacker", "doctor"),
                           ("after_fight_defender", "bodyguard"), ("explosion", "blast"),
                           ("against_disarm", "wire"), ("tactic", "tactic"), ("interrupt", "irish")):
        if c.effects(occasion):
            return role
    if c.effect("turn", "kill_lieutenant"):
        return "massacre"
    if c.effect("turn", "set_climate"):
        return "climate"
    if c.effects("bomb_extra"):
        return "extra"
    return "blast" if c.effects("turn") else "gear"


@dataclass(frozen=True)
class Policy:
    """One point of the search space; every field's first option (or None for `keep`) is ai:normal."""

    keep: frozenset | None = None   # exchange: swap away every card whose role is not in this set
    swaps: int = 8                  # ... at most this many swaps a round
    attack: str = NORMAL            # never, always, m-4, m0, m2 (the attack margin)
    target: str = NORMAL            # whom to attack: weakest, strongest, leader, most_cards
    commit_a: str = NORMAL          # attacker's cards: max, lean (best fighter only), no_merc
    sp_a: str = NORMAL              # attacker's tokens: 0, all
    defend: str = NORMAL            # defender's cards: none, max, lean
    sp_d: str = NORMAL              # defender's tokens: 0, all
    fort: str = NORMAL              # always, never, last (only for the last lieutenant)
    doctor_a: str = NORMAL          # never: a losing attacker keeps the Doctor for later
    tactic: str = NORMAL            # never
    bomb: str = NORMAL              # whom to send the bomb: weakest, strongest, most_cards
    extras: str = NORMAL            # Detonator/Explosion: boom_only, never, max
    massacre: str = NORMAL          # strongest, never
    climate: str = NORMAL           # never, always, democracy, revolution
    explosion: str = NORMAL         # protect_first, delay_first
    irish: str = NORMAL             # never, weakest, most_cards
    wire: str = NORMAL              # never (no Wrong Wire)
    disarm: str = NORMAL            # never (no own-turn Cut The Wires)

    def __str__(self) -> str:
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value == f.default:
                continue
            if f.name == "keep":
                value = "+".join(r for r in ROLES if r in value) or "-"
            parts.append(f"{f.name}={value}")
        return " ".join(parts) or "ai:normal"


# the options of each field, the search's coordinates (keep is searched by flipping one role)
OPTIONS: dict[str, tuple] = {
    "swaps": (8, 3, 5),
    "attack": (NORMAL, "never", "always", "m-4", "m0", "m2"),
    "target": (NORMAL, "weakest", "strongest", "leader", "most_cards"),
    "commit_a": (NORMAL, "max", "lean", "no_merc"),
    "sp_a": (NORMAL, "0", "all"),
    "defend": (NORMAL, "none", "max", "lean"),
    "sp_d": (NORMAL, "0", "all"),
    "fort": (NORMAL, "always", "never", "last"),
    "doctor_a": (NORMAL, "never"),
    "tactic": (NORMAL, "never"),
    "bomb": (NORMAL, "weakest", "strongest", "most_cards"),
    "extras": (NORMAL, "boom_only", "never", "max"),
    "massacre": (NORMAL, "strongest", "never"),
    "climate": (NORMAL, "never", "always", "democracy", "revolution"),
    "explosion": (NORMAL, "protect_first", "delay_first"),
    "irish": (NORMAL, "never", "weakest", "most_cards"),
    "wire": (NORMAL, "never"),
    "disarm": (NORMAL, "never"),
}
# the policy issue 29 found: keep only the bomb cards, Doctor, Fort and Bodyguard
DEFENSIVE = Policy(keep=frozenset({"move", "doctor", "fort", "bodyguard"}))


def neighbours(p: Policy) -> list[Policy]:
    """Every policy that differs from `p` in one coordinate (one role of `keep`, or one field)."""
    out: list[Policy] = []
    if p.keep is None:
        out += [replace(p, keep=frozenset(ROLES) - {r}) for r in ROLES]
    else:
        out += [replace(p, keep=p.keep ^ {r}) for r in ROLES]
        out.append(replace(p, keep=None, swaps=8))
    for name, options in OPTIONS.items():
        if name == "swaps" and p.keep is None:
            continue
        out += [replace(p, **{name: o}) for o in options if o != getattr(p, name)]
    return out


def random_policy(rng: random.Random) -> Policy:
    """A policy with a random keep set and a few random coordinates changed (for the opening screen)."""
    keep = frozenset(r for r in ROLES if rng.random() < 0.5) if rng.random() < 0.8 else None
    p = Policy(keep=keep)
    for name in rng.sample(sorted(OPTIONS), 4):
        p = replace(p, **{name: rng.choice(OPTIONS[name])})
    return p


def parse_policy(text: str) -> Policy:
    """The inverse of str(policy): `keep=move+doctor attack=never` (used by --policy)."""
    if text.strip() in ("", "ai:normal"):
        return Policy()
    values: dict = {}
    for part in text.split():
        key, _, value = part.partition("=")
        if key == "keep":
            values["keep"] = frozenset(v for v in value.split("+") if v and v != "-")
        elif key == "swaps":
            values["swaps"] = int(value)
        elif key in OPTIONS:
            values[key] = value
        else:
            raise ValueError(f"unknown policy field {key!r}")
    return Policy(**values)


class PolicyAgent(BombHeuristicAgent):
    """ai:normal, except where the policy says otherwise (see Policy)."""

    def __init__(self, rules, policy: Policy):
        super().__init__(rules)
        self.p = policy
        self.name = str(policy)
        self.roles = {cid: role_of(self.t, cid) for cid in self.t.order}
        if policy.attack.startswith("m"):
            self.attack_margin = float(policy.attack[1:])

    # --- who ---------------------------------------------------------------------------------------
    def pick(self, view, seats, how: str) -> int:
        info = view.info
        if how == "strongest":
            return self.strongest(view, seats)
        if how == "leader":
            return self.leader(view, seats)
        if how == "most_cards":
            return max(seats, key=lambda s: (view.zones[f"hand:{s}"].count, info.lieutenants[s],
                                             -self.distance(view, s)))
        return self.weakest(view, seats)

    # --- exchange ------------------------------------------------------------------------------------
    def _exchange(self, view, infos, rng):
        moves = [i.move for i in infos]
        p = self.p
        if p.keep is None:
            return super()._exchange(view, infos, rng)
        if view.info.ctx.swaps >= p.swaps:
            return self.first(infos, "keep")
        hand = list(view.hand())
        away = [m for m in moves if m.text.startswith("swap:") and self.roles[m.text[5:]] not in p.keep]
        if not away:
            return self.first(infos, "keep")
        return min(away, key=lambda m: (self.keep_value(m.text[5:], hand), m.text))

    # --- the turn ------------------------------------------------------------------------------------
    def _turn(self, view, infos, rng):
        moves = [i.move for i in infos]
        p = self.p
        hand = list(view.hand())
        texts = {m.text: m for m in moves}
        singles = [m for m in moves if m.text in self.t.cards]
        if p.disarm != "never":
            for m in singles:
                if self.has_kind(m.text, "turn", "disarm"):
                    return m
        kills = [m for m in moves if ":" in m.text and m.text.split(":")[0] in self.t.cards
                 and self.has_kind(m.text.split(":")[0], "turn", "kill_lieutenant")]
        if kills and p.massacre != "never":
            how = "weakest" if p.massacre == NORMAL else p.massacre
            target = self.pick(view, [int(m.text.split(":")[1]) for m in kills], how)
            return next(m for m in kills if m.text.endswith(f":{target}"))
        climate_move = self._climate(view, singles, hand)
        if climate_move is not None:
            return climate_move
        attacks = [m for m in moves if m.text.startswith("attack:")]
        strength = self.fight_strength(hand)
        if attacks and strength and p.attack != "never":
            seats = [int(m.text.split(":")[1]) for m in attacks]
            pick = None if p.target == NORMAL else (lambda v, ss: self.pick(v, ss, p.target))
            if p.attack == "always":
                return texts[f"attack:{(pick or self.victim)(view, seats)}"]
            target = self.attack_target_of(view, seats, strength, pick)
            if target is not None:
                return texts[f"attack:{target}"]
        return self._send(view, infos, hand)

    def _climate(self, view, singles, hand):
        p = self.p
        plays = [m for m in singles if self.has_kind(m.text, "turn", "set_climate")]
        if not plays or p.climate == "never":
            return None
        if p.climate == NORMAL:
            info, strength = view.info, self.fight_strength(hand)
            for m in plays:
                climate = self.card(m.text).effect("turn", "set_climate").climate
                now, then = self.attack_cap(info.climate), self.attack_cap(climate)
                if climate == info.climate or (then > now and strength >= 5) or (then < now and strength < 4):
                    return m
            return None
        for m in plays:
            climate = self.card(m.text).effect("turn", "set_climate").climate
            if p.climate == "always" or climate == p.climate:
                return m
        return None

    def _send(self, view, infos, hand):
        moves = [i.move for i in infos]
        p = self.p
        if p.bomb == NORMAL and p.extras == NORMAL:
            return self._move_bomb(view, infos, hand)
        digs = [m for m in moves if m.text.startswith("dig")]
        if digs:
            return self._move_bomb(view, infos, hand)
        info = view.info
        best, best_score = None, float("-inf")
        for i in infos:
            if i.kind != "send":
                continue
            m, head, target, n_extras, explodes = i.move, i.card, i.target, len(i.cards) - 1, self.explodes(view, i)
            if p.extras == "never" and n_extras:
                continue
            if p.extras == "boom_only" and n_extras and not explodes:
                continue
            lts = info.lieutenants[target]
            if p.bomb == "strongest":
                pref = lts
            elif p.bomb == "most_cards":
                pref = view.zones[f"hand:{target}"].count / 4
            else:
                pref = -lts
            if explodes:
                score = 10 + 2 * pref - 0.3 * n_extras
            else:
                score = 0.5 * pref - (-1.0 if p.extras == "max" else 1.0) * n_extras
                if info.timer - 1 - n_extras == 1:
                    score -= 1.5
            score -= 0.2 * (self.t.direction(head) == "any")
            if score > best_score:
                best, best_score = m, score
        return best if best is not None else self._move_bomb(view, infos, hand)

    def _dig(self, view, infos, rng):
        moves = [i.move for i in infos]
        how = NORMAL if self.p.bomb == NORMAL else self.p.bomb
        if how == NORMAL:
            return super()._dig(view, infos, rng)
        target = self.pick(view, [int(m.text.split(":")[1]) for m in moves], how)
        return next(m for m in moves if m.text.endswith(f":{target}"))

    # --- fights ----------------------------------------------------------------------------------------
    def _fort(self, view, infos, rng):
        moves = [i.move for i in infos]
        p = self.p
        forts = [m for m in moves if m.text != "pass"]
        if p.fort == NORMAL or not forts:
            return super()._fort(view, infos, rng) if forts else moves[0]
        if p.fort == "always" or (p.fort == "last" and view.info.lieutenants[view.seat] == 1):
            return forts[0]
        return self.first(infos, "pass")

    def _commit(self, view, infos, rng):
        moves = [i.move for i in infos]
        p, ctx, seat = self.p, view.info.ctx, view.seat
        attacking = ctx.attacker == seat
        how, sp_how = (p.commit_a, p.sp_a) if attacking else (p.defend, p.sp_d)
        if how == NORMAL and sp_how == NORMAL:
            return super()._commit(view, infos, rng)
        if how == NORMAL:
            chosen = super()._commit(view, infos, rng)
            cards = parse_commit(chosen.text)[0]
        else:
            cards = self._cards_for(moves, how)
        options = [m for m in moves if parse_commit(m.text)[0] == cards]
        if sp_how == "0":
            return min(options, key=lambda m: parse_commit(m.text)[1])
        if sp_how == "all":
            return max(options, key=lambda m: parse_commit(m.text)[1])
        if how != NORMAL:
            return min(options, key=lambda m: parse_commit(m.text)[1]) if how != "max" else \
                max(options, key=lambda m: parse_commit(m.text)[1])
        return chosen

    def _cards_for(self, moves, how: str) -> list[str]:
        """The cards of the commitment `how` asks for (max, lean, no_merc, none)."""
        sets = {tuple(parse_commit(m.text)[0]) for m in moves}

        def value(cards) -> int:
            return sum(self.card(c).value for c in cards)
        if how == "none" and () in sets:
            return []
        if how == "lean":
            singles = [s for s in sets if len(s) == 1]
            if singles:
                return list(max(singles, key=value))
        if how == "no_merc":
            plain = [s for s in sets if not any(self.card(c).discard_after_fight for c in s)]
            if plain:
                return list(max(plain, key=lambda s: (value(s), s)))
        return list(max(sets, key=lambda s: (value(s), s)))

    def _tactic(self, view, infos, rng):
        if self.p.tactic == "never":
            return self.first(infos, "pass")
        return super()._tactic(view, infos, rng)

    def _after(self, view, infos, rng):
        if self.p.doctor_a == "never" and view.info.phase == "after_a":
            return self.first(infos, "pass")
        return super()._after(view, infos, rng)

    # --- reactions -------------------------------------------------------------------------------------
    def _explosion(self, view, infos, rng):
        moves = [i.move for i in infos]
        p = self.p
        if p.explosion == NORMAL:
            return super()._explosion(view, infos, rng)
        order = {"protect_first": ("protect", "delay", "return_to_sender", "disarm"),
                 "delay_first": ("delay", "return_to_sender", "protect", "disarm")}[p.explosion]
        plays = sorted((m.text, m) for m in moves if m.text != "pass")
        for kind in order:
            for text, m in plays:
                if self.has_kind(text, "explosion", kind):
                    return m
        return self.first(infos, "pass")

    def _irish(self, view, infos, rng):
        moves = [i.move for i in infos]
        p = self.p
        if p.irish == NORMAL:
            return super()._irish(view, infos, rng)
        plays = [m for m in moves if m.text != "pass"]
        if p.irish == "never" or not plays:
            return self.first(infos, "pass")
        target = self.pick(view, [int(m.text.split(":")[1]) for m in plays], p.irish)
        return next(m for m in plays if m.text.endswith(f":{target}"))

    def _wrongwire(self, view, infos, rng):
        if self.p.wire == "never":
            return self.first(infos, "pass")
        return super()._wrongwire(view, infos, rng)
