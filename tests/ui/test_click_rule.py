"""One click rule at every table (issue 28), through real pygame events at the four tables: a click picks
a card, an unhurried click on a picked card puts it back (nothing is played), and a double click plays.
Before, a second click played the card at RevoltaaA and Révolte! but put it back at Dou Dizhu and
Revolución, where a double click played and nothing said so. The prompt says the rule while a card is
picked, and so do the first-game tips of every game, in every language."""

from __future__ import annotations

import pytest

from revolt_table.engine import load_rules
from revolt_table.services.i18n import LANGUAGES
from revolt_table.ui import i18n
from revolt_table.ui.table.hand import DOUBLE_CLICK
from revolt_table.ui.table.strings import tt
from tests.ui.table_helpers import open_table, post_click, run_frames

pytestmark = pytest.mark.usefixtures("fast_table")

SLOW = int(DOUBLE_CLICK / (1 / 60)) + 6       # frames between two clicks that are not a double click


def _doudizhu():
    from tests.ui.test_table_climbing import deal_state, standard_hands

    hands, bottom = standard_hands(5)
    return open_table("doudizhu", ["human", "ai:normal", "ai:normal"], state=deal_state(hands, bottom, landlord=0,
                      bid=2), auto_ai=False, frames=3)


def _revolucion():
    rules = load_rules("revolucion")
    deal = {"hands": [["BL", "T2", "M5", "E1"], ["T4", "BR"], ["T3", "BL"]], "first": 0, "climate": "democracy",
            "start": "turn"}
    return open_table("revolucion", ["human", "ai:normal", "ai:normal"], state=rules.new_game(3, seed=4, deal=deal),
                      size=(1024, 640), auto_ai=False, frames=3)


TABLES = {
    "revoltaaa": lambda: open_table("revoltaaa", ["human"] + ["ai:normal"] * 3, seed=11, auto_ai=False, frames=3),
    "revolte": lambda: open_table("revolte", ["human", "ai:normal", "ai:normal"], auto_ai=False, frames=3, deal={
        "hands": [["N2", "R5", "B7", "C"], ["N9", "R1", "B2", "R9"], ["N4", "R3", "B5", "B9"]], "leader": 0,
        "coins": [1, 1, 1]}),
    "doudizhu": _doudizhu,
    "revolucion": _revolucion,
}


def click_point(scene, index: int) -> tuple[int, int]:
    """A point on the index-th card that no later card covers (its left strip, high up)."""
    rect = scene.renderer.current_rect(scene.model.zones[f"hand:{scene.viewer}"].sprites[index])
    return rect.x + scene.metrics.px(8), rect.y + scene.metrics.px(30)


def playable(scene) -> list[int]:
    """Hand positions whose card alone can be played now, without a choice to make (one move)."""
    fam = scene.family
    out = []
    for i, sprite in enumerate(scene.model.zones[f"hand:{scene.viewer}"].sprites):
        move, _why = fam.selection_state((sprite.card,))
        if move is not None and len(fam.options([sprite.card]) if hasattr(fam, "options") else [move]) <= 1:
            out.append(i)
    return out


def mine(scene) -> list:
    return [m for seat, m in scene.session.state.history if seat == scene.viewer]


@pytest.mark.parametrize("game", list(TABLES))
def test_a_click_picks_a_second_click_puts_back_and_a_double_click_plays(game):
    app, scene = TABLES[game]()
    fam, hand = scene.family, scene.family.hand
    assert scene.may_act(0), game
    index = playable(scene)[0]
    card = scene.model.zones["hand:0"].sprites[index].card
    post_click(click_point(scene, index))
    run_frames(app, SLOW)
    assert hand.selected_cards() == [card] and mine(scene) == []
    prompt = fam.actions.prompt()
    said = {tt("prompt_confirm"), tt("prompt_confirm_multi")} | (
        {tt("prompt_confirm_move_cards", move=fam.play_words(fam.selection_state((card,))[0]))}
        if fam.play_words(fam.selection_state((card,))[0]) is not None else set())
    assert prompt in said and "double-click" in prompt.lower(), prompt          # the rule, said while picked
    post_click(click_point(scene, index))                                      # an unhurried second click
    run_frames(app, SLOW)
    assert hand.selected_cards() == [] and mine(scene) == [], game              # puts it back, plays nothing
    if fam.multi_select:                                                       # a combination loses one card
        other = next(i for i in range(len(hand.sprites())) if i != index)
        for i in (index, other):
            post_click(click_point(scene, i))
            run_frames(app, SLOW)
        assert sorted(hand.selected) == sorted([index, other])
        post_click(click_point(scene, other))
        run_frames(app, SLOW)
        assert hand.selected == [index] and mine(scene) == []
        hand.clear()
        run_frames(app, SLOW)
    post_click(click_point(scene, index))                                      # a double click
    run_frames(app, 2)
    post_click(click_point(scene, index))
    run_frames(app, 3)
    assert len(mine(scene)) == 1, game
    if not fam.multi_select:
        assert mine(scene) == [card]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_s_first_tip_and_the_prompts_give_the_same_rule(lang):
    """In every language the prompts and each game's hand tip say the double click (checked against the
    English words, each language's own: none of them is still the old "click it again to play")."""
    i18n.set_language(lang)
    try:
        texts = [tt("prompt_confirm"), tt("prompt_confirm_multi"), tt("prompt_confirm_move_cards", move="X")]
        texts += [i18n.t(f"tips.{g}.hand") for g in ("generic", "revoltaaa", "doudizhu", "revolte", "revolucion")]
        double = {"en": "double-click", "pt": "duas vezes", "de": "doppelklick", "fr": "double-cli",
                  "es": "doble clic", "zh": "双击"}[lang]
        for text in texts:
            assert double in text.lower(), (lang, text)
    finally:
        i18n.set_language("en")
