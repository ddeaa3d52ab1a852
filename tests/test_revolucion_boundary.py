"""Revolución at the typed boundary: compiled params, the frozen info record, messages in events and
refusals that say why (and agree with legal_moves on every move of many random games)."""

from __future__ import annotations

import dataclasses
import random
import re
import string
from pathlib import Path

import pytest
import yaml

from revolt_table.engine import GameOver, Message, Refusal, load_rules
from revolt_table.engine.message import CODES as ENGINE_CODES
from revolt_table.games import bomb_info
from revolt_table.games.bomb_cards import BombParams
from revolt_table.games.bomb_info import CODES, BombInfo, PhaseContext
from tests.revolucion_helpers import RULES, game, texts

ROOT = Path(__file__).resolve().parents[1]
EN = yaml.safe_load((ROOT / "assets/locale/en.bomb.yaml").read_text(encoding="utf-8"))


def en(code: str) -> str | None:
    node = EN
    for part in code.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    if isinstance(node, dict) and isinstance(node.get("other"), str):
        return node["other"]                          # a text with plural forms (one/other, i18n.t)
    return node if isinstance(node, str) else None


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# --- params ---------------------------------------------------------------------------------------
def test_params_are_compiled_once_frozen_and_not_cached_on_rules():
    rules = load_rules("revolucion")
    p = rules.params
    assert isinstance(p, BombParams) and rules.params is p
    assert not any(name.startswith("_bomb") for name in vars(rules))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.die = 8                                                    # type: ignore[misc]
    with pytest.raises(TypeError):
        p.cards["XX"] = p.cards["T2"]                                # type: ignore[index]
    assert p.timer[6] == 12 and p.climates["revolution"].attacks is None and p.max_support is None
    assert p.climates["dictatorship"].attacks == 0 and p.climates["democracy"].attacks == 0
    assert p.cards["M5"].fighter and p.cards["FO"].effect("attacked", "cancel_attack") is not None
    assert len(p.deck) == sum(c.count for c in p.cards.values())
    assert load_rules("revolucion", "home_ground").params.defender_bonus == 1 and p.defender_bonus == 0


def test_params_say_where_the_bomb_goes():
    p = RULES.params
    assert p.receiver(0, "BL", None, (0, 1, 2, 3), 4) == 1 and p.receiver(0, "BR", None, (0, 1, 2, 3), 4) == 3
    assert p.receiver(0, "BL", None, (0, 2, 3), 4) == 2 and p.receiver(0, "BX", 3, (0, 1, 2, 3), 4) == 3
    assert p.bomb_steps(()) == (1, False) and p.bomb_steps(("DT",)) == (3, False)
    assert p.bomb_steps(("DT", "EX")) == (5, True)


# --- info -------------------------------------------------------------------------------------------
def _frozen_values(value) -> bool:
    if value is None or isinstance(value, (int, str, Message)):
        return True
    if isinstance(value, tuple):
        return all(_frozen_values(v) for v in value)
    if dataclasses.is_dataclass(value):
        return value.__dataclass_params__.frozen and all(
            _frozen_values(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def test_info_is_a_frozen_record_and_rebuilds_the_state():
    rng = random.Random(4)
    for seed in range(6):
        state = RULES.new_game(3 + seed % 4, seed=seed)
        while not state.is_over:
            info = state.view(None).info
            assert isinstance(info, BombInfo) and isinstance(info.ctx, PhaseContext)
            assert _frozen_values(info) and hash(info)
            assert info.phase == state.phase and info.ctx == PhaseContext.of(state.ctx)
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.randrange(len(moves))])
        assert state.view(None).info.winner == state.winner


# --- messages ---------------------------------------------------------------------------------------
def test_every_code_has_english_with_its_placeholders():
    for code in CODES:
        assert en(code), code
    assert placeholders(en(bomb_info.FIGHT_ATTACKER_WINS)) == {"attack", "defence"}
    assert placeholders(en(bomb_info.NOT_IN_HAND)) == {"card"}
    assert placeholders(en(bomb_info.CLIMATE_FORBIDS)) == {"card", "climate"}
    assert placeholders(en(bomb_info.DISARM_TOO_FAR)) == {"steps", "left"}
    for card in RULES.params.order:
        assert en(f"bomb.card.{card}") == RULES.params.cards[card].name
    for climate in RULES.params.climates:
        assert en(f"bomb.climate.{climate}") == RULES.params.climates[climate].name


def test_events_carry_messages_never_sentences():
    agents_rng = random.Random(2)
    seen: set[str] = set()
    for seed in range(8):
        state = RULES.new_game(4, seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_moves(seat)
            for event in state.apply(seat, moves[agents_rng.randrange(len(moves))]):
                for f in dataclasses.fields(event):
                    value = getattr(event, f.name)
                    if f.name in ("reason", "explanation") and value is not None:
                        assert isinstance(value, Message) and value.code in CODES, (event, value)
                        seen.add(value.code)
                    elif isinstance(value, str):
                        assert " " not in value, (event, f.name)     # ids and move texts only
                if isinstance(event, GameOver):
                    assert event.explanation.code in CODES
    assert {"bomb.reason.refill", "bomb.reason.turn", "bomb.over.last_party"} <= seen


def test_games_module_holds_no_player_sentences():
    """No f-strings or sentences in games/bomb*.py besides engineers' errors and docstrings."""
    for path in sorted((ROOT / "revolt_table/games").glob("bomb*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            if "raise " in code or "report(" in code or code.strip().startswith(("f\"", "\"")):
                continue
            assert not re.search(r"f\"[^\"]*[A-Za-z]{3,} [a-z]{3,}", code), f"{path.name}:{number}: {line}"


# --- refusals ---------------------------------------------------------------------------------------
def capped_rules(folder: Path):
    """The rules with a climate the bundled file does not have: Dictatorship allowing one attack a turn
    and no support tokens in fights (the refusals for such climates are the family's too)."""
    data = yaml.safe_load((ROOT / "rules/revolucion.yaml").read_text(encoding="utf-8"))
    data["climates"]["dictatorship"].update(attacks=1, support_in_fights=False)
    path = folder / "revolucion_capped.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return load_rules(path)


def refused(state, text, seat=None):
    seat = state.to_act[0] if seat is None else seat
    refusal = state.refusal(seat, text)
    assert isinstance(refusal, Refusal), text
    return refusal


def test_refusals_say_why_a_card_cannot_be_used_now(tmp_path):
    state = game([["BL", "M5", "DE", "RV", "FO", "CW"], ["T3"], ["T4"]], climate="democracy", timer=6)
    assert refused(state, "M5") == Refusal(bomb_info.NO_ATTACKS, climate=Message("bomb.climate.democracy"))
    assert refused(state, "attack:1").code == bomb_info.NO_ATTACKS
    assert refused(state, "RV") == Refusal(bomb_info.CLIMATE_FORBIDS, card=Message("bomb.card.RV"),
                                          climate=Message("bomb.climate.democracy"))
    assert refused(state, "FO").code == bomb_info.CARD_NOT_NOW
    assert refused(state, "CW") == Refusal(bomb_info.DISARM_TOO_FAR, steps=3, left=6)
    assert refused(state, "BR").code == bomb_info.NOT_IN_HAND
    assert refused(state, "dig:FO").code == bomb_info.HAS_MOVEMENT
    state = game([["BL", "DT", "T2"], ["T3"], ["T4"]], climate="democracy")
    assert refused(state, "BL+DT").code == bomb_info.CLIMATE_FORBIDS
    state = game([["BL", "T2"], ["T3"], ["T4"]])
    assert refused(state, "T2").code == bomb_info.FIGHTER_ATTACKS
    state = game([["BL", "T2", "T3"], ["T3"], ["T4"]], climate="dictatorship", dice=[6, 1], support=[2, 0, 0],
                 rules=capped_rules(tmp_path))
    state.apply(0, "attack:1")
    assert refused(state, "fight:T2+T3").code == bomb_info.ONE_OF_EACH_TYPE
    assert refused(state, "fight:T2+sp1").code == bomb_info.NO_SUPPORT_IN_CLIMATE
    assert refused(state, "fight:none").code == bomb_info.ATTACK_NEEDS_FIGHTER
    state.apply(0, "fight:T3")
    assert refused(state, "fight:T2").code == bomb_info.NOT_IN_HAND           # the defender has no T2
    state.apply(1, "fight:none")
    assert refused(state, "attack:2") == Refusal(bomb_info.ATTACKS_USED, n=1,
                                               climate=Message("bomb.climate.dictatorship"))


def test_refusals_in_fights_and_at_the_explosion():
    state = game([["BL", "T2", "E1"], ["E2", "S1", "OA", "BR"], ["T4"]], support=[0, 1, 0])
    state.apply(0, "attack:1")
    state.apply(0, "fight:T2+E1")
    assert refused(state, "fight:E2").code == bomb_info.NEEDS_FIGHTER
    assert refused(state, "fight:OA").code == bomb_info.NOT_FIGHT_CARD
    assert refused(state, "fight:sp2") == Refusal(bomb_info.NOT_ENOUGH_SUPPORT, n=1)
    assert "fight:sp1" in texts(state)
    state = game([["BL", "T2"], ["T3", "OA", "FO"], ["T4"]], timer=1)
    state.apply(0, "BL")
    assert refused(state, "OA").code == bomb_info.ONLY_PROTECTION
    assert refused(state, "LE").code == bomb_info.NOT_IN_HAND


def candidate_texts(state, seat) -> set[str]:
    """Legal texts plus plausible illegal ones: every card, pairs, attacks, fights, swaps, digs."""
    hand = sorted(set(state.hands[seat]))
    out = {m.text for m in state.legal_moves(seat)} | set(hand) | {"pass", "keep", "nonsense", "fight:none"}
    for c in hand:
        out |= {f"swap:{c}", f"dig:{c}", f"fight:{c}", f"fight:{c}+sp3", f"{c}:1", f"BL+{c}"}
        out |= {f"fight:{c}+{d}" for d in hand}
    out |= {f"attack:{s}" for s in range(state.players + 1)}
    return out


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_refusals_agree_with_legal_moves_on_every_move(players):
    allowed = set(CODES) | set(ENGINE_CODES)
    rng = random.Random(players)
    for seed in range(25):
        state = RULES.new_game(players, seed=1000 + seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = {m.text for m in state.legal_moves(seat)}
            for text in candidate_texts(state, seat):
                refusal = state.refusal(seat, text)
                assert (refusal is None) == (text in legal), (state.phase, text, refusal)
                if refusal is not None:
                    assert refusal.code in allowed, refusal
            moves = state.legal_moves(seat)
            state.apply(seat, moves[rng.randrange(len(moves))])


def test_ui_and_ai_read_only_views_events_moves_refusals_and_params():
    for rel in ("revolt_table/ui/table/bomb.py", "revolt_table/ui/table/bomb_faces.py",
                "revolt_table/ui/table/bomb_play.py", "revolt_table/ai/bomb_ai.py",
                "revolt_table/ai/bomb_hints.py"):
        text = (ROOT / rel).read_text(encoding="utf-8")
        for banned in ("rules.data", "state.phase", "state.ctx", ".alive()", "public_info", "_bomb_tables",
                       "state.hands", "state.lieutenants", "state.winner", "state.round_no"):
            assert banned not in text, (rel, banned)


def test_the_ai_and_the_hints_answer_every_step_of_the_phase_table():
    """games/bomb.py declares the phases (their moves, how they apply, the step each asks); the AI and
    the hints key their answers by those steps, and none is missing or left over (issue 27: the phase
    names were mirrored by hand in three places)."""
    from revolt_table.ai.bomb_ai import BombHeuristicAgent
    from revolt_table.ai.bomb_hints import Reasons
    from revolt_table.games.bomb import PHASES, BombState

    rules = load_rules("revolucion")
    state = rules.new_game(4, seed=1)
    agent = BombHeuristicAgent(rules)
    assert set(agent.answers()) == set(PHASES.steps)
    assert set(Reasons(agent, state.view(state.to_act[0])).answers()) == set(PHASES.steps)
    for rel in ("revolt_table/games/bomb.py", "revolt_table/ai/bomb_ai.py", "revolt_table/ai/bomb_hints.py"):
        assert 'getattr(self, "_' not in (ROOT / rel).read_text(encoding="utf-8"), rel   # no dispatch by name
    for phase in PHASES.values():
        assert phase.moves.__qualname__.startswith("BombState.") and phase.apply.__qualname__.startswith("BombState.")
    assert BombState.legal_moves.__qualname__ == "BombState.legal_moves"
