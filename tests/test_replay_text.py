"""Text replays and the history listing: what `revolt-table replay --last --text` and `revolt-table
history` print, in the current language, with exit codes, never a traceback."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from history_helpers import T0, entry
from revolt_table.services import i18n
from revolt_table.ai.registry import make_agent
from revolt_table.engine import load_rules
from revolt_table.records.history import dump_entry
from revolt_table.records.store import HistoryStore
from revolt_table.records.replay_text import SAID, history_command, replay_command


@pytest.fixture
def store(tmp_path):
    return HistoryStore(tmp_path / "h")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def ai_only_game(game: str, players: int, seed: int):
    rules = load_rules(game)
    agents = [make_agent(level, rules) for level in ("ai:normal", "ai:easy", "random", "ai:normal")[:players]]
    state = rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        for seat in state.to_act:
            state.apply(seat, agents[seat].choose(state.view(seat), state.legal_moves(seat), rng))
    return state


@pytest.mark.parametrize("game, players", [("doudizhu", 3), ("revoltaaa", 4), ("revolte", 3), ("revolucion", 3)])
def test_replay_last_text_prints_every_move_and_the_final_scores(store, game, players):
    state = ai_only_game(game, players, 11)
    names = ["Ada", "Bo", "Cy", "Di"][:players]
    store.add_game(state, ["ai:normal", "ai:easy", "random", "ai:normal"][:players], names, date=T0)
    text, code = replay_command(last=True, store=store)
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == f"{load_rules(game).name} · 2026-03-01 20:00 · seed 11"
    assert lines[1].startswith("Seats: 1. Ada (Computer · normal), 2. Bo (Computer · easy), 3. Cy (Computer · random)")
    moves = [line for line in lines if not line.startswith(SAID)][2:-2]
    width = len(str(len(state.history)))
    assert moves == [f"{str(i).rjust(width)}. {names[seat]}: {said}"
                     for i, (seat, said) in enumerate(labels(game, players, 11, state.history, names), 1)]
    assert lines[-2] == "Final scores: " + ", ".join(f"{n} {p}" for n, p in zip(names, state.scores))
    winners = ", ".join(names[w] for w in state.winners)
    assert lines[-1] == (f"Shared win: {winners}" if len(state.winners) > 1 else f"Winner: {winners}")


def labels(game: str, players: int, seed: int, moves, names) -> list[tuple[int, str]]:
    """(seat, the move as the game names it) for each move of a game replayed from its seed."""
    state = load_rules(game).new_game(players, seed=seed)
    out = []
    for seat, text in moves:
        said = i18n.say(state.describe(seat, text).label, names)
        out.append((seat, said[:1].upper() + said[1:]))
        state.apply(seat, text)
    return out


def test_the_game_s_own_sentences_are_translated(store):
    state = ai_only_game("doudizhu", 3, 5)
    store.add_game(state, ["ai:normal"] * 3, ["A", "B", "C"], date=T0)
    text, _ = replay_command(last=True, store=store)
    result = state.view(None).info.result.explanation
    assert SAID + i18n.say(result) in text.splitlines()
    assert "landlord" in i18n.say(result)
    i18n.set_language("pt")
    text_pt, code = replay_command(last=True, store=store)
    assert code == 0 and "Pontuação final: A " in text_pt and "Lugares: 1. A (IA · normal)" in text_pt
    assert "Final scores" not in text_pt


def test_a_file_replays_like_the_history(store, tmp_path):
    saved = store.add(entry("revolte", 3))
    path = store.export(saved.id, tmp_path / "game.json")
    assert replay_command(path) == replay_command(last=True, store=store)


def test_an_unreplayable_game_prints_what_it_can_and_why(store):
    good = entry("doudizhu", 3)
    bad = replace(good, moves=good.moves[:3] + ((good.moves[3][0], "2222"),) + good.moves[4:])
    store.add(bad)
    text, code = replay_command(last=True, store=store)
    lines = text.splitlines()
    assert code == 1
    assert lines[-1] == "Unreplayable: move 4 (2222) is no longer allowed"
    names = [seat.name for seat in bad.seats]
    assert [line for line in lines if line[:2].strip().isdigit()] == [
        f"{i:>2}. {names[s]}: {m}" for i, (s, m) in enumerate(labels("doudizhu", 3, bad.seed, bad.moves[:3], names), 1)]
    assert lines[-3].startswith("Final scores: ")                       # the stored result


def test_missing_rules_still_print_the_result(store):
    store.add(replace(entry("doudizhu", 3), game="lostgame"))
    text, code = replay_command(last=True, store=store)
    assert code == 1 and text.startswith("lostgame · ")
    assert text.splitlines()[-1] == "Unreplayable: the rules of lostgame no longer load"


def test_usage_and_file_problems_are_exit_codes(store, tmp_path):
    assert replay_command(store=store)[1] == 2
    assert replay_command(tmp_path / "x.json", last=True, store=store)[1] == 2
    assert replay_command(last=True, store=store) == ("No finished games yet.", 1)
    text, code = replay_command(tmp_path / "missing.json")
    assert code == 1 and "There is no file" in text
    (tmp_path / "junk.json").write_text("{}")
    junk = tmp_path / "junk.json"
    assert replay_command(junk) == (f"{junk} is not a game saved by Revolt Table.", 1)
    (tmp_path / "folder.json").mkdir()
    assert replay_command(tmp_path / "folder.json")[1] == 1
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.json")
        text, code = replay_command(tmp_path / "fifo.json")
        assert code == 1 and "cannot be read" in text


def test_history_lists_games_newest_first_with_reasons_and_warnings(store):
    assert history_command(store) == ("No finished games yet.", 0)
    old = store.add(entry("revoltaaa", 1, minutes=0, seats=["human", "ai:hard", "ai:hard"]))
    new = store.add(replace(entry("doudizhu", 2, minutes=30), game="lostgame"))
    (store.folder / "broken.json").write_text("{")
    text, code = history_command(store)
    lines = text.splitlines()
    assert code == 0
    assert lines[0] == "A saved game (broken.json) could not be read and was set aside."
    assert lines[1].startswith("2026-03-01 20:30  lostgame  ·  ") and lines[1].endswith(f"moves  ·  {new.id}")
    assert lines[2] == SAID + "Unreplayable: the rules of lostgame no longer load"
    assert lines[3].startswith("2026-03-01 20:00  RevoltaaA  ·  You ") and lines[3].endswith(old.id)
    assert len(lines) == 4


def test_a_renamed_copy_is_listed_under_its_file_name(store):
    saved = entry("doudizhu", 6)
    (store.folder / "my-copy.json").write_text(dump_entry(saved))
    [summary] = store.summaries()
    assert summary.id == "my-copy" and store.load("my-copy").same_game(saved)


def test_every_history_text_exists_in_every_language_with_the_same_placeholders():
    from revolt_table.records import replay as history_replay
    from revolt_table.records import store as history_store
    from revolt_table.records import replay_text
    from revolt_table.records.history import SEAT_KINDS
    english = {k: v for k, v in i18n.table("en").items() if k.startswith("history.")}
    used = set(history_store.CODES) | set(history_replay.CODES) | {
        f"history.kind.{k.replace(':', '_')}" for k in SEAT_KINDS}
    source = Path(replay_text.__file__).read_text(encoding="utf-8")
    used |= {replay_text.T + key for key in re.findall(r'T \+ "(\w+)"', source)}
    assert used <= set(english), sorted(used - set(english))
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        for key, text in english.items():
            assert key in table, (lang, key)
            assert i18n.placeholders(table[key]) == i18n.placeholders(text), (lang, key)


# ------------------------------------------------------------------------------------------ issue 27

#: the notation of a Dou Dizhu deal that must never reach a player: bids, passes, card ids, jokers
ENGINE_CODE = re.compile(r"\b(?:bid\d|pass|[3-9TJQKA2][SHDC]|BJ|RJ)\b")


def cli_replay(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "REVOLT_TABLE_HOME": str(home), "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.run([sys.executable, "-m", "revolt_table", "replay", "--last", "--text", *args],
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("lang, landlord", [("pt", "proprietário"), ("zh", "地主"), ("en", "landlord")])
def test_a_dou_dizhu_replay_names_every_move_and_prints_no_engine_code(tmp_path, monkeypatch, lang, landlord):
    """`revolt-table replay --last --text --language pt` after a Dou Dizhu deal: every move as players
    read it (no `bid2`, `3S`, `BJ`, `334455`...), who is landlord with the bottom cards, the multiplier."""
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    state = ai_only_game("doudizhu", 3, 21)
    assert any(text.startswith("bid") for _, text in state.history)
    HistoryStore().add_game(state, ["ai:normal", "ai:easy", "random"], ["Ana", "Bia", "Caio"], date=T0)
    done = cli_replay(tmp_path, "--language", lang)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert ENGINE_CODE.findall(out) == []
    lines = [line.split(": ", 1)[-1] if lang != "zh" else re.split(r"[:：] ?", line, maxsplit=1)[-1]
             for line in out.splitlines() if re.match(r"^\s*\d+\. ", line)]
    assert len(lines) == len(state.history)
    for said, (_, text) in zip(lines, state.history):
        assert text not in said.split(), (text, said)                       # "334455" is never a word
    info = state.view(None).info
    bottom = i18n.t_in(lang, "climbing.said.landlord.other", name="X", bid=info.bid, cards="")
    assert landlord in out and bottom.split("X")[-1].strip(": ：").split()[0] in out
    assert str(info.multiplier) in out and "×" in out


def test_a_replay_into_a_closed_pipe_ends_quietly(tmp_path, monkeypatch):
    """`revolt-table replay --last --text | head -1`: the reader goes away; no traceback, exit 0."""
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    HistoryStore().add_game(ai_only_game("revolucion", 4, 3), ["ai:normal"] * 4, ["A", "B", "C", "D"], date=T0)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    child = subprocess.Popen([sys.executable, "-m", "revolt_table", "replay", "--last", "--text"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    child.stdout.close()                                 # gone before the first line is written
    _, err = child.communicate(timeout=120)
    assert child.returncode == 0 and b"Traceback" not in err and b"BrokenPipe" not in err, err
