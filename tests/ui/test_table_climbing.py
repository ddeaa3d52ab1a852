"""The Dou Dizhu table driven through the window with real pygame events (headless, animations off)."""

from __future__ import annotations

import os
import random
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from revolt_table.engine import load_rules  # noqa: E402
from revolt_table.games import climbing_moves  # noqa: E402
from revolt_table.games.climbing import CARD_IDS  # noqa: E402
from revolt_table.games.climbing_moves import text_of_cards  # noqa: E402
from tests.ui.table_helpers import card_rect, click_at, open_table, press_key, run_frames  # noqa: E402

pytestmark = pytest.mark.usefixtures("fast_table")


def make_table(size=(1280, 720), seed=7, state=None, seats=None):
    return open_table("doudizhu", seats or ["human", "ai:normal", "ai:normal"], size=size, seed=seed, state=state,
                      frames=2)


def wait_for_human(app, scene, limit=15.0) -> bool:
    end = time.time() + limit
    while time.time() < end:
        run_frames(app)
        if type(app.scenes[-1]).__name__ != "TableScene" or (scene.may_act(0) and scene.has_seen()):
            return True
        time.sleep(0.001)
    return False


def buttons(scene) -> dict[str, pygame.Rect]:
    """The buttons shown now (the family's, Hint, Play), by id."""
    return {action.id: rect for rect, action in scene.family.actions.layout_buttons()}


def enabled(scene) -> dict[str, bool]:
    return {action.id: action.enabled for _rect, action in scene.family.actions.layout_buttons()}


def card_point(scene, index):
    """A point on the visible left strip of the viewer's index-th card, high up (clear of the card below)."""
    rect = card_rect(scene, index)
    return rect.x + scene.metrics.px(8), rect.y + scene.metrics.px(40)


def click_cards(app, scene, indices) -> None:
    for i in indices:
        click_at(app, card_point(scene, i))


def deal_state(hands, bottom, **extra):
    rules = load_rules("doudizhu")
    return rules.new_game(3, seed=1, deal={"hands": hands, "piles": {"bottom": bottom}, **extra})


def standard_hands(seed=3):
    deck = list(CARD_IDS)
    random.Random(seed).shuffle(deck)
    return [deck[0:17], deck[17:34], deck[34:51]], deck[51:]


# ------------------------------------------------------------------------------------------ a full deal

def pick(hand: list[str], text: str) -> list[int]:
    """Indices of the hand cards the engine takes for the play `text` (the lowest suits of each rank)."""
    chosen, out = list(climbing_moves.cards_for(hand, text)), []
    for i, card in enumerate(hand):
        if card in chosen:
            chosen.remove(card)
            out.append(i)
    return out


def test_human_plays_a_full_deal_through_the_window():
    """Bidding, then every play by real clicks (cards clicked then Play, or Hint then Play, or Pass) until
    the results screen shows the match totals. Hint selects the normal AI's move and says why."""
    from revolt_table.ai import climbing_ai

    app, scene = make_table(seed=11)
    fam = scene.family
    human_moves = 0
    for step in range(200):
        assert wait_for_human(app, scene), "the table never gave the human a turn"
        if type(app.scenes[-1]).__name__ != "TableScene":
            break
        state = scene.session.state
        before = len(state.history)
        b = buttons(scene)
        if state.public_info()["phase"] == "bidding":
            assert "pass" in b
            click_at(app, (b.get("bid3") or b["pass"]).center)
        else:
            legal = state.legal_moves(0)
            proposal = climbing_ai.hint(state.view(0), legal)
            if proposal.text == "pass":
                click_at(app, b["pass"].center)
            elif step % 2:
                click_at(app, b["hint"].center)
                assert text_of_cards(fam.hand.selected_cards()) == proposal.text
                assert fam.actions.info()[0].startswith("Hint: ")
                click_at(app, buttons(scene)["play"].center)
            else:
                hand = [sp.card for sp in scene.model.zones["hand:0"].sprites]
                click_cards(app, scene, pick(hand, proposal.text))
                assert text_of_cards(fam.hand.selected_cards()) == proposal.text
                click_at(app, buttons(scene)["play"].center)
        run_frames(app, 2)
        assert len(state.history) > before or state is not scene.session.state
        human_moves += 1
    assert type(app.scenes[-1]).__name__ == "ResultsScene"
    results = app.scenes[-1]
    assert sum(r.total for r in results.data.rows) == 0
    assert results.data.detail_columns and "bid" in results.data.subtitle
    assert human_moves >= 2
    assert any(seat == 0 and text not in ("pass",) and not text.startswith("bid")
               for seat, text in scene.session.state.history)


# ------------------------------------------------------------------------------------------ selections

def test_invalid_selection_shows_why_and_does_not_play():
    hands, bottom = standard_hands()
    # make seat 2 the landlord who led a pair of 9s; seat 0 (the human) must answer
    hands = [["3S", "5S", "5H", "6S", "7S", "8S", "9H", "TS", "JS", "QS", "KS", "AS", "2S", "4S", "4H", "TH", "JH"],
             ["3H", "3D", "5D", "6H", "7H", "8H", "TD", "JD", "QH", "KH", "AH", "2H", "4D", "6D", "7D", "8D", "QD"],
             ["9S", "9D", "3C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2C", "4C", "KD", "AD"]]
    state = deal_state(hands, ["2D", "BJ", "RJ"], landlord=2, bid=1)
    state.apply(2, "99")
    app, scene = make_table(state=state)
    fam = scene.family
    assert scene.may_act(0)
    zone = scene.model.zones["hand:0"]
    ids = [sp.card for sp in zone.sprites]
    # two different cards: not a combination
    click_cards(app, scene, [ids.index("3S"), ids.index("5S")])
    assert fam.actions.info()[0] == "Two different cards are not a pair"
    assert enabled(scene)["play"] is False
    before = len(scene.session.state.history)
    click_at(app, buttons(scene)["play"].center)
    press_key(app, pygame.K_RETURN)
    assert len(scene.session.state.history) == before
    # a lower pair: says what it does not beat
    click_at(app, card_point(scene, ids.index("3S")), button=3)       # right-click clears
    assert not fam.hand.selected
    click_cards(app, scene, [ids.index("5S"), ids.index("5H")])
    assert fam.actions.info()[0] == "Does not beat pair of 9s"
    # the reason is drawn under the disabled Play, in the reason colour
    app.draw()
    play = buttons(scene)["play"]
    line = pygame.Rect(fam.actions.buttons_rect.x, play.bottom, fam.actions.buttons_rect.w,
                       fam.actions.buttons_rect.bottom - play.bottom)
    assert pinkish(app.screen, line) > 20
    assert len(scene.session.state.history) == before
    # a chain that is too short
    press_key(app, pygame.K_BACKSPACE)
    click_cards(app, scene, [ids.index(c) for c in ("6S", "7S", "8S", "9H")])
    assert fam.actions.info()[0] == "A chain needs at least 5 cards"
    assert fam.actions.prompt() == "That selection can't be played now: add or change cards"


def pinkish(surface, rect) -> int:
    """Pixels of the reason colour (REASON_RGB, anti-aliased text: close to it) in `rect`."""
    out = 0
    for x in range(rect.left, rect.right, 2):
        for y in range(rect.top, rect.bottom, 2):
            r, g, b = surface.get_at((x, y))[:3]
            out += r > 230 and 130 < g < 190 and 110 < b < 170
    return out


def test_keyboard_select_and_play():
    hands, bottom = standard_hands(5)
    state = deal_state(hands, bottom, landlord=0, bid=2)
    app, scene = make_table(state=state)
    fam = scene.family
    press_key(app, pygame.K_RIGHT)          # focus the first card
    press_key(app, pygame.K_SPACE)          # select it
    assert fam.hand.selected == [0]
    press_key(app, pygame.K_RETURN)         # a single is always a legal lead
    mine = [text for seat, text in scene.session.state.history if seat == 0]
    assert len(mine) == 1 and len(mine[0]) == 1


def test_hint_then_enter_and_p_passes():
    hands, bottom = standard_hands(9)
    state = deal_state(hands, bottom, landlord=2, bid=1)
    state.apply(2, "BR" if "BJ" in hands[2] + bottom and "RJ" in hands[2] + bottom else state.legal_moves(2)[0].text)
    app, scene = make_table(state=state)
    fam = scene.family
    assert scene.may_act(0)
    if [m.text for m in scene.session.state.legal_moves(0)] == ["pass"]:
        assert "nothing" in fam.actions.prompt().lower() or "pass" in fam.actions.prompt().lower()
    before = len(scene.session.state.history)
    press_key(app, pygame.K_p)
    assert scene.session.state.history[before] == (0, "pass")


# ------------------------------------------------------------------------------------------ bidding

def test_bidding_buttons_show_only_legal_bids():
    hands, bottom = standard_hands(4)
    state = deal_state(hands, bottom, first_bidder=1)
    state.apply(1, "bid1")
    state.apply(2, "pass")
    app, scene = make_table(state=state)
    fam = scene.family
    b = buttons(scene)
    assert set(b) == {"pass", "bid2", "bid3", "hint"}
    labels = [action.label for _r, action in fam.actions.layout_buttons()]
    assert labels == ["No bid", "Bid 2", "Bid 3", "Hint"]
    press_key(app, pygame.K_1)                       # not legal: nothing happens
    assert len(scene.session.state.history) == 2
    click_at(app, b["bid2"].center)
    assert (0, "bid2") in scene.session.state.history


def test_landlord_badge_and_bottom_cards_shown_face_up():
    hands, bottom = standard_hands(6)
    state = deal_state(hands, bottom, first_bidder=0)
    app, scene = make_table(state=state)
    fam = scene.family
    zone = scene.model.zones["_bottom"]
    assert [sp.face_up for sp in zone.sprites] == [False] * 3
    press_key(app, pygame.K_3)
    run_frames(app, 2)
    assert fam.landlord_shown == 0
    assert sorted(sp.card for sp in zone.sprites) == sorted(bottom)
    assert all(sp.face_up for sp in zone.sprites)
    assert len(scene.model.zones["hand:0"].sprites) == 20
    assert fam.pod_subtitle(0) == "Landlord" and fam.pod_subtitle(1).startswith("Farmer")


# ------------------------------------------------------------------------------------------ layout

def _rects(scene) -> dict[str, pygame.Rect]:
    fam, g = scene.family, scene.geom
    G = fam.geo()
    fam.actions.layout()
    out = {"hud": g.hud, "menu": g.menu_button, "bottom_cards": G["bottom"].inflate(0, scene.metrics.px(20))}
    for seat, pod in g.pods.items():
        out[f"pod{seat}"] = pod.rect
    for seat, r in G["rows"].items():
        if seat != g.bottom_seat:
            out[f"row{seat}"] = r.union(G["labels"][seat])
    hand = G["hand"].copy()
    lift = int(g.hand_h * 0.18)
    out["hand"] = pygame.Rect(hand.x, hand.y - lift, hand.w, hand.h + lift)
    out["prompt"] = fam.actions.prompt_rect
    for rect, action in fam.actions.layout_buttons():
        out["btn_" + action.id] = rect
    return out


@pytest.mark.parametrize("size,text", [((1024, 640), "normal"), ((1280, 720), "normal"), ((1920, 1080), "normal"),
                                       ((1024, 640), "large")])
def test_no_overlap(size, text):
    hands, bottom = standard_hands(8)
    state = deal_state(hands, bottom, landlord=0, bid=1)
    app, scene = make_table(size=size, state=state)
    if text != "normal":
        app.set_text_size(text)
        run_frames(app, 2)
        assert scene.metrics.text > 1
    screen = pygame.Rect((0, 0), size)
    rects = _rects(scene)
    assert any(k.startswith("btn_") for k in rects)
    names = list(rects)
    for i, a in enumerate(names):
        assert screen.contains(rects[a]), f"{a} {rects[a]} leaves the window {size}"
        for b in names[i + 1:]:
            if {a, b} <= {n for n in names if n.startswith("btn_")}:
                continue
            assert not rects[a].colliderect(rects[b]), f"{a} {rects[a]} overlaps {b} {rects[b]} at {size}"
    # the keys hint right of the buttons stays inside the hand's width
    last = max((r for k, r in rects.items() if k.startswith("btn_")), key=lambda r: r.right)
    assert last.right < size[0]


def test_hot_seat_hands_over_between_humans():
    hands, bottom = standard_hands(2)
    state = deal_state(hands, bottom, first_bidder=0)
    app, scene = make_table(state=state, seats=["human", "human", "ai:normal"])
    assert scene.handovers >= 1
    from revolt_table.ui.scenes.handover import HandoverScene
    assert isinstance(app.scenes[-1], HandoverScene)


# ------------------------------------------------------------------------------------------ issue 11 and 10

def test_hint_selects_the_ai_move_says_why_and_cycles():
    """H selects the cards of the normal AI's move with its reason under the buttons; H again proposes
    the next play; in the bidding it says which bid and why, selecting nothing."""
    from revolt_table.ai import climbing_ai

    hands, bottom = standard_hands(5)
    app, scene = make_table(state=deal_state(hands, bottom, landlord=0, bid=2))
    fam, state = scene.family, scene.session.state
    proposal = climbing_ai.hint(state.view(0), state.legal_moves(0))
    press_key(app, pygame.K_h)
    assert text_of_cards(fam.hand.selected_cards()) == proposal.text
    line, colour = fam.actions.info()
    assert line.startswith("Hint: Lead ") and colour != (255, 160, 140)
    assert enabled(scene)["play"] is True
    first = list(fam.hand.selected_cards())
    press_key(app, pygame.K_h)
    assert list(fam.hand.selected_cards()) != first
    assert fam.actions.info()[0].startswith("Hint: Another play you can make")
    chosen = text_of_cards(fam.hand.selected_cards())
    press_key(app, pygame.K_RETURN)                               # the hinted play is played
    assert scene.session.state.history[0] == (0, chosen)
    # bidding: nothing selected, the reason names the bid
    app, scene = make_table(state=deal_state(hands, bottom, first_bidder=0))
    press_key(app, pygame.K_h)
    assert scene.family.hand.selected == []
    line = scene.family.actions.info()[0]
    assert line.startswith("Hint: Bid ") or line.startswith("Hint: Don't bid"), line
    hinted = scene.family.hinted[0].text
    gold = [action.id for _r, action in scene.family.actions.layout_buttons() if action.primary]
    assert gold == [hinted, "play"]           # the hinted bid's button is gold, and Play plays the hint
    press_key(app, pygame.K_RETURN)
    assert scene.session.state.history[0] == (0, hinted)


def test_pass_hint_when_the_partner_wins_the_trick():
    hands = [["3S", "5S", "5H", "6S", "7S", "8S", "9H", "TS", "JS", "QS", "KS", "AS", "2S", "4S", "4H", "TH", "JH"],
             ["3H", "3D", "5D", "6H", "7H", "8H", "TD", "JD", "QH", "KH", "AH", "2H", "4D", "6D", "7D", "8D", "QD"],
             ["9S", "9D", "3C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2C", "4C", "KD", "AD"]]
    state = deal_state(hands, ["2D", "BJ", "RJ"], landlord=2, bid=1)
    state.apply(2, "3")
    state.apply(0, "4")          # seat 0 wins the trick so far; its partner, seat 1, could beat it
    app, scene = make_table(state=state, seats=["ai:normal", "human", "ai:normal"])
    assert tuple(scene.session.state.to_act) == (1,) and scene.model.info.lead.owner == 0
    press_key(app, pygame.K_h)
    assert scene.family.actions.info()[0] == "Hint: Pass: your partner is winning the trick."
    assert scene.family.hand.selected == []
    assert [a.id for _r, a in scene.family.actions.layout_buttons() if a.primary] == ["pass", "play"]


def colour_pixels(surface, rect, want, tol=40) -> int:
    out = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surface.get_at((x, y))[:3]
            out += all(abs(a - b) <= tol for a, b in zip(c, want))
    return out


def test_four_colour_deck_paints_each_suit_its_colour():
    """Settings -> four-colour deck: spades black, hearts red, diamonds blue, clubs green, on the table's
    faces (the hand as drawn); off, diamonds are red and clubs black again."""
    from revolt_table.ui.table import climbing_faces as faces

    hands, bottom = standard_hands(5)
    app, scene = make_table(state=deal_state(hands, bottom, landlord=0, bid=2))
    ids = [sp.card for sp in scene.model.zones["hand:0"].sprites]

    def corner(card):
        rect = card_rect(scene, ids.index(card))
        return pygame.Rect(rect.x + 2, rect.y + 2, scene.metrics.px(30), scene.metrics.px(50))

    picks = {suit: next(c for c in ids if c[1:] == suit) for suit in "HDC" if any(c[1:] == suit for c in ids)}
    app.draw()
    plain = {suit: (colour_pixels(app.screen, corner(c), faces.BLUE), colour_pixels(app.screen, corner(c), faces.GREEN))
             for suit, c in picks.items()}
    assert all(blue == 0 and green == 0 for blue, green in plain.values())
    app.settings.four_colour_deck = True
    run_frames(app)
    app.draw()
    if "D" in picks:
        assert colour_pixels(app.screen, corner(picks["D"]), faces.BLUE) > 20
    if "C" in picks:
        assert colour_pixels(app.screen, corner(picks["C"]), faces.GREEN) > 20
    if "H" in picks:
        assert colour_pixels(app.screen, corner(picks["H"]), faces.RED) > 20
    for card, ink in (("5S", faces.BLACK), ("5H", faces.RED), ("5D", faces.BLUE), ("5C", faces.GREEN)):
        face = faces.face(card, 120, True)
        assert colour_pixels(face, face.get_rect(), ink, tol=30) > 100, card
    plain_d = faces.face("5D", 120, False)
    assert colour_pixels(plain_d, plain_d.get_rect(), faces.BLUE, tol=30) == 0


def test_the_pod_status_line_stops_before_the_pile():
    """An opponent's "Farmer · AI · normal" is fitted to end before its face-down pile (issue 11)."""
    hands, bottom = standard_hands(5)
    app, scene = make_table(size=(1024, 640), state=deal_state(hands, bottom, landlord=0, bid=2))
    fam = scene.family
    surface = pygame.Surface((1024, 640))
    for seat in (1, 2):
        pod = scene.geom.pods[seat].rect
        pile = fam.pod_band(pod, 1)
        head = fam.pod_band(pod, 0)
        assert fam.pod_badge(surface, seat, head) < pile.left
        assert pod.contains(pile)


def test_a_playable_selection_is_named_and_p_says_no_bid():
    """Two cards of a rank selected: "Pair of …" under the buttons before Play; in the bidding the keys
    line names the bidding keys and P says "no bid"."""
    from revolt_table.games import doudizhu_combos as dz

    hands, bottom = standard_hands(5)
    app, scene = make_table(state=deal_state(hands, bottom, landlord=0, bid=2))
    ids = [sp.card for sp in scene.model.zones["hand:0"].sprites]
    rank = next(c[0] for c in ids if sum(1 for d in ids if d[0] == c[0]) == 2)
    pair = [i for i, c in enumerate(ids) if c[0] == rank]
    click_cards(app, scene, pair)
    name = i18n_say(dz.describe(dz.classify(text_of_cards([ids[i] for i in pair]))))
    assert scene.family.actions.info()[0] == name[0].upper() + name[1:]
    assert name.startswith("pair of ")
    app, scene = make_table(state=deal_state(hands, bottom, first_bidder=0))
    assert scene.family.actions.info()[0] == "Keys 1-3 bid · 0 or P no bid"
    press_key(app, pygame.K_p)
    assert scene.session.state.history[0] == (0, "pass")


def i18n_say(message) -> str:
    from revolt_table.services import i18n
    return i18n.say(message)


def test_joker_names_follow_the_language():
    """The word under a joker's star comes from the translation files (BIG in English, 大王 in Chinese)."""
    from revolt_table.services import i18n

    app, scene = make_table()
    fam = scene.family
    english = pygame.image.tobytes(fam.card_image("RJ", 120, True), "RGBA")
    i18n.set_language("zh")
    try:
        chinese = pygame.image.tobytes(fam.card_image("RJ", 120, True), "RGBA")
        assert i18n.t("climbing.face.big") == "大王"
    finally:
        i18n.set_language("en")
    assert english != chinese
    assert pygame.image.tobytes(fam.card_image("RJ", 120, True), "RGBA") == english
