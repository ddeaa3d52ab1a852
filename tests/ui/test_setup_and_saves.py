"""New game's summary line and match length, the one save slot (Resume names it, New game asks before
replacing it, `play` never replaces it silently) and Settings' window size, driven with real events."""

from __future__ import annotations

import argparse
import time
from contextlib import contextmanager

import pygame
import pytest

from conftest import click, frames, key
from revolt_table.services import userdata
from revolt_table.engine import load_rules
from revolt_table.services.i18n import LANGUAGES
from revolt_table.ui import draw, i18n
from revolt_table.services.userdata import Settings


@contextmanager
def drawn_texts(monkeypatch):
    """Every text drawn while inside (what is on screen, not what the code meant to draw)."""
    texts: list[str] = []
    real = draw.text

    def text(surface, content, size, color, **kwargs):
        texts.append(content)
        return real(surface, content, size, color, **kwargs)

    monkeypatch.setattr(draw, "text", text)
    yield texts


@pytest.fixture
def bundled_app(home):
    """An App on the bundled games (not the tests' demo folder), AI pace and animations off."""
    from revolt_table.ui.app import App
    from revolt_table.ui.launch import install

    made = []

    def factory(size=(1280, 720), language="en"):
        app = App(size=size, settings=Settings(ai_pace=0.0, animation_speed=0.0, language=language))
        install(app)
        made.append(app)
        return app

    yield factory
    i18n.set_language("en")
    pygame.quit()


def open_new_game(app):
    from revolt_table.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    frames(app)
    click(app, app.top.button("new_game").rect.center)
    return app.top


def click_arrow(app, selector, side: str) -> None:
    """Click a selector's left or right arrow."""
    box = selector.control_rect
    x = box.x + box.height // 2 if side == "left" else box.right - box.height // 2
    click(app, (x, box.centery))


def choose(app, selector, value) -> None:
    """Click the selector's right arrow until it shows `value`."""
    for _ in range(len(selector.options)):
        if selector.value == value:
            return
        click_arrow(app, selector, "right")
    assert selector.value == value


def save_a_match(game="revolte", moves=5, games=4):
    """A saved session of `game` with `moves` moves played (returns the closed session)."""
    from revolt_table.ui.session import Session

    rules = load_rules(game)
    s = Session(rules, ["human"] + ["ai:normal"] * (rules.default_players - 1), ai_pace=0, games=games,
                match_seed=3)
    for _ in range(moves):
        seat = s.state.to_act[0]
        s.apply(seat, s.state.legal_moves(seat)[0])
    s.save()
    s.close()
    return s


# ------------------------------------------------------------------------------ summary and length

SUMMARIES = {
    "en": ("3 players · You against 2 AIs · Single deal",
           "3 players · 2 players at this screen and 1 AI · Single deal",
           "3 players · 2 players at this screen and 1 AI · Match of 2 deals"),
    "pt": ("3 jogadores · Você contra 2 IAs · Distribuição única",
           "3 jogadores · 2 jogadores nesta tela e 1 IA · Distribuição única",
           "3 jogadores · 2 jogadores nesta tela e 1 IA · Partida de 2 distribuições"),
    "zh": ("3 名玩家 · 你对战 2 个电脑玩家 · 单局",
           "3 名玩家 · 本机 2 名玩家和 1 个电脑玩家 · 单局",
           "3 名玩家 · 本机 2 名玩家和 1 个电脑玩家 · 2 局比赛"),
}


@pytest.mark.parametrize("lang", sorted(SUMMARIES))
def test_summary_line_follows_seats_and_length(bundled_app, monkeypatch, lang):
    app = bundled_app(language=lang)
    scene = open_new_game(app)
    choose(app, scene.game_selector, "doudizhu")
    solo, hot_seat, match = SUMMARIES[lang]
    assert scene.length_selector.value == 1                    # Dou Dizhu: a single deal, as Cardavia
    with drawn_texts(monkeypatch) as texts:
        frames(app)
    assert solo in texts
    click_arrow(app, scene.kind_selectors[1], "left")           # Anna: ai:normal -> ai:easy -> human
    click_arrow(app, scene.kind_selectors[1], "left")
    assert scene.setup.seats[1] == "human"
    with drawn_texts(monkeypatch) as texts:
        frames(app)
    assert hot_seat in texts and solo not in texts
    click_arrow(app, scene.length_selector, "right")
    with drawn_texts(monkeypatch) as texts:
        frames(app)
    assert match in texts
    assert app.settings.last_setup.games == 2                   # remembered with the last setup
    key(app, pygame.K_ESCAPE)
    click(app, app.top.button("new_game").rect.center)
    again = app.top
    assert again is not scene and again.length_selector.value == 2 and again.summary() == match


def test_every_language_says_the_summary_in_its_words(bundled_app):
    from revolt_table.ui import matchtext

    seen = set()
    for lang in LANGUAGES:
        i18n.set_language(lang)
        line = matchtext.summary(["human", "ai:easy", "ai:hard"], 1, "deal")
        assert line.count(i18n.t("match.separator")) == 2 and "{" not in line
        seen.add(line)
    assert len(seen) == len(LANGUAGES)
    i18n.set_language("en")
    assert matchtext.summary(["human", "ai:easy"], 3, "game") == "2 players · You against 1 AI · Match of 3 games"
    assert matchtext.summary(["human"] * 3, 1, "game") == "3 players · Everyone at this screen · Single game"
    assert matchtext.summary(["ai:easy"] * 4, 4, "game").startswith("4 players · Only AIs play")


def test_counts_take_each_languages_plural_form():
    assert [i18n.plural_form("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [i18n.plural_form("fr", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [i18n.plural_form("zh", n) for n in (0, 1, 2)] == ["other"] * 3
    assert i18n.t_in("fr", "save.moves.one", n=0) == "0 coup joué"
    i18n.set_language("de")
    try:
        assert i18n.tn("save.moves", 1) == "1 Zug gespielt" and i18n.tn("save.moves", 7) == "7 Züge gespielt"
    finally:
        i18n.set_language("en")


def test_each_game_keeps_its_own_default_length(bundled_app):
    from revolt_table.ui.session import Session

    app = bundled_app()
    scene = open_new_game(app)
    expected = {"doudizhu": 1, "revoltaaa": 4, "revolte": 4, "revolucion": 4}    # one per player: 4 seated
    for game, games in expected.items():
        choose(app, scene.game_selector, game)
        choose(app, scene.players_selector, 3 if game == "doudizhu" else 4)
        assert scene.length_selector.value == games, game
        session = Session.from_setup(scene.result(), ai_pace=0, save=False)
        assert session.match.games == games and session.unit == ("deal" if game == "doudizhu" else "game")
        session.close()
    choose(app, scene.game_selector, "revolte")
    choose(app, scene.players_selector, 5)
    assert scene.length_selector.value == 5                     # the default follows the player count


def test_a_single_deal_ends_at_the_results_after_one_deal(bundled_app):
    from revolt_table.ui.scenes.results import ResultsScene
    from revolt_table.ui.scenes.table import TableScene

    app = bundled_app()
    scene = open_new_game(app)
    choose(app, scene.game_selector, "doudizhu")
    click_arrow(app, scene.kind_selectors[0], "right")          # You: human -> ai:easy (the table plays itself)
    for selector in scene.kind_selectors[1:3]:
        click_arrow(app, selector, "left")                      # ai:normal -> ai:easy
    assert scene.summary() == "3 players · Only AIs play · you watch · Single deal"
    click(app, scene.start_button.rect.center)
    table = app.top
    assert isinstance(table, TableScene) and table.session.match.games == 1
    deadline = time.monotonic() + 120
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the deal did not reach the results"
        frames(app)
    results = app.top
    session = table.session
    assert len(session.match.results) == 1 and session.match.is_over
    assert "next_game" not in [b.name for b in results.buttons]               # no next deal
    assert results.game_columns == []                           # a single deal: no column repeating the total
    assert not userdata.has_saved_game()                        # nothing left to resume


def test_a_match_of_deals_says_next_deal(bundled_app):
    from revolt_table.ui.scenes.results import ResultsScene, match_results
    from revolt_table.ui.session import Session

    app = bundled_app()
    s = Session(load_rules("doudizhu"), ["ai:easy"] * 3, ai_pace=0, save=False, games=3, match_seed=2)
    while not s.state.is_over:
        s.play_ai_now()
    data = match_results(s)
    assert data.columns == ["Deal 1", "Deal 2", "Deal 3"] and data.unit == "deal"
    assert s.progress_label() == "Deal 1 of 3" and s.length_label() == "Match of 3 deals"
    scene = ResultsScene(app, data, on_next_game=lambda: None)
    app.push(scene)
    frames(app)
    assert scene.widget("next_game").text == "Next deal"
    s.close()


# ------------------------------------------------------------------------------ saves

def test_resume_names_the_game_in_every_language(bundled_app, monkeypatch):
    from revolt_table.ui.scenes.title import TitleScene

    s = save_a_match("revolte", moves=5, games=4)
    assert userdata.load_game_record()[0]["match"]["current"] == 1
    expected = {"en": "Révolte! · 4 players · Game 1 of 4", "pt": "Révolte! · 4 jogadores · Jogo 1 de 4",
                "de": "Révolte! · 4 Spieler · Spiel 1 von 4", "zh": "起义！ · 4 名玩家 · 第 1 局，共 4 局"}
    app = bundled_app()
    for lang in LANGUAGES:
        app.set_language(lang)
        app.reset_to(TitleScene(app))
        with drawn_texts(monkeypatch) as texts:
            frames(app)
        detail = app.top.button("resume").detail
        assert detail in texts and "4" in detail and "{" not in detail
        if lang in expected:
            assert detail == expected[lang], lang
    app.set_language("en")
    assert s.describe() == expected["en"]
    save_a_match("doudizhu", moves=0, games=1)
    app.reset_to(TitleScene(app))
    frames(app)
    assert app.top.button("resume").detail == "Dou Dizhu · 3 players · just started"
    save_a_match("doudizhu", moves=1, games=1)
    app.reset_to(TitleScene(app))
    frames(app)
    assert app.top.button("resume").detail == "Dou Dizhu · 3 players · 1 move played"


def test_a_save_that_cannot_be_read_is_said_at_start_and_not_offered(bundled_app):
    from revolt_table.ui.scenes.title import TitleScene

    userdata.save_path().write_text("rules: [unclosed", encoding="utf-8")
    app = bundled_app()
    app.push(TitleScene(app))
    frames(app)
    assert not any(w.name == "resume" for w in app.top.menu.widgets)
    assert not userdata.save_path().exists()
    assert any("Your saved game could not be resumed (it cannot be read at current_game.yaml:" in message
               for message, _ in app.toasts)


def test_new_game_asks_before_replacing_the_saved_game(bundled_app):
    from revolt_table.ui.scenes.confirm import ReplaceSaveScene
    from revolt_table.ui.scenes.newgame import NewGameScene
    from revolt_table.ui.scenes.table import TableScene

    save_a_match("revolte", moves=5, games=4)
    before = userdata.save_path().read_bytes()
    app = bundled_app()
    scene = open_new_game(app)
    choose(app, scene.game_selector, "doudizhu")
    click(app, scene.start_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, ReplaceSaveScene) and dialog.line == "Révolte! · 4 players · Game 1 of 4"
    key(app, pygame.K_RETURN)                                    # the focused answer keeps the save
    assert app.top is scene and userdata.save_path().read_bytes() == before
    click(app, scene.start_button.rect.center)
    key(app, pygame.K_ESCAPE)                                    # Esc keeps it too
    assert app.top is scene and userdata.save_path().read_bytes() == before
    click(app, scene.start_button.rect.center)
    click(app, app.top.replace_button.rect.center)
    assert isinstance(app.top, TableScene) and not isinstance(app.top, NewGameScene)
    record, _ = userdata.load_game_record()
    assert record["rules"] == "doudizhu" and record["match"]["games"] == 1
    app.top.session.close()


def test_new_game_without_a_save_starts_at_once(bundled_app):
    from revolt_table.ui.scenes.table import TableScene

    app = bundled_app()
    scene = open_new_game(app)
    click(app, scene.start_button.rect.center)
    assert isinstance(app.top, TableScene)
    app.top.session.close()


def _play_args(*argv):
    from revolt_table.cli import build_parser
    return build_parser().parse_args(["play", *argv])


def test_play_never_overwrites_a_saved_game(bundled_app, capsys):
    from revolt_table.ui.launch import open_play

    save_a_match("revolte", moves=5, games=4)
    before = userdata.save_path().read_bytes()
    app = bundled_app()
    assert open_play(app, _play_args("doudizhu", "--seats", "ai:easy,ai:easy,ai:easy")) == 0
    session = app.top.session
    session.play_ai_now()
    session.play_ai_now()
    assert userdata.save_path().read_bytes() == before and not session.save_enabled
    assert session.history_enabled                              # finished games still go in the history
    assert "Révolte! · 4 players · Game 1 of 4" in capsys.readouterr().err
    assert any("Your saved game (Révolte! · 4 players · Game 1 of 4) is kept" in t for t, _ in app.toasts)
    session.close()

    assert open_play(app, _play_args("doudizhu", "--no-save")) == 0        # never saves, says nothing
    assert userdata.save_path().read_bytes() == before and capsys.readouterr().err == ""
    app.top.session.close()

    assert open_play(app, _play_args("doudizhu", "--replace-save", "--games", "2")) == 0
    record, _ = userdata.load_game_record()
    assert record["rules"] == "doudizhu" and record["match"]["games"] == 2
    app.top.session.close()


def test_play_save_flags_on_the_command_line(home, capsys):
    from revolt_table.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["play", "doudizhu", "--replace-save", "--no-save"])
    assert exit_.value.code == 2
    assert main(["play", "doudizhu", "--games", "21"]) == 2
    assert "at most 20 games" in capsys.readouterr().err


def test_a_wrong_player_count_is_said_in_the_players_language():
    from revolt_table.ui.launch import _seats

    args = argparse.Namespace(players=4, seats=None)
    with pytest.raises(ValueError, match="Dou Dizhu is played by exactly 3 players, not 4"):
        _seats(args, load_rules("doudizhu"))
    args = argparse.Namespace(players=2, seats=None)
    with pytest.raises(ValueError, match="RevoltaaA is played by 3 to 5 players, not 2"):
        _seats(args, load_rules("revoltaaa"))
    i18n.set_language("de")
    try:
        with pytest.raises(ValueError, match="genau 3 Spielern"):
            _seats(argparse.Namespace(players=4, seats=None), load_rules("doudizhu"))
    finally:
        i18n.set_language("en")


def test_the_match_length_is_checked_in_the_settings_file(home):
    userdata.settings_path().write_text("last_setup: {game_id: doudizhu, games: 3}\n")
    settings, warning = userdata.load_settings()
    assert warning is None and settings.last_setup.games == 3
    userdata.settings_path().write_text("last_setup: {game_id: doudizhu, games: 999}\n")
    settings, warning = userdata.load_settings()
    assert warning and warning.args["fields"] == "last_setup" and settings.last_setup.games == 0


# ------------------------------------------------------------------------------ settings

def test_settings_shows_the_window_size_after_a_resize(bundled_app, monkeypatch):
    from revolt_table.ui.scenes.settings import SettingsScene

    app = bundled_app()
    app.push(SettingsScene(app))
    frames(app)
    row = app.top.widget("window_size")
    assert row.value == (1280, 720)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
    with drawn_texts(monkeypatch) as texts:
        frames(app, 2)
    assert app.size == (1100, 700)
    assert row.value == (1100, 700) and "1100 × 700" in texts
    choose(app, row, (1600, 900))
    frames(app)
    assert app.size == (1600, 900) and row.value == (1600, 900)
    assert app.settings.window_size == (1600, 900)
