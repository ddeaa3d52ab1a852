"""The smallest text at the table is 11 px at 1024x640 (issue 11): every line the shared sections, the
family's sections, the tips and the results draw, measured where it is rendered. Card art (the faces'
corner indices, the back's monogram: ui/cards.py) is a picture, not text, and is left out."""

from __future__ import annotations

import traceback

import pygame
import pytest

from revolt_table.ui import draw, fonts
from table_helpers import open_table, post_key, run_frames

MIN_PX = 11


@pytest.fixture
def sizes(monkeypatch):
    """{(px, call site): text} of every text rendered while inside (render caches emptied first)."""
    seen: dict[tuple[int, str], str] = {}
    real = fonts.TextFont.render

    def render(self, text, *args, **kwargs):
        if text and str(text).strip():
            site = next((f"{fr.filename.split('revolt_table/')[-1]}:{fr.lineno}"
                         for fr in reversed(traceback.extract_stack()[:-1])
                         if "revolt_table" in fr.filename and not fr.filename.endswith(("fonts.py", "draw.py"))),
                        "?")
            seen.setdefault((self.size_px, site), str(text))
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(fonts.TextFont, "render", render)
    draw.render_text.cache_clear()
    yield seen
    draw.render_text.cache_clear()


def too_small(seen) -> list[str]:
    return [f"{px} px at {site}: {text!r}" for (px, site), text in sorted(seen.items())
            if px < MIN_PX and not site.startswith("ui/cards.py")]


def test_revoltaaa_table_mid_game_and_results_at_1024x640(fast_table, sizes, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_TIPS", "1")
    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal", "ai:normal"], size=(1024, 640),
                            frames=5, seed=7)
    assert scene.family.tips.shown()
    app.draw()                                               # the tips' callout
    post_key(pygame.K_ESCAPE)
    run_frames(app, 2)
    rounds = 0
    for _ in range(3000):                                    # Hint, then Enter, round after round
        if scene.session.state.is_over:
            break
        run_frames(app)
        if scene.may_act(scene.viewer) and scene.has_seen():
            post_key(pygame.K_h)
            run_frames(app, 2)
            draw.render_text.cache_clear()
            app.draw()                                       # Hint and Play with their keys, the reason
            post_key(pygame.K_RETURN)
            run_frames(app, 2)
            rounds += 1
    assert rounds >= 4 and scene.session.state.is_over
    for _ in range(200):
        if type(app.top).__name__ == "ResultsScene":
            break
        post_key(pygame.K_RETURN)
        run_frames(app, 3)
    assert type(app.top).__name__ == "ResultsScene"
    draw.render_text.cache_clear()
    app.draw()
    assert not too_small(sizes), too_small(sizes)
    assert any(site.startswith("ui/table/tips.py") for _, site in sizes)
    assert any(text == "H" for text in sizes.values())      # the key letter on Hint was measured


def test_a_long_results_title_fits_the_window(make_app):
    from revolt_table.ui.scenes.common import draw_header

    app = make_app(size=(1024, 640))
    title = "Match over: the centre pile scored most (6 points); best player: Ann, Bo, Cy with 5"
    surface = pygame.Surface((1024, 640))
    surface.fill((0, 0, 0))
    draw_header(surface, app.metrics, title)
    lit = [x for x in range(1024) if any(surface.get_at((x, y))[0] > 120 for y in range(10, 70))]
    assert lit and min(lit) >= 16 and max(lit) <= 1024 - 16
