"""History and Statistics in the window (issue 14): a finished game is recorded and listed, its deal can
be played again, a game goes out to a file and comes back, the figures are stats.statistics', and broken
files or games that no longer replay never take a screen down. Headless, with real pygame events.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from conftest import click, frames, key
from revolt_table.engine import load_rules
from revolt_table.records.history import read_entry_file
from revolt_table.records.store import HistoryStore
from revolt_table.records.stats import collect_facts, statistics
from revolt_table.ui import draw, i18n, recorder, theme
from tests.history_helpers import entry
from tests.ui.table_helpers import NAMES, open_table, run_frames

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def drawn_texts(monkeypatch):
    """Every text drawn while inside, as [(content, rect)]."""
    texts: list[tuple[str, pygame.Rect]] = []
    real = draw.text

    def text(surface, content, size, color, **kwargs):
        rect = real(surface, content, size, color, **kwargs)
        texts.append((content, rect))
        return rect

    monkeypatch.setattr(draw, "text", text)
    yield texts


def shown(app, monkeypatch) -> list[str]:
    """The texts the top scene draws in one frame."""
    with drawn_texts(monkeypatch) as texts:
        app.draw()
    return [content for content, _ in texts]


def play_out(session, seed: int = 1) -> None:
    """Play every seat of a session's game with seeded random legal moves."""
    rng = random.Random(seed)
    while not session.state.is_over:
        seat = session.state.to_act[0]
        session.apply(seat, rng.choice(session.state.legal_moves(seat)))


def open_history(app):
    """From the title: the History menu entry, by a real click; returns the scene, read."""
    from revolt_table.ui.scenes.history import HistoryScene
    from revolt_table.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    frames(app, 1)
    click(app, app.top.button("history").rect.center)
    assert isinstance(app.top, HistoryScene)
    app.top.wait_loaded()
    frames(app, 1)
    return app.top


# ------------------------------------------------------------------------------------------ recording

def test_a_game_finished_at_the_table_is_listed_in_history(table_home, monkeypatch):
    """An AI-only Dou Dizhu game through the table scene, its session saving as the window's does; the
    results' History button lists it with its record, and Back returns to the results."""
    from revolt_table.ui.scenes.history import HistoryScene
    from revolt_table.ui.scenes.results import ResultsScene

    app, scene = open_table("doudizhu", ["ai:easy", "ai:normal", "ai:easy"], seed=21, save=True)
    deadline = time.monotonic() + 60
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the game did not reach the results"
        run_frames(app)
    state = scene.session.state
    assert recorder.wait()
    results = app.top
    click(app, results.widget("history").rect.center)
    history = app.top
    assert isinstance(history, HistoryScene)
    history.wait_loaded()
    frames(app, 1)
    assert len(history.entries) == 1
    listed = history.entries[0]
    record = state.record()
    assert (listed.game, listed.seed, listed.start_seat, listed.move_count) == \
        ("doudizhu", record["seed"], record["start_seat"], len(record["moves"]))
    assert listed.scores == tuple(state.scores) and listed.winners == tuple(state.winners)
    assert [(s.name, s.kind) for s in listed.seats] == list(zip(NAMES[:3], ["ai:easy", "ai:normal", "ai:easy"]))
    stored = HistoryStore().load(listed.id)
    assert [list(m) for m in stored.moves] == [list(m) for m in record["moves"]]
    texts = shown(app, monkeypatch)
    for name, points in zip(NAMES[:3], state.scores):
        assert any(name in text for text in texts) and str(points) in texts
    assert "Dou Dizhu" in texts
    key(app, pygame.K_ESCAPE)
    assert app.top is results


def test_sessions_that_do_not_save_keep_no_history(home):
    from revolt_table.ui.session import Session

    session = Session(load_rules("revoltaaa"), ["ai:easy"] * 3, save=False, ai_pace=0)
    play_out(session)
    assert recorder.wait()
    assert HistoryStore().summaries() == []
    session.close()


def test_an_unusable_history_folder_costs_the_history_not_the_game(home, monkeypatch):
    """A file where the data folder should be: the game ends normally, one toast says games are not kept."""
    from revolt_table.ui.session import Session

    recorder.reset()
    home.mkdir(parents=True, exist_ok=True)
    (home / "data").write_text("not a folder")
    session = Session(load_rules("revoltaaa"), ["ai:easy"] * 3, ai_pace=0)
    play_out(session)
    assert session.state.is_over and session.match.results
    assert recorder.wait()
    said = recorder.take_notices()
    assert [m.code for m in said] == [recorder.NOT_KEPT]
    session.next_game()
    play_out(session, seed=2)
    assert recorder.wait() and recorder.take_notices() == []       # said once
    session.close()
    recorder.reset()


def test_recording_warnings_become_toasts_on_the_next_screen(app):
    """Files the store sets aside while adding a game: the results (or title) screen says so."""
    from revolt_table.engine.message import Message
    from revolt_table.ui.scenes.title import TitleScene

    recorder.reset()
    recorder._notices.append(Message("history.warning.corrupt", file="bad.json"))
    app.push(TitleScene(app))
    frames(app, 1)
    assert any("bad.json" in toast[0] and "set aside" in toast[0] for toast in app.toasts)
    assert recorder.take_notices() == []


# ------------------------------------------------------------------------------------------ replay a deal

def test_replay_this_deal_deals_the_same_hands_to_the_same_seats(app):
    """A game played through a session, then "Replay this deal" from History (Enter on the gold button):
    the new table has the same seats, names and hands, and the recorded moves end in the same scores."""
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session

    rules = load_rules("revolte")
    seats = ["human", "ai:normal", "ai:easy", "random"]
    first = Session(rules, seats, ["Zoë", "Anna", "Ben", "Clara"], match_seed=77, ai_pace=0)
    hands = [first.state.view(seat).hand() for seat in range(4)]
    play_out(first, seed=5)
    played = first.state
    first.close()
    assert recorder.wait()
    app.settings.ai_pace = 60.0                        # no AI move may change the hands before we look
    history = open_history(app)
    assert history.selected is not None and history.selected.seed == played.seed
    key(app, pygame.K_DOWN)                            # the list's keys: one game only, it stays selected
    key(app, pygame.K_RETURN)
    assert type(app.top).__name__ == "ReplaceSaveScene"   # the match `first` began is saved: asked first
    click(app, app.top.replace_button.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    again = table.session
    assert again.seats == seats and again.names == ["Zoë", "Anna", "Ben", "Clara"]
    assert [again.state.view(seat).hand() for seat in range(4)] == hands
    assert (again.state.seed, again.state.record()["start_seat"]) == (played.seed, played.record()["start_seat"])
    assert again.match.games == 1                      # one deal, not a match
    for seat, move in played.record()["moves"]:
        again.state.apply(seat, move)
    assert again.state.scores == played.scores
    again.close()


# ------------------------------------------------------------------------------------------ export / import

def _dialog_enter(app, text: str) -> None:
    dialog = app.top
    dialog.field.text = text
    key(app, pygame.K_RETURN)


def test_export_then_delete_then_import_gives_the_same_game(app, tmp_path):
    from revolt_table.ui.scenes.dialog import Dialog

    store = HistoryStore()
    kept = store.add(entry("doudizhu", seed=3))
    history = open_history(app)
    target = tmp_path / "out" / "game.json"
    target.parent.mkdir()
    click(app, history.widget("export").rect.center)
    assert isinstance(app.top, Dialog)
    _dialog_enter(app, str(target))
    assert app.top is history
    assert read_entry_file(target) == kept
    # the same name again: refused in the dialog, nothing overwritten
    click(app, history.widget("export").rect.center)
    _dialog_enter(app, str(target))
    assert isinstance(app.top, Dialog) and "already" in app.top.error
    key(app, pygame.K_ESCAPE)
    # delete (the Delete key asks; the red dialog's OK button deletes)
    key(app, pygame.K_DELETE)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.danger
    click(app, dialog.ok_button.rect.center)
    assert app.top is history and history.entries == [] and store.summaries() == []
    # import it back
    click(app, history.widget("import").rect.center)
    _dialog_enter(app, str(target))
    assert app.top is history
    history.wait_loaded()
    assert [s.id for s in history.entries] == [kept.id]
    assert store.load(kept.id).same_game(kept)
    # a file that is not a game: the dialog says so and stays
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}')
    click(app, history.widget("import").rect.center)
    _dialog_enter(app, str(junk))
    assert isinstance(app.top, Dialog) and "not a game saved by Revolt Table" in app.top.error
    assert junk.exists()                                    # the player's file is never moved


# ------------------------------------------------------------------------------------------ statistics

def _series(store: HistoryStore) -> None:
    """A scripted series: Dou Dizhu games with "You" at different seats against different levels, and
    a RevoltaaA game, each dated after the last."""
    seats = [["human", "ai:normal", "ai:normal"], ["ai:easy", "human", "ai:hard"], ["human", "random", "ai:easy"]]
    for i in range(9):
        kinds = seats[i % 3]
        names = ["You" if k == "human" else f"Bot{j}" for j, k in enumerate(kinds)]
        store.add(entry("doudizhu", seed=40 + i, seats=kinds, names=names, minutes=10 * i))
    store.add(entry("revoltaaa", seed=5, minutes=200))


def test_statistics_show_what_stats_computes(app, monkeypatch):
    from revolt_table.ui.scenes.statistics import StatisticsScene, figure_rows, level_rows

    store = HistoryStore()
    _series(store)
    expected = statistics(collect_facts(store), "doudizhu", "You", last=20, window=10)
    assert expected.games == 9 and expected.own is not None
    history = open_history(app)
    history.list.select(next(i for i, s in enumerate(history.entries) if s.game == "doudizhu"))
    click(app, history.widget("statistics").rect.center)
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    scene.wait_loaded()
    frames(app, 1)
    assert scene.game == "doudizhu" and scene.player == "You"
    assert scene.stats == expected
    with drawn_texts(monkeypatch) as drawn:
        app.draw()

    def num(x, digits=1):                                # written here, not with the screen's own helpers
        return str(int(x)) if float(x).is_integer() else f"{x:.{digits}f}"

    def pct(rate):
        return f"{round(rate * 100)}%"

    def on_one_line(*cells):
        """The cells are drawn left to right on one line."""
        for first in (r for text, r in drawn if text == cells[0]):
            rects = [first]
            for cell in cells[1:]:
                rect = next((r for text, r in drawn if text == cell and abs(r.centery - first.centery) <= 2
                             and r.x > rects[-1].x), None)
                if rect is None:
                    break
                rects.append(rect)
            if len(rects) == len(cells):
                return True
        return False

    e, c = expected, expected.own
    levels = {"ai:easy": "Easy", "ai:normal": "Normal", "ai:hard": "Hard"}
    rows = [("Games", str(e.games)), ("Wins", num(e.wins)), ("Win rate", pct(e.win_rate)),
            ("Mean points", num(e.mean_points)), ("Best winning streak", str(e.best_streak)),
            ("Current winning streak", str(e.current_streak)),
            ("As landlord", f"{pct(c.landlord_rate)} ({c.landlord_wins} of {c.landlord_games})"),
            ("As farmer", f"{pct(c.farmer_rate)} ({c.farmer_wins} of {c.farmer_games})"),
            ("Games with a bid", pct(c.bid_rate)),
            ("Bombs and rockets", f"{c.bombs} + {c.rockets} ({num(c.bombs_per_game, 2)} a game)")]
    rows += [(levels[r.level], str(r.games), num(r.wins), pct(r.rate)) for r in e.by_level]
    missing = [row for row in rows if not on_one_line(*row)]
    assert not missing, f"figures not on screen: {missing}"
    assert figure_rows(e)[2] == ("Win rate", pct(e.win_rate)) and level_rows(e) and c.rows()
    assert {r.level for r in expected.by_level} == {"ai:normal", "ai:hard", "ai:easy"}
    # the chart: one point per recent game, drawn in the light gold of the line
    points = scene.chart.points()
    assert len(points) == len(expected.trend) == 9
    assert sum(1 for p in points if app.screen.get_at(p)[:3] == theme.GOLD_LIGHT) >= 8
    # another game with the selector's arrow: RevoltaaA's figures (one game)
    click(app, (scene.game_selector.control_rect.right - 10, scene.game_selector.rect.centery))
    assert scene.game == "revoltaaa"
    assert scene.stats == statistics(collect_facts(store), "revoltaaa", "You", last=20, window=10)
    assert scene.stats.games == 1 and scene.stats.own is None


def test_statistics_of_an_empty_history_say_so(app, monkeypatch):
    from revolt_table.ui.scenes.statistics import StatisticsScene

    app.push(StatisticsScene(app))
    app.top.wait_loaded()
    frames(app, 1)
    assert app.top.stats is None
    assert "No finished games yet." in shown(app, monkeypatch)


# ------------------------------------------------------------------------------------------ broken files

def test_corrupt_and_unreplayable_games_never_crash_the_screens(app, monkeypatch):
    """Not JSON, a folder named like a game, a game of rules that no longer exist, a game whose moves
    are no longer allowed: History lists the two real games with their reasons, sets the rest aside with
    toasts, and both screens draw."""
    from revolt_table.ui.scenes.statistics import StatisticsScene

    store = HistoryStore()
    good = store.add(entry("revoltaaa", seed=8, minutes=0))
    gone = store.add(replace(entry("revoltaaa", seed=9, minutes=10), game="oldgame", id="gone-1"))
    moves = list(good.moves)
    moves[2] = (moves[2][0], "nonsense")
    illegal = store.add(replace(good, id="illegal-1", moves=tuple(moves), date="2026-03-01T22:00:00+01:00"))
    folder = store.folder
    (folder / "broken.json").write_text("{not json")
    (folder / "dir.json").mkdir()
    (folder / "_index.json").write_text("garbage")
    history = open_history(app)
    assert {s.id for s in history.entries} == {good.id, gone.id, illegal.id}
    assert set(history.reasons) == {gone.id, illegal.id}
    assert any("broken.json" in toast[0] for toast in app.toasts)
    assert any("dir.json" in toast[0] for toast in app.toasts)
    history.select_id(gone.id)
    frames(app, 1)
    assert not history.widget("replay").enabled         # no rules: the deal cannot be dealt
    texts = shown(app, monkeypatch)
    assert any("no longer load" in text for text in texts)
    history.select_id(illegal.id)
    frames(app, 1)
    assert history.widget("replay").enabled             # the deal can still be dealt
    assert any("is no longer allowed" in text for text in shown(app, monkeypatch))
    app.push(StatisticsScene(app, game="revoltaaa", player="You"))
    app.top.wait_loaded()
    frames(app, 2)
    assert app.top.stats.games == 2 and app.top.stats.unreplayable == 1


def test_history_scrolls_with_keys_and_wheel(app):
    store = HistoryStore()
    for i in range(14):
        store.add(entry("revoltaaa", seed=100 + i, minutes=i))
    history = open_history(app)
    shown_rows = history.list.visible_rows
    assert 3 <= shown_rows < 14 and history.list.selected == 0
    key(app, pygame.K_END)
    assert history.list.selected == 13 and history.list.top == 14 - shown_rows
    key(app, pygame.K_HOME)
    assert history.list.top == 0
    pos = history.list.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0,
                                         precise_y=-3.0))
    frames(app, 1)
    assert history.list.top == 3
    row = history.list.row_rect(5)
    click(app, row.center)
    assert history.list.selected == 5 and history.selected.seed == history.entries[5].seed


# ------------------------------------------------------------------------------------------ the CLI

def _cli(home: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, REVOLT_TABLE_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               REVOLT_TABLE_AI_PACE="0", REVOLT_TABLE_ANIMATION="0", PYTHONPATH=str(ROOT), LANGUAGE="en")
    return subprocess.run([sys.executable, "-m", "revolt_table", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_replay_last_text_after_an_ai_only_game_played_with_play(tmp_path):
    home = tmp_path / "home"
    played = _cli(home, "play", "doudizhu", "--seats", "ai:easy,ai:easy,ai:easy", "--seed", "3", "--autoquit")
    assert played.returncode == 0, played.stderr
    store = HistoryStore(home / "data" / "history")
    kept = store.latest()
    assert kept is not None and [s.kind for s in kept.seats] == ["ai:easy"] * 3
    out = _cli(home, "replay", "--last", "--text")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    width = len(str(len(kept.moves)))
    state = load_rules("doudizhu").new_game(3, seed=kept.seed, start_seat=kept.start_seat)
    for number, (seat, move) in enumerate(kept.moves, 1):
        said = i18n.say(state.describe(seat, move).label, [s.name for s in kept.seats])     # as players read it
        state.apply(seat, move)
        assert f"{str(number).rjust(width)}. {kept.seats[seat].name}: {said[:1].upper() + said[1:]}" in lines
    scores = ", ".join(f"{s.name} {p}" for s, p in zip(kept.seats, kept.scores))
    assert f"Final scores: {scores}" in lines
    listing = _cli(home, "history")
    assert listing.returncode == 0 and kept.id in listing.stdout


def test_replay_exit_codes(home, tmp_path, capsys):
    from revolt_table.cli import main

    assert main(["replay", "--text"]) == 2
    assert "--last" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json"), "--text"]) == 1
    assert main(["replay", "--last", "--text"]) == 1                     # an empty history
    game = entry("revoltaaa", seed=4)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()))
    assert main(["replay", str(path), "--text"]) == 0
    assert "Final scores" in capsys.readouterr().out
    broken = replace(game, scores=tuple(s + 1 for s in game.scores))
    path.write_text(json.dumps(broken.to_dict()))
    assert main(["replay", str(path), "--text"]) == 1
    assert "Unreplayable" in capsys.readouterr().out
    assert main(["history"]) == 0


def test_replay_without_text_opens_the_review_over_history(home, tmp_path, monkeypatch):
    """FILE without --text: imported, and the window opens at the game's Review, over History with the
    game selected, over the title; no "later version" note any more."""
    from revolt_table.cli import main
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.history import HistoryScene
    from revolt_table.ui.scenes.review import ReviewScene

    game = entry("doudizhu", seed=6)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_dict()))
    seen = {}

    def run(app):
        app.step(1 / 60)
        history = app.scenes[1]
        seen.update(scenes=[type(s) for s in app.scenes[1:]], below=type(app.scenes[0]).__name__,
                    selected=history.selected.id if history.selected else None,
                    reviewed=app.top.entry if isinstance(app.top, ReviewScene) else None,
                    toasts=[t[0] for t in app.toasts])
        app.close()

    monkeypatch.setattr(App, "run", run)
    assert main(["replay", str(path)]) == 0
    assert seen["scenes"] == [HistoryScene, ReviewScene] and seen["below"] == "TitleScene"
    assert seen["selected"] is not None and HistoryStore().load(seen["selected"]).same_game(game)
    assert seen["reviewed"].same_game(game)
    assert not any("later" in toast for toast in seen["toasts"])


@pytest.mark.parametrize("text_size", ["normal", "large"])
def test_the_title_menu_with_history_and_resume_clears_the_tagline(make_app, monkeypatch, text_size):
    from revolt_table.ui.i18n import t
    from revolt_table.ui.scenes.title import TitleScene

    app = make_app((1024, 640))
    app.settings.text_size = text_size
    app.set_language("de")
    app.has_saved_game = lambda: True
    app.push(TitleScene(app))
    frames(app, 1)
    with drawn_texts(monkeypatch) as drawn:
        app.draw()
    tagline = next(rect for text, rect in drawn if text == t("title.tagline"))
    footer = next(rect for text, rect in drawn if text == t("title.hint"))
    buttons = [w for w in app.top.menu.widgets if w.name != "language"]
    assert [b.name for b in buttons] == ["new_game", "resume", "history", "rules", "settings", "quit"]
    assert buttons[0].rect.top > tagline.bottom and buttons[-1].rect.bottom < footer.top
    app.set_language("en")
