"""Counts a player reads take the plural their language gives them: "1 Stich", "2 Stiche" (issue: the
Révolte! name plate said "1 Stiche"). A text with a count is written in the locale files with two forms,
`one` and `other`, and revolt_table.services.i18n.t picks one by the count (its `n`, `count`... placeholder)."""

from __future__ import annotations

import re

import pytest

from revolt_table.services import i18n

OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]
COUNTS = {name: 0 for name in i18n.COUNT_NAMES}


def plural_keys(lang: str = "en") -> list[str]:
    table = i18n.table(lang)
    return sorted(k[:-len(".one")] for k in table if k.endswith(".one") and k[:-len(".one")] + ".other" in table)


def say(lang: str, key: str, n: int) -> str:
    return i18n.t_in(lang, key, **{name: n for name in COUNTS})


def test_the_form_follows_the_count_in_each_language():
    assert [i18n.t_in("de", "tricks.tricks_word", n=n) for n in (1, 2)] == ["Stich", "Stiche"]
    assert [i18n.t_in("en", "tricks.plus_coin", n=n) for n in (1, 2)] == ["+1 coin", "+2 coins"]
    assert i18n.t_in("fr", "table.cards_left", n=0) == "0 carte"          # French "one" covers 0 and 1
    assert i18n.t_in("en", "table.cards_left", n=0) == "0 cards"
    assert i18n.t_in("pt", "climbing.warn_left", n=1) == "Resta 1!"
    assert i18n.t_in("pt", "bomb.prompt.exchange", n=0).endswith("(0 trocadas)")    # zero takes the plural
    assert i18n.t_in("pt", "bomb.prompt.exchange", n=1).endswith("(1 trocada)")
    assert i18n.t_in("es", "tricks.explain.won", player=2, points=1) == "El jugador 2 gana con 1 escudo."
    assert i18n.t_in("de", "tricks.tricks_word") == "Stiche"              # no count: the plural, the widest
    assert i18n.plural_form("zh", 1) == "other"


def test_every_count_text_has_both_forms_in_every_language():
    english = set(plural_keys("en"))
    assert len(english) > 30
    for lang in OTHERS:
        assert set(plural_keys(lang)) == english, lang


# Where a language's word for a count does not change (German "Wappen", "noch 1"; English "1 left"):
# the only texts allowed the same words for 1 and 2.
INVARIABLE = {
    "en": {"bomb.banner.lost", "bomb.banner.lost.you", "bomb.prompt.exchange", "climbing.warn_left"},
    "de": {"bomb.banner.lost", "bomb.banner.lost.you", "bomb.prompt.exchange", "climbing.warn_left", "match.ais",
           "match.players", "quickref.tricks.citizens", "quickref.tricks.noble_bonus", "quickref.tricks.per_trick",
           "table.end.points", "tricks.coin_bonus_alone", "tricks.coin_bonus_tied", "tricks.explain.won",
           "tricks.explain.won_by_coins", "tricks.explain.shared", "tricks.explain.shared_by_coins",
           "tricks.noble_line", "tricks.noble_line.you", "tricks.plus_arms", "tricks.turn_rule"},
    "fr": {"bomb.banner.lost", "bomb.banner.lost.you", "bomb.banner.timer_back", "climbing.warn_left"},
    "pt": set(), "es": set(),
}


@pytest.mark.parametrize("lang", sorted(INVARIABLE))
def test_one_reads_singular_and_two_plural(lang):
    """Every count text gives different words for 1 and for 2, except where the language itself does not."""
    same = {key for key in plural_keys(lang) if say(lang, key, 1).replace("1", "2") == say(lang, key, 2)}
    assert same == INVARIABLE[lang]


def test_chinese_has_one_form():
    for key in plural_keys("zh"):
        one, other = say("zh", key, 1), say("zh", key, 2)
        assert one.replace("1", "2") == other or "{count}" not in i18n.t_in("zh", key + ".one"), key


# English texts that put a count before a word, yet need no plural forms: the count is never 1 there
# (a match has 2 games or more; a Revolt needs 2 Citizens or more), or the word does not count.
NEVER_ONE = {"bomb.banner.support.you", "bomb.pod.support", "climbing.status.bid_over",
             "history.review.footnote.you", "match.at_screen", "match.count.deal", "match.count.game",
             "match.of.deal", "match.of.game", "quickref.climbing.landlord_share", "setup.players_exact",
             "tricks.revolt_line"}
COUNT_THEN_WORD = re.compile(r"\{(?:" + "|".join(i18n.COUNT_NAMES) + r")\}\)?\s+(?!of\b|to\b|per\b|×)[A-Za-z]")


def test_every_english_count_before_a_word_has_plural_forms():
    """The check that finds a count text written without forms (it found "{n} cards", "+{n} coin"...)."""
    table = i18n.table("en")
    plain = {k for k, text in table.items() if not k.endswith((".one", ".other")) and COUNT_THEN_WORD.search(text)}
    assert sorted(plain - NEVER_ONE) == []
