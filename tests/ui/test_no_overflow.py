"""Long words (German!) never overflow: every scene outside the card tables, in every shipped language, at
1024x640 and in both text sizes. A text fails when it does not fit its button, selector, panel or line
even at the smallest size fit_text may shrink it to (11 px, the floor at 1024x640), when it leaves the
window, or when a rules page line is wider than its panel.

Texts are caught where every scene draws them (draw.text, draw.fit_text) and in the pre-rendered pages
of the rules tabs, so the test checks what is on screen, not what the code meant to draw.
"""

from __future__ import annotations

from contextlib import contextmanager

import pygame
import pytest

from conftest import frames
from revolt_table.services.i18n import LANGUAGES
from revolt_table.ui import draw, i18n
from revolt_table.ui.catalog import load_catalog
from revolt_table.ui.fonts import font
from revolt_table.ui.scene import Scene
from revolt_table.ui.scenes.about import AboutScene
from revolt_table.ui.scenes.newgame import NewGameScene
from revolt_table.ui.scenes.pause import PauseScene
from revolt_table.ui.scenes.results import ResultRow, ResultsData, ResultsScene
from revolt_table.ui.scenes.rules import FULL, TABLE, RulesPageScene, RulesScene
from revolt_table.ui.scenes.settings import SettingsScene
from revolt_table.ui.scenes.title import TitleScene

SIZE = (1024, 640)
MIN_PX = 11


@contextmanager
def recorded(monkeypatch):
    """Every text drawn while inside: [(content, size, rect)] and the fit_text calls that failed."""
    texts: list[tuple[str, int, pygame.Rect]] = []
    squeezed: list[str] = []
    real_text, real_fit = draw.text, draw.fit_text

    def text(surface, content, size, color, **kwargs):
        rect = real_text(surface, content, size, color, **kwargs)
        texts.append((content, size, rect))
        return rect

    def fit_text(content, size, max_width, bold=False):
        fitted = real_fit(content, size, max_width, bold)
        width = font(fitted, bold).size(content)[0]
        if width > max_width or fitted < min(MIN_PX, size):
            squeezed.append(f"{content!r}: {width} px wide at {fitted} px for {max_width} px")
        return fitted

    monkeypatch.setattr(draw, "text", text)
    monkeypatch.setattr(draw, "fit_text", fit_text)
    yield texts, squeezed


def _results(app):
    names = [i18n.t(f"setup.default_name_{i + 1}") for i in range(6)]
    columns = [i18n.t("table.results.game", n=n) for n in (1, 2, 3)]
    rows = [ResultRow(name, [i, i + 1, None], 2 * i + 1) for i, name in enumerate(names)]
    data = ResultsData(columns, rows, subtitle=i18n.t("table.results.subtitle_no_centre", colour=
                       i18n.t("majority.colour.revoltaaa.red"), n=2, total=3),
                       footnote=i18n.t("table.results.beaten_note", score=4))
    from tests.history_helpers import entry
    return ResultsScene(app, data, on_play_again=lambda: None, on_next_game=lambda: None,
                        review=entry("doudizhu", seed=2))     # five buttons in a row


def _newgame(app):
    scene = NewGameScene(app)
    revolucion = next((g for g in scene.games if g.id == "revolucion"), None)
    if revolucion is not None:
        scene._set_game("revolucion")
        scene._set_players(6)
    return scene


def _newgame_match(app):
    """Dou Dizhu at one screen with the longest match offered: the summary line at its longest."""
    scene = NewGameScene(app)
    if any(g.id == "doudizhu" for g in scene.games):
        scene._set_game("doudizhu")
        scene._set_kind(1, "human")
        scene._set_length(10)
    return scene


def _long_save() -> None:
    """A saved game whose name is as long as they come: a variant, six players, the match's last game."""
    from revolt_table.services import userdata

    players = 6
    userdata.save_game_record({
        "rules": "revolucion", "variant": "home_ground", "players": players, "seed": 1, "start_seat": 0,
        "moves": [], "seats": ["human"] * players, "names": [f"P{i}" for i in range(players)],
        "match": {"seed": 1, "games": 20, "current": 20, "results": [[0] * players] * 19, "notes": []}})


def _title_with_save(app):
    _long_save()
    return TitleScene(app)


def _replace_save(app):
    from revolt_table.ui.scenes.confirm import ReplaceSaveScene

    _long_save()
    app.reset_to(Scene(app))
    return ReplaceSaveScene(app, on_replace=lambda: None)


def _results_single(app):
    names = [i18n.t(f"setup.default_name_{i + 1}") for i in range(3)]
    rows = [ResultRow(name, [i - 1], i - 1, detail=["x", str(i), str(i - 1)]) for i, name in enumerate(names)]
    data = ResultsData([i18n.t("match.heading.deal", n=1)], rows, detail_title=i18n.t("match.heading.deal", n=1),
                       detail_columns=["a", "b", "c"], unit="deal")
    return ResultsScene(app, data, on_play_again=lambda: None, on_next_game=lambda: None)


def _rules_page(game_id, tab):
    def make(app):
        game = next(g for g in load_catalog() if g.id == game_id)
        page = RulesPageScene(app, game)
        page.select_tab(tab)
        return page
    return make


def _history_scene(app):
    """History over a sample history (six long names, a variant, a game that no longer replays, selected
    so its reason shows), read before it is drawn."""
    from revolt_table.records.store import HistoryStore
    from revolt_table.ui.scenes.history import HistoryScene
    from tests.history_helpers import sample_history

    store = HistoryStore()
    if not store.summaries():
        sample_history(store)
    scene = HistoryScene(app, select="gone-1")
    scene.wait_loaded()
    return scene


def _statistics_scene(app):
    from revolt_table.ui.scenes.statistics import StatisticsScene

    _history_scene(app)
    scene = StatisticsScene(app, game="doudizhu", player="You")
    scene.wait_loaded()
    return scene


def _export_dialog(app):
    """The export question with a long path and the longest error under it."""
    from revolt_table.ui.scenes.dialog import Dialog

    path = ("/home/maximilian-grossmann/Dokumente/Kartenspiele mit der Familie/Weihnachten 2026/"
            "revolt-table-revolucion-20260301-2000.json")          # long enough to need two lines and more
    dialog = Dialog(app, i18n.t("history.screen.export_title"),
                    i18n.t("history.screen.export_prompt", game="Revolución", date="2026-03-01 20:00"),
                    ok=i18n.t("history.screen.export_ok"), on_ok=lambda text: None, field=path)
    dialog.error = i18n.t("history.screen.export_failed", file=path, reason="Permission denied")
    return dialog


def _review_scene(app):
    """Review of the six-seat Revolución game with long names, at a move of the first human seat, with
    an analysis (made up: its texts are what matters here) shown beside it, and one at the deal."""
    from revolt_table.ai.analysis import Analysis, Estimate
    from revolt_table.records.store import HistoryStore
    from revolt_table.ui.scenes.review import ReviewScene

    store = HistoryStore()
    if not store.summaries():
        from tests.history_helpers import sample_history
        sample_history(store)
    game = store.load(max(store.summaries(), key=lambda s: s.players).id)
    scene = ReviewScene(app, game, use_process=False)
    step, decision = max(scene.model.decisions.items())
    options = tuple(Estimate(m, 0.9 - 0.1 * i, 480) for i, m in enumerate(decision.legal[:8]))
    scene.runner.results[step] = Analysis(decision.seat, decision.played, options[0].move,
                                          options, len(decision.legal), 12, 2.0)
    scene.runner.started = True
    scene.go(step)
    return scene


SCENES = {"history": _history_scene, "review": _review_scene, "statistics": _statistics_scene,
          "history_export": _export_dialog,
          "title": TitleScene, "settings": SettingsScene, "about": AboutScene, "rules": RulesScene, "newgame": _newgame,
          "newgame_match": _newgame_match, "title_with_save": _title_with_save, "replace_save": _replace_save,
          "results": _results, "results_single": _results_single, "pause": lambda app: PauseScene(app, "doudizhu")}
for _game in ("doudizhu", "revoltaaa", "revolte", "revolucion"):
    for _tab in (TABLE, FULL):
        SCENES[f"rules_{_game}_{_tab}"] = _rules_page(_game, _tab)


def _page_lines_fit(scene) -> list[str]:
    """A rules page's pre-rendered lines all lie inside its panel."""
    problems = []
    for panel in (getattr(scene, "text", None), getattr(scene, "table", None)):
        if panel is None or not hasattr(panel, "_rendered"):
            continue
        for x, _, image in panel._rendered:
            if x + image.get_width() > panel.rect.width:
                problems.append(f"a rules line {x + image.get_width()} px wide in a {panel.rect.width} px panel")
    return problems


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_scene_fits_at_1024x640(make_app, monkeypatch, lang, text_size):
    app = make_app(SIZE)
    app.settings.text_size = text_size
    app.set_language(lang)
    problems = []
    try:
        for name, make in SCENES.items():
            if name == "pause":
                app.reset_to(Scene(app))          # an overlay over nothing: only its own texts are drawn
            with recorded(monkeypatch) as (texts, squeezed):
                scene = make(app)
                app.push(scene)
                frames(app, 2)
            window = pygame.Rect((0, 0), SIZE)
            problems += [f"{name}: does not fit: {s}" for s in squeezed]
            problems += [f"{name}: {content!r} leaves the window at {rect}" for content, _, rect in texts
                         if content.strip() and not window.contains(rect)]
            widgets = [w for w in getattr(scene, "group", getattr(scene, "menu", None)).widgets if w.visible]
            for content, _, rect in texts:
                owner = next((w for w in widgets if w.rect.collidepoint(rect.center)), None)
                if owner is not None and content.strip() and not owner.rect.inflate(2, 2).contains(rect):
                    problems.append(f"{name}: {content!r} spills out of its {type(owner).__name__} "
                                    f"({rect} in {owner.rect})")
            problems += [f"{name}: {p}" for p in _page_lines_fit(scene)]
            app.pop()
    finally:
        i18n.set_language("en")
    assert not problems, f"{lang}, {text_size} text:\n" + "\n".join(problems)


@pytest.mark.parametrize("text_size", ["normal", "large"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_description_is_shown_whole(make_app, lang, text_size):
    """New game's line under the game (its summary or its variant's description) is wrapped, never cut
    with an ellipsis, for every game and variant (German and French summaries used to lose their end)."""
    app = make_app(SIZE)
    app.settings.text_size = text_size
    app.set_language(lang)
    scene = NewGameScene(app)
    app.push(scene)
    cut = []
    try:
        for game in scene.games:
            while scene.game_selector.value != game.id:
                scene.game_selector.adjust(1)
            variants = []
            while scene.variant_selector.value not in variants:
                variants.append(scene.variant_selector.value)
                lines, size = scene._note_lines()
                assert size >= MIN_PX and len(lines) <= 2
                cut += [f"{game.id}/{variants[-1]}: {line!r}" for line in lines if line.endswith("…")]
                scene.variant_selector.adjust(1)
    finally:
        i18n.set_language("en")
    assert not cut, f"{lang}, {text_size} text:\n" + "\n".join(cut)
