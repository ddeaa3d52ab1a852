"""The Review's analysis (ai/analysis.py): for a decision, a legal preferred move and an estimate for
every option it rates, the same with the same seed, in each of the four games."""

from __future__ import annotations

import math
import random

import pytest

from revolt_table.ai.analysis import AnalysisBudget, analyse, analyse_job
from revolt_table.ai.registry import family_heuristic
from revolt_table.engine import load_rules

GAMES = {"revoltaaa": 3, "doudizhu": 3, "revolte": 4, "revolucion": 3}
SMALL = AnalysisBudget(playouts=24, hard_iterations=12, max_options=5)


def positions(game: str, seed: int, count: int = 2):
    """(state, seat, move played) at the first `count` decisions with a choice, after a few moves of
    the normal heuristic."""
    rules = load_rules(game)
    state = rules.new_game(GAMES[game], seed=seed)
    agent = family_heuristic(rules, "ai:normal")
    rng = random.Random(seed)
    found = []
    moves = 0
    while not state.is_over and len(found) < count:
        seat = state.to_act[0]
        legal = state.legal_moves(seat)
        move = agent.choose(state.view(seat), legal, rng)
        if len(legal) > 1 and moves >= 2 + 5 * len(found):
            found.append((rules, state.clone(), seat, move.text))
        state.apply(seat, move)
        moves += 1
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_analysis_gives_a_legal_preference_and_an_estimate_per_option(game):
    for rules, state, seat, played in positions(game, seed=7):
        legal = {m.text for m in state.legal_moves(seat)}
        a = analyse(rules, state, seat, played, SMALL, seed=3)
        assert a.preferred in legal and a.played == played and a.seat == seat
        rated = [e.move for e in a.options]
        assert len(rated) == len(set(rated)) == min(len(legal), SMALL.max_options)
        assert set(rated) <= legal and played in rated and a.preferred in rated
        assert a.unrated == len(legal) - len(rated) and a.legal == len(legal)
        assert all(0.0 <= e.win <= 1.0 and e.playouts >= 1 for e in a.options)
        assert [e.win for e in a.options] == sorted((e.win for e in a.options), reverse=True)
        assert 0.0 <= a.loss <= 1.0 and math.isclose(a.loss, a.best.win - a.estimate(played).win, abs_tol=1e-9)
        again = analyse(rules, state, seat, played, SMALL, seed=3)
        assert (again.preferred, again.options) == (a.preferred, a.options)


def test_the_worker_job_rebuilds_the_moves_and_answers_the_same():
    """What the AI worker process runs (from the rules file and the view) equals the direct call."""
    rules, state, seat, played = positions("doudizhu", seed=5, count=1)[0]
    direct = analyse(rules, state, seat, played, SMALL, seed=9)
    texts = [m.text for m in state.legal_moves(seat)]
    job = analyse_job(str(rules.path), rules.variant, state.view(seat), texts, played, SMALL, 9)
    assert (job.preferred, job.options) == (direct.preferred, direct.options)


def test_an_option_that_wins_outright_is_rated_a_sure_win():
    """The estimates mean what they say: a Dou Dizhu landlord down to its last card, which beats the
    table, wins with it every time, and passing instead is rated lower."""
    rules = load_rules("doudizhu")
    for seed in range(40):
        state = rules.new_game(3, seed=seed)
        rng = random.Random(seed)
        agent = family_heuristic(rules, "ai:normal")
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_moves(seat)
            hand = state.view(seat).hand() or ()
            winning = [m for m in legal if m.text != "pass" and len(hand) == len(m.text.replace("10", "T"))]
            if winning and any(m.text == "pass" for m in legal):
                a = analyse(rules, state, seat, "pass", AnalysisBudget(playouts=40, hard_iterations=12), seed=1)
                best = a.estimate(winning[0].text)
                assert best is not None and best.win == 1.0 and a.best.win == 1.0
                assert a.loss == 1.0 - a.estimate("pass").win
                return
            state.apply(seat, agent.choose(state.view(seat), legal, rng))
    pytest.skip("no such position in the seeds tried")
