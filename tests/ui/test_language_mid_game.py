"""Changing the language in Settings during a game (issue 28): the table's card faces and its
announcements are drawn in the new language when the player comes back, never the old one.

The faces are cached images; before the fix Revolución's were kept by card and height alone, so the
hand came back in the old language; the table's last announcements (the log in the middle of the
board) and a banner on show were strings made in the old language. The test plays a real Revolución
table in English to the player's first decision, opens Settings from the Esc menu and picks Deutsch
with real clicks, comes back with Esc, and looks at what the next frame draws: the texts painted on
the faces from the switch on (fonts.render_observers) and every text blitted on screen
(tests/ui/textwalk.py).
"""

from __future__ import annotations

import pygame

from revolt_table.ui import fonts, i18n
from revolt_table.ui.scenes.pause import PauseScene
from revolt_table.ui.scenes.settings import SettingsScene
from tests.ui.table_helpers import open_table, run_frames
from tests.ui.test_table_text_fits import human_turn
from tests.ui.textwalk import Screen, TextLog


class FaceTexts:
    """The texts painted onto card faces while watching."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, text: str, face, image) -> None:
        if fonts.drawing_cards and text.strip():
            self.texts.append(text.replace("\u00ad", "").rstrip("-"))


def click(app, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run_frames(app, 2)


def key(app, k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    run_frames(app, 2)


def drawn(app, log: TextLog) -> list[str]:
    """The texts the table's next frame blits on screen."""
    screen = Screen(app.screen.get_size(), log)
    app.scenes[-1].draw(screen)
    return [content for content, *_rest in screen.texts]


def test_language_changed_mid_game_redraws_faces_and_announcements(fast_table):
    log, faces = TextLog(), FaceTexts()
    fonts.render_observers.extend([log, faces])
    try:
        app, scene = open_table("revolucion", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=3, frames=2)
        assert human_turn(app, scene), "the game got stuck"
        table = scene.family
        hand = [sprite.card for sprite in table.hand.sprites()]
        english_faces = {card: table.painter.face_name(card) for card in hand}
        before = drawn(app, log)
        said = [line for line in table.log if line in before]
        assert said, f"no announcement on show before the switch: {table.log}"

        key(app, pygame.K_ESCAPE)                                     # the Esc menu, then Settings
        assert isinstance(app.scenes[-1], PauseScene)
        click(app, app.scenes[-1].button("settings").rect.center)
        settings = app.scenes[-1]
        assert isinstance(settings, SettingsScene)
        language = next(w for w in settings.group.widgets if w.name == "language")
        faces.texts.clear()                     # from here: what is painted on faces (now and on return)
        for _ in range(6):                                            # the right arrow until Deutsch
            if app.settings.language == "de":
                break
            click(app, language._arrow_rects()[1].center)
        assert app.settings.language == "de" and i18n.language() == "de"
        key(app, pygame.K_ESCAPE)                                     # back to the menu, to the table
        if app.scenes[-1] is not scene:
            key(app, pygame.K_ESCAPE)
        assert app.scenes[-1] is scene

        after = drawn(app, log)
        german_faces = {card: table.painter.face_name(card).replace("\u00ad", "") for card in hand}
        changed = [card for card in hand if german_faces[card] != english_faces[card].replace("\u00ad", "")]
        assert changed, "no card of the hand is named differently in German"
        painted = "".join(faces.texts).replace(" ", "")          # a name broken over lines, joined
        for card in changed:
            name = german_faces[card].replace(" ", "")
            assert name in painted, f"{card}: {german_faces[card]!r} not painted; painted {faces.texts}"
            assert english_faces[card] not in faces.texts, f"{card} still painted in English"
        stale = [line for line in said if line in after]
        assert not stale, f"announcements still drawn in English after the switch: {stale}"
    finally:
        fonts.render_observers.remove(log)
        fonts.render_observers.remove(faces)
        i18n.set_language("en")
