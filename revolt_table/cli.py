"""`revolt-table`: open the window, or play, pit AIs against each other, check rules, take screenshots,
list the games kept in the history and replay one move by move."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence


def _size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT within the window sizes the table supports (a PNG of another size is refused,
    not silently resized)."""
    from .services.userdata import MAX_WINDOW, MIN_WINDOW

    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(_t("cli.size_form", text=_quoted(text))) from None
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise argparse.ArgumentTypeError(_t("cli.size_range", size=f"{w}x{h}", min_w=MIN_WINDOW[0],
                                            max_w=MAX_WINDOW[0], min_h=MIN_WINDOW[1], max_h=MAX_WINDOW[1]))
    return w, h


def _count(text: str) -> int:
    """A whole number of at least 1 (players, games, iterations)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_t("cli.whole_number", text=_quoted(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_t("cli.at_least_one", value=value))
    return value


def _percent(text: str) -> int:
    """A look setting: a whole number from 0 to 100 (50 changes nothing)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_t("cli.percent", text=_quoted(text))) from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(_t("cli.percent_range", value=value))
    return value


def _add_language(parser: argparse.ArgumentParser, what: str) -> None:
    from .services.i18n import LANGUAGES
    parser.add_argument("--language", choices=LANGUAGES, metavar="CODE",
                        help=_help("language", what=what, langs=", ".join(LANGUAGES)))


def _add_table(parser: argparse.ArgumentParser, *, players: bool = True, players_required: bool = False) -> None:
    """The table a command is about: the game id, its variant and (for a table that is dealt) the
    number of players."""
    parser.add_argument("game")
    parser.add_argument("--variant")
    if players:
        parser.add_argument("--players", type=_count, required=players_required)


def _help(key: str, **fmt) -> str:
    """A help text in the player's language; argparse's own "%" is written "%%" in help texts."""
    from .services.i18n import LANGUAGES
    fmt.setdefault("langs", ", ".join(LANGUAGES))
    return _t(f"cli.help.{key}", **fmt).replace("%", "%%")


def _seed(text: str) -> int:
    """A whole number of at most 18 digits: the save file keeps it, and its reader takes no more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_t("cli.whole_number", text=_quoted(text))) from None
    if abs(value) >= 10 ** 18:
        raise argparse.ArgumentTypeError(_t("cli.seed_digits"))
    return value


def _quoted(text: str) -> str:
    from .engine.errors import quoted
    return quoted(text)


def _t(key: str, **fmt) -> str:
    """A sentence of the command line in the player's language (cli_language.use chose it)."""
    from .services.i18n import t
    return t(key, **fmt)


def build_parser() -> argparse.ArgumentParser:
    """The command line's arguments, their help in the player's language (cli_language.use first)."""
    from . import __version__

    h = _help
    parser = argparse.ArgumentParser(prog="revolt-table", description=h("description"))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}", help=h("version"))
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help=h("play"))
    _add_table(play)
    play.add_argument("--seats", help=h("seats"))
    play.add_argument("--seed", type=_seed)
    play.add_argument("--games", type=_count, metavar="N", help=h("games"))
    slot = play.add_mutually_exclusive_group()
    slot.add_argument("--replace-save", action="store_true", help=h("replace_save"))
    slot.add_argument("--no-save", action="store_true", help=h("no_save"))
    play.add_argument("--autoquit", action="store_true", help=h("autoquit"))
    _add_language(play, h("language_play"))

    arena = sub.add_parser("arena", help=h("arena"))
    _add_table(arena, players_required=True)
    arena.add_argument("--seats", required=True, help=h("arena_seats"))
    arena.add_argument("--games", type=_count, default=100)
    arena.add_argument("--seed", type=_seed, default=0)
    arena.add_argument("--iterations", type=_count, help=h("iterations"))
    arena.add_argument("--json", action="store_true", help=h("json"))

    rules = sub.add_parser("rules", help=h("rules"))
    rules_sub = rules.add_subparsers(dest="rules_command", required=True)
    check = rules_sub.add_parser("check", help=h("check"))
    check.add_argument("files", nargs="+")
    show = rules_sub.add_parser("show", help=h("show"))
    _add_table(show, players=False)
    show.add_argument("--language", metavar="CODE", help=h("show_language"))

    history = sub.add_parser("history", help=h("history"))
    _add_language(history, h("language_history"))

    replay = sub.add_parser("replay", help=h("replay"), description=h("replay_description"))
    replay.add_argument("file", nargs="?", metavar="FILE", help=h("file"))
    replay.add_argument("--last", action="store_true", help=h("last"))
    replay.add_argument("--text", action="store_true", help=h("text"))
    _add_language(replay, h("language_replay"))

    shot = sub.add_parser("screenshot", help=h("screenshot"))
    _add_table(shot)
    shot.add_argument("--seed", type=_seed, default=1)
    shot.add_argument("--moves", type=int, default=0)
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", type=_size, default=(1280, 720))
    _add_language(shot, h("language_shot"))
    for look in ("contrast", "grain", "temperature"):
        shot.add_argument(f"--{look}", type=_percent, metavar="0-100", help=h("look", look=_t(f"settings.{look}")))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit code: 0 done, 1 a rules file is invalid (or, for `replay`, the
    game cannot be read or no longer replays), 2 bad arguments (an unknown game id, variant, player
    count or seat among them; argparse's own errors too)."""
    from .cli_language import use

    argv = sys.argv[1:] if argv is None else list(argv)
    use(argv)                                # errors, argparse's too, in the player's language
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
            print(f"revolt-table: {_t('cli.no_window', reason=exc)}", file=sys.stderr)
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
                known = ", ".join(rules.variants) or _t("cli.none")
                return _fail(command, _t("cli.no_variant", game=rules.name, variant=quoted(variant), known=known))
            rules = load_rules(rules.path, variant=variant)
    except UnknownGame as exc:
        return _fail(command, unknown_game(exc))
    except RulesError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic, file=sys.stderr)
        return 1
    return rules


def unknown_game(exc) -> str:
    """An UnknownGame in the player's words: the id asked for and the ids there are."""
    from .engine.errors import quoted
    return _t("cli.unknown_game", game=quoted(exc.game), games=", ".join(exc.known) or _t("cli.none"))


def players_problem(rules, players: int) -> str | None:
    """Why `players` cannot play these rules, in a sentence (None when they can)."""
    lo, hi = rules.min_players, rules.max_players
    if lo <= players <= hi:
        return None
    if lo == hi:
        return _t("setup.players_exact", game=rules.name, n=lo, players=players)
    return _t("setup.players_range", game=rules.name, lo=lo, hi=hi, players=players)


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
            return _fail(args.command, _t("cli.unknown_seat", seat=quoted(seat), kinds=", ".join(kinds)))
    games = getattr(args, "games", None)
    if games is not None and games > MAX_MATCH_GAMES:
        return _fail(args.command, _t("cli.max_games", max=MAX_MATCH_GAMES, games=games))
    players = args.players or (len(seats) if seats else None)
    if players is not None:
        problem = players_problem(rules, players)
        if problem:
            return _fail(args.command, problem)
        if len(seats) > players:
            return _fail(args.command, _t("cli.seats_for_players", count=len(seats), players=players))
    out = getattr(args, "out", None)
    if out is not None:
        from pathlib import Path

        folder = Path(out).resolve().parent
        if not folder.is_dir():
            return _fail(args.command, _t("cli.no_folder", file=quoted(out)))
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
            code = max(code, _fail("rules check", unknown_game(exc)))
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
    from .ai.registry import AGENT_NAMES
    from .engine.errors import quoted

    seats = _seat_list(args.seats)
    if not seats:
        return _fail("arena", _t("cli.arena_no_seats"))
    for seat in seats:
        if seat not in AGENT_NAMES:
            return _fail("arena", _t("cli.unknown_agent", seat=quoted(seat), kinds=", ".join(AGENT_NAMES)))
    if len(seats) > args.players:
        return _fail("arena", _t("cli.agents_for_players", count=len(seats), players=args.players))
    try:
        report = run_arena(args.game, args.players, seats, args.games, args.seed,
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
        code = userdata.load_settings(set_aside_bad=False)[0].language
    i18n.set_language(code)


def _write_lines(lines: list[str]) -> None:
    """Print `lines` to stdout, ending quietly when the reader has gone (`revolt-table replay ... | head`):
    no traceback, and no second error when Python flushes stdout at exit."""
    try:
        for line in lines:
            sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _history(args: argparse.Namespace) -> int:
    from .records.replay_text import history_command

    _use_language(args)
    text, code = history_command()
    _write_lines(text.split("\n"))
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
        _write_lines(lines)
        return 0 if ok else EXIT_FAILED
    if args.file is not None:               # an exported game: into the history, to be listed there
        from .records.replay_text import import_problem
        from .records.store import HistoryFull, HistoryStore

        try:                                 # (one that does not replay, or would push a game out, is not)
            entry = HistoryStore().import_file(args.file)
        except (OSError, ValueError, HistoryFull) as exc:
            print(import_problem(args.file, exc), file=sys.stderr)
            return EXIT_FAILED
    try:
        from .ui.scenes.history import open_window
    except ImportError as exc:
        print(f"revolt-table: {_t('cli.no_window', reason=exc)}", file=sys.stderr)
        return 2
    return open_window(entry.id)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
