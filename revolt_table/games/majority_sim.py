"""A majority position on plain counts, for search play-outs: `MajorityState.simulation()`.

Why the game offers this: RevoltaaA's ai:hard (ai/majority_search.py) plays the whole rest of the game
from each determinization, about 500 times a decision. Through `MajorityState.apply` each round costs
events, a Verdict, Messages and card ids; here a round is a few additions on card types, and a seat's
stacks are two counts (a round's stack is always topped by the round's colour). The search used to
keep its own copy of these rules and read the state's private fields to run it; now the family owns
both forms of its rules, side by side, and tests/test_majority_sim.py plays the same random positions
(every rules option, 3 to 5 seats, starting mid-round) through the engine and through `play_out` and
gets the same final scores, and checks that what a seat is shown here (`seen`) is what the engine's
position shows it (as climbing's `seat_facts` does for Dou Dizhu's play-outs).

A `MajoritySim` is made from a state (`state.simulation()`, which copies what it needs; the state is
never changed) and played once: `play_out(policy, rng)` asks `policy` for every card still to be
played, with what that seat may see, and returns the final scores.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # pragma: no cover
    from .majority import MajorityParams

# (actor, hand, owned, tally, centre, known, leader, sizes, chosen, pool, rng) -> the type it plays
Policy = Callable[..., int]


class Seen(NamedTuple):
    """What `actor` may see when it chooses its card (a play-out policy's arguments before `rng`)."""

    actor: int
    hand: list[int]                  # its hand: counts per card type
    owned: list[list[int]]           # per seat, its stacks topped by each colour
    tally: list[int]                 # stacks topped by each colour, the whole table's
    centre: int                      # the centre card's type; -1: none
    known: list[tuple[int, int]]     # in turn: (seat, type) played before it this round, in order
    leader: int
    sizes: list[int]                 # every hand's size
    chosen: list[bool]               # per seat: has it put its card down this round
    pool: list[int]                  # the types of the cards it has not seen, by type


class MajoritySim:
    """A MajorityState's position on counts, played to the end once by `play_out`."""

    __slots__ = ("params", "players", "hands", "pile", "box", "stacks", "hidden", "chosen", "owned", "tally", "last",
                 "leader", "centre", "to_play", "known", "final")

    def __init__(self, params: "MajorityParams", players: int, hands: list[list[int]], pile: list[int],
                 box: list[int], chosen: list[int], stacks: list[list[tuple[int, ...]]], tally: list[int],
                 last_colour: int, leader: int, centre: int, to_act: tuple[int, ...], order: tuple[int, ...],
                 turn: int, final: tuple[int, ...] | None) -> None:
        """The position given by a state's fields (copied, or only read): `to_act` the seats still to
        choose, `order` and `turn` the playing order in turn, `final` the scores once the game is over
        (else None)."""
        self.params = params
        self.players = players
        self.hands = [h[:] for h in hands]
        self.pile = pile[:]                       # face down, top card last
        self.box = box                            # read only
        self.stacks = stacks                      # read only
        self.chosen = chosen[:]
        self.tally = tally[:]
        self.last = last_colour
        self.leader = leader
        self.centre = centre
        simultaneous = params.simultaneous
        # the seats still to choose this round, in the order they choose (in turn: the round's order)
        self.to_play = list(to_act) if simultaneous else list(order[turn:])
        # in turn: the (seat, type) played this round, in playing order; with a secret choice, nothing is shown
        self.known = [] if simultaneous else [(s, chosen[s]) for s in order[:turn]]
        self.final = final
        self.hidden: list[int] | None = None      # counted when first needed (a deal's weight reads only hands)
        self.owned: list[list[int]] = []

    def _count(self) -> None:
        """`hidden`: per type, the cards nobody but their holder has seen (hands, the centre pile, the box
        and, with a secret choice, the cards put down); `owned`: per seat, its stacks by top colour."""
        if self.hidden is not None:
            return
        colour = self.params.colour
        hidden = [sum(held) for held in zip(*self.hands)]
        for t in self.pile:
            hidden[t] += 1
        for t in self.box:
            hidden[t] += 1
        if self.params.simultaneous:
            for t in self.chosen:
                if t >= 0:
                    hidden[t] += 1
        self.hidden = hidden
        self.owned = [[0, 0] for _ in range(self.players)]
        for s in range(self.players):
            for stack in self.stacks[s]:
                self.owned[s][colour[stack[0]]] += 1

    def seen(self, actor: int) -> Seen:
        """What `actor` may see now: its hand, the stacks, the tally, the centre card, the cards played
        before it in turn, the leader, every hand's size, who has chosen, the cards it has not seen."""
        self._count()
        hand = self.hands[actor]
        size = self.params.size
        unseen = [self.hidden[t] - hand[t] for t in range(size)]
        return Seen(actor, hand[:], [row[:] for row in self.owned], self.tally[:], self.centre, self.known[:],
                    self.leader, [sum(h) for h in self.hands], [t >= 0 for t in self.chosen],
                    [t for t in range(size) for _ in range(unseen[t])])

    def play_out(self, policy: Policy, rng: random.Random) -> tuple[int, ...]:
        """Play to the end, every card chosen by `policy(*seen, rng)` (see `Seen`), and return the final
        scores: the engine's rules (MajorityState._apply, _resolve, _start_round, _finish) without
        events. Consumes this simulation."""
        if self.final is not None:
            return self.final
        self._count()
        p = self.params
        colour, value, size = p.colour, p.value, p.size
        colour_tie, no_unique, next_leader, target = p.colour_tie, p.no_unique_value, p.next_leader, p.target
        n = self.players
        simultaneous = p.simultaneous
        hands, pile, hidden, chosen, owned = self.hands, self.pile, self.hidden, self.chosen, self.owned
        tally, last, leader, centre = self.tally, self.last, self.leader, self.centre
        to_play, known = self.to_play, self.known
        has_pile = p.has_centre
        by_value = sorted(range(size), key=lambda t: value[t])
        while True:
            # the seats still to play this round
            for s in to_play:
                hand = hands[s]
                unseen = [hidden[t] - hand[t] for t in range(size)]
                pool = [t for t in range(size) for _ in range(unseen[t])]
                card = policy(s, hand, owned, tally, centre, known[:], leader, [sum(h) for h in hands],
                              [t >= 0 for t in chosen], pool, rng)
                hand[card] -= 1
                chosen[s] = card
                if not simultaneous:
                    hidden[card] -= 1
                    known.append((s, card))
            # the round's resolution
            if simultaneous:
                for t in chosen:
                    hidden[t] -= 1
            totals = [0, 0]
            entries = [(-1, centre)] if centre >= 0 else []
            entries += [(s, chosen[s]) for s in range(n)]
            for _, t in entries:
                totals[colour[t]] += value[t]
            if totals[0] != totals[1]:
                win = 0 if totals[0] > totals[1] else 1
            elif colour_tie == "center_card":
                win = colour[centre]
            else:
                win = colour[chosen[leader]]
            counts = [0] * size
            for _, t in entries:
                counts[t] += 1
            top = next((t for t in by_value if colour[t] == win and counts[t] == 1), -1)
            if top >= 0:
                owner = next(o for o, t in entries if t == top)
            else:
                owner = -1 if no_unique == "center_pile" else leader
            if owner >= 0:
                owned[owner][win] += 1
            tally[win] += 1
            last = win
            if tally[win] >= target:
                break
            if not simultaneous:
                if next_leader == "round_winner":
                    leader = owner if owner >= 0 else leader
                elif next_leader == "next_seat":
                    leader = (leader + 1) % n
            chosen = [-1] * n
            known = []
            centre = -1
            if any(sum(h) == 0 for h in hands) or (has_pile and not pile):
                win = last if tally[0] == tally[1] else (0 if tally[0] > tally[1] else 1)
                break
            if has_pile:
                centre = pile.pop()
                hidden[centre] -= 1
            to_play = list(range(n)) if simultaneous else [(leader + i) % n for i in range(n)]
        per_stack, per_card = p.per_stack, p.per_card_in_hand
        return tuple(per_stack * owned[s][win] + per_card * sum(hands[s][t] for t in range(size) if colour[t] == win)
                     for s in range(n))
