"""Small texts a player reads, as issue 28 found them: plural of zero in Portuguese, support never written
as an unexplained abbreviation, no space between a Chinese name and 的, the 10 written as 10 in
`rules show`, and a README that does not promise what already exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from revolt_table.services import i18n

ROOT = Path(__file__).resolve().parents[1]


def test_zero_takes_the_plural_in_portuguese():
    assert i18n.t_in("pt", "bomb.prompt.exchange", n=0) == (
        "Troca: escolha as cartas para trocar e depois Ficar (0 trocadas)")
    assert [i18n.plural_form("pt", n) for n in (0, 1, 2)] == ["other", "one", "other"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_support_is_written_out_in_the_fight_moves(lang):
    """"Defend with 1 SP only" ("Defender só com 1 AP") named support by letters nobody explains."""
    word = i18n.t_in(lang, "bomb.type.support").lower()
    if lang == "zh":
        word = "支持"                      # the token's name in Chinese ("支持标记"), as the refusals say
    for key in ("bomb.move.sp", "bomb.move.fight_none_sp", "bomb.pod.support", "bomb.duel.support"):
        text = i18n.t_in(lang, key, sp=1, n=1)
        assert word in text.lower(), (key, text)
        assert not re.search(r"\b[A-Z]{2}\b", text), (key, text)


def test_no_space_between_a_name_and_de_in_chinese():
    """"你 的斗地主战绩": the player's name is often 你; a name is joined to 的 without a space."""
    table = i18n.table("zh")
    spaced = {key: text for key, text in table.items() if re.search(r"\{(name|player|names|winner|a|b)\} 的", text)}
    assert spaced == {}
    assert i18n.t_in("zh", "statistics.overall", player="你", game="斗地主") == "你的斗地主战绩"


def test_rules_show_writes_the_ten_as_ten(capsys):
    from revolt_table.cli import main

    assert main(["rules", "show", "doudizhu"]) == 0
    order = next(line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("3 < 4"))
    assert "9 < 10 < J" in order and " T " not in order


def test_the_readme_does_not_promise_the_review_for_later():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "later version" not in text
    assert "Review" in text
