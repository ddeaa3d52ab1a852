"""Hostile rules files: every one gets its exact `path:line:column: message`, fast and small.

The corpus is tests/data/hostile/*.yaml with its answers in EXPECTED.txt; the cases that cannot live
in the repository (over 1 MB, a FIFO, a folder) are made here. Time and memory are measured on the
worst inputs in child processes (CPU seconds and peak RSS from os.wait4, tracemalloc inside).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from revolt_table.cli import main
from revolt_table.engine import RulesError, load_rules, validate_file
from revolt_table.engine.yamlsource import RULES_LIMITS

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = Path(__file__).parent / "data" / "hostile"
sys.path.insert(0, str(ROOT / "benchmarks"))
import hostile_rules  # noqa: E402  (the benchmark's inputs and its measuring child)


def expected() -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for line in (HOSTILE / "EXPECTED.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, answer = line.split(": ", 1)
            table.setdefault(name, []).append(answer)
    return table


EXPECTED = expected()
CORPUS = sorted(HOSTILE.glob("*.yaml"))


def answers(path: Path) -> list[str]:
    try:
        validate_file(path)
    except RulesError as exc:
        return [f"{d.line}:{d.column}: {d.message}" for d in exc.diagnostics]
    return ["ok"]


def test_the_corpus_is_large_and_every_file_has_its_answer():
    assert len(CORPUS) >= 60
    assert sorted(p.name for p in CORPUS) == sorted(EXPECTED)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_hostile_file_gets_its_exact_answer(path):
    assert answers(path) == EXPECTED[path.name]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_rules_check_prints_the_same_answer_and_exits_1(path, capsys):
    code = main(["rules", "check", str(path)])
    out = capsys.readouterr().out.splitlines()
    if EXPECTED[path.name] == ["ok"]:
        assert code == 0 and out == [f"{path}: ok"]
    else:
        assert code == 1
        assert out == [f"{path}:{answer}" for answer in EXPECTED[path.name]]


@pytest.mark.parametrize("name", ["03_alias_bomb_9_7.yaml", "41_number_5000_digits.yaml",
                                  "17_tag_bool_maybe.yaml", "80_players_min_three.yaml"])
def test_load_rules_raises_the_same_diagnostics(name):
    with pytest.raises(RulesError) as info:
        load_rules(HOSTILE / name)
    assert [f"{d.line}:{d.column}: {d.message}" for d in info.value.diagnostics] == EXPECTED[name]


# ------------------------------------------------------------------------------- made at test time

def test_file_over_one_megabyte_is_not_read(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"# " + b"x" * RULES_LIMITS.bytes)
    assert answers(path) == [f"1:1: the file is larger than 1 MB ({RULES_LIMITS.bytes + 2:,} bytes); it is not read"]


def test_file_of_exactly_one_megabyte_is_read(tmp_path):
    path = tmp_path / "edge.yaml"
    head = (HOSTILE / "85_date_value.yaml").read_text()
    path.write_text(head + "summary: " + "x" * (RULES_LIMITS.bytes - len(head) - 10) + "\n")
    assert path.stat().st_size == RULES_LIMITS.bytes
    assert answers(path) == ["ok"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert answers(fifo) == ["1:1: cannot read file: not a regular file (a pipe, a device or a socket)"]


def test_folder_and_missing_file(tmp_path):
    (tmp_path / "folder.yaml").mkdir()
    assert answers(tmp_path / "folder.yaml") == ["1:1: cannot read file: it is a folder, not a file"]
    assert answers(tmp_path / "missing.yaml") == ["1:1: cannot read file: No such file or directory"]


def test_long_echoes_are_cut(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text((HOSTILE / "85_date_value.yaml").read_text() + "k" * 1000 + ": 1\n")
    key = "'" + "k" * 39 + "... (1002 characters)"
    assert answers(path) == [f"15:1: unknown key {key}; known keys here: colours, deal, deck, end, family, id, "
                             "match, name, players, round, rules_text, rulings, scoring, summary, variants"]
    with pytest.raises(RulesError) as info:
        validate_file(HOSTILE / "70_huge_choice_value.yaml")
    assert all(len(str(d)) < 500 for d in info.value.diagnostics)


def test_reuse_by_variants_still_works_where_anchors_are_refused(tmp_path):
    """The refusal says 'use variants': a variant really is the way to reuse a base."""
    path = tmp_path / "house.yaml"
    path.write_text((HOSTILE / "85_date_value.yaml").read_text()
                    + "variants:\n  small: {name: Small, deal: {hand: 8}}\n")
    assert load_rules(path, variant="small").data["deal"] == {"hand": 8, "center_pile": 11}


# ------------------------------------------------------------------------------- time and memory

def test_worst_inputs_answer_within_2_s_and_200_mb(tmp_path):
    """The real command in a child process per file, under a hard memory cap.

    CPU seconds, not wall time: the machine running the tests may be busy with other work."""
    for path in hostile_rules.worst_inputs(tmp_path, quick=True):
        row = hostile_rules.measure(path, timeout=20.0)
        assert not row["timed_out"] and not row["traceback"], row
        assert row["exit"] == 1, row
        assert row["cpu_seconds"] < 2.0 and row["peak_mb"] < 200, row


PROBE = """
import json, sys, time, tracemalloc
from revolt_table.engine import RulesError, validate_file
traced = sys.argv[2] == "traced"
if traced:
    tracemalloc.start()
started = time.process_time()
try:
    validate_file(sys.argv[1])
    answer = "ok"
except RulesError as exc:
    answer = str(exc.diagnostics[0])
print(json.dumps({"cpu": time.process_time() - started,
                  "peak": tracemalloc.get_traced_memory()[1] if traced else None, "answer": answer}))
"""


@pytest.mark.parametrize("case", ["one_line_1mb", "flow_list_1mb", "comment_lines_1mb", "alias_bomb_9_9"])
def test_megabyte_inputs_time_and_traced_memory(tmp_path, case):
    """The largest files the reader accepts to look at: under 2 CPU seconds (without tracemalloc,
    which slows the scanner about tenfold) and a few MB of traced allocations."""
    [path] = hostile_rules.worst_inputs(tmp_path, only=(case,))

    def probe(mode: str) -> dict:
        result = subprocess.run([sys.executable, "-c", PROBE, str(path), mode], capture_output=True, text=True,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120, check=True)
        return json.loads(result.stdout)

    timed, traced = probe("timed"), probe("traced")
    assert timed["cpu"] < 2.0, timed
    assert traced["peak"] < 60 * 1024 * 1024, traced
