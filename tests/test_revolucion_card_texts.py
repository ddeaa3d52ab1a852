"""Every Revolución card says what it does (issue 29): one test per card text, played on the engine.

Each card's English text is pinned here beside the check of what it claims, so a text and the engine
cannot drift apart silently: change a card's text or effect and its test fails until both agree again.
The translations are tied to English by what a player reads as a rule: every number, and the
translated names of the cards a text names (Cut The Wires' text names no step count any more in any
language; Alliance's says the ally's die is added in every one).
"""

from __future__ import annotations

import re

import pytest
import yaml

from revolt_table.games import bomb_info
from revolt_table.games.bomb_events import (AttackResolved, BombMoved, CardStolen, ClimateChanged, Disarmed,
                                            Exploded, LieutenantSaved, TimerAdvanced)
from tests.revolucion_helpers import RULES, fight, game, kinds, texts

LANGS = ("de", "es", "fr", "pt", "zh")


def duel(events) -> AttackResolved:
    return kinds(events, AttackResolved)[0]


# --- fight cards -----------------------------------------------------------------------------------
def check_fighter(card: str, value: int, discarded: bool):
    # attacker commits the fighter alone against nothing: total = value + die; a win keeps it on the
    # table unless it is to be discarded at the end of the fight
    state = game([["BL", card], ["T2", "BR"], ["T4"]], dice=[6, 1])
    d = duel(fight(state, f"fight:{card}", "fight:none"))
    assert d.totals == (value + 6, 1) and d.winner == 0
    assert (card in state.discard) == discarded and (card in state.table[0]) != discarded


def check_gear(card: str, value: int, discarded: bool):
    state = game([["BL", "T2", card], ["T2", "BR"], ["T4"]], dice=[6, 1])
    assert f"fight:{card}" not in texts(state, 0) and "attack:1" in texts(state)
    state.apply(0, "attack:1")
    assert f"fight:{card}" not in texts(state)          # "with a fighter" only
    d = duel(state.apply(0, f"fight:T2+{card}") + state.apply(1, "fight:none"))
    assert d.totals == (2 + value + 6, 1) and d.winner == 0
    assert (card in state.discard) == discarded


# --- reactions, tactics, after the fight ---------------------------------------------------------------
def check_fo():
    state = game([["BL", "T3"], ["T2", "FO"], ["T4"]])
    state.apply(0, "attack:1")
    state.apply(1, "FO")
    assert state.phase == "turn" and state.fight[0] == [] and state.lieutenants == [3, 3, 3]
    state = game([["BL", "OM"], ["T3"], ["T4", "FO"], ["BR"]], climate="dictatorship")
    state.apply(0, "OM:2")
    state.apply(2, "FO")
    assert state.lieutenants == [3, 3, 3, 3]
    state = game([["BL", "T2"], ["T3", "FO"], ["T4"]], timer=1)
    state.apply(0, "BL")
    assert kinds(state.apply(1, "FO"), Exploded)[0].protected_by == "FO" and state.lieutenants == [3, 3, 3]


def check_al():
    # the ally rolls a die too and adds it to your total; a win pays the ally 1 support
    state = game([["BL", "T2", "AL"], ["T2", "BR"], ["T3"]], dice=[3, 4, 5])   # attacker, ally, defender
    fight(state, "fight:T2", "fight:T2")
    d = duel(state.apply(0, "AL:2"))
    assert d.dice == (3, 5) and d.ally_dice == (4, 0) and d.totals == (2 + 3 + 4, 2 + 5) and d.winner == 0
    assert state.support == [0, 0, 1]
    assert not any(t.startswith("AL:1") for t in texts(game([["BL", "T2", "AL"], ["T2"], ["T3"]])))


def check_oa():
    state = game([["BL", "T2", "OA"], ["T2", "E2", "BR"], ["T3"]], dice=[3, 3])
    fight(state, "fight:T2", "fight:T2+E2")
    d = duel(state.apply(0, "OA"))
    assert d.totals == (2 + 3, 2 + 3 - 1) and d.modifiers == (0, -1) and d.winner == 0


def check_dr():
    # as attacker: the fight cards back into the hand, except those to discard at the end of the fight
    state = game([["BL", "T2", "M5", "E3", "E1", "DR"], ["T4", "E2", "BR"], ["T3"]], dice=[1, 6])
    fight(state, "fight:T2+M5+E1", "fight:T4+E2")
    assert state.phase == "after_a" and "DR" in texts(state)
    events = state.apply(0, "DR")
    assert sorted(c for c in ("T2", "E1", "M5") if c in state.hands[0]) == ["E1", "T2"]
    assert "M5" in state.discard and state.table[0] == [] and state.lieutenants == [3, 3, 3]
    assert kinds(events, AttackResolved) == []
    # a winning defender would have discarded the Dynamite: so does a Doctor's attacker
    state = game([["BL", "T2", "E3", "DR"], ["T4", "BR"], ["T3"]], dice=[1, 6])
    fight(state, "fight:T2+E3", "fight:T4")
    state.apply(0, "DR")
    assert "T2" in state.hands[0] and "E3" not in state.hands[0] and "E3" in state.discard
    # as defender: the lieutenant survives, the cards are discarded
    state = game([["BL", "T4"], ["T2", "DR", "BR"], ["T3"]], dice=[6, 1])
    fight(state, "fight:T4", "fight:T2")
    assert kinds(state.apply(1, "DR"), LieutenantSaved) and state.lieutenants == [3, 3, 3]
    assert "T2" in state.discard


def check_bg():
    state = game([["BL", "T4"], ["T2", "BG", "BR"], ["T3"]], dice=[6, 1])
    fight(state, "fight:T4", "fight:T2")
    state.apply(1, "BG")
    assert state.lieutenants == [3, 3, 3]
    # not for a losing attacker: asked after the fight, it has only pass (said at once by the helper)
    state = game([["BL", "T4", "BG"], ["T4", "BR"], ["T3"]], dice=[1, 6])
    fight(state, "fight:T4", "fight:T4")
    assert state.phase == "turn" and "BG" in state.hands[0]
    state = game([["BL", "OM"], ["T3"], ["T4", "BG"], ["BR"]], climate="dictatorship")
    state.apply(0, "OM:2")
    state.apply(2, "BG")
    assert state.lieutenants == [3, 3, 3, 3]
    state = game([["BL", "T2"], ["T3", "BG"], ["T4"]], timer=1)
    state.apply(0, "BL")
    assert kinds(state.apply(1, "BG"), Exploded)[0].protected_by == "BG"


def check_ig():
    # any time the bomb reaches a new owner, any other player may send him: a random card stolen
    state = game([["BL", "T2"], ["T3", "BR"], ["IG", "T4"], ["S1", "S2"]])
    state.apply(0, "BL")
    assert state.phase == "irish" and state.to_act == (2,) and texts(state) == {"pass", "IG:0", "IG:1", "IG:3"}
    before = len(state.hands[3])
    events = state.apply(2, "IG:3")
    assert kinds(events, CardStolen)[0].victim == 3 and len(state.hands[3]) == before - 1


def check_cw():
    # when the bomb explodes on you: disarm it, gain 2 support, start the next round; never on a turn
    state = game([["BL", "T2"], ["T3", "CW"], ["T4"]], timer=1)
    state.apply(0, "BL")
    events = state.apply(1, "CW")
    assert kinds(events, Disarmed)[0].success and state.support[1] == 2 and state.first == 1
    assert state.round_no == 2 and state.lieutenants == [3, 3, 3]
    for climate in ("democracy", "revolution", "dictatorship"):
        state = game([["BL", "CW"], ["T3"], ["T4"]], timer=1, climate=climate)
        assert "CW" not in texts(state) and state.refusal(0, "CW").code == bomb_info.CARD_NOT_NOW


def check_ww():
    state = game([["BL", "T2"], ["T3", "CW"], ["T4", "WW"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "CW")
    assert state.phase == "wrongwire" and state.to_act == (2,)
    events = state.apply(2, "WW")
    assert not kinds(events, Disarmed)[0].success and state.lieutenants[1] == 2 and state.support[1] == 0


def check_po():
    state = game([["BL", "T2"], ["T3", "PO"], ["T4"]], timer=1)
    state.apply(0, "BL")
    events = state.apply(1, "PO")
    assert kinds(events, Exploded)[0].seat == 0 and state.lieutenants == [2, 3, 3]


def check_le():
    state = game([["BL", "T2"], ["T3", "LE", "BR"], ["T4"]], timer=1)
    state.apply(0, "BL")
    state.apply(1, "LE")
    assert state.timer == 5 and state.phase == "turn" and state.to_act == (1,) and state.round_no == 1


# --- climate cards and the bomb --------------------------------------------------------------------------
def check_extra(card: str, other: str):
    state = game([["BL", card, "T2"], ["T3"], ["T4"]], climate="democracy")
    assert f"BL+{card}" not in texts(state)                        # a Revolution card
    state = game([["BL", card, "T2"], ["T3"], ["T4"]])
    events = state.apply(0, f"BL+{card}")
    assert kinds(events, TimerAdvanced)[0].steps == 1 + 2 and state.timer == 8 - 3
    state = game([["BL", card, other, "T2"], ["T3"], ["T4"]])
    events = state.apply(0, f"BL+{'+'.join(sorted([card, other], key=['DT', 'EX'].index))}")
    assert kinds(events, Exploded)[0].seat == 1 and state.lieutenants[1] == 2


def check_om():
    state = game([["BL", "OM"], ["T3"], ["T4"], ["BR"]], climate="democracy")
    assert not any(t.startswith("OM") for t in texts(state))
    state = game([["BL", "OM"], ["T3"], ["T4"], ["BR"]], climate="dictatorship")
    state.apply(0, "OM:1")
    assert state.lieutenants == [3, 2, 3, 3] and state.support[0] == 2


def check_climate(card: str, climate: str, other: str):
    state = game([["BL", card], ["T3"], ["T4"]], climate=other, deck=["E1"])
    events = state.apply(0, card)
    assert kinds(events, ClimateChanged)[0].climate == climate and state.climate == climate
    assert "E1" in state.hands[0]


def check_move(card: str, targets: set[int]):
    state = game([[card, "T2"], ["T3"], ["T4"], ["S1"]])
    sends = {t for t in texts(state) if t.split(":")[0] == card}
    got = set()
    for text in sends:
        s = game([[card, "T2"], ["T3"], ["T4"], ["S1"]])
        got.add(kinds(s.apply(0, text), BombMoved)[0].target)
    assert got == targets


CHECKS = {
    "T2": ("Fighter worth 2.", lambda: check_fighter("T2", 2, False)),
    "T3": ("Fighter worth 3.", lambda: check_fighter("T3", 3, False)),
    "T4": ("Fighter worth 4.", lambda: check_fighter("T4", 4, False)),
    "M5": ("Fighter worth 5. To discard at the end of the fight.", lambda: check_fighter("M5", 5, True)),
    "M6": ("Fighter worth 6. To discard at the end of the fight.", lambda: check_fighter("M6", 6, True)),
    "E1": ("+1 with a fighter.", lambda: check_gear("E1", 1, False)),
    "E2": ("+2 with a fighter.", lambda: check_gear("E2", 2, False)),
    "E3": ("+3 with a fighter. To discard at the end of the fight.", lambda: check_gear("E3", 3, True)),
    "S1": ("+1 with a fighter.", lambda: check_gear("S1", 1, False)),
    "S2": ("+2 with a fighter.", lambda: check_gear("S2", 2, False)),
    "FO": ("Cancel an attack or an Opponent Massacre against you, or shelter from the explosion.", check_fo),
    "AL": ("In a fight (step 3 or 4): name an ally outside the fight; the ally rolls a die too and adds it to "
           "your total. If you win, the ally gains 1 support.", check_al),
    "OA": ("In a fight (step 3 or 4): your opponent's Equipment counts for nothing and their total is 1 lower.",
           check_oa),
    "DR": ("After a fight you lost: as attacker, take your fight cards back into your hand, except those to "
           "discard at the end of the fight; as defender, your lieutenant survives.", check_dr),
    "BG": ("After a fight you lost as defender, or against an Opponent Massacre or the explosion: your "
           "lieutenant survives.", check_bg),
    "IG": ("Any time the bomb reaches a new owner, any other player may send him to a player: he steals a "
           "random card from them.", check_ig),
    "CW": ("When the bomb explodes on you: disarm it. You gain 2 support and start the next round.", check_cw),
    "WW": ("Cancel another player's Cut The Wires: the bomb is not disarmed.", check_ww),
    "PO": ("When the bomb explodes on you: it goes back to the player who sent it and explodes there.", check_po),
    "LE": ("When the bomb explodes on you: the timer goes back 5 steps and you take your turn with the bomb.",
           check_le),
    "DT": ("Revolution card. Send it with the bomb: the timer advances 2 more steps. With Explosion: the bomb "
           "explodes on arrival.", lambda: check_extra("DT", "EX")),
    "EX": ("Revolution card. Send it with the bomb: the timer advances 2 more steps. With Detonator: the bomb "
           "explodes on arrival.", lambda: check_extra("EX", "DT")),
    "OM": ("Revolution card. On your turn: a player of your choice loses a lieutenant (Fort or Bodyguard stop "
           "it). You gain 2 support.", check_om),
    "DE": ("Democracy card. On your turn: the climate becomes Democracy until the round ends, and you draw 1 "
           "card.", lambda: check_climate("DE", "democracy", "revolution")),
    "RV": ("Revolution card. On your turn: the climate becomes Revolution until the round ends, and you draw 1 "
           "card.", lambda: check_climate("RV", "revolution", "dictatorship")),
    "BL": ("Pass the bomb to the next player on your left (clockwise).", lambda: check_move("BL", {1})),
    "BR": ("Pass the bomb to the next player on your right (anticlockwise).", lambda: check_move("BR", {3})),
    "BX": ("Pass the bomb to any other player.", lambda: check_move("BX", {1, 2, 3})),
}


def test_every_card_has_its_text_checked():
    assert set(CHECKS) == set(RULES.params.order)


@pytest.mark.parametrize("card", sorted(CHECKS))
def test_the_card_does_what_its_text_says(card):
    text, check = CHECKS[card]
    assert RULES.params.cards[card].text == text, "the text changed: check what it claims below, then pin it"
    check()


def translations() -> dict[str, dict[str, str]]:
    return {lang: yaml.safe_load((RULES.path.parent / "translations" / f"revolucion.{lang}.yaml")
                                 .read_text(encoding="utf-8"))["cards"] for lang in LANGS}


@pytest.mark.parametrize("card", sorted(CHECKS))
def test_every_language_says_the_same_numbers(card):
    """A translation that kept an old number (Cut The Wires' '3 steps', Late Explosion's steps) or lost one
    says another rule."""
    english = sorted(re.findall(r"\d+", RULES.params.cards[card].text))
    for lang, cards in translations().items():
        assert sorted(re.findall(r"\d+", cards[card])) == english, (lang, card, cards[card])


ALLY_DIE_ADDED = {"de": "zu deiner Summe", "es": "a tu total", "fr": "à votre total", "pt": "ao seu total",
                  "zh": "加到你的总数"}


def test_alliance_says_the_allys_die_is_added_in_every_language():
    for lang, cards in translations().items():
        assert ALLY_DIE_ADDED[lang] in cards["AL"], (lang, cards["AL"])
