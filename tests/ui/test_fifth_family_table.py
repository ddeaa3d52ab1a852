"""A test-only family (tests/highcard.py) on the generic table: registered from the test, loaded from
its rules file, played by a human clicking cards (select, click again) against random seats, to the
results; nothing in the program names it."""

from __future__ import annotations

from revolt_table.engine.family import registered
from revolt_table.ui.scenes.results import ResultsScene
from revolt_table.ui.table.family import GenericTable
from tests.highcard import HIGHCARD
from tests.ui.table_helpers import open_table, post_click, run_frames

HIGHCARD_RULES = "tests/data/highcard.yaml"


def test_a_test_only_family_plays_on_the_generic_table(table_home):
    with registered(HIGHCARD):
        app, scene = open_table(HIGHCARD_RULES, ["human", "random", "random"], seed=4, frames=2)
        assert type(scene.family) is GenericTable
        plays = 0
        for _ in range(3000):
            if isinstance(app.top, ResultsScene):
                break
            if app.top is scene and scene.may_act(scene.viewer):
                hand = scene.model.zones[f"hand:{scene.viewer}"]
                rect = scene.renderer.current_rect(hand.sprites[0])
                post_click(rect.center)                 # the shared gesture: select the card ...
                post_click(rect.center)                 # ... and click it again to play it
                plays += 1
            run_frames(app)
        assert isinstance(app.top, ResultsScene) and scene.session.state.is_over
        assert plays == 3 and len(scene.session.state.history) == 9
        assert [row.total for row in app.top.data.rows] == list(scene.session.state.scores)
