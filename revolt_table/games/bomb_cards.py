"""The bomb family's rules-file keys and the card tables built from them.

A rules file chooses card effects among a fixed set of effect kinds, each allowed only at certain
occasions (an explosion, an attack, a fight's tactic step...). `check` rejects any other combination,
so a rules file can describe a new card but never run code. `compile_params` turns a validated file
into the frozen `BombParams` record that the state, the AI and the table read (`rules.params`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from ..engine.schema import Bool, DictOf, Int, ListOf, Map, Str

CARD_TYPES = ("soldier", "mercenary", "equipment", "support", "tactic", "reaction", "after_fight",
              "interrupt", "disarm", "democracy", "revolution", "movement")
FIGHTERS = ("soldier", "mercenary")
CATEGORIES = ("democracy", "revolution")

# occasion -> effect kinds a card may have there
OCCASIONS: dict[str, tuple[str, ...]] = {
    "attacked": ("cancel_attack",),
    "massacre": ("protect",),
    "explosion": ("protect", "return_to_sender", "delay", "disarm"),
    "tactic": ("ally", "cancel_equipment", "opponent_total"),
    "after_fight_attacker": ("keep_cards", "take_back"),
    "after_fight_defender": ("save_lieutenant",),
    "turn": ("set_climate", "draw", "kill_lieutenant", "gain_support", "disarm"),
    "bomb_extra": ("timer", "explode_with"),
    "movement": ("move",),
    "against_disarm": ("cancel_disarm",),
    "interrupt": ("steal",),
}
EFFECT_KINDS = tuple(sorted({k for kinds in OCCASIONS.values() for k in kinds}))

EFFECT = Map({"kind": Str(EFFECT_KINDS), "amount": Int(-10, 10), "climate": Str(),
              "direction": Str(("left", "right", "any")), "card": Str()}, required=("kind",))
# `count_by_players` overrides `count` at the player counts it names, e.g. {3: 0, 5: 2, 6: 3}: a card
# whose copies grow with the table, as a bomb game's lethal cards often do
CARD = Map({"id": Str(), "name": Str(), "type": Str(CARD_TYPES), "count": Int(0, 40), "value": Int(0, 20),
            "count_by_players": DictOf(Int(1, 12), Int(0, 40)),
            "discard_after_fight": Bool(), "text": Str(),
            "effects": DictOf(Str(tuple(OCCASIONS)), ListOf(EFFECT, min_len=1))},
           required=("id", "name", "type", "count"))
# `attacks` caps the attacks per turn; a climate without it allows as many as the owner wishes
CLIMATE = Map({"name": Str(), "attacks": Int(0, 9), "categories": ListOf(Str(CATEGORIES)),
               "support_in_fights": Bool()}, required=("name", "categories"))

FIELDS = {
    "parties": Int(1, 12),
    "lieutenants": Int(1, 9),
    "support_tokens": Int(0, 99),
    "hand_size": Int(1, 20),
    "exchange_max": Int(0, 20),
    # `exchange_draw`: `each` draws a new card for each one exchanged at once (so a card just drawn may
    # be exchanged again); `at_end` draws them all when the player stops, so only cards of the hand
    # dealt can go (absent: each, as the rules files before issue 29 played)
    "exchange_draw": Str(("each", "at_end")),
    # `reactions`: `everyone` asks every seat that could answer a reaction, whatever it holds, so that
    # being asked tells nothing; `holders` asks only the seats holding a usable card (absent: holders,
    # as the rules files before issue 29 played)
    "reactions": Str(("everyone", "holders")),
    # `dig`: what becomes of the cards turned up while digging for a movement card: `draw` (into the
    # hand, as the rulebook's "draw until they find a movement card" says) or `discard` (absent: discard,
    # as the rules files before issue 29 played)
    "dig": Str(("draw", "discard")),
    "out_of_cards_draw": Int(0, 10),
    "die": Int(2, 20),
    "timer": DictOf(Int(1, 12), Int(1, 99)),
    "max_rounds": Int(1, 999),
    "climates": DictOf(Str(), CLIMATE),
    # `max_support` caps the tokens one side spends in a fight (none: as many as they wish);
    # `defender_bonus` is added to the defender's total (0 unless a variant sets it)
    "fight": Map({"tie": Str(("defender", "attacker")), "max_support": Int(0, 10),
                  "defender_bonus": Int(0, 10)}, required=("tie",)),
    # `own_turn_max_steps_left`: a card with a `turn: disarm` effect may be played on the owner's turn
    # only this close to the Palace (absent: 0, never; Revolución's Cut The Wires has no such effect)
    "disarm": Map({"reward": Int(0, 10), "own_turn_max_steps_left": Int(0, 99)}, required=("reward",)),
    "deck": ListOf(CARD, min_len=1),
}
REQUIRED = ("parties", "lieutenants", "support_tokens", "hand_size", "exchange_max", "out_of_cards_draw",
            "die", "timer", "max_rounds", "climates", "fight", "disarm", "deck")


def check(data: dict[str, Any], report) -> None:
    """Semantic checks: ids, effect kinds per occasion, targets of references, deck large enough."""
    deck = data["deck"]
    ids = [c["id"] for c in deck]
    seen: set[str] = set()
    for i, card in enumerate(deck):
        cid = card["id"]
        if cid in seen:
            report(("deck", i, "id"), f"card id {cid!r} is used twice")
        seen.add(cid)
        if not cid or not all(ch.isalnum() for ch in cid):
            report(("deck", i, "id"), f"a card id is letters and digits only, not {cid!r}")
        ctype = card["type"]
        if ctype in FIGHTERS + ("equipment", "support") and "value" not in card:
            report(("deck", i), f"{ctype} card {cid} needs a 'value'")
        on = card.get("effects", {}) or {}
        if ctype == "movement" and "movement" not in on:
            report(("deck", i), f"movement card {cid} needs an 'effects: movement' entry")
        for occasion, effects in on.items():
            for j, effect in enumerate(effects):
                kind = effect["kind"]
                where = ("deck", i, "effects", occasion, j)
                if kind not in OCCASIONS[occasion]:
                    report(where + ("kind",), f"effect {kind!r} cannot happen at {occasion!r}; there: "
                                              + ", ".join(OCCASIONS[occasion]))
                if kind == "set_climate" and effect.get("climate") not in data["climates"]:
                    report(where, f"set_climate needs a 'climate' among: {', '.join(data['climates'])}")
                if kind == "move" and "direction" not in effect:
                    report(where, "move needs a 'direction' (left, right or any)")
                if kind == "explode_with" and effect.get("card") not in ids:
                    report(where, f"explode_with names card {effect.get('card')!r}, which is not in the deck")
                if kind in ("delay", "steal", "draw", "gain_support", "timer", "ally") and "amount" not in effect:
                    report(where, f"{kind} needs an 'amount'")
    players = data["players"]
    counts = range(players["min"], players["max"] + 1)
    for i, card in enumerate(deck):
        for n in card.get("count_by_players", {}) or {}:
            if n not in counts:
                report(("deck", i, "count_by_players", n),
                       f"{n} players is outside this game's {players['min']}-{players['max']}")
    for n in counts:
        copies = {c["id"]: (c.get("count_by_players") or {}).get(n, c["count"]) for c in deck}
        if not any(c["type"] == "movement" and copies[c["id"]] > 0 for c in deck):
            report(("deck",), f"the deck needs bomb movement cards (with {n} players)")
        if not any(c["type"] in FIGHTERS and copies[c["id"]] > 0 for c in deck):
            report(("deck",), f"the deck needs soldiers or mercenaries (with {n} players)")
        if n not in data["timer"]:
            report(("timer",), f"no timer start for {n} players")
        size = sum(copies.values())
        need = n * data["hand_size"]
        if size < need + 8:
            report(("deck",), f"the deck has {size} cards with {n} players, who need at least {need + 8}")
    if players["max"] > data["parties"]:
        report(("parties",), f"{players['max']} players need {players['max']} parties")
    if not data["climates"]:
        report(("climates",), "at least one climate is needed")


@dataclass(frozen=True)
class Effect:
    """One effect of a card at one occasion (`kind` among OCCASIONS[occasion])."""

    kind: str
    amount: int = 0
    climate: str = ""
    direction: str = ""       # left, right, any (move)
    card: str = ""            # the partner card (explode_with)


@dataclass(frozen=True)
class Card:
    id: str
    name: str                 # the rules file's name (the table prefers a translation by id)
    type: str
    count: int                # copies at player counts `by_players` does not name
    value: int
    discard_after_fight: bool
    on: Mapping[str, tuple[Effect, ...]]
    text: str
    by_players: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))  # players -> copies

    def copies(self, players: int) -> int:
        """Copies of this card in the deck of a game of `players`."""
        return self.by_players.get(players, self.count)

    @property
    def count_label(self) -> str:
        """The count as a card list shows it: "3", or "0-3" for a card whose copies vary with the players."""
        counts = {self.count, *self.by_players.values()}
        low, high = min(counts), max(counts)
        return str(low) if low == high else f"{low}\u2013{high}"

    @property
    def fighter(self) -> bool:
        return self.type in FIGHTERS

    @property
    def category(self) -> str | None:
        return self.type if self.type in CATEGORIES else None

    def effects(self, occasion: str) -> tuple[Effect, ...]:
        return self.on.get(occasion, ())

    def effect(self, occasion: str, kind: str) -> Effect | None:
        for e in self.on.get(occasion, ()):
            if e.kind == kind:
                return e
        return None

    def kinds(self, occasion: str) -> frozenset[str]:
        return frozenset(e.kind for e in self.on.get(occasion, ()))


@dataclass(frozen=True)
class Climate:
    id: str
    name: str                 # the rules file's name
    attacks: int | None       # attacks per turn; None: as many as the owner wishes
    categories: frozenset[str]
    support_in_fights: bool

    def allows_attack(self, made: int) -> bool:
        return self.attacks is None or made < self.attacks


@dataclass(frozen=True)
class BombParams:
    """Everything the state, the AI and the table need from a bomb-family rules file, compiled once
    (`rules.params`). Read-only: mappings are proxies, collections are tuples and frozensets."""

    cards: Mapping[str, Card]
    order: tuple[str, ...]                     # deck order, used to sort hands and move texts
    rank: Mapping[str, int]
    deck: tuple[str, ...]                      # the full deck, every copy, at the default counts
    decks: Mapping[int, tuple[str, ...]]       # players -> the deck of that game, where it differs
    by_occasion: Mapping[str, frozenset[str]]  # occasion -> ids of cards usable there
    climates: Mapping[str, Climate]
    parties: int
    lieutenants: int
    support_tokens: int
    hand_size: int
    exchange_max: int
    exchange_at_end: bool                      # the exchange's cards are drawn when the player stops
    ask_everyone: bool                         # every seat that could answer a reaction is asked
    dig_draws: bool                            # cards turned up while digging go into the hand
    out_of_cards_draw: int
    die: int
    timer: Mapping[int, int]                   # players -> steps from the start spot to the Palace
    max_rounds: int
    tie: str                                   # who wins a tied fight: defender or attacker
    max_support: int | None                    # tokens one side may spend in a fight (None: any)
    defender_bonus: int
    disarm_reward: int
    disarm_steps: int                          # own-turn Cut The Wires only this close to the Palace

    def deck_for(self, players: int) -> tuple[str, ...]:
        """Every copy dealt in a game of `players` (cards with `count_by_players` vary), in deck order."""
        return self.decks.get(players, self.deck)

    def holding(self, hand, occasion: str) -> list[str]:
        """Distinct cards of `hand` usable at `occasion`, in deck order."""
        usable = self.by_occasion.get(occasion, frozenset())
        return sorted({c for c in hand if c in usable}, key=self.rank.__getitem__)

    def direction(self, card: str) -> str:
        """Where a movement card sends the bomb: left, right or any."""
        move = self.cards[card].effect("movement", "move")
        return move.direction if move else "left"

    def receiver(self, seat: int, card: str | None, dest: int | None, alive, players: int) -> int:
        """The seat a movement card (`dest` for Bomb Express) sends the bomb to from `seat`; no card
        (nothing left to dig) goes left. Left is clockwise: the next living seat in seat order."""
        living = set(alive)
        order = [(seat + i) % players for i in range(1, players)]
        way = self.direction(card) if card else "left"
        if way == "any":
            return dest
        if way == "right":
            order.reverse()
        return next(s for s in order if s in living)

    @property
    def reach(self) -> int:
        """Steps to the Palace from which one bomb move with one extra card can make it explode (the
        track's hot spots), or own-turn disarming's reach if that is further."""
        extra = max((e.amount for c in self.by_occasion.get("bomb_extra", ())
                     for e in self.cards[c].effects("bomb_extra") if e.kind == "timer"), default=0)
        return max(self.disarm_steps, 1 + extra)

    def bomb_steps(self, extras) -> tuple[int, bool]:
        """Timer steps of one bomb move with these extra cards, and whether they explode it."""
        steps, explode = 1, False
        for extra in extras:
            for effect in self.cards[extra].effects("bomb_extra"):
                if effect.kind == "timer":
                    steps += effect.amount
                elif effect.kind == "explode_with" and effect.card in extras:
                    explode = True
        return steps, explode


def compile_params(rules) -> BombParams:
    """The frozen parameters of a validated bomb-family rules file (see `Rules.params`)."""
    data = rules.data
    cards: dict[str, Card] = {}
    deck: list[str] = []
    for spec in data["deck"]:
        on = {occ: tuple(Effect(**effect) for effect in effects)
              for occ, effects in (spec.get("effects") or {}).items()}
        card = Card(spec["id"], spec["name"], spec["type"], spec["count"], spec.get("value", 0),
                    spec.get("discard_after_fight", False), MappingProxyType(on), spec.get("text", ""),
                    MappingProxyType(dict(spec.get("count_by_players") or {})))
        cards[card.id] = card
        deck.extend([card.id] * card.count)
    order = tuple(cards)
    varying = sorted({n for card in cards.values() for n in card.by_players})
    decks = {n: tuple(cid for cid, card in cards.items() for _ in range(card.copies(n))) for n in varying}
    by_occasion: dict[str, set[str]] = {occ: set() for occ in OCCASIONS}
    for card in cards.values():
        for occ in card.on:
            by_occasion[occ].add(card.id)
    climates = {cid: Climate(cid, c["name"], c.get("attacks"), frozenset(c["categories"]),
                             c.get("support_in_fights", True))
                for cid, c in data["climates"].items()}
    fight, disarm = data["fight"], data["disarm"]
    return BombParams(
        cards=MappingProxyType(cards), order=order, rank=MappingProxyType({c: i for i, c in enumerate(order)}),
        deck=tuple(deck), decks=MappingProxyType(decks),
        by_occasion=MappingProxyType({k: frozenset(v) for k, v in by_occasion.items()}),
        climates=MappingProxyType(climates), parties=data["parties"], lieutenants=data["lieutenants"],
        support_tokens=data["support_tokens"], hand_size=data["hand_size"], exchange_max=data["exchange_max"],
        exchange_at_end=data.get("exchange_draw", "each") == "at_end",
        ask_everyone=data.get("reactions", "holders") == "everyone", dig_draws=data.get("dig") == "draw",
        out_of_cards_draw=data["out_of_cards_draw"], die=data["die"], timer=MappingProxyType(dict(data["timer"])),
        max_rounds=data["max_rounds"], tie=fight["tie"], max_support=fight.get("max_support"),
        defender_bonus=fight.get("defender_bonus", 0), disarm_reward=disarm["reward"],
        disarm_steps=disarm.get("own_turn_max_steps_left", 0))
