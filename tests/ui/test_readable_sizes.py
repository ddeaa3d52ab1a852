"""The text sizes issue 28 found too small, cut or overlapping, measured on screen (tests/ui/textwalk.py):
nothing under 13 px at 1280x720 nor 11 px at 1024x640 (fonts' floor), Révolte!'s score box in German,
Dou Dizhu's player subtitles, the key letters on buttons, Resume's detail line, and Settings in large
text (it made the labels smaller: now every text there is at least 1.2 times its normal size)."""

from __future__ import annotations

import pytest

from revolt_table.ui import fonts, i18n
from revolt_table.ui.theme import metrics_for
from tests.ui.table_helpers import open_table, run_frames
from tests.ui.textwalk import Screen, frame_findings, watching


def draw_top(app, log) -> Screen:
    screen = Screen(app.screen.get_size(), log)
    app.scenes[-1].draw(screen)
    return screen


def texts(screen: Screen) -> dict[str, int]:
    return {content: px for content, px, *_ in screen.texts if content.strip()}


@pytest.mark.parametrize("size,floor", [((1280, 720), 13), ((1024, 640), 11), ((1152, 680), 12)])
def test_the_floor_follows_the_window_and_large_text_raises_it(size, floor):
    assert metrics_for(size).floor == floor
    assert metrics_for(size, "large").floor >= 1.2 * floor
    assert metrics_for(size, "large").card_floor == floor             # a card face is one picture
    for value in (11, 12, 15, 19, 26, 40):                             # the theme's type sizes grow 1.2x or more
        assert metrics_for(size, "large").tx(value) >= 1.2 * metrics_for(size).tx(value)


def test_a_size_asked_below_the_floor_is_drawn_at_the_floor(fast_table):
    app, _scene = open_table("revoltaaa", ["human", "ai:easy", "ai:easy"], size=(1280, 720))
    assert fonts.floor() == 13 and fonts.font(9).size_px == 13 and fonts.font(9, ornament=True).size_px == 9
    app.set_text_size("large")
    assert fonts.floor() == 16
    with fonts.card_faces():                                            # faces set their own type
        assert fonts.font(9).size_px == 9


def test_revolte_s_score_box_in_german_at_1024x640(fast_table):
    """A match of three: "Durchgang 1 von 3" (9 px, under "Spiel 1 von 3") is 11 px or more, and the
    match's progress no longer shares its line."""
    with watching() as log:
        app, scene = open_table("revolte", ["human", "ai:easy", "ai:easy", "ai:easy"], size=(1024, 640), games=3,
                                language="de", frames=3)
        try:
            screen = draw_top(app, log)
        finally:
            i18n.set_language("en")
    shown = texts(screen)
    assert shown["Durchgang 1 von 3"] >= 11 and shown["Spiel 1 von 3"] >= 11, shown
    assert frame_findings(screen) == []


@pytest.mark.parametrize("lang", ["pt", "de", "fr", "es"])
def test_player_subtitles_are_whole_at_1280x720(fast_table, lang):
    """Dou Dizhu once the landlord is known ("Fazendeiro · IA · normal"): whole, 13 px or more."""
    from tests.ui.test_table_climbing import deal_state, standard_hands

    hands, bottom = standard_hands(5)
    with watching() as log:
        app, scene = open_table("doudizhu", ["human", "ai:normal", "ai:normal"], language=lang, frames=3,
                                state=deal_state(hands, bottom, landlord=1, bid=2), auto_ai=False)
        try:
            subtitles = [scene.family.pod_subtitle(seat) for seat in (1, 2) if not scene.thinking_shown(seat)]
            screen = draw_top(app, log)
        finally:
            i18n.set_language("en")
    shown = texts(screen)
    assert subtitles
    for subtitle in subtitles:                     # whole, on one line or with "AI · normal" beside the name
        role, _sep, kind = subtitle.partition(" · ")
        assert shown.get(subtitle, 0) >= 13 or (shown.get(role, 0) >= 13 and shown.get(kind, 0) >= 13), (
            subtitle, shown)
    assert frame_findings(screen) == []


def test_key_letters_and_the_resume_line_are_13_px_at_1280x720(make_app):
    from tests.ui.test_no_overflow import _title_with_save

    with watching() as log:
        app = make_app((1280, 720))
        app.push(_title_with_save(app))
        run_frames(app, 2)
        screen = draw_top(app, log)
    assert min(texts(screen).values()) >= 13, texts(screen)
    with watching() as log:
        app, scene = open_table("revolte", ["human", "ai:easy", "ai:easy"], frames=3)
        scene.family.hint()
        screen = draw_top(app, log)
    letters = {c: px for c, px in texts(screen).items() if c in ("H", "↵", "C")}
    assert letters and min(letters.values()) >= 13, letters


def test_large_text_makes_every_settings_text_larger(make_app):
    from revolt_table.ui.scenes.settings import SettingsScene

    sizes = {}
    for text_size in ("normal", "large"):
        with watching() as log:
            app = make_app((1280, 720))
            app.settings.text_size = text_size
            app.set_text_size(text_size)
            app.push(SettingsScene(app))
            run_frames(app, 2)
            screen = draw_top(app, log)
            assert frame_findings(screen) == [], text_size
            sizes[text_size] = texts(screen)
    from revolt_table.ui import i18n as ui_i18n
    labels = {ui_i18n.t(f"settings.{key}") for key in ("language", "text_size", "animation", "ai_pace")}
    grown = {c: (px, sizes["large"].get(c)) for c, px in sizes["normal"].items()}
    assert all(large is not None and large > px for px, large in grown.values()), grown      # every text grows
    assert all(grown[c][1] >= 1.2 * grown[c][0] for c in labels if c in grown), grown     # the labels 1.2x
    assert labels & set(grown)
