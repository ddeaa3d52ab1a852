"""A single game is not a match: its results never say "game 1 of 1" or "Match over" (issue: RevoltaaA's
results said "The Ducks won game 1 of 1"), and a match of several games still says which game it was."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from revolt_table.services import i18n  # noqa: E402
from revolt_table.engine import load_rules  # noqa: E402
from tests.ui.table_helpers import open_table  # noqa: E402

# What a match says and a single game must not, in each language (from the match keys' own texts).
MATCH_WORDS = {"en": ("1 of 1", "Match"), "fr": ("1 sur 1", "match"), "de": ("1 von 1", "Partie vorbei"),
               "pt": ("1 de 1", "Fim da partida"), "es": ("1 de 1", "enfrentamiento"), "zh": ("共 1 局", "比赛")}


def _finished(game: str, games: int, seed: int = 3):
    rules = load_rules(game)
    app, scene = open_table(game, ("ai:normal",) * rules.min_players, seed=seed, games=games)
    s = scene.session
    while not s.match.is_over:
        while not s.state.is_over:
            s.play_ai_now()
        scene.family.results_data()
        if not s.match.is_over:
            s.next_game()
    return scene


@pytest.mark.parametrize("game", ["revoltaaa", "doudizhu", "revolte", "revolucion"])
def test_a_single_game_says_who_won_without_match_words(table_home, game):
    scene = _finished(game, games=1)
    try:
        for lang, words in MATCH_WORDS.items():
            i18n.set_language(lang)
            data = scene.family.results_data()
            shown = f"{data.title} | {data.subtitle}"
            assert not any(w in shown for w in words), (lang, shown)
    finally:
        i18n.set_language("en")


def test_a_match_of_several_games_still_numbers_them(table_home):
    scene = _finished("revoltaaa", games=2)
    data = scene.family.results_data()
    assert "game 2 of 2" in data.subtitle and data.title.startswith("Match over")
