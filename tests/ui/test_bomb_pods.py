"""Revolución's name plates light (gold edge, pulsing ring) on the seat to act in the position the player
sees: not while that seat's own move is still being told (animations on, a real table, AI seats moving).
The rule is the shared pods section's; the other tables' cases are tests/ui/test_table_pods.py."""

from __future__ import annotations

import pytest

from revolt_table.engine import load_rules
from tests.ui.table_helpers import open_table
from tests.ui.test_table_pods import assert_next_lights, watch_told

pytestmark = pytest.mark.usefixtures("table_home")


def test_a_pod_is_not_lit_to_act_while_its_own_move_is_told():
    rules = load_rules("revolucion")
    deal = {"hands": [["T3", "BL"], ["T4", "BR", "DE", "E1"], ["T2", "BL"]], "first": 1, "climate": "revolution",
            "start": "turn"}
    app, scene = open_table("revolucion", ["human", "ai:normal", "ai:normal"], size=(1280, 720), seed=4,
                            state=rules.new_game(3, seed=4, deal=deal), speed=1.0)
    scene.tips_allowed = False
    told = watch_told(app, scene, 900)
    assert told, "no AI move was told"
    assert 1 in {seat for seat, *_ in told}                       # Bo's turn, told with its moment
    assert all(not lit for _, _, lit, _ in told), told
    assert all(gold == 0 for *_, gold in told), told               # on screen: no gold frame on the mover
    assert_next_lights(app, scene)
