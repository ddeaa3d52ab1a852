"""A game session: the rules, the match, the current game, who sits where, and the AI workers.

Why apart from the table scene: the session is everything about a game that is not drawing. It runs AI
moves OFF the frame loop: searching seats (ai:hard) think in a worker PROCESS (revolt_table/ai/worker.py,
started on the first such move, kept for the whole session, stopped by close()), so a search never holds
the interpreter the frame loop needs; the quick heuristics (random, easy, normal: milliseconds) answer in
one worker thread. If the process cannot start (or dies), the seat thinks in the thread instead. The
session also adds a natural pause before an AI card appears, and saves the game record atomically after
every move so a crash or a quit never loses a game. Tests drive it without a window at all.
"""

from __future__ import annotations

import logging
import math
import random
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from revolt_table.services import savegame, userdata
from revolt_table.services.names import visible_name
from revolt_table.ai.registry import make_agent
from revolt_table.ai.worker import AIWorker, WorkerUnavailable, stop_thinking
from revolt_table.engine import Event, GameState, Match, Move, Rules, load_rules
from revolt_table.engine.message import Message
from revolt_table.engine.rules import resolve_rules_path
from revolt_table.records.history import DealSetup
from revolt_table.ui import recorder
from revolt_table.ui.seatnames import seat_names

log = logging.getLogger(__name__)

PROCESS_KINDS = frozenset({"ai:hard"})      # AI levels that think in the worker process


@dataclass
class _Job:
    seat: int
    token: int                 # len(history) when the job started: stale answers are dropped
    future: Future
    wait: float                # natural pause still to wait before the move may be applied
    in_process: bool = False   # the future gives a move text from the worker process


def default_name(seat: int) -> str:
    """The name shown for a seat nobody named: the setup's default names, then "Seat 7"."""
    from revolt_table.ui import i18n

    key = f"setup.default_name_{seat + 1}"
    return i18n.t(key) if i18n.has(key) else i18n.t("setup.seat_number", number=seat + 1)


def _found_by_id(rules) -> bool:
    """Does the game's id lead back to the file it was loaded from (else the save keeps the path)?"""
    try:
        return rules.path is None or resolve_rules_path(rules.id).resolve() == Path(rules.path).resolve()
    except Exception:  # noqa: BLE001 - an id that no longer resolves: keep the path
        return False


def _archived(rules) -> bool:
    """Is the game played under an archived version of a bundled rules file (an older save resumed)?
    Its digest finds it again: the archive's path is not written into the save."""
    from revolt_table.services.rules_archive import archive_dir

    return rules.path is not None and Path(rules.path).parent.resolve() == archive_dir().resolve()


def describe_record(record: dict[str, Any]) -> str:
    """What a saved game is, in one line for the Resume button and the ask-first dialog:
    "Révolte! · 4 players · Game 2 of 4", "Dou Dizhu · 3 players · 12 moves played" (the game's name
    and its variant's in the player's language; a rules file that no longer reads gives its id)."""
    from revolt_table import rulebook
    from revolt_table.services.i18n import language, t, tn
    from revolt_table.ui import matchtext

    game_id = str(record.get("rules", ""))
    name, unit = game_id, "game"
    try:
        book = rulebook.load(game_id, language())
        name = book.name
        unit = str((book.source.get("match") or {}).get("unit", "game"))
        variant = record.get("variant") or ""
        if variant:
            shown = next((v.name for v in book.variants if v.id == variant), variant)
            name = t("save.variant", game=name, variant=shown)
    except Exception:  # noqa: BLE001 - naming a save must never fail: the id is a name too
        pass
    match = record.get("match") or {}
    players = int(record.get("players", 0))
    games = int(match.get("games") or players)
    if games > 1:
        current = int(match.get("current") or len(match.get("results") or []) + 1)
        where = matchtext.progress(unit, current, games)
    else:
        moves = len(record.get("moves") or [])
        where = tn("save.moves", moves) if moves else t("save.just_started")
    return t("save.described", game=name, players=matchtext.players(players), progress=where)


def game_note(state: GameState) -> dict[str, Any]:
    """A finished game's facts kept for the results screen of later games (plain, flat data: it goes in
    the save, whose schema is userdata.RECORD_SCHEMA). What to keep is the family's business: its table
    makes the note from the final public view (`FamilyTable.game_note`) and reads it in `results_data`."""
    from revolt_table.ui.table import table_for

    note = table_for(state.rules.family.name).game_note(state.view(None))
    return dict(note) if isinstance(note, dict) else {}


class Session:
    """One match of one game at one table.

    seats: per seat "human" or an AI name (random, ai:easy, ai:normal, ai:hard); names: shown names.
    games: games in the match (0: the game's own length, Rules.match_games: one Dou Dizhu deal, else
    one game per player).
    ai_pace: seconds of natural pause before an AI move appears (0 in tests). save: write the record
    to the user's data folder after every move. history: add every finished game to the player's
    history (default: as `save`; screenshots and tests that do not save keep no history either).
    """

    def __init__(self, rules: Rules, seats: list[str], names: list[str] | None = None, *,
                 match_seed: int | None = None, games: int = 0, ai_pace: float = 0.8, save: bool = True,
                 hard_iterations: int | None = None, process_kinds: frozenset[str] | None = None,
                 history: bool | None = None) -> None:
        self.rules = rules
        self.players = len(seats)
        self.seats = list(seats)
        self.names = [visible_name(name) for name in list(names or [])[:self.players]]
        while len(self.names) < self.players:
            self.names.append("")
        self.names = seat_names(self.seats, [name or default_name(seat) for seat, name in enumerate(self.names)])
        if match_seed is None:
            match_seed = random.randrange(1, 2**20)
        self.match = Match(rules, self.players, games if games > 0 else rules.match_games(self.players),
                           match_seed)
        self.ai_pace = ai_pace
        self.save_enabled = save
        self.history_enabled = save if history is None else history
        self.hard_iterations = hard_iterations
        self.process_kinds = PROCESS_KINDS if process_kinds is None else frozenset(process_kinds)
        self.agents = {seat: make_agent(kind, rules, iterations=hard_iterations)
                       for seat, kind in enumerate(self.seats) if kind != "human"}
        self.state: GameState = self.match.new_game()
        self._recorded: GameState | None = None     # the finished game already added to the match
        self.notes: list[dict[str, Any]] = []       # per finished game: its table's note (game_note)
        self._executor: ThreadPoolExecutor | None = None
        self._worker: AIWorker | None = None
        if any(kind in self.process_kinds for kind in self.seats):
            self._start_worker()
        self._jobs: dict[int, _Job] = {}
        self._lock = threading.Lock()
        self.save_error: str | None = None
        self.save_notice: Message | None = None     # what saving has to tell the table once (a conflict)
        self._written: tuple[int, int, int] | None = None   # the save file as this session last wrote it
        self.on_answer: Callable[[], None] | None = None   # called (any thread) when an AI answer arrives

    # ---------------------------------------------------------------- construction
    @classmethod
    def from_setup(cls, setup: userdata.GameSetup, *, seed: int | None = None, ai_pace: float = 0.8,
                   save: bool = True) -> "Session":
        rules = load_rules(setup.game_id, variant=setup.variant or None)
        return cls(rules, list(setup.seats[:setup.players]), list(setup.names[:setup.players]),
                   match_seed=seed, games=setup.games, ai_pace=ai_pace, save=save)

    @classmethod
    def from_record(cls, record: dict[str, Any], *, ai_pace: float = 0.8, save: bool = True) -> "Session":
        """Rebuild a saved session at the position it was saved, under the rules it was played with
        (services/savegame.py: an older save is migrated). Raises SaveProblem if it cannot be resumed."""
        return cls.from_opened(savegame.open_record(record), ai_pace=ai_pace, save=save)

    @classmethod
    def from_opened(cls, opened: "savegame.Opened", *, ai_pace: float = 0.8, save: bool = True) -> "Session":
        """A session from a save savegame.open_record has found the rules of and replayed."""
        record, rules, state = opened.record, opened.rules, opened.state
        players = int(record["players"])
        seats = [str(s) for s in record.get("seats") or (["human"] + ["ai:normal"] * (players - 1))]
        match = record.get("match") or {}
        session = cls(rules, seats, record.get("names"), match_seed=int(match.get("seed", record["seed"] or 0)),
                      games=int(match.get("games", 0)), ai_pace=ai_pace, save=save)
        session.match.results = [tuple(int(v) for v in r) for r in match.get("results", [])]
        session.notes = [dict(n) for n in match.get("notes", []) if isinstance(n, dict)]
        session.state = state
        session._written = userdata.save_stamp()          # the file it was read from, if it is there
        if state.is_over:
            session._recorded = state
            if len(session.notes) < len(session.match.results):
                session.notes.append(game_note(state))
        return session

    @classmethod
    def from_deal(cls, deal: DealSetup, *, ai_pace: float = 0.8, save: bool = True) -> "Session":
        """"Replay this deal" (History): a one-game match dealt from the deal's seed and start seat, with
        its seats and names, so the same cards come to the same places. Raises RulesError/ValueError."""
        rules = load_rules(deal.game, variant=deal.variant or None)
        names = [name or default_name(seat) for seat, name in enumerate(deal.names)]
        session = cls(rules, list(deal.seats), names, games=1, ai_pace=ai_pace, save=save)
        session.state = rules.new_game(deal.players, seed=deal.seed, start_seat=deal.start_seat)
        return session

    # ---------------------------------------------------------------- seats
    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == "human"

    @property
    def humans(self) -> list[int]:
        return [s for s in range(self.players) if self.is_human(s)]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    def humans_to_act(self) -> list[int]:
        return [s for s in self.state.to_act if self.is_human(s)]

    def ai_to_act(self) -> list[int]:
        return [s for s in self.state.to_act if not self.is_human(s)]

    @property
    def thinking(self) -> set[int]:
        """AI seats that must act now and have not played yet (for the thinking cue)."""
        return set(self.ai_to_act())

    # ---------------------------------------------------------------- moves
    def apply(self, seat: int, move: Move | str) -> list[Event]:
        """Play a move (raises IllegalMove) and save the record."""
        events = self.state.apply(seat, move)
        self._cancel_stale()
        if self.state.is_over and self._recorded is not self.state:
            self._recorded = self.state
            self.match.finish_game(self.state)
            self.notes.append(game_note(self.state))
            if self.history_enabled:            # into the history, in a thread (ui/recorder.py)
                recorder.record_game(self.state, self.seats, [str(name) for name in self.names])
        self.save()
        return events

    def poll(self, dt: float, allow_apply: bool = True) -> list[tuple[int, Move, list[Event]]]:
        """Start AI thinking for AI seats to act, and apply the moves that are ready.

        While allow_apply is False (animations playing) AIs keep thinking but nothing is applied and the
        natural pause does not run down, so an AI card never appears before the table is ready for it.
        """
        if self.state.is_over:
            return []
        for seat in self.ai_to_act():
            if seat not in self._jobs:
                self._start(seat)
        applied = []
        if not allow_apply:
            return applied
        for seat in sorted(self._jobs):
            job = self._jobs[seat]
            job.wait -= dt
            if job.wait > 0 or not job.future.done():
                continue
            del self._jobs[seat]
            if job.token != len(self.state.history) and seat not in self.state.to_act:
                continue
            try:
                move = job.future.result()
                if job.in_process:
                    move = self.state.parse_move(seat, move)
            except WorkerUnavailable:
                log.warning("the AI worker process is gone; seat %s thinks in a thread", seat)
                self._start(seat, in_process=False)
                continue
            except Exception:  # noqa: BLE001 - an AI bug must not end the game: play any legal move
                log.exception("AI seat %s failed; playing a random legal move", seat)
                move = random.choice(self.state.legal_moves(seat))
            if seat not in self.state.to_act or not self.state.is_legal(seat, move):
                continue
            applied.append((seat, move, self.apply(seat, move)))
            break        # one AI move per frame: each gets its own animation beat
        return applied

    def _start(self, seat: int, in_process: bool | None = None) -> None:
        view = self.state.view(seat)
        legal = self.state.legal_moves(seat)
        token = len(self.state.history)
        seed = hash((self.state.seed, token, seat)) & 0xFFFFFFFF
        kind = self.seats[seat]
        if in_process is None:
            in_process = kind in self.process_kinds
        future = None
        if in_process:
            try:
                if self._worker is None:
                    self._start_worker(background=True)
                future = self._worker.submit(str(self.rules.path), self.rules.variant, kind, self.hard_iterations,
                                             None, view, [m.text for m in legal], seed)
            except WorkerUnavailable:
                in_process = False
        if future is None:
            if self._executor is None:
                if kind in self.process_kinds:
                    # a search in a thread: a short GIL switch interval lets the frame loop take the
                    # interpreter back within ~1 ms (the default 5 ms made frames wait several times)
                    sys.setswitchinterval(min(sys.getswitchinterval(), 0.0005))
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="revolt-ai")
            future = self._executor.submit(self.agents[seat].choose, view, legal, random.Random(seed))
        pace = random.Random(seed ^ 0x5BD1E995)
        wait = self.ai_pace * pace.uniform(0.7, 1.3) if self.ai_pace > 0 else 0.0
        self._jobs[seat] = _Job(seat, token, future, wait, in_process)
        future.add_done_callback(self._answered)

    def _answered(self, _future: Future) -> None:
        if self.on_answer is not None:
            self.on_answer()

    def ai_due_in(self) -> float:
        """Seconds until poll() may apply an AI move that has its answer (its natural pause left);
        math.inf while no answer has come (on_answer says when one does): the window sleeps till then."""
        return min((max(0.0, job.wait) for job in self._jobs.values() if job.future.done()), default=math.inf)

    def _start_worker(self, background: bool = False) -> None:
        """Start the worker process while no frame runs (the table is being set up); a failure only
        means the searching seats think in the thread."""
        self._worker = AIWorker()
        try:
            self._worker.start(background=background)
        except WorkerUnavailable:
            pass

    @property
    def uses_process(self) -> bool:
        """Is an AI worker process running for this session (tests, benchmarks)?"""
        return self._worker is not None and self._worker.alive

    def _cancel_stale(self) -> None:
        for seat in list(self._jobs):
            if seat not in self.state.to_act:
                self._jobs.pop(seat).future.cancel()

    def wait_for_ai(self, timeout: float = 10.0) -> None:
        """Block until every running AI job is done (tests and screenshots only, never the frame loop)."""
        deadline = time.perf_counter() + timeout
        for job in list(self._jobs.values()):
            job.future.result(timeout=max(0.0, deadline - time.perf_counter()))

    def play_ai_now(self) -> list[tuple[int, Move, list[Event]]]:
        """Synchronously play every AI seat to act (screenshots); returns what was applied."""
        out = []
        for seat in self.ai_to_act():
            move = self.agents[seat].choose(self.state.view(seat), self.state.legal_moves(seat),
                                            random.Random(len(self.state.history) * 31 + seat))
            out.append((seat, move, self.apply(seat, move)))
        return out

    # ---------------------------------------------------------------- match
    @property
    def game_number(self) -> int:
        """1-based number of the current game in the match."""
        return self.match.game_index + (0 if self.state.is_over else 1)

    @property
    def unit(self) -> str:
        """What one game of this match is called: "game", or "deal" (Dou Dizhu): Rules.game_unit."""
        return self.rules.game_unit

    def game_heading(self, n: int) -> str:
        """Game `n` of the match as a heading: "Deal 1", "Game 3" (results columns, detail titles)."""
        from revolt_table.ui import matchtext
        return matchtext.heading(self.unit, n)

    def progress_label(self) -> str:
        """Where the match stands, for the table's corner: "Deal 2 of 3", or "Single deal"."""
        from revolt_table.ui import matchtext
        return matchtext.progress(self.unit, self.game_number, self.match.games)

    def length_label(self) -> str:
        """The match's length: "Single deal", "Match of 4 games"."""
        from revolt_table.ui import matchtext
        return matchtext.length(self.unit, self.match.games)

    def describe(self) -> str:
        """This session as the Resume button will name it."""
        return describe_record(self.record())

    def next_game(self) -> None:
        """Start the next game of the match (the start seat rotates)."""
        if not self.state.is_over:
            return
        self._jobs.clear()
        self.state = self.match.new_game()
        self.save()

    def restart_match(self) -> None:
        """A new match with the same seats and a fresh seed."""
        self._jobs.clear()
        self.match = Match(self.rules, self.players, self.match.games, random.randrange(1, 2**20))
        self.notes = []
        self.state = self.match.new_game()
        self.save()

    # ---------------------------------------------------------------- saving
    def record(self) -> dict[str, Any]:
        """The save: format, rules (id, and the digest of the file played under), seed, moves, seats,
        names and the match (services/savegame.py reads it back in any later version)."""
        base = self.state.record()
        extra = {} if _found_by_id(self.rules) or _archived(self.rules) else {"rules_file": str(self.rules.path)}
        return savegame.stamp({
            "rules": self.rules.id, **extra, "variant": self.rules.variant or "", "players": self.players,
            "seed": base["seed"], "start_seat": base["start_seat"], "moves": base["moves"],
            "seats": self.seats, "names": [str(name) for name in self.names],
            "match": {"seed": self.match.seed, "games": self.match.games, "current": self.game_number,
                      "results": [list(r) for r in self.match.results], "notes": self.notes}}, self.rules)

    def save(self) -> None:
        """Write the record atomically; a finished match removes the save (nothing left to resume).

        Compare before writing: when the save file is no longer the one this session last wrote (another
        window of the program saved its own game there), this session stops saving and says so once
        (`save_notice`) rather than overwrite it: the last writer must not win silently (issue 28). The
        first write of a session is free: New game and Replay this deal asked before replacing a save."""
        if not self.save_enabled:
            return
        if self._written is not None and userdata.save_stamp() != self._written:
            log.warning("the save file was changed by another writer; this session stops saving")
            self.save_enabled = False
            self.save_notice = Message("files.save.changed")
            return
        try:
            if self.state.is_over and self.match.is_over:
                userdata.delete_saved_game()
            else:
                userdata.save_game_record(self.record())
            self._written = userdata.save_stamp()
            self.save_error = None
        except OSError as exc:
            log.warning("could not save the game: %s", exc)
            self.save_error = str(exc)

    def take_save_notice(self) -> str | None:
        """What saving has to tell the player, in their language, once: it failed, or another window's
        save is kept in place of this table's (None: nothing)."""
        from revolt_table.services.i18n import say
        from revolt_table.ui.table.strings import tt

        if self.save_notice is not None:
            notice, self.save_notice, self.save_error = say(self.save_notice), None, None
            return notice
        if self.save_error:
            self.save_error = None
            return tt("save_failed")
        return None

    def close(self) -> None:
        """Stop AI thinking: cancel jobs, stop the worker process and thread (never waits for a search)."""
        self._jobs.clear()
        self._worker, self._executor = stop_thinking(self._worker, self._executor)
