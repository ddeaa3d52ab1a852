"""The sections machinery (draw order, hit-testing, the mouse owner, modality) and the shared sections a
table gets for free: the HUD's labelled match progress, the panel of a human who is out of the game
(watch faster, skip to the result, leave), the RevoltaaA results when the centre pile scores most."""

from __future__ import annotations

import time

import pygame
import pytest

from revolt_table.ui import theme
from revolt_table.ui.table.section import Section, SectionManager
from revolt_table.ui.table.strings import tt
from tests.ui.pixels import count_near
from tests.ui.table_helpers import open_table, post_click, post_key, run_frames


class Probe(Section):
    def __init__(self, name, z, rect, *, modal=False, uses=True):
        super().__init__(table=None, name=name)
        self.z, self.modal, self.rect, self.uses = z, modal, pygame.Rect(rect), uses
        self.got: list[int] = []
        self.drawn = self.missed_presses = 0
        self.visible = True

    def shown(self):
        return self.visible

    def handle_event(self, event):
        self.got.append(event.type)
        return self.uses

    def draw(self, surface):
        self.drawn = Probe.clock = getattr(Probe, "clock", 0) + 1

    def missed(self, event):
        self.missed_presses += 1


def press(pos, kind=pygame.MOUSEBUTTONDOWN):
    return pygame.event.Event(kind, pos=pos, button=1)


def test_sections_draw_by_z_and_the_top_most_hit_section_gets_the_click():
    low, high = Probe("low", 10, (0, 0, 100, 100)), Probe("high", 20, (50, 50, 100, 100))
    manager = SectionManager([high, low])
    manager.draw(None)
    assert low.drawn < high.drawn                                  # low first, high over it
    assert manager.dispatch(press((60, 60))) and high.got == [pygame.MOUSEBUTTONDOWN] and low.got == []
    assert manager.dispatch(press((10, 10))) and low.got == [pygame.MOUSEBUTTONDOWN]
    high.uses = False
    manager.dispatch(press((60, 60)))                              # not used above: it falls through
    assert low.got == [pygame.MOUSEBUTTONDOWN] * 2
    low.uses = False
    assert not manager.dispatch(press((500, 500))) and low.missed_presses == high.missed_presses == 1


def test_a_used_press_owns_the_mouse_until_released():
    a, b = Probe("a", 10, (0, 0, 100, 100)), Probe("b", 20, (200, 0, 100, 100))
    manager = SectionManager([a, b])
    manager.dispatch(press((10, 10)))
    manager.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(250, 10), rel=(0, 0), buttons=(1, 0, 0)))
    manager.dispatch(press((250, 10), pygame.MOUSEBUTTONUP))
    assert a.got == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP] and b.got == []
    assert manager.grab is None


def test_a_modal_section_takes_input_first_and_blocks_what_is_under_it():
    under, popup, menu = Probe("under", 10, (0, 0, 400, 400)), Probe("popup", 85, (100, 100, 50, 50), modal=True), \
        Probe("menu", 90, (380, 0, 20, 20))
    menu.keys = False
    manager = SectionManager([under, popup, menu])
    manager.dispatch(press((10, 10)))                              # outside the popup: still the popup's
    manager.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    assert under.got == [] and popup.got == [pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN]
    manager.dispatch(press((390, 10)))                             # drawn above the popup: reachable
    assert menu.got == [pygame.MOUSEBUTTONDOWN]
    popup.visible = False
    manager.dispatch(press((10, 10)))
    assert under.got == [pygame.MOUSEBUTTONDOWN]


# ------------------------------------------------------------------------------ at a real table

def test_the_hud_says_which_game_of_the_match_it_is(table_home):
    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal"], games=4, auto_ai=False, frames=2)
    assert scene.family.hud.progress() == tt("game_of", n=1, total=4) == "Game 1 of 4"
    texts = []
    from revolt_table.ui import draw
    real = draw.text

    def spy(surface, content, *args, **kwargs):
        texts.append(content)
        return real(surface, content, *args, **kwargs)

    draw.text = spy
    try:
        app.draw()
    finally:
        draw.text = real
    assert "Game 1 of 4" in texts and "Round 1" in texts and "1/4" not in texts


@pytest.fixture
def out_table(table_home, monkeypatch):
    """A RevoltaaA table whose human is out of the game (the generic hook says so), the deal shown."""
    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal", "ai:normal"], seed=31, speed=1.0,
                            save=True, frames=2, auto_ai=False)
    monkeypatch.setattr(scene.family, "out_of_game", lambda seat: True)
    for _ in range(600):
        if scene.queue.idle:
            break
        run_frames(app)
    run_frames(app, 30)
    return app, scene


def test_an_out_human_sees_the_panel_and_can_watch_faster(out_table):
    app, scene = out_table
    watch = scene.family.watch
    assert watch.shown()
    app.draw()
    assert count_near(app.screen, theme.GOLD, 10, watch.rect) > 200            # the panel and its edge
    assert scene.family.actions.actions() == [] and scene.family.actions.prompt() == ""
    post_key(pygame.K_f)
    run_frames(app)
    assert scene.watch_speed == 4.0 and scene.queue.speed == 4.0 * app.settings.animation_speed
    assert scene.session.ai_pace == pytest.approx(scene._base_pace / 4)
    labels = [action.label for _, action in watch.layout_buttons()]
    assert labels[0] == tt("out.normal")
    post_click(watch.buttons[0][0].center)
    run_frames(app)
    assert scene.watch_speed == 1.0


def test_an_eliminated_human_at_revolucion_skips_to_the_result(table_home, monkeypatch):
    """Revolución: the human (played here by the normal AI) loses its lieutenant early; the panel then
    shows (the hook reads the shown info's living seats), and Skip plays the rest of the game at once."""
    import random

    from revolt_table.ai.registry import make_agent
    from revolt_table.ui.scenes.results import ResultsScene

    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal", "ai:normal"], seed=32,
                            auto_ai=False, frames=2)
    monkeypatch.setattr(scene.family, "out_of_game", lambda seat: seat not in scene.model.info["alive"])
    s, agent = scene.session, make_agent("ai:normal", scene.session.rules)
    for n in range(400):
        if 0 not in scene.model.info["alive"] or s.state.is_over:
            break
        seat = s.state.to_act[0]
        move = agent.choose(s.state.view(seat), s.state.legal_moves(seat), random.Random(n))
        if seat == 0:
            assert scene.play(0, move)
        else:
            scene._feed(seat, move, s.apply(seat, move))
        run_frames(app)
    assert not s.state.is_over and 0 not in scene.model.info["alive"]
    run_frames(app, 2)
    watch = scene.family.watch
    assert watch.shown()
    scene.auto_ai = True
    app.draw()
    skip = next(rect for rect, action in watch.buttons if action.id == "skip")
    post_click(skip.center)
    started = time.monotonic()
    while time.monotonic() - started < 120 and not isinstance(app.top, ResultsScene):
        run_frames(app)        # AI seats think in a thread: frames until the game is played out
        time.sleep(0.001)
    assert isinstance(app.top, ResultsScene) and s.state.is_over and scene.queue.speed == 0


def test_an_out_human_can_leave_and_resume_later(out_table):
    from revolt_table.services import userdata
    from revolt_table.ui.scenes.title import TitleScene

    app, scene = out_table
    post_key(pygame.K_l)
    run_frames(app)
    assert isinstance(app.top, TitleScene)
    record, warning = userdata.load_game_record()
    assert warning is None and record is not None and record["rules"] == "revoltaaa"


def test_revoltaaa_results_say_when_the_centre_pile_scored_most(table_home):
    """The match is over and the centre pile has the top total: the title says so, with its points and
    the best player's, instead of crowning that player."""
    app, scene = open_table("revoltaaa", ["ai:normal"] * 3, seed=3, games=1, auto_ai=False, frames=1)
    s = scene.session
    while not s.state.is_over:
        s.play_ai_now()
    data = scene.family.results_data()
    s.notes[-1] = dict(s.notes[-1], center=max(s.match.results[-1]) + 3) if isinstance(s.notes[-1], dict) else {}
    if "center_score" in s.notes[-1]:
        s.notes[-1]["center_score"] = max(s.match.results[-1]) + 3
    data = scene.family.results_data()
    best = max(s.match.results[-1])
    names = " & ".join(s.names[i] for i, v in enumerate(s.match.results[-1]) if v == best)
    assert data.title == tt("results.centre_tops_single", centre=best + 3, names=names, points=best)   # one game
    assert str(best + 3) in data.title and names in data.title


def test_a_choice_popup_is_modal_at_a_real_table(table_home):
    """A popup of choices over a card takes the clicks and keys first (the hand under it gets none);
    a number key chooses, Esc closes it without opening the menu, a disabled choice says why."""
    from revolt_table.engine import Message
    from revolt_table.ui.scenes.pause import PauseScene
    from revolt_table.ui.table.actions import REASON_RGB
    from revolt_table.ui.table.popups import Choice, ChoicePopup
    from tests.ui.table_helpers import card_point

    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal"], auto_ai=False, frames=2)
    popup = scene.family.sections.add(ChoicePopup(scene.family))
    chosen, cancelled = [], []
    anchor = scene.renderer.current_rect(scene.model.zones["hand:0"].sprites[2])
    why = Message("engine.refusal.not_legal")
    popup.open(anchor, [Choice("first", 1), Choice("second", 2), Choice("third", 3, enabled=False, reason=why)],
               chosen.append, lambda: cancelled.append(True))
    post_click(card_point(scene, 0))                     # under the popup's veil: the hand gets nothing
    run_frames(app)
    assert scene.family.hand.selected == [] and cancelled == [True] and not popup.shown()
    popup.open(anchor, [Choice("first", 1), Choice("second", 2), Choice("third", 3, enabled=False, reason=why)],
               chosen.append, lambda: cancelled.append(True))
    post_key(pygame.K_3)                                 # disabled: nothing
    post_key(pygame.K_UP)                                # the focus wraps to the last, disabled one
    run_frames(app)
    assert popup.shown() and chosen == [] and popup.focus == 2
    app.draw()
    assert count_near(app.screen, REASON_RGB, 30, popup.rect.inflate(0, scene.metrics.px(80))) > 20
    post_key(pygame.K_2)
    run_frames(app)
    assert chosen == [2] and not popup.shown() and scene.family.hand.selected == []
    popup.open(anchor, [Choice("first", 1)], chosen.append, lambda: cancelled.append(True))
    post_key(pygame.K_ESCAPE)
    run_frames(app)
    assert not popup.shown() and cancelled == [True, True] and app.top is scene
    post_key(pygame.K_ESCAPE)                            # no popup: Esc opens the menu again
    run_frames(app)
    assert isinstance(app.top, PauseScene)
