"""`revolt-table`: open the window, or play, pit AIs against each other, check rules, take screenshots."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(p) for p in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1280x720, not {text!r}") from None
    return w, h


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(prog="revolt-table", description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="go straight to a table")
    play.add_argument("game")
    play.add_argument("--variant")
    play.add_argument("--players", type=int)
    play.add_argument("--seats", help="comma-separated: human, ai:easy, ai:normal, ai:hard, random")
    play.add_argument("--seed", type=int)
    play.add_argument("--autoquit", action="store_true",
                      help="close the window when the game reaches its results (for AI-only smoke runs)")

    arena = sub.add_parser("arena", help="play many AI-only games and print a table")
    arena.add_argument("game")
    arena.add_argument("--variant")
    arena.add_argument("--players", type=int, required=True)
    arena.add_argument("--seats", required=True, help="comma-separated agents, e.g. ai:hard,ai:normal,random")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--iterations", type=int, help="ai:hard iterations per move")
    arena.add_argument("--json", action="store_true", help="print one JSON object")

    rules = sub.add_parser("rules", help="rules files")
    rules_sub = rules.add_subparsers(dest="rules_command", required=True)
    check = rules_sub.add_parser("check", help="validate rules files")
    check.add_argument("files", nargs="+")

    shot = sub.add_parser("screenshot", help="render a table headless to a PNG")
    shot.add_argument("game")
    shot.add_argument("--variant")
    shot.add_argument("--players", type=int)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--moves", type=int, default=0)
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", type=_size, default=(1280, 720))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "rules":
        return _rules_check(args.files)
    if args.command == "arena":
        return _arena(args)
    if args.command in ("play", "screenshot", None):
        try:
            from .ui import launch
        except ImportError as exc:
            print(f"revolt-table: the window is not available: {exc}", file=sys.stderr)
            return 2
        return launch.run(args)
    return 2


def _rules_check(files: list[str]) -> int:
    from .engine import RulesError, validate_file

    failed = False
    for name in files:
        try:
            validate_file(name)
        except RulesError as exc:
            failed = True
            for diagnostic in exc.diagnostics:
                print(diagnostic)
        else:
            print(f"{name}: ok")
    return 1 if failed else 0


def _arena(args: argparse.Namespace) -> int:
    from .arena import format_table, run_arena
    from .engine import RulesError

    try:
        report = run_arena(args.game, args.players, [s.strip() for s in args.seats.split(",") if s.strip()],
                           args.games, args.seed, variant=args.variant, iterations=args.iterations)
    except RulesError as exc:
        print(exc, file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"revolt-table arena: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report) if args.json else format_table(report))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
