"""The Review names moves as the table does, in the player's language (issue: it showed the engine's
notation: "66JJJJ22", "cut:B7", "fight:T3+M5+sp2")."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pygame
import pytest

from conftest import key
from revolt_table.services import i18n
from revolt_table.engine import Move, describe, load_rules
from revolt_table.ui.scenes.review_moves import move_label, move_words
from tests.history_helpers import entry
from tests.ui.test_review import drawn, review_of

NAMES = ["You", "Anna", "Ben", "Clara"]


class SeatView:
    """The little of a view a family's descriptor reads: the seat, the table size, the public info (its
    phase, who is alive) and the seat's hand."""

    def __init__(self, phase: str, players: int = 4, cards: tuple[str, ...] = ()) -> None:
        self.seat, self.players = 0, players
        self.info = SimpleNamespace(phase=phase, alive=tuple(range(players)))
        self.cards = cards

    def hand(self, seat=None):
        return self.cards


@pytest.mark.parametrize("lang, game, text, phase, words", [
    ("en", "revoltaaa", "R3", "", "Ducks 3"),
    ("de", "revoltaaa", "B0", "", "0 der Roboter"),
    ("en", "doudizhu", "88", "play", "Pair of 8s"),
    ("en", "doudizhu", "66JJJJ22", "play", "Four Jacks with two pairs"),
    ("en", "doudizhu", "bid2", "bidding", "Bid 2"),
    ("en", "doudizhu", "pass", "bidding", "No bid"),
    ("en", "doudizhu", "pass", "play", "Pass"),
    ("fr", "revolte", "cut:B7", "", "Canaille 7 (coupe)"),
    ("fr", "revolte", "take:1", "", "Pièce prise à Anna"),
    ("en", "revolte", "take:0", "", "Coin from you"),
    ("en", "revolucion", "attack:2", "turn", "Attack Ben"),
    ("fr", "revolucion", "fight:T3+M5+sp2", "commit_a", "Combattre : Soldat + Mercenaire + 2 de soutien"),
    ("fr", "revolucion", "BX:1", "dig", "Bombe express → Anna"),
    ("en", "revolucion", "BL+DT", "turn", "Bomb Left → Anna + Detonator"),
    ("de", "revolucion", "swap:BX", "exchange", "Bombenexpress tauschen"),
])
def test_a_move_reads_as_the_table_names_it(lang, game, text, phase, words):
    """The family's descriptor names the move (a Move without its payload is read from its text)."""
    i18n.set_language(lang)
    try:
        info = describe(load_rules(game), SeatView(phase), Move(text))
        assert move_words(info.label, text, [i18n.you(NAMES[0]), *NAMES[1:]]) == words
    finally:
        i18n.set_language("en")


def test_a_move_that_cannot_be_named_shows_its_text():
    state = load_rules("revolte").new_game(3, seed=1)
    assert move_label(state, state.to_act[0], "nonsense") is None
    assert move_words(None, "nonsense", NAMES) == "nonsense"


# The notation of each family's moves: a card id, a run of ranks, a move with a colon or a plus.
NOTATION = re.compile(r"^\d+\. [^:]+: (?:[RB]\d|[3-9TJQKA2BR]{1,20}|bid\d|[a-z]+:[A-Za-z0-9+]+|[A-Z]{2}(?:\+.*)?)$")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
@pytest.mark.parametrize("game", ["doudizhu", "revoltaaa", "revolte", "revolucion"])
def test_the_move_list_shows_no_engine_notation(app, monkeypatch, game, lang):
    i18n.set_language(lang)
    try:
        scene = review_of(app, entry(game, seed=2))
        lines = [scene.move_line(k) for k in range(1, scene.model.steps + 1)]
        assert lines and [line for line in lines if NOTATION.match(line)] == []
        for _ in range(5):
            key(app, pygame.K_RIGHT)
        assert scene.k == 5
        panel = " ".join(drawn(app, monkeypatch))
        assert scene.words(scene.model.move(5)) in panel
    finally:
        i18n.set_language("en")


def test_what_a_move_said_follows_a_change_of_language(app):
    """The Review's panel says events again in the new language (they were translated once, when built)."""
    scene = review_of(app, entry("revolucion", seed=2))
    k = next(k for k in range(1, scene.model.steps + 1) if scene.model.said(k))
    english = scene.model.said(k)
    i18n.set_language("fr")
    try:
        assert scene.model.said(k) != english and all(s not in english for s in scene.model.said(k))
    finally:
        i18n.set_language("en")
