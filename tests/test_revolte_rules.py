"""Révolte!: every clause of the rulebook (issue 5) and every ruling, as a scenario built with deal=."""

from __future__ import annotations

import pytest

from revolt_table.engine import (
    GameOver,
    IllegalMove,
    Message,
    Refusal,
    ScoreChanged,
    TrickWon,
    load_rules,
)
from revolt_table.engine.message import NOT_LEGAL, NOT_YOUR_TURN
from revolt_table.games import tricks_records as rec
from revolt_table.games.tricks import (
    BonusAwarded,
    CoinPaid,
    FamilyChosen,
    Revolt,
    TurnEnded,
    TurnStarted,
)
from revolt_table.games.tricks_records import TrickCard

R = load_rules("revolte")


def game(hands, seed=1, **extra):
    return R.new_game(len(hands), seed=seed, deal={"hands": hands, **extra})


def play(state, *moves):
    """Apply moves for whoever is to act, in order; return all events."""
    events = []
    for move in moves:
        events += state.apply(state.to_act[0], move)
    return events


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def texts(state, seat=None):
    return sorted(m.text for m in state.legal_moves(state.to_act[0] if seat is None else seat))


def card(cid):
    """The Message naming a card, as refusals and verdicts carry it."""
    return R.params.cards.messages[R.params.cards.index[cid]]


NOBLES, BLAGGARDS = Message("tricks.family.N"), Message("tricks.family.B")


# --- setup ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,hand", [(3, 13), (4, 10), (5, 8)])
def test_deal_sizes_coins_and_supply(players, hand):
    state = R.new_game(players, seed=3)
    info = state.public_info()
    assert info["hand_counts"] == (hand,) * players
    assert info["coins"] == (1,) * players
    assert info["supply"] == 112 - players
    assert info["turn"] == 1 and info["turns"] == 3
    assert info["points"] == (0,) * players and info["arms_supply"] == 93


def test_three_players_remove_one_ordinary_citizen():
    state = R.new_game(3, seed=5)
    zones = {z.name: z for z in state.zones()}
    assert zones["box"].cards == ("C",)
    in_play = sum(len(zones[f"hand:{s}"].cards) for s in range(3))
    assert in_play == 39
    assert sum(zones[f"hand:{s}"].cards.count("CP") for s in range(3)) == 1
    assert sum(zones[f"hand:{s}"].cards.count("C") for s in range(3)) == 8


def test_four_and_five_players_use_all_forty_cards():
    for n in (4, 5):
        state = R.new_game(n, seed=9)
        assert sum(len(z.cards) for z in state.zones() if z.kind == "hand") == 40


def test_pitchfork_holder_leads_first_trick_of_each_turn():
    for seed in range(5):
        state = R.new_game(4, seed=seed)
        holder = next(s for s in range(4) if "CP" in state._hand_ids(s))
        assert state.to_act == (holder,)
        assert state.public_info()["pitchfork_holder"] == holder


def test_hand_ids_are_ordered_and_citizens_are_plain_C():
    state = game([["C", "B2", "CP", "N9", "R1"], ["N1", "N2", "N3", "N4", "N5"],
                  ["R2", "R3", "R4", "R5", "R6"], ["B3", "B4", "B5", "B6", "B7"]])
    assert state._hand_ids(0) == ("N9", "R1", "B2", "C", "CP")


# --- following ------------------------------------------------------------------------------------

def test_leader_may_play_anything_including_a_cut():
    state = game([["N1", "R1", "B1", "C"], ["N2", "N3", "N4", "N5"], ["R2", "R3", "R4", "R5"],
                  ["B2", "B3", "B4", "B5"]], leader=0)
    assert texts(state) == sorted(["N1", "R1", "B1", "cut:B1", "C"])


def test_must_follow_chosen_family_or_play_citizen_or_cut():
    state = game([["N5", "R1"], ["N7", "B2"], ["C", "B3"], ["R3", "R4"]], leader=0)
    play(state, "N5")
    # seat 1 holds a Noble: Noble, or cut with the Blaggard; not a plain Blaggard
    assert texts(state) == ["N7", "cut:B2"]
    assert state.refusal(1, "B2") == Refusal(rec.MUST_FOLLOW_CUT_ONLY, family=NOBLES, card=card("B2"))
    play(state, "N7")
    # seat 2 has no Noble: Citizen, plain Blaggard or cut all allowed
    assert texts(state) == ["B3", "C", "cut:B3"]


def test_citizen_allowed_even_when_holding_the_family():
    state = game([["N5", "R1"], ["N7", "C"], ["N1", "B3"], ["N2", "R4"]], leader=0)
    play(state, "N5")
    assert "C" in texts(state)


def test_no_coin_no_cut():
    state = game([["N5", "R1"], ["N7", "B2"], ["B5", "B3"], ["N2", "R4"]], leader=0, coins=[1, 0, 1, 1])
    play(state, "N5")
    assert texts(state) == ["N7"]
    assert state.refusal(1, "cut:B2") == Refusal(rec.NO_COIN_TO_CUT, cost=1)
    assert state.refusal(1, "B2") == Refusal(rec.MUST_FOLLOW_NO_COIN, family=NOBLES, card=card("B2"))
    with pytest.raises(IllegalMove):
        state.apply(1, "cut:B2")


def test_void_player_may_play_another_family_which_does_not_change_the_chosen_family():
    state = game([["N5", "R1"], ["R9", "R2"], ["N6", "B3"], ["N2", "R4"]], leader=0)
    play(state, "N5")
    assert texts(state) == ["R2", "R9"]
    events = play(state, "R9")
    assert state.public_info()["chosen_family"] == "N"
    assert not of(events, FamilyChosen)
    assert state.public_info()["voids"][1] == "N"
    events = play(state, "N6", "N2")
    assert of(events, TrickWon)[0].seat == 2  # N6 beats N5; R9 never wins a Noble trick


def test_citizen_lead_takes_family_from_first_non_citizen():
    state = game([["C", "R1"], ["C", "R2"], ["R5", "N3"], ["R7", "N4"]], leader=0)
    play(state, "C")
    assert state.public_info()["chosen_family"] is None
    assert texts(state) == ["C", "R2"]
    play(state, "C")
    assert texts(state) == ["N3", "R5"]
    events = play(state, "R5")
    assert of(events, FamilyChosen)[0].family == "R"
    assert texts(state) == ["R7"]          # seat 3 must now follow Rascals


def test_leading_with_a_cut_makes_blaggards_chosen_and_blaggards_follow_normally():
    state = game([["B2", "R1"], ["B9", "N1"], ["N6", "B3"], ["R3", "R4"]], leader=0)
    events = play(state, "cut:B2")
    assert of(events, FamilyChosen)[0].family == "B"
    assert of(events, CoinPaid)[0].source == "coins:0"
    assert state.public_info().trick[0] == TrickCard(seat=0, card="B2", cut=True, coins=1)
    assert state.public_info()["trick_coins"] == 1
    assert texts(state) == ["B9", "cut:B9"]   # must follow Blaggards; a plain Blaggard is fine
    events = play(state, "B9", "B3", "R3")
    # the cut B2 still beats the plain B9
    assert of(events, TrickWon)[0].seat == 0


def test_cut_after_citizen_lead_makes_blaggards_chosen():
    state = game([["C", "R1"], ["B4", "R2"], ["B8", "N3"], ["N9", "N4"]], leader=0)
    play(state, "C")
    events = play(state, "cut:B4")
    assert of(events, FamilyChosen)[0].family == "B"
    assert texts(state) == ["B8", "cut:B8"]


def test_cut_allowed_while_holding_the_chosen_family():
    state = game([["N5", "R1"], ["N7", "B2"], ["N1", "B3"], ["N2", "R4"]], leader=0)
    play(state, "N5")
    assert "cut:B2" in texts(state)


# --- winning --------------------------------------------------------------------------------------

def test_highest_card_of_chosen_family_wins_and_winner_leads_next():
    state = game([["R5", "R1"], ["R7", "N2"], ["N10", "R3"], ["B10", "R4"]], leader=0)
    events = play(state, "R5", "R7", "R3", "R4")
    assert of(events, TrickWon)[0].seat == 1
    assert state.to_act == (1,)
    assert state.public_info()["tricks_won"] == (0, 1, 0, 0)


def test_off_family_cards_never_win():
    state = game([["R2", "R1"], ["N10", "N2"], ["B10", "N3"], ["N9", "N4"]], leader=0)
    events = play(state, "R2", "N10", "B10", "N9")
    assert of(events, TrickWon)[0].seat == 0


def test_cut_beats_everything_highest_cut_wins_coins_go_back():
    state = game([["N10", "R1"], ["B3", "N2"], ["B7", "N3"], ["N9", "R4"]], leader=0)
    before = state.public_info()["supply"]
    events = play(state, "N10", "cut:B3", "cut:B7", "N9")
    assert of(events, TrickWon)[0].seat == 2
    info = state.public_info()
    assert info["coins"][1] == 0 and info["coins"][2] == 0
    assert info["trick_coins"] == 0
    assert info["supply"] == before + 2
    back = [e for e in of(events, CoinPaid) if e.target == "supply"]
    assert back and back[0].amount == 2


def test_single_cut_beats_chosen_family():
    state = game([["N10", "R1"], ["B1", "N2"], ["N8", "N3"], ["N9", "R4"]], leader=0)
    events = play(state, "N10", "cut:B1", "N8", "N9")
    assert of(events, TrickWon)[0].seat == 1


# --- revolt ---------------------------------------------------------------------------------------

def test_revolt_more_citizens_than_any_single_family():
    state = game([["N5", "R1"], ["C", "R2"], ["C", "N3"], ["R9", "R4"]], leader=0)
    state.apply(0, "N5")
    events = play(state, "C", "C", "R9")
    assert of(events, Revolt) and not of(events, TrickWon)
    assert not of(events, BonusAwarded)          # no Noble's or Knave's bonus
    info = state.public_info()
    assert info["tricks_won"] == (0, 0, 0, 0)
    assert info["points"] == (0, 0, 0, 0) and info["coins"] == (1, 1, 1, 1)
    zones = {z.name: z for z in state.zones()}
    assert sorted(zones["revolt"].cards) == ["C", "C", "N5", "R9"]
    assert state.to_act == (0,)                  # the player who led leads again


def test_revolt_leader_leads_again_even_when_not_first_seat():
    state = game([["C", "R1"], ["R9", "R2"], ["C", "N3"], ["C", "R4"]], leader=2)
    play(state, "C", "C", "C", "R9")
    assert state.to_act == (2,)


def test_tie_is_no_revolt():
    state = game([["N5", "R1"], ["C", "R2"], ["C", "N3"], ["N9", "R4"]], leader=0)
    events = play(state, "N5", "C", "C", "N9")
    assert not of(events, Revolt)
    assert of(events, TrickWon)[0].seat == 3


def test_cut_blaggard_counts_as_blaggard_for_revolt():
    # 2 Citizens vs plain B + cut B = 2 Blaggards: a tie, no Revolt; the cut wins
    state = game([["B5", "R1"], ["C", "R2"], ["C", "N3"], ["B9", "R4"]], leader=0)
    events = play(state, "B5", "C", "C", "cut:B9")
    assert not of(events, Revolt)
    assert of(events, TrickWon)[0].seat == 3
    # 2 Citizens vs a cut B and a Noble: Revolt, and the cut's coin still goes back
    state = game([["N5", "R1"], ["C", "R2"], ["C", "N3"], ["B9", "R4"]], leader=0)
    supply = state.public_info()["supply"]
    events = play(state, "N5", "C", "C", "cut:B9")
    assert of(events, Revolt)
    assert state.public_info()["supply"] == supply + 1
    assert state.public_info()["coins"][3] == 0


def test_all_citizen_trick_is_a_revolt():
    state = game([["C", "R1"], ["C", "R2"], ["CP", "N3"], ["C", "R4"]], leader=1)
    events = play(state, "C", "CP", "C", "C")
    assert of(events, Revolt)
    assert state.to_act == (1,)


def test_three_player_single_citizen_is_no_revolt_two_are():
    hands = [["N5", "R1"], ["C", "R2"], ["R7", "N3"]]
    state = game(hands, leader=0)
    assert not of(play(state, "N5", "C", "N3"), Revolt)
    state = game([["N5", "R1"], ["C", "R2"], ["C", "N3"]], leader=0)
    assert of(play(state, "N5", "C", "C"), Revolt)


# --- bonuses --------------------------------------------------------------------------------------

def test_nobles_bonus_goes_to_highest_noble_even_if_not_winner():
    state = game([["R2", "R1"], ["N8", "N2"], ["R9", "N3"], ["N4", "N5"]], leader=0)
    events = play(state, "R2", "N8", "R9", "N4")
    assert of(events, TrickWon)[0].seat == 2
    noble = [e for e in of(events, BonusAwarded) if e.bonus == "noble"]
    assert [(e.seat, e.card, e.token) for e in noble] == [(1, "N8", "arms")]
    assert state.public_info()["points"] == (0, 1, 0, 0)
    assert state.public_info()["arms_supply"] == 92


def test_lone_noble_and_lone_rascal_get_the_bonuses():
    state = game([["B2", "R1"], ["N1", "N2"], ["R10", "N3"], ["B3", "R4"]], leader=0)
    events = play(state, "B2", "N1", "R10", "B3")
    bonuses = {e.bonus: (e.seat, e.card) for e in of(events, BonusAwarded)}
    assert bonuses == {"noble": (1, "N1"), "knave": (2, "R10")}
    info = state.public_info()
    assert info["coins"] == (1, 1, 2, 1)
    assert info["points"] == (0, 1, 0, 0)
    assert info["supply"] == 112 - 4 - 1


def test_knaves_bonus_goes_to_lowest_rascal():
    state = game([["R5", "R1"], ["R2", "N2"], ["R9", "N3"], ["N4", "N5"]], leader=0)
    events = play(state, "R5", "R2", "R9", "N4")
    assert of(events, TrickWon)[0].seat == 2
    knave = [e for e in of(events, BonusAwarded) if e.bonus == "knave"]
    assert [(e.seat, e.card) for e in knave] == [(1, "R2")]
    assert state.public_info()["coins"] == (1, 2, 1, 1)


def test_knave_empty_supply_takes_from_richest_other_player():
    state = game([["R5", "R1"], ["R2", "N2"], ["R9", "N3"], ["N4", "N5"]], leader=0, coins=[3, 1, 100, 8])
    assert state.public_info()["supply"] == 0
    events = play(state, "R5", "R2", "R9", "N4")
    knave = [e for e in of(events, BonusAwarded) if e.bonus == "knave"]
    assert knave[0].source == "coins:2"
    assert state.public_info()["coins"] == (3, 2, 99, 8)


def test_knave_empty_supply_richest_tie_is_the_bonus_winners_move():
    state = game([["R5", "R1"], ["R2", "N2"], ["R9", "N3"], ["N4", "N5"]], leader=0, coins=[50, 2, 50, 10])
    play(state, "R5", "R2", "R9", "N4")
    assert state.to_act == (1,)
    assert texts(state) == ["take:0", "take:2"]
    assert state.public_info()["pending_take"]["options"] == (0, 2)
    assert state.refusal(1, "N2") == Refusal(rec.TAKE_FIRST)
    assert state.refusal(1, "take:1") == Refusal(NOT_LEGAL, move="take:1")
    assert state.refusal(1, "take:02") == Refusal(NOT_LEGAL, move="take:02")     # the move is take:2
    with pytest.raises(IllegalMove):
        state.apply(1, "take:02")
    events = state.apply(1, "take:2")
    assert of(events, CoinPaid)[0].source == "coins:2"
    assert state.public_info()["coins"] == (50, 3, 49, 10)
    assert state.to_act == (2,)                  # then the trick winner leads


def test_knave_bonus_winner_who_is_richest_takes_from_the_richest_other():
    state = game([["R5", "R1"], ["R2", "N2"], ["R9", "N3"], ["N4", "N5"]], leader=0, coins=[1, 100, 5, 6])
    play(state, "R5", "R2", "R9", "N4")
    assert state.public_info()["coins"] == (1, 101, 5, 5)


def test_knave_bonus_lost_when_nobody_else_has_a_coin():
    state = game([["R5", "R1"], ["R2", "N2"], ["R9", "N3"], ["N4", "N5"]], leader=0, coins=[0, 112, 0, 0])
    events = play(state, "R5", "R2", "R9", "N4")
    assert not [e for e in of(events, BonusAwarded) if e.bonus == "knave"]
    assert state.public_info()["coins"] == (0, 112, 0, 0)


def test_cut_coins_return_before_knaves_bonus():
    state = game([["R5", "R1"], ["R2", "N2"], ["B9", "N3"], ["N4", "N5"]], leader=0, coins=[3, 1, 100, 8])
    events = play(state, "R5", "R2", "cut:B9", "N4")
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("CoinPaid", kinds.index("TrickWon") - 1) < kinds.index("BonusAwarded")
    knave = [e for e in of(events, BonusAwarded) if e.bonus == "knave"]
    assert knave[0].source == "supply"
    assert state.public_info()["coins"] == (3, 2, 99, 8)


def test_no_bonus_without_nobles_or_rascals():
    state = game([["B2", "R1"], ["B5", "N2"], ["B9", "N3"], ["C", "R4"]], leader=0)
    events = play(state, "B2", "B5", "B9", "C")
    assert not of(events, BonusAwarded)


# --- end of turn and game -------------------------------------------------------------------------

def test_end_of_turn_scores_one_point_per_trick_and_deals_again():
    state = game([["N9", "N1"], ["N2", "R2"], ["N3", "R3"], ["N4", "R4"]], leader=0)
    play(state, "N9", "N2", "N3", "N4")               # seat 0 wins (and the Noble's bonus)
    events = play(state, "N1", "R2", "R3", "R4")      # seat 0 wins again, seat 1 gets the Knave's coin
    ended = of(events, TurnEnded)[0]
    assert ended.turn == 1 and ended.tricks_won == (2, 0, 0, 0)
    assert [e.delta for e in of(events, ScoreChanged) if e.reason.code == rec.SCORE_TRICKS] == [2]
    assert ended.trick_points == (2, 0, 0, 0)
    info = state.public_info()
    assert info["points"] == (2 + 2, 0, 0, 0)          # 2 tricks + 2 Noble's bonuses
    assert info["turn"] == 2 and info["hand_counts"] == (10, 10, 10, 10)
    assert info["tricks_won"] == (0, 0, 0, 0) and info["coins"] == (1, 2, 1, 1)
    assert of(events, TurnStarted)[0].turn == 2
    holder = next(s for s in range(4) if "CP" in state._hand_ids(s))
    assert state.to_act == (holder,)


def test_end_of_game_richest_alone_gets_two_points():
    state = game([["N9"], ["N2"], ["N3"], ["N4"]], leader=0, turn=3, coins=[1, 5, 1, 1], points=[3, 3, 0, 0])
    events = play(state, "N9", "N2", "N3", "N4")
    assert state.is_over
    # seat 0: 3 + 1 trick + 1 Noble = 5; seat 1: 3 + 2 for the most coins = 5; tie broken by coins
    assert state.scores == (5, 5, 0, 0)
    assert state.winners == (1,)
    over = of(events, GameOver)[0]
    assert over.scores == (5, 5, 0, 0)
    assert over.explanation == Message(rec.GAME_WON_BY_COINS, player=2, points=5, coins=5)
    assert state.public_info()["winners"] == (1,)
    assert state.legal_moves(0) == [] and state.to_act == ()


def test_end_of_game_tied_richest_get_one_point_each_and_shared_victory():
    state = game([["N9"], ["N2"], ["N3"], ["N4"]], leader=0, turn=3, coins=[1, 4, 4, 1], points=[0, 1, 1, 0])
    play(state, "N9", "N2", "N3", "N4")
    assert state.scores == (2, 2, 2, 0)
    assert state.winners == (1, 2)                     # points tie, coins tie among them: shared


def test_end_of_game_everybody_equally_poor_are_all_tied_richest():
    state = game([["N9"], ["N2"], ["N3"], ["N4"]], leader=0, turn=3, coins=[0, 0, 0, 0])
    play(state, "N9", "N2", "N3", "N4")
    assert state.scores == (1 + 1 + 1, 1, 1, 1)
    assert state.winners == (0,)


def test_game_lasts_three_turns():
    import random
    state = R.new_game(5, seed=11)
    rng = random.Random(1)
    turns = set()
    while not state.is_over:
        turns.add(state.public_info()["turn"])
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        state.apply(seat, moves[rng.randrange(len(moves))])
    assert turns == {1, 2, 3}


# --- the UI helpers -------------------------------------------------------------------------------

def test_refusals_say_why_a_card_cannot_be_played():
    state = game([["N5", "R1"], ["N7", "B2"], ["C", "B3"], ["R3", "R4"]], leader=0, coins=[1, 1, 0, 1])
    play(state, "N5")
    assert state.refusal(1, "N7") is None and state.refusal(1, "cut:B2") is None
    assert state.refusal(1, "B2") == Refusal(rec.MUST_FOLLOW_CUT_ONLY, family=NOBLES, card=card("B2"))
    assert state.refusal(1, "R9") == Refusal(rec.NOT_HELD, card=card("R9"))
    assert state.refusal(1, "cut:R9") == Refusal(rec.NOT_HELD, card=card("R9"))
    assert state.refusal(1, "cut:N7") == Refusal(rec.ONLY_TRUMP_CUTS, family=BLAGGARDS)
    assert state.refusal(1, "pass") == Refusal(NOT_LEGAL, move="pass")
    assert state.refusal(0, "R1") == Refusal(NOT_YOUR_TURN, seat=0)
    play(state, "N7")
    assert state.refusal(2, "cut:B3") == Refusal(rec.NO_COIN_TO_CUT, cost=1)
    assert state.refusal(2, "B3") is None and state.refusal(2, "C") is None
    play(state, "B3")
    assert state.refusal(3, "R3") is None            # void in Nobles: any card


def test_refusal_sentences_read_as_before():
    """The English sentences the table shows (the UI adds "Can't play: ")."""
    from revolt_table.services import i18n
    state = game([["N5", "R1"], ["N7", "B2"], ["C", "B3"], ["R3", "R4"]], leader=0, coins=[1, 1, 0, 1])
    play(state, "N5")
    assert i18n.say(state.refusal(1, "B2")) == "you must follow Nobles (Blaggard 2 can only cut)"
    assert i18n.say(state.refusal(1, "R9")) == "you do not hold Rascal 9"
    assert i18n.say(state.refusal(1, "cut:N7")) == "only Blaggards can cut"
    play(state, "N7")
    assert i18n.say(state.refusal(2, "cut:B3")) == "no coin left for a cut"


# --- deal validation ------------------------------------------------------------------------------

def test_bad_deals_are_refused():
    with pytest.raises(ValueError):
        game([["N1"], ["N1"], ["N2"], ["N3"]])
    with pytest.raises(ValueError):
        game([["N1", "N4"], ["N2"], ["N5"], ["N3"]])
    with pytest.raises(ValueError):
        game([["X1"], ["N2"], ["N5"], ["N3"]])
    with pytest.raises(ValueError):
        R.new_game(3, deal={"hands": [["C"] * 9, ["N1"] * 9, ["N2"] * 9]})


# --- the rules file -------------------------------------------------------------------------------

def test_rules_file_data_and_rulings():
    d = R.data
    assert [f["letter"] for f in d["families"]] == ["N", "R", "B"]
    assert d["supply"]["coins"] == 112 and d["start"]["coins"] == 1 and d["turns"] == 3
    assert {n: d["deal"][n]["hand"] for n in (3, 4, 5)} == {3: 13, 4: 10, 5: 8}
    assert d["deal"][3]["remove"] == ["C"]
    text = " ".join(R.rulings)
    for topic in ("only of Citizens", "leads the next", "chooses which one", "Blaggards, each by rising value",
                  "pitchfork Citizen makes no difference"):
        assert topic in text, topic


def test_semantic_errors_are_reported_with_positions(tmp_path):
    from revolt_table.engine import RulesError, validate_file
    source = (R.path.read_text(encoding="utf-8")
              .replace("trump: B ", "trump: X ")
              .replace("4: {remove: [], hand: 10}", "4: {remove: [], hand: 11}"))
    path = tmp_path / "bad.yaml"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        validate_file(path)
    messages = [str(d) for d in err.value.diagnostics]
    assert any("trump 'X'" in m for m in messages)
    assert any("4 x 11 cards" in m for m in messages)
    assert all(m.startswith(str(path) + ":") for m in messages)


# --- the params record ------------------------------------------------------------------------------

def test_params_hold_the_rules_numbers_once():
    from dataclasses import FrozenInstanceError

    from revolt_table.games.tricks_records import BonusSpec, TricksParams
    p = R.params
    assert isinstance(p, TricksParams) and R.params is p           # compiled once per Rules
    assert p.letters == ("N", "R", "B") and p.trump == "B" and p.citizen == "C" and p.pitchfork == "CP"
    assert [(f.low, f.high) for f in p.families] == [(1, 10)] * 3
    assert {n: p.hand_size(n) for n in (3, 4, 5)} == {3: 13, 4: 10, 5: 8} and p.deal(3).remove == ("C",)
    assert dict(p.deck) == {**{f"{x}{v}": 1 for x in "NRB" for v in range(1, 11)}, "C": 9, "CP": 1}
    assert (p.coins_total, p.arms_total, p.start_coins, p.turns, p.cut_cost) == (112, 93, 1, 3, 1)
    assert p.noble == BonusSpec("N", True, 1) and p.knave == BonusSpec("R", False, 1)
    assert (p.points_per_trick, p.richest_alone, p.richest_tied, p.ties_revolt) == (1, 2, 1, False)
    assert p.is_numbered("B7") and not p.is_numbered("CP") and not p.is_numbered("C")
    with pytest.raises(FrozenInstanceError):
        p.turns = 4                                                  # type: ignore[misc]
    assert not hasattr(R, "_tricks_tables")
    hash(p)


def test_the_table_and_the_ai_read_params_not_the_rules_data():
    """The boundary (docs/design.md): no raw YAML, no state internals, no pitchfork id in the consumers."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[1] / "revolt_table"
    for rel in ("ai/tricks_ai.py", "ai/tricks_hints.py", "ui/table/tricks.py", "ui/table/tricks_faces.py",
                "ui/table/tricks_sections.py", "ui/table/tricks_moments.py"):
        source = (root / rel).read_text(encoding="utf-8")
        assert "rules.data" not in source and '"CP"' not in source, rel
        assert not re.search(r"state\.(_\w+|t|trick|family|pending|coins|points|won|hands)\b", source), rel
        assert not re.search(r"from revolt_table\.games\.\w+ import .*\b_\w", source), rel
