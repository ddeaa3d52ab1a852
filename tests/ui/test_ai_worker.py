"""AI thinking in the worker process: views pickle, the process answers like the in-process agent,
sessions use it for ai:hard, fall back to a thread when it cannot start, and never wait for it on close."""

from __future__ import annotations

import pickle
import random
import time

import pytest

from revolt_table.ai import worker as worker_mod
from revolt_table.ai.worker import AIWorker, WorkerUnavailable, choose_move
from revolt_table.engine import load_rules

GAMES = [("revoltaaa", None), ("revoltaaa", "bananas"), ("doudizhu", None), ("revolte", None), ("revolucion", None)]


@pytest.mark.parametrize("game,variant", GAMES)
def test_views_pickle_for_the_worker(game, variant):
    rules = load_rules(game, variant=variant)
    state = rules.new_game(players=rules.data["players"]["min"], seed=5)
    rng = random.Random(1)
    for _ in range(12):                        # a few moves in, so histories and piles are not empty
        if state.is_over:
            break
        seat = state.to_act[0]
        view = state.view(seat)
        assert pickle.loads(pickle.dumps(view)) == view
        moves = state.legal_moves(seat)
        state.apply(seat, moves[rng.randrange(len(moves))])


def test_worker_process_answers_like_the_agent_in_process():
    rules = load_rules("revoltaaa")
    state = rules.new_game(players=4, seed=8)
    view, legal = state.view(0), [m.text for m in state.legal_moves(0)]
    # a generous clock: 40 play-outs end long before it, so a loaded machine cannot cut one run short
    args = (str(rules.path), None, "ai:hard", 40, 30.0, view, legal, 1234)
    expected = choose_move(*args)
    worker = AIWorker()
    try:
        first = worker.submit(*args)
        second = worker.submit(*args)          # the same process answers again (kept alive)
        assert first.result(timeout=30) == expected == second.result(timeout=30)
        assert worker.alive
    finally:
        started = time.perf_counter()
        worker.shutdown()
        assert time.perf_counter() - started < 0.1     # never stalls a frame


def test_worker_that_cannot_start_fails_over(monkeypatch):
    worker = AIWorker(start_method="no-such-method")
    future = worker.submit("x", None, "ai:hard", 1, None, None, ["a", "b"], 1)
    with pytest.raises(WorkerUnavailable):
        future.result(timeout=10)
    assert worker.broken
    with pytest.raises(WorkerUnavailable):
        worker.submit("x", None, "ai:hard", 1, None, None, ["a", "b"], 1)


def test_shutdown_while_the_reader_starts_joins_a_started_thread(monkeypatch):
    """A table closed just as its worker process came up: the stop must not find a reader thread that
    exists but has not started (joining one raises). The reader's start is slowed to open that window."""
    real_thread = worker_mod.threading.Thread

    class SlowStart(real_thread):
        def start(self):
            if self.name == "revolt-ai-reader":
                time.sleep(1.0)
            super().start()

    monkeypatch.setattr(worker_mod.threading, "Thread", SlowStart)
    worker = AIWorker()
    launcher = real_thread(target=worker.start, kwargs={"background": False}, daemon=True)
    launcher.start()
    deadline = time.monotonic() + 30
    while worker._reader is None:            # the process runs and its reader exists
        assert time.monotonic() < deadline, "the worker process did not start"
        time.sleep(0.001)
    worker.shutdown(wait=True)               # raised RuntimeError when the reader was published unstarted
    launcher.join(10)
    assert worker._reader.ident is not None and not worker.alive


def _play_out(session, seconds=30.0):
    deadline = time.monotonic() + seconds
    moves = 0
    while not session.state.is_over:
        assert time.monotonic() < deadline, "the AI seats stopped answering"
        if session.state.to_act == (0,) and session.is_human(0):
            session.apply(0, session.state.legal_moves(0)[0])
        moves += len(session.poll(1 / 60))
        time.sleep(0.001)
    return moves


def test_session_thinks_in_the_process_for_ai_hard(tmp_path, monkeypatch):
    from revolt_table.ui.session import Session

    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    session = Session(load_rules("revoltaaa"), ["human", "ai:hard", "ai:normal"], match_seed=4, ai_pace=0.0,
                      save=False, hard_iterations=12)
    try:
        assert session.uses_process or session._worker.started.wait(10) and session.uses_process
        assert _play_out(session) > 0
        assert session._worker is not None and not session._worker.broken
    finally:
        started = time.perf_counter()
        session.close()
        assert time.perf_counter() - started < 0.1
    assert not session.uses_process


def test_session_falls_back_to_a_thread_without_a_process(tmp_path, monkeypatch):
    from revolt_table.ui.session import Session

    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    real = worker_mod.AIWorker
    monkeypatch.setattr("revolt_table.ui.session.AIWorker", lambda: real(start_method="no-such-method"))
    session = Session(load_rules("revoltaaa"), ["ai:hard", "ai:hard", "ai:easy"], match_seed=6, ai_pace=0.0,
                      save=False, hard_iterations=8)
    try:
        assert _play_out(session) > 0 and session.state.is_over
        assert not session.uses_process
    finally:
        session.close()


class FakePipe:
    """The worker's end of the pipe: hands out `requests`, records what is sent and when."""

    def __init__(self, requests, events):
        self.requests, self.events = list(requests), events

    def recv(self):
        return self.requests.pop(0)

    def send(self, message):
        self.events.append(("send", message))


def test_worker_settles_its_heap_after_answering_not_before(monkeypatch):
    """The answer goes out first; then the collection and freeze (budget.settle_after_decision), which
    the player never waits for."""
    events = []
    monkeypatch.setattr(worker_mod, "settle_after_decision", lambda: events.append(("settle",)))
    pipe = FakePipe([(1, worker_mod.CALL, max, (2, 3)), (2, worker_mod.CALL, max, ()), None], events)
    worker_mod._serve(pipe)
    assert events[0] == ("send", (1, 3, None)) and events[1] == ("settle",)
    assert events[2][0] == "send" and events[2][1][1] is None and "TypeError" in events[2][1][2]
    assert events[3] == ("settle",) and len(events) == 4
