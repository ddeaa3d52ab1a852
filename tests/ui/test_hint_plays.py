"""Hint then Enter, and Hint then the Play button, play exactly the hinted move at every table (issue 27:
pressing H then Enter while bidding in Dou Dizhu lifted the 3♠ and said "That selection can't be played
now"; Revolución's hinted "Keep my hand" did the same). Real key presses and clicks, a human against
ai:normal, many positions of each family: bids, passes, buttons and card plays."""

from __future__ import annotations

import time

import pygame
import pytest

from revolt_table.engine import load_rules
from revolt_table.ui import i18n
from tests.ui.table_helpers import card_point, click_at, open_table, post_click, press_key, run_frames


def buttons(scene) -> dict:
    return {action.id: (rect, action) for rect, action in scene.family.actions.layout_buttons()}


def wait_for_human(app, scene, limit: float = 20.0) -> bool:
    end = time.time() + limit
    while time.time() < end:
        run_frames(app)
        if type(app.scenes[-1]).__name__ != "TableScene":
            return False
        if scene.may_act(0) and scene.has_seen() and scene.family.sections.modal_shown() is None:
            return True
        time.sleep(0.001)
    return False


def take_hints(game: str, players: int, seed: int, decisions: int, variant: str | None = None):
    """The human (seat 0) takes the hint at each of its decisions: H then Enter at even ones, H then a
    click on Play at odd ones. Returns (phase, kind, how) of each hinted move; asserts each applied move
    is the hinted one."""
    app, scene = open_table(game, ["human"] + ["ai:normal"] * (players - 1), seed=seed, frames=2, variant=variant)
    met = []
    for k in range(decisions):
        if not wait_for_human(app, scene):
            break
        state = scene.session.state
        before = len(state.history)
        press_key(app, pygame.K_h)
        fam = scene.family
        assert fam.hinted is not None, "Hint chose nothing"
        hinted = fam.hinted[0]
        info = fam.describe(hinted)
        assert info is not None and fam.hinted_move() == hinted
        shown = buttons(scene)
        assert "play" in shown and shown["play"][1].enabled, (info, list(shown))
        if k % 2 == 0:
            press_key(app, pygame.K_RETURN)
            how = "key"
        else:
            click_at(app, shown["play"][0].center)
            how = "click"
        run_frames(app, 2)
        mine = [text for seat, text in state.history[before:] if seat == 0]
        assert mine[:1] == [hinted.text], (game, k, how, info, mine)
        met.append((info.phase, info.kind, how))
    return met


def test_dou_dizhu_bids_passes_and_plays_the_hint_by_key_and_by_click():
    met = []
    for seed in (3, 8):
        met += take_hints("doudizhu", 3, seed, 14)
    kinds = {(phase, kind) for phase, kind, _ in met}
    assert kinds & {("bidding", "bid"), ("bidding", "pass")}, kinds       # a hinted bid (or no bid) is played
    assert ("play", "play") in kinds
    assert {how for _, _, how in met} == {"key", "click"}


def test_revolucion_keeps_its_hand_swaps_and_fights_as_hinted():
    met = []
    for seed in (2, 5):
        met += take_hints("revolucion", 3, seed, 16)
    kinds = {(phase, kind) for phase, kind, _ in met}
    assert ("exchange", "keep") in kinds or ("exchange", "swap") in kinds
    assert any(phase == "turn" for phase, _ in kinds)
    assert len({kind for _, kind in kinds}) >= 3, kinds                  # buttons and card moves
    assert {how for _, _, how in met} == {"key", "click"}


def test_revolte_plays_and_cuts_as_hinted():
    met = take_hints("revolte", 3, 4, 14)
    assert ("play", "play") in {(phase, kind) for phase, kind, _ in met}
    assert {how for _, _, how in met} == {"key", "click"}


@pytest.mark.parametrize("variant", [None, "bananas"])
def test_revoltaaa_plays_the_hinted_card(variant):
    met = take_hints("revoltaaa", 3, 6, 8, variant=variant)
    assert len(met) >= 5 and {how for _, _, how in met} == {"key", "click"}


def test_a_bid_hint_lifts_no_card_and_its_play_button_bids():
    """The issue's case: H then Enter while bidding bids (no 3♠ lifted, no "can't be played")."""
    app, scene = open_table("doudizhu", ["human", "ai:normal", "ai:normal"], seed=1, frames=2,
                            deal=None, auto_ai=False)
    rules = load_rules("doudizhu")
    scene.session.state = state = rules.new_game(3, seed=1, deal={"hands": standard_hands(), "first_bidder": 0})
    scene.model.sync(state.view(0), scene.family.sort_key)
    assert wait_for_human(app, scene)
    press_key(app, pygame.K_h)
    hinted = scene.family.hinted[0]
    assert scene.family.hand.selected == []
    prompt = scene.family.actions.prompt()
    assert i18n.say(scene.family.describe(hinted).label) in prompt      # the prompt names the bid
    press_key(app, pygame.K_RETURN)
    assert state.history == [(0, hinted.text)]
    assert scene.family.hint_reason() is None and scene.family.hinted_move() is None   # played: the hint is gone


def standard_hands():
    from revolt_table.games.climbing import CARD_IDS
    deck = list(CARD_IDS)
    return [deck[0:17], deck[17:34], deck[34:51]]


def test_a_card_that_can_only_be_discarded_is_named_before_enter_discards_it():
    """Revolución, a turn without a bomb card: a selected card can only be discarded to dig. The prompt
    says so before Enter plays it, and Enter then plays exactly that."""
    deal = {"hands": [["T3", "E1", "DR", "FO"], ["BL", "T2"], ["BR", "M5"]], "first": 0, "start": "turn",
            "climate": "democracy"}
    rules = load_rules("revolucion")
    if "democracy" not in rules.params.climates:
        deal.pop("climate")
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], deal=deal, frames=3, auto_ai=False)
    state = scene.session.state
    assert wait_for_human(app, scene)
    index = next(i for i, sp in enumerate(scene.model.zones["hand:0"].sprites) if sp.card == "T3")
    post_click(card_point(scene, index))
    run_frames(app, 2)
    assert scene.family.hand.selected_cards() == ["T3"]
    info = scene.family.describe(scene.family.selection_state(("T3",))[0])
    assert info.kind == "dig"
    words = i18n.say(info.label, scene.session.names)
    assert words in scene.family.actions.prompt()                       # "Discard Soldier 3 and dig: ..."
    press_key(app, pygame.K_RETURN)
    assert state.history[0] == (0, info.text)
