"""Make the saves of one version of the program, for the test that every later version resumes them.

Run it with the version to keep on the import path (a checkout of that commit, or the installed
release), never with this checkout's code unless this is the version to keep:

    PYTHONPATH=/path/to/that/checkout python tests/data/saves/make_saves.py tests/data/saves LABEL [GAME...]

For each game (default: every bundled one) it plays a seeded table of ai:normal seats, the first one
standing for the human, for a number of moves into the match (past the first game where the match
has several), then writes what the program itself writes: `<game>-<LABEL>.yaml`, the save as that
version's Session.record() makes it and userdata writes it, and `<game>-<LABEL>.position.json`, the
position it stands at: every zone with its cards (hidden ones too), who is to act, the scores, the
match's results. tests/test_old_saves.py resumes each save with the current code and compares.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# game -> (players, match seed, moves played after the start of the match)
PLAN = {"revoltaaa": (4, 11, 60), "doudizhu": (3, 12, 9), "revolte": (4, 13, 23), "revolucion": (4, 14, 31)}


def position(session) -> dict:
    """Where a game stands, in plain data that any version can print the same way."""
    state = session.state
    zones = {}
    for zone in state.zones():
        zones[zone.name] = [list(g) for g in zone.groups] if zone.groups else list(zone.cards)
    return {"game": session.rules.id, "moves": len(state.history), "to_act": list(state.to_act),
            "scores": list(state.scores), "is_over": bool(state.is_over), "zones": zones,
            "results": [list(r) for r in session.match.results]}


def make(game: str, out: Path, label: str) -> None:
    from revolt_table.ai.registry import make_agent
    from revolt_table.engine import load_rules
    try:
        from revolt_table.services import userdata
    except ImportError:                                   # before the services/ layout
        from revolt_table import userdata
    from revolt_table.ui.session import Session

    players, seed, moves = PLAN[game]
    rules = load_rules(game)
    seats = ["human"] + ["ai:normal"] * (players - 1)
    session = Session(rules, seats, None, match_seed=seed, ai_pace=0.0, save=False)
    agent = make_agent("ai:normal", rules)
    played = 0
    while played < moves:
        if session.state.is_over:
            session.next_game()
            continue
        seat = session.state.to_act[0]
        move = agent.choose(session.state.view(seat), session.state.legal_moves(seat),
                            random.Random(seed * 1000 + played))
        session.apply(seat, move)
        played += 1
    with tempfile.TemporaryDirectory() as home:
        os.environ["REVOLT_TABLE_HOME"] = home
        userdata.save_game_record(session.record())
        text = userdata.save_path().read_text(encoding="utf-8")
    (out / f"{game}-{label}.yaml").write_text(text, encoding="utf-8")
    (out / f"{game}-{label}.position.json").write_text(json.dumps(position(session), indent=1) + "\n",
                                                       encoding="utf-8")
    session.close()


def main(argv: list[str]) -> int:
    out, label, games = Path(argv[0]), argv[1], argv[2:] or list(PLAN)
    for game in games:
        make(game, out, label)
        print(f"{game}-{label}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
