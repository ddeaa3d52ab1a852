"""The rules at the table (issue 10): F1 opens the game's rules on the Table tab, the Esc menu has Rules,
and coming back finds the table exactly as it was (nothing moved meanwhile). Real key presses."""

from __future__ import annotations

import pygame
import pytest

from table_helpers import click_at, open_table, press_key, run_frames


def snapshot(scene):
    """Where the game is, what the table shows, and the table's clock in frames."""
    return (len(scene.session.state.history), scene.model.key,
            [sp.card for sp in scene.model.zones[f"hand:{scene.viewer}"].sprites], round(scene.time * 60))


def your_turn(app, scene) -> None:
    """Frames until the viewer may act in a settled position (nothing pending that would move)."""
    for _ in range(600):
        if scene.may_act(scene.viewer) and scene.queue.idle and not scene._dirty:
            break
        run_frames(app)
    run_frames(app, 2)
    assert scene.may_act(scene.viewer)


def back_at_the_table(app, scene, before) -> None:
    """The table is on top again, where it was: its clock ran only the frame that came back (the AI
    seats, which may play in the same round as the viewer, go on from there)."""
    assert app.top is scene
    assert snapshot(scene)[3] - before[3] == 1
    assert scene.may_act(scene.viewer) or len(scene.session.state.history) > before[0]


@pytest.mark.parametrize("game", ["revoltaaa", "doudizhu", "revolte", "revolucion"])
def test_f1_opens_the_rules_table_tab_and_back_resumes(fast_table, game):
    app, scene = open_table(game, ["human", "ai:normal", "ai:normal"], frames=10)
    your_turn(app, scene)
    before = snapshot(scene)
    press_key(app, pygame.K_F1)
    run_frames(app, 30)                                 # the table below waits (only the top scene runs)
    page = app.top
    assert type(page).__name__ == "RulesPageScene"
    assert page.game.id == game and page.tab == "table" and page.reference
    assert snapshot(scene) == before                     # nothing moved under the rules
    press_key(app, pygame.K_ESCAPE)
    back_at_the_table(app, scene, before)


def test_esc_menu_rules_and_back_to_the_table(fast_table):
    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal", "ai:normal"], frames=10)
    your_turn(app, scene)
    before = snapshot(scene)
    press_key(app, pygame.K_ESCAPE)
    menu = app.top
    assert type(menu).__name__ == "PauseScene"
    run_frames(app)
    click_at(app, menu.button("rules").rect.center)
    run_frames(app)
    assert type(app.top).__name__ == "RulesPageScene" and app.top.game.id == "revoltaaa"
    run_frames(app, 30)
    assert snapshot(scene) == before
    press_key(app, pygame.K_ESCAPE)
    assert app.top is menu
    press_key(app, pygame.K_ESCAPE)
    back_at_the_table(app, scene, before)


def test_f1_over_the_tips_keeps_them(fast_table, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_TIPS", "1")
    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal", "ai:normal"], frames=10)
    tips = scene.family.tips
    assert tips.shown()
    press_key(app, pygame.K_F1)
    assert type(app.top).__name__ == "RulesPageScene"
    press_key(app, pygame.K_ESCAPE)
    assert app.top is scene and tips.shown() and tips.index == 0
