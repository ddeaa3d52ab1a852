"""The Revolución table driven through the window with real pygame events (headless, animations off)."""

from __future__ import annotations

import os
import random
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.ai.registry import make_agent  # noqa: E402
from revolt_table.engine import load_rules  # noqa: E402
from revolt_table.services.userdata import Settings  # noqa: E402
from tests.ui.pixels import count_below  # noqa: E402
from tests.ui.table_helpers import (NAMES, card_point, card_rect, open_table, post_click, post_key,  # noqa: E402
                                    post_move, run_frames)

pytestmark = pytest.mark.usefixtures("fast_table")


def make_table(size=(1024, 640), players=3, seed=5, state=None):
    return open_table("revolucion", ["human"] + ["ai:normal"] * (players - 1), size=size, seed=seed, state=state)


def buttons(scene):
    """The action buttons drawn now: [(rect, Action)]."""
    return scene.family.actions.layout_buttons()


def button(scene, action_id):
    return next(((r, a) for r, a in buttons(scene) if a.id == action_id), (None, None))


def reason_area(scene) -> pygame.Rect:
    """Where the line under the buttons goes (the reason Play is disabled, the hint's reason)."""
    rect, top = scene.family.actions.buttons_rect, buttons(scene)[0][0].bottom + 2
    return pygame.Rect(rect.x, top, rect.w, rect.bottom - top)


def to_act(scene) -> bool:
    return scene.may_act(scene.viewer)


def select_cards(app, scene, wanted) -> None:
    """Click the hand cards of `wanted` (ids, repeats allowed) so exactly they are selected, as a player
    does: on the hand drawn once the last move has reached the table (Backspace clears first)."""
    fam = scene.family
    zone = scene.model.zones[f"hand:{scene.viewer}"]
    hand = sorted(scene.session.state.view(scene.viewer).hand())
    for _ in range(30):      # (and the position shown is the live one: the AIs' passes have been drawn)
        if sorted(sp.card for sp in zone.sprites) == hand and scene.may_select() and scene.has_seen():
            break
        run_frames(app)
        zone = scene.model.zones[f"hand:{scene.viewer}"]
    post_key(pygame.K_BACKSPACE)
    run_frames(app)
    fam.hand._last_click = None     # a click on the same card a turn ago is no double click (fast test)
    used: set[int] = set()
    for card in wanted:
        index = next(i for i, sp in enumerate(zone.sprites) if sp.card == card and i not in used)
        used.add(index)
        post_click(card_point(scene, index))
        run_frames(app, 2)
    assert sorted(fam.hand.selected_cards()) == sorted(wanted)


def answer_popup(app, scene, move, by_key: bool) -> None:
    """The popup asks which move: pick `move` by its number key or by a click on its line."""
    popup = scene.family.popup
    assert popup.shown(), scene.family.hand.selected_cards()
    index = next(k for k, c in enumerate(popup.choices) if c.value == move)
    if by_key and index < 9:
        post_key(getattr(pygame, f"K_{index + 1}"))
    else:
        post_click(popup.rects[index].center)
    run_frames(app)


def play_through_window(app, scene, move, step: int) -> str:
    """Play `move` for the viewer only with real clicks and keys; returns the path used."""
    from revolt_table.ui.table import bomb_play

    fam = scene.family
    info = next(i for i in fam.move_infos() if i.move == move)
    before = len(scene.session.state.history)
    group = next((k for k, infos in bomb_play.groups(fam).items() if move in [i.move for i in infos]), None)
    if group is not None and (not info.cards or step % 3 == 0):
        rect, action = button(scene, group)
        if action.hotkey is not None and step % 2:
            post_key(action.hotkey)
            path = "hotkey"
        else:
            post_click(rect.center)
            path = "button"
    else:
        select_cards(app, scene, info.cards)
        if step % 2:
            post_key(pygame.K_RETURN)
            path = "enter"
        else:
            post_click(button(scene, "play")[0].center)
            path = "play"
    run_frames(app)
    if len(scene.session.state.history) == before:
        answer_popup(app, scene, move, by_key=bool(step % 2))
        path += "+popup"
    assert scene.session.state.history[before] == (scene.viewer, move.text), path
    return path


def test_human_plays_a_full_game_to_the_results():
    from revolt_table.ui.scenes.results import ResultsScene

    app, scene = make_table()
    agent = make_agent("ai:normal", scene.session.rules)
    rng = random.Random(3)
    deadline = time.monotonic() + 60
    paths: dict[str, int] = {}
    phases: set[str] = set()
    step = 0
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the game did not reach the results"
        scene.session.wait_for_ai(5.0)          # frames only when the AI seat has answered (fast test)
        run_frames(app)
        if app.top is scene and to_act(scene):
            state = scene.session.state
            phases.add(state.view(0).info.phase)
            move = agent.choose(state.view(0), state.legal_moves(0), rng)
            path = play_through_window(app, scene, move, step)
            paths[path] = paths.get(path, 0) + 1
            step += 1
    assert scene.session.state.is_over
    kinds = {p.split("+")[0] for p in paths}
    assert step >= 10 and {"button", "hotkey", "play", "enter"} <= kinds, paths
    assert any(p.endswith("+popup") for p in paths), paths
    assert {"exchange", "turn"} <= phases and len(phases) >= 4      # (seed 5: 9 phases, a reaction among them)
    results = app.top
    winner = scene.session.state.public_info()["winner"]
    assert NAMES[winner] in results.data.title or (winner == scene.viewer and "You" in results.data.title)
    assert [r.points[0] for r in results.data.rows] == list(scene.session.match.results[0])


def fort_state(defence: str = "FO"):
    """Bo (seat 1) holds the bomb in a Revolution round and attacks Ann (seat 0, the human), who holds a
    Fort (or `defence`, a card in its place)."""
    rules = load_rules("revolucion")
    deal = {"hands": [[defence, "T2", "BL", "E1", "S1", "DR", "BR", "T3"],
                      ["T4", "E2", "BL", "BR", "S2", "M5", "CW", "AL"],
                      ["T3", "BL", "BR", "E3", "M6", "OA", "BX", "T2"]],
            "first": 1, "climate": "revolution", "start": "turn", "dice": [3, 2, 5, 4]}
    state = rules.new_game(3, seed=4, deal=deal)
    state.apply(1, "attack:0")
    return state


def test_a_reaction_is_offered_to_the_human_and_answered_with_the_card():
    state = fort_state()
    assert state.to_act == (0,) and state.phase == "fort"
    app, scene = make_table(state=state)
    scene.model.settle()
    run_frames(app, 20)
    fam = scene.family
    assert to_act(scene)
    assert "attacks you" in fam.actions.prompt()
    labels = {a.label: (r, a) for r, a in buttons(scene)}
    assert "Play Fort" in labels and "No" in labels
    hand = scene.model.zones["hand:0"]
    fort = next(sp for sp in hand.sprites if sp.card == "FO")
    other = next(sp for sp in hand.sprites if sp.card == "T2")
    assert fort.highlight > 0.3 and other.highlight < 0.1         # the card that allows it is lit
    assert other.dim > 0.2
    post_click(labels["Play Fort"][0].center)
    run_frames(app)
    assert scene.session.state.history[1] == (0, "FO")          # (Bo may already have gone on)


def test_a_reaction_answered_no_by_keyboard():
    app, scene = make_table(state=fort_state())
    scene.model.settle()
    run_frames(app, 3)
    post_key(pygame.K_n)
    run_frames(app)
    assert scene.session.state.history[1] == (0, "pass")
    # the attack goes on: Bo (AI) commits and the human now defends with cards
    for _ in range(60):
        run_frames(app)
        if to_act(scene):
            break
    assert scene.session.state.phase == "commit_d"
    select_cards(app, scene, ["T3", "E1"])
    options = scene.family.options(["T3", "E1"])
    assert options and all(sorted(i.cards) == ["E1", "T3"] for i in options)
    post_click(button(scene, "play")[0].center)
    run_frames(app)
    if len(options) > 1:                                   # with or without support tokens: asked
        answer_popup(app, scene, options[0].move, by_key=False)
    assert scene.session.state.history[3][0] == 0 and scene.session.state.history[3][1].startswith("fight:T3+E1")


def test_a_selection_follows_its_cards_when_the_hand_changes_under_it():
    """The selection points into the hand as drawn; when the drawn hand changes (the model caught up with
    a move), the old indices would name other cards, so the selection moves with its cards (once a whole
    hand was dropped: a hint given just before the table caught up with a steal was lost)."""
    rules = load_rules("revolucion")
    deal = {"hands": [["M5", "BL", "FO", "E1"], ["T4", "BR"], ["T3", "BL"]], "first": 0, "climate": "revolution",
            "start": "turn"}
    app, scene = make_table(state=rules.new_game(3, seed=4, deal=deal))
    scene.model.settle()
    run_frames(app, 5)
    select_cards(app, scene, ["FO"])
    fam = scene.family
    assert fam.hand.selected_cards() == ["FO"]
    zone = scene.model.zones["hand:0"]
    index = fam.hand.selected[0]
    zone.sprites.insert(0, zone.sprites.pop())          # the drawn hand is not the one selected from
    run_frames(app)
    assert fam.hand.selected_cards() == ["FO"] and fam.hand.selected == [index + 1]
    fo = zone.sprites.pop(index + 1)                    # the card itself leaves (played, stolen): nothing stays
    run_frames(app)
    assert fam.hand.selected == [] and fo.card == "FO"


def light(rgb) -> bool:
    return min(rgb[:3]) > 140


def reddish(rgb) -> bool:
    """The colour of a reason (actions.REASON_RGB, anti-aliased)."""
    return rgb[0] > 200 and 110 < rgb[1] < 200 and rgb[2] < 190


def democracy_table(hand, size=(1024, 640)):
    """Ann (the human) holds the bomb and `hand` in a Democracy round (no attacks): (app, scene, state)."""
    rules = load_rules("revolucion")
    deal = {"hands": [list(hand), ["T4", "BR"], ["T3", "BL"]], "first": 0, "climate": "democracy", "start": "turn"}
    state = rules.new_game(3, seed=4, deal=deal)
    app, scene = make_table(size=size, state=state)
    scene.model.settle()
    run_frames(app, 5)
    return app, scene, state


def text_span(surface, rect, is_text=light) -> int:
    """Width of the text drawn in `rect` (first to last column holding a text pixel)."""
    cols = [x for x in range(rect.left, rect.right)
            if any(is_text(surface.get_at((x, y))) for y in range(rect.top, rect.bottom))]
    return cols[-1] - cols[0] if cols else 0


def test_a_card_that_cannot_be_used_now_says_why():
    """Ann (the human) holds the bomb under Democracy and picks her Mercenary: the buttons stay (the bomb
    pass among them), Play stays shown but disabled, and the line under the buttons gives the game's
    refusal (nobody attacks under Democracy), drawn there; a card the engine refuses alone says so too."""
    from revolt_table.ui import i18n
    app, scene, state = democracy_table(["M5", "BL", "FO", "E1"])
    fam = scene.family
    before = [a.label for _, a in buttons(scene)]
    select_cards(app, scene, ["M5"])
    want = i18n.say(state.refusal(0, "M5"))
    assert want == "Nobody attacks under Democracy."
    shown = {a.id: a for _, a in buttons(scene)}
    assert [a.label for a in shown.values() if a.id != "play"] == before           # nothing went away
    assert any(label.startswith("Bomb Left") for label in before)
    assert not shown["play"].enabled and i18n.say(shown["play"].reason) == want
    assert fam.actions.info()[0] == want
    app.draw()
    under = reason_area(scene)
    assert text_span(app.screen, under, reddish) > 100                           # that sentence is drawn
    select_cards(app, scene, ["M5", "E1"])
    assert fam.actions.info()[0] == want
    post_key(pygame.K_RETURN)                                                    # Enter plays nothing
    run_frames(app)
    assert len(scene.session.state.history) == 0
    select_cards(app, scene, ["FO"])
    assert fam.actions.info()[0] == "Fort cannot be played now."
    post_click(button(scene, "send:BL")[0].center)                               # the bomb still goes
    run_frames(app)
    assert scene.session.state.history[0] == (0, "BL")


def dark_pixels(surface, rect) -> int:
    return count_below(surface, (50, 50, 60), rect)


def test_the_timer_track_and_the_bomb_are_drawn():
    app, scene = make_table(size=(1280, 720), players=4)
    run_frames(app, 2)
    state = scene.session.state
    fam = scene.family
    spots = fam.layout.spots(state.timer_start)
    assert len(spots) == state.timer_start + 1
    px = scene.metrics.px
    taken = state.timer_start - state.timer
    app.draw()
    bomb_area = pygame.Rect(0, 0, px(30), px(30))
    bomb_area.center = (spots[taken][0], spots[taken][1] - px(4))
    empty_area = bomb_area.copy()
    empty_area.centerx = spots[-2][0]
    assert dark_pixels(app.screen, bomb_area) > px(30) * px(30) // 4          # the black bomb on its spot
    assert dark_pixels(app.screen, empty_area) < dark_pixels(app.screen, bomb_area) // 4
    holder = scene.geom.pods[state.bomb].rect
    corner = pygame.Rect(holder.right - px(56), holder.y + px(46), px(50), px(50))
    assert dark_pixels(app.screen, corner) > px(20) * px(20) // 2              # and on its holder's seat


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_no_overlap(players, size):
    app, scene = make_table(size=size, players=players, seed=players)
    run_frames(app, 2)
    fam = scene.family
    g = scene.geom
    screen = pygame.Rect((0, 0), size)
    boxes = {f"pod{s}": p.rect for s, p in g.pods.items()}
    lay = fam.layout.fix()
    boxes |= {"hud": g.hud, "menu": g.menu_button, "supply": g.centre_pod, "board": lay.board,
              "prompt": lay.prompt, "actions": lay.buttons}
    hand = scene.model.zones[f"hand:{scene.viewer}"]
    rects = [scene.renderer.current_rect(sp) for sp in hand.sprites]
    boxes["hand"] = rects[0].unionall(rects[1:])
    for name, rect in boxes.items():
        assert screen.contains(rect), f"{name} {rect} leaves the {size} window"
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not boxes[a].colliderect(boxes[b]), f"{a} {boxes[a]} overlaps {b} {boxes[b]} at {size}, {players}p"
    for rect, _ in buttons(scene):
        assert lay.buttons.contains(rect)
    track = lay.track
    assert lay.board.contains(track) and lay.board.contains(lay.duel())
    spots = lay.spots(scene.session.state.timer_start)
    assert all(track.collidepoint(p) for p in spots)
    assert spots[1][0] - spots[0][0] >= scene.metrics.px(20)                  # spots never crowd


def test_every_bomb_text_key_exists_in_english():
    import re
    from pathlib import Path

    import yaml

    from revolt_table.services import i18n
    from revolt_table.services.resources import asset_path

    english = yaml.safe_load(asset_path("locale", "en.bomb.yaml").read_text(encoding="utf-8"))
    flat = set()

    def walk(prefix, node):
        for k, v in node.items():
            key = f"{prefix}.{k}" if prefix else k
            walk(key, v) if isinstance(v, dict) else flat.add(key)

    walk("", english)
    flat |= {k[:-len(".other")] for k in flat if k.endswith(".other")}  # a text with forms: plural, you (i18n.t)
    ui = Path(__file__).resolve().parents[2] / "revolt_table" / "ui" / "table"
    code = "\n".join(p.read_text(encoding="utf-8") for p in sorted(ui.glob("bomb*.py")))
    used = set(re.findall(r'\b(?:bt|say)\(\s*"([a-z_]+\.[a-z_.0-9]+)"', code))
    used = {"bomb." + k for k in used}
    from revolt_table.games import bomb_moves              # the moves' labels: every code in some language file
    flat |= set(i18n.flatten(yaml.safe_load(asset_path("locale", "en.moves.yaml").read_text(encoding="utf-8"))))
    used |= set(bomb_moves.CODES)
    assert len(used) > 40
    assert sorted(used - flat) == []
    rules = load_rules("revolucion")
    for card in rules.data["deck"]:                   # every card has its short face line
        assert f"bomb.short.{card['id']}" in flat


def test_hot_seat_hands_over_between_two_humans():
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.handover import HandoverScene
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session

    app = App(size=(1024, 640), settings=Settings(animation_speed=0.0, ai_pace=0.0), save_settings=False)
    session = Session(load_rules("revolucion"), ["human", "human", "ai:normal"], NAMES[:3], match_seed=2,
                      ai_pace=0.0, save=False)
    scene = TableScene(app, session)
    app.push(scene)
    agent = make_agent("ai:normal", session.rules)
    seen: set[int] = set()
    for _ in range(400):
        run_frames(app)
        if isinstance(app.top, HandoverScene):
            run_frames(app, 30)                      # the hand-over arms itself first
            post_key(pygame.K_RETURN)
            run_frames(app)
            assert app.top is scene and scene.face_up
            seen.add(scene.viewer)
        elif app.top is scene and to_act(scene):
            post_key(pygame.K_n)                     # keep / pass where possible, else what the AI would play
            run_frames(app)
            if to_act(scene):
                state = scene.session.state
                move = agent.choose(state.view(scene.viewer), state.legal_moves(scene.viewer), random.Random(1))
                play_through_window(app, scene, move, 0)
        if seen == {0, 1}:
            break
    assert seen == {0, 1}


def test_a_table_of_ai_seats_is_watched_without_errors():
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session

    app = App(size=(1280, 720), settings=Settings(animation_speed=0.0, ai_pace=0.0), save_settings=False)
    session = Session(load_rules("revolucion"), ["ai:easy"] * 4, NAMES[:4], match_seed=9, ai_pace=0.0, save=False)
    scene = TableScene(app, session)
    app.push(scene)
    deadline = time.monotonic() + 30    # frames are not a clock: wait for the AI thread, not a frame count
    while len(session.state.history) <= 20 and time.monotonic() < deadline:
        session.wait_for_ai(5.0)
        run_frames(app)
    assert len(session.state.history) > 20


# ------------------------------------------------------------------------------------------ issue 11
LONG_HAND = ["T3", "M5", "FO", "BG", "OM", "DT", "PO", "BX"]          # eight cards, the longest texts among them


def long_hand_table(size):
    rules = load_rules("revolucion")
    deal = {"hands": [LONG_HAND, ["T4", "BR"], ["T3", "BL"], ["T2", "BR"]], "first": 1, "climate": "revolution",
            "start": "turn"}                  # four players: a 3-player deck has no Opponent Massacre
    app, scene = make_table(size=size, state=rules.new_game(4, seed=4, deal=deal))
    scene.model.settle()
    run_frames(app, 3)
    return app, scene


def ink_rows(surface, rect) -> list[int]:
    """Rows of `rect` holding dark ink (the card's text)."""
    return [y for y in range(rect.top, rect.bottom)
            if any(max(surface.get_at((x, y))[:3]) < 90 for x in range(rect.left, rect.right))]


@pytest.mark.parametrize("size,least", [((1280, 720), 13), ((1024, 640), 11)])
def test_card_text_is_large_and_never_cut(size, least):
    """Every card of an eight-card hand is drawn whole (no card covers another) with its whole text at
    `least` px or more (13 at 1280x720, 11 at 1024x640); on screen, Fort's three lines of text stand a
    13 px line apart or more at 1280x720 (a 10 px text's lines are 12 apart)."""
    from revolt_table.ui.table import bomb_faces

    app, scene = long_hand_table(size)
    fam = scene.family
    zone = scene.model.zones["hand:0"]
    rects = [scene.renderer.current_rect(sp) for sp in zone.sprites]
    assert sorted(sp.card for sp in zone.sprites) == sorted(LONG_HAND)
    for a, b in zip(rects, rects[1:]):
        assert a.right <= b.left + 1, (a, b)                                  # side by side: nothing covered
    assert pygame.Rect((0, 0), size).contains(rects[0].unionall(rects[1:]))
    for sp, rect in zip(zone.sprites, rects):
        lay = fam.painter.text_layout(sp.card, rect.size)
        assert lay.fits and lay.text_size >= least, (sp.card, rect.size, lay)
        assert lay.name_size >= bomb_faces.TEXT_FLOOR
    from revolt_table.ui import i18n
    for lang in i18n.LANGUAGES:                     # every card of the deck, in every language, at that size
        i18n.set_language(lang)
        try:
            cut = [c for c in scene.session.rules.params.cards if not fam.painter.text_layout(c, rects[0].size).fits]
        finally:
            i18n.set_language("en")
        assert cut == [], (lang, rects[0].size, cut)
    post_move((5, 5))
    run_frames(app)
    app.draw()
    fort = next(r for sp, r in zip(zone.sprites, rects) if sp.card == "FO")
    lay = fam.painter.text_layout("FO", fort.size)
    assert len(lay.text_lines) >= 3
    text_box = pygame.Rect(fort.x + 4, fort.bottom - len(lay.text_lines) * (least + 5) - 6, fort.w - 8,
                           len(lay.text_lines) * (least + 5) + 2)
    rows = ink_rows(app.screen, text_box)
    runs = [len([y for y in rows if start <= y < next((z for z in range(start, text_box.bottom + 1)
                                                         if z not in rows), text_box.bottom)])
            for start in rows if start - 1 not in rows]
    assert len(runs) >= 3
    tallest = max(runs)            # "Stop an": a capital and a descender, about 0.85 of its px size on screen
    assert tallest >= (11 if least == 13 else 9), runs             # (a 10 px text: 8 or 9)


def test_a_hovered_card_shows_enlarged_with_its_reason():
    from revolt_table.ui import theme
    from tests.ui.pixels import count_near

    app, scene, _ = democracy_table(["M5", "BL", "FO", "E1"], size=(1024, 640))
    fam = scene.family
    zoom = next(s for s in fam.sections if type(s).__name__ == "CardZoomSection")
    post_move((5, 5))
    run_frames(app)
    assert zoom.card() is None
    index = next(i for i, sp in enumerate(scene.model.zones["hand:0"].sprites) if sp.card == "M5")
    card = card_rect(scene, index)
    app.draw()
    before = count_near(app.screen, theme.CARD_FACE, 8, pygame.Rect(card.x, 60, card.w, card.y - 80))
    post_move(card_point(scene, index))
    run_frames(app)
    assert zoom.shown() and zoom.card()[0] == "M5"
    app.draw()
    big = zoom.rect
    assert big.h >= 1.5 * card.h and not big.colliderect(fam.layout.buttons)
    assert count_near(app.screen, theme.CARD_FACE, 8, big) > big.w * big.h // 4      # the face, drawn large
    assert count_near(app.screen, theme.CARD_FACE, 8, pygame.Rect(card.x, 60, card.w, card.y - 80)) > before
    reason = pygame.Rect(0, big.top - 40, 1024, 38)                                  # why, above it
    assert text_span(app.screen, reason, reddish) > 100
    over_card = pygame.Rect(0, card.top - 36, 1024, 30)                              # said once, not twice
    assert text_span(app.screen, over_card, reddish) == 0
    post_move((5, 5))
    run_frames(app)
    assert zoom.card() is None


@pytest.mark.parametrize("players,size", [(3, (1024, 640)), (6, (1024, 640)), (4, (1920, 1080))])
def test_the_bomb_never_covers_the_palace(players, size):
    app, scene = make_table(size=size, players=players, seed=players)
    run_frames(app, 2)
    fam = scene.family
    lay = fam.layout.fix()
    start = fam.shown["timer_start"]
    palace = lay.palace_rect(start)
    assert lay.track.contains(palace)
    for pos in range(start + 1):                      # every spot, the Palace's doorstep too
        assert not lay.bomb_rect(start, pos).colliderect(palace), pos
    fam.track_pos = 0.0
    app.draw()
    seen = [app.screen.get_at((x, y)) for x in range(palace.left, palace.right) for y in range(palace.top,
                                                                                               palace.bottom)]
    fam.track_pos = float(start)                     # the bomb at the last step
    app.draw()
    assert [app.screen.get_at((x, y)) for x in range(palace.left, palace.right)
            for y in range(palace.top, palace.bottom)] == seen
    last = lay.bomb_rect(start, start)
    assert dark_pixels(app.screen, last) > last.w * last.h // 5                    # the bomb is there


def test_no_text_under_11_px_at_1024x640(monkeypatch):
    """Every line of text drawn on a mid-game table at 1024x640 (pods, HUD, track, prompt, buttons, the
    reason, the enlarged card's reason) is 11 px or more."""
    from revolt_table.ui import draw

    app, scene = make_table(size=(1024, 640), players=4, seed=3)
    agent = make_agent("ai:normal", scene.session.rules)
    for _ in range(200):
        scene.session.wait_for_ai(5.0)
        run_frames(app)
        if to_act(scene) and scene.session.state.view(0).info.phase == "turn":
            break
        if to_act(scene):
            state = scene.session.state
            play_through_window(app, scene, agent.choose(state.view(0), state.legal_moves(0), random.Random(0)), 1)
    sizes: list[int] = []
    real = draw.render_text
    def record(text, size, *args, **kwargs):
        sizes.append(size)
        return real(text, size, *args, **kwargs)
    monkeypatch.setattr(draw, "render_text", record)
    scene.auto_ai = False
    index = next(i for i, sp in enumerate(scene.model.zones["hand:0"].sprites))
    post_move(card_point(scene, index))
    post_click(card_point(scene, index))
    run_frames(app, 2)
    app.draw()
    assert sizes and min(sizes) >= 11, sorted(set(sizes))[:5]


def test_hint_selects_the_move_and_says_why():
    from revolt_table.ai import hints
    from revolt_table.ui import i18n

    app, scene, state = democracy_table(["T3", "BL", "E1", "DR"])
    rules = scene.session.rules
    fam = scene.family
    move, reason = hints.hint(rules, state.view(0), state.legal_moves(0))
    post_key(pygame.K_h)
    run_frames(app)
    assert fam.hand.selected_cards() == list(fam.cards_of(move)) and move.text == "BL"
    text, _ = fam.actions.info()
    assert i18n.say(reason) in text and "left neighbour" in text
    app.draw()
    under = reason_area(scene)
    assert text_span(app.screen, under, lambda rgb: rgb[0] > 200 and rgb[1] > 170 and rgb[2] < 160) > 100
    post_key(pygame.K_RETURN)                         # the hinted move, played as the player would
    run_frames(app)
    assert scene.session.state.history[0] == (0, "BL")


def test_a_pod_status_line_never_runs_under_the_hand_count_badge(monkeypatch):
    """However long a seat's status line (a long AI level's name, "Out of the game" in a long language),
    it stops before the badge counting the cards in that seat's hand."""
    from revolt_table.ui import draw

    app, scene = make_table(size=(1024, 640), players=6, seed=6)
    run_frames(app, 2)
    fam = scene.family
    long = {seat: f"status of seat {seat} that goes on and on and on past every badge" for seat in range(6)}
    monkeypatch.setattr(fam, "pod_subtitle", lambda seat: long[seat])
    badges, lines = {}, {}
    real_badge, real_text = fam.pod_badge, draw.text

    def badge(surface, seat, head):
        badges[seat] = real_badge(surface, seat, head)
        return badges[seat]

    def text(surface, content, *args, **kwargs):
        rect = real_text(surface, content, *args, **kwargs)
        for seat, line in long.items():
            if content and content.rstrip("…") and line.startswith(content.rstrip("…")) and len(content) > 14:
                lines[seat] = rect                       # the line, whole or cut short with "…"
        return rect
    monkeypatch.setattr(fam, "pod_badge", badge)
    monkeypatch.setattr(draw, "text", text)
    scene.session.thinking.clear()
    app.draw()
    # (the seat to act shows its thinking cue there instead: which seat that is depends on the deal)
    others = [seat for seat in range(6) if seat != scene.viewer and seat not in scene.session.state.to_act]
    assert len(others) >= 4 and set(others) <= set(lines) and set(others) <= set(badges)
    for seat in others:
        assert lines[seat].right <= badges[seat], (seat, lines[seat], badges[seat])
