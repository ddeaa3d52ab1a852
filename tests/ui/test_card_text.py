"""Card-face text in every language, at the card floor or more (issue 28). Revolución's (12 px in Chinese
at 1280x720 before): the hand's faces set
their effect text at the window's card floor or more (13 px at 1280x720, 11 px at 1024x640,
fonts.card_floor) and whole, whatever the language, in normal and large text (a face is the same picture
at either). The text walk (test_text_walk.py) leaves card faces to this test: they are painted at twice
their size, so their type is read from the layout the painter uses. The other families (Dou Dizhu's
ranks and jokers' words, RevoltaaA!'s values, Révolte!'s Citizen and Pitchfork): every text painted on a
hand face, as the painter renders it."""

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
    deal = {"hands": [LONG_HAND, ["T4", "BR"], ["T3", "BL"], ["T2", "BR"]], "first": 1, "climate": "revolution",
            "start": "turn"}                  # four players: a 3-player deck has no Opponent Massacre
    app, scene = open_table("revolucion", ["human"] + ["ai:normal"] * 3, size=size, language=lang,
                            state=load_rules("revolucion").new_game(4, seed=4, deal=deal))
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


# ------------------------------------------------------------------ every other family's hand faces
WORDS_AT_DISPLAY_SIZE = {"revolte": ("citizen", "pitchfork_short")}     # Révolte!'s words: painted 1x
EXTRA_CARDS = {"doudizhu": ["RJ", "BJ"]}      # the jokers' words (BIG, 大王) whatever the deal


@pytest.mark.parametrize("game,players", [("doudizhu", 3), ("revoltaaa", 4), ("revolte", 4)])
@pytest.mark.parametrize("size,least", [((1280, 720), 13), ((1024, 640), 11)])
def test_every_family_paints_its_hand_faces_text_at_the_card_floor(game, players, size, least):
    """Every text painted on a hand card's face (ranks, the jokers' BIG / 大王, Révolte!'s Citizen and
    Pitchfork) is the card floor or more on screen, in every language, in normal and large text. Faces
    are painted at twice their size and scaled down (a text of 26 px there is 13 on screen), except
    Révolte!'s words, set at the face's own size."""
    from revolt_table.ui import fonts
    from revolt_table.ui.table.tricks_faces import rt
    from tests.ui.textwalk import clear_ui_caches

    problems = []
    for lang in LANGUAGES:
        app, scene = open_table(game, ["human"] + ["ai:easy"] * (players - 1), size=size, seed=3, language=lang)
        whole = {rt(key) for key in WORDS_AT_DISPLAY_SIZE.get(game, ())}
        try:
            for text_size in ("normal", "large"):
                app.set_text_size(text_size)
                scene.model.settle()
                run_frames(app, 2)
                painted: list[tuple[str, int]] = []

                def note(text, face, image, painted=painted):
                    if fonts.drawing_cards and text.strip():
                        painted.append((text, face.size_px))
                fonts.render_observers.append(note)
                clear_ui_caches()
                sprites = scene.model.zones["hand:0"].sprites
                height = scene.renderer.current_rect(sprites[0]).h
                try:
                    with fonts.card_faces():             # as the renderer paints them (ui/table/render.py)
                        for card in [sp.card for sp in sprites] + EXTRA_CARDS.get(game, []):
                            scene.family.card_image(card, height, True)
                finally:
                    fonts.render_observers.remove(note)
                assert painted, (game, lang, "no face text painted")
                for text, px in painted:
                    shown = px if text in whole else px / 2
                    if shown < least:
                        problems.append(f"{lang} {text_size}: {text!r} {shown:g} px")
        finally:
            i18n.set_language("en")
    assert not problems, f"{game} {size}: " + ", ".join(sorted(set(problems)))
