"""Dou Dizhu (Cardavia): bidding, redeal, trick flow, multiplier and scoring scenarios, views.

Scenarios use the climbing family's `deal=` format (see revolt_table/games/climbing.py): small
hands are allowed, cards not dealt wait in the hidden `unused` zone, and `landlord`/`bid` skip the
bidding so a scoring scenario starts at the landlord's first lead.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from revolt_table.engine import IllegalMove, Match, Refusal, load_rules
from revolt_table.engine.events import Bid, Dealt, GameOver, Played, ScoreChanged
from revolt_table.games.climbing import (CARD_IDS, DealScored, Doubled, LandlordChosen, Redeal,
                                         Spring)

RULES = load_rules("doudizhu")


def full_deal(first_bidder=0, seed=3):
    """A complete 17/17/17/3 deal taken from a seeded shuffle, with a chosen first bidder."""
    deck = list(CARD_IDS)
    random.Random(seed).shuffle(deck)
    return {"hands": [deck[0:17], deck[17:34], deck[34:51]], "piles": {"bottom": deck[51:]},
            "first_bidder": first_bidder}


def kinds(events):
    return [e.kind for e in events]


# --- the rules file ---------------------------------------------------------------------------

def test_rules_file_loads_with_rulings_and_text():
    assert RULES.family.name == "climbing"
    assert RULES.min_players == RULES.max_players == 3
    text = " ".join(RULES.rules_text)
    assert "landlord" in text and "spring" in text
    rulings = " ".join(RULES.rulings)
    for word in ("airplane", "redeals", "Reverse spring", "Suits never matter", "bottom cards", "no limit"):
        assert word in rulings


def test_deck_and_deal():
    state = RULES.new_game(3, seed=11)
    counts = state.card_count()
    assert sorted(counts) == sorted(CARD_IDS) and len(counts) == 54 and set(counts.values()) == {1}
    view = state.view(0)
    assert [view.zones[f"hand:{s}"].count for s in range(3)] == [17, 17, 17]
    assert view.zones["bottom"].count == 3 and view.zones["bottom"].cards is None


# --- bidding ----------------------------------------------------------------------------------

def test_first_bidder_is_drawn_from_the_seed():
    firsts = {RULES.new_game(3, seed=s).to_act[0] for s in range(40)}
    assert firsts == {0, 1, 2}
    assert RULES.new_game(3, seed=5).to_act == RULES.new_game(3, seed=5).to_act


def test_bid_three_ends_the_bidding_at_once_and_the_landlord_takes_the_bottom():
    deal = full_deal(first_bidder=1)
    state = RULES.new_game(3, seed=1, deal=deal)
    assert [m.text for m in state.legal_moves(1)] == ["pass", "bid1", "bid2", "bid3"]
    events = state.apply(1, "bid3")
    assert kinds(events) == ["Bid", "LandlordChosen"]
    chosen = events[1]
    assert isinstance(chosen, LandlordChosen) and chosen.seat == 1 and chosen.bid == 3
    assert sorted(chosen.bottom) == sorted(deal["piles"]["bottom"])
    assert state.to_act == (1,)
    view = state.view(0)
    assert view.info["phase"] == "play" and view.info["landlord"] == 1
    assert view.zones["hand:1"].count == 20 and view.zones["bottom"].count == 0
    assert set(view.info["bottom_cards"]) == set(deal["piles"]["bottom"])
    assert set(deal["piles"]["bottom"]) <= set(state.view(1).hand())
    assert "pass" not in [m.text for m in state.legal_moves(1)]  # the landlord leads


def test_two_passes_after_a_bid_end_the_bidding():
    state = RULES.new_game(3, seed=1, deal=full_deal(first_bidder=2))
    state.apply(2, "bid1")
    assert [m.text for m in state.legal_moves(0)] == ["pass", "bid2", "bid3"]
    state.apply(0, "pass")
    events = state.apply(1, "pass")
    assert isinstance(events[-1], LandlordChosen) and events[-1].seat == 2 and events[-1].bid == 1
    assert state.view(None).info["bid"] == 1


def test_bidding_goes_round_and_a_player_who_passed_may_bid_later():
    state = RULES.new_game(3, seed=1, deal=full_deal(first_bidder=0))
    state.apply(0, "pass")
    state.apply(1, "bid1")
    state.apply(2, "pass")
    state.apply(0, "bid2")        # passed before, bids now
    assert state.view(None).info["phase"] == "bidding"
    with pytest.raises(IllegalMove):
        state.apply(1, "bid2")    # must be above the current bid
    state.apply(1, "pass")
    events = state.apply(2, "pass")
    assert events[-1].seat == 0 and events[-1].bid == 2
    assert state.view(None).info["bids"] == ((0, 0), (1, 1), (2, 0), (0, 2), (1, 0), (2, 0))


def test_all_pass_redeals_in_the_same_game_from_the_seed():
    state = RULES.new_game(3, seed=21, deal=full_deal(first_bidder=1))
    before = state.view(0).hand()
    state.apply(1, "pass")
    state.apply(2, "pass")
    events = state.apply(0, "pass")
    assert kinds(events) == ["Bid", "Redeal", "Dealt"]
    assert isinstance(events[1], Redeal) and events[1].number == 1 and events[1].first_bidder == 2
    assert isinstance(events[2], Dealt) and events[2].hands == (17, 17, 17)
    info = state.view(0).info
    assert info["phase"] == "bidding" and info["redeals"] == 1 and info["bids"] == () and info["current_bid"] == 0
    assert state.to_act == (2,)                      # the next seat after the previous first bidder
    assert state.view(0).hand() != before
    assert len(state.card_count()) == 54 and state.view(0).zones["bottom"].count == 3
    # the redeal is reproducible from the seed and the moves
    again = RULES.new_game(3, seed=21, deal=full_deal(first_bidder=1))
    for seat in (1, 2, 0):
        again.apply(seat, "pass")
    assert again.view(0).hand() == state.view(0).hand()
    # and differs with another seed
    other = RULES.new_game(3, seed=22, deal=full_deal(first_bidder=1))
    for seat in (1, 2, 0):
        other.apply(seat, "pass")
    assert other.view(0).hand() != state.view(0).hand()


def test_repeated_redeals_keep_going():
    state = RULES.new_game(3, seed=4)
    for round_no in range(1, 6):
        for _ in range(3):
            state.apply(state.to_act[0], "pass")
        assert state.view(None).info["redeals"] == round_no
    assert not state.is_over and len(state.card_count()) == 54


def test_bid_event_records_a_pass_as_zero():
    state = RULES.new_game(3, seed=1, deal=full_deal(first_bidder=0))
    assert state.apply(0, "pass") == [Bid(0, 0)]
    assert state.apply(1, "bid2") == [Bid(1, 2)]


# --- play -------------------------------------------------------------------------------------

def small(hands, landlord=0, bid=1, bottom=()):
    return RULES.new_game(3, seed=9, deal={"hands": hands, "piles": {"bottom": list(bottom)},
                                           "landlord": landlord, "bid": bid})


def test_two_passes_give_the_lead_back_to_the_last_player():
    state = small([["3S", "9S", "9H"], ["4S", "5S"], ["6S", "7S"]])
    state.apply(0, "3")
    assert [m.text for m in state.legal_moves(1)] == ["pass", "4", "5"]
    state.apply(1, "5")
    state.apply(2, "pass")
    events = state.apply(0, "pass")
    assert kinds(events) == ["Passed", "LeadRegained"] and events[1].seat == 1
    assert state.to_act == (1,)
    assert [m.text for m in state.legal_moves(1)] == ["4"]   # a leader cannot pass
    info = state.view(None).info
    assert info["lead"]["to_beat"] is None and info["lead"]["leader"] == 1


def test_followers_must_beat_with_the_same_type_and_size_or_a_bomb():
    state = small([["3S", "3H", "JS"], ["4S", "4H", "5S", "5H", "5D", "5C", "2S"], ["6S"]])
    state.apply(0, "33")
    assert [m.text for m in state.legal_moves(1)] == ["pass", "44", "55", "5555"]
    with pytest.raises(IllegalMove):
        state.apply(1, "2")


def test_a_move_takes_the_lowest_suits():
    state = small([["5C", "5D", "5S", "9H"], ["6S"], ["7S"]])
    events = state.apply(0, "55")
    assert events[0] == Played(0, ("5S", "5D"), "55")
    assert state.view(0).hand() == ("5C", "9H")


def test_parse_move_accepts_any_order_and_ten():
    state = small([["3S", "3H", "3D", "4S", "TS", "JS", "QS", "KS", "AS"], ["6S"], ["7S"]])
    assert state.parse_move(0, "4333").text == "3334"
    assert state.parse_move(0, "10JQKA").text == "TJQKA"
    with pytest.raises(IllegalMove):
        state.parse_move(0, "pass")


def test_last_play_is_described():
    from revolt_table.engine import Message
    state = small([["3S", "3H", "3D", "4S", "9C"], ["6S"], ["7S"]])
    state.apply(0, "3334")
    info = state.view(1).info
    last = info.last_plays[0]
    name = Message("climbing.combo.trio_single", rank=Message("climbing.rank.many.3"))
    assert last.type == "trio_single" and last.describe == name
    assert last.cards == ("3S", "3H", "3D", "4S") and last.text == "3334"
    assert info.lead.describe == name and info.lead.to_beat == "3334" and info.lead.owner == 0
    assert info["last_plays"][0]["type"] == "trio_single"          # the old dict-style reads still work
    state.apply(1, "pass")
    assert state.view(0).info.last_plays[1].type == "pass" and state.view(0).info.last_plays[1].describe is None


# --- the boundary: params, info, refusals -----------------------------------------------------

def test_params_are_compiled_from_the_rules_file():
    from revolt_table.games.climbing import ClimbingParams
    p = RULES.params
    assert isinstance(p, ClimbingParams) and p is RULES.params
    assert (p.hand, p.bottom, p.max_bid, p.after_redeal) == (17, 3, 3, "next_seat")
    assert [p.factor(r) for r in ("bomb", "rocket", "spring", "reverse_spring")] == [2, 2, 2, 2]
    assert p.landlord_share == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.max_bid = 4                                              # frozen


def test_params_follow_a_changed_rules_file(tmp_path):
    text = RULES.path.read_text(encoding="utf-8")
    text = text.replace("  bomb: 2 ", "  bomb: 3 ").replace("max_bid: 3", "max_bid: 2")
    path = tmp_path / "big_bombs.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_rules(path)
    assert rules.params.factor("bomb") == 3 and rules.params.max_bid == 2
    state = rules.new_game(3, seed=9, deal={"hands": [["3S", "3H", "3D", "3C", "9S"], ["5S"], ["6S"]],
                                            "landlord": 0, "bid": 1})
    state.apply(0, "3333")
    assert state.view(None).info.multiplier == 3
    assert [m.text for m in rules.new_game(3, seed=1).legal_moves(rules.new_game(3, seed=1).to_act[0])] == \
        ["pass", "bid1", "bid2"]


def test_info_is_a_frozen_typed_record():
    from dataclasses import FrozenInstanceError
    from revolt_table.games.climbing import ClimbingInfo, Lead
    state = small([["3S", "3H", "9C"], ["6S"], ["7S"]])
    info = state.view(0).info
    assert isinstance(info, ClimbingInfo) and isinstance(info.lead, Lead)
    assert info.phase == "play" and info["phase"] == "play" and info.landlord == 0 and info.result is None
    hash(info)
    with pytest.raises(FrozenInstanceError):
        info.phase = "over"


def test_the_explanation_is_a_message_with_the_numbers():
    from revolt_table.ui import i18n
    state = small([["BJ", "RJ", "3S"], ["4S", "5S"], ["6S", "7S"]], bid=1)
    for seat, move in [(0, "BR"), (1, "pass"), (2, "pass")]:
        state.apply(seat, move)
    events = state.apply(0, "3")
    scored = next(e for e in events if isinstance(e, DealScored))
    over = events[-1]
    assert isinstance(over, GameOver) and over.explanation == scored.explanation
    assert scored.explanation.code == "climbing.result.landlord_wins"
    assert scored.explanation.args == {"bid": 1, "multiplier": 4, "unit": 4, "landlord_points": 8, "landlord": 0,
                                       "winner": 0}
    result = state.view(1).info.result
    assert (result.side, result.unit, result.landlord_points, result.spring) == ("landlord", 4, 8, "spring")
    assert result.breakdown == (("rocket", 2), ("spring", 2)) and result.explanation == scored.explanation
    i18n.set_language("en")
    assert i18n.say(result.explanation) == ("The landlord wins: bid 1 × multiplier 4 = 4. Each farmer loses 4, "
                                            "the landlord wins 8.")


@pytest.mark.parametrize("moves,seat,text,code", [
    ([], 0, "pass", "climbing.refusal.must_lead"),
    ([], 0, "bid2", "climbing.refusal.bidding_over"),
    ([], 0, "34", "climbing.refusal.not_a_pair"),
    ([], 0, "2", "climbing.refusal.not_held"),
    ([(0, "33")], 1, "3", "climbing.refusal.wrong_kind"),
    ([(0, "33")], 1, "44", "climbing.refusal.not_held"),
    ([(0, "33")], 2, "pass", "engine.refusal.not_your_turn"),
    ([], 0, "hello", "engine.refusal.not_legal"),
])
def test_refusals_in_play(moves, seat, text, code):
    state = small([["3S", "3H", "9C", "9S"], ["6S", "7S"], ["8S", "5S"]])
    for s, m in moves:
        state.apply(s, m)
    refusal = state.refusal(seat, text)
    assert refusal is not None and refusal.code == code


def test_refusals_in_bidding():
    state = RULES.new_game(3, seed=3, deal=full_deal(first_bidder=0))
    assert state.refusal(0, "bid4").code == "climbing.refusal.bid_max"
    assert state.refusal(0, "3").code == "climbing.refusal.bid_first"
    assert state.refusal(1, "bid1").code == "engine.refusal.not_your_turn"
    state.apply(0, "bid2")
    assert state.refusal(1, "bid2") == Refusal("climbing.refusal.bid_higher", current=2)
    assert state.refusal(1, "bid3") is None and state.refusal(1, "pass") is None


def test_refusal_reads_ranks_in_any_order_like_apply():
    state = small([["3S", "3H", "3D", "4S", "9C"], ["6S"], ["7S"]])
    assert state.refusal(0, "4333") is None and state.refusal(0, "3334") is None
    state.apply(0, "4333")
    assert state.history[-1] == (0, "3334")


# --- scoring ----------------------------------------------------------------------------------

def test_plain_landlord_win():
    state = small([["3S", "AS"], ["4S", "5S"], ["6S", "7S"]], bid=2)
    for seat, move in [(0, "3"), (1, "4"), (2, "6"), (0, "A")]:
        events = state.apply(seat, move)
    assert state.is_over and state.scores == (4, -2, -2)
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.multiplier == 1 and scored.breakdown == () and scored.side == "landlord"
    assert [e.delta for e in events if isinstance(e, ScoreChanged)] == [4, -2, -2]
    assert isinstance(events[-1], GameOver)


def test_spring_and_rocket():
    state = small([["BJ", "RJ", "3S"], ["4S", "5S"], ["6S", "7S"]], bid=1)
    events = state.apply(0, "BR")
    assert Doubled(0, "rocket", 2) in events
    state.apply(1, "pass")
    assert kinds(state.apply(2, "pass")) == ["Passed", "LeadRegained"]
    events = state.apply(0, "3")
    assert Spring("spring", 4) in events
    assert state.scores == (8, -4, -4)
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.breakdown == (("rocket", 2), ("spring", 2)) and scored.multiplier == 4


def test_no_spring_once_a_farmer_has_played():
    state = small([["3S", "AS"], ["4S", "5S"], ["6S", "7S"]], bid=1)
    for seat, move in [(0, "3"), (1, "4"), (2, "pass"), (0, "A")]:
        state.apply(seat, move)
    assert state.scores == (2, -1, -1)


def test_reverse_spring():
    state = small([["3S", "4S"], ["2S"], ["6S", "7S"]], landlord=0, bid=3)
    state.apply(0, "3")
    events = state.apply(1, "2")
    assert Spring("reverse_spring", 2) in events
    assert state.scores == (-12, 6, 6)


def test_no_reverse_spring_after_two_landlord_plays_and_bombs_double():
    state = small([["3S", "TS", "5S"], ["4S", "4H", "4D", "4C", "7S"], ["8S", "9S", "JS"]], bid=1)
    for seat, move in [(0, "3"), (1, "7"), (2, "8"), (0, "T"), (1, "4444")]:
        events = state.apply(seat, move)
    assert Doubled(1, "bomb", 2) in events
    assert state.is_over and state.scores == (-4, 2, 2)
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.breakdown == (("bomb", 2),) and scored.side == "farmers" and scored.winner == 1


def test_bomb_on_bomb_and_rocket_all_double():
    state = small([["3S", "3H", "3D", "3C", "9S"], ["5S", "5H", "5D", "5C", "6S"], ["BJ", "RJ", "8S"]], bid=1)
    state.apply(0, "3333")
    state.apply(1, "5555")
    state.apply(2, "BR")
    assert state.view(None).info["multiplier"] == 8
    state.apply(0, "pass")
    state.apply(1, "pass")
    events = state.apply(2, "8")
    # the landlord's only play was its opening bomb, so this is also a reverse spring: 8 x 2
    assert Spring("reverse_spring", 16) in events
    assert state.scores == (-32, 16, 16)
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.breakdown == (("bomb", 2), ("bomb", 2), ("rocket", 2), ("reverse_spring", 2))


def test_four_with_two_is_not_a_bomb_and_does_not_double():
    state = small([["3S", "3H", "3D", "3C", "5S", "6S"], ["7S"], ["8S"]], bid=1)
    events = state.apply(0, "333356")
    assert not any(isinstance(e, Doubled) and e.reason == "bomb" for e in events)
    assert state.view(None).info["multiplier"] == 2  # spring only
    assert state.scores == (4, -2, -2)


# --- match ------------------------------------------------------------------------------------

def test_a_match_keeps_running_totals():
    match = Match(RULES, 3, seed=2)
    assert match.games == 3
    rng = random.Random(0)
    while not match.is_over:
        state = match.new_game()
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.randrange(len(moves))])
        match.finish_game(state)
    assert len(match.results) == 3 and sum(match.totals) == 0
    assert match.totals == tuple(sum(r[i] for r in match.results) for i in range(3))


# --- the family's checks of a rules file --------------------------------------------------------

@pytest.mark.parametrize("old,new,message", [
    ("deal: {hand: 17, bottom: 3}", "deal: {hand: 18, bottom: 3}", "not the 54 of the deck"),
    ("players: {min: 3, max: 3, default: 3}", "players: {min: 3, max: 4, default: 3}", "exactly 3 players"),
    ("suits: SHDC", "suits: SHD", "uses the suits SHDC"),
    ("after_redeal: next_seat", "after_redeal: sideways", "unknown value 'sideways'"),
])
def test_broken_rules_files_are_reported_with_positions(tmp_path, old, new, message):
    from tests.rules_file_helpers import reported
    assert message in reported(RULES, tmp_path, old, new)


def test_redeal_first_bidder_rule_is_read_from_the_yaml(tmp_path):
    text = RULES.path.read_text(encoding="utf-8").replace("after_redeal: next_seat", "after_redeal: same")
    path = tmp_path / "same.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_rules(path)
    state = rules.new_game(3, seed=21, deal=full_deal(first_bidder=1))
    for seat in (1, 2, 0):
        state.apply(seat, "pass")
    assert state.to_act == (1,)


def test_refusal_accepts_what_apply_accepts():
    state = RULES.new_game(3, seed=3, deal=full_deal(first_bidder=0))
    assert state.refusal(0, "BID2") is None and state.refusal(0, " Pass ") is None
    state.apply(0, "BID2")
    assert state.history[-1] == (0, "bid2")
