"""Revolución's hints at the table (issue 28): a hint stands only for the decision it was given for, and
the line under the buttons says the whole reason of a hint of several cards, naming each of them.
Real key presses, headless."""

from __future__ import annotations

import pygame
import pytest

from revolt_table.engine import Message
from revolt_table.ui import i18n
from tests.revolucion_helpers import game
from tests.ui.table_helpers import open_table, press_key, run_frames
from tests.ui.test_hint_plays import wait_for_human

pytestmark = pytest.mark.usefixtures("fast_table")


def hint_line(scene) -> str:
    text, _colour = scene.family.actions.info()
    return text


def test_keep_your_hand_does_not_outlive_the_exchange():
    """"Keep your hand" hinted in the exchange, Enter keeps it. At every later decision, before H is
    pressed again, no hint stands and the line under the buttons is not that hint."""
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], seed=2, frames=2)
    fam = scene.family
    assert wait_for_human(app, scene) and fam.phase() == "exchange"
    keep = i18n.t("bomb.hint.keep")
    fam.show_hint(next(i.move for i in fam.move_infos() if i.kind == "keep"), Message("bomb.hint.keep"))
    assert keep in hint_line(scene)
    press_key(app, pygame.K_RETURN)
    run_frames(app, 2)
    later = 0
    for _ in range(10):
        if not wait_for_human(app, scene):
            break
        assert fam.hint_reason() is None and keep not in hint_line(scene), (fam.phase(), hint_line(scene))
        later += 1
        fam.hint()
        press_key(app, pygame.K_RETURN)
        run_frames(app, 2)
    assert later >= 3


def test_a_hint_of_the_bomb_and_two_extras_says_all_three_under_the_buttons():
    """Bomb Left with Detonator and Explosion blows the bomb up on the weakest party: H selects the three
    cards, the line under the buttons names each and says why, and Enter plays that very move."""
    state = game([["BL", "DT", "EX"], ["T2"], ["T4"]], lieutenants=[3, 1, 3])
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], state=state, frames=3, auto_ai=False)
    fam = scene.family
    assert wait_for_human(app, scene)
    press_key(app, pygame.K_h)
    assert sorted(fam.hand.selected_cards()) == ["BL", "DT", "EX"]
    hinted = fam.hinted[0]
    line = hint_line(scene)
    for card in ("BL", "DT", "EX"):
        assert fam.painter.name(card) in line, line
    assert fam.hinted[1].code == "bomb.hint.send_boom_pair"
    assert i18n.say(fam.hinted[1], scene.session.names) in line
    press_key(app, pygame.K_RETURN)
    run_frames(app, 2)
    assert scene.session.state.history[0] == (0, hinted.text)
