"""What the games say reaches players in their language, as whole sentences (issue: Revolución's log and
Review showed bare engine words such as "exchanged"). Seeded games of every family are played and each
event is said in every language: nothing a non-English player reads is the English sentence, and a
reason ("exchanged", "attacking") always comes inside its event's sentence, with the seat's name."""

from __future__ import annotations

import random
import re
from dataclasses import fields

import pytest

from revolt_table.services import i18n
from revolt_table.engine import Message, load_rules
from revolt_table.records.replay_text import event_sentences

GAMES = {"revoltaaa": 4, "doudizhu": 3, "revolte": 4, "revolucion": 4}
NAMES = ["Anna", "Ben", "Clara", "David"]


def played_events(game: str, seed: int) -> list:
    rules = load_rules(game)
    state, rng, events = rules.new_game(GAMES[game], seed=seed), random.Random(seed), []
    while not state.is_over:
        seat = state.to_act[0]
        events += state.apply(seat, rng.choice(state.legal_moves(seat)))
    return events


@pytest.fixture(scope="module")
def events() -> dict[str, list]:
    return {game: [e for seed in range(2) for e in played_events(game, seed)] for game in GAMES}


def said(lang: str, event) -> list[str]:
    i18n.set_language(lang)
    try:
        return event_sentences(event, NAMES)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != "en"])
def test_no_english_sentence_reaches_a_player_of_another_language(events, lang):
    english_only = []
    for game, game_events in events.items():
        for event in game_events:
            for mine, english in zip(said(lang, event), said("en", event)):
                if mine == english and re.search(r"[A-Za-z]{3}", english):
                    english_only.append(f"{game} {type(event).__name__}: {mine}")
    assert english_only == []


def test_every_event_speaks_in_messages_and_every_reason_in_a_sentence(events):
    bare = []
    for game, game_events in events.items():
        for event in game_events:
            for f in fields(event):
                value = getattr(event, f.name)
                assert not (f.name == "explanation" and isinstance(value, str) and value), (game, event)
                if f.name == "reason" and isinstance(value, Message):
                    for lang in i18n.LANGUAGES:
                        reason = i18n.t_in(lang, value.code, **dict(value.params))
                        if reason in said(lang, event):
                            bare.append(f"{lang} {game} {type(event).__name__}: {reason}")
    assert bare == []


def test_a_reason_sentence_names_the_seat_and_its_count(events):
    drawn = next(e for e in events["revolucion"] if type(e).__name__ == "CardsDrawn" and e.count > 1)
    assert said("en", drawn)[0].startswith(f"{NAMES[drawn.seat]}: {drawn.count} cards drawn (")
    one = next(e for e in events["revolucion"] if type(e).__name__ == "CardsDrawn" and e.count == 1)
    assert said("de", one)[0].startswith(f"{NAMES[one.seat]}: 1 Karte gezogen (")
