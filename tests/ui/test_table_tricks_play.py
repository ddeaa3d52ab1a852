"""Playing at the Révolte! table the way every table plays (issue 11), with real pygame events: a click
selects and a double click (Enter, a drag, Play) plays; "play on one click"; the prompt comes from the
position shown ("Your lead" never after someone led, even while the lead flies); Hint selects the
normal AI's card, says why, and Enter then plays exactly that move; a pod's status line stays clear of
its hand-count badge."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.services import i18n  # noqa: E402
from revolt_table.ai import hints  # noqa: E402
from revolt_table.ui import theme  # noqa: E402
from tests.ui.table_helpers import open_table, post_click, post_key, post_move, run_frames  # noqa: E402
from tests.ui.test_table_tricks import action, action_rect, card_point  # noqa: E402

LEAD = {"hands": [["N2", "R5", "B7", "C"], ["N9", "R1", "B2", "R9"], ["N4", "R3", "B5", "B9"]],
        "leader": 0, "coins": [1, 1, 1]}
SEATS = ["human", "ai:normal", "ai:normal"]


@pytest.fixture
def table(fast_table):
    app, scene = open_table("revolte", SEATS, deal=LEAD, auto_ai=False, frames=3)
    return app, scene


def test_a_click_selects_and_a_quick_second_click_plays(table):
    app, scene = table
    state, fam = scene.session.state, scene.family
    assert fam.actions.prompt() == i18n.t("tricks.prompt_lead")
    assert fam.actions.info()[0] == i18n.t("tricks.keys_hint")             # the keys, C for a cut among them
    post_click(card_point(scene, "R5"))
    run_frames(app, 5)
    assert state.history == [] and fam.hand.selected_cards() == ["R5"]
    sprite = next(sp for sp in scene.model.zones["hand:0"].sprites if sp.card == "R5")
    assert sprite.lift > 0.1 and sprite.highlight > 0.5                     # lifted and glowing
    assert fam.actions.prompt() == i18n.t("table.prompt_confirm")          # the prompt names the next step
    play = action(scene, "play")
    assert play.enabled and play.reason is None
    app.draw()
    rect = action_rect(scene, "play")
    assert app.screen.get_at(rect.center) != app.screen.get_at((rect.right + 40, rect.centery))   # Play drawn
    post_click(card_point(scene, "R5"))
    run_frames(app, 2)
    assert state.history == [(0, "R5")] and fam.hand.selected_cards() == []


def test_enter_the_play_button_and_a_drag_play_the_selection(fast_table):
    for how in ("enter", "button", "drag"):
        app, scene = open_table("revolte", SEATS, deal=LEAD, auto_ai=False, frames=3)
        post_click(card_point(scene, "N2"))
        run_frames(app, 2)
        assert scene.session.state.history == []
        if how == "enter":
            post_key(pygame.K_RETURN)
        elif how == "button":
            post_click(action_rect(scene, "play").center)
        else:
            start = card_point(scene, "N2")
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            for k in range(1, 6):
                post_move((start[0], start[1] - 40 * k), buttons=(1, 0, 0))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 200), button=1))
        run_frames(app, 2)
        assert scene.session.state.history == [(0, "N2")], how


def test_play_on_one_click_plays_at_once(fast_table):
    app, scene = open_table("revolte", SEATS, deal=LEAD, auto_ai=False, frames=3)
    app.settings.one_click_play = True
    run_frames(app)
    assert scene.family.actions.prompt() == i18n.t("table.prompt_one_click")
    post_click(card_point(scene, "R5"))
    run_frames(app, 2)
    assert scene.session.state.history == [(0, "R5")]


def test_your_lead_is_never_shown_once_someone_has_led(table_home):
    """Animations on, the AIs playing: at every frame, "Your lead" is the prompt only while the trick is
    empty in the position shown and in the game; the human plays through Hint and Enter."""
    deal = {"hands": [["N2", "R5", "B7", "C", "N6"], ["N9", "R1", "B2", "R9", "C"], ["N4", "R3", "B5", "B9", "R7"]],
            "leader": 2, "coins": [1, 1, 1]}
    app, scene = open_table("revolte", SEATS, deal=deal, speed=1.0, frames=1)
    state, fam = scene.session.state, scene.family
    lead = i18n.t("tricks.prompt_lead")
    seen_lead = plays = 0
    for _ in range(6000):
        run_frames(app)
        prompt = fam.actions.prompt() if fam.actions.shown() else ""
        if prompt == lead:
            seen_lead += 1
            assert not scene.model.view.info.trick and not state.view(0).info.trick
            assert scene.shown_to_act(0)
        elif scene.model.view.info.trick and fam.actions.shown():
            assert prompt != lead
        if scene.may_act(0) and scene.has_seen() and not fam.choice.shown():
            post_key(pygame.K_h)
            post_key(pygame.K_RETURN)
            plays += 1
        elif fam.choice.shown():
            post_key(pygame.K_RETURN)
        if state.is_over or len([h for h in state.history if h[0] == 0]) >= 3:
            break
    assert len([h for h in state.history if h[0] == 0]) >= 3 and seen_lead > 0


@pytest.mark.parametrize("players,seed", [(3, 7), (4, 12)])
def test_hint_selects_the_ai_move_says_why_and_enter_plays_it(fast_table, players, seed):
    app, scene = open_table("revolte", ["human"] + ["ai:normal"] * (players - 1), seed=seed, frames=3)
    state, fam = scene.session.state, scene.family
    hinted = 0
    for _ in range(4000):
        scene.session.wait_for_ai(5.0)
        run_frames(app)
        if state.is_over or hinted >= 25:
            break
        if not (scene.may_act(0) and scene.has_seen()):
            continue
        view, legal = state.view(0), state.legal_moves(0)
        want, why = hints.hint(scene.session.rules, view, legal)
        post_key(pygame.K_h)
        run_frames(app)
        assert want in legal and fam.hinted is not None and fam.hinted[0] == want
        text, colour = fam.actions.info()
        assert colour == theme.GOLD_LIGHT and i18n.say(why) in text          # the reason under the buttons
        before = len(state.history)
        if want.text.startswith("take:"):
            assert fam.hand.selected_cards() == []
            post_click(action_rect(scene, want.text).center)
        else:
            assert fam.hand.selected_cards() == [want.text.split(":")[-1]]
            post_key(pygame.K_RETURN)
            run_frames(app)
            if fam.choice.shown():                                          # a Blaggard: the hinted way
                assert fam.choice.choices[fam.choice.focus].value == want
                post_key(pygame.K_RETURN)
        run_frames(app)
        assert state.history[before] == (0, want.text)
        hinted += 1
    assert hinted >= 10


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_pods_status_line_stays_clear_of_its_hand_count_badge(fast_table, monkeypatch, size):
    from revolt_table.ui.table import layers
    app, scene = open_table("revolte", ["human"] + ["ai:normal"] * 4, size=size, auto_ai=False, frames=3)
    fam, drawn, state = scene.family, [], scene.session.state
    while not (state.view(None).info.trick and state.view(None).info.leader != 0):     # an AI leads
        seat = state.to_act[0]
        scene._feed(seat, None, scene.session.apply(seat, state.legal_moves(seat)[0]))
        run_frames(app, 2)
    assert any(fam.pod_subtitle(seat).startswith(i18n.t("tricks.leads")) for seat in range(1, 5))
    real = layers.draw.text

    def text(surface, content, *args, **kwargs):
        rect = real(surface, content, *args, **kwargs)
        drawn.append((content, rect))
        return rect

    monkeypatch.setattr(layers.draw, "text", text)
    app.draw()
    scratch = pygame.Surface(app.screen.get_size())
    for seat, pod in scene.geom.pods.items():
        if seat == scene.viewer:
            continue
        badge_left = fam.pod_badge(scratch, seat, fam.pod_band(pod.rect, 0))
        status = i18n.t("table.thinking") if seat in scene.session.thinking else fam.pod_subtitle(seat)
        for content in (status, scene.session.names[seat]):
            rects = [r for c, r in drawn if pod.rect.colliderect(r) and (c == content or (     # or cut short
                c.endswith("…") and len(c) > 4 and content.startswith(c[:-1].rstrip()))
                or c in content.split(" · ") or content.startswith(c + " · "))]    # or in whole parts (issue 28)
            assert rects and all(r.right <= badge_left for r in rects), (seat, content, rects, badge_left)
