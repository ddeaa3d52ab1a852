"""The history read in a thread for the History and Statistics screens: summaries, then facts.

Why a thread: listing 500 games from the index takes milliseconds, but a first listing after an
update rebuilds the index from every file, and the facts (whether each game still replays, Dou Dizhu's
roles, bids and bombs) replay every game not cached yet: seconds for hundreds of games. A screen must
draw and answer the keyboard meanwhile, so it shows what has arrived and fills in the rest.

The thread has its own HistoryStore on the same folder (a store is not shared between threads); what
it has to say (files set aside) comes back as Messages with the results.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any, Callable

from revolt_table.engine.message import Message
from revolt_table.records.history import EntrySummary
from revolt_table.records.store import HistoryStore
from revolt_table.records.stats import GameFacts, collect_facts

log = logging.getLogger(__name__)


class HistoryLoader:
    """Start reading at once; poll `summaries` / `facts` (None until ready) from the frame loop."""

    def __init__(self, folder: Path | str | None = None, *, facts: bool = True,
                 after: Callable[[], Any] | None = None) -> None:
        self.folder = folder
        self._after = after             # run first in the thread: wait for a game still being recorded
        self.summaries: list[EntrySummary] | None = None
        self.facts: list[GameFacts] | None = None
        self.failed = False
        self._warnings: list[Message] = []
        self._lock = threading.Lock()
        self._want_facts = facts
        self._thread = threading.Thread(target=self._run, name="revolt-history-read", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        store = HistoryStore(self.folder)
        try:
            if self._after is not None:
                self._after()
            summaries = store.summaries()
            self.summaries = summaries
            self._keep(store)
            if self._want_facts:
                self.facts = collect_facts(store, summaries) if summaries else []
                self._keep(store)
        except Exception:  # noqa: BLE001 - a reading bug shows an empty history, never a crash
            log.exception("history: reading the history failed")
            self.failed = True
            if self.summaries is None:
                self.summaries = []
            if self.facts is None:
                self.facts = []

    def _keep(self, store: HistoryStore) -> None:
        said = store.take_warnings()
        if said:
            with self._lock:
                self._warnings.extend(said)

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def take_warnings(self) -> list[Message]:
        with self._lock:
            out, self._warnings = self._warnings, []
        return out

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until everything is read (tests and screenshots, never the frame loop)."""
        self._thread.join(timeout)
        return self.done


def reasons(facts: list[GameFacts] | None) -> dict[str, Message]:
    """Why each game that no longer replays does not: {entry id: reason}."""
    return {f.id: f.unreplayable for f in facts or () if f.unreplayable is not None}

