"""Revolución: what the rulebook leaves to us (our rulings) and every card effect we wrote, on
arranged deals. The clauses the rulebook states are tested in test_revolucion_rulebook.py.

Deal format (documented in rules/revolucion.yaml): {"hands": [...], "piles": {"deck": [top first],
"discard": [...]}, "first": seat, "climate": id, "dice": [forced rolls], "timer": steps left,
"lieutenants": [...], "support": [...], "start": "turn" (skip the round's draw and exchange)}.
"""

from __future__ import annotations

import pytest

from revolt_table.engine import RulesError, validate_file
from revolt_table.games import bomb_info
from revolt_table.games.bomb_events import (AttackResolved, BombMoved, CardStolen, ClimateChanged, Disarmed,
                                            Exploded, LieutenantSaved, TimerAdvanced)
from tests.revolucion_helpers import RULES, fight, game, kinds, texts


# --- setup --------------------------------------------------------------------------------------
def test_rules_file_validates_and_keeps_the_named_material():
    validate_file(RULES.path)
    d = RULES.data
    assert (d["players"]["min"], d["players"]["max"]) == (3, 6)
    assert d["parties"] * d["lieutenants"] == 18
    assert len(d["climates"]) == 3 and {"democracy", "revolution"} <= set(d["climates"])
    assert d["support_tokens"] == 10 and d["hand_size"] == 8 and d["exchange_max"] == 8
    assert d["timer"] == {3: 8, 4: 8, 5: 10, 6: 12}
    names = {c["name"] for c in d["deck"]}
    for named in ("Fort", "Alliance", "Out of Ammo", "Doctor", "Bodyguard", "The Irish Guy", "Wrong Wire",
                  "Cut The Wires", "Error from the Post Office", "Late Explosion", "Detonator", "Explosion",
                  "Opponent Massacre", "Democracy", "Revolution"):
        assert named in names
    types = {c["type"] for c in d["deck"]}
    assert {"soldier", "mercenary", "equipment", "support", "movement"} <= types
    assert len(RULES.rulings) >= 15 and RULES.rules_text


@pytest.mark.parametrize("players,timer", [(3, 8), (4, 8), (5, 10), (6, 12)])
def test_setup_timer_hands_lieutenants(players, timer):
    state = RULES.new_game(players, seed=3)
    assert state.timer == timer
    assert all(len(state.hands[s]) == 8 for s in range(players))
    assert state.lieutenants == [3] * players
    assert state.phase == "exchange" and state.to_act == (state.first,)


def test_first_player_roll_off_highest_wins_and_ties_reroll():
    state = RULES.new_game(3, seed=1, deal={"dice": [2, 5, 3]})
    assert state.first == 1
    state = RULES.new_game(3, seed=1, deal={"dice": [6, 6, 1, 2, 5]})
    assert state.first == 1
    state = RULES.new_game(3, seed=1, deal={"dice": [6, 6, 1, 4, 3]}, start_seat=0)
    assert state.first == 0


# --- the bomb owner's turn ----------------------------------------------------------------------
def test_only_the_bomb_owner_plays_and_movement_cards_move_the_bomb():
    state = game([["BL", "BR", "BX", "T2"], ["T3"], ["T4"], ["S1"]], deck=["E1", "E2", "E3"])
    assert state.to_act == (0,)
    assert state.legal_moves(1) == []
    assert {"BL", "BR", "BX:1", "BX:2", "BX:3"} <= texts(state)
    events = state.apply(0, "BR")
    assert kinds(events, BombMoved)[0].target == 3
    assert kinds(events, TimerAdvanced)[0].left == 7
    assert len(state.hands[0]) == 4      # played one, drew one
    assert state.bomb == 3 and state.to_act == (3,)


def test_bomb_skips_eliminated_players():
    state = game([["BL"], [], ["T2"], ["T3"]], lieutenants=[3, 0, 3, 3])
    state.apply(0, "BL")
    assert state.bomb == 2


def test_bomb_express_any_player():
    state = game([["BX"], ["T2"], ["T3"], ["T4"]])
    state.apply(0, "BX:2")
    assert state.bomb == 2


def test_dig_bomb_express_lets_the_owner_choose():
    state = game([["T2"], ["T3"], ["T4"]], deck=["E1", "BX", "T3"])
    state.apply(0, "dig:T2")
    assert state.phase == "dig" and texts(state) == {"BX:1", "BX:2"}
    state.apply(0, "BX:2")
    assert state.bomb == 2


def test_detonator_alone_adds_two_steps_and_with_explosion_explodes_on_arrival():
    state = game([["BL", "DT", "T2"], ["T3"], ["T4"]])
    assert {"BL", "BL+DT"} <= texts(state)
    state.apply(0, "BL+DT")
    assert state.timer == 5          # 8 - 1 (the move) - 2 (Detonator, a tuned number: see the YAML)
    state = game([["BL", "EX", "T2"], ["T3"], ["T4"]], timer=3)
    events = state.apply(0, "BL+EX")  # alone, 3 steps left are enough to make it explode on arrival
    assert kinds(events, Exploded)[0].seat == 1 and state.lieutenants[1] == 2
    state = game([["BL", "DT", "EX", "T2"], ["T3"], ["T4"]])
    assert "BL+DT+EX" in texts(state)
    events = state.apply(0, "BL+DT+EX")
    assert kinds(events, Exploded)[0].seat == 1 and state.lieutenants[1] == 2


def test_detonator_is_a_revolution_card():
    state = game([["BL", "DT", "T2"], ["T3"], ["T4"]], climate="democracy")
    assert "BL+DT" not in texts(state)


@pytest.mark.parametrize("card", ["FO", "BG"])
def test_fort_and_bodyguard_shelter_from_the_explosion(card):
    state = game([["BL", "T2"], ["T3", card], ["T4"]], timer=1)
    state.apply(0, "BL")
    events = state.apply(1, card)
    assert kinds(events, Exploded)[0].protected_by == card
    assert state.lieutenants == [3, 3, 3] and state.first == 1


def test_post_office_sends_the_explosion_back_to_the_sender():
    state = game([["BL", "T2"], ["T3", "PO"], ["T4"]], timer=1)
    state.apply(0, "BL")
    events = state.apply(1, "PO")
    assert kinds(events, Exploded)[0].seat == 0
    assert state.lieutenants == [2, 3, 3] and state.first == 0


def test_post_office_chain_the_sender_may_answer():
    state = game([["BL", "T2", "FO"], ["T3", "PO"], ["T4"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "PO")
    assert state.phase == "explosion" and state.to_act == (0,)
    state.apply(0, "FO")
    assert state.lieutenants == [3, 3, 3]


def test_late_explosion_sets_the_timer_back_and_the_round_goes_on():
    state = game([["BL", "T2"], ["T3", "LE", "BR"], ["T4"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "LE")
    back = RULES.params.cards["LE"].effect("explosion", "delay").amount            # 5 (tuned, see the YAML)
    assert back == 5 and state.timer == back and state.phase == "turn" and state.to_act == (1,)
    assert state.round_no == 1


def test_cut_the_wires_in_the_explosion_disarms_and_gains_two_support():
    state = game([["BL", "T2"], ["T3", "CW"], ["T4"]], timer=1)
    state.apply(0, "BL")
    events = state.apply(1, "CW")
    assert kinds(events, Disarmed)[0].success
    assert state.support[1] == 2 and state.supply == 8
    assert state.lieutenants == [3, 3, 3] and state.first == 1


def test_wrong_wire_holder_may_pass():
    state = game([["BL", "T2", "WW"], ["T3", "CW"], ["T4"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "CW")
    assert state.to_act == (0,)
    state.apply(0, "pass")
    assert state.support[1] == 2


@pytest.mark.parametrize("climate", ["democracy", "revolution", "dictatorship"])
@pytest.mark.parametrize("timer", [1, 3, 5])
def test_cut_the_wires_is_never_played_on_your_own_turn(climate, timer):
    """Ruling 7: the owner plays only the climate's cards (rulebook section 5), and Cut The Wires is
    none of them: it answers the explosion only."""
    state = game([["BL", "CW"], ["T3"], ["T4"]], timer=timer, climate=climate)
    assert "CW" not in texts(state)
    assert state.refusal(0, "CW").code == bomb_info.CARD_NOT_NOW


def test_a_winner_attacks_again_only_with_the_cards_left_in_hand():
    state = game([["BL", "T3", "E2", "S1", "T2"], ["T2", "E1", "BR"], ["T4"]], support=[2, 0, 0],
                 dice=[4, 3])
    fight(state, "fight:T3+E2+S1+sp1", "fight:T2+E1")
    assert sorted(state.table[0]) == ["E2", "S1", "T3"] and state.lieutenants[1] == 2
    state.apply(0, "attack:2")
    assert texts(state) == {"fight:T2", "fight:T2+sp1"}          # T3, E2 and S1 wait on the table


def test_defender_wins_ties_and_takes_cards_back_attacker_discards():
    state = game([["BL", "T2"], ["T2", "BR"], ["T4"]], dice=[3, 3])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T2")
    events = state.apply(1, "fight:T2")
    duel = kinds(events, AttackResolved)[0]
    assert duel.totals[0] == duel.totals[1] and duel.winner == 1
    assert state.lieutenants == [3, 3, 3] and "T2" in state.hands[1] and "T2" in state.discard


def test_mercenary_is_discarded_at_the_end_of_a_won_fight():
    state = game([["BL", "M6", "E3"], ["T2", "BR"], ["T4"]], dice=[3, 1])
    state.apply(0, "attack:1")
    state.apply(0, "fight:M6+E3")
    state.apply(1, "fight:none")
    assert state.table[0] == [] and {"M6", "E3"} <= set(state.discard)


def test_dictatorship_has_no_attacks_but_revolution_cards():
    state = game([["BL", "T2", "M5", "OM", "RV", "DE", "DT"], ["BR"], ["BR"], ["BR"]], climate="dictatorship")
    assert texts(state) == {"BL", "BL+DT", "OM:1", "OM:2", "OM:3", "RV"}
    state.apply(0, "RV")                                      # a Revolution card opens the fights
    assert state.climate == "revolution" and {"attack:1", "attack:2"} <= texts(state)


def test_alliance_adds_the_allys_die_and_pays_the_ally_on_a_win():
    state = game([["BL", "T2", "AL"], ["T4", "BR"], ["T3"]], dice=[2, 4, 5])   # attacker, ally, defender
    state.apply(0, "attack:1")
    state.apply(0, "fight:T2")
    state.apply(1, "fight:T4")
    assert state.phase == "tactic_a" and texts(state) == {"pass", "AL:2"}
    events = state.apply(0, "AL:2")
    duel = kinds(events, AttackResolved)[0]
    assert duel.ally_dice == (4, 0) and duel.totals == (2 + 2 + 4, 4 + 5) and duel.winner == 1
    assert state.support[2] == 0
    state = game([["BL", "T2", "AL"], ["T2", "BR"], ["T3"]], dice=[3, 4, 3])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T2")
    state.apply(1, "fight:T2")
    state.apply(0, "AL:2")
    assert state.support[2] == 1 and state.lieutenants[1] == 2


def test_out_of_ammo_cancels_equipment_and_lowers_the_total():
    state = game([["BL", "T3"], ["T2", "E3", "OA", "BR"], ["T4"]], dice=[3, 3])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T3")
    state.apply(1, "fight:T2+E3")
    assert state.phase == "tactic_d"
    state.apply(1, "pass")
    state = game([["BL", "T3", "E2", "OA"], ["T2", "E3", "BR"], ["T4"]], dice=[3, 3])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T3")
    state.apply(1, "fight:T2+E3")
    events = state.apply(0, "OA")
    duel = kinds(events, AttackResolved)[0]
    assert duel.totals == (3 + 3, 2 + 0 + 3 - 1) and duel.winner == 0


def test_doctor_for_a_losing_attacker_returns_the_fight_cards():
    state = game([["BL", "T2", "E1", "DR"], ["T4", "BR"], ["T3"]], dice=[1, 6])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T2+E1")
    state.apply(1, "fight:T4")
    assert state.phase == "after_a" and texts(state) == {"pass", "DR"}
    state.apply(0, "DR")
    assert {"T2", "E1"} <= set(state.hands[0])


@pytest.mark.parametrize("card", ["DR", "BG"])
def test_doctor_or_bodyguard_saves_a_losing_defender(card):
    state = game([["BL", "T4"], ["T2", card, "BR"], ["T3"]], dice=[6, 1])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T4")
    state.apply(1, "fight:T2")
    assert state.phase == "after_d" and texts(state) == {"pass", card}
    events = state.apply(1, card)
    assert kinds(events, LieutenantSaved) and state.lieutenants[1] == 3
    assert "T2" in state.discard


def test_winning_defender_gets_no_after_fight_window_and_attacker_keeps_lieutenants():
    state = game([["BL", "T2"], ["T4", "DR", "BR"], ["T3"]], dice=[1, 6])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T2")
    state.apply(1, "fight:T4")
    assert state.phase == "turn" and state.lieutenants == [3, 3, 3]


# --- other cards ----------------------------------------------------------------------------------
def test_irish_guy_window_when_the_bomb_reaches_a_new_owner():
    state = game([["BL", "T2"], ["T3", "BR"], ["IG", "T4"]])
    state.apply(0, "BL")
    assert state.phase == "irish" and state.to_act == (2,)
    assert texts(state) == {"pass", "IG:0", "IG:1"}
    before = len(state.hands[1])
    events = state.apply(2, "IG:1")
    assert kinds(events, CardStolen) and len(state.hands[1]) == before - 1
    assert state.to_act == (1,) and state.phase == "turn"


def test_opponent_massacre_kills_and_gains_support_fort_stops_it():
    state = game([["BL", "OM"], ["T3"], ["T4"], ["BR"]])
    assert {"OM:1", "OM:2", "OM:3"} <= texts(state)
    state.apply(0, "OM:2")
    assert state.lieutenants == [3, 3, 2, 3] and state.support[0] == 2
    state = game([["BL", "OM"], ["T3"], ["T4", "FO"], ["BR"]])
    state.apply(0, "OM:2")
    assert state.to_act == (2,) and texts(state) == {"pass", "FO"}
    state.apply(2, "FO")
    assert state.lieutenants == [3, 3, 3, 3] and state.support[0] == 2 and state.to_act == (0,)


def test_massacre_is_a_revolution_card():
    state = game([["BL", "OM"], ["T3"], ["T4"], ["BR"]], climate="democracy")
    assert not any(t.startswith("OM") for t in texts(state))


def test_democracy_and_revolution_cards_change_the_climate():
    state = game([["BL", "DE", "T2"], ["T3"], ["T4"]], deck=["E1"])
    assert {"DE", "attack:1"} <= texts(state)
    events = state.apply(0, "DE")
    assert state.climate == "democracy" and kinds(events, ClimateChanged)[0].by == 0
    assert "E1" in state.hands[0] and not any(t.startswith("attack") for t in texts(state))
    state = game([["BL", "RV", "DE", "T2"], ["T3"], ["T4"]], climate="dictatorship")
    assert "DE" not in texts(state) and "RV" in texts(state)
    state.apply(0, "RV")
    assert state.climate == "revolution"
    state = game([["BL", "RV", "T2"], ["T3"], ["T4"]], climate="democracy")
    assert "RV" not in texts(state)


def test_out_of_cards_draw_two():
    state = game([["BL"], ["T3"], ["T4"]], deck=[])
    state.deck = []
    state.discard = ["E1", "E2", "E3"]
    state.apply(0, "BL")     # the turn's draw reshuffles the discard; hand stays 1
    assert len(state.hands[0]) == 1
    state = game([["BL", "OM"], ["T3"], ["T4"], ["BR"]], climate="revolution")
    state.hands[1] = ["T3"]
    state.apply(0, "OM:1")
    assert len(state.hands[0]) == 1


def test_support_never_exceeds_the_supply():
    state = game([["BL", "OM"], ["T3"], ["T4"], ["BR"]], support=[0, 9, 0, 0])
    state.apply(0, "OM:2")
    assert state.support[0] == 1 and state.supply == 0


def test_rules_file_errors_are_positioned(tmp_path):
    text = RULES.path.read_text(encoding="utf-8").replace("attacked: [{kind: cancel_attack}]",
                                                          "attacked: [{kind: steal, amount: 1}]")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as err:
        validate_file(bad)
    assert "cannot happen at 'attacked'" in str(err.value) and "bad.yaml:" in str(err.value)
