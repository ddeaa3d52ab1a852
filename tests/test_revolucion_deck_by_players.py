"""Revolución's deck by the number of players (issue 29): Opponent Massacre, one per player beyond three.

Why the deck varies: the stated timer (8 steps at 3 and 4 players, 12 at 6) gives every round about the
same number of kills whatever the table, while a 6-player game needs 15 eliminations to a 3-player
game's 6; with one deck for all, 3-player games took 5 rounds and 6-player ones 12 (issue 12's band is
6-10). A lethal card per extra player, as bomb games often do, brings both into the band
(benchmarks/revolucion_balance.py; the figures are in the rules file's comment block).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from revolt_table.engine import RulesError, load_rules, validate_file
from revolt_table.rulebook import load as load_rulebook
from revolt_table.rulebook import quickref
from tests.rules_file_helpers import reported

RULES = load_rules("revolucion")


@pytest.mark.parametrize("players,massacres", [(3, 0), (4, 1), (5, 2), (6, 3)])
def test_one_opponent_massacre_per_player_beyond_three(players, massacres):
    p = RULES.params
    deck = Counter(p.deck_for(players))
    assert deck["OM"] == massacres and sum(deck.values()) == 93 + players - 3
    assert deck - Counter({"OM": massacres}) == Counter(p.deck_for(4)) - Counter({"OM": 1})
    state = RULES.new_game(players, seed=11)
    assert Counter(state.card_count()) == deck


def test_a_three_player_deal_cannot_name_a_massacre():
    hands = [["BL", "OM"], ["T3"], ["T4"]]
    with pytest.raises(ValueError, match=r"more OM cards than the deck holds \(0 with 3 players\)"):
        RULES.new_game(3, seed=5, deal={"hands": hands, "first": 0, "start": "turn"})
    assert RULES.new_game(4, seed=5, deal={"hands": hands + [["BR"]], "first": 0, "start": "turn"}).hands[0] == [
        "BL", "OM"]


def test_the_card_list_shows_the_range():
    rows = {row.count for row in quickref.reference(load_rulebook("revolucion"))[0].rows}
    assert "0\u20133" in rows and RULES.params.cards["OM"].count_label == "0\u20133"
    assert RULES.params.cards["DE"].count_label == "7"


@pytest.mark.parametrize("new,message", [
    ("count_by_players: {3: 0, 7: 2}", "7 players is outside this game's 3-6"),
    ("count_by_players: {3: 0, 6: many}", "expected a whole number"),
])
def test_a_bad_count_by_players_is_reported_with_its_position(tmp_path, new, message):
    assert message in reported(RULES, tmp_path, "count_by_players: {3: 0, 5: 2, 6: 3}", new)


def zero_counts(text: str, ids) -> str:
    """The rules text with no copies of these cards (inline `{id: X, ... count: N` or block entries)."""
    for cid in ids:
        text, n = re.subn(r"(\{id: %s, [^}]*?count: |- id: %s\n(?:    .*\n)*?    count: )\d+" % (cid, cid),
                          r"\g<1>0", text, count=1)
        assert n == 1, cid
    return text


def test_a_deck_too_small_at_one_player_count_names_it(tmp_path):
    """94 - 42 cards leave 52 with 4 players, 51 with 3, 53 with 5 and 54 with 6: enough for 3-5 players
    (8 cards each and 8 to draw) but not for 6 (56), and the error says so."""
    text = zero_counts(RULES.path.read_text(encoding="utf-8"), ("DE", "DT", "EX", "BL", "S1", "E1", "T2"))
    path = tmp_path / "thin.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as info:
        validate_file(path)
    assert "the deck has 54 cards with 6 players, who need at least 56" in str(info.value)
    assert "with 5 players" not in str(info.value)
