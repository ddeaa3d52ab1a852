"""Entry from the CLI: open the title, go straight to a table, or render a table to a PNG headless.

`run(args)` takes the argparse Namespace of revolt_table/cli.py: args.command is None (title),
"play" (game, variant, players, seats, seed, games, replace_save, no_save) or "screenshot" (game,
variant, players, seed, moves, out, size). `install(app)` plugs the table into the App's hooks (New game
-> Start, Title -> Resume).

`play` never replaces a saved game silently: with one saved, the new table is not saved (the window and
stderr say so) unless --replace-save asks for it; --no-save never saves.

Flag-free switches (tests, packaging smoke runs): REVOLT_TABLE_AUTOQUIT=1 quits at the end of the game
instead of opening the results; REVOLT_TABLE_AI_PACE and REVOLT_TABLE_ANIMATION override the settings.
"""

from __future__ import annotations

import logging
import os
import random
import sys
from typing import Any

log = logging.getLogger(__name__)

def _names(seats: list[str]) -> list[str]:
    from revolt_table.ui.session import default_name

    return [default_name(i) for i in range(len(seats))]


def _env_float(name: str) -> float | None:
    value = os.environ.get(name)
    try:
        return float(value) if value not in (None, "") else None
    except ValueError:
        return None


def _apply_env(settings) -> None:
    pace = _env_float("REVOLT_TABLE_AI_PACE")
    if pace is not None:
        settings.ai_pace = pace
    speed = _env_float("REVOLT_TABLE_ANIMATION")
    if speed is not None:
        settings.animation_speed = speed


def autoquit_requested(args: Any = None) -> bool:
    return bool(getattr(args, "autoquit", False)) or os.environ.get("REVOLT_TABLE_AUTOQUIT", "") not in ("", "0")


def install(app) -> None:
    """Connect the App's New game / Resume hooks to the table, and start as the program does: take the
    folders for this window (a second window on the same folders saves nothing, and says so), clear
    what a killed writer left, and check the saved game now, so a save that cannot be resumed is said
    at start-up and never offered (services/savegame.py)."""
    app.start_game = lambda setup: start_game(app, setup)
    app.resume_game = lambda: resume_game(app)
    claim_folders(app)
    check_saved_game(app)


def claim_folders(app) -> bool:
    """Take the instance lock of the data folder (services/instance.py). Another window holds it: this
    one saves neither games nor settings and says so (False). Held: clear stale temporary files."""
    from revolt_table.services import instance, userdata
    from revolt_table.services.i18n import t

    try:
        folder = userdata.data_dir()
    except OSError:                      # no data folder: nothing is saved anyway (App said so)
        return True
    held = instance.acquire(folder)
    if held is False:
        log.warning("another window has the folders %s: this one does not save", folder)
        app.saves_games = False
        app.keep_settings_unsaved()
        from revolt_table.ui.app import STARTUP_TOAST_SECONDS

        app.notify(t("files.instance.second"), STARTUP_TOAST_SECONDS)
        return False
    if held:
        removed = userdata.clean_temp_files()
        if removed:
            log.info("removed %d temporary files left by a writer that did not finish", removed)
    return True


def check_saved_game(app) -> None:
    """Read and replay the saved game once at start-up; one that cannot be resumed is set aside (or,
    from a newer version, left alone) and the player is told now, not at Resume."""
    from revolt_table.services import savegame
    from revolt_table.services.i18n import say
    from revolt_table.ui.app import STARTUP_TOAST_SECONDS

    if not getattr(app, "saves_games", True):
        return                           # another window owns the save: not ours to set aside
    _, message = savegame.load()
    if message is not None:
        app.notify(say(message), STARTUP_TOAST_SECONDS)


def start_game(app, setup, *, seed: int | None = None, autoquit: bool = False):
    """Start a match from a GameSetup (the New game screen) and show its table."""
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session

    session = Session.from_setup(setup, seed=seed, ai_pace=app.settings.ai_pace,
                                 save=getattr(app, "saves_games", True))
    session.save()
    scene = TableScene(app, session, autoquit=autoquit)
    app.reset_to(scene)
    return scene


def resume_game(app):
    """Resume the saved game at its position, under the rules it was played with (services/savegame.py:
    an older save is migrated); one that cannot be resumed is set aside and the player told why."""
    from revolt_table.engine.message import Message
    from revolt_table.services import savegame, userdata
    from revolt_table.services.i18n import say
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session

    opened, message = savegame.load()
    if opened is None:
        if message is not None:
            app.notify(say(message))
        return None
    session = None
    try:
        session = Session.from_opened(opened, ai_pace=app.settings.ai_pace, save=getattr(app, "saves_games", True))
        scene = TableScene(app, session)     # a save the table cannot show is as unplayable as a bad one
    except Exception as exc:  # noqa: BLE001 - any bad save must become a message, never a crash
        log.exception("cannot resume the saved game")
        if session is not None:
            session.close()
        kept = userdata.put_aside(userdata.save_path(), str(exc))
        app.notify(say(Message("files.save.unusable", reason=Message("files.reason.error"), kept=kept)))
        return None
    app.reset_to(scene)
    return scene


def _seats(args, rules) -> tuple[list[str], int]:
    players = getattr(args, "players", None)
    text = getattr(args, "seats", None)
    if text:
        seats = [s.strip() for s in text.split(",") if s.strip()]
        players = players or len(seats)
    else:
        players = players or rules.default_players
        seats = ["human"] + ["ai:normal"] * (players - 1)
    while len(seats) < players:
        seats.append("ai:normal")
    seats = seats[:players]
    lo, hi = rules.min_players, rules.max_players
    if not lo <= players <= hi:
        from revolt_table.services.i18n import t
        if lo == hi:
            raise ValueError(t("setup.players_exact", game=rules.name, n=lo, players=players))
        raise ValueError(t("setup.players_range", game=rules.name, lo=lo, hi=hi, players=players))
    return seats, players


def _saves(args, app=None) -> tuple[bool, bool]:
    """For `play`: (save this game?, say that the saved game is kept rather than replaced?). A saved
    game is replaced only with --replace-save; --no-save never saves, nor does a second window."""
    from revolt_table.services import userdata

    if getattr(args, "no_save", False) or not getattr(app, "saves_games", True):
        return False, False
    if getattr(args, "replace_save", False) or not userdata.has_saved_game():
        return True, False
    return False, True


def run(args) -> int:
    """Run the command in `args`; returns the process exit code."""
    command = getattr(args, "command", None)
    if command == "screenshot":
        return _screenshot(args)
    from revolt_table.ui.app import App

    app = App()
    _apply_env(app.settings)
    if getattr(args, "language", None):           # play --language: switch, and keep it as the setting
        app.set_language(args.language)
    install(app)
    if command == "play":
        problem = open_play(app, args)
        if problem:
            return problem
    else:
        from revolt_table.ui.scenes.title import TitleScene

        app.push(TitleScene(app))
    app.run()
    return 0


def open_play(app, args) -> int:
    """`play`: push the table for args.game (0), or say why not on stderr (2). A saved game is never
    replaced silently: with one kept, this table is not saved, and the window and stderr say so."""
    from revolt_table.engine import RulesError, load_rules
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session

    save, kept = _saves(args, app)
    try:
        rules = load_rules(args.game, variant=getattr(args, "variant", None))
        seats, _ = _seats(args, rules)
        session = Session(rules, seats, _names(seats), match_seed=getattr(args, "seed", None),
                          games=getattr(args, "games", None) or 0, ai_pace=app.settings.ai_pace, save=save,
                          history=save or kept)        # a kept save stops the resuming, not the history
    except (RulesError, ValueError) as exc:
        print(f"revolt-table play: {exc}", file=sys.stderr)
        return 2
    if kept:
        from revolt_table.ui.i18n import t
        from revolt_table.ui.scenes.confirm import saved_game_line

        line = saved_game_line() or "current_game.yaml"
        print(f"revolt-table play: {t('cli.saved_kept', game=line)}", file=sys.stderr)
        app.notify(t("save.kept", game=line))
    session.save()
    app.push(TableScene(app, session, autoquit=autoquit_requested(args)))
    return 0


# ------------------------------------------------------------------------------------------ screenshots

def capture(game: str, players: int | None, seed: int, moves: int, size: tuple[int, int], out: str, *,
            variant: str | None = None, moment: str | None = None, at: float = 0.5,
            seats: list[str] | None = None, appearance: dict | None = None) -> str:
    """Render the table after `moves` moves (AI plays every seat) and save a PNG at `out`.

    moment: also animate, and stop inside the beat of that name (deal, choose, reveal, fight, sweep,
    count, end_hold) once `at` of it has played; None renders the settled table.

    The same arguments give the same PNG (the README picture and CI compare them): moves come from
    rngs derived from seed and move index, frames advance by a fixed dt (so the pulses drawn from
    scene.time are the same), AI seats never think in a thread, and the picture never depends on the
    pointer: the display is always the headless dummy one (a real window would take the user's pointer
    and focus, and the window manager may resize it) and hover effects are off while drawing.
    """
    import pygame

    if not pygame.display.get_init():
        os.environ["SDL_VIDEODRIVER"] = "dummy"      # not setdefault: a desktop's x11/wayland would leak in
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from revolt_table.ui.table import widgets

    with widgets.no_pointer():
        return _capture(game, players, seed, moves, size, out, variant=variant, moment=moment, at=at,
                        seats=seats, appearance=appearance or {})


def _capture(game: str, players: int | None, seed: int, moves: int, size: tuple[int, int], out: str, *,
             variant: str | None, moment: str | None, at: float, seats: list[str] | None,
             appearance: dict) -> str:
    import pygame

    from revolt_table.ai.registry import make_agent
    from revolt_table.engine import load_rules
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session
    from revolt_table.services.userdata import Settings

    rules = load_rules(game, variant=variant)
    players = players or rules.default_players
    seats = seats or ["human"] + ["ai:normal"] * (players - 1)
    app = App(size=size, settings=Settings(animation_speed=0.0 if moment is None else 1.0, ai_pace=0.0,
                                           **appearance), save_settings=False)
    session = Session(rules, seats, _names(seats), match_seed=seed, ai_pace=0.0, save=False)
    scene = TableScene(app, session)
    scene.auto_ai = False
    scene.tips_allowed = False                   # a picture of the table, not of its first-game tips
    app.push(scene)
    helper = make_agent("ai:normal", rules)
    dt = 1 / 60

    def reached() -> bool:
        beat = scene.queue.current
        return beat is not None and beat.name == moment and beat.progress >= at

    def step() -> None:
        """One frame; a beat that waits for a click is clicked past once it has played (nobody is
        there to click), unless it is the moment asked for."""
        scene.update(dt)
        beat = scene.queue.current
        if beat is not None and beat.wait_for_click and beat.elapsed >= beat.length and not reached():
            scene.queue.skip()

    def settle() -> None:
        guard = 0
        while not scene.queue.idle and guard < 100000:
            step()
            guard += 1
        scene.update(0.0)

    if moment == "deal":
        scene.update(0.0)
        app.draw()
        while not reached() and not scene.queue.idle:
            step()
            app.draw()
    else:
        settle()
        played = 0
        while played < moves and not session.state.is_over:
            seat = session.state.to_act[0]
            agent = session.agents.get(seat, helper)
            move = agent.choose(session.state.view(seat), session.state.legal_moves(seat),
                                random.Random(seed * 7919 + played))
            events = session.apply(seat, move)
            scene._feed(seat, move, events)
            played += 1
            last = played >= moves or session.state.is_over
            if not (moment and last):
                settle()
        if moment:
            app.draw()
            guard = 0
            while not reached() and not scene.queue.idle and guard < 100000:
                step()
                app.draw()
                guard += 1
        else:
            settle()
    scene.update(0.0)
    app.draw()
    pygame.image.save(app.screen, out)
    session.close()
    return out


def _screenshot(args) -> int:
    from revolt_table.services import userdata
    from revolt_table.ui.look import appearance

    saved, _ = userdata.load_settings(set_aside_bad=False)   # the saved language and look, each overridable
    shown = appearance(saved, **{name: getattr(args, name, None)
                                 for name in ("language", "contrast", "grain", "temperature")})
    try:
        capture(args.game, getattr(args, "players", None), int(getattr(args, "seed", 1) or 1),
                int(getattr(args, "moves", 0) or 0), tuple(getattr(args, "size", (1280, 720))), args.out,
                variant=getattr(args, "variant", None), appearance=shown)
    except OSError as exc:
        from revolt_table.services.i18n import t
        from revolt_table.services.oserrors import os_reason

        print(f"revolt-table screenshot: {t('cli.cannot_write', file=args.out, reason=os_reason(exc))}",
              file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"revolt-table screenshot: {exc}", file=sys.stderr)
        return 2
    print(args.out)
    return 0
