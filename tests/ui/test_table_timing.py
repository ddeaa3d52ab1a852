"""A human move only for the position the player has seen (issue 11, item 2), with animations on and real
pygame events: clicks during a reveal skip it and play nothing; a card chosen while another seat's card
flies waits for it and goes down in the same round; a new round takes no input before it was on screen."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.table_helpers import card_point, open_table, post_click, run_frames

pytestmark = pytest.mark.usefixtures("table_home")

SEATS = ["human", "ai:normal", "ai:normal", "ai:normal"]


def human_moves(scene) -> list[str]:
    return [text for seat, text in scene.session.state.history if seat == scene.viewer]


def until(app, scene, condition, frames=3000):
    for _ in range(frames):
        if condition():
            return True
        run_frames(app)
    return condition()


def ready(scene) -> bool:
    """The human may act and has seen the position long enough for input to count."""
    return scene.may_act(0) and scene.has_seen()


def double_click(scene, index):
    post_click(card_point(scene, index))
    post_click(card_point(scene, index))


def test_two_fast_double_clicks_during_a_reveal_play_nothing_unseen():
    app, scene = open_table("revoltaaa", SEATS, seed=21, speed=1.0)
    assert until(app, scene, lambda: ready(scene))
    double_click(scene, 0)                                   # round 1: select and play
    run_frames(app)
    assert len(human_moves(scene)) == 1
    round_one = scene.model.info.round
    live_round = scene.session.state.public_info

    def playing(name):
        current = scene.queue.current
        return current is not None and current.name == name and scene.model.info.round == round_one

    # the last card of round 1 is still flying, the game is already in round 2 (the human to act there)
    assert until(app, scene, lambda: playing("choose") and live_round().round == round_one + 1)
    assert 0 in scene.session.state.to_act
    double_click(scene, 0)
    run_frames(app)
    assert len(human_moves(scene)) == 1
    assert until(app, scene, lambda: playing("reveal"))
    double_click(scene, 0)                                   # two fast double-clicks during the reveal
    run_frames(app)
    double_click(scene, 1)
    run_frames(app)
    assert len(human_moves(scene)) == 1                      # nothing played into round 2
    assert until(app, scene, lambda: scene.queue.idle and scene.model.info.round == round_one + 1)
    run_frames(app, 60)
    assert len(human_moves(scene)) == 1 and len(scene.model.zones["hand:0"].sprites) == 10
    double_click(scene, 2)                                   # round 2, seen: now a move is taken
    run_frames(app, 2)
    assert len(human_moves(scene)) == 2


def test_a_card_chosen_while_another_card_flies_goes_down_after_it_in_the_same_round():
    app, scene = open_table("revoltaaa", SEATS, seed=22, speed=1.0, auto_ai=False)
    assert until(app, scene, lambda: ready(scene))
    s = scene.session
    move = s.state.legal_moves(1)[0]
    scene._feed(1, move, s.apply(1, move))                   # Bo's card starts flying to its spot
    run_frames(app)
    flight = scene.queue.current
    assert flight is not None and flight.name == "choose" and not flight.finished
    card = scene.model.zones["hand:0"].sprites[4].card
    double_click(scene, 4)
    run_frames(app)
    assert human_moves(scene) == [card] and s.state.public_info().round == 1
    assert [b.name for b in scene.queue.beats][:3] == ["choose", "shown", "choose"]   # ours after Bo's


def test_a_move_for_a_decision_the_game_has_left_is_refused():
    """While a flight plays, the game went on behind the table (here: the whole round was played): the
    position shown is round 1, the game is in round 2, so a card picked now is refused."""
    app, scene = open_table("revoltaaa", SEATS, seed=23, speed=1.0, auto_ai=False)
    assert until(app, scene, lambda: ready(scene))
    s = scene.session
    move = s.state.legal_moves(1)[0]
    scene._feed(1, move, s.apply(1, move))                   # a flight keeps the table busy
    run_frames(app)
    seen = scene.model.view
    s.apply(0, s.state.legal_moves(0)[0])
    for seat in (2, 3):
        s.apply(seat, s.state.legal_moves(seat)[0])
    live = s.state.view(0)
    assert live.info.round == seen.info.round + 1 and 0 in live.to_act and 0 in seen.to_act
    assert not scene.family.same_decision(seen, live)
    before = len(s.state.history)
    assert scene.play(0, s.state.legal_moves(0)[0]) is False
    double_click(scene, 0)
    run_frames(app)
    assert len(s.state.history) == before


def test_a_new_round_takes_no_click_before_it_was_on_screen():
    app, scene = open_table("revoltaaa", SEATS, seed=24, speed=1.0)
    assert until(app, scene, lambda: ready(scene))
    double_click(scene, 0)
    run_frames(app)
    assert until(app, scene, lambda: 0 in scene.model.view.to_act and scene.model.info.round == 2)
    assert not scene.has_seen()              # round 2 has just been drawn: a click now comes too soon
    double_click(scene, 0)
    run_frames(app)
    assert len(human_moves(scene)) == 1 and scene.family.hand.selected == []
    run_frames(app, 30)
    assert scene.has_seen()
    double_click(scene, 0)
    run_frames(app, 2)
    assert len(human_moves(scene)) == 2


def test_a_key_press_during_a_reveal_skips_it_and_chooses_nothing():
    app, scene = open_table("revoltaaa", SEATS, seed=25, speed=1.0)
    assert until(app, scene, lambda: ready(scene))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    run_frames(app)
    assert len(human_moves(scene)) == 1
    assert until(app, scene, lambda: scene.queue.current is not None and scene.queue.current.name == "reveal")
    for _ in range(6):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    run_frames(app)
    assert len(human_moves(scene)) == 1 and scene.family.hand.selected == []
