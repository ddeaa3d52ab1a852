"""RevoltaaA: every rulebook example (English rulebook A-E, German review) and every ruling."""

import pytest

from revolt_table.engine import GameOver, IllegalMove, Message, Refusal, Revealed, StackTaken, load_rules
from revolt_table.engine.message import NOT_LEGAL, NOT_YOUR_TURN
from revolt_table.games.majority import Breakdown
from tests.revoltaaa_helpers import play_round, verdict

FRANK, DAISY, TOM = 0, 1, 2


@pytest.mark.parametrize("cards, centre, winner, colour, reason, unique", [
    (["R1", "R4", "B2"], "B1", FRANK, "red", "higher_total", 1),    # Example A: red 5 beats blue 3; red 1 is lowest
    (["B1", "B3", "R5"], "B0", TOM, "red", "higher_total", 5),      # Example B: red 5 beats blue 4; Tom's red 5 alone
    (["B2", "B0", "R0"], "R2", TOM, "red", "tie_centre_card", 0),   # Example C: 2 = 2, the centre card (red) decides
    (["R0", "B1", "B0"], "B0", DAISY, "blue", "higher_total", 1),   # Example D: blue 0 shows twice, so blue 1 wins
    (["R2", "R2", "B1"], "B2", None, "red", "higher_total", None),  # Example E: red 2 twice, no unique value: deck wins
])
def test_rulebook_examples(cards, centre, winner, colour, reason, unique):
    state, events = play_round(cards, centre)
    result = verdict(events)
    assert result.winner == winner
    assert result.colour == colour
    assert (result.reason, result.unique_value) == (reason, unique)
    name = Message(f"majority.colour.revoltaaa.{colour}")
    why = Message(f"majority.reason.{reason}")
    if unique is None:
        assert result.explanation == Message("majority.explanation.no_unique", colour=name, reason=why)
    else:
        assert result.explanation == Message("majority.explanation.unique", colour=name, reason=why, value=unique)
    last = state.view(None).info.last
    assert (last.winner, last.colour, last.reason, last.unique_value, last.explanation) == (
        winner, colour, reason, unique, result.explanation)


def test_bananas_tie_is_decided_by_the_leaders_card():
    # In turn, no centre card: red 2 against blue 2, the leader (seat 0) played blue.
    _, events = play_round(["B2", "R2", "B0"], variant="bananas")
    result = verdict(events)
    assert (result.colour, result.reason) == ("blue", "tie_leader")


def test_german_review_example_centre_card_wins_with_lowest_value():
    # Centre red 2; players blue 1, blue 3, red 3: blue 4 against red 5, red wins; the centre's red 2
    # is the lowest red value, so the centre pile takes the stack with the red 2 on top.
    state, events = play_round(["B1", "B3", "R3"], "R2")
    result = verdict(events)
    assert (result.winner, result.colour, result.winning_card) == (None, "red", "R2")
    assert state.view(0).zones["stacks:center"].groups == (("R2", "B1", "B3", "R3"),)


def test_german_review_tie_on_lowest_goes_to_next_value():
    # Two red 0s and one red 1: the 0s cancel, the red 1 wins.
    _, events = play_round(["R0", "R0", "R1"], "B0")
    result = verdict(events)
    assert (result.winner, result.winning_card) == (2, "R1")


def test_totals_include_the_centre_card():
    # Red 1 + centre red 2 = 3 beats blue 2; without the centre card blue would win.
    _, events = play_round(["R1", "B2", "B0"], "R2")
    result = verdict(events)
    assert result.colour == "red"
    assert dict(result.totals) == {"red": 3, "blue": 2}


def test_the_winner_takes_every_revealed_card_with_the_winning_card_on_top():
    state, events = play_round(["R1", "R4", "B2"], "B1")
    taken = [e for e in events if isinstance(e, StackTaken)]
    assert taken == [StackTaken(FRANK, ("R1", "B1", "R4", "B2"))]
    assert state.view(1).zones["stacks:0"].groups == (("R1", "B1", "R4", "B2"),)


def test_centre_pile_wins_without_unique_value_top_card_is_winning_colour():
    state, _ = play_round(["R2", "R2", "B1"], "B2")
    (stack,) = state.view(0).zones["stacks:center"].groups
    assert stack[0].startswith("R")  # the winning colour (red) on top, though the centre card was blue


def test_simultaneous_choices_stay_hidden_until_everyone_has_chosen():
    rules = load_rules("revoltaaa")
    state = rules.new_game(3, deal={"hands": [["R1", "B5"], ["R4", "B0"], ["B2", "R3"]],
                                    "piles": {"center": ["B1", "R0"]}})
    assert state.to_act == (0, 1, 2)
    events = state.apply(0, "R1")
    assert [e.kind for e in events] == ["CardChosen"]
    assert state.to_act == (1, 2)
    assert state.view(1).zones["chosen:0"].cards is None        # others see only that seat 0 chose
    assert state.view(1).zones["chosen:0"].count == 1
    assert state.view(0).zones["chosen:0"].cards == ("R1",)
    with pytest.raises(IllegalMove):
        state.apply(0, "B5")                                       # one card per round
    state.apply(1, "R4")
    events = state.apply(2, "B2")
    revealed = [e for e in events if isinstance(e, Revealed)]
    assert revealed[0].cards == ((0, "R1"), (1, "R4"), (2, "B2"))
    assert revealed[1].cards == (("center", "R0"),)               # next round's centre card


def test_game_ends_as_soon_as_a_colour_tops_four_stacks_counting_the_centre_piles():
    # Four red rounds: Frank wins two (his red 1 is the lowest unique red value), the centre pile two
    # (red 2 shown twice, as in Example E). Red then tops four stacks although no one owns four.
    rules = load_rules("revoltaaa")
    hands = [["R1", "R2", "R1", "R2", "B5"],
             ["B0", "R2", "B0", "R2", "B4"],
             ["B1", "B1", "B1", "B1", "B3"]]
    state = rules.new_game(3, deal={"hands": hands, "piles": {"center": ["R5", "B2", "R5", "B2", "B1"]}})
    for r in range(4):
        assert not state.is_over
        for seat in range(3):
            events = state.apply(seat, hands[seat][r])
    assert state.is_over and state.to_act == ()
    over = [e for e in events if isinstance(e, GameOver)][0]
    info = state.view(0).info
    assert info["victorious_colour"] == "red"
    assert state.scores == over.scores == (2, 0, 0)
    assert info["center_score"] == 2 and dict(over.extra) == {"center": 2}
    assert info["beaten_by_center"] == (1, 2)
    assert state.view(1).zones["hand:0"].cards == ("B5",)          # hands are shown at the end
    assert state.view(1).zones["center"].cards == ("B1",)          # and so is the rest of the pile


def test_scoring_rulebook_example_points():
    # Rulebook: "1 victorious stack + 1 victorious card = 2 points, 3 stacks + 2 cards = 5,
    # 0 stacks + 4 cards = 4". Seat 0 wins one red stack, seat 1 three; seat 2 keeps four red cards.
    rules = load_rules("revoltaaa")
    hands = [["R1", "B0", "B0", "B0", "R4", "B5"],
             ["B0", "R1", "R1", "R1", "R3", "R4"],
             ["B1", "B1", "B1", "B1", "R2", "R3", "R4", "R2"]]
    state = rules.new_game(3, deal={"hands": hands, "piles": {"center": ["R5", "R5", "R5", "R5", "B1"]}})
    for r in range(4):
        for seat in range(3):
            state.apply(seat, hands[seat][r])
    assert state.is_over and state.view(0).info["victorious_colour"] == "red"
    assert state.scores == (2, 5, 4)
    assert state.view(0).info.breakdown[:3] == (Breakdown(stacks=1, cards=1), Breakdown(stacks=3, cards=2),
                                                Breakdown(stacks=0, cards=4))


def test_bananas_cards_are_played_in_turn_face_up_from_the_leader():
    rules = load_rules("revoltaaa", variant="bananas")
    state = rules.new_game(3, deal={"hands": [["R1", "B1"], ["R2", "B2"], ["R3", "B3"]]}, start_seat=1)
    assert state.to_act == (1,)
    events = state.apply(1, "R2")
    assert [e.kind for e in events] == ["Played"]
    assert state.view(0).zones["chosen:1"].cards == ("R2",)      # face up for everybody
    assert state.to_act == (2,)
    state.apply(2, "B3")
    assert state.to_act == (0,)


def test_bananas_tie_goes_to_the_leaders_colour():
    # Leader (seat 1) plays blue 2, others red 1 and red 1: 2 = 2, the leader's blue decides.
    _, events = play_round(["R1", "B2", "R1"], variant="bananas", start_seat=1)
    result = verdict(events)
    assert (result.colour, result.winner) == ("blue", 1)


def test_bananas_no_unique_value_the_leader_wins_and_leads_again():
    rules = load_rules("revoltaaa", variant="bananas")
    state = rules.new_game(3, deal={"hands": [["R3", "B0"], ["R3", "B1"], ["B2", "R1"]]}, start_seat=2)
    for seat, card in ((2, "B2"), (0, "R3"), (1, "R3")):
        events = state.apply(seat, card)
    result = verdict(events)
    assert (result.colour, result.winner) == ("red", 2)            # red 3 twice: nothing unique
    assert state.to_act == (2,)                                    # the leader leads again


def test_bananas_the_round_winner_leads_the_next_round():
    rules = load_rules("revoltaaa", variant="bananas")
    state = rules.new_game(3, deal={"hands": [["R1", "B0"], ["R4", "B1"], ["B2", "R2"]]}, start_seat=0)
    for seat, card in ((0, "R1"), (1, "R4"), (2, "B2")):
        events = state.apply(seat, card)
    assert verdict(events).winner == 0
    assert state.to_act == (0,)
    rules_text = " ".join(rules.rulings)
    assert "winning card leads the next round" in rules_text


def test_bananas_first_round_led_by_the_start_seat_ruling():
    rules = load_rules("revoltaaa", variant="bananas")
    for start in range(4):
        assert rules.new_game(4, seed=3, start_seat=start).to_act == (start,)
    assert any("first round" in r for r in rules.rulings)


def test_out_of_cards_ruling_ends_the_game_with_the_colour_with_more_stacks():
    state, events = play_round(["R1", "R4", "B2"], "B1")
    assert state.is_over
    assert state.view(0).info["victorious_colour"] == "red"
    assert state.scores == (1, 0, 0)


def test_classic_rulings_are_listed_and_variants_have_their_own():
    classic, bananas = load_rules("revoltaaa"), load_rules("revoltaaa", variant="bananas")
    assert any("winning card goes on top" in r for r in classic.rulings)
    assert classic.rulings != bananas.rulings
    assert bananas.data["deal"]["center_pile"] == 0 and classic.data["deal"]["center_pile"] == 11


def test_deal_rejects_cards_the_deck_does_not_have():
    rules = load_rules("revoltaaa")
    with pytest.raises(ValueError, match="more R5 cards than the deck holds"):
        rules.new_game(3, deal={"hands": [["R5"] * 6, [], []], "piles": {"center": ["B0"]}})
    with pytest.raises(ValueError, match="unknown card 'X9'"):
        rules.new_game(3, deal={"hands": [["X9"], [], []], "piles": {"center": ["B0"]}})
    with pytest.raises(ValueError, match="3 to 5 players"):
        rules.new_game(6)


def test_illegal_moves_are_refused_with_a_reason():
    rules = load_rules("revoltaaa")
    state = rules.new_game(3, deal={"hands": [["R1"], ["R4"], ["B2"]], "piles": {"center": ["B1"]}})
    with pytest.raises(IllegalMove, match="not a legal move"):
        state.apply(0, "B5")
    with pytest.raises(IllegalMove, match="legal: R1"):
        state.parse_move(0, "R9")
    assert state.refusal(0, "B5") == Refusal("majority.refusal.not_held", card="B5")
    assert state.refusal(0, "b5") == Refusal("majority.refusal.not_held", card="B5")
    assert state.refusal(0, "X9") == Refusal(NOT_LEGAL, move="X9")
    state.apply(0, "R1")
    with pytest.raises(IllegalMove, match="not to act"):
        state.apply(0, "R1")
    assert state.refusal(0, "R1") == Refusal(NOT_YOUR_TURN, seat=0)
