"""Nothing a player made is lost, replaced without a question, or a crash (issue 28), in the window:
History's Replay this deal asks before replacing the saved game; Export with an impossible file name
says why; Import refuses a game that does not replay and asks before the full history drops a game;
player names made of invisible characters. Headless, with real pygame events."""

from __future__ import annotations

import pygame
import pytest

from conftest import click, frames, key
from revolt_table.records.history import read_entry_file
from revolt_table.records.store import HistoryStore
from revolt_table.services import i18n
from tests.history_helpers import entry


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
