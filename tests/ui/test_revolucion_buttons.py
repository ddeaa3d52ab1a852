"""Revolución's buttons when a hand is big (issue 29's stall): once ai:normal and Hint swap their bomb
cards away and dig (`dig: draw`), a hand can hold every answer to the explosion. Six buttons at 6 players
squeezed into a box narrower than one letter, and wrapping a label into it never ended (the text-fits
walk grew to 4 GB). Now a label always wraps in a bounded number of pieces, and more than
MAX_CARD_BUTTONS answers share one "Play a card…" button whose popup lists them."""

from __future__ import annotations

import pytest

from revolt_table.ui import draw
from revolt_table.ui.table import bomb_play
from revolt_table.ui.table.popups import ChoicePopup
from tests.revolucion_helpers import game
from tests.ui.table_helpers import open_table, run_frames

pytestmark = pytest.mark.usefixtures("fast_table")

ANSWERS = ["FO", "BG", "PO", "LE", "CW"]


class CountingFace:
    """A font stub 7 px a letter that fails (instead of hanging) after too many measures."""

    def __init__(self) -> None:
        self.calls = 0

    def size(self, text: str) -> tuple[int, int]:
        self.calls += 1
        assert self.calls < 10_000, "hyphenate does not end"
        return 7 * len(text), 12


@pytest.mark.parametrize("width", [0, 4, 10, 20])
def test_a_label_wider_than_its_box_is_cut_into_pieces_and_the_cutting_ends(width):
    face = CountingFace()
    pieces = draw.hyphenate("Hint", face, width)
    assert "".join(p.rstrip("-") for p in pieces) == "Hint" and len(pieces) <= 4


def explosion_state(players: int):
    """Seat 0 (the human) receives the bomb on the last step holding all five answers and more."""
    others = ["T2", "T3", "E1", "S1", "E2"]
    hands = [["T3", "OA", "DR", *ANSWERS]] + [[others[s]] for s in range(players - 1)]
    hands[players - 1] = ["BL", "T2"]
    state = game(hands, first=players - 1, timer=1)
    state.apply(players - 1, "BL")
    assert state.phase == "explosion" and state.to_act == (0,)
    return state


@pytest.mark.parametrize("players", [4, 6])
def test_many_answers_share_one_button_whose_popup_lists_each(players):
    app, scene = open_table("revolucion", ["human"] + ["ai:normal"] * (players - 1), size=(1024, 640),
                            state=explosion_state(players))
    scene.model.settle()
    run_frames(app, 20)
    actions = scene.family.actions
    buttons = actions.layout_buttons()
    labels = [a.label for _, a in buttons]
    assert labels[0] == "Play a card…" and "No" in labels and not any(lb.startswith("Play Fort") for lb in labels)
    for rect, action in buttons:              # each label has the room it is measured for
        assert rect.w >= draw.font(actions.metrics.font_body, True).size(action.label)[0], action.label
    actions.press(buttons[0][1])
    popup = next(s for s in scene.family.sections if isinstance(s, ChoicePopup))
    assert popup.shown()
    assert {c.value.text for c in popup.choices} == set(ANSWERS)
    chosen = next(c for c in popup.choices if c.value.text == "BG")
    popup.on_choose(chosen.value)
    run_frames(app)
    assert scene.session.state.history[-1] == (0, "BG")


def test_two_answers_keep_a_button_each():
    hands = [["T3", "FO", "BG"], ["T2"], ["BL", "T2"]]
    state = game(hands, first=2, timer=1)
    state.apply(2, "BL")
    assert state.phase == "explosion"
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=(1024, 640), state=state)
    scene.model.settle()
    run_frames(app, 20)
    labels = [a.label for _, a in scene.family.actions.layout_buttons()]
    assert "Play Fort" in labels and "Play Bodyguard" in labels
    assert bomb_play.MAX_CARD_BUTTONS == 2
