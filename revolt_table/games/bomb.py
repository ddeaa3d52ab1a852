"""The "bomb" family: Revolución. Pass the bomb, fight rivals, keep a lieutenant alive.

The rules file (rules/revolucion.yaml) gives the numbers, the climates and every card; card effects
are chosen from the fixed effect kinds in `bomb_cards.OCCASIONS` and interpreted here. The state is a
small phase machine: exactly one seat acts at a time (the bomb owner, or a seat that may react), so
reactions are ordinary decisions with a `pass` option. Dice come from the state's own seeded RNG,
kept in the state so clones and replays roll the same numbers.

Reactions reveal nothing (issue 29): with `reactions: everyone` every seat that could answer is asked,
whatever it holds (`_asks`), so `to_act`, the phase and the events are the same whether or not it holds
the card; a seat with nothing to play has only `pass`. Rules files written before (the archived ones
old saves are resumed under, services/rules_archive.py) ask only the holders, as they were played.

What consumers get (the typed boundary, docs/design.md): `rules.params` (bomb_cards.BombParams) for
the numbers and cards, `view.info` (bomb_info.BombInfo) for the public facts, events with Message
reasons, and `refusal(seat, move)` saying why a move is not possible now (`explain_refusal`).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from ..engine.events import Event, GameOver, Played
from ..engine.message import NOT_LEGAL, Message, Refusal
from ..engine.move import Move
from ..engine.phases import Phase, PhaseTable
from ..engine.state import GameState, View, Zone
from . import bomb_cards, bomb_knowledge, bomb_moves
from .bomb_cards import BombParams
from .bomb_info import CODES  # noqa: F401 (every code the family says, for the conformance test)
from .bomb_info import (ATTACK_NEEDS_FIGHTER, ATTACKS_USED, BAD_TARGET, CARD_NOT_NOW, CLIMATE_FORBIDS,
                        DISARM_TOO_FAR, FIGHT_ATTACKER_WINS, FIGHT_DEFENDER_WINS, FIGHT_TIE_ATTACKER,
                        FIGHT_TIE_DEFENDER, FIGHTER_ATTACKS, HAS_MOVEMENT, MAX_SUPPORT, NEEDS_FIGHTER, NO_ATTACKS,
                        NO_SUPPORT_IN_CLIMATE, NOT_ENOUGH_SUPPORT, NOT_FIGHT_CARD, NOT_IN_HAND, ONE_OF_EACH_TYPE,
                        ONLY_PROTECTION, OVER_LAST_PARTY, OVER_ROUNDS, R_AFTER_FIGHT, R_ALLIANCE, R_ALLIANCE_WON,
                        R_ATTACK, R_CLIMATE_CARD, R_DEFENCE, R_DIG, R_DISARMED, R_ELIMINATED, R_EXCHANGE,
                        R_EXPLOSION, R_FIGHT, R_FIRST_PLAYER, R_LOST_FIGHT, R_MASSACRE, R_MASSACRE_PLAYED,
                        R_DUG_UP, R_OUT_OF_CARDS, R_REFILL, R_TURN, R_TURNED_UP, BombInfo, PhaseContext, refuse)
from .bomb_events import (AttackDeclared, AttackResolved, BombMoved, CardsDrawn, CardStolen, ClimateChanged,
                          DeckReshuffled, DieRolled, Disarmed, Discarded, Eliminated, Exploded, FightCommitted,
                          LieutenantLost, LieutenantSaved, Reacted, RoundStarted, SupportChanged, TimerAdvanced)

from .bomb_moves import KEEP, PASS, Facts, commit_parts

move_of = bomb_moves.move
REACTION_PAUSE = 0.4    # share of the natural AI pause for a reaction asked of everyone (ai_pause)


class BombFamily:
    name = "bomb"
    fields = bomb_cards.FIELDS
    required = bomb_cards.REQUIRED

    def check(self, data: dict[str, Any], report) -> None:
        bomb_cards.check(data, report)

    def compile_params(self, rules) -> BombParams:
        return bomb_cards.compile_params(rules)

    def new_game(self, rules, players: int, seed: int | None, deal: dict | None, start_seat: int):
        if seed is None:
            seed = random.randrange(2**31)
        return BombState.new(rules, players, seed, deal, start_seat)

    def from_view(self, rules, view: View, rng: random.Random) -> "BombState":
        return BombState.from_view(rules, view, rng)

    # typed moves (engine/move.py): the descriptors of bomb_moves.py
    describe = staticmethod(bomb_moves.describe)
    describe_all = staticmethod(bomb_moves.describe_all)

    @property
    def phases(self) -> PhaseTable:
        return PHASES


class BombState(GameState):
    """A game of Revolución. Hands are lists of card ids; `ctx` holds the current phase's public data."""

    def __init__(self, rules, players: int, seed: int | None, start_seat: int):
        t: BombParams = rules.params
        self.rules = rules
        self.t = t
        self.players = players
        self.seed = seed
        self.start_seat = start_seat
        self.history: list[tuple[int, str]] = []
        self.rng = random.Random(seed)
        self.forced_dice: list[int] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        # what the table has seen of each hand (games/bomb_knowledge.py): cards seen going in, and per
        # hidden card the occasions passed on while it was held
        self.known: list[bomb_knowledge.Known] = [()] * players
        self.passed: list[bomb_knowledge.Passed] = [()] * players
        self.table: list[list[str]] = [[] for _ in range(players)]   # a winning attacker's cards
        self.fight: list[list[str]] = [[] for _ in range(players)]   # cards committed to the fight
        self.deck: list[str] = []            # top of the deck LAST
        self.discard: list[str] = []         # top LAST
        self.lieutenants = [t.lieutenants] * players
        self.support = [0] * players
        self.supply = t.support_tokens
        self.spent = 0                       # support tokens spent in fights: out of the game
        self.climate = ""
        self.bag: list[str] = []             # climate tokens not drawn yet in this cycle
        self.timer_start = t.timer[players]
        self.timer = self.timer_start
        self.bomb = -1
        self.sender = -1
        self.first = -1
        self.round_no = 0
        self.bomb_moves = 0
        self.phase = "start"
        self.ctx: dict[str, Any] = {}
        self.winner = -1
        self.forced_climate: str | None = None

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def new(cls, rules, players: int, seed: int, deal: dict | None, start_seat: int) -> "BombState":
        state = cls(rules, players, seed, start_seat)
        t = state.t
        events: list[Event] = []
        if deal is None:
            deck = list(t.deck_for(players))
            state.rng.shuffle(deck)
            state.deck = deck
            for seat in range(players):
                state.hands[seat] = [state.deck.pop() for _ in range(t.hand_size)]
                state.passed[seat] = bomb_knowledge.gained_hidden((), t.hand_size)
            state._roll_off(events)
            state._start_round(events)
            state.opening_events = tuple(events)
            return state
        state._apply_deal(deal)
        return state

    def _apply_deal(self, deal: dict) -> None:
        allowed = {"hands", "piles", "first", "climate", "dice", "timer", "lieutenants", "support", "start"}
        unknown = set(deal) - allowed
        if unknown:
            raise ValueError(f"deal: unknown keys {sorted(unknown)}; expected some of {sorted(allowed)}")
        t = self.t
        remaining = list(t.deck_for(self.players))

        def take(card: str) -> str:
            if card not in t.cards:
                raise ValueError(f"deal: unknown card {card!r}; cards are {', '.join(t.order)}")
            try:
                remaining.remove(card)
            except ValueError:
                held = t.deck_for(self.players).count(card)
                raise ValueError(f"deal: more {card} cards than the deck holds ({held} with {self.players} players)"
                                 ) from None
            return card

        hands = deal.get("hands", [[] for _ in range(self.players)])
        if len(hands) != self.players:
            raise ValueError(f"deal: {len(hands)} hands given for {self.players} players")
        self.hands = [[take(c) for c in h] for h in hands]
        self.passed = [bomb_knowledge.gained_hidden((), len(h)) for h in self.hands]
        piles = deal.get("piles", {}) or {}
        if set(piles) - {"deck", "discard"}:
            raise ValueError("deal: piles are 'deck' (top first) and 'discard'")
        top_first = [take(c) for c in piles.get("deck", [])]
        self.discard = [take(c) for c in piles.get("discard", [])]
        self.rng.shuffle(remaining)
        self.deck = remaining + top_first[::-1]
        self.forced_dice = list(deal.get("dice", []))
        if "lieutenants" in deal:
            self.lieutenants = list(deal["lieutenants"])
        if "support" in deal:
            self.support = list(deal["support"])
            self.supply = t.support_tokens - sum(self.support)
        if "climate" in deal:
            if deal["climate"] not in t.climates:
                raise ValueError(f"deal: unknown climate {deal['climate']!r}")
            self.forced_climate = deal["climate"]
        events: list[Event] = []
        if "first" in deal:
            self.first = deal["first"]
        else:
            self._roll_off(events)
        if deal.get("start", "round") == "turn":
            self.round_no = 1
            self.climate = self.forced_climate or self._draw_climate()
            self.forced_climate = None
            self.timer = deal.get("timer", self.timer_start)
            self.bomb = self.first
            self._begin_turn(self.first)
        else:
            self._start_round(events)
            if "timer" in deal:
                self.timer = deal["timer"]

    @classmethod
    def from_view(cls, rules, view: View, rng: random.Random,
                  telling: Collection[str] = bomb_knowledge.TELLING) -> "BombState":
        """A state consistent with `view`: unseen cards dealt at random, the RNG freshly seeded.

        The deal respects what the table has seen (`info.known`, `info.passed`: games/bomb_knowledge.py):
        a hand holds the cards seen going into it, and a hidden card is none of those usable at the
        `telling` occasions its holder passed on while holding it. The hidden cards are dealt most
        constrained first, each a random one of the cards still unplaced that it may be (any card, when
        the record leaves none: a player who kept a card back).
        """
        info = view.info
        n = view.players
        state = cls(rules, n, None, info["start_seat"])
        state.rng = random.Random(rng.randrange(2**62))
        t = state.t
        pool = list(t.deck_for(n))
        zones = view.zones

        def known(cards) -> list[str]:
            for c in cards:
                pool.remove(c)
            return list(cards)

        state.discard = known(zones["discard"].cards)[::-1]   # the zone lists the top first
        for s in range(n):
            state.table[s] = known(zones[f"table:{s}"].cards)
            state.fight[s] = known(zones[f"fight:{s}"].cards)
        unknown_hands = []
        for s in range(n):
            hz = zones[f"hand:{s}"]
            if hz.cards is not None:
                state.hands[s] = known(hz.cards)
            else:
                unknown_hands.append((s, hz.count))
        slots: list[tuple[int, frozenset[str]]] = []      # (seat, cards it cannot be) per hidden card
        seen, passed = info.known, info.passed
        for s, count in unknown_hands:
            if seen and len(seen[s]) + len(passed[s]) == count and _within(seen[s], pool):
                state.hands[s] = known(seen[s])
                slots += [(s, bomb_knowledge.ruled_out(entry, t.by_occasion, telling)) for entry in passed[s]]
            else:
                slots += [(s, frozenset())] * count
        rng.shuffle(pool)
        slots.sort(key=lambda slot: -len(slot[1]))
        for s, banned in slots:
            i = len(pool) - 1
            if banned:
                i = next((j for j in range(i, -1, -1) if pool[j] not in banned), i)
            state.hands[s].append(pool.pop(i))
        state.deck = pool
        for key in ("lieutenants", "support"):
            setattr(state, key, list(info[key]))
        for key in ("supply", "spent", "climate", "timer", "timer_start", "bomb", "sender", "first", "round_no",
                    "bomb_moves", "phase", "winner"):
            setattr(state, key, info[key])
        state.bag = list(info.bag)
        state.ctx = info.ctx.working()
        if seen:
            state.known, state.passed = list(seen), list(passed)
        else:
            state.passed = [bomb_knowledge.gained_hidden((), len(h)) for h in state.hands]
        # under `reactions: holders` a seat asked to react holds a card it could play: make the dealt
        # hand agree (when everyone is asked, being asked proves nothing)
        needs: list[tuple[int, set[str]]] = []
        actor = view.to_act[0] if view.to_act else None
        holders = PHASES[state.phase].holders if state.phase in PHASES and not t.ask_everyone else ()
        if actor is not None and holders:
            needs.append((actor, set().union(*(t.by_occasion[o] for o in holders))))
        if state.phase in ("fort", "commit_a"):      # an attacker declared with a fighter in hand
            needs.append((state.ctx["attacker"], {c for c in t.order if t.cards[c].fighter}))
        for seat, usable in needs:
            hand = state.hands[seat]
            if seat == view.seat or not hand or any(c in usable for c in hand):
                continue
            sources = [state.deck] + [state.hands[s] for s, _ in unknown_hands if s != seat]
            spots = [(src, i) for src in sources for i, c in enumerate(src) if c in usable]
            if spots:
                src, i = spots[rng.randrange(len(spots))]
                j = rng.randrange(len(hand))
                src[i], hand[j] = hand[j], src[i]
        return state

    def clone(self) -> "BombState":
        other = object.__new__(BombState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.forced_dice = self.forced_dice[:]
        other.hands = [h[:] for h in self.hands]
        other.known = self.known[:]
        other.passed = self.passed[:]
        other.table = [h[:] for h in self.table]
        other.fight = [h[:] for h in self.fight]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.lieutenants = self.lieutenants[:]
        other.support = self.support[:]
        other.bag = self.bag[:]
        other.ctx = copy.deepcopy(self.ctx)
        other.history = self.history[:]
        return other

    # --- contract -------------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase in ("over", "start"):
            return ()
        return (self.ctx["seat"],)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(1 if s == self.winner else 0 for s in range(self.players))

    def living(self, seat: int) -> bool:
        return self.lieutenants[seat] > 0

    def alive(self) -> list[int]:
        return [s for s in range(self.players) if self.lieutenants[s] > 0]

    def clockwise(self, seat: int, include_self: bool = False) -> list[int]:
        """Living seats clockwise (to the left) after `seat`."""
        order = [(seat + i) % self.players for i in range(0 if include_self else 1, self.players)]
        return [s for s in order if self.lieutenants[s] > 0]

    def left_of(self, seat: int) -> int:
        return self.clockwise(seat)[0]

    _lm_key: tuple[int, int] | None = None
    _lm: list[Move] = []

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase in ("over", "start") or seat != self.ctx["seat"]:
            return []
        key = (len(self.history), seat)
        if self._lm_key != key:        # apply() checks legality again: compute once per position
            self._lm = PHASES[self.phase].moves(self, seat)
            self._lm_key = key
        return list(self._lm)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self._lm_key = None
        events: list[Event] = []
        PHASES[self.phase].apply(self, seat, move, events)
        if self.phase != "over":
            self._out_of_cards(events)
        return events

    # --- refusals -------------------------------------------------------------------------------------
    def explain_refusal(self, seat: int, text: str) -> Refusal | None:
        """Why `text` is not legal for the seat to act: the first rule it breaks, as a Refusal.

        Called by `refusal` only for an illegal move, so a reason found here never contradicts
        `legal_moves`; None leaves the engine's generic "not a legal move now".
        """
        if self.phase == "turn":
            return self._turn_refusal(seat, text)
        if self.phase in ("commit_a", "commit_d") and text.startswith("fight:"):
            return self._commit_refusal(seat, text)
        head, _, rest = text.partition(":")
        card = rest if head == "swap" else head
        if card not in self.t.cards:
            return None
        if card not in self.hands[seat]:
            return refuse(NOT_IN_HAND, card=card)
        return refuse(ONLY_PROTECTION if self.phase == "explosion" else CARD_NOT_NOW, card=card)

    def cards_refusal(self, seat: int, cards, kind: str | None = None) -> Refusal:
        """Why these hand cards make no move now (the table's disabled Play): the refusal of the move
        they suggest in this phase (a fight with them, a bomb move with the movement card first, a
        swap, the card played alone)."""
        if self.is_over or seat not in self.to_act or not cards:
            return super().cards_refusal(seat, cards)
        chosen = sorted(cards, key=lambda c: self.t.rank.get(c, len(self.t.rank)))
        if self.phase in ("commit_a", "commit_d"):
            text = bomb_moves.text_of(Facts("fight", cards=tuple(chosen)))
        elif self.phase == "turn":
            movers = [c for c in chosen if c in self.t.cards and self.t.cards[c].type == "movement"][:1]
            rest = [c for c in chosen if c not in movers]
            text = bomb_moves.text_of(Facts("send", (movers + rest)[0], None, tuple((movers + rest)[1:])))
        elif self.phase == "exchange":
            text = bomb_moves.text_of(Facts("swap", chosen[0]))
        else:
            text = chosen[0]
        return self.refusal(seat, text) or Refusal(NOT_LEGAL)

    def _missing(self, seat: int, cards) -> str | None:
        """The first of `cards` (a multiset of ids) that the hand does not hold."""
        hand = list(self.hands[seat])
        for card in cards:
            if card not in hand:
                return card
            hand.remove(card)
        return None

    def _turn_refusal(self, seat: int, text: str) -> Refusal | None:
        t, hand, climate = self.t, self.hands[seat], self.climate_spec()
        head, _, rest = text.partition(":")
        fighter = next((c for c in text.split("+") if c in t.cards and t.cards[c].fighter and c in hand), None)
        if head == "attack" or fighter:
            if climate.attacks == 0:
                return refuse(NO_ATTACKS, climate=climate.id)
            if not climate.allows_attack(self.ctx["attacks"]):
                return refuse(ATTACKS_USED, n=climate.attacks, climate=climate.id)
            if head != "attack":
                return refuse(FIGHTER_ATTACKS, card=fighter)
            if not any(t.cards[c].fighter for c in hand):
                return refuse(ATTACK_NEEDS_FIGHTER)
            return refuse(BAD_TARGET)
        if head == "dig":
            if t.holding(hand, "movement"):
                return refuse(HAS_MOVEMENT)
            return refuse(NOT_IN_HAND, card=rest) if rest in t.cards and rest not in hand else None
        parts = text.split("+")
        cards = [parts[0].partition(":")[0]] + parts[1:]
        if any(c not in t.cards for c in cards):
            return None
        missing = self._missing(seat, cards)
        if missing:
            return refuse(NOT_IN_HAND, card=missing)
        first, extras = t.cards[cards[0]], cards[1:]
        if first.type == "movement":
            for card in extras:
                if not t.cards[card].effects("bomb_extra"):
                    return refuse(CARD_NOT_NOW, card=card)
                if not self.category_allowed(card):
                    return refuse(CLIMATE_FORBIDS, card=card, climate=climate.id)
            return refuse(BAD_TARGET)
        if not first.effects("turn"):
            return refuse(CARD_NOT_NOW, card=first.id)
        if not self.category_allowed(first.id):
            return refuse(CLIMATE_FORBIDS, card=first.id, climate=climate.id)
        if "disarm" in first.kinds("turn") and self.timer > t.disarm_steps:
            return refuse(DISARM_TOO_FAR, steps=t.disarm_steps, left=self.timer)
        return refuse(BAD_TARGET)

    def _commit_refusal(self, seat: int, text: str) -> Refusal | None:
        try:
            cards, sp = commit_parts(text)
        except ValueError:
            return None
        t = self.t
        if any(c not in t.cards for c in cards):
            return None
        missing = self._missing(seat, cards)
        if missing:
            return refuse(NOT_IN_HAND, card=missing)
        stray = [c for c in cards if t.cards[c].type not in ("soldier", "mercenary", "equipment", "support")]
        if stray:
            return refuse(NOT_FIGHT_CARD, card=stray[0])
        types = [t.cards[c].type for c in cards]
        if len(set(types)) < len(types):
            return refuse(ONE_OF_EACH_TYPE)
        if not any(t.cards[c].fighter for c in cards):
            if cards:
                return refuse(NEEDS_FIGHTER, card=cards[0])
            if self.phase == "commit_a":
                return refuse(ATTACK_NEEDS_FIGHTER)
        if sp:
            climate = self.climate_spec()
            if not climate.support_in_fights:
                return refuse(NO_SUPPORT_IN_CLIMATE, climate=climate.id)
            if t.max_support is not None and sp > t.max_support:
                return refuse(MAX_SUPPORT, n=t.max_support)
            if sp > self.support[seat]:
                return refuse(NOT_ENOUGH_SUPPORT, n=self.support[seat])
        return None

    # --- small helpers ----------------------------------------------------------------------------
    def roll(self, seat: int, reason: Message, events: list[Event]) -> int:
        value = self.forced_dice.pop(0) if self.forced_dice else self.rng.randint(1, self.t.die)
        events.append(DieRolled(seat, value, reason))
        return value

    def sorted_hand(self, seat: int) -> list[str]:
        return sorted(self.hands[seat], key=self.t.rank.__getitem__)

    def draw(self, seat: int, n: int, events: list[Event], reason: Message) -> int:
        drawn = 0
        for _ in range(n):
            if not self.deck and not self._reshuffle(events):
                break
            self.hands[seat].append(self.deck.pop())
            drawn += 1
        if drawn:
            self.passed[seat] = bomb_knowledge.gained_hidden(self.passed[seat], drawn)
            events.append(CardsDrawn(seat, drawn, reason))
        return drawn

    def _reshuffle(self, events: list[Event]) -> bool:
        if not self.discard:
            return False
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        events.append(DeckReshuffled(len(self.deck)))
        return True

    def to_discard(self, seat: int | None, cards: list[str], events: list[Event], reason: Message) -> None:
        if cards:
            self.discard.extend(cards)
            events.append(Discarded(seat, tuple(cards), reason))

    def play_from_hand(self, seat: int, card: str, events: list[Event], move: Move | None = None) -> None:
        self.hands[seat].remove(card)
        self._left_hand(seat, (card,))
        self.discard.append(card)
        target = move.payload.target if move is not None else None
        events.append(Played(seat, (card,), move.text if move is not None else card, target=target))

    def _left_hand(self, seat: int, cards) -> None:
        """The record of what the table has seen: `cards`, named in public, left the seat's hand."""
        self.known[seat], self.passed[seat] = bomb_knowledge.left(self.known[seat], self.passed[seat], cards,
                                                                  self.t.by_occasion)

    def _back_in_hand(self, seat: int, cards) -> None:
        """Cards every player saw went (back) into the seat's hand."""
        if cards:
            self.hands[seat].extend(cards)
            self.known[seat] = bomb_knowledge.gained_known(self.known[seat], cards)

    def _passed_on(self, seat: int, occasion: str) -> None:
        """The seat passed at `occasion` (or dug: `movement`); the record marks every card it holds."""
        self.passed[seat] = bomb_knowledge.passed_on(self.passed[seat], occasion)

    def gain_support(self, seat: int, amount: int, events: list[Event], reason: Message) -> None:
        amount = max(0, min(amount, self.supply))
        if amount:
            self.supply -= amount
            self.support[seat] += amount
            events.append(SupportChanged(seat, amount, self.support[seat], reason))

    def _out_of_cards(self, events: list[Event]) -> None:
        n = self.t.out_of_cards_draw
        for s in self.alive():
            if not self.hands[s]:
                self.draw(s, n, events, R_OUT_OF_CARDS)

    def ai_pause(self) -> float:
        """A reaction asked of everyone (a Fort? The Irish Guy?) takes an AI a short pause, the same
        whatever it holds (its answer is the heuristic's, instant: ai/bomb_search.py), so neither the
        wait nor its length tells the table what is in that hand."""
        return REACTION_PAUSE if self.t.ask_everyone and self.phase in PHASES and PHASES[self.phase].holders else 1.0

    def _asks(self, seat: int, occasion: str) -> bool:
        """Is `seat` asked to answer at `occasion`? Always when everyone is asked (the record then says
        nothing of its hand); else only when it holds a card usable there."""
        return self.t.ask_everyone or bool(self.t.holding(self.hands[seat], occasion))

    def climate_spec(self) -> bomb_cards.Climate:
        return self.t.climates[self.climate]

    def category_allowed(self, card: str) -> bool:
        cat = self.t.cards[card].category
        return cat is None or cat in self.climate_spec().categories

    def lose_lieutenant(self, seat: int, reason: Message, events: list[Event]) -> None:
        self.lieutenants[seat] -= 1
        events.append(LieutenantLost(seat, self.lieutenants[seat], reason))
        if self.lieutenants[seat] == 0:
            events.append(Eliminated(seat))
            self.to_discard(seat, self.hands[seat] + self.table[seat] + self.fight[seat], events, R_ELIMINATED)
            self.hands[seat], self.table[seat], self.fight[seat] = [], [], []
            self.known[seat], self.passed[seat] = (), ()
            if self.support[seat]:
                self.supply += self.support[seat]
                self.support[seat] = 0
            living = self.alive()
            if len(living) == 1:
                self._finish(living[0], events, OVER_LAST_PARTY)

    def _finish(self, winner: int, events: list[Event], why: Message) -> None:
        self.winner = winner
        self.phase = "over"
        self.ctx = {}
        events.append(GameOver(self.scores, why))

    # --- rounds -----------------------------------------------------------------------------------
    def _roll_off(self, events: list[Event]) -> None:
        contenders = [(self.start_seat + i) % self.players for i in range(self.players)]
        while len(contenders) > 1:
            rolls = [(self.roll(s, R_FIRST_PLAYER, events), s) for s in contenders]
            best = max(r for r, _ in rolls)
            contenders = [s for r, s in rolls if r == best]
        self.first = contenders[0]

    def _draw_climate(self) -> str:
        if not self.bag:
            self.bag = list(self.t.climates)
        return self.bag.pop(self.rng.randrange(len(self.bag)))

    def _start_round(self, events: list[Event]) -> None:
        if self.round_no >= self.t.max_rounds:
            best = max(self.alive(), key=lambda s: (self.lieutenants[s], self.support[s], -s))
            self._finish(best, events, OVER_ROUNDS)
            return
        self.round_no += 1
        self.timer = self.timer_start
        self.bomb, self.sender = self.first, -1
        if self.forced_climate:
            self.climate, self.forced_climate = self.forced_climate, None
        else:
            self.climate = self._draw_climate()
        events.append(RoundStarted(self.round_no, self.first, self.timer))
        events.append(ClimateChanged(self.climate))
        size = self.t.hand_size
        order = self.clockwise(self.first, include_self=True)
        for s in order:
            if len(self.hands[s]) < size:
                self.draw(s, size - len(self.hands[s]), events, R_REFILL)
        if self.t.exchange_max > 0:
            self.phase = "exchange"
            self.ctx = {"seat": order[0], "order": order, "i": 0, "swaps": 0}
        else:
            self._bomb_arrives(self.first, events)

    def _end_round(self, first: int, events: list[Event]) -> None:
        for s in range(self.players):
            if self.table[s]:
                self._back_in_hand(s, self.table[s])
                self.table[s] = []
        self.first = first if self.living(first) else self.left_of(first)
        self._start_round(events)

    # exchange
    def _moves_exchange(self, seat: int) -> list[Move]:
        return [KEEP] + [move_of(Facts("swap", c)) for c in dict.fromkeys(self.sorted_hand(seat))]

    def _do_exchange(self, seat: int, move: Move, events: list[Event]) -> None:
        """One card exchanged (face up on the discard pile), or the seat stops. With `exchange_draw:
        at_end` the new cards are drawn when it stops (or has exchanged the most it may), so a card
        drawn in the exchange never goes back in it; else one is drawn for each card at once."""
        ctx = self.ctx
        at_end = self.t.exchange_at_end
        if move.payload.kind == "swap":
            card = move.payload.card
            self.hands[seat].remove(card)
            self._left_hand(seat, (card,))
            self.to_discard(seat, [card], events, R_EXCHANGE)
            if not at_end:
                self.draw(seat, 1, events, R_EXCHANGE)
            ctx["swaps"] += 1
            if ctx["swaps"] < self.t.exchange_max:
                return
        if at_end and ctx["swaps"]:
            self.draw(seat, ctx["swaps"], events, R_EXCHANGE)
        ctx["i"] += 1
        ctx["swaps"] = 0
        if ctx["i"] < len(ctx["order"]):
            ctx["seat"] = ctx["order"][ctx["i"]]
        else:
            self._bomb_arrives(self.first, events)

    # --- the bomb owner's turn ----------------------------------------------------------------------
    def _bomb_arrives(self, owner: int, events: list[Event]) -> None:
        """The bomb reached a new owner: first the Irish Guy window for the others, then the turn."""
        self.bomb = owner
        self.ctx = {"seat": owner, "scan": self.clockwise(owner), "owner": owner}
        self.phase = "irish"
        self._next_irish(events)

    def _next_irish(self, events: list[Event]) -> None:
        scan = self.ctx["scan"]
        while scan:
            s = scan.pop(0)
            if self.living(s) and self._asks(s, "interrupt"):
                self.ctx["seat"] = s
                return
        self._begin_turn(self.ctx["owner"])

    def _moves_irish(self, seat: int) -> list[Move]:
        moves = [PASS]
        for card in self.t.holding(self.hands[seat], "interrupt"):
            moves += [move_of(Facts("play", card, s)) for s in self.alive() if s != seat]
        return moves

    def _do_irish(self, seat: int, move: Move, events: list[Event]) -> None:
        f = move.payload
        if f.kind == "pass":
            self._passed_on(seat, "interrupt")
        else:
            card, target = f.card, f.target
            self.play_from_hand(seat, card, events, move)
            events.append(Reacted(seat, card, "interrupt", target))
            for effect in self.t.cards[card].effects("interrupt"):
                if effect.kind == "steal":
                    for _ in range(effect.amount):
                        victim = self.hands[target]
                        if victim:
                            self.hands[seat].append(victim.pop(self.rng.randrange(len(victim))))
                            self.known[target], self.passed[target] = bomb_knowledge.lost_unseen(
                                self.known[target], self.passed[target])
                            self.passed[seat] = bomb_knowledge.gained_hidden(self.passed[seat], 1)
                            events.append(CardStolen(seat, target))
            self._out_of_cards(events)
        self._next_irish(events)

    def _begin_turn(self, owner: int) -> None:
        self.bomb = owner
        self.phase = "turn"
        self.ctx = {"seat": owner, "attacks": 0}

    def _moves_turn(self, seat: int) -> list[Move]:
        t = self.t
        hand = self.hands[seat]
        moves: list[Move] = []
        others = [s for s in self.alive() if s != seat]
        for card in t.holding(hand, "turn"):
            if not self.category_allowed(card):
                continue
            kinds = t.cards[card].kinds("turn")
            if "disarm" in kinds:
                if self.timer <= t.disarm_steps:
                    moves.append(move_of(Facts("play", card)))
            elif "kill_lieutenant" in kinds:
                moves += [move_of(Facts("play", card, s)) for s in others]
            else:
                moves.append(move_of(Facts("play", card)))
        if self.climate_spec().allows_attack(self.ctx["attacks"]) and any(t.cards[c].fighter for c in hand):
            moves += [move_of(Facts("attack", target=s)) for s in others]
        movers = t.holding(hand, "movement")
        if movers:
            extras = [c for c in t.holding(hand, "bomb_extra") if self.category_allowed(c)]
            combos: list[tuple[str, ...]] = [()]
            for c in extras:
                combos += [combo + (c,) for combo in combos]
            for card in movers:
                for dest in self._destinations(seat, card):
                    for combo in combos:
                        moves.append(move_of(Facts("send", card, dest, combo)))
        elif hand:
            moves += [move_of(Facts("dig", c)) for c in dict.fromkeys(self.sorted_hand(seat))]
        else:
            moves.append(move_of(Facts("dig")))
        return moves

    def _destinations(self, seat: int, card: str) -> list[int | None]:
        if self.t.direction(card) == "any":
            return [s for s in self.alive() if s != seat]
        return [None]

    def _do_turn(self, seat: int, move: Move, events: list[Event]) -> None:
        t, f = self.t, move.payload
        if f.kind == "attack":
            self._declare_attack(seat, f.target, events)
            return
        if f.kind == "dig":
            self._dig(seat, f.card or None, events)
            return
        if f.kind == "send":
            self._send(seat, f.card, f.target, list(f.extras), events)
            return
        first = f.card
        card = t.cards[first]
        kinds = card.effects("turn")
        if any(e.kind == "disarm" for e in kinds):
            self.play_from_hand(seat, first, events, move)
            self._start_disarm(seat, first, "turn", events)
            return
        self.play_from_hand(seat, first, events, move)
        target = f.target
        pending_kill = False
        for effect in kinds:
            kind = effect.kind
            if kind == "set_climate":
                if effect.climate != self.climate:
                    self.climate = effect.climate
                    events.append(ClimateChanged(self.climate, seat, first))
            elif kind == "draw":
                self.draw(seat, effect.amount, events, R_CLIMATE_CARD)
            elif kind == "gain_support":
                self.gain_support(seat, effect.amount, events, R_MASSACRE_PLAYED)
            elif kind == "kill_lieutenant":
                pending_kill = True
        if pending_kill:
            if self._asks(target, "massacre"):
                self.phase = "massacre"
                self.ctx = {"seat": target, "owner": seat, "attacks": self.ctx["attacks"]}
            else:
                self.lose_lieutenant(target, R_MASSACRE, events)

    # massacre reaction
    def _moves_massacre(self, seat: int) -> list[Move]:
        return [PASS] + [move_of(Facts("play", c)) for c in self.t.holding(self.hands[seat], "massacre")]

    def _do_massacre(self, seat: int, move: Move, events: list[Event]) -> None:
        owner, attacks = self.ctx["owner"], self.ctx["attacks"]
        text = move.payload.card
        if not text:
            self._passed_on(seat, "massacre")
            self.phase = "turn"
            self.ctx = {"seat": owner, "attacks": attacks}
            self.lose_lieutenant(seat, R_MASSACRE, events)
            return
        self.play_from_hand(seat, text, events)
        events.append(Reacted(seat, text, "massacre"))
        events.append(LieutenantSaved(seat, text))
        self.phase = "turn"
        self.ctx = {"seat": owner, "attacks": attacks}

    # moving the bomb
    def _dig(self, seat: int, card: str | None, events: list[Event]) -> None:
        self._passed_on(seat, "movement")       # digging is legal only without a movement card
        if card:
            self.hands[seat].remove(card)
            self._left_hand(seat, (card,))
            self.to_discard(seat, [card], events, R_DIG)
        turned: list[str] = []
        found = None
        movers = self.t.by_occasion["movement"]
        while True:
            if not self.deck and not (any(c in movers for c in self.discard) and self._reshuffle(events)):
                break
            c = self.deck.pop()
            if c in movers:
                found = c
                break
            turned.append(c)
        if turned and self.t.dig_draws:          # "draw until they find a movement card" (face up)
            self._back_in_hand(seat, turned)
            events.append(CardsDrawn(seat, len(turned), R_DUG_UP, tuple(turned)))   # face up: named
        elif turned:
            self.discard.extend(turned)
            events.append(Discarded(seat, tuple(turned), R_TURNED_UP))
        if found is None:   # no movement card anywhere: the bomb goes left
            self._send(seat, None, None, [], events)
            return
        self.discard.append(found)          # played straight from the deck
        events.append(Discarded(seat, (found,), R_TURNED_UP))
        dests = self._destinations(seat, found)
        if dests == [None]:
            self._send(seat, found, None, [], events, from_hand=False)
        else:
            self.phase = "dig"
            self.ctx = {"seat": seat, "card": found}

    def _moves_dig(self, seat: int) -> list[Move]:
        card = self.ctx["card"]
        return [move_of(Facts("send", card, s)) for s in self.alive() if s != seat]

    def _do_dig(self, seat: int, move: Move, events: list[Event]) -> None:
        f = move.payload
        self._send(seat, f.card, f.target, [], events, from_hand=False)

    def _send(self, seat: int, card: str | None, dest: int | None, extras: list[str], events: list[Event],
              from_hand: bool = True) -> None:
        t = self.t
        target = t.receiver(seat, card, dest, self.alive(), self.players)
        if card and from_hand:
            self.hands[seat].remove(card)
            self.discard.append(card)
            self._left_hand(seat, (card,))
        for extra in extras:
            self.hands[seat].remove(extra)
            self.discard.append(extra)
        self._left_hand(seat, extras)
        if card:
            text = "+".join([card if dest is None else f"{card}:{dest}", *extras])
            events.append(Played(seat, (card, *extras), text))
        self.draw(seat, 1, events, R_TURN)
        steps, explode = t.bomb_steps(extras)
        events.append(BombMoved(seat, target, card or "", tuple(extras)))
        self.bomb_moves += 1
        self.sender, self.bomb = seat, target
        self.timer = max(0, self.timer - steps)
        events.append(TimerAdvanced(steps, self.timer))
        if explode or self.timer == 0:
            self._explode(target, seat, events)
        else:
            self._bomb_arrives(target, events)

    # --- the explosion and disarming ----------------------------------------------------------------
    def _explode(self, victim: int, sender: int, events: list[Event]) -> None:
        self.bomb, self.sender = victim, sender
        if self._asks(victim, "explosion"):
            self.phase = "explosion"
            self.ctx = {"seat": victim, "sender": sender}
        else:
            self._explosion_hits(victim, events)

    def _explosion_hits(self, victim: int, events: list[Event]) -> None:
        events.append(Exploded(victim))
        self.lose_lieutenant(victim, R_EXPLOSION, events)
        if self.phase != "over":
            self._end_round(victim, events)

    def _moves_explosion(self, seat: int) -> list[Move]:
        return [PASS] + [move_of(Facts("play", c)) for c in self.t.holding(self.hands[seat], "explosion")]

    def _do_explosion(self, seat: int, move: Move, events: list[Event]) -> None:
        text = move.payload.card
        if not text:
            self._passed_on(seat, "explosion")
            self._explosion_hits(seat, events)
            return
        sender = self.ctx["sender"]
        self.play_from_hand(seat, text, events)
        events.append(Reacted(seat, text, "explosion"))
        for effect in self.t.cards[text].effects("explosion"):
            kind = effect.kind
            if kind == "protect":
                events.append(Exploded(seat, text))
                self._end_round(seat, events)
            elif kind == "return_to_sender":
                target = sender if self.living(sender) else self.left_of(seat)
                events.append(BombMoved(seat, target, text, ()))
                self._explode(target, seat, events)
            elif kind == "delay":
                self.timer += effect.amount
                events.append(TimerAdvanced(-effect.amount, self.timer))
                self._begin_turn(seat)
            elif kind == "disarm":
                self._start_disarm(seat, text, "explosion", events)
            return

    def _start_disarm(self, seat: int, card: str, context: str, events: list[Event]) -> None:
        self.phase = "wrongwire"
        attacks = self.ctx.get("attacks", 0) if context == "turn" else 0
        self.ctx = {"seat": seat, "disarmer": seat, "context": context, "scan": self.clockwise(seat),
                    "attacks": attacks, "card": card}
        self._next_wrongwire(events)

    def _next_wrongwire(self, events: list[Event]) -> None:
        ctx = self.ctx
        while ctx["scan"]:
            s = ctx["scan"].pop(0)
            if self._asks(s, "against_disarm"):
                ctx["seat"] = s
                return
        seat = ctx["disarmer"]
        events.append(Disarmed(seat, True, ctx["card"]))
        self.gain_support(seat, self.t.disarm_reward, events, R_DISARMED)
        self._end_round(seat, events)

    def _moves_wrongwire(self, seat: int) -> list[Move]:
        return [PASS] + [move_of(Facts("play", c)) for c in self.t.holding(self.hands[seat], "against_disarm")]

    def _do_wrongwire(self, seat: int, move: Move, events: list[Event]) -> None:
        text = move.payload.card
        if not text:
            self._passed_on(seat, "against_disarm")
            self._next_wrongwire(events)
            return
        ctx = self.ctx
        disarmer = ctx["disarmer"]
        self.play_from_hand(seat, text, events)
        events.append(Reacted(seat, text, "disarm", disarmer))
        events.append(Disarmed(disarmer, False, text))
        if ctx["context"] == "turn":
            self.phase = "turn"
            self.ctx = {"seat": disarmer, "attacks": ctx["attacks"]}
        else:
            self._explosion_hits(disarmer, events)

    # --- attacks ----------------------------------------------------------------------------------
    def _declare_attack(self, seat: int, target: int, events: list[Event]) -> None:
        attacks = self.ctx["attacks"] + 1
        events.append(AttackDeclared(seat, target))
        self.ctx = {"seat": target, "attacker": seat, "defender": target, "attacks": attacks,
                    "sp": [0, 0], "tactics": [None, None], "ally": [None, None], "winner_side": None,
                    "kept": "", "saved": ""}
        if self._asks(target, "attacked"):
            self.phase = "fort"
        else:
            self.phase = "commit_a"
            self.ctx["seat"] = seat

    def _moves_fort(self, seat: int) -> list[Move]:
        return [PASS] + [move_of(Facts("play", c)) for c in self.t.holding(self.hands[seat], "attacked")]

    def _do_fort(self, seat: int, move: Move, events: list[Event]) -> None:
        ctx = self.ctx
        text = move.payload.card
        if not text:
            self._passed_on(seat, "attacked")
            self.phase = "commit_a"
            ctx["seat"] = ctx["attacker"]
            return
        self.play_from_hand(seat, text, events)
        events.append(Reacted(seat, text, "attack", ctx["attacker"]))
        self._begin_turn(ctx["attacker"])
        self.ctx["attacks"] = ctx["attacks"]

    def _commit_options(self, seat: int, need_fighter: bool) -> list[Move]:
        """Every commitment: at most one card of each type (Soldier, Mercenary, Equipment, Support),
        Equipment and Support only beside a fighter, and any number of support tokens the climate
        and the rules allow. The cards are listed in deck order (T, M, E, S)."""
        t = self.t
        hand = list(dict.fromkeys(self.sorted_hand(seat)))

        def of(ctype: str) -> list[str | None]:
            return [None] + [c for c in hand if t.cards[c].type == ctype]
        fighter_sets = [tuple(c for c in (s, m) if c) for s in of("soldier") for m in of("mercenary")]
        extras = [tuple(c for c in (e, s) if c) for e in of("equipment") for s in of("support")]
        combos: list[tuple[str, ...]] = [] if need_fighter else [()]
        combos += [f + x for f in fighter_sets if f for x in extras]
        combos.sort(key=lambda combo: [t.rank[c] for c in combo])
        max_sp = 0
        if self.climate_spec().support_in_fights:
            cap = t.max_support
            max_sp = self.support[seat] if cap is None else min(self.support[seat], cap)
        return [move_of(Facts("fight", cards=combo, sp=sp)) for combo in combos for sp in range(max_sp + 1)]

    def _moves_commit_a(self, seat: int) -> list[Move]:
        return self._commit_options(seat, need_fighter=True)

    def _moves_commit_d(self, seat: int) -> list[Move]:
        return self._commit_options(seat, need_fighter=False)

    def _commit(self, seat: int, side: int, move: Move, events: list[Event]) -> None:
        cards, sp = list(move.payload.cards), move.payload.sp
        for c in cards:
            self.hands[seat].remove(c)
        self._left_hand(seat, cards)
        self.fight[seat] = cards
        self.support[seat] -= sp
        self.spent += sp                        # spent tokens are lost (rulebook line 44)
        self.ctx["sp"][side] = sp
        events.append(FightCommitted(seat, tuple(cards), sp))

    def _do_commit_a(self, seat: int, move: Move, events: list[Event]) -> None:
        self._commit(seat, 0, move, events)
        self.phase = "commit_d"
        self.ctx["seat"] = self.ctx["defender"]

    def _do_commit_d(self, seat: int, move: Move, events: list[Event]) -> None:
        self._commit(seat, 1, move, events)
        self._tactic_step(0, events)

    def _tactic_step(self, side: int, events: list[Event]) -> None:
        ctx = self.ctx
        seat = ctx["attacker"] if side == 0 else ctx["defender"]
        if self.t.ask_everyone or len(self._moves_tactic(seat)) > 1:
            self.phase = "tactic_a" if side == 0 else "tactic_d"
            ctx["seat"] = seat
        elif side == 0:
            self._tactic_step(1, events)
        else:
            self._resolve_fight(events)

    def _moves_tactic(self, seat: int) -> list[Move]:
        ctx = self.ctx
        moves = [PASS]
        allies = [s for s in self.alive() if s not in (ctx["attacker"], ctx["defender"])]
        for card in self.t.holding(self.hands[seat], "tactic"):
            if self.t.cards[card].effect("tactic", "ally"):
                moves += [move_of(Facts("play", card, s)) for s in allies]
            else:
                moves.append(move_of(Facts("play", card)))
        return moves

    def _do_tactic(self, seat: int, side: int, move: Move, events: list[Event]) -> None:
        f = move.payload
        if f.kind == "pass":
            ctx = self.ctx          # with no one left to ally with, an Alliance held could not be played
            if any(s not in (ctx["attacker"], ctx["defender"]) for s in self.alive()):
                self._passed_on(seat, "tactic")
        else:
            card, ally = f.card, f.target
            self.play_from_hand(seat, card, events, move)
            self.ctx["tactics"][side] = card
            if ally is not None:
                self.ctx["ally"][side] = ally
            events.append(Reacted(seat, card, "fight", ally))
        if side == 0:
            self._tactic_step(1, events)
        else:
            self._resolve_fight(events)

    def _do_tactic_a(self, seat: int, move: Move, events: list[Event]) -> None:
        self._do_tactic(seat, 0, move, events)

    def _do_tactic_d(self, seat: int, move: Move, events: list[Event]) -> None:
        self._do_tactic(seat, 1, move, events)

    def _resolve_fight(self, events: list[Event]) -> None:
        t, ctx = self.t, self.ctx
        seats = (ctx["attacker"], ctx["defender"])
        dice, ally_dice, totals = [0, 0], [0, 0], [0, 0]
        cancel_equipment = [False, False]
        modifier = [0, 0]
        for side in (0, 1):
            card = ctx["tactics"][side]
            if card:
                for effect in t.cards[card].effects("tactic"):
                    if effect.kind == "cancel_equipment":
                        cancel_equipment[1 - side] = True
                    elif effect.kind == "opponent_total":
                        modifier[1 - side] += effect.amount
        for side in (0, 1):
            dice[side] = self.roll(seats[side], R_ATTACK if side == 0 else R_DEFENCE, events)
            if ctx["ally"][side] is not None:
                ally_dice[side] = self.roll(ctx["ally"][side], R_ALLIANCE, events)
        bonus = [0, t.defender_bonus]
        for side in (0, 1):
            cards = self.fight[seats[side]]
            value = sum(t.cards[c].value for c in cards
                        if not (cancel_equipment[side] and t.cards[c].type == "equipment"))
            totals[side] = value + dice[side] + ally_dice[side] + ctx["sp"][side] + modifier[side] + bonus[side]
        if totals[0] != totals[1]:
            win = 0 if totals[0] > totals[1] else 1
            verdict = FIGHT_ATTACKER_WINS if win == 0 else FIGHT_DEFENDER_WINS
        else:
            win = 1 if t.tie == "defender" else 0
            verdict = FIGHT_TIE_DEFENDER if win == 1 else FIGHT_TIE_ATTACKER
        ctx["winner_side"] = win
        explanation = Message(verdict, attack=totals[0], defence=totals[1])
        events.append(AttackResolved(seats[0], seats[1], tuple(self.fight[seats[0]]), tuple(self.fight[seats[1]]),
                                     tuple(dice), tuple(ally_dice), tuple(ctx["sp"]), tuple(totals), seats[win],
                                     explanation, (modifier[0] + bonus[0], modifier[1] + bonus[1])))
        loser_side = 1 - win
        loser = seats[loser_side]
        occasion = "after_fight_attacker" if loser_side == 0 else "after_fight_defender"
        if self._asks(loser, occasion):
            self.phase = "after_a" if loser_side == 0 else "after_d"
            ctx["seat"] = loser
        else:
            self._finish_fight(events)

    def _moves_after(self, seat: int) -> list[Move]:
        occasion = "after_fight_attacker" if self.phase == "after_a" else "after_fight_defender"
        return [PASS] + [move_of(Facts("play", c)) for c in self.t.holding(self.hands[seat], occasion)]

    def _do_after(self, seat: int, move: Move, events: list[Event]) -> None:
        text = move.payload.card
        occasion = "after_fight_attacker" if self.phase == "after_a" else "after_fight_defender"
        if not text:
            self._passed_on(seat, occasion)
        else:
            self.play_from_hand(seat, text, events)
            events.append(Reacted(seat, text, "fight"))
            for effect in self.t.cards[text].effects(occasion):
                if effect.kind == "keep_cards":
                    self.ctx["kept"] = "all"
                elif effect.kind == "take_back":
                    self.ctx["kept"] = "kept"
                elif effect.kind == "save_lieutenant":
                    self.ctx["saved"] = text
        self._finish_fight(events)


    def _finish_fight(self, events: list[Event]) -> None:
        t, ctx = self.t, self.ctx
        seats = (ctx["attacker"], ctx["defender"])
        win = ctx["winner_side"]
        for side in (0, 1):
            seat = seats[side]
            cards, self.fight[seat] = self.fight[seat], []
            if side != win:
                if ctx["kept"] == "all":                       # keep_cards: every card back
                    self._back_in_hand(seat, cards)
                elif ctx["kept"]:                              # take_back: not those to discard after
                    self.to_discard(seat, [c for c in cards if t.cards[c].discard_after_fight], events,
                                    R_AFTER_FIGHT)
                    self._back_in_hand(seat, [c for c in cards if not t.cards[c].discard_after_fight])
                else:
                    self.to_discard(seat, cards, events, R_LOST_FIGHT)
                continue
            gone = [c for c in cards if t.cards[c].discard_after_fight]
            kept = [c for c in cards if not t.cards[c].discard_after_fight]
            self.to_discard(seat, gone, events, R_AFTER_FIGHT)
            if side == 1:
                self._back_in_hand(seat, kept)
            else:
                self.table[seat].extend(kept)
        ally = ctx["ally"][win]
        if ally is not None and self.living(ally):
            amount = t.cards[ctx["tactics"][win]].effect("tactic", "ally").amount
            self.gain_support(ally, amount, events, R_ALLIANCE_WON)
        attacker, attacks = seats[0], ctx["attacks"]
        saved = ctx["saved"]
        self._begin_turn(attacker)
        self.ctx["attacks"] = attacks
        if win == 0:
            if saved:
                events.append(LieutenantSaved(seats[1], saved))
            else:
                self.lose_lieutenant(seats[1], R_FIGHT, events)

    # --- zones and view -----------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        hand_vis = "public" if self.phase == "over" else "owner"
        out = []
        for s in range(self.players):
            out.append(Zone(f"hand:{s}", "hand", s, hand_vis, tuple(self.sorted_hand(s))))
            out.append(Zone(f"table:{s}", "slot", s, "public", tuple(self.table[s])))
            out.append(Zone(f"fight:{s}", "slot", s, "public", tuple(self.fight[s])))
        out.append(Zone("deck", "pile", None, "hidden", tuple(reversed(self.deck))))
        out.append(Zone("discard", "pile", None, "public", tuple(reversed(self.discard))))
        return out

    def public_info(self) -> BombInfo:
        return BombInfo(
            start_seat=self.start_seat, phase=self.phase, ctx=PhaseContext.of(self.ctx),
            lieutenants=tuple(self.lieutenants), support=tuple(self.support), supply=self.supply, spent=self.spent,
            climate=self.climate, bag=tuple(self.bag), timer=self.timer, timer_start=self.timer_start,
            bomb=self.bomb, sender=self.sender, first=self.first, round_no=self.round_no,
            bomb_moves=self.bomb_moves, winner=self.winner, alive=tuple(self.alive()),
            known=tuple(self.known), passed=tuple(self.passed))




def _within(cards, pool) -> bool:
    """Does `pool` hold every card of the multiset `cards`?"""
    return all(pool.count(c) >= n for c, n in Counter(cards).items())


# --- the phase table -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BombPhase(Phase):
    """A phase of Revolución: its moves and how they apply (the state dispatches through `PHASES`), and,
    for a reaction, the card occasions that made the seat asked hold a card usable there (a rebuilt
    state deals that seat such a card: `from_view`)."""

    moves: Callable[[BombState, int], list[Move]] = field(default=lambda state, seat: [], compare=False)
    apply: Callable[[BombState, int, Move, list[Event]], None] = field(default=lambda *a: None, compare=False)
    holders: tuple[str, ...] = ()


S = BombState
#: Every phase in which a seat acts, with its step (what bomb_ai and bomb_hints answer) and move kinds.
PHASES = PhaseTable(
    BombPhase("exchange", "exchange", ("keep", "swap"), S._moves_exchange, S._do_exchange),
    BombPhase("irish", "irish", ("pass", "play"), S._moves_irish, S._do_irish, ("interrupt",)),
    BombPhase("turn", "turn", ("play", "attack", "send", "dig"), S._moves_turn, S._do_turn),
    BombPhase("massacre", "massacre", ("pass", "play"), S._moves_massacre, S._do_massacre, ("massacre",)),
    BombPhase("dig", "dig", ("send",), S._moves_dig, S._do_dig),
    BombPhase("fort", "fort", ("pass", "play"), S._moves_fort, S._do_fort, ("attacked",)),
    BombPhase("commit_a", "commit", ("fight",), S._moves_commit_a, S._do_commit_a),
    BombPhase("commit_d", "commit", ("fight",), S._moves_commit_d, S._do_commit_d),
    BombPhase("tactic_a", "tactic", ("pass", "play"), S._moves_tactic, S._do_tactic_a, ("tactic",)),
    BombPhase("tactic_d", "tactic", ("pass", "play"), S._moves_tactic, S._do_tactic_d, ("tactic",)),
    BombPhase("after_a", "after", ("pass", "play"), S._moves_after, S._do_after, ("after_fight_attacker",)),
    BombPhase("after_d", "after", ("pass", "play"), S._moves_after, S._do_after, ("after_fight_defender",)),
    BombPhase("explosion", "explosion", ("pass", "play"), S._moves_explosion, S._do_explosion, ("explosion",)),
    BombPhase("wrongwire", "wrongwire", ("pass", "play"), S._moves_wrongwire, S._do_wrongwire, ("against_disarm",)),
)
del S

FAMILY = BombFamily()
