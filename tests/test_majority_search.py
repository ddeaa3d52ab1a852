"""RevoltaaA's ai:hard (ai/majority_search.py): legal and reproducible decisions, determinizations that
keep what the view shows, and a play-out policy that is the normal heuristic (issue 16)."""

from __future__ import annotations

import random

import pytest

from revolt_table.ai.majority_search import FastValue, MajoritySpec, PlayModel
from revolt_table.ai.majority_value import MajorityValueAgent
from revolt_table.ai.registry import make_agent
from revolt_table.engine import load_rules
from tests.revoltaaa_helpers import positions

VARIANTS = (None, "bananas")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", (3, 5))
def test_ai_hard_plays_a_legal_card_and_ends_the_game(variant, players):
    rules = load_rules("revoltaaa", variant=variant)
    hard = make_agent("ai:hard", rules, iterations=24)
    rng = random.Random(players)
    for state, seat in positions(rules, players, seed=players, count=6):
        legal = state.legal_moves(seat)
        assert hard.choose(state.view(seat), legal, rng) in legal
    state = rules.new_game(players, seed=1)
    while not state.is_over:
        for actor in state.to_act:
            state.apply(actor, hard.choose(state.view(actor), state.legal_moves(actor), rng))
            if state.is_over:
                break
    assert state.winners


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_view_and_seed_give_the_same_card_whatever_the_hidden_cards(variant):
    """Honesty with the real budget: a re-dealt state with the same view gets the same decision."""
    rules = load_rules("revoltaaa", variant=variant)
    hard = make_agent("ai:hard", rules, iterations=120)
    for k, (state, seat) in enumerate(positions(rules, 4, seed=5, count=4)):
        other = state.determinize(seat, random.Random(50 + k))
        assert other.view(seat) == state.view(seat)
        theirs = hard.choose(other.view(seat), other.legal_moves(seat), random.Random(k)).text
        assert hard.choose(state.view(seat), state.legal_moves(seat), random.Random(k)).text == theirs


@pytest.mark.parametrize("variant", VARIANTS)
def test_determinizations_keep_the_view_and_let_the_seats_that_chose_choose_again(variant):
    rules = load_rules("revoltaaa", variant=variant)
    spec = MajoritySpec(rules)
    checked = 0
    for k, (state, seat) in enumerate(positions(rules, 4, seed=9, count=12)):
        view = state.view(seat)
        deal = spec._deal(view, random.Random(k))
        assert deal.hands[seat] == state.hands[seat]
        assert deal.stacks == state.stacks and deal.tally == state.tally
        assert deal.center_card == state.center_card and len(deal.pile) == len(state.pile)
        total = sum(map(sum, deal.hands)) + len(deal.pile) + len(deal.box) + sum(c >= 0 for c in deal.chosen)
        assert total == len(rules.params.deck) - sum(len(s) for owner in deal.stacks for s in owner) - (
            deal.center_card >= 0)
        if rules.params.simultaneous:
            # a hidden choice is taken back: that seat chooses again in the play-out
            chose = [s for s in range(4) if s != seat and state.chosen[s] >= 0]
            assert all(deal.chosen[s] == -1 and s in deal.to_act for s in chose)
            assert [sum(h) for h in deal.hands] == [sum(h) + (s in chose) for s, h in enumerate(state.hands)]
            checked += bool(chose)
        else:
            # cards played in turn are public: they stay on the table
            assert deal.chosen == state.chosen and deal.to_act == state.to_act
            checked += state.turn > 0
    assert checked >= 2, "the positions must include seats that already played this round"


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_play_out_policy_is_the_value_estimate(variant):
    """With many imagined rounds, FastValue and ai:normal (the value estimate) estimate the same chance
    of ending on top and so pick the same card (apart from near-ties): the play-outs model the normal
    seats, and hard's own later turns, faithfully."""
    rules = load_rules("revoltaaa", variant=variant)
    fast = FastValue(rules.params, samples=600)
    normal = MajorityValueAgent(rules, samples=600)
    same = total = 0
    for k, (state, seat) in enumerate(positions(rules, 4, seed=3, count=12)):
        legal = state.legal_moves(seat)
        mine = rules.params.ids[fast.choose(state, seat, random.Random(k))]
        same += mine == normal.choose(state.view(seat), legal, random.Random(k)).text
        total += 1
    assert same >= total - 2


def test_the_value_play_out_policy_reads_only_what_the_actor_sees():
    """Two states that the actor sees alike (other hands re-dealt) get the same card for the same seed."""
    rules = load_rules("revoltaaa")
    fast = FastValue(rules.params)
    for k, (state, seat) in enumerate(positions(rules, 4, seed=8, count=8)):
        other = state.determinize(seat, random.Random(70 + k))
        assert fast.choose(state, seat, random.Random(k)) == fast.choose(other, seat, random.Random(k))


def test_hard_searches_and_reports_its_statistics():
    rules = load_rules("revoltaaa")
    hard = make_agent("ai:hard", rules, iterations=60)
    state, seat = positions(rules, 4, seed=2, count=1)[0]
    hard.choose(state.view(seat), state.legal_moves(seat), random.Random(0))
    assert hard.last["playouts"] <= 60 and hard.last["candidates"] == len(state.legal_moves(seat))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", (3, 4))
def test_inference_weighs_the_true_hands_above_random_deals(variant, players):
    """Seats played by ai:normal: the deal that gives them their real hands gets a higher weight than
    most deals drawn from the view (it explains the cards they played, last round and this one, and
    at three seats every earlier round's)."""
    rules = load_rules("revoltaaa", variant=variant)
    normal = MajorityValueAgent(rules)
    spec = MajoritySpec(rules)
    above = total = 0
    for game in range(4):
        state = rules.new_game(players, seed=game)
        rng = random.Random(game)
        while not state.is_over:
            for actor in state.to_act:
                if actor == 0 and state.round_no > 1:
                    view = state.view(0)
                    observations = spec.model.observations(view)
                    truth = [h[:] for h in state.hands]
                    for s, card in enumerate(state.chosen):
                        if s and card >= 0 and rules.params.simultaneous:
                            truth[s][card] += 1        # a hidden choice goes back to hand (the deals do so)
                    mine = spec.model.weight(truth, observations)
                    others = sorted(spec.model.weight(spec._deal(view, random.Random(k)).hands, observations)
                                    for k in range(9))
                    above += mine > others[4]
                    total += 1
                state.apply(actor, normal.choose(state.view(actor), state.legal_moves(actor), rng))
                if state.is_over:
                    break
    assert total >= 8 and above >= 0.75 * total


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("remembered", (1, 3, 99))
def test_inference_sees_each_played_card_as_its_seat_saw_it(variant, remembered):
    """The observations rebuilt from a later view hold what FastValue read in the real state when that
    seat played (its hand then, the stacks, tally, centre card, the cards before it in turn, the leader,
    the cards it had not seen); in turn also every hand's size and who had played. With a secret
    choice the order of choosing is not public: there the model takes everyone as yet to choose.
    Remembering earlier rounds (RevealMemory), a card played rounds ago is seen with the hand that
    held it then: the hand now plus every card its seat played since."""
    rules = load_rules("revoltaaa", variant=variant)
    simultaneous = rules.params.simultaneous
    model = PlayModel(rules.params, rounds={4: remembered})
    deck = model.deck
    normal = MajorityValueAgent(rules)
    checked = old = 0
    for game in range(3):
        state = rules.new_game(4, seed=40 + game)
        rng = random.Random(game)
        seen: dict[tuple[int, int], tuple] = {}
        revealed: dict[int, list] = {}          # round -> its seats in the order the reveal lists them
        while not state.is_over:
            for actor in state.to_act:
                if actor == 0:
                    view = state.view(0)
                    info = view.info
                    expected = []
                    if info.last is not None:
                        revealed[state.round_no - 1] = [o for o, _ in info.last.cards if o not in ("center", 0)]
                    for done in range(max(1, state.round_no - remembered), state.round_no):
                        expected += [seen[(done, o)] for o in revealed[done]]
                    if not simultaneous:
                        expected += [seen[(state.round_no, s)] for s in info.order[:info.turn] if s]
                    observations = model.observations(view)
                    assert len(observations) == len(expected)
                    for obs, truth in zip(observations, expected):
                        seat, card, since, owned, tally, centre, earlier, leader, sizes, chosen, shown = obs
                        t_seat, t_hand, t_owned, t_tally, t_centre, t_known, t_leader, t_sizes, t_chosen, t_pool = truth
                        hand = state.hands[seat][:]
                        if simultaneous and state.chosen[seat] >= 0:
                            hand[state.chosen[seat]] += 1
                        hand[card] += 1
                        for c in since:
                            hand[c] += 1
                        assert (seat, hand, owned, tally, centre, earlier) == (t_seat, t_hand, t_owned, t_tally,
                                                                              t_centre, t_known)
                        pool = [t for t in range(len(deck)) for _ in range(deck[t] - hand[t] - shown[t])]
                        assert pool == sorted(t_pool)
                        if not simultaneous:
                            assert (leader, sizes, chosen) == (t_leader, t_sizes, t_chosen)
                        checked += 1
                        old += len(since) > (not simultaneous and state.chosen[seat] >= 0)
                seen[(state.round_no, actor)] = tuple(state.simulation().seen(actor))
                state.apply(actor, normal.choose(state.view(actor), state.legal_moves(actor), rng))
                if state.is_over:
                    break
    assert checked >= 30
    assert (old > 30) == (remembered > 1)      # cards seen a round or more before they were played


def test_the_default_budget_shrinks_at_five_seats_and_a_given_one_does_not():
    """A five-seat play-out costs more, so ai:hard's default play-outs shrink there (PLAYOUT_SCALE) to
    keep the mean decision under half a second; a budget given in play-outs stays as given."""
    from revolt_table.ai.majority_search import PLAYOUT_SCALE, PLAYOUTS, make_search

    rules = load_rules("revoltaaa")
    views = {n: rules.new_game(n, seed=1).view(0) for n in (3, 4, 5)}
    default, given = make_search(rules), make_search(rules, iterations=100)
    assert default.spec.playouts(views[4], default.budget.playouts) == PLAYOUTS
    assert default.spec.playouts(views[5], default.budget.playouts) == round(PLAYOUTS * PLAYOUT_SCALE[5]) < PLAYOUTS
    assert [given.spec.playouts(views[n], given.budget.playouts) for n in (3, 4, 5)] == [100, 100, 100]
    state = rules.new_game(5, seed=2)
    default.choose(state.view(state.to_act[0]), state.legal_moves(state.to_act[0]), random.Random(0))
    assert default.last["playouts"] <= PLAYOUTS * PLAYOUT_SCALE[5]


def test_the_reveal_memory_follows_one_game_and_starts_afresh_elsewhere():
    """Remembered reveals belong to the game and seat they were seen from: asked about another game,
    or about an earlier position of the same one, the model sees what a fresh model sees there; one
    model playing two seats (the AI worker keeps one agent per level) remembers for each."""
    rules = load_rules("revoltaaa")
    normal = MajorityValueAgent(rules)
    views = []
    seat1 = []
    for game in range(2):
        state = rules.new_game(3, seed=70 + game)
        rng = random.Random(game)
        seat_views = []
        while not state.is_over and len(seat_views) < 6:
            for actor in state.to_act:
                if actor == 0:
                    seat_views.append(state.view(0))
                elif actor == 1 and game == 0:
                    seat1.append(state.view(1))
                state.apply(actor, normal.choose(state.view(actor), state.legal_moves(actor), rng))
                if state.is_over:
                    break
        views.append(seat_views)
    assert len(views[0]) == len(views[1]) == 6
    alone = [PlayModel(rules.params, rounds={3: 99}) for _ in range(2)]
    both = PlayModel(rules.params, rounds={3: 99})
    for mine, theirs in zip(views[0], seat1):
        assert both.observations(mine) == alone[0].observations(mine)
        assert both.observations(theirs) == alone[1].observations(theirs)
    model = PlayModel(rules.params, rounds={3: 99})
    for view in views[0]:
        remembered = model.observations(view)
    assert len(remembered) > 2 * len(PlayModel(rules.params).observations(views[0][-1]))
    for view in (views[1][3], views[0][2]):
        assert model.observations(view) == PlayModel(rules.params, rounds={3: 99}).observations(view)
