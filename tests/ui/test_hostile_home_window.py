"""`python -m revolt_table` with a home whose every file is hostile (issue 28): the settings, the save,
the history and the player's rules folder all from the project's hostile corpora (tests/data/hostile_home,
tests/data/hostile), plus what a killed writer leaves. The program starts, says what it set aside, and
plays: in this process with real events, and as the installed command in a process of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame

from conftest import click, frames, key
from revolt_table.services import userdata

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "hostile_home"
RULES = ROOT / "tests" / "data" / "hostile"
SETTINGS = ('volume: 40\ngrain: .nan\ncontrast: !!int 3\nai_pace: 1234567890123456789\n'
            'last_setup: {game_id: revolte, players: 4, names: ["\\u200b", "\\ufe0f", Ben, Cleo]}\n')


BROKEN_RULES = ("04_alias_bomb_9_9.yaml", "41_number_5000_digits.yaml", "58_control_bell.yaml",
                "86_control_escaped.yaml")


def make_hostile_home(home: Path) -> None:
    """Every file of the home hostile: settings with four bad values (and a good one), a save whose moves
    do not fit, the history corpus, rules files from the rules corpus, and a killed writer's leftovers."""
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.yaml").write_text(SETTINGS, encoding="utf-8")
    (home / "config" / ".settings.yaml.k1ll3d.tmp").write_text("volume: 1")
    data = home / "data"
    shutil.copytree(CORPUS / "history", data / "history")
    shutil.copyfile(CORPUS / "saves" / "illegal_moves.yaml", data / "current_game.yaml")
    (data / ".current_game.yaml.k1ll3d.tmp").write_text("rules: rev")
    rules = data / "rules"
    rules.mkdir()
    for name in BROKEN_RULES:
        shutil.copyfile(RULES / name, rules / name)


def said(app) -> str:
    return " | ".join(message for message, _ in app.toasts)


def test_a_hostile_home_starts_says_what_it_set_aside_and_plays(home, monkeypatch):
    from revolt_table.ui import launch
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.history import HistoryScene
    from revolt_table.ui.scenes.title import TitleScene

    monkeypatch.setenv("REVOLT_TABLE_AI_PACE", "0")
    monkeypatch.setenv("REVOLT_TABLE_ANIMATION", "0")
    make_hostile_home(home)
    app = App(size=(1280, 720))
    launch._apply_env(app.settings)
    launch.install(app)
    app.push(TitleScene(app))
    frames(app, 2)
    text = said(app)
    assert ("Some settings could not be used and are back to their defaults: ai_pace, contrast, grain. Your other "
            "settings are kept; the file as it was is kept as settings.yaml.corrupt-") in text
    assert "Your saved game could not be resumed (move 1 (R9) is not allowed); the file as it was is kept as " in text
    assert app.settings.volume == 40 and not any(w.name == "resume" for w in app.top.menu.widgets)
    assert not list((home / "data").glob(".*.tmp")) and not list((home / "config").glob(".*.tmp"))
    pygame.image.save(app.screen, str(home / "title.png"))

    click(app, app.top.button("history").rect.center)          # History: the games that are games
    history = app.top
    assert isinstance(history, HistoryScene)
    history.wait_loaded()
    frames(app, 2)
    assert {s.id for s in history.entries} == {"good-game", "forged-scores", "illegal-moves"}
    assert {history.reasons[i].code for i in ("forged-scores", "illegal-moves")} == {
        "history.unreplayable.scores", "history.unreplayable.move"}
    text = said(app)
    assert " files in the history folder could not be read and were set aside: " in text
    for name in ("not_json.json", "wrong_shape.json", "bidi_name.json", "binary.json", "nesting_5000.json"):
        assert name in text
    assert "comes from a newer version of Revolt Table and was left as it is" in text
    key(app, pygame.K_ESCAPE)

    click(app, app.top.button("new_game").rect.center)         # and plays: the broken rules files are listed
    scene = app.top
    assert [g.name for g in scene.games if g.broken] == list(BROKEN_RULES)
    click(app, scene.widget("start").rect.center)
    frames(app, 5)
    table = app.top
    assert type(table).__name__ == "TableScene" and table.session.rules.id == "revolte"
    assert table.session.names[:2] == ["You", "Anna"]          # the invisible names are the seats' defaults
    session = table.session
    for _ in range(8):
        seat = session.state.to_act[0]
        session.apply(seat, session.state.legal_moves(seat)[0])
        frames(app, 2)
    saved, message = userdata.load_game_record()
    assert message is None and saved["rules"] == "revolte" and len(saved["moves"]) >= 8     # the AIs play too
    session.close()


def run(args: list[str], home: Path, **env: str) -> subprocess.CompletedProcess:
    environ = {**os.environ, "REVOLT_TABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "REVOLT_TABLE_AI_PACE": "0", "REVOLT_TABLE_ANIMATION": "0", **env}
    return subprocess.run([sys.executable, "-m", "revolt_table", *args], cwd=ROOT, env=environ,
                          capture_output=True, text=True, timeout=600)


def test_the_command_starts_on_a_hostile_home_and_plays_a_game_to_its_end(home):
    make_hostile_home(home)
    first = run([], home, REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME="1")
    assert first.returncode == 0 and "REVOLT_TABLE_FIRST_FRAME" in first.stdout, first.stderr
    assert "Traceback" not in first.stderr
    assert list((home / "config").glob("settings.yaml.corrupt-*"))
    assert not (home / "data" / "current_game.yaml").exists()
    played = run(["play", "revoltaaa", "--seats", "ai:normal,ai:normal,ai:normal", "--games", "1", "--autoquit"], home)
    assert played.returncode == 0 and "Traceback" not in played.stderr, played.stderr
    from revolt_table.records.store import HistoryStore

    assert len(HistoryStore(home / "data" / "history").summaries()) == 4    # the three, and the one just played
