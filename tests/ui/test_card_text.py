"""Revolución's card text in every language (issue 28: 12 px in Chinese at 1280x720): the hand's faces set
their effect text at the window's card floor or more (13 px at 1280x720, 11 px at 1024x640,
fonts.card_floor) and whole, whatever the language, in normal and large text (a face is the same picture
at either). The text walk (test_text_walk.py) leaves card faces to this test: they are painted at twice
their size, so their type is read from the layout the painter uses."""

from __future__ import annotations

import pytest

from revolt_table.engine import load_rules
from revolt_table.services.i18n import LANGUAGES
from revolt_table.ui import i18n
from tests.ui.table_helpers import open_table, run_frames

pytestmark = pytest.mark.usefixtures("fast_table")

LONG_HAND = ["T3", "M5", "FO", "BG", "OM", "DT", "PO", "BX"]          # eight cards, the longest texts among them


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size,least", [((1280, 720), 13), ((1024, 640), 11)])
def test_every_hand_card_sets_its_text_at_the_floor_or_more(size, least, lang):
    deal = {"hands": [LONG_HAND, ["T4", "BR"], ["T3", "BL"]], "first": 1, "climate": "revolution", "start": "turn"}
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=size, language=lang,
                            state=load_rules("revolucion").new_game(3, seed=4, deal=deal))
    try:
        for text_size in ("normal", "large"):
            app.set_text_size(text_size)
            scene.model.settle()
            run_frames(app, 3)
            painter = scene.family.painter
            for sprite in scene.model.zones["hand:0"].sprites:
                rect = scene.renderer.current_rect(sprite)
                lay = painter.text_layout(sprite.card, rect.size)
                assert lay.fits and lay.text_size >= least, (lang, text_size, sprite.card, rect.size, lay)
    finally:
        i18n.set_language("en")
