"""benchmarks/ai_ladder.py: the quick run prints every game's ladder, Dou Dizhu's tables and the
decision times; its Wilson interval is right; Dou Dizhu's fixed-role deals give seat 0 the landlord."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from revolt_table.engine import load_rules

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "ai_ladder.py"


@pytest.fixture(scope="module")
def ladder():
    spec = importlib.util.spec_from_file_location("ai_ladder", PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_wilson_interval(ladder):
    lo, hi = ladder.wilson(28, 100)          # by hand: 28/100 -> [0.2014, 0.3749]
    assert lo == pytest.approx(0.2014, abs=1e-4) and hi == pytest.approx(0.3749, abs=1e-4)
    assert ladder.wilson(0, 10)[0] == 0.0 and ladder.wilson(10, 10)[1] == pytest.approx(1.0)


def test_fixed_role_deal_makes_seat_0_landlord(ladder):
    state = load_rules("doudizhu").new_game(3, seed=1, deal=ladder.doudizhu_deal(0, 3))
    assert state.view(0).info["landlord"] == 0 and state.to_act == (0,)
    assert [len(state.view(0).hand(s) or ()) for s in (0,)] == [20]


def test_quick_run_prints_every_table(ladder, capsys):
    assert ladder.main(["--quick"]) == 0
    out = capsys.readouterr().out
    for label in ("RevoltaaA, 3 players", "Bananas, 3 players", "Révolte!, 3 players", "Revolución, 3 players"):
        assert label in out
    for focus, field in (("ai:hard", "ai:normal"), ("ai:normal", "random"), ("ai:easy", "random"),
                         ("ai:easy", "ai:normal")):
        assert out.count(f"  {focus:10s} {field:10s}") == 4
    assert out.count("fixed roles  landlord") == 3 and "with bidding ai:hard" in out
    assert "Decision times per level" in out and "Dou Dizhu    ai:hard" in out


def test_oracle_deals_the_true_hands_and_a_reshuffled_deck(ladder):
    """--oracle measures the ceiling of ai:hard's inference: its deals are the true hands, but the
    deck's order (and the dice) stay unknown, and the game itself is not touched."""
    import random

    state = load_rules("revolucion").new_game(4, seed=5)
    for _ in range(40):                          # into the game: hands changed by the exchange and turns
        seat = state.to_act[0]
        state.apply(seat, state.legal_moves(seat)[0])
    oracle = ladder.Oracle()
    oracle.state = state
    hands, deck = [h[:] for h in state.hands], state.deck[:]
    orders = set()
    for k in range(5):
        deal = oracle(state.view(0), random.Random(k))
        assert deal.hands == hands
        assert sorted(deal.deck) == sorted(deck)
        orders.add(tuple(deal.deck))
    assert len(orders) > 1                       # the order is not the true one every time
    assert state.hands == hands and state.deck == deck


def test_oracle_is_refused_outside_revolucion(ladder):
    with pytest.raises(SystemExit):
        ladder.main(["--quick", "--oracle"])
