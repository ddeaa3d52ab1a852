"""Nothing a player made is lost, replaced without a question, or a crash (issue 28), in the window:
History's Replay this deal asks before replacing the saved game; Export with an impossible file name
says why; Import refuses a game that does not replay and asks before the full history drops a game;
player names made of invisible characters. Headless, with real pygame events."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from conftest import click, frames, key
from revolt_table.records.history import read_entry_file
from revolt_table.records.store import HistoryStore
from revolt_table.services import i18n
from tests.history_helpers import entry
from tests.ui.test_history_screens import open_history


def dialog_enter(app, text: str) -> None:
    app.top.field.text = text
    key(app, pygame.K_RETURN)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_export_to_a_file_name_over_255_bytes_says_why_and_keeps_the_dialog(app, tmp_path, lang):
    from revolt_table.ui.scenes.dialog import MAX_PATH, Dialog

    HistoryStore().add(entry("doudizhu", seed=3))
    app.set_language(lang)
    history = open_history(app)
    tmp_path = tmp_path / "exports"
    tmp_path.mkdir()
    name = "中" * 90 + ".json"                                 # 275 bytes: the field takes 400 characters
    assert len(str(tmp_path / name)) <= MAX_PATH
    for typed in (tmp_path / name, tmp_path / ("中" * 90) / "game.json"):
        click(app, history.widget("export").rect.center)
        assert isinstance(app.top, Dialog)
        dialog_enter(app, str(typed))
        assert isinstance(app.top, Dialog)                     # still asking, nothing crashed
        assert app.top.error.endswith(i18n.t("files.os.name_too_long"))
        key(app, pygame.K_ESCAPE)
    assert app.top is history and list(tmp_path.iterdir()) == []
    # a name of 250 bytes is a good name: its temporary file must not be longer than the system allows
    click(app, history.widget("export").rect.center)
    target = tmp_path / ("é" * 120 + ".json")
    dialog_enter(app, str(target))
    assert app.top is history and read_entry_file(target).game == "doudizhu"
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


# ------------------------------------------------------------------------------------------ replay this deal

def test_replay_this_deal_asks_before_replacing_the_saved_game(app):
    from revolt_table.services import userdata
    from revolt_table.ui.scenes.confirm import ReplaceSaveScene
    from revolt_table.ui.scenes.table import TableScene

    HistoryStore().add(entry("revolte", seed=3))
    saved = {"rules": "revoltaaa", "variant": "", "players": 3, "seed": 5, "start_seat": 0, "moves": [],
             "seats": ["human", "ai:normal", "ai:normal"], "names": ["You", "Anna", "Ben"],
             "match": {"seed": 5, "games": 3, "results": [], "notes": []}}
    userdata.save_game_record(saved)
    before = userdata.save_path().read_bytes()
    app.settings.ai_pace = 60.0
    history = open_history(app)
    click(app, history.widget("replay").rect.center)
    asking = app.top
    assert isinstance(asking, ReplaceSaveScene) and asking.line.startswith("RevoltaaA · 3 players")
    assert userdata.save_path().read_bytes() == before          # nothing replaced while it asks
    key(app, pygame.K_ESCAPE)                                   # Esc keeps the saved game
    assert app.top is history and userdata.save_path().read_bytes() == before
    click(app, history.widget("replay").rect.center)
    click(app, app.top.keep_button.rect.center)
    assert app.top is history and userdata.save_path().read_bytes() == before
    click(app, history.widget("replay").rect.center)
    click(app, app.top.replace_button.rect.center)              # the answer that replaces it
    assert isinstance(app.top, TableScene)
    assert userdata.load_game_record()[0]["rules"] == "revolte"
    app.top.session.close()


def test_replay_this_deal_without_a_saved_game_starts_at_once(app):
    from revolt_table.services import userdata
    from revolt_table.ui.scenes.table import TableScene

    HistoryStore().add(entry("revolte", seed=3))
    app.settings.ai_pace = 60.0
    history = open_history(app)
    click(app, history.widget("replay").rect.center)
    assert isinstance(app.top, TableScene) and userdata.load_game_record()[0]["rules"] == "revolte"
    app.top.session.close()


# ------------------------------------------------------------------------------------------ invisible names

def real_app(size=(1280, 720)):
    """An App on the player's folders with the table plugged in (as `revolt-table` starts), at the title."""
    from revolt_table.ui import launch
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.title import TitleScene

    app = App(size=size)
    app.settings.ai_pace, app.settings.animation_speed = 0.0, 0.0
    launch.install(app)
    app.push(TitleScene(app))
    frames(app, 2)
    return app


def start_from_new_game(app):
    from revolt_table.ui.scenes.table import TableScene

    click(app, app.top.button("new_game").rect.center)
    click(app, app.top.widget("start").rect.center)
    if type(app.top).__name__ == "ReplaceSaveScene":
        click(app, app.top.replace_button.rect.center)
    frames(app, 5)
    assert isinstance(app.top, TableScene)
    return app.top


def test_a_name_of_invisible_characters_typed_in_new_game_is_the_seats_default(fast_table):
    """Issue 28: U+FE0F or U+034F typed as a name crashed Start ("Text has zero width"), and since the name
    is remembered, New game crashed at every start after."""
    app = real_app()
    click(app, app.top.button("new_game").rect.center)
    scene = app.top
    field = scene.widget("name1")
    click(app, field.rect.center)
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="\ufe0f\u034f"))
    frames(app, 2)                                              # the field draws it: nothing to see, no crash
    assert field.text == "\ufe0f\u034f"
    click(app, scene.widget("start").rect.center)
    frames(app, 5)
    table = app.top
    assert type(table).__name__ == "TableScene" and table.session.names[0] == "You"
    frames(app, 30)
    table.session.close()
    pygame.quit()
    app = real_app()                                            # a restart: the remembered setup starts too
    table = start_from_new_game(app)
    assert table.session.names[0] == "You"
    frames(app, 30)
    table.session.close()


@pytest.mark.parametrize("written, reset", [('"\\u200b"', False), ('"\\u202e"', True), ('"\\u202eAnna"', True),
                                            ('" \\u200b\\ufe0f "', False)])
def test_a_name_of_invisible_characters_in_settings_never_crashes_start(fast_table, written, reset):
    from revolt_table.services import userdata

    userdata.settings_path().write_text(
        f"volume: 33\nlast_setup: {{game_id: revolte, players: 4, names: [{written}, Anna, Ben, Clara]}}\n",
        encoding="utf-8")
    app = real_app()
    assert app.settings.volume == 33
    said = " | ".join(message for message, _ in app.toasts)
    assert ("Some settings could not be used and are back to their defaults: last_setup." in said) == reset
    table = start_from_new_game(app)
    assert table.session.names[0] == "You"
    assert table.session.rules.id == ("revoltaaa" if reset else "revolte")
    frames(app, 30)
    table.session.close()


# ------------------------------------------------------------------------------------------ two windows

def hold_folders(home) -> subprocess.Popen:
    """Another process of the program holding the folders of `home` (as a first window does)."""

    code = ("import sys, time\n"
            "from revolt_table.services import instance, userdata\n"
            "assert instance.acquire(userdata.data_dir())\n"
            "print('held', flush=True)\n"
            "sys.stdin.read()\n")
    other = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, env={**os.environ, "REVOLT_TABLE_HOME": str(home)},
                             cwd=str(Path(__file__).resolve().parents[2]))
    assert other.stdout.readline().strip() == "held"
    return other


def test_a_second_window_on_the_same_folders_says_so_and_saves_nothing(fast_table):
    """Issue 28: two instances on one home each wrote the save; the last writer's game won silently."""
    from revolt_table.services import userdata

    saved = {"rules": "revoltaaa", "variant": "", "players": 3, "seed": 5, "start_seat": 0, "moves": [],
             "seats": ["human", "ai:normal", "ai:normal"], "names": ["You", "Anna", "Ben"],
             "match": {"seed": 5, "games": 3, "results": [], "notes": []}}
    userdata.save_game_record(saved)
    userdata.save_settings(userdata.Settings(volume=21))
    before = userdata.save_path().read_bytes(), userdata.settings_path().read_bytes()
    first = hold_folders(fast_table)
    try:
        app = real_app()
        assert ("Revolt Table is already open with the same folders: this window does not save your settings "
                "or games. Close the other window to save.") in [message for message, _ in app.toasts]
        assert not app.saves_games
        app.set_language("de")                                  # a change of settings: not written
        app.set_language("en")
        table = start_from_new_game(app)                        # no question: nothing would be replaced
        session = table.session
        assert not session.save_enabled
        seat = session.humans[0]
        while seat not in session.state.to_act:
            session.play_ai_now()
        session.apply(seat, session.state.legal_moves(seat)[0])
        frames(app, 5)
        assert (userdata.save_path().read_bytes(), userdata.settings_path().read_bytes()) == before
        session.close()
    finally:
        first.stdin.close()
        first.wait(10)


def test_the_first_window_saves_and_clears_what_a_killed_writer_left(fast_table):
    from revolt_table.services import userdata

    config, data = userdata.config_dir(), userdata.data_dir()
    left = [config / ".settings.yaml.abc123.tmp", data / ".current_game.yaml.x9y8z7.tmp", data / ".write-probe-q1"]
    for path in left:
        path.write_text("half a file")
    (data / "mine.tmp").write_text("the player's")              # not ours: stays
    app = real_app()
    assert app.saves_games and not any(path.exists() for path in left)
    assert (data / "mine.tmp").exists()
    table = start_from_new_game(app)
    assert table.session.save_enabled and userdata.save_path().exists()
    table.session.close()


def test_a_session_never_overwrites_a_save_another_window_wrote(fast_table):
    """Where locking is not available, the session compares before writing: another writer's save stays,
    this table stops saving and says so once."""
    from revolt_table.services import userdata
    from revolt_table.ui.session import Session
    from revolt_table.engine import load_rules

    session = Session(load_rules("revolte"), ["ai:normal"] * 4, None, match_seed=3, ai_pace=0.0)
    session.save()
    other = Session(load_rules("revoltaaa"), ["ai:normal"] * 3, None, match_seed=4, ai_pace=0.0)
    other.save()                                                # the other window's first write
    theirs = userdata.save_path().read_bytes()
    seat = session.state.to_act[0]
    session.apply(seat, session.state.legal_moves(seat)[0])
    assert userdata.save_path().read_bytes() == theirs and not session.save_enabled
    assert session.take_save_notice() == ("Another Revolt Table window saved a game here in the meantime; this "
                                          "table is no longer saved, so that game is not overwritten.")
    assert session.take_save_notice() is None
    session.close(), other.close()


# ------------------------------------------------------------------------------------------ import

def test_import_refuses_a_forged_game_in_one_sentence(app, tmp_path):
    from dataclasses import replace

    from revolt_table.records.history import dump_entry
    from revolt_table.ui.scenes.dialog import Dialog

    real = entry("revolte", seed=4)
    path = tmp_path / "forged.json"
    path.write_text(dump_entry(replace(real, scores=tuple(s + 9 for s in real.scores))))
    history = open_history(app)
    click(app, history.widget("import").rect.center)
    dialog_enter(app, str(path))
    assert isinstance(app.top, Dialog)
    assert app.top.error == (f"{path} is not imported: its game does not replay to the result it states (the "
                             "moves now end with other scores).")
    key(app, pygame.K_ESCAPE)
    history.wait_loaded()
    assert history.entries == [] and HistoryStore().summaries() == []


def test_import_into_a_full_history_names_the_game_it_would_delete_and_no_keeps_it(app, tmp_path):
    from revolt_table.records.history import dump_entry
    from revolt_table.ui.scenes.dialog import Dialog

    store = HistoryStore()
    oldest = store.add(entry("doudizhu", seed=3, minutes=0))
    store.add(entry("doudizhu", seed=4, minutes=5))
    path = tmp_path / "new.json"
    path.write_text(dump_entry(entry("revolte", seed=5)))
    history = open_history(app)
    history.store.limit = 2                                    # a full history, two games for the test
    click(app, history.widget("import").rect.center)
    dialog_enter(app, str(path))
    asking = app.top
    assert isinstance(asking, Dialog) and asking.danger and asking.title == "The history is full"
    assert asking.message == ("The history keeps 2 games. Importing this one deletes the oldest saved, "
                              "Dou Dizhu of 2026-03-01 20:00, for good.")
    key(app, pygame.K_ESCAPE)                                  # No: nothing is deleted, nothing added
    assert app.top is history
    ids = {s.id for s in store.summaries()}
    assert oldest.id in ids and len(ids) == 2
    click(app, history.widget("import").rect.center)
    dialog_enter(app, str(path))
    click(app, app.top.ok_button.rect.center)                  # Yes: imported, the oldest goes
    assert app.top is history
    history.wait_loaded()
    assert oldest.id not in {s.id for s in store.summaries()} and len(store.summaries()) == 2
    assert history.selected.game == "revolte"
