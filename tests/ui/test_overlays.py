"""Esc menu over a scene, the hot-seat hand-over screen, and the results skeleton."""

import pygame

from conftest import click, frames, key, scene_names
from revolt_table.ui import theme
from revolt_table.ui.scene import Scene
from revolt_table.ui.scenes.handover import HandoverScene
from revolt_table.ui.scenes.pause import PauseScene
from revolt_table.ui.scenes.results import ResultRow, ResultsData, ResultsScene
from tests.ui.pixels import count_near


class FakeTable(Scene):
    """Stands in for the table: draws face-up cards and opens the Esc menu."""

    def on_resize(self, size):
        self.cards = [pygame.Rect(100 + i * 90, size[1] - 200, 80, 120) for i in range(8)]

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(PauseScene(self.app, game_id="demo"))
            return True
        return False

    def draw(self, surface):
        surface.fill(theme.FELT)
        for rect in self.cards:
            pygame.draw.rect(surface, theme.CARD_FACE, rect, border_radius=6)
            pygame.draw.rect(surface, theme.CARD_BACK, rect.inflate(-30, -60))


def _card_pixels(surface, tolerance=10):
    """Count pixels within `tolerance` of a card-face or card-back colour."""
    targets = (theme.CARD_FACE, theme.CARD_BACK, theme.CARD_BACK_LIGHT)
    return sum(count_near(surface, color, tolerance) for color in targets)


def test_esc_menu_opens_and_closes(app):
    app.push(FakeTable(app))
    frames(app)
    key(app, pygame.K_ESCAPE)
    assert scene_names(app) == ["FakeTable", "PauseScene"]
    # the table still shows under the veil, dimmed: a card outside the menu panel is darker, not gone
    frames(app, 3)
    card = app.scenes[0].cards[0].move(10, 10).topleft
    r, g, b, _ = app.screen.get_at(card)
    assert 40 < r < theme.CARD_FACE[0] - 60 and abs(r - g) < 20
    key(app, pygame.K_ESCAPE)
    assert scene_names(app) == ["FakeTable"]
    key(app, pygame.K_ESCAPE)
    click(app, app.top.button("resume").rect.center)
    assert scene_names(app) == ["FakeTable"]


def test_esc_menu_rules_settings_and_quit(app):
    app.push(FakeTable(app))
    key(app, pygame.K_ESCAPE)
    click(app, app.top.button("rules").rect.center)
    assert scene_names(app) == ["FakeTable", "PauseScene", "RulesPageScene"]
    key(app, pygame.K_ESCAPE)
    click(app, app.top.button("settings").rect.center)
    assert scene_names(app)[-1] == "SettingsScene"
    key(app, pygame.K_ESCAPE)
    quits = []
    app.top.on_quit = lambda: quits.append(1)
    click(app, app.top.button("quit").rect.center)
    assert scene_names(app) == ["TitleScene"] and quits == [1]


def test_handover_hides_every_card(app):
    app.push(FakeTable(app))
    frames(app)
    assert _card_pixels(app.screen) > 1000          # the fake table does show cards
    confirmed = []
    app.push(HandoverScene(app, "Anna", on_confirm=lambda: confirmed.append(1)))
    frames(app)
    assert _card_pixels(app.screen) == 0
    key(app, pygame.K_RETURN)                       # too soon: armed only after a moment
    assert scene_names(app)[-1] == "HandoverScene"
    frames(app, 30)
    assert _card_pixels(app.screen) == 0
    key(app, pygame.K_SPACE)
    assert scene_names(app) == ["FakeTable"] and confirmed == [1]


def test_handover_confirm_by_click(app):
    app.push(FakeTable(app))
    app.push(HandoverScene(app, "Ben"))
    frames(app, 30)
    click(app, (10, 10))
    assert scene_names(app) == ["FakeTable"]


def test_results_buttons_call_back(app):
    calls = []
    data = ResultsData(["Game 1"], [ResultRow("Anna", [3], 3), ResultRow("Ben", [5], 5)])
    app.push(ResultsScene(app, data, on_play_again=lambda: calls.append("again"),
                          on_next_game=lambda: calls.append("next")))
    frames(app)
    assert app.top.winners == {1}
    key(app, pygame.K_RETURN)                       # Next game is focused
    click(app, app.top.widget("play_again").rect.center)
    assert calls == ["next", "again"]
    click(app, app.top.widget("title").rect.center)
    assert scene_names(app) == ["TitleScene"]
