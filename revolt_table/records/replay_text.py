"""Finished games as text, in the player's language: what `revolt-table history` and
`revolt-table replay FILE|--last --text` print.

Why text apart from the window: a replay printed move by move is what a player pastes into a forum
post or a bug report, and what a test can read. Each line is made from locale keys under
`history.text` (the current language, revolt_table.services.i18n), the seats' names, the moves in their
labels the game gives its moves (engine/move.py: `MoveInfo.label`, "Pair of 9s", "Bid 2", "Bomb
Express → Anna": never the notation of saves, `3334`, `bid2`, `BX:0`) and the sentences the game itself
reported: every event field that is a Message, and an event's own `sentence()` (Dou Dizhu: who is
landlord, the bottom cards, the multiplier), is said through `i18n.say` with the seats' names.
(Families whose events still carry an English `explanation` string print that string as it is.)

The `*_command` functions are what the CLI calls: they return (text, exit code) and never raise on a
bad file or a game that no longer replays (exit code 1 and a translated reason).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache
from datetime import datetime
from pathlib import Path
from typing import Any

from ..services import i18n
from ..engine import Event
from ..engine.message import Message
from .history import BadEntry, EntrySummary, HistoryEntry, read_entry_file
from .replay import R_MOVE, R_RULES, R_SETUP, RulesCache, Unreplayable, entry_rules, replay_entry
from .store import HistoryStore
from ..services.smallfile import FileRefused
from .stats import collect_facts

T = "history.text."
SAID = "      "            # what a move made the game say, indented under the move
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


# ------------------------------------------------------------------------------------------ pieces

def kind_name(kind: str) -> str:
    """An agent level as the player reads it ("ai:hard" -> "Computer · hard")."""
    return i18n.t(f"history.kind.{kind.replace(':', '_')}")


def date_text(date: str) -> str:
    """The date a game was played, as played (its own UTC offset), to the minute."""
    return datetime.fromisoformat(date).strftime("%Y-%m-%d %H:%M")


def game_title(entry: HistoryEntry | EntrySummary, cache: RulesCache | None = None) -> str:
    """The game's name (and variant's) in the current language, from its rules file and translation;
    the ids when the rules no longer load."""
    try:
        rules = entry_rules(entry, cache)
    except Unreplayable:
        name, variant = entry.game, entry.variant
    else:
        name, variants = _book_names(entry.game, i18n.language())
        name = name or rules.name
        variant = variants.get(entry.variant) or rules.variants.get(entry.variant, entry.variant)
    return i18n.t(T + "game_variant", game=name, variant=variant) if entry.variant else name


@cache
def _book_names(game: str, lang: str) -> tuple[str, dict[str, str]]:
    """A game's and its variants' names in `lang` (rulebook/__init__.py); ("", {}) if the book cannot be read."""
    from .. import rulebook

    try:
        book = rulebook.load(game, lang)
    except Exception:  # noqa: BLE001 - a name is only a name: the rules' own is used instead
        return "", {}
    return book.name, {v.id: v.name for v in book.variants}


def _join(parts: list[str]) -> str:
    return i18n.t(T + "separator").join(parts)


def scores_text(entry: HistoryEntry | EntrySummary) -> str:
    return _join([i18n.t(T + "score", name=s.name, points=p) for s, p in zip(entry.seats, entry.scores)])


def winners_text(entry: HistoryEntry | EntrySummary) -> str:
    names = _join([entry.seats[w].name for w in entry.winners])
    return i18n.t(T + ("winners" if len(entry.winners) > 1 else "winner"), names=names)


def capitalized(text: str) -> str:
    """A label on its own starts with a capital letter ("pair of 9s" -> "Pair of 9s"), as at the table."""
    return text[:1].upper() + text[1:]


def event_sentences(event: Event, names: list[str] | None = None) -> list[str]:
    """What an event says to players: each of its Message fields, translated (legacy English
    `explanation` strings of families not converted yet as they are).

    A `reason` is only half a sentence ("exchanged", "attacking"): an event that has one and a sentence
    of its own under `event.<EventName>` says the whole of it, with the seat's name from `names` (or
    "Player 2"), its count and its reason ("Anna: 2 cards drawn (card exchange)"). An event whose own
    `sentence()` says something is said by it instead of by its reason (Revolución's dig: "Anna: 2 cards
    drawn face up while digging (Militia, Rifles)" names the cards the count would hide)."""
    out = []
    if not is_dataclass(event):
        return out
    said_itself = False
    sentence = getattr(event, "sentence", None)
    if callable(sentence):
        said = sentence()
        if isinstance(said, Message):
            out.append(i18n.say(said, names))
            said_itself = True
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name == "reason" and isinstance(value, Message):
            if not said_itself:
                out.append(_reason_sentence(event, value, names))
        elif isinstance(value, Message):
            out.append(i18n.say(value, names))
        elif f.name == "explanation" and isinstance(value, str) and value:
            out.append(value)
    return out


def _reason_sentence(event: Event, reason: Message, names: list[str] | None) -> str:
    """The event's own sentence around its reason (see event_sentences), or the reason alone when the
    event has no sentence (a family added later)."""
    key = "event." + type(event).__name__
    seat = getattr(event, "seat", None)
    if seat is None and i18n.has(key + "_none"):
        key += "_none"
    if not i18n.has(key):
        return i18n.say(reason)
    if isinstance(seat, int):
        known = names[seat] if names and 0 <= seat < len(names) else ""
        name = known or i18n.t("event.player", number=seat + 1)
    else:
        name = ""
    cards = getattr(event, "cards", None)
    count = getattr(event, "count", len(cards) if isinstance(cards, tuple) else 0)
    delta = getattr(event, "delta", 0)
    return i18n.t(key, name=name, reason=i18n.say(reason), count=count, value=getattr(event, "value", ""),
                  delta=f"{delta:+d}")


# ------------------------------------------------------------------------------------------ replay

def replay_lines(entry: HistoryEntry, cache: RulesCache | None = None) -> tuple[list[str], bool]:
    """The game move by move as lines of text, and whether it replayed to its stored result.

    A game that no longer replays still prints its header, the moves that do replay (with what they
    said), the stored final scores and the reason.
    """
    cache = {} if cache is None else cache
    lines = [i18n.t(T + "header", game=game_title(entry, cache), date=date_text(entry.date), seed=entry.seed),
             i18n.t(T + "seats", seats=_join([i18n.t(T + "seat", number=i + 1, name=s.name, kind=kind_name(s.kind))
                                             for i, s in enumerate(entry.seats)]))]
    problem: Message | None = None
    try:
        replayed = replay_entry(entry, cache, labels=True)
    except Unreplayable as exc:
        problem = exc.reason
        if exc.reason.code in (R_RULES, R_SETUP):
            replayed = None
        else:
            upto = exc.reason.args["number"] - 1 if exc.reason.code == R_MOVE else None
            try:
                replayed = replay_entry(entry, cache, upto=upto if upto is not None else len(entry.moves),
                                        labels=True)
            except Unreplayable:
                replayed = None
    if replayed is not None:
        width = len(str(len(entry.moves)))
        seen: list[str] = []
        names = [s.name for s in entry.seats]
        for event in replayed.opening:
            seen += [s for s in event_sentences(event, names) if s not in seen]
        lines += [SAID + s for s in seen]
        for step in replayed.steps:
            move = capitalized(i18n.say(step.label, names)) if step.label is not None else step.move
            lines.append(i18n.t(T + "move", number=str(step.number).rjust(width), name=entry.seats[step.seat].name,
                                move=move))
            said: list[str] = []
            for event in step.events:
                said += [s for s in event_sentences(event, names) if s not in said]
            lines += [SAID + s for s in said]
    lines.append(i18n.t(T + "final", scores=scores_text(entry)))
    lines.append(winners_text(entry))
    if problem is not None:
        lines.append(i18n.t(T + "unreplayable", reason=i18n.say(problem)))
    return lines, problem is None


def replay_text(entry: HistoryEntry) -> str:
    """The whole game as text (see replay_lines)."""
    return "\n".join(replay_lines(entry)[0])


def history_lines(store: HistoryStore, facts: list[Any] | None = None,
                  summaries: list[EntrySummary] | None = None) -> list[str]:
    """One line per saved game, newest first: date, game, scores, winners (and why a game no longer
    replays, when `facts` from stats.collect_facts are given)."""
    summaries = store.summaries() if summaries is None else summaries
    if not summaries:
        return [i18n.t(T + "empty")]
    reasons = {f.id: f.unreplayable for f in facts or () if f.unreplayable is not None}
    cache: RulesCache = {}
    lines = []
    for s in summaries:
        line = i18n.t(T + "list_line", date=date_text(s.date), game=game_title(s, cache), scores=scores_text(s),
                      winners=winners_text(s), moves=s.move_count, id=s.id)
        lines.append(line)
        if s.id in reasons:
            lines.append(SAID + i18n.t(T + "unreplayable", reason=i18n.say(reasons[s.id])))
    return lines


# ---------------------------------------------------------------------------------------- commands

def _warnings(store: HistoryStore) -> list[str]:
    return [i18n.say(m) for m in store.take_warnings()]


def history_command(store: HistoryStore | None = None) -> tuple[str, int]:
    """`revolt-table history`: the saved games, newest first (and any files set aside on the way).
    Games that no longer replay say why (collect_facts replays each new game once, then caches).
    Exit code 1, after saying why, when the history cannot be read at all (its folder, the data
    folder or the home is a file...)."""
    store = store or HistoryStore()
    summaries = store.summaries()            # an unusable folder (a file in its place...): [] and a warning
    said = _warnings(store)
    if not summaries and said:
        return "\n".join(said), EXIT_FAILED
    lines = history_lines(store, collect_facts(store, summaries) if summaries else [], summaries)
    return "\n".join(said + _warnings(store) + lines), EXIT_OK


def load_for_replay(file: str | Path | None = None, last: bool = False,
                    store: HistoryStore | None = None) -> tuple[HistoryEntry | None, str | None, int]:
    """The game `replay` shows: from an exported FILE, or the last one played (--last).

    Returns (entry, None, 0) or (None, the translated reason, exit code): 2 for a usage mistake (both
    or neither of FILE and --last), 1 for a file that cannot be read as a game or an empty history.
    The window's review (not --text) starts from the same entry.
    """
    if (file is None) == (not last):
        return None, i18n.t(T + "usage"), EXIT_USAGE
    if file is not None:
        try:
            return read_entry_file(file), None, EXIT_OK
        except FileRefused as exc:
            key = "no_file" if exc.reason == "missing" else "not_a_file"
            return None, i18n.t(T + key, file=str(file)), EXIT_FAILED
        except BadEntry:
            return None, i18n.t(T + "not_a_game", file=str(file)), EXIT_FAILED
    store = store or HistoryStore()
    entry = store.latest()
    if entry is None:
        return None, "\n".join(_warnings(store) + [i18n.t(T + "empty")]), EXIT_FAILED
    return entry, None, EXIT_OK


def import_problem(path: str | Path, exc: Exception) -> str:
    """Why the game in `path` is not imported into the history, in one sentence of the player's language
    (History's Import and `replay FILE`; nothing was added)."""
    from ..services.oserrors import os_reason
    from .store import HistoryFull, NotReplayable

    if isinstance(exc, NotReplayable):
        return i18n.t("files.import.unreplayable", file=str(path), reason=i18n.say(exc.reason))
    if isinstance(exc, HistoryFull):
        return i18n.tn("files.import.full_refused", exc.limit, file=str(path))
    if isinstance(exc, FileRefused):
        return i18n.t(T + ("no_file" if exc.reason == "missing" else "not_a_file"), file=str(path))
    if isinstance(exc, BadEntry):
        return i18n.t(T + "not_a_game", file=str(path))
    reason = os_reason(exc) if isinstance(exc, OSError) else i18n.t("files.os.bad_name")
    return i18n.t("history.screen.import_failed", file=str(path), reason=reason)


def replay_command(file: str | Path | None = None, last: bool = False,
                   store: HistoryStore | None = None) -> tuple[str, int]:
    """`revolt-table replay FILE|--last --text`: the game move by move and its final scores.

    Exit code 0 when it replays to its stored result, 1 when it does not (the text then ends with why)
    or cannot be read, 2 for a usage mistake.
    """
    entry, problem, code = load_for_replay(file, last, store)
    if entry is None:
        return problem or "", code
    lines, ok = replay_lines(entry)
    return "\n".join(lines), EXIT_OK if ok else EXIT_FAILED
