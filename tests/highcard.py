"""High Card: a tiny fifth family that exists only for the tests (tests/data/highcard.yaml).

Why: it proves the path a new game takes. Registered from a test (`HIGHCARD`, through
`revolt_table.engine.family.registered`), it is loaded from its rules file, played by `arena` and the
CLI with the generic agents (random; ai:hard is the generic determinized search), and shown by the
generic table, with no line of the program changed. It is also the smallest complete example of the
engine contract and the typed boundary (params record, Info record, canonical moves, from_view).

The game: one suit of cards ranked low to high as the rules file lists them. Each trick, from the
leader in seat order, every seat plays one card face up; the highest card takes the trick and its
player leads the next. When the hands are empty, each trick won is a point.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from revolt_table.engine.events import Event, Played, TrickWon
from revolt_table.engine.family import Registration
from revolt_table.engine.info import Info
from revolt_table.engine.move import Move
from revolt_table.engine.schema import Int, ListOf, Str
from revolt_table.engine.state import GameState, View, Zone

HIGHCARD = Registration("highcard", "tests.highcard")
CODES: tuple[str, ...] = ()          # it says nothing a player reads but card ids and numbers


@dataclass(frozen=True, slots=True)
class HighCardParams:
    cards: tuple[str, ...]          # card ids, low to high ("2S" ... "AS")
    rank: dict[str, int]            # card id -> strength
    moves: dict[str, Move]          # card id -> the Move that plays it
    hand: int


@dataclass(frozen=True)
class HighCardInfo(Info):
    leader: int
    trick_no: int
    won: tuple[int, ...]            # tricks won per seat


class HighCardFamily:
    name = "highcard"
    fields = {"ranks": ListOf(Str(), min_len=2), "hand": Int(1, 52)}
    required = ("ranks", "hand")

    def check(self, data, report) -> None:
        if len(data["ranks"]) < data["players"]["max"] * data["hand"]:
            report(("hand",), "not enough cards for every seat")

    def compile_params(self, rules) -> HighCardParams:
        cards = tuple(f"{r}S" for r in rules.data["ranks"])
        return HighCardParams(cards, {c: i for i, c in enumerate(cards)}, {c: Move(c, i) for i, c in enumerate(cards)},
                              rules.data["hand"])

    def new_game(self, rules, players, seed, deal, start_seat):
        p = rules.params
        deck = list(p.cards)
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[s * p.hand:(s + 1) * p.hand], key=p.rank.get) for s in range(players)]
        return HighCardState(rules, players, hands, deck[players * p.hand:], seed, start_seat)

    def from_view(self, rules, view: View, rng: random.Random) -> "HighCardState":
        p, zones = rules.params, view.zones
        seen = {c for z in zones.values() if z.cards for c in z.cards}
        seen |= {c for z in zones.values() for g in z.groups for c in g}
        pool = [c for c in p.cards if c not in seen]
        rng.shuffle(pool)
        hands = []
        for s in range(view.players):
            zone = zones[f"hand:{s}"]
            hands.append(list(zone.cards) if zone.cards is not None else [pool.pop() for _ in range(zone.count)])
        state = HighCardState(rules, view.players, hands, pool, None, view.info.leader)
        state.trick = [(s, c) for s, c in zip(_trick_seats(view.info.leader, view.players), zones["trick"].cards)]
        state.won = [list(zones[f"won:{s}"].groups) for s in range(view.players)]
        state.trick_no = view.info.trick_no
        return state


def _trick_seats(leader: int, players: int) -> list[int]:
    return [(leader + i) % players for i in range(players)]


class HighCardState(GameState):
    def __init__(self, rules, players, hands, box, seed, start_seat):
        self.rules, self.players, self.hands, self.box = rules, players, hands, box
        self.seed, self.start_seat, self.leader = seed, start_seat, start_seat
        self.history: list[tuple[int, str]] = []
        self.trick: list[tuple[int, str]] = []
        self.won: list[list[tuple[str, ...]]] = [[] for _ in range(players)]
        self.trick_no = 1

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else ((self.leader + len(self.trick)) % self.players,)

    @property
    def is_over(self) -> bool:
        return not any(self.hands) and not self.trick

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(len(w) for w in self.won) if self.is_over else (0,) * self.players

    def legal_moves(self, seat: int) -> list[Move]:
        return [self.rules.params.moves[c] for c in self.hands[seat]] if seat in self.to_act else []

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self.hands[seat].remove(move.text)
        self.trick.append((seat, move.text))
        events: list[Event] = [Played(seat, (move.text,), move.text)]
        if len(self.trick) == self.players:
            rank = self.rules.params.rank
            winner = max(self.trick, key=lambda sc: rank[sc[1]])[0]
            cards = tuple(c for _, c in self.trick)
            self.won[winner].append(cards)
            self.trick, self.leader = [], winner
            self.trick_no += 1
            events.append(TrickWon(winner, cards))
        return events

    def zones(self) -> list[Zone]:
        out = [Zone(f"hand:{s}", "hand", s, "public" if self.is_over else "owner", tuple(h))
               for s, h in enumerate(self.hands)]
        out += [Zone(f"won:{s}", "stacks", s, "public", (), tuple(w)) for s, w in enumerate(self.won)]
        out.append(Zone("trick", "trick", None, "public", tuple(c for _, c in self.trick)))
        out.append(Zone("box", "pile", None, "hidden", tuple(self.box)))
        return out

    def public_info(self) -> HighCardInfo:
        return HighCardInfo(self.leader, self.trick_no, tuple(len(w) for w in self.won))

    def clone(self) -> "HighCardState":
        other = HighCardState(self.rules, self.players, [h[:] for h in self.hands], self.box[:], self.seed,
                              self.start_seat)
        other.leader, other.trick, other.trick_no = self.leader, self.trick[:], self.trick_no
        other.won, other.history = [w[:] for w in self.won], self.history[:]
        return other


FAMILY = HighCardFamily()
