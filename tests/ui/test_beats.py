"""The beat contract of the table: flags say which beats a click skips, which belong to the end show and
which wait for a click; the end show is pushed once by the scene; screenshots click past waiting beats."""

from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from revolt_table.ui.anim import AnimationQueue, Beat  # noqa: E402
from tests.ui.table_helpers import run_frames  # noqa: E402
from tests.ui.test_table import make_table  # noqa: E402


def test_flags_default_by_standard_name_and_can_be_declared():
    assert Beat("reveal").skippable and not Beat("reveal").end
    assert Beat("count").skippable and Beat("count").end
    assert not Beat("choose").skippable
    own = Beat("duel_roll", skippable=True, end=True)
    assert own.skippable and own.end
    assert Beat("summary", wait_for_click=True).skippable      # a beat that waits can always be clicked past


def test_a_beat_that_waits_for_a_click_stays_until_skipped():
    queue = AnimationQueue(1.0)
    ended = []
    queue.push(Beat("summary", hold=0.5, wait_for_click=True, on_end=lambda: ended.append(1)))
    for _ in range(600):
        queue.update(1 / 60)
    assert not queue.idle and not ended
    assert queue.skip() and queue.idle and ended == [1]


def test_skipping_the_end_show_stops_at_a_summary_that_waits(table_home):
    app, scene = make_table(speed=1.0)
    run_frames(app, 2)
    scene.queue.skip_all()
    order = []
    for name, waits in [("count", False), ("end_show", False), ("final_summary", True), ("end_hold", False)]:
        scene.queue.push(Beat(name, hold=5.0, end=True, wait_for_click=waits,
                              on_end=lambda n=name: order.append(n)))
    scene.skip()
    assert order == ["count", "end_show"] and scene.queue.current.name == "final_summary"
    scene.skip()
    assert order == ["count", "end_show", "final_summary", "end_hold"]


def test_the_scene_pushes_the_end_show_once_when_a_move_ends_the_game(table_home):
    app, scene = make_table(seats=("ai:normal",) * 4)
    calls = []
    original = scene.family.push_end_beats
    scene.family.push_end_beats = lambda: (calls.append(len(scene.session.state.history)), original())[1]
    deadline = time.monotonic() + 30
    while not scene.session.state.is_over:
        assert time.monotonic() < deadline, "the AI game did not end"
        run_frames(app, 1)
    run_frames(app, 3)
    assert calls == [len(scene.session.state.history)]
    assert scene.family.ending


def test_screenshot_capture_clicks_past_summaries_that_wait(table_home, tmp_path):
    from revolt_table.ui.launch import capture

    start = time.monotonic()
    out = capture("revolte", 3, 5, 60, (1024, 640), str(tmp_path / "shot.png"), moment="end_show")
    assert time.monotonic() - start < 20          # each waiting summary used to eat 100,000 frames
    assert pygame.image.load(out).get_size() == (1024, 640)
