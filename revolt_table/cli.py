"""`revolt-table`: open the window, or play, pit AIs against each other, check rules, take screenshots,
list the games kept in the history and replay one move by move."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence


def _size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT within the window sizes the table supports (a PNG of another size is refused,
    not silently resized)."""
    from .services.userdata import MAX_WINDOW, MIN_WINDOW

    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1280x720, not {_quoted(text)}") from None
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise argparse.ArgumentTypeError(
            f"{w}x{h} is not a supported size; width {MIN_WINDOW[0]} to {MAX_WINDOW[0]}, "
            f"height {MIN_WINDOW[1]} to {MAX_WINDOW[1]} (e.g. 1280x720)")
    return w, h


def _count(text: str) -> int:
    """A whole number of at least 1 (players, games, iterations)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {_quoted(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, not {value}")
    return value


def _percent(text: str) -> int:
    """A look setting: a whole number from 0 to 100 (50 changes nothing)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 100, not {_quoted(text)}") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"expected 0 to 100, not {value}")
    return value


def _add_language(parser: argparse.ArgumentParser, what: str) -> None:
    from .services.i18n import LANGUAGES
    parser.add_argument("--language", choices=LANGUAGES, metavar="CODE",
                        help=f"{what} ({', '.join(LANGUAGES)}); default: the saved setting")


def _seed(text: str) -> int:
    """A whole number of at most 18 digits: the save file keeps it, and its reader takes no more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {_quoted(text)}") from None
    if abs(value) >= 10 ** 18:
        raise argparse.ArgumentTypeError("at most 18 digits")
    return value


def _quoted(text: str) -> str:
    from .engine.errors import quoted
    return quoted(text)


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(prog="revolt-table", description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="go straight to a table")
    play.add_argument("game")
    play.add_argument("--variant")
    play.add_argument("--players", type=_count)
    play.add_argument("--seats", help="comma-separated: human, ai:easy, ai:normal, ai:hard, random")
    play.add_argument("--seed", type=_seed)
    play.add_argument("--games", type=_count, metavar="N",
                      help="a match of N games (deals in Dou Dizhu); default: the game's own length "
                           "(a single deal in Dou Dizhu, one game per player in the others)")
    slot = play.add_mutually_exclusive_group()
    slot.add_argument("--replace-save", action="store_true",
                      help="save this game in place of the saved one (without it, a saved game is kept "
                           "and this one is not saved)")
    slot.add_argument("--no-save", action="store_true", help="do not save this game")
    play.add_argument("--autoquit", action="store_true",
                      help="close the window when the game reaches its results (for AI-only smoke runs)")
    _add_language(play, "the language to play in, saved as the setting")

    arena = sub.add_parser("arena", help="play many AI-only games and print a table")
    arena.add_argument("game")
    arena.add_argument("--variant")
    arena.add_argument("--players", type=_count, required=True)
    arena.add_argument("--seats", required=True, help="comma-separated agents, e.g. ai:hard,ai:normal,random")
    arena.add_argument("--games", type=_count, default=100)
    arena.add_argument("--seed", type=_seed, default=0)
    arena.add_argument("--iterations", type=_count, help="ai:hard iterations per move")
    arena.add_argument("--json", action="store_true", help="print one JSON object")

    rules = sub.add_parser("rules", help="rules files")
    rules_sub = rules.add_subparsers(dest="rules_command", required=True)
    check = rules_sub.add_parser("check", help="validate rules files (paths, or game ids)")
    check.add_argument("files", nargs="+")
    show = rules_sub.add_parser("show", help="print a game's rules as a player reads them")
    show.add_argument("game")
    show.add_argument("--variant")
    show.add_argument("--language", metavar="CODE", help="en, pt, de, fr, es or zh (default en)")

    history = sub.add_parser("history", help="list the finished games kept in the history, newest first")
    _add_language(history, "the language of the listing")

    replay = sub.add_parser(
        "replay", help="a finished game move by move: as text (--text), or in the window's Review",
        description="Show a finished game: FILE (exported from History) or --last (the game played last). "
                    "With --text, print it move by move with what the game said and the final scores. "
                    "Without --text, open the window at the game's Review (every hand face up, step by "
                    "step, the analysis of your decisions on A), over History with the game selected (an "
                    "exported FILE is imported into the history first). Exit codes: 0 done, 1 the game "
                    "cannot be read or no longer replays (the text says why), 2 usage.")
    replay.add_argument("file", nargs="?", metavar="FILE", help="a game file exported from History")
    replay.add_argument("--last", action="store_true", help="the game played last")
    replay.add_argument("--text", action="store_true", help="print the game as text instead of opening the window")
    _add_language(replay, "the language of the text")

    shot = sub.add_parser("screenshot", help="render a table headless to a PNG")
    shot.add_argument("game")
    shot.add_argument("--variant")
    shot.add_argument("--players", type=_count)
    shot.add_argument("--seed", type=_seed, default=1)
    shot.add_argument("--moves", type=int, default=0)
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", type=_size, default=(1280, 720))
    _add_language(shot, "the language of the picture")
    for look in ("contrast", "grain", "temperature"):
        shot.add_argument(f"--{look}", type=_percent, metavar="0-100",
                          help=f"{look} for the picture (50 = unchanged); default: the saved setting")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code: 0 done, 1 a rules file is invalid (or, for `replay`, the
    game cannot be read or no longer replays), 2 bad arguments (an unknown game id, variant, player
    count or seat among them; argparse's own errors too)."""
    args = build_parser().parse_args(argv)
    if args.command == "rules" and args.rules_command == "show":
        from .rulebook.show import main as show_rules
        return show_rules(args.game, args.language, args.variant)
    if args.command == "rules":
        return _rules_check(args.files)
    if args.command == "arena":
        return _arena(args)
    if args.command == "history":
        return _history(args)
    if args.command == "replay":
        return _replay(args)
    if args.command in ("play", "screenshot"):
        problem = _check_table_arguments(args)
        if problem:
            return problem
    if args.command in ("play", "screenshot", None):
        try:
            from .ui import launch
        except ImportError as exc:
            print(f"revolt-table: the window is not available: {exc}", file=sys.stderr)
            return 2
        return launch.run(args)
    return 2


def _fail(command: str, message: str) -> int:
    print(f"revolt-table {command}: {message}", file=sys.stderr)
    return 2


def _load(command: str, game: str, variant: str | None):
    """The game's Rules, or the exit code after saying why not (the same messages as `rules check`)."""
    from .engine import RulesError, load_rules
    from .engine.errors import UnknownGame, quoted

    try:
        rules = load_rules(game)
        if variant is not None:
            if variant not in rules.variants:
                known = ", ".join(rules.variants) or "none"
                return _fail(command, f"{rules.name} has no variant {quoted(variant)}; its variants: {known}")
            rules = load_rules(rules.path, variant=variant)
    except UnknownGame as exc:
        return _fail(command, str(exc))
    except RulesError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic, file=sys.stderr)
        return 1
    return rules


def players_problem(rules, players: int) -> str | None:
    """Why `players` cannot play these rules, in a sentence (None when they can)."""
    lo, hi = rules.min_players, rules.max_players
    if lo <= players <= hi:
        return None
    count = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
    return f"{rules.name} is played by {count} players, not {players}"


def _seat_list(text: str | None) -> list[str]:
    return [s.strip() for s in (text or "").split(",") if s.strip()]


def _check_table_arguments(args: argparse.Namespace) -> int:
    """play/screenshot: the game, variant, players and seats make sense (else say so, exit 1 or 2)."""
    from .ai.registry import AGENT_NAMES
    from .engine.errors import quoted
    from .engine.rules import MAX_MATCH_GAMES

    rules = _load(args.command, args.game, args.variant)
    if isinstance(rules, int):
        return rules
    seats = _seat_list(getattr(args, "seats", None))
    kinds = ("human",) + AGENT_NAMES
    for seat in seats:
        if seat not in kinds:
            return _fail(args.command, f"unknown seat {quoted(seat)}; seats are: {', '.join(kinds)}")
    games = getattr(args, "games", None)
    if games is not None and games > MAX_MATCH_GAMES:
        return _fail(args.command, f"a match has at most {MAX_MATCH_GAMES} games, not {games}")
    players = args.players or (len(seats) if seats else None)
    if players is not None:
        problem = players_problem(rules, players)
        if problem:
            return _fail(args.command, problem)
        if len(seats) > players:
            return _fail(args.command, f"{len(seats)} seats given for {players} players")
    out = getattr(args, "out", None)
    if out is not None:
        from pathlib import Path

        folder = Path(out).resolve().parent
        if not folder.is_dir():
            return _fail(args.command, f"cannot write {quoted(out)}: the folder does not exist")
    return 0


def _rules_check(files: list[str]) -> int:
    """Check each file (or game id); exit 1 if any is invalid, 2 if a game id is unknown."""
    from .engine import RulesError, validate_file
    from .engine.errors import UnknownGame
    from .engine.rules import resolve_rules_path

    code = 0
    for name in files:
        try:
            validate_file(resolve_rules_path(name))
        except UnknownGame as exc:
            code = max(code, _fail("rules check", str(exc)))
        except RulesError as exc:
            code = max(code, 1)
            for diagnostic in exc.diagnostics:
                print(diagnostic)
        else:
            print(f"{name}: ok")
    return code


def _arena(args: argparse.Namespace) -> int:
    from .arena import format_table, run_arena

    rules = _load("arena", args.game, args.variant)
    if isinstance(rules, int):
        return rules
    problem = players_problem(rules, args.players)
    if problem:
        return _fail("arena", problem)
    try:
        report = run_arena(args.game, args.players, _seat_list(args.seats), args.games, args.seed,
                           variant=args.variant, iterations=args.iterations)
    except ValueError as exc:
        return _fail("arena", str(exc))
    import json

    print(json.dumps(report) if args.json else format_table(report))
    return 0


def _use_language(args: argparse.Namespace) -> None:
    """--language, else the language saved in the settings (as the window would speak)."""
    from .services import i18n
    from .services import userdata

    code = getattr(args, "language", None)
    if not code:
        code = userdata.load_settings()[0].language
    i18n.set_language(code)


def _history(args: argparse.Namespace) -> int:
    from .records.replay_text import history_command

    _use_language(args)
    text, code = history_command()
    print(text)
    return code


def _replay(args: argparse.Namespace) -> int:
    """`replay FILE|--last [--text]`: the text replay, or the window's Review of the game."""
    from .records.replay_text import EXIT_FAILED, load_for_replay, replay_lines

    _use_language(args)
    entry, problem, code = load_for_replay(args.file, args.last)
    if entry is None:
        print(problem, file=sys.stderr)
        return code
    if args.text:
        lines, ok = replay_lines(entry)
        print("\n".join(lines))
        return 0 if ok else EXIT_FAILED
    if args.file is not None:               # an exported game: into the history, to be listed there
        from .records.history import BadEntry
        from .records.store import HistoryStore

        try:
            entry = HistoryStore().import_file(args.file)
        except (OSError, BadEntry) as exc:
            print(f"revolt-table replay: {args.file}: {exc}", file=sys.stderr)
            return EXIT_FAILED
    try:
        from .ui.scenes.history import open_window
    except ImportError as exc:
        print(f"revolt-table: the window is not available: {exc}", file=sys.stderr)
        return 2
    return open_window(entry.id)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
