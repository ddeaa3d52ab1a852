"""The saved game across versions: its format, the rules it was played under, and the check before Resume.

Why a module of its own: a save is a record of moves from a seed (services/userdata.py reads and
checks it field by field); whether it can still be played is a question for the rules engine, and an
update may have changed the rules. Issue 28: Revolución saves of the previous version were set aside
after an update that rebalanced its deck, and an empty save offered a Resume that did nothing.

So a save carries its format (FORMAT) and the digest of the rules file it was played under
(`rules_digest`). Opening one (`open_record`) migrates an older format to this one, finds its rules
(the current file when the digest matches, else the archived copy: services/rules_archive.py; a save
of format 1, which names no version, is tried under each version it may have been made with), and
replays the current game's moves: the save resumes at the very position it was left, under the
rules it began with, or not at all. Anything that does not fit is a `SaveProblem` whose reason is a
Message, set aside by `load()` with one sentence for the player. A save written by a newer version
is left as it is.

`load()` is what the app runs at start-up (ui/launch.py: a save that cannot be resumed is said at
once, not when Resume is pressed) and what Resume runs.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from revolt_table.engine.message import Message, shorten
from revolt_table.services import rules_archive, userdata

log = logging.getLogger(__name__)

FORMAT = 2          # 1: 0.1.0 (no format, no digest); 2: format and rules_digest


class SaveProblem(Exception):
    """A save that cannot be resumed: `reason` is the Message for the player, the text is for the log."""

    def __init__(self, reason: Message, detail: str = "") -> None:
        super().__init__(detail or reason.code)
        self.reason = reason


@dataclass
class Opened:
    """A save ready to resume: the record (migrated to FORMAT), its rules, and the current game replayed."""

    record: dict[str, Any]
    rules: Any                     # engine Rules
    state: Any                     # engine GameState at the saved position


def stamp(record: dict[str, Any], rules: Any) -> dict[str, Any]:
    """`record` as this version saves it: with its format and the digest of the rules it is played under."""
    digest = rules_archive.digest_of(getattr(rules, "path", None))
    return {"format": FORMAT, **record, **({"rules_digest": digest} if digest else {})}


def migrate(record: dict[str, Any]) -> dict[str, Any]:
    """A checked record of any format this version knows, as this version writes it. Format 1 (0.1.0)
    has neither `format` nor `rules_digest`: the digest is found when its rules are (`open_record`)."""
    fmt = int(record.get("format", 1))
    if fmt > FORMAT:
        raise SaveProblem(Message("files.save.newer"), f"format {fmt}")
    return {**record, "format": FORMAT}


def _game_name(game: str) -> str:
    """The game's name in the player's language (its id when its rules cannot be read)."""
    from revolt_table import rulebook
    from revolt_table.services.i18n import language

    try:
        return rulebook.load(game, language()).name
    except Exception:  # noqa: BLE001 - a name is only a name
        return game


def _current_file(record: dict[str, Any]) -> Path | None:
    """The rules file the record's game id (or its `rules_file`, a game played from a path) leads to now."""
    from revolt_table.engine.errors import UnknownGame
    from revolt_table.engine.rules import resolve_rules_path

    path = record.get("rules_file")
    if path and Path(path).is_file():
        return Path(path)
    game = str(record["rules"])
    if "/" in game or "\\" in game or game.endswith((".yaml", ".yml")):
        return None                      # an id, never a path: a path is `rules_file`, which must exist
    try:
        return resolve_rules_path(game)
    except (UnknownGame, OSError, ValueError):
        return None


def replay(rules: Any, record: dict[str, Any]) -> Any:
    """The record's current game replayed under `rules`; SaveProblem (a move that does not fit) if not."""
    from revolt_table.engine import IllegalMove

    try:
        state = rules.new_game(int(record["players"]), seed=record["seed"], start_seat=int(record.get("start_seat", 0)))
    except Exception as exc:  # noqa: BLE001 - a player count or seat the rules refuse
        raise SaveProblem(Message("files.reason.error"), f"dealing: {exc}") from None
    for number, (seat, text) in enumerate(record["moves"], 1):
        try:
            state.apply(int(seat), str(text))
        except IllegalMove as exc:
            raise SaveProblem(Message("files.reason.move", number=number, move=shorten(str(text), 24)),
                              str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - a family bug on a strange record: not resumable, not a crash
            log.exception("replaying the save failed at move %d", number)
            raise SaveProblem(Message("files.reason.error"), f"move {number}: {exc}") from None
    return state


def open_record(record: dict[str, Any]) -> Opened:
    """Migrate a checked record, find the rules it was played under and replay it (see the module
    docstring); SaveProblem when it cannot be resumed."""
    from revolt_table.engine import RulesError, load_rules

    record = migrate(record)
    players = int(record["players"])
    seats = record.get("seats") or ["human"] + ["ai:normal"] * (players - 1)
    if len(seats) != players or any(s not in userdata.RECORD_SEAT_KINDS for s in seats):
        raise SaveProblem(Message("files.reason.seats"), f"seats {seats!r} for {players} players")
    game = str(record["rules"])
    digest = record.get("rules_digest")
    legacy = digest is None                      # a save of 0.1.0: try each version it may come from
    paths = rules_archive.candidates(game, _current_file(record), digest, legacy=legacy)
    if not paths:
        raise SaveProblem(Message("files.reason.rules_gone", game=_game_name(game)), f"no rules file for {game}")
    first: SaveProblem | None = None
    for path in paths:
        try:
            rules = load_rules(path, variant=record.get("variant") or None)
        except RulesError as exc:
            log.warning("save: the rules %s do not load: %s", path, exc)
            continue
        try:
            state = replay(rules, record)
        except SaveProblem as exc:
            first = first or exc
            continue
        found = rules_archive.digest_of(path)
        return Opened({**record, **({"rules_digest": found} if found else {})}, rules, state)
    if first is None:
        raise SaveProblem(Message("files.reason.rules_gone", game=_game_name(game)), f"no rules of {game} load")
    exact = digest is not None and digest == rules_archive.digest_of(paths[0])
    if exact or (legacy and len(paths) == 1):      # its very rules, or the only ones it can have: the move
        raise first                                # is what is wrong
    raise SaveProblem(Message("files.reason.rules_changed", game=_game_name(game)), str(first))


def load() -> tuple[Opened | None, Message | None]:
    """The saved game ready to resume, or (None, what to tell the player) — None, None when there is
    none. A save that cannot be resumed is set aside (renamed beside itself); one from a newer version
    is left alone."""
    record, message = userdata.load_game_record()
    if record is None:
        return None, message
    try:
        return open_record(record), None
    except SaveProblem as exc:
        if exc.reason.code == "files.save.newer":
            return None, exc.reason
        log.warning("the saved game cannot be resumed: %s", exc)
        try:
            path = userdata.save_path()
        except OSError:
            return None, exc.reason
        return None, Message("files.save.unusable", reason=exc.reason, kept=userdata.put_aside(path, str(exc)))
