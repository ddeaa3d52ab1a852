"""The "majority reveal" family: RevoltaaA and its Bananas variant.

Every round each seat adds one card to a fight between two colours. The colour with the larger total
wins; inside it, the lowest value shown exactly once takes the round. The family reads from YAML:
the colours and deck, the deal, how cards are revealed (all at once, or in turn from a leader), who
breaks a colour tie and who wins when no value is unique, and the end and scoring numbers.

Hot path: hands are lists of counts per card type (12 types for RevoltaaA), legal moves are
precomputed Move objects, and a round's resolution touches at most six cards. Moves: a card id plays
that card (`R3`, `B0`: the colour's letter and the value).

The boundary (what the table and the AI may use; docs/design.md): `rules.params` is a
`MajorityParams`, compiled once from the YAML (card types, colours, deal, round rules, end and
scoring). `view.info` is a `MajorityInfo`, a frozen record of public facts: the round, leader and
order, who has chosen, the colour tally, the last round's `Verdict` and, once the game is over, the
victorious colour, the centre pile's score and the per-owner `Breakdown`. Events carry ids (colour
ids, card ids, seats), never names: the UI names colours from the translation files by game and
colour id (`majority.colour.<game>.<colour>`, the rules file's own name for a custom game). What a
player may read is a Message: the round's explanation (`RoundResolved.explanation`, with the typed
`reason` and `unique_value` beside it), the end (`GameOver.explanation`) and refusals; codes are
listed in `CODES`, English in assets/locale/en.yaml (`majority:`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..engine.events import CardChosen, Event, GameOver, Played, Revealed, RoundResolved, StackTaken
from ..engine.info import Info
from ..engine.message import Message, Refusal
from ..engine.move import Move, MoveInfo, Said
from ..engine.phases import Phase, PhaseTable
from ..engine.schema import DictOf, Int, ListOf, Map, Str
from ..engine.state import GameState, View, Zone
from .majority_sim import MajoritySim

CENTER = -1  # the owner id used for the centre pile in resolution entries

FIELDS = {
    "colours": ListOf(Map({"id": Str(), "letter": Str(), "name": Str(), "symbol": Str()},
                          required=("id", "letter", "name")), min_len=2),
    "deck": DictOf(Str(), DictOf(Int(0, 99), Int(0, 99))),
    "deal": Map({"hand": Int(1, 99), "center_pile": Int(0, 99)}, required=("hand", "center_pile")),
    "round": Map({"reveal": Str(("simultaneous", "in_turn")),
                  "colour_tie": Str(("center_card", "leader")),
                  "no_unique_value": Str(("center_pile", "leader")),
                  "next_leader": Str(("round_winner", "same", "next_seat"))},
                 required=("reveal", "colour_tie", "no_unique_value")),
    "end": Map({"stacks_of_one_colour": Int(1, 99)}, required=("stacks_of_one_colour",)),
    "scoring": Map({"per_stack": Int(0, 99), "per_card_in_hand": Int(0, 99)},
                   required=("per_stack", "per_card_in_hand")),
}
REQUIRED = ("colours", "deck", "deal", "round", "end", "scoring")


# --- typed moves (engine/move.py) -------------------------------------------------------------------
#: one phase, one kind of move: a card from the hand, chosen face down or played in turn
PHASES = PhaseTable(Phase("play", "play", ("play",)))


def describe(rules, view, move: Move) -> MoveInfo:
    """The family hook: a move plays the card its text names ("Ducks 3")."""
    t = rules.params
    i = move.payload if move.payload.__class__ is int else t.index[move.text]
    label = _card_label(rules.id, t.colour_ids[t.colour[i]], t.value[i])
    return MoveInfo(move, "play", "play", (t.ids[i],), t.ids[i], namer=label)


@lru_cache(maxsize=256)
def _card_label(game: str, colour_id: str, value: int) -> Said:
    """A card's name ("Ducks 3"), made once per game, colour and value (the AI describes every move)."""
    return Said(Message("majority.hint.card", colour=Message(colour_code(game, colour_id)), value=value))


class MajorityFamily:
    name = "majority"
    fields = FIELDS
    required = REQUIRED
    phases = PHASES
    describe = staticmethod(describe)

    # --- validation -----------------------------------------------------------------------------
    def check(self, data: dict[str, Any], report) -> None:
        colours = data["colours"]
        if len(colours) != 2:
            report(("colours",), f"the majority family fights between exactly 2 colours, not {len(colours)}")
            return
        ids = [c["id"] for c in colours]
        letters = [c["letter"] for c in colours]
        if len(set(ids)) != 2 or len(set(letters)) != 2:
            report(("colours",), "colour ids and letters must be different")
        for i, letter in enumerate(letters):
            if len(letter) != 1 or not letter.isalpha():
                report(("colours", i, "letter"), f"a colour letter is one letter, not {letter!r}")
        deck = data["deck"]
        for colour_id in ids:
            if colour_id not in deck:
                report(("deck",), f"the deck has no cards for colour {colour_id!r}")
        for colour_id in deck:
            if colour_id not in ids:
                report(("deck", colour_id), f"the deck names colour {colour_id!r}, which is not in 'colours'")
            for value in deck[colour_id]:
                if value > 9:
                    report(("deck", colour_id, value), f"card values go from 0 to 9, not {value}")
        deck_size = sum(sum(counts.values()) for counts in deck.values())
        deal = data["deal"]
        most = data["players"]["max"]
        needed = most * deal["hand"] + deal["center_pile"]
        if deck_size < needed:
            report(("deal",), f"the deck has {deck_size} cards but {most} players need {needed} "
                              f"({most} x {deal['hand']} in hand + {deal['center_pile']} in the centre pile)")
        rnd = data["round"]
        has_pile = deal["center_pile"] > 0
        if rnd["reveal"] == "simultaneous" and not has_pile:
            report(("deal", "center_pile"), "a simultaneous reveal needs a centre pile (center_pile > 0)")
        if rnd["colour_tie"] == "center_card" and not has_pile:
            report(("round", "colour_tie"), "colour_tie: center_card needs a centre pile")
        if rnd["no_unique_value"] == "center_pile" and not has_pile:
            report(("round", "no_unique_value"), "no_unique_value: center_pile needs a centre pile")
        if rnd["reveal"] == "simultaneous" and rnd["colour_tie"] == "leader":
            report(("round", "colour_tie"), "colour_tie: leader needs cards played in turn (reveal: in_turn)")
        target = data["end"]["stacks_of_one_colour"]
        rounds_needed = 2 * (target - 1) + 1
        rounds_possible = min(deal["hand"], deal["center_pile"]) if has_pile else deal["hand"]
        if rounds_possible < rounds_needed:
            report(("end", "stacks_of_one_colour"),
                   f"{target} stacks of one colour can take {rounds_needed} rounds, but the deal allows "
                   f"only {rounds_possible}")

    # --- games ----------------------------------------------------------------------------------
    def compile_params(self, rules) -> "MajorityParams":
        return compile_params(rules)

    def new_game(self, rules, players: int, seed: int | None, deal: dict | None, start_seat: int):
        tables = rules.params
        if deal is not None:
            return MajorityState.from_deal(rules, tables, players, deal, start_seat)
        if seed is None:
            seed = random.randrange(2**31)
        deck = list(tables.deck)
        random.Random(seed).shuffle(deck)
        hand_size = tables.hand
        pile_size = tables.center_pile
        hands = []
        for seat in range(players):
            counts = [0] * tables.size
            for card in deck[seat * hand_size:(seat + 1) * hand_size]:
                counts[card] += 1
            hands.append(counts)
        dealt = players * hand_size
        pile = deck[dealt:dealt + pile_size]
        box = deck[dealt + pile_size:]
        return MajorityState(rules, tables, players, hands, pile[::-1], box, seed, start_seat)

    def from_view(self, rules, view: View, rng: random.Random) -> "MajorityState":
        return MajorityState.from_view(rules, rules.params, view, rng)


@dataclass(frozen=True, slots=True)
class MajorityParams:
    """A majority rules file compiled once (`rules.params`). Card types are small ints: type `i` is
    card id `ids[i]`, of colour `colour[i]` (0 or 1) and value `value[i]`."""

    ids: tuple[str, ...]              # card ids, one per type: colour letter + value (R0 ... B5)
    colour: tuple[int, ...]           # colour index of each type
    value: tuple[int, ...]            # value of each type
    index: dict[str, int]             # card id -> type (read-only by convention: the hot path's look-up)
    moves: tuple[Move, ...]           # the Move that plays each type (the canonical legal moves)
    deck: tuple[int, ...]             # every card of the deck, as its type
    colour_ids: tuple[str, str]       # "red", "blue": events and info name colours by these
    colour_letters: tuple[str, str]   # the first letter of each colour's card ids
    colour_names: tuple[str, str]     # the rules file's names (the UI prefers the translation files)
    colour_symbols: tuple[str, str]   # the colour's symbol ("duck", "robot"; "" when none)
    hand: int                         # cards dealt to each seat
    center_pile: int                  # cards in the face-down centre pile (0: none, as in Bananas)
    reveal: str                       # "simultaneous" (secret choice, all at once) or "in_turn"
    colour_tie: str                   # on equal totals: "center_card" or "leader" decides the colour
    no_unique_value: str              # no value shown once: "center_pile" or "leader" takes the stack
    next_leader: str                  # in turn: "round_winner", "same" or "next_seat" leads next
    target: int                       # stacks of one colour that end the game
    per_stack: int                    # points per stack topped by the victorious colour
    per_card_in_hand: int             # points per victorious card left in hand (or in the pile)

    @property
    def size(self) -> int:
        return len(self.ids)

    @property
    def simultaneous(self) -> bool:
        return self.reveal == "simultaneous"

    @property
    def has_centre(self) -> bool:
        return self.center_pile > 0

    def deck_counts(self) -> tuple[tuple[str, int], ...]:
        """How many cards of each id the deck holds, in type order."""
        return tuple((card, self.deck.count(i)) for i, card in enumerate(self.ids))


def compile_params(rules) -> MajorityParams:
    """The family's `compile_params` hook: `rules.params` for a validated majority rules file."""
    data = rules.data
    colours = data["colours"]
    ids, colour, value, deck = [], [], [], []
    for ci, spec in enumerate(colours):
        counts = data["deck"][spec["id"]]
        for v in sorted(counts):
            index = len(ids)
            ids.append(f"{spec['letter']}{v}")
            colour.append(ci)
            value.append(v)
            deck.extend([index] * counts[v])
    rnd, scoring = data["round"], data["scoring"]

    def pair(key: str, default: str | None = None) -> tuple[str, str]:
        return tuple(c.get(key, default) or "" for c in colours)   # type: ignore[return-value]

    return MajorityParams(
        ids=tuple(ids), colour=tuple(colour), value=tuple(value), index={c: i for i, c in enumerate(ids)},
        moves=tuple(Move(c, i) for i, c in enumerate(ids)), deck=tuple(deck), colour_ids=pair("id"),
        colour_letters=pair("letter"), colour_names=pair("name"), colour_symbols=pair("symbol"),
        hand=data["deal"]["hand"], center_pile=data["deal"]["center_pile"], reveal=rnd["reveal"],
        colour_tie=rnd["colour_tie"], no_unique_value=rnd["no_unique_value"],
        next_leader=rnd.get("next_leader", "round_winner"), target=data["end"]["stacks_of_one_colour"],
        per_stack=scoring["per_stack"], per_card_in_hand=scoring["per_card_in_hand"])


# --- public info and messages ------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict(Info):
    """The last round's outcome (`info.last`), as the RoundResolved event told it."""

    winner: int | None                # the seat that took the stack; None: the centre pile
    colour: str                       # the winning colour's id
    totals: tuple[int, int]           # each colour's total, in the order of params.colour_ids
    reason: str                       # why that colour won: see REASONS
    unique_value: int | None          # the lowest value of the colour shown exactly once (None: none)
    winning_card: str | None          # the card showing it (None when no value was unique)
    cards: tuple[tuple[int | str, str], ...]   # (seat or "center", card id) in the fight, in order
    explanation: Message


@dataclass(frozen=True)
class Breakdown(Info):
    """One owner's score at the end: stacks topped by the victorious colour, its cards in hand."""

    stacks: int
    cards: int


@dataclass(frozen=True)
class MajorityInfo(Info):
    """`view.info` of a majority game: public facts only (see the module docstring)."""

    round: int                        # 1-based round number
    leader: int                       # who leads the round (in turn), or started the game
    start_seat: int
    order: tuple[int, ...]            # in turn: the seats in playing order this round; () otherwise
    turn: int                         # in turn: how many seats of `order` have played
    chosen: tuple[bool, ...]          # per seat: has it put its card down this round
    tally: tuple[int, int]            # stacks topped by each colour so far (the whole table's)
    last: Verdict | None              # the last round's verdict; None before the first
    last_colour: int                  # colour index of the last stack; -1 before the first
    victorious: int | None = None     # once over: the victorious colour's index...
    victorious_colour: str | None = None    # ...and its id
    center_score: int | None = None   # once over: the centre pile's points
    beaten_by_center: tuple[int, ...] = ()  # once over: seats scoring less than the centre pile
    breakdown: tuple[Breakdown, ...] = ()   # once over: per seat, then the centre pile


# Why a colour won a round (RoundResolved.reason, Verdict.reason); each is a code's last part.
REASONS = ("higher_total", "tie_centre_card", "tie_leader")
CODES: tuple[str, ...] = (
    *(f"majority.reason.{r}" for r in REASONS),
    "majority.explanation.unique",      # the colour won, and why; the value shown once that decided
    "majority.explanation.no_unique",   # ... and no value of it was shown only once
    "majority.end.victorious",
    "majority.refusal.not_held",
    "majority.hint.card",               # a move's label: "Ducks 3"
)
"""Every message code of the majority family (English in assets/locale/en.yaml, `majority:`).
Colour names are looked up by `colour_code(game, colour id)`, one per bundled game's colour."""


def colour_code(game: str, colour_id: str) -> str:
    """The translation key naming a colour of a majority game (`majority.colour.revoltaaa.red`)."""
    return f"majority.colour.{game}.{colour_id}"


class MajorityState(GameState):
    """A RevoltaaA-style game. Card types are small ints; `tables.ids` names them."""

    __slots__ = ("rules", "t", "players", "hands", "pile", "center_card", "chosen", "order", "turn",
                 "leader", "stacks", "tally", "box", "round_no", "over", "victorious", "final",
                 "center_score", "last", "history", "seed", "start_seat", "_to_act", "_simultaneous",
                 "_cfg", "_last_colour")

    def __init__(self, rules, tables: MajorityParams, players: int, hands: list[list[int]], pile: list[int],
                 box: list[int], seed: int | None, start_seat: int, *, start: bool = True):
        self.rules = rules
        self.t = tables
        self.players = players
        self.hands = hands
        self.pile = pile                    # face-down centre pile, top card LAST
        self.box = box
        self.seed = seed
        self.start_seat = start_seat
        self.history: list[tuple[int, str]] = []
        self.center_card = -1
        self.chosen = [-1] * players
        self.stacks: list[list[tuple[int, ...]]] = [[] for _ in range(players + 1)]  # [players] = centre
        self.tally = [0, 0]
        self.round_no = 0
        self.over = False
        self.victorious = -1
        self.final: tuple[int, ...] = ()
        self.center_score = 0
        self.last: Verdict | None = None
        self._last_colour = -1
        self._simultaneous = tables.simultaneous
        self._cfg = (tables.colour_tie, tables.no_unique_value, tables.next_leader, tables.target,
                     tables.per_stack, tables.per_card_in_hand)
        self.leader = start_seat
        self.order: tuple[int, ...] = ()
        self.turn = 0
        self._to_act: tuple[int, ...] = ()
        if start:
            self._start_round()

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def from_deal(cls, rules, tables: MajorityParams, players: int, deal: dict, start_seat: int) -> "MajorityState":
        unknown = set(deal) - {"hands", "piles"}
        if unknown:
            raise ValueError(f"deal: unknown keys {sorted(unknown)}; expected 'hands' and 'piles'")
        hands_ids = deal.get("hands", [])
        if len(hands_ids) != players:
            raise ValueError(f"deal: {len(hands_ids)} hands given for {players} players")
        piles = deal.get("piles", {}) or {}
        if set(piles) - {"center"}:
            raise ValueError(f"deal: unknown piles {sorted(set(piles) - {'center'})}; only 'center' exists")
        remaining = list(tables.deck)

        def take(card_id: str) -> int:
            if card_id not in tables.index:
                raise ValueError(f"deal: unknown card {card_id!r}; cards are {', '.join(tables.ids)}")
            index = tables.index[card_id]
            try:
                remaining.remove(index)
            except ValueError:
                raise ValueError(f"deal: more {card_id} cards than the deck holds") from None
            return index

        hands = []
        for cards in hands_ids:
            counts = [0] * tables.size
            for card_id in cards:
                counts[take(card_id)] += 1
            hands.append(counts)
        pile_top_first = [take(c) for c in piles.get("center", [])]
        if tables.has_centre and not pile_top_first:
            raise ValueError("deal: this game needs a centre pile: give piles={'center': [...]}")
        return cls(rules, tables, players, hands, pile_top_first[::-1], remaining, None, start_seat)

    @classmethod
    def from_view(cls, rules, tables: MajorityParams, view: View, rng: random.Random) -> "MajorityState":
        """Rebuild a state from a seat's view, dealing the unseen cards at random."""
        n = view.players
        pool = list(tables.deck)
        zones = view.zones

        def known(card_ids) -> list[int]:
            out = []
            for card_id in card_ids:
                index = tables.index[card_id]
                pool.remove(index)
                out.append(index)
            return out

        hands_known: list[list[int] | None] = []
        chosen_known: list[int | None] = []
        for seat in range(n):
            hz, cz = zones[f"hand:{seat}"], zones[f"chosen:{seat}"]
            hands_known.append(known(hz.cards) if hz.cards is not None else None)
            chosen_known.append((known(cz.cards)[0] if cz.cards else -1) if cz.cards is not None else None)
        stacks = []
        for owner in list(range(n)) + ["center"]:
            zone = zones[f"stacks:{owner}"]
            stacks.append([tuple(known(g)) for g in zone.groups])
        center_card = known(zones["center_card"].cards)[0] if zones["center_card"].cards else -1
        pile_zone = zones.get("center")
        pile_known = known(pile_zone.cards[::-1]) if pile_zone and pile_zone.cards is not None else None
        rng.shuffle(pool)
        hands = []
        for seat in range(n):
            counts = [0] * tables.size
            cards = hands_known[seat]
            if cards is None:
                cards = [pool.pop() for _ in range(zones[f"hand:{seat}"].count)]
            for card in cards:
                counts[card] += 1
            hands.append(counts)
        chosen = []
        for seat in range(n):
            card = chosen_known[seat]
            if card is None:
                card = pool.pop() if zones[f"chosen:{seat}"].count else -1
            chosen.append(card)
        if pile_known is not None:
            pile = pile_known
        else:
            pile = [pool.pop() for _ in range(pile_zone.count if pile_zone else 0)]
        info: MajorityInfo = view.info
        state = cls(rules, tables, n, hands, pile, pool, None, info.start_seat, start=False)
        state.chosen = chosen
        state.stacks = stacks
        state.center_card = center_card
        state.tally = list(info.tally)
        state.round_no = info.round
        state.leader = info.leader
        state.order = info.order
        state.turn = info.turn
        state.over = view.is_over
        state._last_colour = info.last_colour
        state.last = info.last
        if state.over:
            state.victorious = info.victorious
            state.final = tuple(view.scores)
            state.center_score = info.center_score
        state._to_act = view.to_act
        return state

    def clone(self) -> "MajorityState":
        other = object.__new__(MajorityState)
        other.rules, other.t, other.players = self.rules, self.t, self.players
        other.hands = [h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.box = self.box[:]
        other.center_card = self.center_card
        other.chosen = self.chosen[:]
        other.order, other.turn, other.leader = self.order, self.turn, self.leader
        other.stacks = [s[:] for s in self.stacks]
        other.tally = self.tally[:]
        other.round_no, other.over, other.victorious = self.round_no, self.over, self.victorious
        other.final, other.center_score, other.last = self.final, self.center_score, self.last
        other.history = self.history[:]
        other.seed, other.start_seat = self.seed, self.start_seat
        other._to_act, other._simultaneous, other._cfg = self._to_act, self._simultaneous, self._cfg
        other._last_colour = self._last_colour
        return other

    # --- for search (ai/majority_search.py) -----------------------------------------------------
    def simulation(self) -> MajoritySim:
        """This position on plain counts, for a fast play-out (games/majority_sim.py); the state is not
        changed."""
        return MajoritySim(self.t, self.players, self.hands, self.pile, self.box, self.chosen, self.stacks, self.tally,
                           self._last_colour, self.leader, self.center_card, self._to_act, self.order, self.turn,
                           self.final if self.over else None)

    def retract_secret_choices(self, keep: int) -> None:
        """With a secret choice, every seat but `keep` that has put its card down takes it back and is
        to choose again. For a determinization (`from_view`): who chose is public, what is not, so the
        search lets the policy that models each seat choose for it instead of a card drawn at random."""
        if not self._simultaneous or self.over:
            return
        undo = [s for s in range(self.players) if s != keep and self.chosen[s] >= 0]
        for s in undo:
            self.hands[s][self.chosen[s]] += 1
            self.chosen[s] = -1
        if undo:
            self._to_act = tuple(s for s in range(self.players) if s in self._to_act or s in undo)

    # --- contract -------------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return self._to_act

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> tuple[int, ...]:
        return self.final if self.over else (0,) * self.players

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self._to_act:
            return []
        hand = self.hands[seat]
        moves = self.t.moves
        return [moves[i] for i in range(len(hand)) if hand[i]]

    def is_legal(self, seat: int, move: Move) -> bool:
        return self.canonical_move(seat, move.text) is not None

    def canonical_move(self, seat: int, text: str) -> Move | None:
        index = self.t.index.get(text)
        if index is not None and seat in self._to_act and self.hands[seat][index] > 0:
            return self.t.moves[index]
        return None

    def _apply(self, seat: int, move: Move) -> list[Event]:
        card = self.t.index[move.text]
        self.hands[seat][card] -= 1
        self.chosen[seat] = card
        if self._simultaneous:
            self._to_act = tuple(s for s in self._to_act if s != seat)
            events: list[Event] = [CardChosen(seat)]
        else:
            self.turn += 1
            self._to_act = (self.order[self.turn],) if self.turn < len(self.order) else ()
            events = [Played(seat, (move.text,), move.text)]
        if not self._to_act:
            self._resolve(events)
        return events

    # --- the round ------------------------------------------------------------------------------
    def _start_round(self, events: list[Event] | None = None) -> None:
        """Begin a round, or end the game if the cards have run out (only with a special deal)."""
        has_pile = self.t.has_centre
        if any(sum(h) == 0 for h in self.hands) or (has_pile and not self.pile):
            self._finish(events if events is not None else [], out_of_cards=True)
            return
        self.round_no += 1
        self.chosen = [-1] * self.players
        if has_pile:
            self.center_card = self.pile.pop()
            if events is not None:
                events.append(Revealed((("center", self.t.ids[self.center_card]),)))
        if self._simultaneous:
            self._to_act = tuple(range(self.players))
        else:
            self.order = tuple((self.leader + i) % self.players for i in range(self.players))
            self.turn = 0
            self._to_act = (self.order[0],)

    def _resolve(self, events: list[Event]) -> None:
        t = self.t
        colour_tie, no_unique, next_leader, target, _, _ = self._cfg
        entries: list[tuple[int, int]] = []  # (owner, card); CENTER for the centre card
        if self.center_card >= 0:
            entries.append((CENTER, self.center_card))
        seats = self.order if not self._simultaneous else range(self.players)
        entries.extend((s, self.chosen[s]) for s in seats)
        if self._simultaneous:
            events.append(Revealed(tuple((s, t.ids[self.chosen[s]]) for s in range(self.players))))
        totals = [0, 0]
        for _, card in entries:
            totals[t.colour[card]] += t.value[card]
        if totals[0] != totals[1]:
            colour = 0 if totals[0] > totals[1] else 1
            reason = "higher_total"
        elif colour_tie == "center_card":
            colour = t.colour[self.center_card]
            reason = "tie_centre_card"
        else:
            colour = t.colour[self.chosen[self.leader]]
            reason = "tie_leader"
        in_colour = [(owner, card) for owner, card in entries if t.colour[card] == colour]
        seen: dict[int, int] = {}
        for _, card in in_colour:
            seen[t.value[card]] = seen.get(t.value[card], 0) + 1
        unique_value = next((v for v in sorted(seen) if seen[v] == 1), None)
        if unique_value is not None:
            winner_owner, top = next((o, c) for o, c in in_colour if t.value[c] == unique_value)
        else:
            winner_owner = CENTER if no_unique == "center_pile" else self.leader
            top = min((c for _, c in in_colour), key=lambda c: (c != self.center_card, t.value[c]))
        rest = [c for _, c in entries]
        rest.remove(top)
        stack = (top, *rest)
        owner_index = self.players if winner_owner == CENTER else winner_owner
        self.stacks[owner_index].append(stack)
        self.tally[colour] += 1
        self._last_colour = colour
        winner = None if winner_owner == CENTER else winner_owner
        explanation = self._explain(colour, reason, unique_value)
        card_ids = tuple(t.ids[c] for c in stack)
        winning_card = t.ids[top] if unique_value is not None else None
        self.last = Verdict(winner, t.colour_ids[colour], (totals[0], totals[1]), reason, unique_value,
                            winning_card, tuple((("center" if o == CENTER else o), t.ids[c]) for o, c in entries),
                            explanation)
        events.append(RoundResolved(winner, t.colour_ids[colour], explanation, card_ids, winning_card,
                                    ((t.colour_ids[0], totals[0]), (t.colour_ids[1], totals[1])),
                                    reason, unique_value))
        events.append(StackTaken(winner, card_ids))
        self.center_card = -1
        self.chosen = [-1] * self.players
        if self.tally[colour] >= target:
            self._finish(events)
            return
        if not self._simultaneous:
            if next_leader == "round_winner":
                self.leader = winner if winner is not None else self.leader
            elif next_leader == "next_seat":
                self.leader = (self.leader + 1) % self.players
        self._start_round(events)

    def _explain(self, colour: int, reason: str, unique_value: int | None) -> Message:
        """The round's verdict as a code and arguments: which colour won, why, and the value that
        decided. Who takes the stack is the event's `winner` (a seat: the UI names it)."""
        name = Message(colour_code(self.rules.id, self.t.colour_ids[colour]))
        why = Message(f"majority.reason.{reason}")
        if unique_value is not None:
            return Message("majority.explanation.unique", colour=name, reason=why, value=unique_value)
        return Message("majority.explanation.no_unique", colour=name, reason=why)

    def _finish(self, events: list[Event], out_of_cards: bool = False) -> None:
        if out_of_cards and self.tally[0] == self.tally[1]:
            colour = self._last_colour if self._last_colour >= 0 else 0
        elif out_of_cards:
            colour = 0 if self.tally[0] > self.tally[1] else 1
        else:
            colour = self._last_colour
        per_stack, per_card = self._cfg[4], self._cfg[5]
        t = self.t
        in_colour = [i for i in range(t.size) if t.colour[i] == colour]

        def stack_points(owner_index: int) -> int:
            return sum(1 for s in self.stacks[owner_index] if t.colour[s[0]] == colour)

        scores = tuple(per_stack * stack_points(s) + per_card * sum(self.hands[s][i] for i in in_colour)
                       for s in range(self.players))
        self.center_score = per_stack * stack_points(self.players) + per_card * sum(
            1 for c in self.pile if t.colour[c] == colour)
        self.victorious = colour
        self.final = scores
        self.over = True
        self._to_act = ()
        explanation = Message("majority.end.victorious",
                              colour=Message(colour_code(self.rules.id, t.colour_ids[colour])))
        events.append(GameOver(scores, explanation, (("center", self.center_score),)))

    # --- zones and view -------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        t = self.t
        ids = t.ids
        hand_vis = "public" if self.over else "owner"
        chosen_vis = "owner" if self._simultaneous else "public"
        zones = []
        for seat in range(self.players):
            hand = self.hands[seat]
            cards = tuple(ids[i] for i in range(t.size) for _ in range(hand[i]))
            zones.append(Zone(f"hand:{seat}", "hand", seat, hand_vis, cards))
            card = self.chosen[seat]
            zones.append(Zone(f"chosen:{seat}", "slot", seat, chosen_vis, (ids[card],) if card >= 0 else ()))
            zones.append(Zone(f"stacks:{seat}", "stacks", seat, "public", (),
                              tuple(tuple(ids[c] for c in s) for s in self.stacks[seat])))
        zones.append(Zone("stacks:center", "stacks", None, "public", (),
                          tuple(tuple(ids[c] for c in s) for s in self.stacks[self.players])))
        zones.append(Zone("center_card", "slot", None, "public",
                          (ids[self.center_card],) if self.center_card >= 0 else ()))
        if self.t.has_centre:
            zones.append(Zone("center", "pile", None, "public" if self.over else "hidden",
                              tuple(ids[c] for c in reversed(self.pile))))
        zones.append(Zone("box", "pile", None, "hidden", tuple(ids[c] for c in self.box)))
        return zones

    def public_info(self) -> MajorityInfo:
        common = (self.round_no, self.leader, self.start_seat, self.order, self.turn,
                  tuple(c >= 0 for c in self.chosen), (self.tally[0], self.tally[1]), self.last,
                  self._last_colour)
        if not self.over:
            return MajorityInfo(*common)
        return MajorityInfo(*common, victorious=self.victorious, victorious_colour=self.t.colour_ids[self.victorious],
                            center_score=self.center_score,
                            beaten_by_center=tuple(s for s in range(self.players) if self.final[s] < self.center_score),
                            breakdown=self.breakdown())

    def breakdown(self) -> tuple[Breakdown, ...]:
        """Per seat (and the centre pile last): victorious stacks and victorious cards in hand."""
        t, colour = self.t, self.victorious
        rows = []
        for owner in range(self.players + 1):
            stacks = sum(1 for s in self.stacks[owner] if t.colour[s[0]] == colour)
            if owner < self.players:
                cards = sum(n for i, n in enumerate(self.hands[owner]) if t.colour[i] == colour)
            else:
                cards = sum(1 for c in self.pile if t.colour[c] == colour)
            rows.append(Breakdown(stacks, cards))
        return tuple(rows)

    def explain_refusal(self, seat: int, text: str) -> Refusal | None:
        """A card of this game that the seat does not hold; None (the generic refusal) for text that
        names no card."""
        index = self.t.index.get(text)
        if index is None:
            index = next((i for i, card in enumerate(self.t.ids) if card.lower() == text.lower()), None)
        if index is not None and not self.hands[seat][index]:
            return Refusal("majority.refusal.not_held", card=self.t.ids[index])
        return None


FAMILY = MajorityFamily()
