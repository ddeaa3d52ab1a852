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
