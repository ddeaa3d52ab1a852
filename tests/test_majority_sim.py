"""The majority family's simulation on counts (games/majority_sim.py, `MajorityState.simulation()`) plays
the engine's rules: the same random positions played to the end through MajorityState.apply and through
`play_out`, with the same policy and random numbers, end with the same scores, every seat deciding on
the same facts; and those facts are only what the deciding seat's view shows (issue 27: ai:hard's
play-outs run on it instead of a copy of the rules in the AI)."""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import pytest

from revolt_table.ai.majority_search import FastValue
from revolt_table.engine import load_rules
from tests.revoltaaa_helpers import positions

BASE = """\
id: sim-{name}
family: majority
name: Sim {name}
players: {{min: 3, max: 5}}
colours:
  - {{id: red, letter: R, name: Ducks}}
  - {{id: blue, letter: B, name: Robots}}
deck:
  red: {{0: 7, 1: 6, 2: 5, 3: 5, 4: 5, 5: 5}}
  blue: {{0: 7, 1: 6, 2: 5, 3: 5, 4: 5, 5: 5}}
deal: {{hand: {hand}, center_pile: {pile}}}
round: {{reveal: {reveal}, colour_tie: {tie}, no_unique_value: {none}, next_leader: {leader}}}
end: {{stacks_of_one_colour: {target}}}
scoring: {{per_stack: {stack}, per_card_in_hand: {card}}}
"""


def option_sets():
    """Every valid combination of the round's options (a simultaneous reveal needs a centre pile and
    breaks a colour tie by the centre card; the centre-pile options need a pile), with varied numbers."""
    out = []
    for reveal, tie, none, leader in itertools.product(("simultaneous", "in_turn"), ("center_card", "leader"),
                                                       ("center_pile", "leader"),
                                                       ("round_winner", "same", "next_seat")):
        if reveal == "simultaneous" and (tie == "leader" or leader != "round_winner"):
            continue
        needs_pile = tie == "center_card" or none == "center_pile" or reveal == "simultaneous"
        for pile in (11, 9) if needs_pile else (0,):
            out.append(dict(reveal=reveal, tie=tie, none=none, leader=leader, hand=11, pile=pile,
                            target=4 if pile != 9 else 3, stack=1 if pile != 9 else 2, card=1 if pile != 9 else 3))
    return out


OPTIONS = option_sets()


@pytest.fixture(scope="module")
def custom_rules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sim-rules")
    rules = []
    for k, options in enumerate(OPTIONS):
        path = folder / f"sim{k}.yaml"
        path.write_text(BASE.format(name=k, **options), encoding="utf-8")
        rules.append(load_rules(path))
    return rules


def random_policy(actor, hand, owned, tally, centre, known, leader, sizes, chosen, pool, rng) -> int:
    options = [t for t, k in enumerate(hand) if k]
    return options[int(rng.random() * len(options))]


def both_ways(state, policy, seed: int) -> None:
    """Play `state` out through the simulation and through the engine with `policy` and the same random
    numbers: the same scores, and at every decision the same facts (a fresh simulation of the engine's
    position shows the deciding seat what the running simulation showed it)."""
    asked = []

    def recording(*args):
        *facts, rng = args
        asked.append(copy.deepcopy(tuple(facts)))      # the simulation goes on changing its lists
        return policy(*facts, rng)

    scores = state.simulation().play_out(recording, random.Random(seed))
    engine = state.clone()
    rng = random.Random(seed)
    facts = []
    while not engine.is_over:
        actor = engine.to_act[0]
        seen = engine.simulation().seen(actor)
        facts.append(copy.deepcopy(tuple(seen)))        # FastValue shuffles the pool it is given
        card = policy(*seen, rng)
        engine.apply(actor, engine.rules.params.moves[card])
    assert scores == engine.scores
    assert asked == facts


@pytest.mark.parametrize("players", (3, 4, 5))
def test_every_rules_option_plays_out_as_the_engine_plays_it(custom_rules, players):
    for k, rules in enumerate(custom_rules):
        for game, (state, _) in enumerate(positions(rules, players, 100 * k + players, 4, rotate=True)):
            both_ways(state, random_policy, game)


@pytest.mark.parametrize("variant", (None, "bananas"))
@pytest.mark.parametrize("players", (3, 4, 5))
def test_the_bundled_games_play_out_as_the_engine_plays_them_under_ai_hards_policy(variant, players):
    """FastValue, the policy of ai:hard's play-outs, on RevoltaaA and Bananas."""
    rules = load_rules("revoltaaa", variant=variant)
    fast = FastValue(rules.params)
    for game, (state, _) in enumerate(positions(rules, players, players, 6, rotate=True)):
        both_ways(state, fast.decide, game)


@pytest.mark.parametrize("variant", (None, "bananas"))
def test_a_deal_that_runs_out_of_cards_ends_as_the_engine_ends_it(variant):
    """Only a deal given by hand runs out of cards before a colour has its stacks: the colour with more
    stacks wins, on a tie the last stack's colour (the engine's ruling)."""
    rules = load_rules("revoltaaa", variant=variant)
    deck = list(rules.params.ids)
    for seed in range(40):
        rng = random.Random(seed)
        hands = [[rng.choice(deck) for _ in range(rng.randrange(1, 5))] for _ in range(3)]
        piles = {"center": [rng.choice(deck) for _ in range(rng.randrange(1, 5))]} if rules.params.has_centre else {}
        try:
            state = rules.new_game(3, deal={"hands": hands, "piles": piles})
        except ValueError:          # more copies of a card than the deck holds
            continue
        both_ways(state, random_policy, seed)


def test_a_finished_game_plays_out_to_its_scores():
    rules = load_rules("revoltaaa")
    state = rules.new_game(4, seed=3)
    while not state.is_over:
        state.apply(state.to_act[0], state.legal_moves(state.to_act[0])[0])
    assert state.simulation().play_out(random_policy, random.Random(0)) == state.scores


@pytest.mark.parametrize("variant", (None, "bananas"))
@pytest.mark.parametrize("players", (3, 5))
def test_a_seat_is_shown_only_what_its_view_shows(variant, players):
    """`seen(actor)` against the actor's View: its hand, every hand's size, the stacks by top colour, the
    tally, the centre card, the cards played before it in turn, who has chosen, and as unseen cards
    exactly the deck less what the view shows it."""
    rules = load_rules("revoltaaa", variant=variant)
    p = rules.params
    checked = 0
    for state, _ in positions(rules, players, 31 + players, 20, rotate=True):
        for actor in state.to_act:
            view = state.view(actor)
            zones, info = view.zones, view.info
            seen = state.simulation().seen(actor)
            assert seen.hand == [zones[f"hand:{actor}"].cards.count(card) for card in p.ids]
            assert seen.sizes == [zones[f"hand:{s}"].count for s in range(players)]
            assert seen.owned == [[sum(p.colour[p.index[g[0]]] == c for g in zones[f"stacks:{s}"].groups)
                                   for c in (0, 1)] for s in range(players)]
            assert seen.tally == list(info.tally) and seen.leader == info.leader
            assert seen.chosen == list(info.chosen)
            centre = zones["center_card"].cards
            assert seen.centre == (p.index[centre[0]] if centre else -1)
            shown = [] if p.simultaneous else [(s, p.index[zones[f"chosen:{s}"].cards[0]])
                                               for s in info.order[:info.turn]]
            assert seen.known == shown
            visible = Counter(zones[f"hand:{actor}"].cards) + Counter(centre)
            visible += Counter(card for owner in [*range(players), "center"]
                               for g in zones[f"stacks:{owner}"].groups for card in g)
            visible += Counter(card for s in range(players) for card in (zones[f"chosen:{s}"].cards or ()))
            unseen = Counter(p.ids[t] for t in p.deck) - visible
            assert Counter(p.ids[t] for t in seen.pool) == unseen
            checked += 1
    assert checked >= 20
