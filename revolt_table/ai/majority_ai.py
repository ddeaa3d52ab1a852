"""RevoltaaA heuristics: steer the colour you hold most, keep that colour in hand, read the table.

The agent estimates each candidate card by sampling what the other seats might play (unseen cards
only: what the view shows is excluded) and scoring the round's outcome for its preferred colour:
a stack for that colour helps it become victorious; winning the stack yourself is worth a point if it
is topped by that colour; spending a card of that colour costs a point kept in hand.

`make_hard` builds ai:hard, the shared search with this family's spec (ai/majority_search.py).
"""

from __future__ import annotations

import random
from collections import Counter

from ..services import i18n
from ..engine.message import Message
from ..engine.move import Move, describe, describe_all
from ..engine.state import View
from ..games.majority import colour_code
from .base import HeuristicAgent

SAMPLES = 24
# Tuned by arena self-play against random seats (4 players, 300 games each; see the issue note):
KEEP_WEIGHT = 1.5    # cost of spending a card of your colour: it is a point kept in hand at the end
SHED_WEIGHT = 0.02   # small preference for shedding high off-colour cards early


def _colour_value(card: str) -> tuple[str, int]:
    return card[0], int(card[1:])


class MajorityHeuristicAgent(HeuristicAgent):
    name = "ai:normal"

    def __init__(self, rules, noise: float = 0.0, samples: int = SAMPLES):
        self.rules = rules
        params = rules.params       # a MajorityParams
        self.noise = noise          # chance of a random card: ai:easy plays loosely
        self.samples = samples
        self.letters = params.colour_letters
        self.target = params.target
        self.in_turn = not params.simultaneous
        self.deck: Counter[str] = Counter(dict(params.deck_counts()))

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        hand = list(view.hand() or ())
        preferred = self._preferred_colour(view, hand, self.letters)
        tally = dict(zip(self.letters, view.info.tally))
        best_move, best_score = legal_moves[0], float("-inf")
        for info in describe_all(self.rules, view, legal_moves):
            move = info.move
            score = 0.0
            for winner, colour in self.outcomes(view, move, rng):
                score += self._utility(colour, winner, preferred, view.seat, tally, self.target)
            score /= self.samples
            colour, value = _colour_value(info.card)
            if colour == preferred:
                score -= KEEP_WEIGHT + 0.02 * value   # a card of your colour in hand is a point at the end
            else:
                score -= SHED_WEIGHT * (5 - value)
            if score > best_score:
                best_move, best_score = move, score
        return best_move

    def outcomes(self, view: View, move: Move, rng: random.Random):
        """`samples` guesses of the round's (winner, winning colour letter) if the seat plays `move`:
        the cards not yet shown are drawn from the cards this seat has not seen."""
        info, seat = view.info, view.seat
        unseen = self._unseen(view, self.deck)
        center = view.zones["center_card"].cards or ()
        played = self._already_played(view)
        pending = [s for s in range(view.players) if s != seat and s not in played]
        no_unique_to = "center" if center else info.leader
        for _ in range(self.samples):
            sample = rng.sample(unseen, min(len(pending), len(unseen)))
            cards = [("center", c) for c in center] + list(played.items()) + [(seat, move.text)]
            cards += list(zip(pending, sample))
            yield _resolve(cards, center[0] if center else None, info.leader, no_unique_to)

    @staticmethod
    def _utility(colour, winner, preferred, seat, tally, target) -> float:
        urgency = 1.0 + tally.get(colour, 0) / max(1, target)  # stacks matter more near the end
        value = urgency if colour == preferred else -urgency
        if winner == seat and colour == preferred:
            value += 1.0
        return value

    @staticmethod
    def _preferred_colour(view: View, hand: list[str], letters: tuple[str, ...]) -> str:
        counts = Counter(card[0] for card in hand)
        seat_stacks = view.zones[f"stacks:{view.seat}"].groups
        for stack in seat_stacks:
            counts[stack[0][0]] += 1
        tally = dict(zip(letters, view.info.tally))
        return max(letters, key=lambda c: (counts[c] + 0.5 * tally.get(c, 0), c))

    @staticmethod
    def _unseen(view: View, deck: Counter[str]) -> list[str]:
        """Cards this seat has not seen: the full deck minus everything visible."""
        seen: Counter[str] = Counter()
        for zone in view.zones.values():
            if zone.cards is not None:
                seen.update(zone.cards)
            if zone.groups and zone.cards is not None:
                for group in zone.groups:
                    seen.update(group)
        unseen = deck - seen
        return list(unseen.elements())

    def _already_played(self, view: View) -> dict[int, str]:
        played = {}
        if self.in_turn:
            for s in range(view.players):
                zone = view.zones[f"chosen:{s}"]
                if zone.cards:
                    played[s] = zone.cards[0]
        return played


def _resolve(cards, center_card, leader, no_unique_to):
    """The round's (winner, winning colour letter) for a list of (owner, card id)."""
    totals = Counter()
    for _, card in cards:
        totals[card[0]] += int(card[1:])
    (first, a), (second, b) = (sorted(totals.items()) + [("", 0), ("", 0)])[:2]
    if a != b and first and second:
        colour = first if a > b else second
    elif len(totals) == 1:
        colour = first
    elif center_card is not None:
        colour = center_card[0]
    else:
        lead = dict(cards).get(leader)
        colour = lead[0] if lead else cards[0][1][0]
    values = Counter(int(card[1:]) for _, card in cards if card[0] == colour)
    unique = sorted(v for v, n in values.items() if n == 1)
    if unique:
        for owner, card in cards:
            if card[0] == colour and int(card[1:]) == unique[0]:
                return owner, colour
    return no_unique_to, colour


HINT_SEED = 0
HINT_TAKE = 0.5      # "can win this stack" from this chance of taking it on


def hint_with_reason(rules, view: View, legal_moves: list[Move]) -> tuple[Move, Message]:
    """The normal AI's card for this view (revolt_table.ai.hints) and why, in one line: a card of the
    colour the seat holds most that is likely to take the stack; one that helps that colour win the
    round; or a card of the other colour, played so the seat's own colour stays in hand to score."""
    agent = make_heuristic(rules, "ai:normal")
    move = agent.choose(view, legal_moves, random.Random(HINT_SEED))
    hand = list(view.hand() or ())
    preferred = agent._preferred_colour(view, hand, agent.letters)
    letter, value = _colour_value(describe(rules, view, move).card)
    card = Message("majority.hint.card", colour=_colour_name(rules, letter), value=value)
    mine = _colour_name(rules, preferred)
    if letter != preferred:
        return move, Message("majority.hint.keep", card=card, colour=mine)
    outcomes = list(agent.outcomes(view, move, random.Random(HINT_SEED)))
    take = sum(1 for winner, colour in outcomes if winner == view.seat and colour == letter) / len(outcomes)
    if take >= HINT_TAKE:
        return move, Message("majority.hint.take", card=card, colour=mine)
    return move, Message("majority.hint.push", card=card, colour=mine)


def _colour_name(rules, letter: str) -> Message | str:
    """A colour's name as a Message (`majority.colour.<game>.<id>`), or the rules file's own name for a
    colour the translation files do not know (a player's own game)."""
    params = rules.params
    index = params.colour_letters.index(letter)
    code = colour_code(rules.id, params.colour_ids[index])
    return Message(code) if i18n.has(code) else params.colour_names[index]


#: every message code a RevoltaaA hint can give (English in assets/locale/en.hints.yaml)
HINT_CODES: tuple[str, ...] = ("majority.hint.card", "majority.hint.keep", "majority.hint.take", "majority.hint.push")


def make_heuristic(rules, level: str) -> MajorityHeuristicAgent:
    """The family's `ai:normal` (and `ai:easy`, which plays a random card half the time): the value
    estimate of majority_value.py, built on this module's sampling (imported here, not at the top,
    because it imports this module)."""
    from .majority_value import make_heuristic as value_heuristic
    return value_heuristic(rules, level)


def make_hard(rules, iterations: int | None = None, time_budget: float | None = None):
    """The family's `ai:hard`: the shared search with RevoltaaA's spec (ai/majority_search.py)."""
    from .majority_search import make_search  # it imports this module
    return make_search(rules, iterations=iterations, time_budget=time_budget)
