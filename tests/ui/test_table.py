"""The RevoltaaA table driven through the window with real pygame events (headless, animations off)."""

from __future__ import annotations

import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.ui import theme  # noqa: E402
from tests.ui import table_helpers as helpers  # noqa: E402
from tests.ui.pixels import count_near  # noqa: E402
from tests.ui.table_helpers import open_table, post_click, post_key, run_frames  # noqa: E402,F401


def make_table(size=(1280, 720), seats=("human", "ai:normal", "ai:normal", "ai:normal"), seed=11,
               speed=0.0, save=False, variant=None):
    """A RevoltaaA table (a match of the default length)."""
    return open_table("revoltaaa", seats, size=size, seed=seed, games=0, speed=speed, save=save, variant=variant)


def card_point(scene, index: int):
    """A point on the visible strip of the viewer's index-th hand card (cards overlap to the right)."""
    return helpers.card_point(scene, index, inset=10)


def face_pixels(surface) -> int:
    """How many pixels have the card-face paper colour (only card faces and card-back borders use it)."""
    return count_near(surface, theme.CARD_FACE)


def test_human_plays_a_full_game_to_the_results(table_home):
    from revolt_table.ui.scenes.results import ResultsScene

    app, scene = make_table()
    deadline = time.monotonic() + 60
    clicks = 0
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the game did not reach the results"
        run_frames(app)
        if app.top is scene and scene.may_act(scene.viewer):
            hand = scene.model.zones[f"hand:{scene.viewer}"]
            index = clicks % len(hand.sprites)
            post_click(card_point(scene, index))       # select ...
            run_frames(app)
            assert scene.family.hand.selected == [index]
            post_click(card_point(scene, index))       # ... and play it
            run_frames(app)
            clicks += 1
        else:
            time.sleep(0.001)
    assert clicks >= 4
    assert scene.session.state.is_over
    results = app.top
    assert len(results.data.rows) == 5                 # four players and the centre pile
    assert results.data.rows[-1].name == "Centre pile"
    assert [r.points[0] for r in results.data.rows[:4]] == list(scene.session.match.results[0])


def test_keyboard_choice_and_escape_menu(table_home):
    from revolt_table.ui.scenes.pause import PauseScene

    app, scene = make_table(seed=3)
    run_frames(app, 2)
    assert scene.may_act(0)
    post_key(pygame.K_ESCAPE)
    run_frames(app)
    assert isinstance(app.top, PauseScene)
    post_key(pygame.K_ESCAPE)
    run_frames(app)
    assert app.top is scene
    hand_before = len(scene.model.zones["hand:0"].sprites)
    post_key(pygame.K_RIGHT)
    post_key(pygame.K_RIGHT)
    run_frames(app)
    assert scene.family.hand.selected == [1]
    post_key(pygame.K_RETURN)
    run_frames(app, 3)
    assert len(scene.session.state.history) >= 1 and scene.session.state.history[0][0] == 0 or \
        any(seat == 0 for seat, _ in scene.session.state.history)
    assert len(scene.model.zones["hand:0"].sprites) == hand_before - 1


def test_hot_seat_hand_over_hides_every_card_until_confirmed(table_home):
    from revolt_table.ui.scenes.handover import HandoverScene

    app, scene = make_table(seats=("human", "human", "ai:normal"), seed=5)
    deadline = time.monotonic() + 60
    checked = 0
    rounds_start = scene.session.state.public_info()["round"]
    while scene.session.state.public_info()["round"] < rounds_start + 3 and not scene.session.state.is_over:
        assert time.monotonic() < deadline
        run_frames(app)
        top = app.top
        if isinstance(top, HandoverScene):
            app.draw()
            assert face_pixels(app.screen) == 0, "a card is visible behind the hand-over screen"
            seat = scene.session.names.index(top.name)
            run_frames(app, 30)                        # arm it
            assert isinstance(app.top, HandoverScene)  # nothing happens without a confirmation
            post_key(pygame.K_RETURN)
            run_frames(app)
            assert app.top is scene and scene.viewer == seat and scene.face_up
            app.draw()
            assert face_pixels(app.screen) > 0        # now this player's own hand shows
            checked += 1
        elif top is scene and scene.viewer is not None and scene.may_act(scene.viewer):
            post_key(pygame.K_1)
            post_key(pygame.K_1)
            run_frames(app)
        else:
            time.sleep(0.001)
    assert checked >= 6                                # two humans: two hand-overs every round
    assert scene.handovers - checked in (0, 1)         # the last one may be up when the loop ends


def test_single_human_never_sees_a_hand_over(table_home):
    from revolt_table.ui.scenes.handover import HandoverScene

    app, scene = make_table(seats=("ai:easy", "human", "ai:easy"), seed=9)
    for _ in range(400):
        run_frames(app)
        assert not isinstance(app.top, HandoverScene)
        if app.top is scene and scene.may_act(1):
            post_key(pygame.K_RETURN)
            post_key(pygame.K_RETURN)
    assert scene.handovers == 0 and scene.viewer == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_layout_reflows_without_overlap(table_home, players):
    from revolt_table.ui.table.layout import TableGeometry
    from revolt_table.ui.theme import metrics_for

    for size in [(1024, 640), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (1400, 640)]:
        for bottom, pod_height, top_row in [(b, h, r) for b in range(players) for h in (158, 118)
                                            for r in ("spread", "packed")]:   # generic, majority; bomb packs
            g = TableGeometry(size, players, bottom, metrics_for(size), pod_height=pod_height, top_row=top_row)
            screen = pygame.Rect((0, 0), size)
            boxes = {f"pod{s}": p.rect for s, p in g.pods.items()}
            boxes |= {"hand": g.hand, "centre_pod": g.centre_pod, "hud": g.hud, "menu": g.menu_button}
            slots = {f"slot{s}": p.slot for s, p in g.pods.items()}
            centre = pygame.Rect(0, 0, g.table_h * 0.68, g.table_h)
            centre.center = g.centre
            slots["centre_card"] = centre
            everything = boxes | slots
            for name, rect in everything.items():
                assert screen.contains(rect), f"{name} {rect} leaves the {size} window"
            names = list(everything)
            for i, a in enumerate(names):
                for b in names[i + 1:]:
                    assert not everything[a].colliderect(everything[b]), f"{a} overlaps {b} at {size}, {players}p"


def test_window_resize_reflows_the_table(table_home):
    app, scene = make_table()
    run_frames(app, 2)
    hand_before = scene.geom.hand.copy()
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    run_frames(app, 2)
    assert scene.geom.size == (1920, 1080)
    assert scene.geom.hand.width > hand_before.width
    rects = [scene.renderer.current_rect(s) for s in scene.model.zones["hand:0"].sprites]
    assert all(pygame.Rect(0, 0, 1920, 1080).contains(r) for r in rects)


def test_animated_round_plays_at_speed_and_can_be_skipped(table_home):
    app, scene = make_table(speed=2.0, seed=4)
    assert not scene.queue.idle                   # the deal is playing
    post_click((5, 300))
    run_frames(app)
    for _ in range(600):
        if scene.may_act(0):
            break
        run_frames(app)
    assert scene.may_act(0)
    post_key(pygame.K_1)
    post_key(pygame.K_RETURN)
    names = set()
    for _ in range(2000):
        run_frames(app)
        if scene.queue.current is not None:
            names.add(scene.queue.current.name)
        if "sweep" in names and scene.queue.idle:
            break
        time.sleep(0.0005)
    assert {"choose", "reveal", "fight", "sweep"} <= names
    assert scene.session.state.public_info()["round"] == 2


def test_session_saves_every_move_and_resumes(table_home):
    from revolt_table.services import userdata
    from revolt_table.ui.launch import resume_game

    app, scene = make_table(save=True, seed=21)
    s = scene.session
    s.play_ai_now()
    s.apply(0, s.state.legal_moves(0)[0])
    record, warning = userdata.load_game_record()
    assert warning is None and len(record["moves"]) == len(s.state.history) == 4
    resumed = resume_game(app)
    assert resumed is not None and resumed.session.state.history == s.state.history
    userdata.save_path().write_text("rules: [unclosed", encoding="utf-8")
    assert resume_game(app) is None
    assert not userdata.save_path().exists()           # the corrupt file was set aside
    assert app.toasts



def test_a_save_the_table_cannot_show_is_set_aside_not_a_crash(table_home, monkeypatch):
    """The save reads well but its table fails to build (a family's table bug, a rules file changed
    under it): Resume says so, sets the save aside and stays on the title; the AI worker is closed."""
    from revolt_table.services import userdata
    from revolt_table.ui import launch
    from revolt_table.ui.scenes import table as table_module
    from revolt_table.ui.session import Session

    app, scene = make_table(save=True, seed=21)
    scene.session.play_ai_now()
    closed = []
    monkeypatch.setattr(Session, "close", lambda self: closed.append(self))

    def broken_table(*args, **kwargs):
        raise RuntimeError("the table cannot show this")

    monkeypatch.setattr(table_module, "TableScene", broken_table)
    before = app.top
    assert launch.resume_game(app) is None
    assert app.top is before and len(closed) == 1
    assert not userdata.save_path().exists()
    assert any(toast[0].startswith("Your saved game could not be resumed (it could not be replayed); the file as "
                                   "it was is kept as current_game.yaml.corrupt-") for toast in app.toasts)

def test_screenshot_capture_writes_png(table_home, tmp_path):
    from revolt_table.ui.launch import capture

    out = tmp_path / "shot.png"
    capture("revoltaaa", 4, 2, 6, (1024, 640), str(out))
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)


def test_family_card_image_hook_paints_every_card(table_home):
    """The renderer asks the family table's `card_image` for every card it draws (no monkey-patching)."""
    app, scene = make_table()
    run_frames(app, 2)
    calls = []
    original = scene.family.card_image

    def spy(card, h, face_up):
        calls.append((card, face_up))
        return original(card, h, face_up)

    scene.renderer.painter = spy
    run_frames(app, 1)
    assert any(face_up for _, face_up in calls) and any(not face_up for _, face_up in calls)


def test_finished_games_keep_their_facts_in_the_save_and_the_results(table_home):
    """The RevoltaaA table keeps a small note of each finished game (its table's game_note, from the
    final public view) for the results of the later games; the note goes in the save, which resumes."""
    from revolt_table.services import userdata
    from revolt_table.ui.session import Session

    app, scene = make_table(seats=("ai:normal",) * 4, seed=3, save=True)
    s = scene.session
    while not s.state.is_over:
        s.play_ai_now()
    info = s.state.view(None).info
    assert s.notes[-1] == {"center": info.center_score, "victorious": info.victorious,
                           "beaten": list(info.beaten_by_center),
                           "breakdown": [[row.stacks, row.cards] for row in info.breakdown]}
    data = scene.family.results_data()
    assert data.rows[-1].points[0] == info.center_score
    assert data.subtitle.startswith("The Ducks won" if info.victorious_colour == "red" else "The Robots won")
    assert [row.detail[:2] for row in data.rows] == [[str(r.stacks), str(r.cards)] for r in info.breakdown]
    s.next_game()                                       # the save now holds a finished game's note
    record, warning = userdata.load_game_record()
    assert warning is None and record["match"]["notes"] == s.notes
    assert Session.from_record(record, ai_pace=0, save=False).notes == s.notes
    s.notes[-1] = {"breakdown": "garbage", "beaten": [None, "x"], "center": True}
    assert scene.family.results_data().rows[-1].points[0] is None    # a broken note shows nothing, never crashes


@pytest.mark.parametrize("game", ["doudizhu", "revolte", "revolucion"])
def test_a_match_with_a_finished_game_saves_and_resumes(table_home, game):
    """Every family's note fits the save (userdata.RECORD_SCHEMA): a match resumes after its first game."""
    from revolt_table.services import userdata
    from revolt_table.engine import load_rules
    from revolt_table.ui.session import Session

    rules = load_rules(game)
    s = Session(rules, ["ai:normal"] * rules.min_players, ai_pace=0, save=True, match_seed=5, games=2)
    while not s.state.is_over:
        s.play_ai_now()
    s.next_game()
    record, warning = userdata.load_game_record()
    assert warning is None and record is not None
    assert Session.from_record(record, ai_pace=0, save=False).match.results == s.match.results
    s.close()
