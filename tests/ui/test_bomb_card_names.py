"""Revolución's card names in every shipped language (issue 11: card text "never cut at 1024x640").

Every name is whole on its face at the smallest card the table draws at 1024x640 (the hand's readable
height in that language) and at every larger hand size: no letter lost, each line within the name band
(drawn at most CONDENSE narrower). Where a language's word is longer than a card, the translation files
give a shorter natural name (German "Leibwache", Spanish "Metralleta") or mark where the word may break
with a soft hyphen ("Demo\u00ADcracia"), which the face uses only when the whole word does not fit and no
other text ever shows. The rules text and rulings of each language name the cards as the faces do."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
import yaml

from revolt_table.services import i18n
from revolt_table.engine import load_rules
from revolt_table.ui import cards
from revolt_table.ui.fonts import font
from revolt_table.ui.table import bomb_faces
from tests.ui.table_helpers import open_table, post_move, run_frames
from tests.ui.test_bomb_hand_rows import words

pytestmark = pytest.mark.usefixtures("fast_table")

LANGUAGES = ["en", "pt", "de", "fr", "es", "zh"]
RULES = load_rules("revolucion")
SOFT_HYPHEN = "\u00ad"                          # a translator's break point in a card name
RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
# hand heights past the smallest: the 1280x720 and 1920x1080 hands, the enlarged card's range
LARGER = (104, 110, 118, 126, 135, 150, 165, 180, 200, 240)


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")


def table_in(lang: str, hand: list[str], size=(1024, 640), players: int = 4):
    others = [["T4", "BR"], ["T2", "BL"], ["T2", "BR"], ["T3", "BL"], ["T3", "BR"]]
    deal = {"hands": [hand] + others[:players - 1], "first": 0, "climate": "revolution", "start": "turn"}
    app, scene = open_table("revolucion", ["human"] + ["ai:normal"] * (players - 1), size=size, seed=4,
                            state=RULES.new_game(players, seed=4, deal=deal), auto_ai=False)
    scene.tips_allowed = False
    app.set_language(lang)
    scene.model.settle()
    run_frames(app, 3)
    post_move((2, 2))                          # the pointer off the hand: nothing enlarged
    run_frames(app)
    return app, scene


def letters(text: str) -> str:
    """A name's letters, whatever its lines and break marks: "Demo-" + "cracia" reads "Democracia"."""
    return re.sub(rf"[\s\-{SOFT_HYPHEN}]", "", text)


def name_problem(painter, card: str, height: int) -> str | None:
    size = cards.card_size(height)
    lay = painter.text_layout(card, size)
    band = size[0] - 3 * lay.pad                      # the name's room on the band (FacePainter.paint)
    name = painter.name(card)
    if letters("".join(lay.name_lines)) != letters(name):
        return f"{card} {name!r} drawn as {lay.name_lines} at h={height}"
    f = font(lay.name_size, True)
    wide = max(f.size(line)[0] for line in lay.name_lines)
    if wide * bomb_faces.CONDENSE > band:
        return f"{card} {name!r}: {lay.name_lines} {wide} px > band {band} px (h={height}, {lay.name_size} px)"
    if height >= bomb_faces.TEXT_CARD_H and lay.name_size < bomb_faces.TEXT_FLOOR:
        return f"{card} {name!r} at {lay.name_size} px (h={height})"
    return None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_name_is_whole_at_every_hand_size(lang, english_after):
    app, scene = table_in(lang, ["T2", "BL"])
    painter, layout = scene.family.painter, scene.family.layout
    smallest = min(layout.hand_shape(n)[1] for n in range(1, 13))   # the hand's cards at 1024x640
    assert smallest == painter.readable_height() and smallest <= layout.hand_shape(8)[1]
    assert layout.hand_shape(8)[0] == 1                              # an ordinary hand stays one row
    heights = sorted({smallest, smallest + 1, smallest + 2, *(h for h in LARGER if h > smallest)})
    problems = [p for card in painter.cards for h in heights if (p := name_problem(painter, card, h))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang,card,small,large", [
    ("es", "DE", ("Demo-", "cracia"), ("Democracia",)),
    ("pt", "BG", ("Guarda-", "costas"), ("Guarda-costas",)),
    ("fr", "E2", ("Mitrail-", "leuse"), ("Mitrailleuse",)),
])
def test_a_long_word_breaks_only_where_the_card_is_too_narrow(lang, card, small, large, english_after):
    """A soft hyphen (or the word's own hyphen) breaks the name on the smallest hand card, and not on a
    card wide enough for the whole word; no other text shows the soft hyphen."""
    i18n.set_language(lang)
    painter = bomb_faces.FacePainter(RULES)
    low = painter.text_layout(card, cards.card_size(painter.readable_height()))
    high = painter.text_layout(card, cards.card_size(240))
    assert (low.name_lines, high.name_lines) == (small, large)
    assert SOFT_HYPHEN not in painter.name(card) and SOFT_HYPHEN not in i18n.t(f"bomb.card.{card}")


def face_names(lang: str) -> dict[str, str]:
    """The card names a face shows in `lang` (from the translation file, break marks removed)."""
    i18n.set_language(lang)
    try:
        return {cid: i18n.t(f"bomb.card.{cid}") for cid in RULES.params.cards}
    finally:
        i18n.set_language("en")


def rules_words(lang: str) -> str:
    """Everything the rules screen says in `lang`: rules text, rulings, variants, card texts."""
    if lang == "en":
        source = yaml.safe_load((RULES_DIR / "revolucion.yaml").read_text(encoding="utf-8"))
        texts = source.get("rules_text", []) + source.get("rulings", [])
        texts += [f"{card['name']}: {card.get('text', '')}" for card in source["deck"]]   # its card list
    else:
        source = yaml.safe_load((RULES_DIR / "translations" / f"revolucion.{lang}.yaml").read_text(encoding="utf-8"))
        texts = source["rules_text"] + source["rulings"] + list(source["cards"].values())
    return "\n".join(texts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_name_the_cards_as_the_faces_do(lang):
    """Each card's face name appears in that language's rules (the deck list names every card)."""
    text = rules_words(lang).casefold()
    missing = {cid: name for cid, name in face_names(lang).items() if name.casefold() not in text}
    assert not missing, f"{lang}: names on the faces but not in the rules: {missing}"
    if lang == "en":                                     # English names are the rules file's own
        assert face_names("en") == {cid: card.name for cid, card in RULES.params.cards.items()}


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_twelve_card_hand_shows_every_name_whole_on_screen(lang, english_after):
    """A real 12-card hand of the longest names at 1024x640: two rows of readable cards, every name
    within its band, and on screen each face's words are the painter's own pixels (nothing over them)."""
    hand = ["M6", "E2", "S2", "BG", "CW", "OM", "BX", "WW", "DE", "PO", "LE", "AL"]
    app, scene = table_in(lang, hand, players=6)
    zone = scene.model.zones["hand:0"]
    assert sorted(sp.card for sp in zone.sprites) == sorted(hand)
    assert scene.family.layout.fix().rows == 2
    for sprite in zone.sprites:
        sprite.dim = sprite.highlight = 0.0
    app.draw()
    painter = scene.family.painter
    for sprite in zone.sprites:
        rect = scene.renderer.current_rect(sprite)
        assert rect.h >= painter.readable_height() and painter.text_layout(sprite.card, rect.size).fits
        assert name_problem(painter, sprite.card, rect.h) is None, name_problem(painter, sprite.card, rect.h)
        face = painter.face(sprite.card, rect.h)
        text = words(scene, sprite, rect)
        differ = sum(max(abs(a - b) for a, b in zip(face.get_at((x - rect.x, y - rect.y))[:3],
                                                     app.screen.get_at((x, y))[:3])) > 24
                     for x in range(text.left, text.right) for y in range(text.top, text.bottom))
        assert differ <= text.w * text.h // 200, (sprite.card, differ)
    pygame.event.clear()
