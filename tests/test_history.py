"""The history store: finished games kept with their records, replayed, exported and imported, bad
files set aside (never a crash), the newest 500 kept."""

from __future__ import annotations

import json
import random
import os
import time
from dataclasses import replace
from pathlib import Path

import pytest

from history_helpers import PLAYERS, T0, entry, play
from revolt_table.records import store as history_store
from revolt_table.engine import load_rules
from revolt_table.engine import replay as engine_replay
from revolt_table.records.history import (MAX_ENTRY_BYTES, BadEntry, HistoryEntry, deal_setup, dump_entry,
                                          entry_from_game, parse_entry)
from revolt_table.records.replay import R_MOVE, R_RULES, R_SCORES, R_SETUP, R_UNFINISHED, replay_entry, why_unreplayable
from revolt_table.records.store import INDEX, MAX_ENTRIES, W_CORRUPT, W_NEWER, W_NOT_REGULAR, W_TOO_BIG, HistoryStore


@pytest.fixture
def store(tmp_path):
    return HistoryStore(tmp_path / "history")


def corrupt_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".corrupt-" in p.name)


# ------------------------------------------------------------------------------- a finished game

def test_a_finished_game_appears_with_its_record(store):
    state = play("doudizhu", 7, start_seat=2)
    saved = store.add_game(state, ["human", "ai:easy", "ai:hard"], ["You", "Anna", "Ben"], date=T0)
    [summary] = store.summaries()
    assert (summary.id, summary.game, summary.variant, summary.players, summary.seed, summary.start_seat) == \
        (saved.id, "doudizhu", "", 3, 7, 2)
    assert [(s.name, s.kind) for s in summary.seats] == [("You", "human"), ("Anna", "ai:easy"), ("Ben", "ai:hard")]
    assert summary.scores == state.scores and summary.winners == state.winners
    assert summary.move_count == len(state.history) and summary.date == "2026-03-01T20:00:00+01:00"
    loaded = store.load(summary.id)
    assert loaded == saved
    assert loaded.record() == state.record()            # the engine's record, exactly
    assert (store.folder / f"{saved.id}.json").is_file()


def test_names_are_kept_printable_and_short(store):
    state = play("doudizhu", 2)
    saved = store.add_game(state, ["human", "human", "random"], ["Tab\there", "x" * 40, ""], date=T0)
    assert [s.name for s in saved.seats] == ["Tab here", "x" * 24, ""]
    assert store.load(saved.id) == saved


def test_the_default_folder_is_in_the_user_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    store = HistoryStore()
    store.add(entry())
    assert store.folder == tmp_path / "data" / "history" and len(store.summaries()) == 1


def test_unfinished_or_hand_dealt_games_are_not_history():
    rules = load_rules("doudizhu")
    with pytest.raises(ValueError):
        entry_from_game(rules.new_game(3, seed=1), ["human"] * 3, ["a", "b", "c"])
    finished = play("doudizhu", 1)
    finished.seed = None                                # as a deal= game has no seed to replay from
    with pytest.raises(ValueError):
        entry_from_game(finished, ["human"] * 3, ["a", "b", "c"])


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_replaying_reproduces_the_final_scores(game):
    for seed in (1, 2):
        e = entry(game, seed, start_seat=seed % PLAYERS[game])
        replayed = replay_entry(e)
        assert replayed.state.is_over and replayed.state.scores == e.scores and replayed.state.winners == e.winners
        assert [(s.seat, s.move) for s in replayed.steps] == list(e.moves)
        state, _ = engine_replay(load_rules(game), e.record())        # the engine's own replay agrees
        assert state.scores == e.scores


def test_a_variant_replays_with_its_variant():
    rules = load_rules("revoltaaa")
    variant = next(iter(rules.variants))
    e = entry("revoltaaa", 4, variant=variant)
    assert e.variant == variant and e.record()["variant"] == variant
    assert replay_entry(e).state.scores == e.scores


def test_replay_this_deal_deals_the_same_cards():
    e = entry("revolte", 5, start_seat=3, seats=["human", "random", "ai:easy", "ai:hard"])
    setup = deal_setup(e)
    assert (setup.seed, setup.start_seat, setup.players) == (5, 3, 4)
    assert setup.seats == ("human", "random", "ai:easy", "ai:hard") and setup.names == ("You", "Anna", "Ben", "Clara")
    again = load_rules(setup.game, setup.variant or None).new_game(setup.players, seed=setup.seed,
                                                                  start_seat=setup.start_seat)
    first = load_rules("revolte").new_game(4, seed=5, start_seat=3)
    assert again.zones() == first.zones() and again.to_act == first.to_act


# ------------------------------------------------------------------------------- export / import

def test_export_then_import_is_equal(store, tmp_path):
    saved = store.add(entry("revolucion", 3))
    path = store.export(saved.id, tmp_path / "out" / "game.json")
    other = HistoryStore(tmp_path / "elsewhere")
    imported = other.import_file(path)
    assert imported == saved and other.load(saved.id) == saved
    assert store.import_file(path) == saved and len(store.summaries()) == 1     # no duplicate
    assert parse_entry(path.read_bytes()) == saved


def test_import_keeps_both_games_when_ids_clash(store, tmp_path):
    first = store.add(entry("doudizhu", 1, entry_id="same-id"))
    second = entry("doudizhu", 2, entry_id="same-id")
    path = tmp_path / "second.json"
    path.write_text(dump_entry(second))
    imported = store.import_file(path)
    assert imported.id != "same-id" and imported.same_game(second)
    assert store.load("same-id") == first and len(store.summaries()) == 2


def test_import_refuses_bad_files_and_leaves_them_alone(store, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1}')
    with pytest.raises(BadEntry):
        store.import_file(bad)
    assert bad.read_text() == '{"format": 1}'
    with pytest.raises(OSError):
        store.import_file(tmp_path / "missing.json")
    assert store.summaries() == []


# ------------------------------------------------------------------------------- bad files

def _doc(**changes):
    data = entry("doudizhu", 1).to_dict()
    data.update(changes)
    return data


BAD_DOCUMENTS = {
    "not json": b"{not json",
    "not utf-8": b'{"format": 1, "id": "\xff"}',
    "a list": b"[1, 2, 3]",
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "huge number": ('{"seed": ' + "9" * 5000 + "}").encode(),
    "nul byte": b'{"format": 1\x00}',
    "missing key": json.dumps({k: v for k, v in _doc().items() if k != "scores"}).encode(),
    "unknown key": json.dumps(_doc(extra=1)).encode(),
    "old format": json.dumps(_doc(format=0)).encode(),
    "format bool": json.dumps(_doc(format=True)).encode(),
    "players zero": json.dumps(_doc(players=0)).encode(),
    "players bool": json.dumps(_doc(players=True)).encode(),
    "seat kind": json.dumps(_doc(seats=[{"name": "a", "kind": "ai:genius"}] * 3)).encode(),
    "seat count": json.dumps(_doc(seats=[{"name": "a", "kind": "human"}] * 2)).encode(),
    "long name": json.dumps(_doc(seats=[{"name": "x" * 25, "kind": "human"}] * 3)).encode(),
    "control name": json.dumps(_doc(seats=[{"name": "a\nb", "kind": "human"}] * 3)).encode(),
    "seed float": json.dumps(_doc(seed=1.5)).encode(),
    "seed huge": json.dumps(_doc(seed=2**70)).encode(),
    "start seat": json.dumps(_doc(start_seat=3)).encode(),
    "scores count": json.dumps(_doc(scores=[1, 2])).encode(),
    "scores text": json.dumps(_doc(scores=["1", 2, 3])).encode(),
    "winners range": json.dumps(_doc(winners=[3])).encode(),
    "winners order": json.dumps(_doc(winners=[2, 1])).encode(),
    "winners empty": json.dumps(_doc(winners=[])).encode(),
    "move seat": json.dumps(_doc(moves=[[5, "pass"]])).encode(),
    "move shape": json.dumps(_doc(moves=[[0, "pass", 1]])).encode(),
    "move text": json.dumps(_doc(moves=[[0, "x" * 65]])).encode(),
    "too many moves": json.dumps(_doc(moves=[[0, "pass"]] * 20_001)).encode(),
    "naive date": json.dumps(_doc(date="2026-03-01T20:00:00")).encode(),
    "bad date": json.dumps(_doc(date="yesterday")).encode(),
    "ancient date": json.dumps(_doc(date="0001-01-01T00:00:00+14:00")).encode(),
    "game id path": json.dumps(_doc(game="../../etc/passwd")).encode(),
    "id path": json.dumps(_doc(id="../x")).encode(),
}


@pytest.mark.parametrize("name", sorted(BAD_DOCUMENTS))
def test_a_wrong_shaped_game_file_is_set_aside(store, name):
    good = store.add(entry("doudizhu", 2))
    path = store.folder / "20260301-000000-000000-bad0.json"
    path.write_bytes(BAD_DOCUMENTS[name])
    assert [s.id for s in store.summaries()] == [good.id]                  # listed: the good one only
    assert not path.exists() and len(corrupt_files(store.folder)) == 1
    assert [m.code for m in store.take_warnings()] == [W_CORRUPT]
    assert [s.id for s in store.summaries()] == [good.id] and store.take_warnings() == []   # once


@pytest.mark.parametrize("name", sorted(BAD_DOCUMENTS))
def test_every_bad_document_is_refused_by_the_parser(name):
    with pytest.raises(BadEntry):
        parse_entry(BAD_DOCUMENTS[name])


def test_an_oversized_file_is_set_aside_unread(store, monkeypatch):
    path = store.folder / "big.json"
    path.write_bytes(b" " * (MAX_ENTRY_BYTES + 1))
    monkeypatch.setattr(history_store, "parse_entry", lambda raw: pytest.fail("an oversized file was parsed"))
    assert store.summaries() == []
    [aside] = corrupt_files(store.folder)
    assert not path.exists() and aside.startswith("big.json.corrupt-")
    assert [m.code for m in store.take_warnings()] == [W_TOO_BIG]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_or_folder_is_set_aside_without_blocking(store):
    os.mkfifo(store.folder / "fifo.json")
    (store.folder / "folder.json").mkdir()
    started = time.perf_counter()
    assert store.summaries() == [] and store.load("fifo") is None
    assert time.perf_counter() - started < 2
    assert len(corrupt_files(store.folder)) == 2
    assert [m.code for m in store.take_warnings()] == [W_NOT_REGULAR, W_NOT_REGULAR]


def test_a_newer_format_is_left_alone(store):
    path = store.folder / "future.json"
    path.write_text(json.dumps({**_doc(), "format": 2, "new_field": 1}))
    assert store.summaries() == [] and store.summaries() == []
    assert path.exists() and corrupt_files(store.folder) == []
    assert [m.code for m in store.take_warnings()] == [W_NEWER]          # said once


def test_loading_a_bad_file_by_id_sets_it_aside(store):
    saved = store.add(entry())
    store.path_of(saved.id).write_text("{}")
    assert store.load(saved.id) is None and corrupt_files(store.folder)
    assert store.load("../../x") is None and store.load("") is None


def test_an_unusable_folder_lists_nothing_and_says_so(tmp_path):
    (tmp_path / "blocker").write_text("a file where the folder should be")
    store = HistoryStore(tmp_path / "blocker" / "history")
    assert store.summaries() == [] and store.latest() is None
    assert [m.code for m in store.take_warnings()] == [history_store.W_UNUSABLE]
    with pytest.raises(OSError):
        store.add(entry())


# ------------------------------------------------------------------------------- the index

def test_the_index_is_a_cache_the_files_are_the_truth(store):
    games = [store.add(entry("doudizhu", s, minutes=s)) for s in range(1, 5)]
    assert [s.id for s in store.summaries()] == [g.id for g in reversed(games)]      # newest played first
    index = store.folder / INDEX
    for broken in ("{broken", json.dumps({"format": 1, "entries": {"x": {"size": "big"}}}), "[]"):
        index.write_text(broken)
        assert [s.id for s in store.summaries()] == [g.id for g in reversed(games)]
        assert json.loads(index.read_text())["format"] == 1                       # rebuilt
    rows = json.loads(index.read_text())["entries"]
    assert set(rows) == {g.id for g in games}


def test_a_kill_between_game_file_and_index_loses_nothing(store):
    first = store.add(entry("doudizhu", 1))
    second = entry("doudizhu", 2, minutes=5)
    store.path_of(second.id).write_text(dump_entry(second))              # written, index not updated
    assert [s.id for s in store.summaries()] == [second.id, first.id]
    store.path_of(first.id).unlink()                                     # gone behind the index's back
    assert [s.id for s in store.summaries()] == [second.id]
    temp = store.folder / f".{second.id}.json.abc.tmp"                   # a killed writer's temp file
    temp.write_text("half")
    old = time.time() - history_store.STALE_TEMP_S - 5
    os.utime(temp, (old, old))
    store.summaries()
    assert not temp.exists()


def test_a_changed_file_is_read_again(store):
    saved = store.add(entry("doudizhu", 1))
    changed = replace(saved, seats=tuple(replace(s, name="Zed") if i == 0 else s for i, s in enumerate(saved.seats)))
    store.path_of(saved.id).write_text(dump_entry(changed) + "\n\n")
    assert store.summaries()[0].seats[0].name == "Zed"


def test_the_newest_500_are_kept(tmp_path):
    assert MAX_ENTRIES == 500
    store = HistoryStore(tmp_path / "h")
    base = entry("doudizhu", 1)
    now = time.time()
    for i in range(MAX_ENTRIES + 4):                     # 504 saved games, each saved a second apart
        e = replace(base, id=f"g{i:04d}")
        path = store.path_of(e.id)
        path.write_text(dump_entry(e))
        os.utime(path, (now - 10_000 + i, now - 10_000 + i))
    newest = store.add(entry("revolte", 1, minutes=-60 * 24 * 365))   # played long ago, saved now
    ids = {s.id for s in store.summaries()}
    assert len(ids) == MAX_ENTRIES and newest.id in ids
    assert not ids & {f"g{i:04d}" for i in range(5)}                  # the five saved first are gone
    assert {f"g{i:04d}" for i in range(5, MAX_ENTRIES + 4)} <= ids
    assert len([p for p in store.folder.iterdir() if p.suffix == ".json" and p.name != INDEX]) == MAX_ENTRIES


def test_delete_and_latest(store):
    a = store.add(entry("doudizhu", 1, minutes=1))
    b = store.add(entry("doudizhu", 2, minutes=2))
    assert store.latest() == b
    store.delete(b.id)
    assert store.latest() == a and [s.id for s in store.summaries()] == [a.id]


# ------------------------------------------------------------------------------- unreplayable

@pytest.mark.parametrize("change, code", [
    (lambda e: replace(e, game="nosuchgame"), R_RULES),
    (lambda e: replace(e, variant="nosuchvariant"), R_RULES),
    (lambda e: replace(e, players=2, seats=e.seats[:2], scores=e.scores[:2], winners=(0,), start_seat=0,
                       moves=()), R_SETUP),
    (lambda e: replace(e, moves=e.moves[:3] + ((e.moves[3][0], "2222"),) + e.moves[4:]), R_MOVE),
    (lambda e: replace(e, moves=e.moves[:-1]), R_UNFINISHED),
    (lambda e: replace(e, scores=tuple(s + 1 for s in e.scores)), R_SCORES),
    (lambda e: replace(e, winners=tuple(s for s in range(e.players) if s not in e.winners)), R_SCORES),
])
def test_an_unreplayable_entry_is_listed_with_its_reason(store, change, code):
    bad = change(entry("doudizhu", 3))
    store.add(bad)
    [summary] = store.summaries()                        # listed, never a crash
    assert summary.id == bad.id
    reason = why_unreplayable(store.load(bad.id))
    assert reason is not None and reason.code == code
    if code == R_MOVE:
        assert reason.args == {"number": 4, "move": "2222"}


def test_a_valid_entry_replays(store):
    assert why_unreplayable(store.add(entry("revolte", 2))) is None


def test_the_speed_benchmark_runs():
    import importlib.util
    spec = importlib.util.spec_from_file_location("history_speed", Path(__file__).parent.parent / "benchmarks" /
                                                  "history_speed.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    figures = bench.measure(50, 1)
    assert figures["entries"] == 51                       # 50 and the one added
    assert all(figures[k] >= 0 for k in ("list_again_ms", "list_warm_ms", "list_cold_ms", "facts_warm_ms"))


def test_round_trip_of_every_game_through_a_file(store):
    for game in PLAYERS:
        saved = store.add(entry(game, 9))
        assert HistoryEntry.from_dict(json.loads(store.path_of(saved.id).read_text())) == saved


# ------------------------------------------------------------------------------- import checks (issue 28)

def forged(e, **changes):
    return replace(e, **changes)


@pytest.mark.parametrize("case", ["illegal_moves", "forged_scores", "forged_winners", "unfinished"])
def test_import_refuses_a_game_that_does_not_replay_and_adds_nothing(store, tmp_path, case):
    """Issue 28: Import accepted 20,000 illegal moves and forged scores; it now replays the game first."""
    from revolt_table.records.store import NotReplayable

    real = entry("doudizhu", 4)
    bad = {"illegal_moves": forged(real, moves=((0, "bid9"),) * 20_000),
           "forged_scores": forged(real, scores=tuple(s + 100 for s in real.scores)),
           "forged_winners": forged(real, winners=tuple(s for s in range(3) if s not in real.winners)[:1]),
           "unfinished": forged(real, moves=real.moves[:5])}[case]
    path = tmp_path / "forged.json"
    path.write_text(dump_entry(bad))
    before = path.read_bytes()
    with pytest.raises(NotReplayable) as refused:
        store.import_file(path)
    code = {"illegal_moves": "history.unreplayable.move", "unfinished": "history.unreplayable.unfinished"}
    assert refused.value.reason.code == code.get(case, "history.unreplayable.scores")
    assert store.summaries() == [] and path.read_bytes() == before


def test_import_into_a_full_history_asks_before_a_game_is_deleted(tmp_path):
    from revolt_table.records.store import HistoryFull

    store = HistoryStore(tmp_path / "h", limit=3)
    now = time.time()
    kept = []
    for i in range(3):
        e = store.add(entry("doudizhu", 10 + i, minutes=i))
        os.utime(store.path_of(e.id), (now - 100 + i, now - 100 + i))      # saved in this order
        kept.append(e)
    newcomer = entry("revolte", 2)
    path = tmp_path / "new.json"
    path.write_text(dump_entry(newcomer))
    with pytest.raises(HistoryFull) as full:
        store.import_file(path)
    assert full.value.limit == 3 and [s.id for s in full.value.dropped] == [kept[0].id]
    assert {s.id for s in store.summaries()} == {e.id for e in kept}          # nothing deleted while asking
    imported = store.import_file(path, make_room=True)                         # the player said yes
    assert {s.id for s in store.summaries()} == {kept[1].id, kept[2].id, imported.id}
    assert store.import_file(path) == imported                                  # already there: no question


def test_a_game_played_under_earlier_rules_still_replays_and_imports(store, tmp_path):
    """A Revolución game of the version before 95019ef replays under the archived rules it was played
    with (the history lists it without a reason, the review and the import accept it)."""
    from revolt_table.records.replay import replay_entry, why_unreplayable
    from revolt_table.services import rules_archive

    old = next(v for v in rules_archive.versions("revolucion") if v.digest == "17477c8a54e9d384")
    rules = load_rules(old.path)
    state = rules.new_game(4, seed=8)
    rng = random.Random(8)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
    played = entry_from_game(state, ["human"] + ["ai:normal"] * 3, ["You", "A", "B", "C"], date=T0)
    assert why_unreplayable(played) is None and replay_entry(played).rules.path == old.path
    path = tmp_path / "old.json"
    path.write_text(dump_entry(played))
    assert store.import_file(path).same_game(played)
