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
richest players).

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
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine.events import Dealt, Event, GameOver, Played, ScoreChanged, TrickWon
from ..engine.move import Move
from ..engine.schema import DictOf, Int, ListOf, Map, Str, Bool
from ..engine.state import GameState, View, Zone

# --- family events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    turn: int
    leader: int
    pitchfork_holder: int | None


@dataclass(frozen=True, slots=True)
class FamilyChosen(Event):
    seat: int
    family: str
    name: str


@dataclass(frozen=True, slots=True)
class CoinPaid(Event):
    """Coins moved between token zones (`supply`, `trick_coins`, `coins:<s>`)."""

    amount: int
    source: str
    target: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Revolt(Event):
    leader: int
    cards: tuple[str, ...]
    citizens: int
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class BonusAwarded(Event):
    seat: int
    bonus: str          # "noble" or "knave"
    card: str
    amount: int
    token: str          # "arms" or "coin"
    source: str         # the zone the tokens came from
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    turn: int
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]
    coins: tuple[int, ...]


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

    def new_game(self, rules, players: int, seed: int | None, deal: dict | None, start_seat: int):
        t = _tables(rules)
        if seed is None:
            seed = random.randrange(2**31)
        state = TricksState(rules, t, players, seed, start_seat)
        if deal is None:
            state._deal_turn(1, [])
        else:
            state._deal_custom(deal)
        return state

    def from_view(self, rules, view: View, rng: random.Random) -> "TricksState":
        return TricksState.from_view(rules, _tables(rules), view, rng)


# --- tables -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    ids: tuple[str, ...]
    fam: tuple[int, ...]               # family index, -1 for Citizens
    val: tuple[int, ...]
    index: dict[str, int]
    letters: tuple[str, ...]
    names: tuple[str, ...]
    plural: dict[str, str]
    fam_cards: tuple[tuple[int, ...], ...]
    citizen: int
    pitchfork: int
    trump: int
    card_moves: tuple[Move, ...]
    cut_moves: tuple[Move | None, ...]
    full_deck: tuple[int, ...]         # every card of the box, Citizens repeated
    lookup: dict[str, tuple[str, int]]  # move text -> ("play" | "cut", card index)


def _tables(rules) -> Tables:
    cached = getattr(rules, "_tricks_tables", None)
    if cached is not None:
        return cached
    d = rules.data
    ids, fam, val = [], [], []
    fam_cards = []
    for fi, spec in enumerate(d["families"]):
        cards = []
        for v in range(spec["low"], spec["high"] + 1):
            cards.append(len(ids))
            ids.append(f"{spec['letter']}{v}")
            fam.append(fi)
            val.append(v)
        fam_cards.append(tuple(cards))
    citizen = len(ids)
    ids.append(d["citizens"]["id"])
    fam.append(-1)
    val.append(0)
    pitchfork = len(ids)
    ids.append(d["pitchfork"]["id"])
    fam.append(-1)
    val.append(0)
    letters = tuple(f["letter"] for f in d["families"])
    trump = letters.index(d["trump"])
    card_moves = tuple(Move(c, ("play", i)) for i, c in enumerate(ids))
    cut_moves = tuple(Move(f"cut:{c}", ("cut", i)) if fam[i] == trump else None for i, c in enumerate(ids))
    full = tuple(i for i in range(citizen)) + (citizen,) * d["citizens"]["count"] + (pitchfork,)
    plural = {f["letter"]: f["name"] for f in d["families"]}
    t = Tables(tuple(ids), tuple(fam), tuple(val), {c: i for i, c in enumerate(ids)}, letters,
               tuple(f["name"] for f in d["families"]), plural, tuple(fam_cards), citizen, pitchfork,
               trump, card_moves, cut_moves, full,
               {**{c: ("play", i) for i, c in enumerate(ids)},
                **{m.text: ("cut", i) for i, m in enumerate(cut_moves) if m is not None}})
    rules._tricks_tables = t
    return t


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") else name


# --- the state ----------------------------------------------------------------------------------


class TricksState(GameState):
    """A Révolte! game. Hands are count lists indexed by card type (`t.ids`)."""

    def __init__(self, rules, t: Tables, players: int, seed: int, start_seat: int):
        d = rules.data
        self.rules = rules
        self.t = t
        self.players = players
        self.seed = seed
        self.deal_seed = seed
        self.start_seat = start_seat
        self.history: list[tuple[int, str]] = []
        spec = d["deal"][players]
        self.hand_size = spec["hand"]
        self.box = [t.index[c] for c in spec.get("remove", [])]
        self.turns = d["turns"]
        self.cut_cost = d["cut"]["coins"]
        self.ties_revolt = d["revolt"]["ties_revolt"]
        bon = d.get("bonuses", {})
        nb, kb = bon.get("noble"), bon.get("knave")
        self.noble = (t.letters.index(nb["family"]), nb["card"] == "highest", nb["points"]) if nb else None
        self.knave = (t.letters.index(kb["family"]), kb["card"] == "highest", kb["coins"]) if kb else None
        self.per_trick = d["turn_end"]["points_per_trick"]
        self.end_bonus = (d["game_end"]["richest_alone"], d["game_end"]["richest_tied"])
        self.coin_total = d["supply"]["coins"]
        self.arms_total = sum(v * k for v, k in d["supply"]["coat_of_arms"].items())
        start = d["start"]["coins"]
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
        self.last: dict[str, Any] | None = None
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
            return [Move(f"take:{s}", ("take", s)) for s in self.pending[1]]
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
        if seat not in self._to_act:
            return False
        t = self.t
        parsed = _parse_text(t, move.text)
        if parsed is None:
            return False
        kind, i = parsed
        if self.pending is not None:
            return kind == "take" and i in self.pending[1]
        if kind == "take":
            return False
        hand = self.hands[seat]
        if not hand[i]:
            return False
        if kind == "cut":
            return t.fam[i] == t.trump and self.coins[seat] >= self.cut_cost
        f, chosen = t.fam[i], self.family
        if chosen < 0 or f < 0 or f == chosen:
            return True
        return not any(hand[j] for j in t.fam_cards[chosen])

    def _apply(self, seat: int, move: Move) -> list[Event]:
        kind, arg = _parse_text(self.t, move.text)  # the text, not the payload, is the move
        events: list[Event] = []
        if kind == "take":
            self._take_coin(self.pending[0], arg, self.pending[2], events)
            self.pending = None
            self._after_trick(events)
            return events
        self._play(seat, arg, kind == "cut", events)
        return events

    # --- a trick --------------------------------------------------------------------------------
    def _play(self, seat: int, card: int, cut: bool, events: list[Event]) -> None:
        t = self.t
        self.hands[seat][card] -= 1
        text = f"cut:{t.ids[card]}" if cut else t.ids[card]
        events.append(Played(seat, (t.ids[card],), text))
        if cut:
            self.coins[seat] -= self.cut_cost
            self.trick_coins += self.cut_cost
            events.append(CoinPaid(self.cut_cost, f"coins:{seat}", "trick_coins", "cut"))
        f = t.trump if cut else t.fam[card]
        if f >= 0:
            if self.family < 0:
                self.family = f
                events.append(FamilyChosen(seat, t.letters[f], t.names[f]))
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
        played = tuple((s, t.ids[c], cut) for s, c, cut in trick)
        pending = None
        if self.trick_coins:
            events.append(CoinPaid(self.trick_coins, "trick_coins", "supply", "cuts go back to the supply"))
            self.supply += self.trick_coins
            self.trick_coins = 0
        if revolt:
            self.revolt_pile.extend(c for _, c, _ in trick)
            explanation = (f"Revolt! {citizens} Citizen{'s' if citizens != 1 else ''} against at most {most} "
                           f"card{'s' if most != 1 else ''} of one family: nobody wins, no bonuses; "
                           f"seat {self.leader + 1} leads again.")
            events.append(Revolt(self.leader, cards, citizens, explanation))
            self.last = {"revolt": True, "winner": None, "cards": played, "bonuses": (),
                         "explanation": explanation}
            self.next_leader = self.leader
        else:
            cuts = [(t.val[c], s, c) for s, c, cut in trick if cut]
            if cuts:
                _, winner, top = max(cuts)
                explanation = (f"Seat {winner + 1} wins with the cut {t.ids[top]}"
                               + (", the highest cut." if len(cuts) > 1 else "."))
            else:
                _, winner, top = max((t.val[c], s, c) for s, c, cut in trick if t.fam[c] == self.family)
                explanation = (f"{t.names[self.family]} were chosen; seat {winner + 1} wins with {t.ids[top]}, "
                               f"the highest.")
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
                    why = (f"Noble's bonus: seat {seat + 1} played the "
                           f"{'only' if len(found) == 1 else ('highest' if highest else 'lowest')} "
                           f"{_singular(t.names[fam])} ({t.ids[card]}).")
                    events.append(BonusAwarded(seat, "noble", t.ids[card], amount, "arms", "arms_supply", why))
                    events.append(ScoreChanged(seat, amount, self.points[seat], "Noble's bonus"))
                    bonuses.append(("noble", seat, t.ids[card]))
            if self.knave is not None:
                fam, highest, amount = self.knave
                found = [(t.val[c], s, c) for s, c, _ in trick if t.fam[c] == fam]
                if found and amount:
                    _, seat, card = max(found) if highest else min(found)
                    bonuses.append(("knave", seat, t.ids[card]))
                    why = (f"Knave's bonus: seat {seat + 1} played the "
                           f"{'only' if len(found) == 1 else ('highest' if highest else 'lowest')} "
                           f"{_singular(t.names[fam])} ({t.ids[card]}).")
                    paid = min(amount, self.supply)
                    if paid:
                        self.supply -= paid
                        self.coins[seat] += paid
                        events.append(BonusAwarded(seat, "knave", t.ids[card], paid, "coin", "supply", why))
                        events.append(CoinPaid(paid, "supply", f"coins:{seat}", "Knave's bonus"))
                    if paid < amount:
                        others = [s for s in range(self.players) if s != seat and self.coins[s] > 0]
                        if others:
                            richest = max(self.coins[s] for s in others)
                            options = tuple(s for s in others if self.coins[s] == richest)
                            if len(options) == 1:
                                self._take_coin(seat, options[0], t.ids[card], events)
                            else:
                                pending = (seat, options, t.ids[card])
            self.last = {"revolt": False, "winner": winner, "cards": played, "bonuses": tuple(bonuses),
                         "explanation": explanation}
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
        why = f"Knave's bonus ({card}): the supply is empty, seat {seat + 1} takes a coin from seat {victim + 1}."
        events.append(BonusAwarded(seat, "knave", card, 1, "coin", f"coins:{victim}", why))
        events.append(CoinPaid(1, f"coins:{victim}", f"coins:{seat}", "Knave's bonus (empty supply)"))

    def _after_trick(self, events: list[Event]) -> None:
        if not any(sum(h) for h in self.hands):
            self._end_turn(events)
            return
        self.trick_no += 1
        self.leader = self.next_leader
        self._to_act = (self.leader,)

    def _end_turn(self, events: list[Event]) -> None:
        won = tuple(len(w) for w in self.won)
        for s in range(self.players):
            gain = won[s] * self.per_trick
            if gain:
                self.points[s] += gain
                self.arms -= gain
                events.append(ScoreChanged(s, gain, self.points[s], f"{won[s]} trick{'s' if won[s] > 1 else ''} won"))
        events.append(TurnEnded(self.turn, won, tuple(self.points), tuple(self.coins)))
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
                                           "the most coins" if len(rich) == 1 else "tied for the most coins"))
        best = max(self.points)
        top = [s for s in range(self.players) if self.points[s] == best]
        best_coins = max(self.coins[s] for s in top)
        self.final_winners = tuple(s for s in top if self.coins[s] == best_coins)
        self.over = True
        self._to_act = ()
        names = ", ".join(f"seat {s + 1}" for s in self.final_winners)
        if len(self.final_winners) == 1:
            explanation = f"{names.capitalize()} wins with {best} coats of arms"
        else:
            explanation = f"{names.capitalize()} share the victory with {best} coats of arms"
        if len(top) > 1:
            explanation += f" (tie on points broken by coins: {best_coins})"
        events.append(GameOver(tuple(self.points), explanation + ".",
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

    def public_info(self) -> dict[str, Any]:
        t = self.t
        fam = self.family
        info: dict[str, Any] = {
            "turn": self.turn,
            "turns": self.turns,
            "trick_no": self.trick_no,
            "leader": self.leader,
            "start_seat": self.start_seat,
            "trick": tuple({"seat": s, "card": t.ids[c], "cut": cut, "coins": self.cut_cost if cut else 0}
                           for s, c, cut in self.trick),
            "chosen_family": t.letters[fam] if fam >= 0 else None,
            "chosen_family_name": t.names[fam] if fam >= 0 else None,
            "coins": tuple(self.coins),
            "points": tuple(self.points),
            "supply": self.supply,
            "arms_supply": self.arms,
            "trick_coins": self.trick_coins,
            "tricks_won": tuple(len(w) for w in self.won),
            "hand_counts": tuple(sum(h) for h in self.hands),
            "voids": tuple("".join(t.letters[f] for f in range(len(t.letters)) if v >> f & 1) for v in self.voids),
            "pitchfork_holder": self.pitchfork_holder,
            "pending_take": None if self.pending is None else {"seat": self.pending[0], "options": self.pending[1],
                                                               "card": self.pending[2]},
            "next_leader": self.next_leader,
            "last": self.last,
            "cut_cost": self.cut_cost,
            "families": t.letters,
            "trump": t.letters[t.trump],
            "family_names": t.names,
        }
        if self.over:
            info["winners"] = self.final_winners
        return info

    # --- copies ---------------------------------------------------------------------------------
    def clone(self) -> "TricksState":
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
    def from_view(cls, rules, t: Tables, view: View, rng: random.Random) -> "TricksState":
        """A state agreeing with `view`: own hand and every public card kept, hidden cards re-dealt
        among the hidden hands (respecting public voids and the pitchfork holder) and `unused`."""
        info = view.info
        n = view.players
        state = cls(rules, t, n, rng.randrange(2**31), info["start_seat"])
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
        state.trick = [(e["seat"], t.index[e["card"]], e["cut"]) for e in info["trick"]]
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
        voids = [sum(1 << t.letters.index(ch) for ch in v) for v in info["voids"]]
        forced = {}
        holder = info["pitchfork_holder"]
        if holder is not None and t.pitchfork in pool and holder in capacity:
            forced[t.pitchfork] = holder
        assigned = _constrained_deal(t, pool, slots, capacity, voids, forced, rng)
        for s in range(n):
            counts = [0] * len(t.ids)
            for c in hands[s] if hands[s] is not None else assigned[s]:
                counts[c] += 1
            state.hands[s] = counts
        state.unused = unused_known if unused_known is not None else assigned[-1]
        state.turn = info["turn"]
        state.trick_no = info["trick_no"]
        state.leader = info["leader"]
        fam = info["chosen_family"]
        state.family = t.letters.index(fam) if fam is not None else -1
        state.coins = [zones[f"coins:{s}"].count for s in range(n)]
        state.points = [zones[f"points:{s}"].count for s in range(n)]
        state.supply = zones["supply"].count
        state.arms = zones["arms_supply"].count
        state.trick_coins = zones["trick_coins"].count
        state.voids = voids
        state.pitchfork_holder = holder
        pend = info["pending_take"]
        state.pending = None if pend is None else (pend["seat"], tuple(pend["options"]), pend["card"])
        state.next_leader = info["next_leader"]
        state.last = info["last"]
        state.over = view.is_over
        state.final_winners = tuple(info.get("winners", ()))
        state._to_act = tuple(view.to_act)
        return state


def _constrained_deal(t: Tables, pool: list[int], slots: list[int], capacity: dict[int, int],
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

        def eligible(card: int) -> list[int]:
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


def _parse_text(t: Tables, text: str) -> tuple[str, int] | None:
    """(kind, card index or seat) for a move text; None if it names no move of this game."""
    found = t.lookup.get(text)
    if found is not None:
        return found
    if text.startswith("take:") and text[5:].isdigit():
        return "take", int(text[5:])
    return None


# --- helpers for the table and the AI -----------------------------------------------------------


def _seat_facts(state_or_view, seat: int):
    """(hand ids or None, info, to_act, over) from a state or a view."""
    if isinstance(state_or_view, GameState):
        return (state_or_view._hand_ids(seat), state_or_view.public_info(), state_or_view.to_act,
                state_or_view.is_over)
    view = state_or_view
    zone = view.zones.get(f"hand:{seat}")
    return (None if zone is None else zone.cards), view.info, view.to_act, view.is_over


def why_not_playable(state_or_view, seat: int, card_id: str) -> str | None:
    """Why `seat` cannot play `card_id` (a card id, or `cut:B7`) now; None when it can.

    Works from a state or from that seat's view (the UI has only the view). A plain Blaggard that
    may only be played as a cut gets a reason that says so.
    """
    hand, info, to_act, over = _seat_facts(state_or_view, seat)
    if over:
        return "the game is over"
    if seat not in to_act:
        return "it is not your turn"
    if info.get("pending_take"):
        return "first choose whom to take the Knave's coin from"
    if hand is None:
        return "that hand is hidden"
    cut = card_id.startswith("cut:")
    cid = card_id[4:] if cut else card_id
    if cid not in hand:
        return f"you do not hold {cid}"
    letters = info["families"]
    names = dict(zip(letters, info["family_names"]))
    trump = _trump_letter(state_or_view, info)
    letter = cid[0] if cid[0] in letters and cid[1:].isdigit() else None
    if cut:
        if letter != trump:
            return f"only {names.get(trump, trump)} can cut"
        if info["coins"][seat] < info["cut_cost"]:
            return "no coin left for a cut"
        return None
    chosen = info["chosen_family"]
    if chosen is None or letter is None or letter == chosen:
        return None
    if any(c[0] == chosen and c[1:].isdigit() for c in hand):
        reason = f"you must follow {names[chosen]}"
        if letter == trump:
            if info["coins"][seat] >= info["cut_cost"]:
                reason += f" ({cid} can only cut)"
            else:
                reason += f" ({cid} could only cut, and you have no coin left for a cut)"
        return reason
    return None


def playable_cards(state_or_view, seat: int) -> tuple[str, ...]:
    """The cards of `seat`'s hand that can be played now, plainly or as a cut (for highlighting)."""
    hand, _, _, _ = _seat_facts(state_or_view, seat)
    if not hand:
        return ()
    out = []
    for cid in dict.fromkeys(hand):
        if why_not_playable(state_or_view, seat, cid) is None or why_not_playable(
                state_or_view, seat, f"cut:{cid}") is None:
            out.append(cid)
    return tuple(out)


def _trump_letter(state_or_view, info) -> str:
    if isinstance(state_or_view, GameState):
        return state_or_view.rules.data["trump"]
    return info.get("trump", "B")


FAMILY = TricksFamily()
