"""Statistics add up over scripted series of games (expectations computed by hand), Dou Dizhu's facts
agree with what the moves themselves say, and the facts cache never serves a stale or broken answer."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from history_helpers import T0, entry
from revolt_table.records import stats
from revolt_table.engine.message import Message
from revolt_table.records.history import Seat
from revolt_table.records.replay import R_RULES
from revolt_table.records.store import HistoryStore
from revolt_table.records.climbing import ClimbingFacts
from revolt_table.records.stats import GameFacts, LevelRecord, collect_facts, player_names, statistics


def facts(n: int, game: str, seats: list[tuple[str, str]], scores, winners, climbing=None, unreplayable=None):
    return GameFacts(id=f"g{n}", date=(T0 + timedelta(hours=n)).isoformat(), game=game, variant="",
                     seats=tuple(Seat(name, kind) for name, kind in seats), scores=tuple(scores),
                     winners=tuple(winners), unreplayable=unreplayable, own=climbing)


YOU = ("You", "human")

# RevoltaaA, 3 seats, in the order played; "You" is sometimes not seat 0 and once typed " you".
SERIES = [
    facts(1, "revoltaaa", [YOU, ("A", "ai:easy"), ("B", "ai:normal")], (5, 2, 1), (0,)),
    facts(2, "revoltaaa", [YOU, ("A", "ai:hard"), ("H", "human")], (4, 4, 1), (0, 1)),
    facts(3, "revoltaaa", [("A", "random"), YOU, ("B", "random")], (3, 1, 2), (0,)),
    facts(4, "revoltaaa", [("H", "human"), (" you", "human"), ("I", "human")], (0, 6, 2), (1,)),
    facts(5, "revoltaaa", [YOU, ("A", "ai:normal"), ("B", "ai:easy")], (5, 0, 3), (0,)),
    facts(6, "revoltaaa", [YOU, ("A", "ai:normal"), ("B", "ai:normal")], (3, 3, 3), (0, 1, 2)),
    facts(7, "revoltaaa", [("A", "ai:hard"), ("B", "ai:normal"), YOU], (4, 3, 2), (0,)),
    # not counted: another game, and an AI seat that happens to be called You
    facts(8, "revolte", [YOU, ("A", "ai:easy"), ("B", "ai:easy")], (9, 0, 0), (0,)),
    facts(9, "revoltaaa", [("You", "ai:hard"), ("A", "human"), ("B", "random")], (9, 0, 0), (0,)),
]


def test_statistics_add_up_over_a_scripted_series():
    s = statistics(list(reversed(SERIES)), "revoltaaa", "You", last=4, window=3)   # any order in
    assert s.games == 7
    # shares: 1, 1/2, 0, 1, 1, 1/3, 0
    assert s.wins == pytest.approx(1 + 0.5 + 0 + 1 + 1 + 1 / 3 + 0)
    assert s.win_rate == pytest.approx((3 + 5 / 6) / 7)
    assert s.mean_points == pytest.approx((5 + 4 + 1 + 6 + 5 + 3 + 2) / 7)
    assert (s.best_streak, s.current_streak) == (3, 0)          # games 4, 5, 6 (a shared win continues it)
    assert s.by_level == (LevelRecord("human", 1, 1.0, 1.0), LevelRecord("random", 1, 0.0, 0.0),
                          LevelRecord("ai:normal", 3, 1 + 1 + 1 / 3, (2 + 1 / 3) / 3),
                          LevelRecord("ai:hard", 2, 0.5, 0.25))
    assert sum(r.games for r in s.by_level) == s.games
    assert s.recent == pytest.approx((1, 1, 1 / 3, 0))
    assert s.recent_rate == pytest.approx((2 + 1 / 3) / 4)
    # mean share over the 3 games ending at each of the last 4 games
    assert s.trend == pytest.approx(((0.5 + 0 + 1) / 3, (0 + 1 + 1) / 3, (1 + 1 + 1 / 3) / 3, (1 + 1 / 3 + 0) / 3))
    assert s.own is None and s.unreplayable == 0


def test_a_current_streak_and_an_empty_history():
    s = statistics(SERIES[:2], "revoltaaa", "you")
    assert (s.games, s.best_streak, s.current_streak) == (2, 2, 2)
    empty = statistics(SERIES, "revoltaaa", "Nobody")
    assert (empty.games, empty.wins, empty.win_rate, empty.mean_points, empty.by_level, empty.recent, empty.trend) == \
        (0, 0, None, None, (), (), ())


def test_player_names_are_the_humans_most_games_first():
    assert player_names(SERIES) == ["You", "H", "A", "I"]          # A (game 9) played after I (game 4)
    assert player_names(SERIES, "revolte") == ["You"]


def test_the_shared_win_rule_matches_the_arena():
    # a table's wins add up to its games, as in revolt_table/arena.py
    for f in SERIES:
        assert sum(stats.share(f, seat) for seat in range(len(f.seats))) == pytest.approx(1)


# --------------------------------------------------------------------------------- Dou Dizhu

def cf(landlord, side, top_bids, bids, bombs, rockets):
    return ClimbingFacts(landlord, side, tuple(top_bids), tuple(bids), tuple(bombs), tuple(rockets))


DOU = [
    facts(1, "doudizhu", [YOU, ("A", "ai:hard"), ("B", "ai:hard")], (6, -3, -3), (0,),
          cf(0, "landlord", (3, 0, 1), (1, 0, 1), (1, 0, 0), (0, 0, 0))),
    facts(2, "doudizhu", [("A", "ai:hard"), YOU, ("B", "ai:hard")], (-8, 4, 4), (1, 2),
          cf(0, "farmers", (2, 1, 0), (1, 1, 0), (0, 2, 0), (0, 1, 0))),
    facts(3, "doudizhu", [("A", "ai:hard"), ("B", "ai:hard"), YOU], (-3, 6, -3), (1,),
          cf(1, "landlord", (0, 3, 0), (0, 1, 0), (0, 0, 0), (0, 0, 0))),
    facts(4, "doudizhu", [YOU, ("A", "ai:hard"), ("B", "ai:hard")], (-16, 8, 8), (1, 2),
          cf(0, "farmers", (2, 1, 0), (2, 1, 0), (0, 0, 1), (1, 0, 0))),
    facts(5, "doudizhu", [YOU, ("A", "ai:hard"), ("B", "ai:hard")], (4, -2, -2), (0,),
          unreplayable=Message(R_RULES, game="doudizhu")),
]


def test_dou_dizhu_role_rates_bids_and_bombs_by_hand():
    s = statistics(DOU, "doudizhu", "You")
    assert (s.games, s.wins, s.unreplayable) == (5, 1 + 0.5 + 0 + 0 + 1, 1)    # the unreplayable one counts here
    c = s.own
    assert c.games == 4                                                          # ...not here
    assert (c.landlord_games, c.landlord_wins, c.landlord_rate) == (2, 1, 0.5)   # games 1 (won), 4 (lost)
    assert (c.farmer_games, c.farmer_wins, c.farmer_rate) == (2, 1, 0.5)         # games 2 (won), 3 (lost)
    assert (c.bid_games, c.bid_rate, c.bids) == (3, 0.75, 4)                     # top bids 3, 1, -, 2
    assert c.mean_top_bid == 2.0 and c.top_bids == ((1, 1), (2, 1), (3, 1))
    assert (c.bombs, c.rockets, c.bombs_per_game) == (3, 2, 1.25)


def _expected_from_moves(e):
    """What the record's move texts alone say (a different path from the events and the view)."""
    n = e.players
    top, bids, bombs, rockets = [0] * n, [0] * n, [0] * n, [0] * n
    landlord = None
    for seat, text in e.moves:
        if text.startswith("bid"):
            bids[seat] += 1
            top[seat] = max(top[seat], int(text[3:]))
            landlord = seat                    # the last bid is the landlord's (a redeal needs three passes)
        elif text == "BR":
            rockets[seat] += 1
        elif len(text) == 4 and len(set(text)) == 1:
            bombs[seat] += 1
    side = "landlord" if e.scores[landlord] > 0 else "farmers"
    return cf(landlord, side, top, bids, bombs, rockets)


def test_dou_dizhu_facts_agree_with_the_moves_over_replayed_games(tmp_path):
    store = HistoryStore(tmp_path / "h")
    entries = [store.add(entry("doudizhu", seed, minutes=seed, start_seat=seed % 3)) for seed in range(1, 41)]
    got = {f.id: f for f in collect_facts(store)}
    expected = {e.id: _expected_from_moves(e) for e in entries}
    assert {i: f.own for i, f in got.items()} == expected
    assert sum(sum(c.bombs) + sum(c.rockets) for c in expected.values()) > 0      # the series has bombs
    assert any(max(c.top_bids) < 3 for c in expected.values())                   # and low bids
    s = statistics(list(got.values()), "doudizhu", "You")
    mine = [c for c in expected.values()]
    lord = [c for c in mine if c.landlord == 0]
    assert s.own.landlord_games == len(lord)
    assert s.own.landlord_wins == sum(c.side == "landlord" for c in lord)
    assert s.own.farmer_wins == sum(c.side == "farmers" for c in mine if c.landlord != 0)
    assert s.own.bombs == sum(c.bombs[0] for c in mine)
    assert s.wins == pytest.approx(sum(1 / len(e.winners) for e in entries if 0 in e.winners))


# --------------------------------------------------------------------------------- the cache

def test_facts_are_cached_and_recomputed_when_a_game_changes(tmp_path, monkeypatch):
    store = HistoryStore(tmp_path / "h")
    games = [store.add(entry("revolucion", seed, minutes=seed)) for seed in (1, 2)]
    first = collect_facts(store)
    assert [f.id for f in first] == [games[1].id, games[0].id] and all(f.unreplayable is None for f in first)
    real = stats.game_facts
    monkeypatch.setattr(stats, "game_facts", lambda *a, **k: pytest.fail("replayed although cached"))
    assert collect_facts(store) == first
    broken = json.loads(store.path_of(games[0].id).read_text())
    broken["game"] = "nosuchgame"
    store.path_of(games[0].id).write_text(json.dumps(broken))
    calls = []
    monkeypatch.setattr(stats, "game_facts", lambda e, cache=None: calls.append(e.id) or real(e, cache))
    again = collect_facts(store)
    assert calls == [games[0].id]                                  # only the changed game
    assert again[1].unreplayable == Message(R_RULES, game="nosuchgame")
    monkeypatch.setattr(stats, "game_facts", lambda *a, **k: pytest.fail("replayed although cached"))
    assert collect_facts(store) == again                           # the reason is cached too


@pytest.mark.parametrize("cache_text", [
    "{broken", "[]", json.dumps({"version": "0/0", "entries": {}}),
    "HOSTILE",
])
def test_a_bad_facts_cache_is_rebuilt(tmp_path, cache_text):
    store = HistoryStore(tmp_path / "h")
    store.add(entry("doudizhu", 4))
    good = collect_facts(store)
    path = store.folder / stats.FACTS_FILE
    if cache_text == "HOSTILE":       # right version, rows of the wrong shape
        data = json.loads(path.read_text())
        for row in data["entries"].values():
            row["facts"] = {"own": {"family": "climbing", "facts": {"landlord": 7, "side": "x", "top_bids": "3",
                                                                    "bids": [], "bombs": [], "rockets": []}},
                            "unreplayable": ["os.system", {"a": [1]}]}
        cache_text = json.dumps(data)
    path.write_text(cache_text)
    assert collect_facts(store) == good
