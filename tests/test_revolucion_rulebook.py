"""Revolución: one test per clause the rulebook states, on arranged deals.

Each test's docstring starts with the line of shared/rulebooks/revolucion.en.txt it checks and
quotes it; `test_every_clause_test_names_its_line` keeps it so. What the rulebook does not say (our
rulings, the card effects we wrote) is tested in test_revolucion_cards.py.
"""

from __future__ import annotations

import random
import re
import sys

import pytest

from revolt_table.engine import GameOver, load_rules
from revolt_table.games.bomb_events import (AttackResolved, BombMoved, CardsDrawn, CardStolen, ClimateChanged,
                                            DieRolled, Disarmed, Eliminated, Exploded, LieutenantLost, TimerAdvanced)
from tests.revolucion_helpers import RULES, fight, game, kinds, texts


# --- 1) players and 2) material -------------------------------------------------------------------
def test_line_6_three_to_six_players():
    """Line 6: "This game is made for 3 to 6 players." """
    for n in (3, 4, 5, 6):
        assert RULES.new_game(n, deal={"first": 0}).players == n
    for n in (2, 7):
        with pytest.raises(ValueError):
            RULES.new_game(n, deal={"first": 0})


def test_line_8_material():
    """Lines 8-14: "6 Political Party tokens - 18 Lieutenant Tokens - 3 Political Climate Tokens -
    10 Political Support Tokens - 1 Bomb Token - 1 Timer token - 1 Dice" """
    d = RULES.data
    assert d["parties"] == 6 and d["parties"] * d["lieutenants"] == 18
    assert len(d["climates"]) == 3 and d["support_tokens"] == 10 and d["die"] == 6
    state = RULES.new_game(6, deal={"first": 0})
    assert state.lieutenants == [3] * 6 and state.supply == 10 and state.support == [0] * 6


def test_line_18_the_last_party_with_a_living_lieutenant_wins():
    """Line 18: "Be the last Political Party with a living lieutenant" """
    state = game([["BL", "T2"], ["T3"], ["T4"]], timer=1, lieutenants=[2, 1, 0])
    events = state.apply(0, "BL")
    assert state.is_over and state.scores == (1, 0, 0) and kinds(events, GameOver)


# --- 6) attacks -------------------------------------------------------------------------------------
def test_line_20_an_attack_needs_a_soldier_or_a_mercenary():
    """Line 20: "A Player can attack only if they have a Soldier Card (T) or a Mercenary Card (M)." """
    state = game([["BL", "E2", "S1", "FO"], ["T3"], ["T4"]])
    assert not any(t.startswith("attack") for t in texts(state))
    for fighter in ("T2", "M5"):
        state = game([["BL", fighter], ["T3"], ["T4"]])
        assert {"attack:1", "attack:2"} <= texts(state)


def test_line_26_equipment_and_support_only_with_a_fighter():
    """Line 26: "(E) and (S) Cards can only be played with a (T) or (M) Card along with them." """
    state = game([["BL", "T2", "E2", "S1"], ["E1", "S2", "BR"], ["T4"]])
    state.apply(0, "attack:1")
    assert {"fight:T2", "fight:T2+E2", "fight:T2+S1", "fight:T2+E2+S1"} == texts(state)
    state.apply(0, "fight:T2")
    assert texts(state) == {"fight:none"}                 # E1 and S2 cannot go in without a fighter


def test_line_27_one_card_of_each_type_a_soldier_and_a_mercenary_together():
    """Line 27: "The Attacker and Defender can place only one card of each type." Soldier and
    Mercenary are two types: they fight together; two Soldiers never do."""
    state = game([["BL", "T2", "T3", "M5", "E1", "E2"], ["T4", "M6", "S1", "BR"], ["T4"]], dice=[1, 1])
    state.apply(0, "attack:1")
    options = texts(state)
    assert {"fight:T3+M5", "fight:T2+M5+E2", "fight:M5+E1"} <= options
    assert not any(re.search(r"T\d\+T\d|E\d\+E\d", t) for t in options)
    state.apply(0, "fight:T3+M5+E2")
    assert "fight:T4+M6+S1" in texts(state)
    duel = kinds(state.apply(1, "fight:T4+M6+S1"), AttackResolved)[0]
    assert duel.totals == (3 + 5 + 2 + 1, 4 + 6 + 1 + 1)


def test_line_29_fort_cancels_the_attack():
    """Line 29: "the victim can cancel that attack by using a "Fort" card." """
    state = game([["BL", "T2"], ["T3", "FO"], ["T4"]])
    state.apply(0, "attack:1")
    assert state.to_act == (1,) and texts(state) == {"pass", "FO"}
    state.apply(1, "FO")
    assert state.phase == "turn" and state.to_act == (0,) and "T2" in state.hands[0]
    assert state.lieutenants == [3, 3, 3] and "FO" in state.discard


def test_line_29_the_attacker_spends_the_tokens_they_wish():
    """Line 29: "the attacker puts face up the cards he wishes to use for his attack and adds the (SP)
    Tokens they wish to spend." No cap: all six tokens may go in."""
    state = game([["BL", "T2"], ["T3", "BR"], ["T4"]], support=[6, 0, 0], dice=[1, 6])
    state.apply(0, "attack:1")
    assert {"fight:T2"} | {f"fight:T2+sp{n}" for n in range(1, 7)} <= texts(state)
    state.apply(0, "fight:T2+sp6")
    duel = kinds(state.apply(1, "fight:T3"), AttackResolved)[0]
    assert duel.totals == (2 + 1 + 6, 3 + 6) and duel.support == (6, 0)


def test_line_30_the_defender_does_the_same():
    """Line 30: "The Defender does the same" (cards face up and the tokens they wish)."""
    state = game([["BL", "T4"], ["T2", "E1", "S1", "BR"], ["T4"]], support=[0, 5, 0], dice=[6, 1])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T4")
    assert {"fight:none", "fight:T2+E1+S1+sp5", "fight:sp5"} <= texts(state)
    duel = kinds(state.apply(1, "fight:T2+E1+S1+sp5"), AttackResolved)[0]
    assert duel.totals == (4 + 6, 2 + 1 + 1 + 5 + 1) and duel.winner == 1


def test_lines_31_32_attacker_then_defender_may_play_alliance_or_out_of_ammo():
    """Lines 31-32: "The Attacker can play the cards "Alliance" or "Out of Ammo"" then "The Defender
    can do the same." """
    state = game([["BL", "T2", "AL"], ["T3", "OA", "BR"], ["T4"]], dice=[3, 3, 3])
    fight(state, "fight:T2", "fight:T3")
    assert state.phase == "tactic_a" and state.to_act == (0,) and texts(state) == {"pass", "AL:2"}
    state.apply(0, "pass")
    assert state.phase == "tactic_d" and state.to_act == (1,) and texts(state) == {"pass", "OA"}


def test_lines_33_35_total_is_die_plus_cards_plus_tokens_no_defender_bonus():
    """Lines 33-35: "The Attacker throws the dice and adds the number to the bonuses gained from the
    Cards and then adds the amount of (SP) tokens. The Defender does the same. The Player with the
    higher total wins the battle." Thug 2 + die 5 = 7 beats Thug 2 + die 4 = 6."""
    state = game([["BL", "T2"], ["T2", "BR"], ["T4"]], dice=[5, 4])
    events = fight(state, "fight:T2", "fight:T2")
    duel = kinds(events, AttackResolved)[0]
    assert [e.value for e in kinds(events, DieRolled)] == [5, 4]       # attacker first, then defender
    assert duel.totals == (7, 6) and duel.winner == 0 and duel.modifiers == (0, 0)
    assert state.lieutenants == [3, 2, 3]
    state = game([["BL", "T2", "E1", "S2"], ["T4", "BR"], ["T4"]], support=[1, 2, 0], dice=[2, 3])
    duel = kinds(fight(state, "fight:T2+E1+S2+sp1", "fight:T4+sp2"), AttackResolved)[0]
    assert duel.totals == (2 + 1 + 2 + 1 + 2, 4 + 2 + 3) and duel.winner == 1   # 8 < 9: the defender


def test_line_36_a_losing_attacker_may_play_a_doctor():
    """Line 36: "After the fight the Attacker can play a "Doctor" Card" """
    state = game([["BL", "T2", "DR"], ["T4", "BR"], ["T3"]], dice=[1, 6])
    fight(state, "fight:T2", "fight:T4")
    assert state.phase == "after_a" and state.to_act == (0,) and texts(state) == {"pass", "DR"}


@pytest.mark.parametrize("card", ["DR", "BG"])
def test_line_37_a_losing_defender_may_play_a_doctor_or_a_bodyguard(card):
    """Line 37: "After the fight the Defender can play a "Doctor" or "Bodyguard" Card." """
    state = game([["BL", "T4"], ["T2", card, "BR"], ["T3"]], dice=[6, 1])
    fight(state, "fight:T4", "fight:T2")
    assert state.phase == "after_d" and state.to_act == (1,) and texts(state) == {"pass", card}


def test_line_40_the_loser_discards_every_card_a_losing_defender_loses_a_lieutenant():
    """Line 40: "The Loser discards every card used. If it is the Defender, the Player also loses one
    of their Lieutenants. If the Attacker loses, they do not lose a Lieutenant." """
    state = game([["BL", "T4", "E2"], ["T2", "E1", "BR"], ["T3"]], dice=[3, 1])
    events = fight(state, "fight:T4+E2", "fight:T2+E1")
    assert kinds(events, LieutenantLost)[0].seat == 1 and state.lieutenants == [3, 2, 3]
    assert {"T2", "E1"} <= set(state.discard) and "T2" not in state.hands[1]
    state = game([["BL", "T2", "E1"], ["T4", "E2", "BR"], ["T3"]], dice=[1, 3])
    fight(state, "fight:T2+E1", "fight:T4+E2")
    assert state.lieutenants == [3, 3, 3] and {"T2", "E1"} <= set(state.discard)


def test_line_42_the_winner_keeps_cards_but_discards_the_to_discard_ones():
    """Line 42: "The Winner keeps his cards but discards the cards containing a "To Discard at the end
    of the Fight". If it is the Defender, they take the cards back into their Hand" """
    state = game([["BL", "T2"], ["T3", "M5", "E2", "BR"], ["T4"]], dice=[1, 6])
    fight(state, "fight:T2", "fight:T3+M5+E2")
    assert {"T3", "E2"} <= set(state.hands[1]) and "M5" in state.discard and "M5" not in state.hands[1]


def test_line_42_a_winning_attacker_takes_the_cards_back_only_when_the_turn_ends():
    """Line 42: "if it is the Attacker, they leave the cards on the table face up. He cannot put them
    back into their Hand until the turn ends." Line 75 ends the turn at the explosion or the disarm:
    passing the bomb on does not."""
    state = game([["BL", "BL", "T3", "E2", "M6"], ["BR", "T2"], ["BL", "T4"]], dice=[6, 1], timer=3,
                 deck=["E1", "E3", "S1"])
    fight(state, "fight:T3+M6+E2", "fight:none")
    assert sorted(state.table[0]) == ["E2", "T3"] and "M6" in state.discard
    assert not any(t.startswith("attack") for t in texts(state))      # the table's cards cannot fight
    state.apply(0, "BL")                                             # the bomb leaves: still on the table
    assert sorted(state.table[0]) == ["E2", "T3"] and "T3" not in state.hands[0]
    state.apply(1, "BR")                                             # back to seat 0: 1 step left
    assert sorted(state.table[0]) == ["E2", "T3"]
    state.apply(0, "BL")                                             # explodes on seat 1: the turn ends
    assert state.round_no == 2 and state.table[0] == [] and {"T3", "E2"} <= set(state.hands[0])


def test_line_42_a_winning_attackers_cards_come_back_at_a_disarm():
    """Line 42 with line 75: the disarm ends the turn too."""
    state = game([["BL", "T3", "CW"], ["BR", "T2"], ["T4"]], dice=[6, 1], timer=2)
    fight(state, "fight:T3", "fight:none")
    assert state.table[0] == ["T3"]
    state.apply(0, "BL")
    state.apply(1, "BR")                                 # the bomb explodes back on seat 0
    assert state.phase == "explosion" and state.to_act == (0,) and state.table[0] == ["T3"]
    assert kinds(state.apply(0, "CW"), Disarmed)[0].success
    assert state.round_no == 2 and state.table[0] == [] and "T3" in state.hands[0]


def test_line_44_spent_support_tokens_are_lost():
    """Line 44: "Every (SP) Token spent is lost after being played." They leave the game: neither
    the winner nor the supply gets them back (our ruling on "lost")."""
    state = game([["BL", "T2"], ["T3", "BR"], ["T4"]], support=[3, 2, 0], dice=[6, 1])
    assert state.supply == 5
    fight(state, "fight:T2+sp3", "fight:T3+sp2")
    assert state.support == [0, 0, 0] and state.supply == 5 and state.spent == 5
    assert state.public_info()["spent"] == 5


# --- 4) setup -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,steps", [(3, 8), (4, 8), (5, 10), (6, 12)])
def test_lines_47_50_timer_start(players, steps):
    """Lines 47-50: "6 Players = 12 - 5 Players = 10 - 4/3 Players = 8" """
    state = RULES.new_game(players, deal={"first": 0})
    assert state.timer == steps and state.timer_start == steps


def test_line_52_eight_cards_each():
    """Line 52: "8 Cards are dealt to every player" """
    state = RULES.new_game(5, deal={"first": 2})
    assert [len(h) for h in state.hands] == [8] * 5


def test_line_55_the_highest_roll_starts():
    """Line 55: "On the first turn, everyone throws a dice, whoever got the highest number starts." """
    state = RULES.new_game(4, seed=1, deal={"dice": [2, 5, 3, 4]})
    assert state.first == 1 and state.bomb == 1
    state = RULES.new_game(3, seed=1, deal={"dice": [6, 6, 1, 2, 5]})    # a tie rolls again (ours)
    assert state.first == 1


def test_line_57_whoever_disarmed_starts_the_next_turn():
    """Line 57: "Whoever disarmed the bomb" """
    state = game([["BL", "T2"], ["T3", "CW"], ["T4"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "CW")
    assert state.round_no == 2 and state.first == 1 and state.bomb == 1


def test_line_58_whoever_got_hit_by_the_explosion_starts():
    """Line 58: "Whoever got hit by the explosion" """
    state = game([["BL", "T2"], ["T3"], ["T4"]], timer=1)
    state.apply(0, "BL")
    assert state.round_no == 2 and state.first == 1 and state.lieutenants == [3, 2, 3]


def test_line_59_if_the_bomb_takes_a_player_out_the_player_to_their_left():
    """Line 59: "If the bomb takes a player out, the player to their left is chosen." """
    state = game([["BL", "T2"], ["T3"], ["T4"], ["T2"]], timer=1, lieutenants=[3, 1, 3, 3])
    events = state.apply(0, "BL")
    assert kinds(events, Eliminated)[0].seat == 1 and state.first == 2


# --- 5) a turn --------------------------------------------------------------------------------------
def test_line_62_democracy_turn():
    """Line 62: "Democracy Climate - Play Democracy Cards (Opt.) - Play a bomb movement card - Draw a
    Card - Pass the bomb to another player - Advance the Timer" (no attack, no Revolution card)."""
    state = game([["BL", "T4", "DE", "RV", "OM"], ["T3"], ["T4"], ["BR"]], climate="democracy", deck=["E1", "E2"])
    assert texts(state) == {"BL", "DE"}
    events = state.apply(0, "BL")
    assert kinds(events, BombMoved)[0].target == 1 and kinds(events, TimerAdvanced)[0].steps == 1
    assert len(state.hands[0]) == 5 and "E1" in state.hands[0]


def test_line_63_revolution_turn_with_multiple_attacks():
    """Line 63: "Revolution Climate - Play Democracy / Revolution Cards (Opt.) - Attack an oponent
    (Multiple possible) (Opt.) - ..." Three attacks in one turn, and more while a fighter is left."""
    state = game([["BL", "T2", "T3", "T4", "M5", "DE", "RV"], ["BR"], ["BR"]], dice=[6, 1] * 4)
    assert {"DE", "RV", "attack:1", "attack:2"} <= texts(state)
    for fighter, target in (("T4", 1), ("T3", 2), ("T2", 2)):
        fight(state, f"fight:{fighter}", "fight:none", target=target)
        assert state.phase == "turn" and state.to_act == (0,)
    assert {"attack:1", "attack:2"} <= texts(state)                 # the Mercenary may still attack
    fight(state, "fight:M5", "fight:none")
    assert not any(t.startswith("attack") for t in texts(state))   # no fighter left in hand
    assert state.lieutenants == [3, 1, 1]


def test_line_65_the_irish_guy_against_any_other_player():
    """Line 65: "Play the card "The Irish Guy" against any other player" """
    state = game([["BL", "T2"], ["T3", "BR"], ["IG", "T4"], ["S1", "E1"]])
    state.apply(0, "BL")
    assert state.to_act == (2,) and texts(state) == {"pass", "IG:0", "IG:1", "IG:3"}
    events = state.apply(2, "IG:3")
    assert kinds(events, CardStolen)[0].victim == 3 and len(state.hands[3]) == 1


def test_line_66_wrong_wire_cancels_cut_the_wires():
    """Line 66: "Play the "Wrong Wire" Card which cancels a "Cut The Wires" attempt" """
    state = game([["BL", "T2"], ["T3", "CW"], ["T4", "WW"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "CW")
    assert state.to_act == (2,) and texts(state) == {"pass", "WW"}
    events = state.apply(2, "WW")
    assert not kinds(events, Disarmed)[0].success and state.lieutenants[1] == 2


def test_line_68_climate_tokens_are_drawn_until_each_was_drawn_once():
    """Line 68: "chooses at random one of the three Political Climate tokens. After the draw, he puts
    the token away. Once every token has been drawn once, they are all put back" """
    state = RULES.new_game(4, seed=11, deal={"first": 0})
    seen = [state.climate]
    rng = random.Random(0)
    while not state.is_over and len(seen) < 9:
        seat = state.to_act[0]
        moves = state.legal_moves(seat)
        for e in state.apply(seat, moves[rng.randrange(len(moves))]):
            if isinstance(e, ClimateChanged) and e.by is None:
                seen.append(e.climate)
    assert len(seen) >= 6
    for i in range(0, len(seen) - 2, 3):
        assert len(set(seen[i:i + 3])) == 3, seen


def test_line_70_from_the_first_player_clockwise_everyone_draws_to_eight():
    """Line 70: "starting with the first player and then going clockwise, everyone draws cards until
    their hand has 8 cards each." """
    short = ["T2", "T3", "OA", "S1", "E2", "E1"]
    state = RULES.new_game(3, seed=2, deal={"first": 1, "hands": [short + ["BL"], short, short + ["BR"]],
                                            "piles": {"deck": ["FO", "DR", "BG", "CW"]}})
    assert state.hands[1][-2:] == ["FO", "DR"] and state.hands[2][-1] == "BG" and state.hands[0][-1] == "CW"
    assert [len(h) for h in state.hands] == [8, 8, 8]


def test_line_71_up_to_eight_changes_then_the_first_player_starts():
    """Line 71: "every player can change up to 8 cards in their hand. Once that is done, the first
    player starts to play." """
    state = RULES.new_game(3, seed=2, deal={"first": 2})
    for _ in range(8):
        assert state.phase == "exchange" and state.to_act == (2,)
        state.apply(2, f"swap:{state.hands[2][0]}")
    assert len(state.hands[2]) == 8 and state.to_act == (0,)     # the 8th change ends the turn to change
    state.apply(0, "keep")
    state.apply(1, "keep")
    assert state.bomb == 2 and state.to_act[0] in (0, 1, 2)
    while state.phase == "irish":
        state.apply(state.to_act[0], "pass")
    assert state.phase == "turn" and state.to_act == (2,)


def test_line_72_only_the_bomb_owner_plays():
    """Line 72: "Only the Bomb's Owner can play." """
    state = game([["BL", "T2"], ["T3", "OM", "BR"], ["T4", "CW"], ["BR"]], timer=2)
    assert state.to_act == (0,) and all(state.legal_moves(s) == [] for s in (1, 2, 3))


def test_line_73_no_movement_card_discard_one_and_turn_up_until_one_comes():
    """Line 73: "If the Bomb Owner has no Bomb Movement Cards, they will have to discard a chosen card
    and draw until they find a movement card. This draw is done face up and the player plays the
    movement card as soon as it is drawn. The Player will draw another card to complete their Hand." """
    state = game([["T2", "FO", "E1"], ["T3"], ["T4"]], deck=["S1", "E2", "BL", "T3"])
    assert {"dig:T2", "dig:FO", "dig:E1"} <= texts(state) and not any(t.startswith("BL") for t in texts(state))
    events = state.apply(0, "dig:FO")
    assert state.bomb == 1 and state.discard[-2:] == ["FO", "BL"]
    # the cards drawn face up are drawn: into the hand (ruling 6), and the hand completed with the next
    assert sorted(state.hands[0]) == ["E1", "E2", "S1", "T2", "T3"]
    assert [e.count for e in kinds(events, CardsDrawn)] == [2, 1]


def test_line_74_every_move_of_the_bomb_advances_the_timer_one_step():
    """Line 74: "Every time the bomb moves, the timer advances one step closer to the Presidential
    Palace." """
    state = game([["BL", "BL", "T2"], ["BR", "T3"], ["T4"]])
    for seat, move, left in ((0, "BL", 7), (1, "BR", 6), (0, "BL", 5)):
        events = state.apply(seat, move)
        assert state.timer == left and kinds(events, TimerAdvanced)[0].steps == 1


def test_line_75_the_turn_ends_at_the_explosion_or_the_disarm():
    """Line 75: "The bomb passes Player to Player until it's explosion or until it is disarmed. At
    that moment, the turn ends." """
    state = game([["BL", "T2"], ["BL", "T3"], ["BL", "T4"]], timer=3)
    state.apply(0, "BL")
    state.apply(1, "BL")
    assert state.round_no == 1
    state.apply(2, "BL")
    assert state.round_no == 2 and state.phase == "exchange"


# --- 7) political support ---------------------------------------------------------------------------
def test_line_78_disarming_gains_two_support():
    """Line 78: "Disarming the Bomb +2 (SP)" """
    state = game([["BL", "T2"], ["T3", "CW"], ["T4"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "CW")                                 # the bomb explodes on seat 1, who cuts the wires
    assert state.support == [0, 2, 0] and state.supply == 8


def test_line_79_opponent_massacre_gains_two_support():
    """Line 79: "Playing the "Opponent Massacre" card +2 (SP)" """
    state = game([["BL", "OM"], ["T3"], ["T4"], ["BR"]])
    state.apply(0, "OM:2")
    assert state.support == [2, 0, 0, 0] and state.lieutenants == [3, 3, 2, 3]


def test_line_80_alliance_pays_the_ally_only_when_its_partner_wins():
    """Line 80: "Whenever an "Alliance" Card is played and only if the fight is won by the person that
    made you participate +1 (SP)" """
    state = game([["BL", "T2", "AL"], ["T2", "BR"], ["T3"]], dice=[3, 4, 3])     # attacker, ally, defender
    fight(state, "fight:T2", "fight:T2")
    state.apply(0, "AL:2")
    assert state.support == [0, 0, 1]
    state = game([["BL", "T2", "AL"], ["T4", "BR"], ["T3"]], dice=[2, 1, 6])
    fight(state, "fight:T2", "fight:T4")
    state.apply(0, "AL:2")
    assert state.support == [0, 0, 0]


# --- 8) the explosion -------------------------------------------------------------------------------
def test_line_82_the_bomb_explodes_on_whoever_receives_it_at_the_end_of_the_track():
    """Line 82: "The Bomb explodes once the Timer piece has reached the last space of the Board." """
    state = game([["BL", "T2"], ["T3", "BL"], ["T4"]], timer=2, deck=["BL"])
    state.apply(0, "BL")
    assert state.timer == 1 and state.round_no == 1
    events = state.apply(1, "BL")
    assert kinds(events, Exploded)[0].seat == 2 and state.lieutenants == [3, 3, 2]


def test_lines_82_88_only_the_five_protection_cards_answer_an_explosion():
    """Lines 82-88: the receiver "can cancel or protect themselves from the explosion by playing one of
    the following cards: Error from the Post Office, Fort, Late Explosion, Cut The Wires, Bodyguard.
    The Player cannot play any other cards at the moment." """
    state = game([["BL", "T2"], ["T3", "FO", "OA", "BG", "PO", "LE", "CW", "DR", "OM"], ["T4"], ["BR"]], timer=1)
    state.apply(0, "BL")
    assert state.phase == "explosion" and texts(state) == {"pass", "FO", "BG", "PO", "LE", "CW"}


def test_line_90_a_party_without_lieutenants_is_out():
    """Line 90: "Once all of your Lieutenants are killed, you have lost and are busted out of the
    game." """
    state = game([["BL", "T2"], ["T3"], ["T4"], ["BR"]], timer=1, lieutenants=[3, 1, 3, 3])
    events = state.apply(0, "BL")
    assert kinds(events, Eliminated)[0].seat == 1 and state.hands[1] == [] and not state.is_over
    assert 1 not in state.alive() and state.legal_moves(1) == []


def test_line_92_out_of_cards_draw_two_at_once():
    """Line 92: "Whenever a player has no Cards left, they will immediately draw 2." """
    state = game([["BL", "T4"], ["T2", "BR"], ["T3"]], dice=[6, 1], deck=["E1", "E2", "S1"])
    fight(state, "fight:T4", "fight:none")
    assert state.hands[0] == ["BL"]
    state = game([["BL", "IG"], ["T3"], ["T4", "BR"]], deck=["E1", "E2", "S1"])
    state.apply(0, "BL")
    state.apply(0, "IG:1")                      # steals seat 1's only card: seat 1 draws 2 at once
    assert len(state.hands[1]) == 2


def test_line_94_detonator_and_explosion_together_explode_the_bomb():
    """Line 94: "If these two cards are played at the same time, the bomb explodes as it is being sent
    to another player." """
    state = game([["BL", "DT", "EX", "T2"], ["T3"], ["T4"]])
    assert "BL+DT+EX" in texts(state)
    events = state.apply(0, "BL+DT+EX")
    assert kinds(events, Exploded)[0].seat == 1 and state.lieutenants == [3, 2, 3]


# --- the home-ground variant ------------------------------------------------------------------------
def test_variant_home_ground_adds_one_for_the_defender_and_is_off_by_default():
    """Not a clause: the house rule the rulebook does not have (lines 33-35 add nothing for the
    defender), offered as the variant "Home ground"."""
    assert "defender_bonus" not in RULES.data["fight"] and "home_ground" in RULES.variants
    home = load_rules("revolucion", "home_ground")
    assert home.data["fight"]["defender_bonus"] == 1
    state = game([["BL", "T2"], ["T2", "BR"], ["T4"]], dice=[5, 4], rules=home)
    duel = kinds(fight(state, "fight:T2", "fight:T2"), AttackResolved)[0]
    assert duel.totals == (7, 7) and duel.modifiers == (0, 1) and duel.winner == 1   # a tie: the defender
    state = game([["BL", "T2"], ["T2", "BR"], ["T4"]], dice=[6, 4], rules=home)
    assert kinds(fight(state, "fight:T2", "fight:T2"), AttackResolved)[0].winner == 0


def test_every_clause_test_names_its_line():
    """Not a clause: every test above quotes the rulebook line it checks."""
    module = sys.modules[__name__]
    tests = [getattr(module, n) for n in dir(module) if n.startswith("test_line")]
    assert len(tests) >= 40
    for fn in tests:
        assert re.match(r"Lines? \d+", fn.__doc__ or ""), fn.__name__
        line = int(re.search(r"\d+", fn.__name__).group())
        assert f"{line}" in fn.__doc__.split(":")[0], fn.__name__
