"""A newcomer plays a whole game of each family from the title screen (issue 11, "Must show").

Only what a newcomer does, with real clicks: New game, pick the game, Start; dismiss the first-game tips
with "Got it"; then, whenever it is their turn, read the prompt (it must say something) and click what
it points at: Play when a selection can be played, else Hint (which selects a move and says why), else
the button the table offers (Pass, a bid); answer a popup with its first choice that can be taken;
while a moment plays or a panel waits, click the felt. Until the results screen shows.

Every family's table is on the shared sections (the prompt and its buttons are the ActionsSection);
a new family is one line in FAMILIES (marked xfail with a reason while its table has no prompt section).
"""

from __future__ import annotations

import time

import pygame
import pytest

from conftest import click, frames
from revolt_table.ui.table.popups import ChoicePopup

STILL_CLASSIC = "the table has no shared prompt and buttons (ActionsSection) to follow yet"

# (game id, marks): one line per family
FAMILIES = [
    pytest.param("revoltaaa", id="majority"),
    pytest.param("doudizhu", id="climbing"),
    pytest.param("revolte", id="tricks"),
    pytest.param("revolucion", id="bomb"),
]

SEED = 11                 # the match seed New game's Start uses here (a random one otherwise)
MAX_STEPS = 6000          # clicks and frames; a whole game takes a few hundred
STUCK_STEPS = 400         # the viewer to act this long without a button that does something: a dead end


@pytest.fixture
def newcomer_app(home, monkeypatch):
    """The bundled games, first start (tips on), opponents instant and animations off."""
    from revolt_table.ui.app import App
    from revolt_table.ui.launch import install, start_game
    from revolt_table.ui.scenes.title import TitleScene

    monkeypatch.setenv("REVOLT_TABLE_TIPS", "1")
    app = App(size=(1280, 720))
    app.settings.ai_pace, app.settings.animation_speed = 0.0, 0.0
    install(app)
    app.start_game = lambda setup: start_game(app, setup, seed=SEED)     # the same deal every run
    app.push(TitleScene(app))
    frames(app)
    yield app
    pygame.quit()


def start_from_title(app, game: str):
    """New game, the game selector's right arrow until it shows `game`, Start."""
    click(app, app.top.button("new_game").rect.center)
    setup = app.top
    selector = setup.game_selector
    for _ in range(len(selector.options)):
        if selector.value == game:
            break
        box = selector.control_rect
        click(app, (box.right - box.height // 2, box.centery))
    assert selector.value == game
    click(app, setup.start_button.rect.center)
    frames(app, 3)
    assert type(app.top).__name__ == "TableScene"
    return app.top


def felt(app) -> tuple[int, int]:
    """A point on the bare felt, left of the centre, over nothing that takes a click."""
    w, h = app.size
    return (int(w * 0.3), int(h * 0.4))


def newcomer_step(app, scene, log: list[str]) -> bool:
    """One thing a newcomer does now (a click, or waiting a frame); True if they clicked something."""
    table = scene.family
    tips = getattr(table, "tips", None)
    if tips is not None and tips.shown():
        tips.layout()
        done = next(rect for rect, action in tips.buttons if action == "done")
        log.append("tips: got it")
        click(app, done.center)
        return True
    modal = table.sections.modal_shown()
    if isinstance(modal, ChoicePopup):
        index = next(i for i, choice in enumerate(modal.choices) if choice.enabled)
        log.append(f"popup: {modal.choices[index].label}")
        click(app, modal.rects[index].center)
        return True
    watch = getattr(table, "watch", None)
    if watch is not None and watch.shown():
        skip = next(rect for rect, action in watch.layout_buttons() if action.id == "skip")
        log.append("out: skip to the result")
        click(app, skip.center)
        return True
    current = scene.queue.current
    if current is not None and (current.skippable or current.wait_for_click) or (
            scene.session.state.is_over and scene.queue.idle):
        click(app, felt(app))
        return True
    if scene.viewer is None or not scene.may_act(scene.viewer) or not scene.has_seen():
        frames(app)
        return False
    actions = getattr(table, "actions", None)
    assert actions is not None, STILL_CLASSIC
    prompt = actions.prompt()
    assert prompt, "the viewer is to act and the prompt says nothing"
    buttons = actions.layout_buttons()
    by_id = {action.id: (rect, action) for rect, action in buttons if action.enabled}
    hinted = table.hinted[0] if table.hinted is not None and log_key(log) == scene.model.key else None
    if "play" in by_id:                                   # a selection that can be played: Play
        wanted = "play"
    elif hinted is not None and hinted.text in by_id:     # the hint names a button (a bid, Pass): press it
        wanted = hinted.text
    elif "hint" in by_id and hinted is None:              # not sure what to do: Hint
        wanted = "hint"
    else:                                                 # the button the table offers
        wanted = next((i for i, (_, a) in by_id.items() if a.primary), next(iter(by_id), None))
    if wanted is not None:
        log.append(f"{prompt!r}: {wanted}")
        if wanted == "hint":
            log.append(("hint at", scene.model.key))
        click(app, by_id[wanted][0].center)
        return True
    frames(app)
    return False


@pytest.mark.parametrize("game", FAMILIES)
def test_a_newcomer_plays_a_whole_game_from_the_title(newcomer_app, game):
    app = newcomer_app
    scene = start_from_title(app, game)
    log: list[str] = []
    stuck = 0
    for _ in range(MAX_STEPS):
        if type(app.top).__name__ == "ResultsScene":
            break
        assert app.top is scene, f"a newcomer met {type(app.top).__name__}: {log[-5:]}"
        clicked = newcomer_step(app, scene, log)
        if not clicked:
            time.sleep(0.002)      # the AI seats think in a thread: let it run (a tight loop starved it)
        waiting_on_us = scene.viewer is not None and scene.may_act(scene.viewer) and scene.has_seen()
        stuck = 0 if clicked or not waiting_on_us else stuck + 1
        assert stuck < STUCK_STEPS, f"dead end: {actions_said(scene)}; last steps {log[-5:]}"
    assert type(app.top).__name__ == "ResultsScene", f"no results after {MAX_STEPS} steps: {log[-5:]}"
    assert scene.session.state.is_over
    said = [line for line in log if isinstance(line, str)]
    assert any("tips" in line for line in said) and any(line.endswith(": hint") for line in said)
    assert any(not line.endswith(": hint") and "': " in line for line in said)       # and made moves
    results = app.top
    frames(app, 2)
    assert set(scene.session.names) <= {row.name for row in results.data.rows}
    w, h = app.screen.get_size()                               # the results are drawn, not a blank frame
    shades = [sum(app.screen.get_at((x, y))[:3]) / 3 for x in range(0, w, 16) for y in range(0, h, 16)]
    mean = sum(shades) / len(shades)
    assert (sum((v - mean) ** 2 for v in shades) / len(shades)) ** 0.5 > 10


def log_key(log: list) -> object:
    """The position (model key) at which Hint was pressed last."""
    return next((entry[1] for entry in reversed(log) if isinstance(entry, tuple)), None)


def actions_said(scene) -> str:
    actions = getattr(scene.family, "actions", None)
    return actions.prompt() if actions is not None else "(no prompt section)"


def test_hint_pressed_again_while_bidding(fast_table):
    """A newcomer who presses Hint twice at their first bid (the second press cycles through the plays:
    bids and Pass are buttons, not plays, and once crashed the table)."""
    from table_helpers import open_table, press_key, run_frames

    app, scene = open_table("doudizhu", ["human", "ai:normal", "ai:normal"], seed=3, frames=5)
    for _ in range(300):
        if scene.may_act(scene.viewer):
            break
        run_frames(app)
    assert scene.may_act(scene.viewer) and scene.model.view.info.phase == "bidding"
    for _ in range(3):
        press_key(app, pygame.K_h)
        run_frames(app, 2)
        assert scene.family.hinted is not None and scene.family.actions.info()[0]
