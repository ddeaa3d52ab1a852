"""The Review screen (issue 14): a finished game move by move with every hand face up, opened from History
and from the results by real clicks, stepped with real keys, and the analysis of the human's decisions.
Headless, with real pygame events."""

from __future__ import annotations

import time

import pygame
import pytest

from conftest import click, frames, key
from revolt_table.ai.analysis import AnalysisBudget
from revolt_table.records.store import HistoryStore
from revolt_table.ui import recorder
from tests.history_helpers import entry
from tests.ui.table_helpers import open_table, run_frames
from tests.ui.test_history_screens import shown

SMALL = AnalysisBudget(playouts=16, hard_iterations=8, max_options=4)


def review_of(app, game_entry, **kwargs):
    """The Review of `game_entry` on screen; its analysis (which starts with the screen) at a tiny budget."""
    from revolt_table.ui.scenes.review import ReviewScene

    scene = ReviewScene(app, game_entry, use_process=False, **kwargs)
    scene.runner.budget = SMALL
    app.push(scene)
    frames(app, 1)
    return scene


def drawn(app, monkeypatch) -> list[str]:
    """The texts the top scene draws in one frame."""
    return shown(app, monkeypatch)


def board_pixels(app, scene) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen.subsurface(scene.board), "RGB")


@pytest.mark.parametrize("game", ["doudizhu", "revoltaaa", "revolte", "revolucion"])
def test_stepping_forward_and_back_lands_on_the_same_positions(app, game):
    """Right arrow k times, End, then Left back to k: the same hands and table, drawn the same, and
    the same as a fresh replay of the first k moves seen by each seat."""
    from revolt_table.engine import load_rules

    played = entry(game, seed=4)
    scene = review_of(app, played)
    k = min(7, scene.model.steps - 1)
    for _ in range(k):
        key(app, pygame.K_RIGHT)
    assert scene.k == k and scene.slider.value == k and scene.list.selected == k
    forward, pixels = scene.position, board_pixels(app, scene)
    key(app, pygame.K_END)
    assert scene.k == scene.model.steps
    for _ in range(scene.model.steps - k):
        key(app, pygame.K_LEFT)
    assert scene.k == k and scene.position == forward and board_pixels(app, scene) == pixels
    key(app, pygame.K_HOME)
    assert scene.k == 0
    rules = load_rules(game, variant=played.variant or None)
    state = rules.new_game(played.players, seed=played.seed, start_seat=played.start_seat)
    for seat, text in played.moves[:k]:
        state.apply(seat, text)
    for seat in range(played.players):
        assert sorted(forward.hand(seat)) == sorted(state.view(seat).zones[f"hand:{seat}"].cards)
        assert None not in forward.hand(seat)                 # every hand face up
    assert forward.to_act == tuple(state.to_act)


def test_the_slider_buttons_and_play_move_through_the_game(app):
    scene = review_of(app, entry("doudizhu", seed=2))
    click(app, scene.widget("next").rect.center)
    click(app, scene.widget("next").rect.center)
    assert scene.k == 2
    click(app, scene.widget("prev").rect.center)
    assert scene.k == 1
    click(app, scene.widget("last").rect.center)
    assert scene.k == scene.model.steps and not scene.widget("next").enabled
    click(app, scene.widget("first").rect.center)
    assert scene.k == 0
    track = scene.slider.track_rect
    click(app, (track.x + track.width // 2, track.centery))
    assert abs(scene.k - scene.model.steps // 2) <= 1
    key(app, pygame.K_HOME)
    key(app, pygame.K_SPACE)                               # play: a move a second
    assert scene.playing
    frames(app, 70, dt=1 / 30)
    assert scene.k >= 2
    key(app, pygame.K_SPACE)
    assert not scene.playing


def test_the_text_panel_tells_the_move_and_what_it_said(app, monkeypatch):
    """Revolución's moves say things (exchanges, fights): the panel shows the same sentences as the text
    replay, and the final scores at the end."""
    from revolt_table.records.replay_text import replay_lines

    played = entry("revolucion", seed=4)
    scene = review_of(app, played)
    said = next(k for k in range(1, scene.model.steps + 1) if scene.model.move(k).said)
    scene.go(said)
    texts = " ".join(drawn(app, monkeypatch))
    for sentence in scene.model.move(said).said:
        assert sentence[:20] in texts
        assert any(sentence in line for line in replay_lines(played)[0])
    key(app, pygame.K_END)
    assert "Final scores" in " ".join(drawn(app, monkeypatch))


def test_review_opens_from_history_by_a_click(app):
    from revolt_table.ui.scenes.history import HistoryScene
    from revolt_table.ui.scenes.review import ReviewScene

    game = HistoryStore().add(entry("revolte", seed=3))
    history = HistoryScene(app)
    app.push(history)
    history.wait_loaded()
    frames(app, 1)
    button = history.widget("review")
    assert button.visible and button.enabled
    click(app, button.rect.center)
    review = app.top
    assert isinstance(review, ReviewScene) and review.entry.same_game(game)
    key(app, pygame.K_ESCAPE)
    assert app.top is history


def test_review_opens_from_the_results_by_a_click(table_home):
    """A game played to the end at the table: the results' Review button shows that game."""
    from revolt_table.ui.scenes.results import ResultsScene
    from revolt_table.ui.scenes.review import ReviewScene

    app, scene = open_table("doudizhu", ["ai:easy", "ai:normal", "ai:easy"], seed=21)
    deadline = time.monotonic() + 60
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the game did not reach the results"
        run_frames(app)
    results = app.top
    state = scene.session.state
    click(app, results.widget("review").rect.center)
    review = app.top
    assert isinstance(review, ReviewScene)
    assert [list(m) for m in review.entry.moves] == [list(m) for m in state.record()["moves"]]
    assert review.model.final_scores == tuple(state.scores)
    assert not review.widget("analyse").enabled           # no human at this table: nothing to analyse
    key(app, pygame.K_ESCAPE)
    assert app.top is results
    recorder.wait()


def test_a_game_that_no_longer_replays_says_why_and_opens_nothing(app):
    from dataclasses import replace

    from revolt_table.ui.scenes.review import open_review

    broken = replace(entry("doudizhu", seed=6), scores=(9, 9, 9))
    before = len(app.scenes)
    assert open_review(app, broken) is None
    assert len(app.scenes) == before and any("Unreplayable" in toast[0] for toast in app.toasts)


def test_the_analysis_starts_with_the_screen_and_shows_the_preferred_move_and_every_option(app, monkeypatch):
    """The analysis of the human's decisions starts when the Review opens (no key to press), at the
    decision nearest the move shown; the panel names the move played and ai:hard's, with a chance for
    every rated option, and the move list marks the move; the button says how far it has come."""
    played = entry("doudizhu", seed=3)
    scene = review_of(app, played)
    first = min(scene.model.decisions)
    assert scene.runner.started and scene.runner.working_on() == first
    assert scene.notes.analyse_button.text.startswith("Analysing ")
    scene.go(first)
    deadline = time.monotonic() + 60
    while first not in scene.runner.results:
        assert time.monotonic() < deadline
        frames(app, 1)
        time.sleep(0.02)
    analysis = scene.runner.results[first]
    legal = set(scene.model.decisions[first].legal)
    assert analysis.preferred in legal and analysis.played == played.moves[first - 1][1]
    texts = drawn(app, monkeypatch)
    joined = " ".join(texts)
    assert f"played {scene.option_words(first, analysis.played)}" in joined      # named as the table does
    for option in analysis.options:
        name = scene.option_words(first, option.move)
        assert name in texts or "★ " + name in texts
    scene.runner.wait(120)
    frames(app, 2)
    assert set(scene.runner.results) | scene.runner.failed == set(scene.model.decisions)
    assert not scene.runner.failed
    assert "Analysis done" in drawn(app, monkeypatch)


def test_the_analysis_works_outward_from_the_move_shown_in_two_passes_and_stops_on_leaving(app):
    """From the move the player looks at, the nearest decisions first (later before earlier at the same
    distance); every decision gets a quick answer, then a refined one; Back stops it all."""
    from revolt_table.ui.scenes.review import ReviewScene

    scene = ReviewScene(app, entry("doudizhu", seed=3), use_process=False)
    runner = scene.runner
    tiny = AnalysisBudget(playouts=8, hard_iterations=4, max_options=3)
    runner.budgets = (tiny, SMALL)
    order: list[tuple[int, AnalysisBudget]] = []
    submit = runner._submit
    runner._submit = lambda d, budget: order.append((d.step, budget)) or submit(d, budget)
    steps = sorted(scene.model.decisions)
    middle = steps[len(steps) // 2]
    scene.go(middle)
    app.push(scene)
    frames(app, 1)
    runner.wait(120)
    first_pass = [step for step, budget in order if budget is tiny]
    assert sorted(first_pass) == steps and first_pass[0] == middle
    distances = [abs(step - middle) for step in first_pass]
    assert distances == sorted(distances)                          # outward from the move shown
    assert sorted(step for step, budget in order if budget is SMALL) == steps
    assert [budget for _, budget in order] == [tiny] * len(steps) + [SMALL] * len(steps)
    assert not runner.running and set(runner.results) == set(steps)

    again = ReviewScene(app, entry("doudizhu", seed=3), use_process=False)
    again.runner.budget = SMALL
    app.push(again)
    frames(app, 1)
    assert again.runner.running
    key(app, pygame.K_ESCAPE)                                      # leaving the Review...
    assert app.top is scene and not again.runner.running           # ...stops its analysis
    assert again.runner.working_on() is None


@pytest.mark.parametrize("game", ["doudizhu", "revoltaaa", "revolte", "revolucion"])
def test_every_game_shows_its_own_card_faces(app, game):
    """The Review draws cards with the family table's card_image (not the generic fallback)."""
    scene = review_of(app, entry(game, seed=2))
    assert scene.cards.own


def test_the_worker_process_answers_as_a_thread_does(app):
    """The analysis crosses to the AI worker process (AIWorker.call) and comes back equal to the same
    analysis made in a thread: same seed, same budget, same answer."""
    from revolt_table.ui.scenes.review_analysis import AnalysisRunner
    from revolt_table.ui.scenes.review_model import ReviewModel

    model = ReviewModel(entry("doudizhu", seed=3))
    first = min(model.decisions)
    one = {first: model.decisions[first]}
    answers = []
    for use_process in (True, False):
        runner = AnalysisRunner(model.rules, one, 3, SMALL, use_process=use_process)
        runner.start(first)
        runner.wait(120)
        runner.close()
        assert not runner.failed
        answers.append(runner.results[first])
    assert (answers[0].preferred, answers[0].options) == (answers[1].preferred, answers[1].options)
