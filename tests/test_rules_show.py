"""`revolt-table rules show`: every game in every language prints as a player reads it; bad ids exit 2."""

import subprocess
import sys

import pytest

from revolt_table.services import i18n
from revolt_table.rulebook import quickref
from revolt_table import rulebook
from revolt_table.cli import main
from revolt_table.rulebook.show import render

GAMES = rulebook.game_ids()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_rules_show_prints_table_then_full_rules_then_rulings(game, lang):
    text = render(game, lang)
    book = rulebook.load(game, lang)
    table = text.index(i18n.t_in(lang, "rules.tab_table").upper())
    full = text.index(i18n.t_in(lang, "rules.tab_full").upper())
    rulings = text.index(i18n.t_in(lang, "rules.rulings").upper())
    assert text.startswith(book.name) and table < full < rulings
    first_heading = next(line for line in book.text if line.startswith("#")).lstrip("#").strip()
    assert first_heading in text[full:rulings]
    assert book.rulings[-1].split()[0] in text[rulings:]
    assert "`" not in text


def test_rules_show_in_portuguese_uses_cardavias_words():
    text = render("doudizhu", "pt")
    for word in ("proprietário", "fazendeiros", "bomba", "foguete", "avião", "primavera"):
        assert word in text.lower(), word
    zh = render("doudizhu", "zh")
    for word in ("地主", "农民", "炸弹", "王炸", "飞机", "春天"):
        assert word in zh, word


def test_rules_show_variant_shows_its_description_and_rulings(capsys):
    assert main(["rules", "show", "revoltaaa", "--variant", "bananas", "--language", "de"]) == 0
    out = capsys.readouterr().out
    assert "Bananas" in out and "Kein Mittelstapel" in out and "Ausspieler" in out
    assert "Mittelkarte aufdecken" not in out            # the quick reference follows the variant: no centre


def test_unknown_game_or_language_exits_2_listing_what_exists(capsys):
    assert main(["rules", "show", "nosuchgame"]) == 2
    err = capsys.readouterr().err
    assert "nosuchgame" in err and all(game in err for game in GAMES)
    assert main(["rules", "show", "doudizhu", "--language", "xx"]) == 2
    assert "pt" in capsys.readouterr().err
    assert main(["rules", "show", "revoltaaa", "--variant", "nope"]) == 2


def test_rules_show_runs_as_a_command_without_pygame():
    code = ("import sys; from revolt_table.cli import main;"
            " rc = main(['rules', 'show', 'revolte', '--language', 'fr']);"
            " sys.exit(rc if 'pygame' not in sys.modules else 99)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    assert "Révolte!" in done.stdout and "Précisions".upper() in done.stdout


def test_quick_reference_has_what_issue_10_asks_per_game():
    dd = quickref.reference(rulebook.load("doudizhu"))
    assert len(dd[0].rows) >= 12 and all(r.cards for r in dd[0].rows)        # every combination, with an example
    assert dd[1].order[-2:] == ("BJ", "RJ") and "bid" in " ".join(r.text for r in dd[2].rows).lower()
    rev = quickref.reference(rulebook.load("revolucion"))
    deck = rulebook.load("revolucion").source["deck"]
    spans = [sorted({c["count"], *c.get("count_by_players", {}).values()}) for c in deck]
    counts = [str(s[0]) if len(s) == 1 else f"{s[0]}\u2013{s[-1]}" for s in spans]   # Opponent Massacre: 0-3
    assert [r.count for r in rev[0].rows] == counts and all(r.text for r in rev[0].rows)
    revolte = " ".join(r.text for s in quickref.reference(rulebook.load("revolte")) for r in s.rows)
    assert "coin" in revolte and "Citizens" in revolte
    assert len(quickref.reference(rulebook.load("revoltaaa"))[0].rows) == 5


def test_the_quick_reference_follows_the_variant_played(tmp_path):
    """It is built from the rules as played: Bananas plays its cards in turn face up with no centre pile,
    and a player's own game of the family shows its own numbers."""
    base = [r.text for r in quickref.reference(rulebook.load("revoltaaa"))[0].rows]
    bananas = [r.text for r in quickref.reference(rulebook.load("revoltaaa", variant="bananas"))[0].rows]
    assert "in secret" in base[1] and "centre card" in base[0]
    assert "in turn" in bananas[0] and not any("secret" in text or "centre" in text for text in bananas)
    source = rulebook.load("revoltaaa").path.read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(source.replace("id: revoltaaa", "id: mine").replace("stacks_of_one_colour: 4}",
                                                                       "stacks_of_one_colour: 3}"), encoding="utf-8")
    end = quickref.reference(rulebook.load(mine))[2].rows[0].text
    assert end == "The first colour on top of 3 stacks is victorious"


def test_a_missing_translation_reads_in_english_item_by_item(tmp_path):
    (tmp_path / "translations").mkdir()
    (tmp_path / "mine.yaml").write_text(
        "id: mine\nfamily: majority\nname: Mine\nsummary: Short.\nrules_text: ['## A', 'B']\n"
        "rulings: [one, two]\n", encoding="utf-8")
    (tmp_path / "translations" / "mine.pt.yaml").write_text(
        "name: Minha\nrules_text: ['## A pt', 'B pt']\nrulings: [só uma]\n", encoding="utf-8")
    book = rulebook.load(tmp_path / "mine.yaml", "pt")
    assert book.name == "Minha" and book.summary == "Short." and book.text == ("## A pt", "B pt")
    assert book.rulings == ("one", "two")            # a translation with the wrong count is not used
    assert rulebook.load(tmp_path / "mine.yaml", "de").name == "Mine"
