"""The one gesture set (issue 11), through real pygame events, at the RevoltaaA table and at the generic
table (the test-only High Card family): click then double click, Enter, the Play button, a disabled Play
with the game's reason beside it, one-click play, Hint with its reason; a card's refusal over it."""

from __future__ import annotations

import pygame
import pytest

from revolt_table.engine import Message, Refusal
from revolt_table.engine.family import registered
from revolt_table.ui import i18n, theme
from revolt_table.ui.table.actions import REASON_RGB
from revolt_table.ui.table.strings import tt
from tests.highcard import HIGHCARD
from tests.ui.pixels import count_near
from tests.ui.table_helpers import card_point, open_table, post_click, post_key, run_frames

pytestmark = pytest.mark.usefixtures("table_home")

HIGHCARD_RULES = "tests/data/highcard.yaml"


def revoltaaa(seed=11, **kwargs):
    """A RevoltaaA table whose AI seats wait (auto_ai False): only the human moves unless a test says."""
    app, scene = open_table("revoltaaa", ["human", "ai:normal", "ai:normal", "ai:normal"], seed=seed,
                            auto_ai=False, frames=2, **kwargs)
    return app, scene


def human_moves(scene) -> list[str]:
    return [text for seat, text in scene.session.state.history if seat == scene.viewer]


def button(scene, action_id):
    """The rectangle of the actions section's button `action_id` as last laid out (None if not shown)."""
    scene.app.draw()
    return next((rect for rect, action in scene.family.actions.buttons if action.id == action_id), None)


def hand_cards(scene) -> list[str]:
    return [sp.card for sp in scene.model.zones[f"hand:{scene.viewer}"].sprites]


def test_click_lifts_the_card_and_the_prompt_says_to_double_click_then_a_double_click_plays():
    app, scene = revoltaaa()
    assert scene.may_act(0)
    card = hand_cards(scene)[3]
    post_click(card_point(scene, 3))
    run_frames(app, 2)
    assert scene.family.hand.selected == [3] and human_moves(scene) == []
    assert scene.family.actions.prompt() == tt("prompt_confirm")          # the next step, named
    play = button(scene, "play")
    assert play is not None                                                # Play is shown while selected
    assert count_near(app.screen, theme.GOLD, 8, play) > play.w * play.h // 3   # ... enabled (gold)
    lifted = scene.renderer.current_rect(scene.model.zones["hand:0"].sprites[3])
    rest = scene.renderer.rect_of(scene.model.zones["hand:0"].sprites[3])
    assert lifted.y < rest.y
    post_click(card_point(scene, 3))
    run_frames(app, 2)
    assert human_moves(scene) == [card]


def test_enter_plays_the_selection_and_a_number_key_twice_plays_its_card():
    app, scene = revoltaaa(seed=12)
    card = hand_cards(scene)[2]
    post_key(pygame.K_3)
    run_frames(app)
    assert scene.family.hand.selected == [2] and human_moves(scene) == []
    post_key(pygame.K_RETURN)
    run_frames(app, 2)
    assert human_moves(scene) == [card]
    app, scene = revoltaaa(seed=13)
    card = hand_cards(scene)[0]
    post_key(pygame.K_1)
    post_key(pygame.K_1)
    run_frames(app, 2)
    assert human_moves(scene) == [card]


def test_the_play_button_plays_the_selection():
    app, scene = revoltaaa(seed=14)
    assert button(scene, "play") is None                  # nothing selected: no Play button
    card = hand_cards(scene)[5]
    post_click(card_point(scene, 5))
    run_frames(app)
    post_click(button(scene, "play").center)
    run_frames(app, 2)
    assert human_moves(scene) == [card]


def test_a_selection_that_cannot_be_played_disables_play_and_says_why():
    """RevoltaaA: after choosing, a card selected while the others choose cannot be played; Play is
    disabled (grey) and the reason stands beside it; pressing it or Enter plays nothing."""
    app, scene = revoltaaa(seed=15)
    post_key(pygame.K_1)
    post_key(pygame.K_RETURN)
    run_frames(app, 2)
    assert len(human_moves(scene)) == 1
    post_click(card_point(scene, 4))
    run_frames(app, 2)
    assert scene.family.hand.selected == [4]
    play = button(scene, "play")
    assert play is not None and count_near(app.screen, theme.GOLD, 8, play) == 0
    assert count_near(app.screen, theme.BUTTON_DISABLED, 2, play) > play.w * play.h // 3
    text, colour = scene.family.actions.info()
    assert text == tt("chosen_wait") and colour == REASON_RGB
    below = scene.family.actions.buttons_rect.clip(pygame.Rect(0, play.bottom, 4000, 4000))
    assert count_near(app.screen, REASON_RGB, 30, below) > 20        # the reason is drawn beside Play
    assert scene.family.actions.prompt() == tt("prompt_wait", names="Bo, Cy, Di")
    post_click(play.center)
    post_key(pygame.K_RETURN)
    run_frames(app, 2)
    assert len(human_moves(scene)) == 1


def test_one_click_play_setting_plays_at_once():
    app, scene = revoltaaa(seed=16)
    app.settings.one_click_play = True
    card = hand_cards(scene)[1]
    app.draw()
    assert scene.family.actions.prompt() == tt("prompt_one_click")
    post_click(card_point(scene, 1))
    run_frames(app, 2)
    assert human_moves(scene) == [card]


def test_hint_selects_the_normal_ai_card_and_says_why():
    from revolt_table.ai.hints import hint

    app, scene = revoltaaa(seed=17)
    state = scene.session.state
    move, reason = hint(scene.session.rules, state.view(0), state.legal_moves(0))
    assert move in state.legal_moves(0) and reason.code.startswith("majority.hint.")
    post_key(pygame.K_h)
    run_frames(app)
    assert scene.family.hand.selected_cards() == [move.text]
    text, colour = scene.family.actions.info()
    assert text == tt("hint_line", reason=i18n.say(reason)) and colour == theme.GOLD_LIGHT
    assert "{" not in text and "majority." not in text
    assert count_near(app.screen, theme.GOLD_LIGHT, 0, scene.family.actions.buttons_rect) > 100
    post_click(button(scene, "hint").center)              # the button does the same
    run_frames(app)
    assert scene.family.hand.selected_cards() == [move.text]
    post_key(pygame.K_RETURN)
    run_frames(app, 2)
    assert human_moves(scene) == [move.text]


def test_right_click_or_a_click_on_the_felt_drops_the_selection():
    app, scene = revoltaaa(seed=18)
    post_click(card_point(scene, 2))
    run_frames(app)
    assert scene.family.hand.selected == [2]
    post_click((scene.geom.size[0] // 2, scene.geom.size[1] // 3))
    run_frames(app)
    assert scene.family.hand.selected == []
    post_click(card_point(scene, 2))
    post_click(card_point(scene, 2), button=3)
    run_frames(app)
    assert scene.family.hand.selected == [] and human_moves(scene) == []


# ------------------------------------------------------------------------------ the generic table

def highcard():
    app, scene = open_table(HIGHCARD_RULES, ["human", "random", "random"], seed=4, auto_ai=False, frames=2)
    return app, scene


def human_turn(app, scene) -> None:
    """Let the (waiting) random seats play until the human is to act."""
    while 0 not in scene.session.state.to_act:
        scene.session.play_ai_now()
        run_frames(app, 2)


def test_generic_table_click_click_enter_and_play_button():
    with registered(HIGHCARD):
        app, scene = highcard()
        s = scene.session
        while 0 not in s.state.to_act:                      # the AI seats lead until it is the human's turn
            s.play_ai_now()
            run_frames(app, 2)
        first = hand_cards(scene)[0]
        post_click(card_point(scene, 0))
        run_frames(app)
        assert human_moves(scene) == [] and scene.family.actions.prompt() == tt("prompt_confirm")
        post_click(card_point(scene, 0))
        run_frames(app, 2)
        assert human_moves(scene) == [first]
        human_turn(app, scene)
        second = hand_cards(scene)[1]
        post_key(pygame.K_2)
        post_key(pygame.K_RETURN)
        run_frames(app, 2)
        assert human_moves(scene) == [first, second]
        human_turn(app, scene)
        third = hand_cards(scene)[0]
        post_click(card_point(scene, 0))
        run_frames(app)
        post_click(button(scene, "play").center)
        run_frames(app, 2)
        assert human_moves(scene) == [first, second, third]


def test_generic_table_disabled_play_says_it_is_not_your_turn():
    with registered(HIGHCARD):
        app, scene = highcard()
        s = scene.session
        if 0 in s.state.to_act:
            post_click(card_point(scene, 0))
            post_click(card_point(scene, 0))
            run_frames(app, 2)
        assert 0 not in s.state.to_act                      # the random seats wait (auto_ai off)
        played = list(human_moves(scene))
        post_click(card_point(scene, 0))
        run_frames(app, 2)
        play = button(scene, "play")
        assert play is not None and count_near(app.screen, theme.GOLD, 8, play) == 0
        assert scene.family.actions.info() == (i18n.say(Refusal("engine.refusal.not_your_turn")), REASON_RGB)
        post_click(play.center)
        run_frames(app, 2)
        assert human_moves(scene) == played


def test_a_card_the_game_refuses_says_why_when_hovered(monkeypatch):
    """The hand asks the table why a card cannot be played (here the generic table is told that its
    first card is refused) and shows the reason over the hovered card; the card is dimmed."""
    with registered(HIGHCARD):
        app, scene = highcard()
        human_turn(app, scene)
        refused = hand_cards(scene)[0]
        why = Message("engine.refusal.not_legal")
        real = scene.family.selection_move
        monkeypatch.setattr(scene.family, "selection_move",
                            lambda cards: (None, why) if cards == (refused,) else real(cards))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card_point(scene, 0), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        run_frames(app, 2)
        assert scene.family.hand.hover == 0 and scene.family.card_reason(refused) == why
        sprite = scene.model.zones["hand:0"].sprites[0]
        assert sprite.dim > 0.1 and scene.model.zones["hand:0"].sprites[1].dim == 0
        rect = scene.renderer.current_rect(sprite)
        above = pygame.Rect(0, max(0, rect.top - scene.metrics.px(40)), scene.geom.size[0], scene.metrics.px(36))
        assert count_near(app.screen, REASON_RGB, 30, above) > 20
        post_click(card_point(scene, 0))
        post_click(card_point(scene, 0))                     # clicking it twice plays nothing
        run_frames(app, 2)
        assert refused in hand_cards(scene)
        text, colour = scene.family.actions.info()
        assert colour == REASON_RGB and text == i18n.say(why)


def test_combinations_click_adds_and_removes_and_a_double_click_plays(monkeypatch):
    """A table whose game makes combinations (multi_select): clicks add and remove cards, a selection
    the game refuses disables Play with its reason, Space toggles the focused card, a double click plays."""
    with registered(HIGHCARD):
        app, scene = highcard()
        human_turn(app, scene)
        table = scene.family
        monkeypatch.setattr(table, "multi_select", True)
        why = Message("engine.refusal.not_legal")
        real = table.selection_move
        monkeypatch.setattr(table, "selection_move", lambda cards: real(cards) if len(cards) == 1 else (None, why))
        first = hand_cards(scene)[0]
        post_click(card_point(scene, 0))
        run_frames(app, 40)                                   # apart: two single clicks, not a double
        post_click(card_point(scene, 1))
        run_frames(app, 40)
        assert table.hand.selected == [0, 1] and human_moves(scene) == []
        assert table.actions.prompt() == tt("prompt_choose_other_multi")
        assert table.actions.info() == (i18n.say(why), REASON_RGB)
        post_click(card_point(scene, 1))                      # a click on a selected card removes it
        run_frames(app, 40)
        assert table.hand.selected == [0]
        assert table.actions.prompt() == tt("prompt_confirm_multi")
        post_key(pygame.K_RIGHT)                              # keys: the focus moves on from the card
        post_key(pygame.K_SPACE)                              # clicked last; Space adds or removes it
        run_frames(app)
        assert table.hand.focus == 2 and table.hand.selected == [0, 2]
        post_key(pygame.K_SPACE)
        run_frames(app, 40)
        assert table.hand.selected == [0]
        post_click(card_point(scene, 0))                      # a double click on it plays the selection
        post_click(card_point(scene, 0))
        run_frames(app, 2)
        assert human_moves(scene) == [first]
