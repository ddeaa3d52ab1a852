"""Revolución's reactions at the table when everyone who could answer is asked (issue 29): a human asked
without a card for it gets a plain prompt and one button, No; the AIs answer a reaction after a short
pause that is the same whatever they hold."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.engine import load_rules  # noqa: E402
from revolt_table.games import bomb  # noqa: E402
from revolt_table.ui.session import Session  # noqa: E402
from tests.ui.table_helpers import open_table, post_key, run_frames  # noqa: E402
from tests.ui.test_table_bomb import fort_state  # noqa: E402

pytestmark = pytest.mark.usefixtures("fast_table")
RULES = load_rules("revolucion")


def labels(scene) -> dict:
    return {a.label: (r, a) for r, a in scene.family.actions.layout_buttons()}


def test_a_human_without_a_fort_is_asked_too_and_told_there_is_nothing_to_play(tmp_path):
    state = fort_state("E2")
    assert state.phase == "fort" and state.to_act == (0,)
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=(1024, 640), state=state)
    scene.model.settle()
    run_frames(app, 20)
    prompt = scene.family.actions.prompt()
    assert "attacks you" in prompt and "no card for it" in prompt
    assert set(labels(scene)) <= {"No", "Hint", "Play"} and "No" in labels(scene)
    hand = scene.model.zones["hand:0"]
    assert all(sp.highlight < 0.1 for sp in hand.sprites)          # no card is lit: none answers
    pygame.image.save(app.screen, str(tmp_path / "no_fort.png"))
    post_key(pygame.K_n)
    run_frames(app)
    assert scene.session.state.history[1] == (0, "pass")


def test_with_a_fort_the_prompt_is_the_question_alone():
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=(1024, 640),
                            state=fort_state("FO"))
    scene.model.settle()
    run_frames(app, 20)
    prompt = scene.family.actions.prompt()
    assert "attacks you" in prompt and "no card for it" not in prompt
    assert "Play Fort" in labels(scene)


@pytest.mark.parametrize("defence", ["FO", "E2"])
def test_an_ai_asked_to_react_waits_a_short_pause_whatever_it_holds(defence):
    """The AI's pause for a reaction comes from public facts only: the same with or without the Fort,
    and shorter than a turn's."""
    state = fort_state(defence)
    assert state.ai_pause() == bomb.REACTION_PAUSE < 1.0
    waits = []
    for card in ("FO", "E2"):
        s = Session(RULES, ["ai:normal"] * 3, None, match_seed=5, ai_pace=1.0, save=False)
        s.state = fort_state(card)
        s.poll(0.0)
        waits.append(s._jobs[0].wait)
    assert waits[0] == waits[1] <= 1.3 * bomb.REACTION_PAUSE
    state.apply(0, "pass")
    assert state.phase == "commit_a" and state.ai_pause() == 1.0
