"""The CLI's answers to bad arguments: one sentence, the right exit code, no traceback, no internal path.

Exit codes: 2 for arguments that name nothing (an unknown game id anywhere, variant, seat, player
count, size), 1 for a rules file that is invalid (with the same `path:line:column: message` lines as
`rules check`). Every case here returns before a window would open.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from revolt_table.cli import main
from revolt_table.services.resources import rules_dir

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ROOT / "tests" / "data" / "hostile"
GAMES = "doudizhu, revoltaaa, revolte, revolucion"


@pytest.fixture(autouse=True)
def no_user_rules(tmp_path, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path / "home"))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:                       # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert str(rules_dir()) not in out + err        # never an internal path
    return code, out, err


@pytest.mark.parametrize("argv, message", [
    (["play", "cardavia"], f"revolt-table play: unknown game 'cardavia'; the games are: {GAMES}"),
    (["screenshot", "cardavia", "--out", "x.png"],
     f"revolt-table screenshot: unknown game 'cardavia'; the games are: {GAMES}"),
    (["arena", "cardavia", "--players", "3", "--seats", "random"],
     f"revolt-table arena: unknown game 'cardavia'; the games are: {GAMES}"),
    (["rules", "check", "cardavia"], f"revolt-table rules check: unknown game 'cardavia'; the games are: {GAMES}"),
    (["play", "doudizhu", "--players", "4"], "revolt-table play: Dou Dizhu is played by exactly 3 players, not 4"),
    (["arena", "doudizhu", "--players", "4", "--seats", "random"],
     "revolt-table arena: Dou Dizhu is played by exactly 3 players, not 4"),
    (["play", "revoltaaa", "--players", "8"], "revolt-table play: RevoltaaA is played by 3 to 5 players, not 8"),
    (["play", "revoltaaa", "--seats", "human,ai:normal"],
     "revolt-table play: RevoltaaA is played by 3 to 5 players, not 2"),
    (["play", "revoltaaa", "--players", "3", "--seats", "human,random,random,random"],
     "revolt-table play: 4 seats given for 3 players"),
    (["play", "revoltaaa", "--seats", "human,robot,random"],
     "revolt-table play: unknown seat 'robot'; seats are: human, random, ai:easy, ai:normal, ai:hard"),
    (["play", "revoltaaa", "--variant", "apples"],
     "revolt-table play: RevoltaaA has no variant 'apples'; its variants: bananas"),
    (["arena", "revoltaaa", "--players", "3", "--seats", "human"],
     "revolt-table arena: unknown agent 'human'; expected one of: random, ai:easy, ai:normal, ai:hard"),
    (["screenshot", "revoltaaa", "--out", "/no/such/folder/x.png"],
     "revolt-table screenshot: cannot write '/no/such/folder/x.png': the folder does not exist"),
])
def test_bad_arguments_get_one_sentence_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.splitlines() == [message] and out == ""


@pytest.mark.parametrize("argv, message", [
    (["screenshot", "revoltaaa", "--out", "x.png", "--size", "100x100"],
     "argument --size: 100x100 is not a supported size; width 1024 to 2560, height 640 to 1440 (e.g. 1280x720)"),
    (["screenshot", "revoltaaa", "--out", "x.png", "--size", "big"],
     "argument --size: expected WIDTHxHEIGHT, e.g. 1280x720, not 'big'"),
    (["arena", "revoltaaa", "--players", "3", "--seats", "random", "--games", "0"],
     "argument --games: expected at least 1, not 0"),
    (["play", "revoltaaa", "--players", "many"], "argument --players: expected a whole number, not 'many'"),
    (["play", "revoltaaa", "--seed", "1" * 19], "argument --seed: at most 18 digits"),
])
def test_argparse_refusals_say_what_is_allowed(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.splitlines()[-1].endswith(message)


def test_rules_check_takes_game_ids(capsys):
    assert run(capsys, "rules", "check", "revoltaaa") == (0, "revoltaaa: ok\n", "")


@pytest.mark.parametrize("name", ["03_alias_bomb_9_7.yaml", "41_number_5000_digits.yaml", "53_nul_byte_in_value.yaml",
                                  "80_players_min_three.yaml", "34_nesting_flow_1000.yaml"])
@pytest.mark.parametrize("command", [["play"], ["screenshot", "--out", "x.png"],
                                     ["arena", "--players", "3", "--seats", "random"]])
def test_play_screenshot_and_arena_give_the_rules_check_answer(capsys, name, command):
    from test_hostile_rules import EXPECTED

    path = HOSTILE / name
    code, out, err = run(capsys, command[0], str(path), *command[1:])
    assert code == 1 and out == ""
    assert err.splitlines() == [f"{path}:{answer}" for answer in EXPECTED[name]]


def test_user_rules_ids_are_listed(capsys, tmp_path):
    folder = tmp_path / "home" / "data" / "rules"
    folder.mkdir(parents=True)
    (folder / "house.yaml").write_text("id: house\n")
    code, _, err = run(capsys, "play", "cardavia")
    assert code == 2 and err.strip().endswith(f"the games are: {GAMES}, house")


def test_installed_style_run_prints_no_traceback(tmp_path):
    """The real process: `python -m revolt_table screenshot cardavia` (the issue's traceback)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), REVOLT_TABLE_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "revolt_table", "screenshot", "cardavia", "--out",
                             str(tmp_path / "x.png")], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip() == f"revolt-table screenshot: unknown game 'cardavia'; the games are: {GAMES}"
