"""The trick-taking family: Révolte! (rules/revolte.yaml).

Numbered families (Nobles, Rascals, Blaggards) and valueless Citizens are played one card per seat
into a trick. The first numbered card fixes the chosen family; Blaggards may cut with a coin; a trick
with more Citizens than any single family is a Revolt that nobody wins. Bonuses pay the players of the
highest Noble (a coat of arms) and the lowest Rascal (a coin). Three turns, re-dealt each turn.

Everything numeric comes from the YAML: families, citizens, trump family, deal per player count,
coin and coat-of-arms supply, starting coins, number of turns, bonuses and end scoring.

Card ids: `N1`..`N10`, `R1`..`R10`, `B1`..`B10`, `C` (a plain Citizen, all identical), `CP` (the
pitchfork Citizen). Moves: a card id plays it normally, `cut:B7` plays a Blaggard as a cut (paying
one coin), `take:S` chooses seat S to take a coin from (Knave's bonus with an empty supply, tied
richest players). A legal Move's payload is (kind, card index or seat): the family's search reads it on
its hot path; everyone else reads the descriptors of tricks_moves.py (`MoveInfo`: kind, cards, target).

Zones (all public except hands and cards left out of a special deal):
  `hand:<s>` (owner), `trick` (cards in play order), `trick_coins` (coins on cuts, tokens),
  `tricks:<s>` (tricks won this turn, one group per trick), `revolt` (cards of revolting tricks),
  `box` (the Citizen removed for 3 players), `unused` (hidden: cards a special deal left out),
  `coins:<s>`, `points:<s>`, `supply` (coins), `arms_supply` (coats of arms) as token zones whose
  cards are `coin` / `arms` tokens, one per unit, so conservation is a card count.

The `deal=` format (tests and puzzles):
  {"hands": [[card ids], ...],   # one list per seat, all the same length (the turn ends when empty)
   "coins": [c0, c1, ...],       # optional: coins per seat (default: starting coins); the supply
                                 #   holds the rest of the coin total, so coins are conserved
   "points": [p0, p1, ...],      # optional: coats of arms per seat (default 0), taken from the supply
   "turn": k,                    # optional: which turn this deal is (default 1; 3 = the last turn)
   "leader": s}                  # optional: who leads (default: the pitchfork holder, else start_seat)
Cards of the deck not in the hands go to the hidden `unused` zone for that turn; later turns are dealt
normally from the seed (`new_game(seed=..., deal=...)` takes both).

What the table and the AI see (tricks_records.py): `rules.params` (TricksParams), `view.info`
(TricksInfo), the events below, and `state.refusal(seat, move)`, whose codes (`CODES`) say why a card
may not be played. No sentence is made here: verdicts and reasons are Messages the UI translates.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.events import Dealt, Event, GameOver, Played, ScoreChanged, TrickWon
from ..engine.message import NOT_LEGAL, Message, Refusal
from ..engine.move import Move
from ..engine.schema import Bool, DictOf, Int, ListOf, Map, Str
from ..engine.state import GameState, View, Zone
from . import tricks_moves
from . import tricks_records as rec
from .tricks_moves import cut_text, parse, take_move
from .tricks_records import (
    BonusAwarded,
    BonusNote,
    CardTables,
    CoinPaid,
    FamilyChosen,
    LastTrick,
    PendingTake,
    Revolt,
    TrickCard,
    TricksInfo,
    TricksParams,
    TurnEnded,
    TurnStarted,
    TurnTally,
    compile_params,
)

CODES = rec.CODES + tricks_moves.CODES
__all__ = ["CODES", "FAMILY", "BonusAwarded", "CoinPaid", "FamilyChosen", "Revolt", "TricksInfo", "TricksParams",
           "TricksState", "TurnEnded", "TurnStarted", "compile_params"]

# --- schema -------------------------------------------------------------------------------------

FIELDS = {
    "families": ListOf(Map({"letter": Str(), "name": Str(), "low": Int(0, 99), "high": Int(0, 99)},
                           required=("letter", "name", "low", "high")), min_len=1),
    "citizens": Map({"id": Str(), "name": Str(), "count": Int(0, 99)}, required=("id", "name", "count")),
    "pitchfork": Map({"id": Str(), "name": Str()}, required=("id", "name")),
    "trump": Str(),
    "deal": DictOf(Int(1, 12), Map({"remove": ListOf(Str()), "hand": Int(1, 99)}, required=("hand",))),
    "supply": Map({"coins": Int(0, 9999), "coat_of_arms": DictOf(Int(1, 99), Int(0, 999))},
                  required=("coins", "coat_of_arms")),
    "start": Map({"coins": Int(0, 99)}, required=("coins",)),
    "turns": Int(1, 99),
    "cut": Map({"coins": Int(0, 99)}, required=("coins",)),
    "revolt": Map({"ties_revolt": Bool()}, required=("ties_revolt",)),
    "bonuses": Map({
        "noble": Map({"family": Str(), "card": Str(("highest", "lowest")), "points": Int(0, 99)},
                     required=("family", "card", "points")),
        "knave": Map({"family": Str(), "card": Str(("highest", "lowest")), "coins": Int(0, 99)},
                     required=("family", "card", "coins")),
    }),
    "turn_end": Map({"points_per_trick": Int(0, 99)}, required=("points_per_trick",)),
    "game_end": Map({"richest_alone": Int(0, 99), "richest_tied": Int(0, 99)},
                    required=("richest_alone", "richest_tied")),
}
REQUIRED = ("families", "citizens", "pitchfork", "trump", "deal", "supply", "start", "turns", "cut",
            "revolt", "bonuses", "turn_end", "game_end")


class TricksFamily:
    name = "tricks"
    fields = FIELDS
    required = REQUIRED
    phases = tricks_moves.PHASES
    describe = staticmethod(tricks_moves.describe)     # typed moves (engine/move.py)

    def check(self, data: dict[str, Any], report) -> None:
        letters = [f["letter"] for f in data["families"]]
        if len(set(letters)) != len(letters):
            report(("families",), "family letters must be different")
        for i, fam in enumerate(data["families"]):
            if fam["low"] > fam["high"]:
                report(("families", i), f"low ({fam['low']}) is above high ({fam['high']})")
        citizen, pitch = data["citizens"]["id"], data["pitchfork"]["id"]
        if citizen in letters or pitch in letters or citizen == pitch:
            report(("citizens", "id"), "Citizen ids must differ from each other and from family letters")
        if data["trump"] not in letters:
            report(("trump",), f"trump {data['trump']!r} is not a family letter ({', '.join(letters)})")
        for name, bonus in (data.get("bonuses") or {}).items():
            if bonus["family"] not in letters:
                report(("bonuses", name, "family"), f"{bonus['family']!r} is not a family letter")
        ids = [f"{f['letter']}{v}" for f in data["families"] for v in range(f["low"], f["high"] + 1)]
        deck_size = len(ids) + data["citizens"]["count"] + 1
        most_turn_cards = 0
        for n in range(data["players"]["min"], data["players"]["max"] + 1):
            if n not in data["deal"]:
                report(("deal",), f"no deal for {n} players")
                continue
            spec = data["deal"][n]
            for card in spec.get("remove", []):
                if card != citizen and card not in ids:
                    report(("deal", n, "remove"), f"unknown card {card!r} to remove")
            left = deck_size - len(spec.get("remove", []))
            if n * spec["hand"] > left:
                report(("deal", n, "hand"), f"{n} x {spec['hand']} cards needed but only {left} in the deck")
            most_turn_cards = max(most_turn_cards, spec["hand"])
        arms = sum(v * k for v, k in data["supply"]["coat_of_arms"].items())
        per_trick = data["turn_end"]["points_per_trick"] + data["bonuses"].get("noble", {}).get("points", 0)
        need = data["turns"] * most_turn_cards * per_trick + data["game_end"]["richest_alone"] + \
            data["game_end"]["richest_tied"] * data["players"]["max"]
        if arms < need:
            report(("supply", "coat_of_arms"), f"{arms} coats of arms may run out (a game can hand out {need})")
        if data["supply"]["coins"] < data["start"]["coins"] * data["players"]["max"]:
            report(("supply", "coins"), "not enough coins for everybody's starting coins")

    def compile_params(self, rules) -> TricksParams:
        return compile_params(rules)

    def new_game(self, rules, players: int, seed: int | None, deal: dict | None, start_seat: int):
        if seed is None:
            seed = random.randrange(2**31)
        state = TricksState(rules, players, seed, start_seat)
        if deal is None:
            state._deal_turn(1, [])
        else:
            state._deal_custom(deal)
        return state

    def from_view(self, rules, view: View, rng: random.Random) -> TricksState:
        return TricksState.from_view(rules, view, rng)


# --- the state ----------------------------------------------------------------------------------


class TricksState(GameState):
    """A Révolte! game. Hands are count lists indexed by card type (`t.ids`)."""

    def __init__(self, rules, players: int, seed: int, start_seat: int):
        p: TricksParams = rules.params
        t = p.cards
        self.rules = rules
        self.t = t
        self.players = players
        self.seed = seed
        self.deal_seed = seed
        self.start_seat = start_seat
        self.history: list[tuple[int, str]] = []
        spec = p.deal(players)
        self.hand_size = spec.hand
        self.box = [t.index[c] for c in spec.remove]
        self.turns = p.turns
        self.cut_cost = p.cut_cost
        self.ties_revolt = p.ties_revolt
        nb, kb = p.noble, p.knave
        self.noble = (t.letters.index(nb.family), nb.highest, nb.amount) if nb else None
        self.knave = (t.letters.index(kb.family), kb.highest, kb.amount) if kb else None
        self.per_trick = p.points_per_trick
        self.end_bonus = (p.richest_alone, p.richest_tied)
        self.coin_total = p.coins_total
        self.arms_total = p.arms_total
        start = p.start_coins
        self.coins = [start] * players
        self.supply = self.coin_total - start * players
        self.trick_coins = 0
        self.points = [0] * players
        self.arms = self.arms_total
        self.hands: list[list[int]] = [[0] * len(t.ids) for _ in range(players)]
        self.turn = 0
        self.trick_no = 0
        self.leader = start_seat
        self.trick: list[tuple[int, int, bool]] = []
        self.family = -1
        self.won: list[list[tuple[str, ...]]] = [[] for _ in range(players)]  # card ids per trick
        self.revolt_pile: list[int] = []
        self.unused: list[int] = []
        self.voids = [0] * players
        self.pitchfork_holder: int | None = None
        self.pending: tuple[int, tuple[int, ...], str] | None = None  # (seat, options, card)
        self.next_leader = start_seat
        self.last: LastTrick | None = None
        self.turn_ends: tuple[TurnTally, ...] = ()
        self.over = False
        self.final_winners: tuple[int, ...] = ()
        self._to_act: tuple[int, ...] = ()

    # --- dealing --------------------------------------------------------------------------------
    def _deck(self) -> list[int]:
        deck = list(self.t.full_deck)
        for card in self.box:
            deck.remove(card)
        return deck

    def _start_turn(self, turn: int, hands: list[list[int]], unused: list[int], leader: int | None,
                    events: list[Event]) -> None:
        t = self.t
        self.turn = turn
        self.trick_no = 1
        self.hands = hands
        self.unused = unused
        self.won = [[] for _ in range(self.players)]
        self.revolt_pile = []
        self.voids = [0] * self.players
        self.trick = []
        self.family = -1
        holder = next((s for s in range(self.players) if hands[s][t.pitchfork]), None)
        self.pitchfork_holder = holder
        if leader is None:
            leader = holder if holder is not None else self.start_seat
        self.leader = leader
        self._to_act = (leader,)
        events.append(Dealt(tuple(sum(h) for h in hands)))
        events.append(TurnStarted(turn, leader, holder))

    def _deal_turn(self, turn: int, events: list[Event]) -> None:
        deck = self._deck()
        random.Random(self.deal_seed * 1009 + turn).shuffle(deck)
        size = self.hand_size
        hands = []
        for s in range(self.players):
            counts = [0] * len(self.t.ids)
            for card in deck[s * size:(s + 1) * size]:
                counts[card] += 1
            hands.append(counts)
        self._start_turn(turn, hands, deck[self.players * size:], None, events)

    def _deal_custom(self, deal: dict) -> None:
        t = self.t
        unknown = set(deal) - {"hands", "coins", "points", "turn", "leader"}
        if unknown:
            raise ValueError(f"deal: unknown keys {sorted(unknown)}; expected hands, coins, points, turn, leader")
        hands_ids = deal.get("hands")
        if not isinstance(hands_ids, list) or len(hands_ids) != self.players:
            raise ValueError(f"deal: give one hand per seat ({self.players} hands)")
        if len({len(h) for h in hands_ids}) != 1 or not hands_ids[0]:
            raise ValueError("deal: every hand must hold the same number of cards (at least one)")
        remaining = self._deck()
        hands = []
        for cards in hands_ids:
            counts = [0] * len(t.ids)
            for card in cards:
                if card not in t.index:
                    raise ValueError(f"deal: unknown card {card!r}")
                try:
                    remaining.remove(t.index[card])
                except ValueError:
                    raise ValueError(f"deal: more {card} cards than the deck holds") from None
                counts[t.index[card]] += 1
            hands.append(counts)
        if "coins" in deal:
            coins = [int(c) for c in deal["coins"]]
            if len(coins) != self.players or min(coins) < 0 or sum(coins) > self.coin_total:
                raise ValueError(f"deal: coins must be {self.players} counts adding up to at most {self.coin_total}")
            self.coins = coins
            self.supply = self.coin_total - sum(coins)
        if "points" in deal:
            points = [int(p) for p in deal["points"]]
            if len(points) != self.players or min(points) < 0 or sum(points) > self.arms_total:
                raise ValueError("deal: points must be one count per seat within the supply")
            self.points = points
            self.arms = self.arms_total - sum(points)
        turn = int(deal.get("turn", 1))
        if not 1 <= turn <= self.turns:
            raise ValueError(f"deal: turn must be between 1 and {self.turns}")
        leader = deal.get("leader")
        if leader is not None and not 0 <= int(leader) < self.players:
            raise ValueError("deal: leader must be a seat number")
        self._start_turn(turn, hands, remaining, None if leader is None else int(leader), [])

    # --- contract -------------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def winners(self) -> tuple[int, ...]:
        """Most points wins; a tie goes to the richer player, and only then is it shared."""
        return self.final_winners

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.points)

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self._to_act:
            return []
        t = self.t
        if self.pending is not None:
            return [take_move(s) for s in self.pending[1]]
        hand = self.hands[seat]
        fam = self.family
        free = fam < 0
        has_f = False if free else any(hand[i] for i in t.fam_cards[fam])
        can_cut = self.coins[seat] >= self.cut_cost
        trump = t.trump
        card_fam = t.fam
        moves = []
        for i, n in enumerate(hand):
            if not n:
                continue
            f = card_fam[i]
            if free or f < 0 or f == fam or not has_f:
                moves.append(t.card_moves[i])
            if can_cut and f == trump:
                moves.append(t.cut_moves[i])
        return moves

    def is_legal(self, seat: int, move: Move) -> bool:
        """Same answer as `move in legal_moves(seat)`, without building the list (hot path)."""
        return self.canonical_move(seat, move.text) is not None

    def canonical_move(self, seat: int, text: str) -> Move | None:
        """The legal Move whose text is `text`, found without building the list (apply's hot path)."""
        if seat not in self._to_act:
            return None
        t = self.t
        parsed = parse(self.rules.params, text)
        if parsed is None:
            return None
        kind, i = parsed
        if self.pending is not None:
            ok = kind == "take" and i in self.pending[1] and text == take_move(i).text
            return take_move(i) if ok else None
        if kind == "take":
            return None
        hand = self.hands[seat]
        if not hand[i]:
            return None
        if kind == "cut":               # cut moves exist for the trump family only
            return t.cut_moves[i] if self.coins[seat] >= self.cut_cost else None
        f, chosen = t.fam[i], self.family
        if chosen < 0 or f < 0 or f == chosen or not any(hand[j] for j in t.fam_cards[chosen]):
            return t.card_moves[i]
        return None

    def cards_refusal(self, seat: int, cards, kind: str | None = None) -> Refusal:
        """Why these cards make no move (`kind` "cut": why this card may not cut now)."""
        if kind == "cut" and len(cards) == 1 and not self.is_over and seat in self.to_act:
            return self.refusal(seat, cut_text(cards[0])) or Refusal(NOT_LEGAL)
        return super().cards_refusal(seat, cards, kind)

    def explain_refusal(self, seat: int, text: str) -> Refusal | None:
        """Why `seat` (to act) may not play `text` now: take the Knave's coin first, a card not held,
        a cut without a Blaggard or a coin, or the chosen family to follow. None for texts that name
        no card (the engine then says "not a legal move")."""
        t = self.t
        if self.pending is not None:
            return None if text.startswith("take:") else Refusal(rec.TAKE_FIRST)
        parsed = parse(self.rules.params, text)
        if parsed is None or parsed[0] == "take":
            card = text.removeprefix("cut:")
            if parsed is None and card in t.index and not self.hands[seat][t.index[card]]:
                return Refusal(rec.NOT_HELD, card=self._card(t.index[card]))
            if parsed is None and text.startswith("cut:") and card in t.index:
                return Refusal(rec.ONLY_TRUMP_CUTS, family=t.plurals[t.trump])
            return None
        kind, i = parsed
        if not self.hands[seat][i]:
            return Refusal(rec.NOT_HELD, card=self._card(i))
        can_cut = self.coins[seat] >= self.cut_cost
        if kind == "cut":               # a Blaggard held (cut moves exist only for the trump family)
            return None if can_cut else Refusal(rec.NO_COIN_TO_CUT, cost=self.cut_cost)
        # a held card that is not legal: it does not follow the chosen family
        if t.fam[i] == t.trump:
            code = rec.MUST_FOLLOW_CUT_ONLY if can_cut else rec.MUST_FOLLOW_NO_COIN
            return Refusal(code, family=t.plurals[self.family], card=self._card(i))
        return Refusal(rec.MUST_FOLLOW, family=t.plurals[self.family])

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind, arg = move.payload     # the engine's own canonical move (engine.state.legal_move)
        events: list[Event] = []
        if kind == "take":
            self._take_coin(self.pending[0], arg, self.pending[2], events)
            self.pending = None
            self._after_trick(events)
            return events
        self._play(seat, arg, kind == "cut", events, move.text)
        return events

    # --- a trick --------------------------------------------------------------------------------
    def _play(self, seat: int, card: int, cut: bool, events: list[Event], text: str) -> None:
        t = self.t
        self.hands[seat][card] -= 1
        events.append(Played(seat, (t.ids[card],), text, "cut" if cut else "play"))
        if cut:
            self.coins[seat] -= self.cut_cost
            self.trick_coins += self.cut_cost
            events.append(CoinPaid(self.cut_cost, f"coins:{seat}", "trick_coins", rec.COINS_CUT))
        f = t.trump if cut else t.fam[card]
        if f >= 0:
            if self.family < 0:
                self.family = f
                events.append(FamilyChosen(seat, t.letters[f]))
            elif f != self.family and not cut:  # a plain card of another family: void in the chosen one
                self.voids[seat] |= 1 << self.family
        self.trick.append((seat, card, cut))
        if len(self.trick) == self.players:
            self._resolve(events)
        else:
            self._to_act = ((seat + 1) % self.players,)

    def _resolve(self, events: list[Event]) -> None:
        t = self.t
        trick = self.trick
        counts = [0] * len(t.letters)
        citizens = 0
        for _, card, cut in trick:
            f = t.trump if cut else t.fam[card]
            if f < 0:
                citizens += 1
            else:
                counts[f] += 1
        most = max(counts)
        revolt = citizens > most or (self.ties_revolt and citizens and citizens == most)
        cards = tuple(t.ids[c] for _, c, _ in trick)
        played = self._trick_cards()
        pending = None
        if self.trick_coins:
            events.append(CoinPaid(self.trick_coins, "trick_coins", "supply", rec.COINS_CUT_RETURN))
            self.supply += self.trick_coins
            self.trick_coins = 0
        if revolt:
            self.revolt_pile.extend(c for _, c, _ in trick)
            explanation = Message(rec.VERDICT_REVOLT, citizens=citizens, most=most, player=self.leader + 1)
            events.append(Revolt(self.leader, cards, citizens, most, explanation))
            self.last = LastTrick(True, None, played, (), explanation)
            self.next_leader = self.leader
        else:
            cuts = [(t.val[c], s, c) for s, c, cut in trick if cut]
            if cuts:
                _, winner, top = max(cuts)
                explanation = Message(rec.VERDICT_HIGHEST_CUT if len(cuts) > 1 else rec.VERDICT_CUT,
                                      player=winner + 1, card=self._card(top))
            else:
                _, winner, top = max((t.val[c], s, c) for s, c, cut in trick if t.fam[c] == self.family)
                explanation = Message(rec.VERDICT_HIGHEST, family=t.plurals[self.family],
                                      player=winner + 1, card=self._card(top))
            self.won[winner].append(cards)
            events.append(TrickWon(winner, cards, explanation))
            bonuses = []
            if self.noble is not None:
                fam, highest, amount = self.noble
                found = [(t.val[c], s, c) for s, c, _ in trick if t.fam[c] == fam]
                if found and amount:
                    _, seat, card = max(found) if highest else min(found)
                    self.points[seat] += amount
                    self.arms -= amount
                    why = self._bonus_why("noble", seat, card, fam, highest, len(found))
                    events.append(BonusAwarded(seat, "noble", t.ids[card], amount, "arms", "arms_supply", why))
                    events.append(ScoreChanged(seat, amount, self.points[seat], rec.BONUS_MESSAGES["noble"]))
                    bonuses.append(BonusNote("noble", seat, t.ids[card]))
            if self.knave is not None:
                fam, highest, amount = self.knave
                found = [(t.val[c], s, c) for s, c, _ in trick if t.fam[c] == fam]
                if found and amount:
                    _, seat, card = max(found) if highest else min(found)
                    bonuses.append(BonusNote("knave", seat, t.ids[card]))
                    why = self._bonus_why("knave", seat, card, fam, highest, len(found))
                    paid = min(amount, self.supply)
                    if paid:
                        self.supply -= paid
                        self.coins[seat] += paid
                        events.append(BonusAwarded(seat, "knave", t.ids[card], paid, "coin", "supply", why))
                        events.append(CoinPaid(paid, "supply", f"coins:{seat}", rec.COINS_KNAVE))
                    if paid < amount:
                        others = [s for s in range(self.players) if s != seat and self.coins[s] > 0]
                        if others:
                            richest = max(self.coins[s] for s in others)
                            options = tuple(s for s in others if self.coins[s] == richest)
                            if len(options) == 1:
                                self._take_coin(seat, options[0], t.ids[card], events)
                            else:
                                pending = (seat, options, t.ids[card])
            self.last = LastTrick(False, winner, played, tuple(bonuses), explanation)
            self.next_leader = winner
        self.trick = []
        self.family = -1
        if pending is not None:
            self.pending = pending
            self._to_act = (pending[0],)
            return
        self._after_trick(events)

    def _take_coin(self, seat: int, victim: int, card: str, events: list[Event]) -> None:
        self.coins[victim] -= 1
        self.coins[seat] += 1
        why = Message(rec.KNAVE_STEAL, card=self._card(self.t.index[card]), player=seat + 1, victim=victim + 1)
        events.append(BonusAwarded(seat, "knave", card, 1, "coin", f"coins:{victim}", why))
        events.append(CoinPaid(1, f"coins:{victim}", f"coins:{seat}", rec.COINS_KNAVE_STEAL))

    def _card(self, card: int) -> Message:
        return self.t.messages[card]

    def _bonus_why(self, bonus: str, seat: int, card: int, fam: int, highest: bool, found: int) -> Message:
        """Why `seat` earns the bonus: it played the only, highest or lowest card of `fam` in the trick."""
        code = rec.BONUS_ONLY if found == 1 else (rec.BONUS_HIGHEST if highest else rec.BONUS_LOWEST)
        return Message(code, bonus=rec.BONUS_MESSAGES[bonus], player=seat + 1, card=self._card(card),
                       family=self.t.singulars[fam])

    def _trick_cards(self) -> tuple[TrickCard, ...]:
        ids, cost = self.t.ids, self.cut_cost
        return tuple(TrickCard(s, ids[c], cut, cost if cut else 0) for s, c, cut in self.trick)

    def _after_trick(self, events: list[Event]) -> None:
        if not any(sum(h) for h in self.hands):
            self._end_turn(events)
            return
        self.trick_no += 1
        self.leader = self.next_leader
        self._to_act = (self.leader,)

    def _end_turn(self, events: list[Event]) -> None:
        won = tuple(len(w) for w in self.won)
        gains = tuple(n * self.per_trick for n in won)
        for s in range(self.players):
            if gains[s]:
                self.points[s] += gains[s]
                self.arms -= gains[s]
                events.append(ScoreChanged(s, gains[s], self.points[s], Message(rec.SCORE_TRICKS, n=won[s])))
        ended = TurnEnded(self.turn, won, tuple(self.points), tuple(self.coins), gains)
        events.append(ended)
        self.turn_ends += (TurnTally(ended.turn, won, gains, ended.points, ended.coins),)
        if self.turn >= self.turns:
            self._end_game(events)
        else:
            self._deal_turn(self.turn + 1, events)

    def _end_game(self, events: list[Event]) -> None:
        richest = max(self.coins)
        rich = [s for s in range(self.players) if self.coins[s] == richest]
        gain = self.end_bonus[0] if len(rich) == 1 else self.end_bonus[1]
        for s in rich:
            if gain:
                self.points[s] += gain
                self.arms -= gain
                events.append(ScoreChanged(s, gain, self.points[s],
                                           Message(rec.SCORE_RICHEST if len(rich) == 1 else rec.SCORE_RICHEST_TIED)))
        best = max(self.points)
        top = [s for s in range(self.players) if self.points[s] == best]
        best_coins = max(self.coins[s] for s in top)
        self.final_winners = tuple(s for s in top if self.coins[s] == best_coins)
        self.over = True
        self._to_act = ()
        who = {"player": self.final_winners[0] + 1} if len(self.final_winners) == 1 else \
            {"players": ", ".join(str(s + 1) for s in self.final_winners)}
        if len(top) > 1:            # a tie on points, broken (or not entirely) by coins
            code = rec.GAME_WON_BY_COINS if len(self.final_winners) == 1 else rec.GAME_SHARED_BY_COINS
            explanation = Message(code, points=best, coins=best_coins, **who)
        else:
            explanation = Message(rec.GAME_WON if len(self.final_winners) == 1 else rec.GAME_SHARED, points=best, **who)
        events.append(GameOver(tuple(self.points), explanation,
                               tuple((f"coins:{s}", self.coins[s]) for s in range(self.players))
                               + tuple(("winner", s) for s in self.final_winners)))

    # --- zones and view -------------------------------------------------------------------------
    def _hand_ids(self, seat: int) -> tuple[str, ...]:
        ids = self.t.ids
        return tuple(ids[i] for i, n in enumerate(self.hands[seat]) for _ in range(n))

    def zones(self) -> list[Zone]:
        ids = self.t.ids
        zones = []
        for s in range(self.players):
            zones.append(Zone(f"hand:{s}", "hand", s, "public" if self.over else "owner", self._hand_ids(s)))
            zones.append(Zone(f"tricks:{s}", "stacks", s, "public", (), tuple(self.won[s])))
            zones.append(Zone(f"coins:{s}", "tokens", s, "public", ("coin",) * self.coins[s]))
            zones.append(Zone(f"points:{s}", "tokens", s, "public", ("arms",) * self.points[s]))
        zones.append(Zone("trick", "trick", None, "public", tuple(ids[c] for _, c, _ in self.trick)))
        zones.append(Zone("trick_coins", "tokens", None, "public", ("coin",) * self.trick_coins))
        zones.append(Zone("revolt", "pile", None, "public", tuple(ids[c] for c in self.revolt_pile)))
        zones.append(Zone("box", "pile", None, "public", tuple(ids[c] for c in self.box)))
        zones.append(Zone("unused", "pile", None, "hidden", tuple(ids[c] for c in self.unused)))
        zones.append(Zone("supply", "tokens", None, "public", ("coin",) * self.supply))
        zones.append(Zone("arms_supply", "tokens", None, "public", ("arms",) * self.arms))
        return zones

    def public_info(self) -> TricksInfo:
        t = self.t
        fam = self.family
        pend = self.pending
        return TricksInfo(
            turn=self.turn, turns=self.turns, trick_no=self.trick_no, leader=self.leader,
            start_seat=self.start_seat, trick=self._trick_cards(),
            chosen_family=t.letters[fam] if fam >= 0 else None,
            coins=tuple(self.coins), points=tuple(self.points), supply=self.supply, arms_supply=self.arms,
            trick_coins=self.trick_coins, tricks_won=tuple(len(w) for w in self.won),
            hand_counts=tuple(sum(h) for h in self.hands),
            voids=tuple("".join(t.letters[f] for f in range(len(t.letters)) if v >> f & 1) for v in self.voids),
            pitchfork_holder=self.pitchfork_holder,
            pending_take=None if pend is None else PendingTake(pend[0], pend[1], pend[2]),
            next_leader=self.next_leader, last=self.last, cut_cost=self.cut_cost, families=t.letters,
            trump=t.letters[t.trump], turn_ends=self.turn_ends, winners=self.final_winners if self.over else ())

    # --- copies ---------------------------------------------------------------------------------
    def clone(self) -> TricksState:
        other = object.__new__(TricksState)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        other.coins = self.coins[:]
        other.points = self.points[:]
        other.trick = self.trick[:]
        other.won = [w[:] for w in self.won]
        other.revolt_pile = self.revolt_pile[:]
        other.unused = self.unused[:]
        other.voids = self.voids[:]
        other.history = self.history[:]
        other.box = self.box[:]
        return other

    @classmethod
    def from_view(cls, rules, view: View, rng: random.Random) -> TricksState:
        """A state agreeing with `view`: own hand and every public card kept, hidden cards re-dealt
        among the hidden hands (respecting public voids and the pitchfork holder) and `unused`."""
        info: TricksInfo = view.info
        n = view.players
        t = rules.params.cards
        state = cls(rules, n, rng.randrange(2**31), info.start_seat)
        state.seed = None
        zones = view.zones
        pool = list(t.full_deck)

        def known(card_ids) -> list[int]:
            out = []
            for cid in card_ids:
                i = t.index[cid]
                pool.remove(i)
                out.append(i)
            return out

        hands: list[list[int] | None] = []
        for s in range(n):
            z = zones[f"hand:{s}"]
            hands.append(known(z.cards) if z.cards is not None else None)
        state.won = [[tuple(g) for g in zones[f"tricks:{s}"].groups] for s in range(n)]
        for s in range(n):
            for g in zones[f"tricks:{s}"].groups:
                known(g)
        state.trick = [(e.seat, t.index[e.card], e.cut) for e in info.trick]
        known(zones["trick"].cards)
        state.revolt_pile = known(zones["revolt"].cards)
        state.box = known(zones["box"].cards)
        uz = zones["unused"]
        unused_known = known(uz.cards) if uz.cards is not None else None
        # hidden slots: other hands, and the unused pile
        slots = [s for s in range(n) if hands[s] is None]
        capacity = {s: zones[f"hand:{s}"].count for s in slots}
        if unused_known is None:
            slots.append(-1)
            capacity[-1] = uz.count
        voids = [sum(1 << t.letters.index(ch) for ch in v) for v in info.voids]
        forced = {}
        holder = info.pitchfork_holder
        if holder is not None and t.pitchfork in pool and holder in capacity:
            forced[t.pitchfork] = holder
        assigned = _constrained_deal(t, pool, slots, capacity, voids, forced, rng)
        for s in range(n):
            counts = [0] * len(t.ids)
            for c in hands[s] if hands[s] is not None else assigned[s]:
                counts[c] += 1
            state.hands[s] = counts
        state.unused = unused_known if unused_known is not None else assigned[-1]
        state.turn = info.turn
        state.trick_no = info.trick_no
        state.leader = info.leader
        fam = info.chosen_family
        state.family = t.letters.index(fam) if fam is not None else -1
        state.coins = [zones[f"coins:{s}"].count for s in range(n)]
        state.points = [zones[f"points:{s}"].count for s in range(n)]
        state.supply = zones["supply"].count
        state.arms = zones["arms_supply"].count
        state.trick_coins = zones["trick_coins"].count
        state.voids = voids
        state.pitchfork_holder = holder
        pend = info.pending_take
        state.pending = None if pend is None else (pend.seat, tuple(pend.options), pend.card)
        state.next_leader = info.next_leader
        state.last = info.last
        state.turn_ends = info.turn_ends
        state.over = view.is_over
        state.final_winners = info.winners
        state._to_act = tuple(view.to_act)
        return state


def _constrained_deal(t: CardTables, pool: list[int], slots: list[int], capacity: dict[int, int],
                      voids: list[int], forced: dict[int, int], rng: random.Random) -> dict[int, list[int]]:
    """Deal `pool` into `slots` of given capacities; a seat never gets a family it is known to lack.

    Random greedy with the most constrained cards first, retried a few times; if the constraints
    cannot be met (they always can in a real game, but be safe) they are dropped.
    """
    for attempt in range(30):
        out = {s: [] for s in slots}
        room = dict(capacity)
        cards = pool[:]
        rng.shuffle(cards)
        ok = True
        for card, seat in forced.items():
            if room.get(seat, 0) <= 0:
                ok = False
                break
            cards.remove(card)
            out[seat].append(card)
            room[seat] -= 1
        if not ok:
            forced = {}
            continue

        def eligible(card: int, attempt: int = attempt, room: dict = room) -> list[int]:
            f = t.fam[card]
            if attempt >= 25 or f < 0:
                return [s for s in slots if room[s] > 0]
            return [s for s in slots if room[s] > 0 and (s < 0 or not voids[s] >> f & 1)]

        cards.sort(key=lambda c: 0 if t.fam[c] >= 0 and any(s >= 0 and voids[s] >> t.fam[c] & 1 for s in slots) else 1)
        for card in cards:
            options = eligible(card)
            if not options:
                ok = False
                break
            weights = [room[s] for s in options]
            seat = rng.choices(options, weights)[0]
            out[seat].append(card)
            room[seat] -= 1
        if ok:
            return out
    raise ValueError("cannot deal the hidden cards consistently with the view")


FAMILY = TricksFamily()
