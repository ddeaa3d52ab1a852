"""The Révolte! table driven through the window with real pygame events (headless, animations off)."""

from __future__ import annotations

import os
import random
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.ai.registry import make_agent  # noqa: E402
from revolt_table.services import i18n  # noqa: E402
from revolt_table.engine import Move, load_rules  # noqa: E402
from tests.ui import table_helpers as helpers  # noqa: E402
from tests.ui.table_helpers import NAMES, open_table, post_click, post_key, post_move, run_frames  # noqa: E402

pytestmark = pytest.mark.usefixtures("fast_table")


def make_table(size=(1280, 720), players=3, seed=5, deal=None, seats=None, auto_ai=True):
    return open_table("revolte", seats or ["human"] + ["ai:normal"] * (players - 1), size=size, seed=seed, deal=deal,
                      auto_ai=auto_ai, frames=2)


def card_point(scene, card: str):
    """A point on the visible strip of the viewer's hand card `card` (later cards overlap to the right)."""
    zone = scene.model.zones[f"hand:{scene.viewer}"]
    return helpers.card_point(scene, next(i for i, sp in enumerate(zone.sprites) if sp.card == card))


def action_rect(scene, action_id):
    """Where the actions section draws the button `action_id` now (None if it is not shown)."""
    return next((r for r, a in scene.family.actions.layout_buttons() if a.id == action_id), None)


def action(scene, action_id):
    return next((a for _, a in scene.family.actions.layout_buttons() if a.id == action_id), None)


def play_through_window(app, scene, move) -> None:
    """Play `move` for the viewer with real clicks: a card twice (the first click only selects it), then
    the Blaggard's choice when it asks; the Knave's coin with its button."""
    fam = scene.family
    history = scene.session.state.history
    before = len(history)
    if move.text.startswith("take:"):
        run_frames(app)
        post_click(action_rect(scene, move.text).center)
        run_frames(app)
    else:
        card = move.text.split(":")[-1]
        post_click(card_point(scene, card))
        run_frames(app)
        assert len(history) == before and fam.hand.selected_cards() == [card]     # one click selects
        post_click(card_point(scene, card))
        run_frames(app)
        if fam.choice.shown():
            index = next(i for i, c in enumerate(fam.choice.choices) if c.value == move)
            post_click(fam.choice.rects[index].center)
            run_frames(app)
    assert history[before] == (scene.viewer, move.text)


def test_human_plays_a_full_game_to_the_results():
    from revolt_table.ui.scenes.results import ResultsScene

    app, scene = make_table(seed=11)
    agent = make_agent("ai:normal", scene.session.rules)
    rng = random.Random(2)
    deadline = time.monotonic() + 25
    moves = 0
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, "the game did not reach the results"
        scene.session.wait_for_ai(5.0)          # frames only when the AI seat has answered (fast test)
        run_frames(app)
        if app.top is scene and scene.viewer is not None and scene.may_act(scene.viewer):
            state = scene.session.state
            move = agent.choose(state.view(0), state.legal_moves(0), rng)
            play_through_window(app, scene, move)
            moves += 1
    state = scene.session.state
    assert state.is_over and moves >= 30                      # three turns of 13 tricks
    assert len(scene.family.turn_log) == 3
    results = app.top
    winners = state.public_info()["winners"]
    assert NAMES[winners[0]] in results.data.subtitle
    assert [r.detail[-1] for r in results.data.rows] == [str(p) for p in state.points]
    per_turn = [sum(int(c) for c in r.detail[:3]) + (int(r.detail[4][1:]) if r.detail[4] != "–" else 0)
                for r in results.data.rows]
    assert per_turn == list(state.points)                     # turns + coin bonus = the final coats of arms
    richest = max(state.coins)
    assert all((r.detail[4] != "–") == (state.coins[i] == richest) for i, r in enumerate(results.data.rows))


def follow_deal():
    """Bo (seat 1) leads Nobles; Ann (seat 0, the human) must follow with her Noble or use a Citizen/cut."""
    return {"hands": [["N2", "R5", "B7", "C"], ["N9", "R1", "B2", "R9"], ["N4", "R3", "B5", "B9"]],
            "leader": 1, "coins": [1, 1, 1]}


def bo_leads(app, scene):
    state = scene.session.state
    events = scene.session.apply(1, "N9")
    scene._feed(1, None, events)
    run_frames(app, 3)
    assert state.to_act == (2,)
    events = scene.session.apply(2, "N4")
    scene._feed(2, None, events)
    run_frames(app, 3)
    assert state.to_act == (0,) and scene.may_act(0)


def reason_pixels(surface, rect) -> int:
    """Pixels of the reason colour (a light red) inside `rect`."""
    rect = rect.clip(surface.get_rect())
    return sum(1 for x in range(rect.left, rect.right, 2) for y in range(rect.top, rect.bottom, 2)
               if (lambda c: c.r > 200 and c.r > c.g + 60 and c.r > c.b + 70)(surface.get_at((x, y))))


def test_unplayable_card_shows_its_reason_and_does_not_play():
    app, scene = make_table(deal=follow_deal(), seats=["human", "ai:normal", "ai:normal"], auto_ai=False)
    bo_leads(app, scene)
    fam = scene.family
    run_frames(app, 10)
    hand = {sp.card: sp for sp in scene.model.zones["hand:0"].sprites}
    assert hand["R5"].dim > 0.2 and hand["N2"].dim < 0.05 and hand["C"].dim < 0.05   # dimmed before choosing
    assert hand["B7"].dim < 0.05                                     # it may still cut
    rect = scene.renderer.current_rect(hand["R5"])
    above = pygame.Rect(rect.x - 60, rect.top - scene.metrics.px(40), rect.w + 120, scene.metrics.px(36))
    app.draw()
    assert reason_pixels(app.screen, above) == 0
    post_move(card_point(scene, "R5"))                                # hovering tells why, over the card
    run_frames(app)
    assert "Nobles" in i18n.say(fam.card_reason("R5"))
    app.draw()
    assert reason_pixels(app.screen, above) > 10
    post_click(card_point(scene, "R5"))                               # a click selects it: Play is disabled
    run_frames(app, 2)
    play = action(scene, "play")
    assert play is not None and not play.enabled and "follow" in i18n.say(play.reason)
    assert "follow" in fam.actions.info()[0]
    post_click(card_point(scene, "R5"))                               # clicking again does not play it
    post_click(action_rect(scene, "play").center)                    # nor does the disabled Play
    run_frames(app, 2)
    assert len(scene.session.state.history) == 2
    post_key(pygame.K_RETURN)                                         # nor Enter
    run_frames(app, 2)
    assert len(scene.session.state.history) == 2
    # a playable card plays with two clicks
    post_click(card_point(scene, "N2"))
    run_frames(app, 2)
    assert len(scene.session.state.history) == 2 and action(scene, "play").enabled
    post_click(card_point(scene, "N2"))
    run_frames(app, 2)
    assert scene.session.state.history[2] == (0, "N2")


def test_a_cut_chosen_through_the_popup_pays_a_coin():
    app, scene = make_table(deal=follow_deal(), seats=["human", "ai:normal", "ai:normal"], auto_ai=False)
    bo_leads(app, scene)
    fam = scene.family
    state = scene.session.state
    coins, supply = state.coins[0], state.supply
    post_click(card_point(scene, "B7"))
    run_frames(app)
    assert not fam.choice.shown() and action(scene, "play").enabled          # selected; it can cut
    post_click(card_point(scene, "B7"))
    run_frames(app)
    choices = fam.choice.choices
    assert fam.choice.shown() and choices[0].value is None and choices[1].value.text == "cut:B7"   # no plain play
    assert not choices[0].enabled and "Nobles" in i18n.say(choices[0].reason)   # it must cut: Nobles led
    app.draw()
    prompt = fam.sections.get("ChoicePromptSection")
    assert prompt.shown() and fam.choice_prompt == i18n.t("tricks.prompt_popup_cut")
    assert prompt.rect.w > 0 and not prompt.rect.colliderect(fam.choice.rect)   # the question is never hidden
    post_click(fam.choice.rects[1].center)
    run_frames(app, 2)
    assert state.history[2] == (0, "cut:B7") and not fam.choice.shown()
    assert state.coins[0] == coins - 1                            # paid (and back to the supply: trick over)
    assert state.supply == supply + 1
    assert state.won[0] and state.won[0][-1] == ("N9", "N4", "B7")


def test_blaggard_offers_play_or_cut_and_keys_choose():
    deal = {"hands": [["B7", "R5", "N2", "C"], ["B2", "R1", "N9", "R9"], ["B5", "R3", "N4", "B9"]],
            "leader": 1, "coins": [1, 1, 1]}
    app, scene = make_table(deal=deal, seats=["human", "ai:normal", "ai:normal"], auto_ai=False)
    state = scene.session.state
    scene._feed(1, None, scene.session.apply(1, "B2"))
    scene._feed(2, None, scene.session.apply(2, "B5"))
    run_frames(app, 3)
    fam = scene.family
    hand = [sp.card for sp in scene.model.zones["hand:0"].sprites]
    assert hand == ["N2", "R5", "B7", "C"]                         # sorted by family, then value, Citizens last
    post_key(pygame.K_3)                                           # 3 selects B7
    run_frames(app)
    assert fam.hand.selected_cards() == ["B7"] and not fam.choice.shown()
    post_key(pygame.K_RETURN)                                      # Enter plays it: it asks how
    run_frames(app)
    assert [c.value.text for c in fam.choice.choices] == ["B7", "cut:B7"]
    assert all(c.enabled for c in fam.choice.choices)             # both legal: both offered
    assert fam.choice_prompt == i18n.t("tricks.prompt_popup")
    post_key(pygame.K_ESCAPE)                                      # Esc closes the question, not the game
    run_frames(app)
    assert not fam.choice.shown() and app.top is scene and len(state.history) == 2
    assert fam.hand.selected_cards() == []                        # ... and drops the selection
    post_key(pygame.K_3)                                           # 3 twice: select, play -> asks
    post_key(pygame.K_3)
    run_frames(app)
    assert fam.choice.shown()
    post_key(pygame.K_1)
    run_frames(app, 2)
    assert state.history[2] == (0, "B7")


def test_c_key_cuts_with_the_selected_blaggard():
    app, scene = make_table(deal=follow_deal(), seats=["human", "ai:normal", "ai:normal"], auto_ai=False)
    bo_leads(app, scene)
    fam = scene.family
    post_key(pygame.K_c)                     # nothing selected: the question opens on B7, the cut focused
    run_frames(app)
    assert fam.choice.shown() and fam.choice.focus == 1 and fam.hand.selected_cards() == ["B7"]
    post_key(pygame.K_c)
    run_frames(app, 2)
    assert scene.session.state.history[2] == (0, "cut:B7")


def test_a_selected_blaggard_shows_cut_beside_play_and_it_cuts_at_once():
    app, scene = make_table(deal=follow_deal(), seats=["human", "ai:normal", "ai:normal"], auto_ai=False)
    bo_leads(app, scene)
    post_click(card_point(scene, "N2"))                       # a Noble: no Cut button
    run_frames(app)
    assert action(scene, "cut") is None
    post_click(card_point(scene, "B7"))
    run_frames(app)
    cut = action(scene, "cut")
    assert cut is not None and cut.enabled and cut.key == "C"
    post_click(action_rect(scene, "cut").center)
    run_frames(app, 2)
    assert scene.session.state.history[2] == (0, "cut:B7") and not scene.family.choice.shown()


def test_cut_is_disabled_with_why_without_a_coin():
    deal = dict(follow_deal(), coins=[0, 1, 1])
    app, scene = make_table(deal=deal, seats=["human", "ai:normal", "ai:normal"], auto_ai=False)
    bo_leads(app, scene)
    post_click(card_point(scene, "B7"))
    run_frames(app)
    cut, play = action(scene, "cut"), action(scene, "play")
    assert not cut.enabled and "coin" in i18n.say(cut.reason)
    assert not play.enabled and "Nobles" in i18n.say(play.reason)        # it may not be played either
    post_key(pygame.K_c)
    post_click(action_rect(scene, "cut").center)
    run_frames(app, 2)
    assert len(scene.session.state.history) == 2


def test_knave_steal_is_offered_as_buttons():
    # empty supply: every coin is with the players; Ann (human) plays the lowest Rascal, Bo and Cy tie richest
    rules = load_rules("revolte")
    total = rules.params.coins_total
    deal = {"hands": [["R1", "N2"], ["R5", "N3"], ["R7", "N4"]], "leader": 0,
            "coins": [0, total // 2, total - total // 2]}
    app, scene = make_table(deal=deal, seats=["human", "ai:normal", "ai:normal"], auto_ai=False)
    state = scene.session.state
    assert state.coins[1] == state.coins[2]
    play_through_window(app, scene, Move("R1"))
    scene._feed(1, None, scene.session.apply(1, "R5"))
    scene._feed(2, None, scene.session.apply(2, "R7"))
    run_frames(app, 3)
    assert state.pending is not None
    app.draw()
    run_frames(app)
    takes = [a for _, a in scene.family.actions.layout_buttons() if a.id.startswith("take:")]
    assert [a.id for a in takes] == ["take:1", "take:2"] and all(a.enabled for a in takes)
    assert "Bo" in takes[0].label and "Cy" in takes[1].label
    assert scene.family.actions.prompt() == scene.family.prompt_choose()
    assert scene.family.actions.info()[0] == i18n.t("tricks.keys_take")
    post_click(action_rect(scene, "take:2").center)
    run_frames(app, 2)
    assert state.history[-1] == (0, "take:2") and state.coins[0] == 1


def test_hot_seat_hides_the_hand_between_players():
    app, scene = make_table(seats=["human", "human", "ai:normal"], seed=3)
    run_frames(app, 5)
    assert scene.handovers >= 1
    from revolt_table.ui.scenes.handover import HandoverScene
    assert isinstance(app.top, HandoverScene)


def rects_overlap(a, b) -> bool:
    return a.colliderect(b.inflate(-2, -2))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [3, 5])
def test_no_overlap(size, players):
    app, scene = make_table(size=size, players=players, seed=4, auto_ai=False)
    run_frames(app, 2)
    app.draw()
    g, fam = scene.geom, scene.family
    boxes = {f"pod{s}": p.rect for s, p in g.pods.items()}
    boxes["supply"] = g.centre_pod
    boxes["hud"] = g.hud
    boxes["menu"] = g.menu_button
    for s, p in g.pods.items():
        boxes[f"slot{s}"] = p.slot
    fam.badge = "N"
    boxes["badge"] = fam.badge_rect()
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if a.startswith("slot") and b.startswith("slot"):
                continue
            assert not rects_overlap(boxes[a], boxes[b]), (a, b, boxes[a], boxes[b])
        assert app.screen.get_rect().contains(boxes[a]), a
    hand = scene.model.zones[f"hand:{scene.viewer}"]
    for sp in hand.sprites:
        r = scene.renderer.rect_of(sp)
        assert app.screen.get_rect().contains(r)
        for other in ("pod0", "supply"):
            assert not rects_overlap(r, boxes[other]), (other, r)
    # inside each pod: the tokens row stays inside the pod and apart from the name plate
    for s, p in g.pods.items():
        spots = fam.row_spots(p.rect)
        for name, r in spots.items():
            assert p.rect.contains(r), (s, name)
        assert spots["coins"].right < spots["points"].left


def test_results_show_every_turn_from_the_game_record_even_for_turns_the_table_never_saw():
    """A game that began with a special deal (it cannot be replayed from its seed) and whose first
    turn was played before the table opened: the results still list every turn, from view.info."""
    from revolt_table.games.tricks import TurnEnded
    rules = load_rules("revolte")
    deal = {"hands": [["N2", "R5", "B7", "C"], ["N9", "R1", "B2", "R9"], ["N4", "R3", "B5", "B9"]], "leader": 1}
    state = rules.new_game(3, seed=5, deal=deal)
    agent = make_agent("ai:normal", rules)
    rng = random.Random(4)
    ends = []

    def step():
        seat = state.to_act[0]
        ends.extend(e for e in state.apply(seat, agent.choose(state.view(seat), state.legal_moves(seat), rng))
                    if isinstance(e, TurnEnded))

    while not ends:
        step()
    app, scene = open_table("revolte", ["ai:normal"] * 3, state=state, auto_ai=False, frames=2)
    while not state.is_over:
        seat = state.to_act[0]
        move = agent.choose(state.view(seat), state.legal_moves(seat), rng)
        events = scene.session.apply(seat, move)
        ends.extend(e for e in events if isinstance(e, TurnEnded))
        scene._feed(seat, move, events)
        run_frames(app, 2)
    assert len(scene.family.turn_log) == 2 and len(ends) == 3        # the table saw turns 2 and 3 only
    data = scene.family.results_data()
    before = (0, 0, 0)
    for k, end in enumerate(ends):
        assert [row.detail[k] for row in data.rows] == [str(p - b) for p, b in zip(end.points, before)]
        before = end.points
    assert [row.detail[-1] for row in data.rows] == [str(p) for p in state.scores]


def test_the_pitchfork_is_the_card_the_rules_file_names(tmp_path):
    """No pitchfork id in the table's code: a rules file calling it PF gets the same face, order and name."""
    from revolt_table.ui.table import tricks_faces as faces
    source = load_rules("revolte").path.read_text(encoding="utf-8")
    path = tmp_path / "pf.yaml"
    path.write_text(source.replace("id: revolte", "id: revolte_pf").replace("{id: CP,", "{id: PF,"),
                    encoding="utf-8")
    app, scene = open_table(str(path), ["ai:normal"] * 3, seed=2, auto_ai=False, frames=2)
    fam = scene.family
    assert scene.session.rules.params.pitchfork == "PF"
    assert sorted(["C", "PF", "N3"], key=fam.sort_key) == ["N3", "PF", "C"]
    assert fam.card_name("PF") == "pitchfork Citizen" and fam.card_name("C") == "Citizen"
    pf = pygame.image.tobytes(fam.card_image("PF", 120, True), "RGBA")
    plain = pygame.image.tobytes(fam.card_image("C", 120, True), "RGBA")
    assert pf != plain
    make_table(players=3, auto_ai=False)                     # a Révolte! table names CP the pitchfork again
    assert pygame.image.tobytes(faces.face("CP", 120, "Pitchfork", "CP"), "RGBA") == pf


def test_turn_summary_splits_points_for_tricks_from_bonuses():
    """The summary's "For tricks" column comes from TurnEnded.trick_points, the rest of the turn's
    coats of arms are bonuses: Ann wins the only trick (+1) with the highest Noble (+1 bonus)."""
    deal = {"hands": [["N9"], ["N2"], ["N3"], ["R4"]], "leader": 0, "turn": 1}
    app, scene = make_table(deal=deal, seats=["human"] + ["ai:normal"] * 3, auto_ai=False)
    fam = scene.family
    shown = []
    show = fam.summary_panel.show
    fam.summary_panel.show = lambda summary, hint: (shown.append(summary), show(summary, hint))
    play_through_window(app, scene, Move("N9"))
    for seat, move in ((1, "N2"), (2, "N3"), (3, "R4")):
        scene._feed(seat, None, scene.session.apply(seat, move))
    run_frames(app, 30)
    assert len(shown) == 1 and not shown[0].get("final")
    assert [row["cells"] for row in shown[0]["rows"]] == [[1, "+1", "+1", 1, 2], [0, "+0", "+0", 1, 0],
                                                          [0, "+0", "+0", 1, 0], [0, "+0", "+0", 2, 0]]
