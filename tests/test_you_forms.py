"""t() says a text to the player reading when a seat named in it is theirs (issue: the default name "You"
made "You wins the fight", "Vous gagne", "Du gewinnt"). A name that is the reader is a YouName; a key
with a `you` form (`you_<arg>` for an object) is said in that form, with its own plurals where it has
them. Who is the reader: ui/seatnames.seat_names."""

from __future__ import annotations

import pytest

from revolt_table.services import i18n
from revolt_table.services.i18n import join_names, t_in, you
from revolt_table.ui.seatnames import seat_names


def test_a_you_name_takes_the_you_form_and_a_name_the_other():
    assert t_in("en", "bomb.banner.wins", name=you("You")) == "You win the fight"
    assert t_in("en", "bomb.banner.wins", name="Anna") == "Anna wins the fight"
    assert t_in("fr", "bomb.banner.wins", name=you("Vous")) == "Vous gagnez le combat"
    assert t_in("de", "bomb.banner.wins", name=you("Du")) == "Du gewinnst den Kampf"
    assert t_in("es", "bomb.banner.wins", name=you("Tú")) == "Ganas el combate"
    assert t_in("es", "climbing.banner.landlord", name=you("Tú")) == "Eres el terrateniente"
    assert t_in("zh", "bomb.banner.wins", name=you("你")) == "你赢得战斗"
    assert t_in("zh", "bomb.banner.wins", name="小安") == "小安 赢得战斗"


def test_the_reader_keeps_whatever_name_they_typed_in_the_you_form():
    assert t_in("en", "bomb.results.title", name=you("Marie")) == "You take the Palace"


def test_person_and_plural_combine():
    lost = "bomb.banner.lost"
    assert t_in("es", lost, name=you("Tú"), n=1) == "Pierdes un teniente (te queda 1)"
    assert t_in("es", lost, name=you("Tú"), n=2) == "Pierdes un teniente (te quedan 2)"
    assert t_in("es", lost, name="Ana", n=1) == "Ana pierde un teniente (le queda 1)"
    assert t_in("es", lost, name="Ana", n=2) == "Ana pierde un teniente (le quedan 2)"
    assert t_in("en", "tricks.noble_line", name=you("You"), card="Noble 9", n=2).startswith(
        "♛ Noble's bonus to you:")
    assert t_in("fr", "tricks.knave_line", name=you("Vous"), card="Fripon 1", n=1).endswith("+1 pièce")
    assert t_in("en", lost, name=you("You")) == "You lose a lieutenant ({n} left)"   # no count: `other`


def test_an_object_that_is_the_reader_takes_its_own_form():
    assert t_in("en", "bomb.banner.attack", a="Ben", b=you("You")) == "Ben attacks you!"
    assert t_in("en", "bomb.banner.attack", a=you("You"), b="Ben") == "You attack Ben!"
    assert t_in("fr", "bomb.banner.passes", a="Anne", b=you("Vous")) == "Anne vous passe la bombe"
    assert t_in("de", "bomb.banner.stolen", thief="Ben", victim=you("Du")) == "Ben stiehlt dir eine Karte"
    assert t_in("de", "tricks.knave_steal_line", name="Ben", card="Schurke 1", victim=you("Du")).endswith(
        "eine Münze von dir")


def test_a_text_without_a_you_form_reads_as_before():
    assert t_in("en", "tricks.led_by", name=you("You")) == "lead: You"
    assert t_in("en", "tricks.plus_coin", n=1) == "+1 coin"


def test_a_group_with_the_reader_is_said_to_them():
    group = join_names(" & ", [you("You"), "Anna"])
    assert group == "You & Anna" and i18n.is_you(group)
    assert not i18n.is_you(join_names(" & ", ["Ben", "Anna"]))
    assert t_in("en", "climbing.results.match_over", names=group) == "You won the match"
    assert t_in("en", "climbing.results.match_over", names="Ben & Anna") == "Ben & Anna won the match"
    assert t_in("de", "table.results.match_shared", names=join_names(" & ", [you("Du"), "Anna"])) == \
        "Partie vorbei: Du & Anna teilt euch den Sieg!"


def test_keys_with_forms_exist_and_count_as_plural_or_person_keys():
    for key in ("bomb.banner.wins", "bomb.banner.lost", "tricks.wins"):
        assert i18n.has(key) and i18n.is_plural(key)
    assert i18n.is_plural("tricks.plus_coin") and not i18n.is_plural("tricks.led_by")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_you_form_leaves_the_subjects_name_out(lang):
    """The `you` form says "you", not the name (so "Marie" is never conjugated in the second person);
    only a group keeps its names ("{names} share the win": the reader and the others)."""
    table = i18n.table(lang)
    forms = {k: text for k, text in table.items() if ".you" in k and not k.split(".you")[1].startswith("_")}
    assert len(forms) > 30
    with_name = sorted(k for k, text in forms.items() if "{name}" in text or "{a}" in text or "{thief}" in text)
    assert with_name == []
    assert sorted(k for k, text in forms.items() if "{names}" in text) == ["table.results.match_shared.you"]


def test_the_one_human_at_a_table_of_ais_is_the_reader_whatever_their_name():
    names = seat_names(["human", "ai:easy", "ai:easy"], ["Marie", "Anna", "Ben"])
    assert names == ["Marie", "Anna", "Ben"] and [i18n.is_you(n) for n in names] == [True, False, False]
    names = seat_names(["ai:easy", "human"], ["Anna", "Marie"])
    assert [i18n.is_you(n) for n in names] == [False, True]


def test_hot_seat_names_are_names_unless_one_kept_you():
    i18n.set_language("fr")
    try:
        names = seat_names(["human", "human", "ai:easy"], ["Marie", "Paul", "Anne"])
        assert not any(i18n.is_you(n) for n in names)
        names = seat_names(["human", "human", "ai:easy"], ["Vous", "Paul", "Anne"])
        assert [i18n.is_you(n) for n in names] == [True, False, False]
        assert i18n.t("bomb.banner.wins", name=names[0]) == "Vous gagnez le combat"
        assert i18n.t("bomb.banner.wins", name=names[1]) == "Paul gagne le combat"
    finally:
        i18n.set_language("en")


def test_a_session_names_its_reader_and_saves_plain_names():
    from revolt_table.engine import load_rules
    from revolt_table.ui.session import Session
    from revolt_table.services.userdata import dump_yaml

    session = Session(load_rules("doudizhu"), ["human", "ai:easy", "ai:easy"], None, match_seed=1, save=False)
    assert session.names == ["You", "Anna", "Ben"] and i18n.is_you(session.names[0])
    record = session.record()
    assert all(type(n) is str for n in record["names"])
    assert "names:\n- You\n" in dump_yaml(record)
    session.close()
