"""The cards a dig draws face up are shown at the table (issue 29): with `dig: draw` they are public, and
the table shows them fly from the deck into a banner, side by side, under a sentence naming them; the
log of the last announcements keeps the sentence. Before, the table said nothing of them (the event
carried a count only).

Driven with real pygame events, animations on: Ann (the player) selects Fort and presses Enter to dig,
Militia, Machine Gun and Detonator come up before Bomb Left; and Bo (an AI) digs while Ann
watches. What is checked is on screen: the faces' pixels where the banner lays them, the sentence among
the texts the frame blits (and no text of the frame cut, too small or overlapping another). And, frame by
frame through the flight, the sentence's pixels as they are at rest: a card flying up from the deck never
passes over its words (before, the cards flew up through the sentence under their row and hid it).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.engine import load_rules  # noqa: E402
from tests.ui.table_helpers import open_table, post_key, run_frames  # noqa: E402
from tests.ui.test_table_bomb import select_cards  # noqa: E402
from tests.ui.textwalk import Screen, frame_findings, watching  # noqa: E402

pytestmark = pytest.mark.usefixtures("table_home")

DUG = ("S1", "E2", "DT")
DECK = [*DUG, "BL", "T3"]          # top first


def table_at(first: int, hands, size=(1024, 640), language="en"):
    rules = load_rules("revolucion")
    deal = {"hands": hands, "first": first, "climate": "dictatorship", "start": "turn", "piles": {"deck": DECK}}
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=size, seed=4,
                            state=rules.new_game(3, seed=4, deal=deal), speed=1.0, language=language)
    scene.tips_allowed = False
    return app, scene


def until_the_cards_are_in_place(app, scene, frames=900) -> None:
    """Run frames until the dug-up banner shows with its cards landed, and a few more."""
    table = scene.family
    for _ in range(frames):
        run_frames(app)
        if table.banner_cards and table.banner_fly >= 1.0:
            run_frames(app, 5)
            return
    raise AssertionError(f"no banner of cards drawn face up; history {scene.session.state.history}")


def faces_on_screen(app, scene) -> list[str]:
    """The banner's cards whose face is drawn at its place (most of its pixels as painted)."""
    table = scene.family
    section = next(s for s in table.sections.sections if type(s).__name__ == "MomentsSection")
    _, rects, _, _ = section.cards_banner()
    shown = []
    for card, rect in zip(table.banner_cards, rects):
        face = table.painter.face(card, rect.h)
        points = [(x, y) for x in range(2, face.get_width() - 2, 5) for y in range(2, face.get_height() - 2, 5)
                  if face.get_at((x, y)).a == 255]
        same = sum(app.screen.get_at((rect.x + x, rect.y + y))[:3] == face.get_at((x, y))[:3] for x, y in points)
        if same >= 0.9 * len(points):
            shown.append(card)
    return shown


def frame_texts(app, scene, log) -> tuple[list[str], list[str]]:
    """The texts the next frame blits, and what is wrong with them (textwalk)."""
    screen = Screen(app.screen.get_size(), log)
    scene.draw(screen)
    return [t[0] for t in screen.texts], frame_findings(screen)


def test_the_player_digs_and_sees_the_cards_drawn_face_up(tmp_path):
    app, scene = table_at(0, [["T2", "FO", "E1"], ["T3", "BL"], ["T4", "BR"]])
    table = scene.family
    for _ in range(600):                      # the round's banners, then Ann's turn
        run_frames(app)
        if scene.queue.idle and scene.may_select():
            break
    with watching() as log:
        select_cards(app, scene, ["FO"])
        post_key(pygame.K_RETURN)
        until_the_cards_are_in_place(app, scene)
        assert scene.session.state.history[0] == (0, "dig:FO")
        assert table.banner_cards == DUG
        names = [table.painter.name(c) for c in DUG]
        sentence = table.banner[0]
        assert sentence == f"You draw 3 cards face up: {', '.join(names)}"
        assert faces_on_screen(app, scene) == list(DUG)
        texts, findings = frame_texts(app, scene, log)
        assert sentence in texts and findings == []
        pygame.image.save(app.screen, str(tmp_path / "dug_up.png"))
    for _ in range(600):                      # the moment over, the log keeps what was said
        run_frames(app)
        if table.banner is None and not table.banner_cards:
            break
    assert sentence in table.log and not table.banner_cards
    assert set(DUG) <= set(scene.session.state.view(0).hand())


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_player_sees_the_cards_another_seat_digs_up(language):
    app, scene = table_at(1, [["T2", "BL"], ["T3", "E1"], ["T4", "BR"]], size=(1280, 720), language=language)
    table = scene.family
    with watching() as log:
        until_the_cards_are_in_place(app, scene)
        assert scene.session.state.history[0][0] == 1 and scene.session.state.history[0][1].startswith("dig:")
        assert table.banner_cards == DUG
        sentence = table.banner[0]
        assert sentence.startswith("Bo")
        for card in DUG:
            assert table.painter.name(card) in sentence
        assert faces_on_screen(app, scene) == list(DUG)
        texts, findings = frame_texts(app, scene, log)
        assert sentence in texts and findings == []


def sentence_inks(app, scene, log) -> list[pygame.Rect]:
    """Where the banner's sentence is inked in the next frame: each of its lines in the banner as the
    frame blits it last (the log of announcements under the banner may hold the same words)."""
    table = scene.family
    sentence = table.banner[0]
    section = next(s for s in table.sections.sections if type(s).__name__ == "MomentsSection")
    box = section.cards_banner()[0]
    screen = Screen(app.screen.get_size(), log)
    scene.draw(screen)
    last: dict[str, tuple[int, pygame.Rect]] = {}
    for text, _px, _rect, ink, order, _part in screen.texts:
        if (text.strip() and text.strip() in sentence and box.contains(ink)
                and order > last.get(text, (-1, None))[0]):
            last[text] = (order, ink)
    lines = sorted(last, key=lambda text: last[text][1].y)
    assert "".join(lines).replace(" ", "") == sentence.replace(" ", ""), lines     # every word of it
    return [last[text][1] for text in lines]


def count_near_frame(frame: pygame.Surface, rest: pygame.Surface, rect: pygame.Rect, tolerance: int = 12) -> int:
    """Pixels of `rect` in `frame` within `tolerance` (each of R, G, B) of the same pixel at rest."""
    return int(pygame.transform.threshold(None, frame.subsurface(rect), None, (tolerance, tolerance, tolerance, 255),
                                          set_behavior=0, search_surf=rest.subsurface(rect)))


@pytest.mark.parametrize("size,language", [((1024, 640), "en"), ((1280, 720), "de"), ((1280, 720), "zh")])
def test_no_card_flies_over_the_sentence(size, language, tmp_path):
    """Every frame of the flight, stepped on the animation clock: the sentence's pixels are those of the
    sentence at rest (a card face or its shadow over a word would change them)."""
    app, scene = table_at(1, [["T2", "BL"], ["T3", "E1"], ["T4", "BR"]], size=size, language=language)
    table = scene.family
    flight: list[tuple[float, pygame.Surface]] = []
    for _ in range(900):
        run_frames(app)
        if table.banner_cards:
            flight.append((table.banner_fly, app.screen.copy()))
            if table.banner_fly >= 1.0:
                break
    assert table.banner_cards == DUG and table.banner_fly >= 1.0
    moving = [(p, frame) for p, frame in flight if p < 1.0]
    assert len(moving) >= 30 and moving[0][0] < 0.05     # the whole flight, frame by frame
    run_frames(app, 5)
    rest = app.screen.copy()
    with watching() as log:
        inks = sentence_inks(app, scene, log)
    for p, frame in moving:
        for ink in inks:
            same = count_near_frame(frame, rest, ink)
            if same < ink.w * ink.h:
                pygame.image.save(frame, str(tmp_path / f"flight_{p:.2f}.png"))
            assert same == ink.w * ink.h, f"at {p:.2f} of the flight a card covers the sentence {tuple(ink)}"

