"""RevoltaaA over thousands of seeded random games: conservation, legality, ending, scoring, secrecy."""

import random
from collections import Counter

import pytest

from revolt_table.engine import GameOver, IllegalMove, load_rules, replay

DECK = Counter({f"{c}{v}": n for c in "RB" for v, n in ((0, 7), (1, 6), (2, 5), (3, 5), (4, 5), (5, 5))})


def recount(state) -> tuple[int, ...]:
    """Score every seat from the zones alone, as players would at the table."""
    view = state.view(None)
    colour = view.info["victorious_colour"][0].upper()
    return tuple(sum(1 for s in view.zones[f"stacks:{seat}"].groups if s[0][0] == colour)
                 + sum(1 for c in view.zones[f"hand:{seat}"].cards if c[0] == colour)
                 for seat in range(state.players))


def play_random(rules, players: int, seed: int, check_every_move: bool):
    state = rules.new_game(players, seed=seed, start_seat=seed % players)
    rng = random.Random(seed)
    rounds_seen = 0
    while not state.is_over:
        assert state.to_act, "a game that is not over must have someone to act"
        for seat in state.to_act:
            legal = state.legal_moves(seat)
            assert legal, "a seat to act always has a legal move"
            hand = state.view(seat).hand()
            assert sorted(m.text for m in legal) == sorted(set(hand))
            state.apply(seat, legal[rng.randrange(len(legal))])
            if check_every_move:
                assert state.card_count() == DECK
        rounds_seen = state.round_no
    return state, rounds_seen


@pytest.mark.parametrize("variant", [None, "bananas"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_two_thousand_random_games(variant, players):
    rules = load_rules("revoltaaa", variant=variant)
    for seed in range(2000):
        state, rounds = play_random(rules, players, seed, check_every_move=seed < 100)
        assert state.card_count() == DECK, "66 cards accounted for"
        assert rounds <= 7, "a colour must reach four stacks by round 7"
        assert state.scores == recount(state)
        assert max(state.view(None).info["tally"]) == 4
        assert sum(state.view(0).zones[f"hand:{s}"].count for s in range(players)) == players * (11 - state.round_no)


def test_views_never_show_hidden_cards():
    rules = load_rules("revoltaaa")
    for seed in range(200):
        state = rules.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in state.to_act:
                for viewer in range(4):
                    view = state.view(viewer)
                    for other in range(4):
                        if other != viewer:
                            assert view.zones[f"hand:{other}"].cards is None
                            assert view.zones[f"chosen:{other}"].cards is None
                    assert view.zones["center"].cards is None       # neither cards nor their order
                    assert view.zones["box"].cards is None
                    assert view.zones[f"hand:{viewer}"].cards is not None
                legal = state.legal_moves(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])


def test_same_seed_and_moves_give_the_same_game():
    rules = load_rules("revoltaaa", variant="bananas")
    for seed in range(50):
        a, b = rules.new_game(4, seed=seed), rules.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            for seat in a.to_act:
                move = rng.choice(a.legal_moves(seat))
                assert a.apply(seat, move) == b.apply(seat, str(move))
        assert a.scores == b.scores
        rebuilt, _ = replay(rules, a.record())
        assert rebuilt.scores == a.scores and rebuilt.history == a.history


def test_a_seed_is_chosen_and_recorded_when_none_is_given():
    rules = load_rules("revoltaaa")
    state = rules.new_game(3)
    assert isinstance(state.seed, int)
    assert rules.new_game(3, seed=state.seed).view(0).hand() == state.view(0).hand()


def test_clone_is_independent():
    rules = load_rules("revoltaaa")
    state = rules.new_game(4, seed=5)
    copy = state.clone()
    state.apply(0, state.legal_moves(0)[0])
    assert copy.to_act == (0, 1, 2, 3) and state.to_act == (1, 2, 3)
    assert copy.card_count() == DECK == state.card_count()


@pytest.mark.parametrize("variant", [None, "bananas"])
def test_determinize_agrees_with_the_view_and_reshuffles_only_hidden_cards(variant):
    rules = load_rules("revoltaaa", variant=variant)
    state = rules.new_game(4, seed=11)
    rng = random.Random(0)
    for _ in range(6):  # part-way through a round and across rounds
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    viewer = state.to_act[0]
    original = state.view(viewer)
    hands_seen = set()
    for k in range(20):
        sample = state.determinize(viewer, random.Random(k))
        assert sample.card_count() == DECK
        view = sample.view(viewer)
        assert view.zones == original.zones
        assert view.info == original.info and view.to_act == original.to_act
        hands_seen.add(sample.view((viewer + 1) % 4).hand())
        # the sample plays on to the end
        while not sample.is_over:
            for seat in sample.to_act:
                sample.apply(seat, rng.choice(sample.legal_moves(seat)))
    assert len(hands_seen) > 1, "hidden hands must be re-dealt"


def test_game_over_refuses_further_moves():
    rules = load_rules("revoltaaa")
    state, _ = play_random(rules, 3, 1, check_every_move=False)
    assert state.legal_moves(0) == []
    with pytest.raises(IllegalMove, match="game is over"):
        state.apply(0, "R0")
    assert isinstance(GameOver((1,)), GameOver)


def test_a_match_has_one_game_per_player_rotating_the_start_and_keeps_totals():
    from revolt_table.engine import Match

    rules = load_rules("revoltaaa", variant="bananas")
    match = Match(rules, players=3, seed=4)
    starts, expected = [], [0, 0, 0]
    rng = random.Random(4)
    while not match.is_over:
        state = match.new_game()
        starts.append(state.to_act[0])
        while not state.is_over:
            for seat in state.to_act:
                state.apply(seat, rng.choice(state.legal_moves(seat)))
        match.finish_game(state)
        expected = [a + b for a, b in zip(expected, state.scores)]
    assert match.games == 3 and starts == [0, 1, 2]
    assert list(match.totals) == expected
    assert set(match.leaders()) <= {0, 1, 2}
