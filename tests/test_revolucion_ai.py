"""Revolución AIs: the heuristic's answers to an explosion, and the `ai:hard` search (legal, quick,
never worse than the obvious answer in a clear-cut spot)."""

from __future__ import annotations

import random
import time

import pytest

from revolt_table.ai.bomb_ai import make_hard
from revolt_table.ai.bomb_search import BombSearchAgent
from revolt_table.ai.registry import make_agent
from revolt_table.engine import load_rules

RULES = load_rules("revolucion")


def game(hands, *, climate="revolution", first=0, **extra):
    deal = {"hands": [list(h) for h in hands], "first": first, "climate": climate, "start": "turn", **extra}
    return RULES.new_game(len(hands), seed=5, deal=deal)


def explode_on_seat_1(hand1):
    state = game([["BL", "T2"], ["T3", *hand1], ["T4"]], timer=1)
    state.apply(0, "BL")
    assert state.phase == "explosion" and state.to_act == (1,)
    return state


def test_normal_answers_an_explosion_with_the_post_office_then_late_explosion_keeping_fort():
    agent = make_agent("ai:normal", RULES)
    for hand, want in ((["FO", "LE", "PO"], "PO"), (["FO", "LE", "CW"], "LE"), (["CW", "BG"], "BG")):
        state = explode_on_seat_1(hand)
        assert agent.choose(state.view(1), state.legal_moves(1), random.Random(1)).text == want


def test_hard_is_the_family_search_and_shelters_from_an_explosion():
    agent = make_agent("ai:hard", RULES, iterations=8)
    assert isinstance(agent, BombSearchAgent)
    state = explode_on_seat_1(["FO"])
    assert agent.choose(state.view(1), state.legal_moves(1), random.Random(2)).text == "FO"


def test_hard_plays_whole_games_legally_and_quickly():
    hard, normal = make_hard(RULES, iterations=4), make_agent("ai:normal", RULES)
    for seed in range(2):
        state = RULES.new_game(3, seed=seed)
        rng = random.Random(seed)
        slowest = 0.0
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            start = time.thread_time()         # CPU of this thread: a busy machine's waits don't count
            move = (hard if seat == 0 else normal).choose(state.view(seat), moves, rng)
            slowest = max(slowest, time.thread_time() - start)
            assert move in moves
            state.apply(seat, move)
        assert sum(state.scores) == 1
        assert slowest < 1.0


def test_normal_defender_keeps_its_cards_in_a_hopeless_fight_and_fights_a_close_one():
    agent = make_agent("ai:normal", RULES)
    state = game([["BL", "M6", "E3", "S2"], ["T2", "E1", "BR"], ["T4"]])
    state.apply(0, "attack:1")
    state.apply(1, "pass")                              # no Fort (everyone attacked is asked)
    state.apply(0, "fight:M6+E3+S2")                   # 11 + a die: a T2 cannot win
    assert agent.choose(state.view(1), state.legal_moves(1), random.Random(1)).text == "fight:none"
    state = game([["BL", "T2"], ["T4", "E1", "BR"], ["T4"]])
    state.apply(0, "attack:1")
    state.apply(1, "pass")
    state.apply(0, "fight:T2")
    assert agent.choose(state.view(1), state.legal_moves(1), random.Random(1)).text != "fight:none"


def test_defence_odds_count_both_dice_and_who_wins_a_tie():
    """The cached odds a defender weighs: both sides roll one die, the higher total wins; a tie goes to
    the defender under `tie: defender` (this rules file) and to the attacker otherwise."""
    from revolt_table.ai.bomb_ai import defence_odds
    assert defence_odds(6, 0, True) == 21 / 36          # even totals: the defender's roll >= the attacker's
    assert defence_odds(6, 0, False) == 15 / 36         # ... strictly higher
    assert defence_odds(6, -5, True) == 1 / 36          # only a 6 against a 1
    assert defence_odds(6, -6, True) == 0.0
    assert defence_odds(6, 5, False) == 35 / 36
    assert defence_odds(6, 6, False) == 1.0
    for margin in range(-7, 8):                         # what the attacker does not win, the defender does
        assert defence_odds(6, margin, True) + defence_odds(6, -margin, False) == pytest.approx(1.0)


def test_normal_attacks_the_leader_it_can_beat_not_the_weakest():
    """Issue 29's search: while ai:normal attacked the weakest, a seat attacking the strongest won 1.31x at
    5 players. Now it attacks the leader (most lieutenants), the easiest of the leaders to beat (fewer
    tokens, then fewer cards), and only a seat it is favoured against."""
    agent = make_agent("ai:normal", RULES)
    hands = [["BL", "M6"], ["T2", "E1", "S1", "E2", "BR"], ["T3"], ["T4"]]
    state = game(hands, lieutenants=[3, 3, 3, 1])
    chosen = agent.choose(state.view(0), state.legal_moves(0), random.Random(1)).text
    assert chosen == "attack:2"                 # seat 3 is the weakest; seats 1 and 2 lead, 2 holds fewer cards
    state = game([["BL", "T2"], ["T2", "E1", "S1", "E2", "BR"], ["T3"], ["T4"]], lieutenants=[3, 3, 2, 1],
                 support=[0, 3, 0, 0])
    chosen = agent.choose(state.view(0), state.legal_moves(0), random.Random(1)).text
    assert not chosen.startswith("attack:1")    # the leader, but 5 cards and tokens: not favoured with a T2


# --- benchmarks/revolucion_balance.py -----------------------------------------------------------------
def balance_module():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "revolucion_balance.py"
    spec = importlib.util.spec_from_file_location("revolucion_balance", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_balance_quick_run_prints_every_target(capsys):
    bench = balance_module()
    bench.main(["--quick", "--players", "3"])
    out = capsys.readouterr().out
    for needle in ("median rounds", "explosion + massacre", "attacker wins", "worst gap", "Opponent Massacre"):
        assert needle in out
    for kind in bench.DEVIATIONS:
        assert f"{kind:<18} wins" in out
    assert bench.wilson(28, 100)[0] == pytest.approx(0.2014, abs=1e-4)


def test_balance_deviants_deviate_only_where_named():
    bench = balance_module()
    state = game([["BL", "T4", "M5", "E2"], ["T2", "BR"], ["T3"]], support=[2, 0, 0])
    rng = random.Random(1)
    never = bench.Deviant(RULES, "never_attack")
    always = bench.Deviant(RULES, "always_attack")
    assert not never.choose(state.view(0), state.legal_moves(0), rng).text.startswith("attack")
    assert always.choose(state.view(0), state.legal_moves(0), rng).text.startswith("attack")
    state.apply(0, "attack:1")
    state.apply(1, "pass")
    everything = bench.Deviant(RULES, "commit_everything")
    assert everything.choose(state.view(0), state.legal_moves(0), rng).text == "fight:T4+M5+E2+sp2"
    state.apply(0, "fight:T4")
    coward = bench.Deviant(RULES, "never_defend")
    assert coward.choose(state.view(1), state.legal_moves(1), rng).text == "fight:none"
