"""Rules files: the bundled ones are valid; every broken one reports `path:line:column: message`."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from revolt_table.cli import main
from revolt_table.engine import RulesError, load_rules, validate_file
from revolt_table.engine.rules import merge_overlay
from revolt_table.services.resources import rules_dir

BROKEN = sorted((Path(__file__).parent / "data" / "broken").glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (\d+):(\d+): (.+)$")


def expectations(path: Path) -> list[tuple[int, int, str]]:
    found = []
    for line in path.read_text().splitlines():
        match = EXPECT.match(line)
        if match:
            found.append((int(match[1]), int(match[2]), match[3]))
    return found


def test_the_corpus_is_large_enough():
    assert len(BROKEN) >= 15


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_broken_rules_file_reports_every_problem_with_its_position(path):
    with pytest.raises(RulesError) as info:
        validate_file(path)
    got = [(d.line, d.column, d.message) for d in info.value.diagnostics]
    wanted = expectations(path)
    assert wanted, f"{path.name} has no '# expect:' line"
    assert len(got) == len(wanted), got
    for (line, column, message), (w_line, w_column, w_message) in zip(got, wanted):
        assert (line, column) == (w_line, w_column), (line, column, message)
        assert message.startswith(w_message)
    for d in info.value.diagnostics:
        assert str(d).startswith(f"{path}:{d.line}:{d.column}: ")


@pytest.mark.parametrize("path", sorted(rules_dir().glob("*.yaml")), ids=lambda p: p.stem)
def test_bundled_rules_are_valid_and_every_variant_loads(path):
    rules = load_rules(path)
    for variant in rules.variants:
        loaded = load_rules(path, variant=variant)
        assert loaded.variant == variant
        assert loaded.rules_text, "every game explains itself in its own words"


def test_unknown_variant_is_a_rules_error():
    with pytest.raises(RulesError, match="unknown variant 'apples'; variants: bananas"):
        load_rules("revoltaaa", variant="apples")


def test_missing_file_is_a_rules_error(tmp_path):
    with pytest.raises(RulesError, match="cannot read file"):
        load_rules(tmp_path / "nope.yaml")


def test_variant_overlay_merges_nested_keys():
    base = {"deal": {"hand": 11, "center_pile": 11}, "round": {"reveal": "simultaneous"}}
    merged = merge_overlay(base, {"deal": {"center_pile": 0}})
    assert merged == {"deal": {"hand": 11, "center_pile": 0}, "round": {"reveal": "simultaneous"}}
    assert base["deal"]["center_pile"] == 11


def test_a_house_rule_is_a_few_lines_of_yaml(tmp_path):
    text = (rules_dir() / "revoltaaa.yaml").read_text()
    text += "  quick:\n    name: Quick\n    end: {stacks_of_one_colour: 3}\n"
    path = tmp_path / "house.yaml"
    path.write_text(text)
    rules = load_rules(path, variant="quick")
    state = rules.new_game(4, seed=1)
    import random
    rng = random.Random(1)
    while not state.is_over:
        for seat in state.to_act:
            state.apply(seat, rng.choice(state.legal_moves(seat)))
    assert max(state.view(None).info["tally"]) == 3


def test_rules_check_exit_codes(capsys):
    good = str(rules_dir() / "revoltaaa.yaml")
    assert main(["rules", "check", good]) == 0
    assert "ok" in capsys.readouterr().out
    assert main(["rules", "check", good, str(BROKEN[0])]) == 1
    out = capsys.readouterr().out
    assert f"{BROKEN[0]}:" in out and "Traceback" not in out


def test_rules_check_from_the_command_line_prints_no_traceback():
    result = subprocess.run([sys.executable, "-m", "revolt_table.cli", "rules", "check", *map(str, BROKEN)],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert len(result.stdout.splitlines()) >= len(BROKEN)
