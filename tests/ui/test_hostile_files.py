"""The app with hostile or unlucky files and folders: it starts, says what is wrong, and plays on.

Headless, real events where a player would click. Cases: broken rules files in the player's rules
folder (New game, Rules, Start), a start that fails, saves and settings of the wrong shape, too big or
not regular files (a FIFO), and folders that cannot be used (a file where a folder should be, a
read-only folder).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest
from conftest import click, frames, right_arrow, scene_names

from revolt_table.services import userdata
from revolt_table.services.resources import rules_dir

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile"
VALID = (HOSTILE / "85_date_value.yaml").read_text(encoding="utf-8").replace("name: 2001-02-30", "name: House Rules")


HAS_FIFOS = hasattr(os, "mkfifo")                      # not on Windows
needs_fifos = pytest.mark.skipif(not HAS_FIFOS, reason="this system has no FIFOs")


@contextmanager
def deadline(seconds: int):
    """Fail instead of hanging (a FIFO opened for reading would block forever).

    Windows has no SIGALRM, and no FIFOs to hang on: there the block simply runs."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expired(signum, frame):
        raise TimeoutError(f"took more than {seconds} s")
    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def make_real_app(size=(1280, 720)):
    """An App on the bundled rules and the player's folders, with the table plugged in."""
    from revolt_table.ui import launch
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.title import TitleScene

    app = App(size=size)
    launch.install(app)
    app.push(TitleScene(app))
    frames(app, 2)
    return app


def user_rules(home: Path) -> Path:
    folder = home / "data" / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def make_unusual(path: Path, kind: str) -> None:
    """A FIFO, a 50 MB file (sparse: cheap to make, and it must never be read) or a folder at `path`."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "huge":
        path.write_bytes(b"volume: 10\n")
        os.truncate(path, 50 * 1024 * 1024)
    else:
        path.mkdir()


def toasts(app) -> str:
    return " | ".join(message for message, _ in app.toasts)


# ------------------------------------------------------------------------------ the player's rules

BROKEN_RULES = {
    "players_three": (VALID.replace("id: house", "id: players_three").replace("min: 3", "min: three"),
                      "players_three.yaml:4:16: expected a whole number, got text"),
    "binary": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary.yaml:1:1: the file is not UTF-8 text (byte 0x89); "
                                                       "a rules file is plain text"),
    "syntax": ("id: [unclosed\n", "syntax.yaml:2:1: YAML syntax error: expected ',' or ']', but got '<stream end>'"),
    "bomb": ((HOSTILE / "04_alias_bomb_9_9.yaml").read_text(), "bomb.yaml:1:5: anchors ('&a0') are not allowed"),
    "wrong_id": (VALID, "wrong_id.yaml: its id 'house' must be its file name 'wrong_id'; rename one of them"),
    "revoltaaa": (VALID.replace("id: house", "id: revoltaaa"), "revoltaaa.yaml: another game already has the id "
                                                               "'revoltaaa'"),
    "empty": ("", "empty.yaml:1:1: the file is empty"),
}


def write_rules(folder: Path, name: str, content: str | bytes) -> None:
    path = folder / f"{name}.yaml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))


@pytest.mark.parametrize("name", sorted(BROKEN_RULES))
def test_broken_custom_rules_listed_as_broken_and_cannot_start(fast_table, name):
    content, first = BROKEN_RULES[name]
    folder = user_rules(fast_table)
    write_rules(folder, name, content)
    (folder / "house.yaml").write_text(VALID, encoding="utf-8")
    app = make_real_app()
    click(app, app.top.button("new_game").rect.center)
    scene = app.top
    ids = [g.id for g in scene.games]
    assert ids[-1] == f"{name}.yaml" and "house" in ids       # the good one is playable, the broken one last
    while scene.setup.game_id != f"{name}.yaml":
        click(app, right_arrow(scene.widget("game")))
    shown = dict(scene.widget("game").options)[f"{name}.yaml"]
    assert shown == f"{name}.yaml (cannot be used)"
    assert scene._note().startswith(f"This rules file has a problem: {first}")
    assert not scene.widget("start").enabled
    click(app, scene.widget("start").rect.center)             # nothing happens, nothing crashes
    frames(app, 3)
    assert scene_names(app) == ["TitleScene", "NewGameScene"]
    click(app, scene.widget("rules").rect.center)             # the Rules page lists the problems
    frames(app, 3)
    assert scene_names(app) == ["TitleScene", "NewGameScene", "RulesPageScene"]
    texts = [block.text for block in app.top.text.blocks]
    assert "This rules file cannot be used" in texts and any(text.startswith(first) for text in texts)


def test_rules_screen_lists_every_file_and_never_crashes(fast_table):
    folder = user_rules(fast_table)
    for name, (content, _) in BROKEN_RULES.items():
        write_rules(folder, name, content)
    if HAS_FIFOS:
        make_unusual(folder / "pipe.yaml", "fifo")
    make_unusual(folder / "huge.yaml", "huge")
    with deadline(20):
        app = make_real_app()
        click(app, app.top.button("rules").rect.center)
        scene = app.top
        names = [button.text for button in scene.menu.widgets[:-1]]
    broken = sorted([*BROKEN_RULES, *(["pipe"] if HAS_FIFOS else []), "huge"])
    playable = ["Dou Dizhu", "RevoltaaA", "Revolución", "Révolte!"]
    assert names == playable + [f"{n}.yaml (cannot be used)" for n in broken]
    for button in scene.menu.widgets[:-1]:
        scene.open(next(g for g in scene.games if g.id == button.name))
        frames(app, 2)
        app.pop()
    problems = {g.name: g.problems[0] for g in scene.games if g.broken}
    pipe = "pipe.yaml:1:1: cannot read file: not a regular file (a pipe, a device or a socket)"
    assert not HAS_FIFOS or problems["pipe.yaml"] == pipe
    assert problems["huge.yaml"].startswith("huge.yaml:1:1: the file is larger than 1 MB (52,428,800 bytes)")


def test_a_valid_custom_rules_file_appears_in_new_game_and_starts(fast_table):
    (user_rules(fast_table) / "house.yaml").write_text(VALID, encoding="utf-8")
    app = make_real_app()
    click(app, app.top.button("new_game").rect.center)
    scene = app.top
    while scene.setup.game_id != "house":
        click(app, right_arrow(scene.widget("game")))
    assert dict(scene.widget("game").options)["house"] == "House Rules"
    click(app, scene.widget("start").rect.center)
    frames(app, 3)
    assert scene_names(app) == ["TableScene"]
    assert app.top.session.rules.id == "house"
    assert userdata.load_game_record()[0]["rules"] == "house"  # and Resume finds it again by its id


def test_a_start_that_fails_says_why_and_stays_on_the_setup(fast_table):
    folder = user_rules(fast_table)
    (folder / "house.yaml").write_text(VALID, encoding="utf-8")
    app = make_real_app()
    click(app, app.top.button("new_game").rect.center)
    scene = app.top
    while scene.setup.game_id != "house":
        click(app, right_arrow(scene.widget("game")))
    (folder / "house.yaml").unlink()                          # gone between the listing and Start
    click(app, scene.widget("start").rect.center)
    frames(app, 3)
    assert scene_names(app) == ["TitleScene", "NewGameScene"]
    assert "The game could not start: unknown game 'house'" in toasts(app)


def test_a_start_that_fails_after_clearing_the_scenes_returns_to_the_setup(fast_table):
    app = make_real_app()
    click(app, app.top.button("new_game").rect.center)
    scene = app.top

    def half_started(setup):
        while app.scenes:
            app.scenes.pop()
        raise RuntimeError("the table could not be built")

    app.start_game = half_started
    click(app, scene.widget("start").rect.center)
    frames(app, 3)
    assert scene_names(app) == ["TitleScene", "NewGameScene"] and app.top is scene
    assert "The game could not start: the table could not be built" in toasts(app)


# ------------------------------------------------------------------------------ saves

GOOD_RECORD = {"rules": "revoltaaa", "variant": "", "players": 3, "seed": 5, "start_seat": 0, "moves": [],
               "seats": ["human", "ai:normal", "ai:normal"], "names": ["You", "Anna", "Ben"],
               "match": {"seed": 5, "games": 3, "results": [], "notes": []}}

# each bad save, and where the message points (the field's line in the file, as userdata writes it)
BAD_SAVES = {
    "names_not_text": ({**GOOD_RECORD, "names": [1, 2, 3]}, "current_game.yaml:"),
    "names_too_long": ({**GOOD_RECORD, "names": ["You", "A" * 500, "Ben"]}, "current_game.yaml:"),
    "name_with_newline": ({**GOOD_RECORD, "names": ["You", "An\nna", "Ben"]}, "current_game.yaml:"),
    "seats_unknown": ({**GOOD_RECORD, "seats": ["human", "robot", "ai:normal"]}, "current_game.yaml:"),
    "seats_too_few": ({**GOOD_RECORD, "seats": ["human"]}, "current_game.yaml:"),
    "moves_wrong_shape": ({**GOOD_RECORD, "moves": ["R3", "B0"]}, "current_game.yaml:"),
    "move_seat_out_of_range": ({**GOOD_RECORD, "moves": [[7, "R3"]]}, "current_game.yaml:"),
    "players_huge": ({**GOOD_RECORD, "players": 10**12}, "current_game.yaml:"),
    "match_not_a_mapping": ({**GOOD_RECORD, "match": "all of them"}, "current_game.yaml:"),
    "no_moves": ({k: v for k, v in GOOD_RECORD.items() if k != "moves"}, "current_game.yaml:1:1"),
    "illegal_move": ({**GOOD_RECORD, "moves": [[0, "R9"]]}, "move 1 (R9) is not allowed"),
    "unknown_game": ({**GOOD_RECORD, "rules": "nosuchgame"}, "the rules of nosuchgame cannot be loaded"),
}


@pytest.mark.parametrize("case", sorted(BAD_SAVES))
def test_bad_save_is_set_aside_at_start_and_never_offered(fast_table, case):
    """A save that cannot be resumed is found at start-up (read, checked, replayed), set aside with one
    sentence that says why, and Resume is not offered for it (issue 28: it used to be offered, and
    an empty one did nothing)."""
    record, expected = BAD_SAVES[case]
    userdata.save_game_record(record)
    app = make_real_app()
    assert not any(w.name == "resume" for w in app.top.menu.widgets)
    said = toasts(app)
    assert said.startswith("Your saved game could not be resumed (") and expected in said
    assert "; the file as it was is kept as current_game.yaml.corrupt-" in said
    assert not userdata.save_path().exists()
    assert len(list(userdata.save_path().parent.glob("current_game.yaml.corrupt-*"))) == 1
    assert not app.has_saved_game()


def test_an_empty_save_is_said_at_start_not_offered(fast_table):
    userdata.save_path().write_text("")
    app = make_real_app()
    assert not any(w.name == "resume" for w in app.top.menu.widgets)
    assert "Your saved game could not be resumed (the file is empty); the file as it was is kept as " in toasts(app)
    assert not userdata.save_path().exists()


def test_a_save_that_goes_bad_after_start_is_said_on_resume(fast_table):
    """Resume checks again: a save spoiled while the title was up is set aside and said, never a crash."""
    userdata.save_game_record(GOOD_RECORD)
    app = make_real_app()
    userdata.save_path().write_text("")
    click(app, app.top.button("resume").rect.center)
    frames(app, 3)
    assert scene_names(app) == ["TitleScene"]
    assert "Your saved game could not be resumed (the file is empty)" in toasts(app)
    assert not app.has_saved_game() and not any(w.name == "resume" for w in app.top.menu.widgets)


def test_good_save_resumes(fast_table):
    userdata.save_game_record(GOOD_RECORD)
    app = make_real_app()
    click(app, app.top.button("resume").rect.center)
    frames(app, 3)
    assert scene_names(app) == ["TableScene"] and app.top.session.names == ["You", "Anna", "Ben"]


@pytest.mark.parametrize("kind, reason", [pytest.param("fifo", "it is not a regular file", marks=needs_fifos),
                                          ("huge", "it is larger than 512 KB"),
                                          ("folder", "it is not a regular file"),
                                          ("alias_bomb", "it cannot be read at current_game.yaml:1:5")])
def test_save_that_is_not_a_small_regular_file_is_set_aside_unread(fast_table, kind, reason):
    path = userdata.save_path()
    if kind == "alias_bomb":
        path.write_text((HOSTILE / "04_alias_bomb_9_9.yaml").read_text())
    else:
        make_unusual(path, kind)
    with deadline(20):
        started = time.process_time()   # CPU seconds: a busy machine must not fail it (deadline() catches hangs)
        app = make_real_app()
        assert time.process_time() - started < 4.0
    assert scene_names(app) == ["TitleScene"] and f"could not be resumed ({reason})" in toasts(app)
    assert not os.path.lexists(path)
    assert not app.has_saved_game()


# ------------------------------------------------------------------------------ settings

def settings_file(text: str | bytes) -> Path:
    path = userdata.settings_path()
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


@pytest.mark.parametrize("text, fields", [
    ("volume: 40\nlast_setup: {names: [1, 2, 3]}\n", ["last_setup"]),
    ("volume: 40\nlast_setup: {names: [" + "x" * 300 + "]}\n", ["last_setup"]),
    ("volume: 40\nwindow_size: [big, small]\n", ["window_size"]),
    ("volume: 40\nlanguage: [en]\n", ["language"]),
    ("volume: 40\ncontrast: 1e9\n", ["contrast"]),
    ("volume: 40\ntext_size: enormous\n", ["text_size"]),
    ("volume: 40\nfullscreen: &a yes\ngrain: *a\n", ["fullscreen", "grain"]),
    ("volume: 40\ngrain: .nan\ncontrast: !!int 3\nai_pace: 1234567890123456789\n", ["ai_pace", "contrast", "grain"]),
])
def test_bad_settings_field_keeps_the_others_and_sets_the_file_aside(home, make_app, text, fields):
    settings_file(text)
    app = make_app()
    frames(app, 2)
    order = [name for name in userdata.SETTINGS_FIELDS if name in fields]
    assert (f"Some settings could not be used and are back to their defaults: {', '.join(order)}. Your other "
            "settings are kept; the file as it was is kept as settings.yaml.corrupt-") in toasts(app)
    assert app.settings.volume == 40                           # the good field survives, the bad ones are default
    for field in fields:
        assert getattr(app.settings, field) == getattr(userdata.Settings(), field)
    assert len(list(userdata.settings_path().parent.glob("settings.yaml.corrupt-*"))) == 1
    assert userdata.load_settings()[1] is None                 # what was kept is a good file again


@pytest.mark.parametrize("kind", [pytest.param("fifo", marks=needs_fifos), "huge", "folder"])
def test_settings_that_are_not_a_small_regular_file_are_set_aside_unread(home, make_app, kind):
    path = userdata.settings_path()
    make_unusual(path, kind)
    with deadline(20):
        started = time.process_time()   # CPU seconds: a busy machine must not fail it (deadline() catches hangs)
        app = make_app()
        frames(app, 2)
        assert time.process_time() - started < 2.0
    reason = "it is larger than 64 KB" if kind == "huge" else "it is not a regular file"
    assert f"Your settings file could not be read ({reason}), so the settings are back to their defaults" in toasts(app)
    assert app.settings.volume == userdata.Settings().volume
    aside = list(path.parent.glob("settings.yaml.corrupt-*"))
    assert len(aside) == 1 and (kind != "huge" or aside[0].stat().st_size == 50 * 1024 * 1024)
    assert path.is_file()                                      # good settings were written in its place


# ------------------------------------------------------------------------------ folders

def start_a_game(app) -> None:
    click(app, app.top.button("new_game").rect.center)
    click(app, app.top.widget("start").rect.center)
    frames(app, 3)
    assert scene_names(app) == ["TableScene"]
    session = app.top.session
    seat = session.humans[0]
    while seat not in session.state.to_act:
        session.play_ai_now()
    session.apply(seat, session.state.legal_moves(seat)[0])   # a move: the save is attempted


@pytest.mark.parametrize("where", ["home", "config", "data"])
def test_a_file_where_a_folder_should_be(fast_table, where):
    target = fast_table if where == "home" else fast_table / where
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("I am a file, not a folder\n")
    app = make_real_app()                                      # starts: the title is up
    assert scene_names(app) == ["TitleScene"]
    said = toasts(app)
    if where in ("home", "config"):
        assert "Settings cannot be saved in" in said
        click(app, app.top.button("settings").rect.center)
        click(app, right_arrow(app.top.widget("animation_speed")))   # a change: saving is off, no error
        app.pop()
    if where in ("home", "data"):
        assert "Games cannot be saved in" in said and not app.has_saved_game()
    start_a_game(app)                                          # and plays without saving
    frames(app, 5)
    assert target.is_file() and target.read_text() == "I am a file, not a folder\n"


def _running_as_root() -> bool:
    return getattr(os, "geteuid", lambda: -1)() == 0      # Windows has no euid (and no root)


def _make_read_only(folder: Path) -> bool:
    """chmod, and chattr +i when running as root (root ignores permissions); True if it worked.

    (On Windows a folder's read-only mode does not stop writes into it: the probe says so.)"""
    folder.chmod(0o555)
    if _running_as_root() and shutil.which("chattr"):
        subprocess.run(["chattr", "+i", str(folder)], capture_output=True)
    try:
        (folder / ".probe").write_text("x")
    except OSError:
        return True
    (folder / ".probe").unlink()
    return False


def _make_writable(folder: Path) -> None:
    if _running_as_root() and shutil.which("chattr"):
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
    folder.chmod(0o755)


def test_read_only_folders(fast_table):
    config, data = userdata.config_dir(), userdata.data_dir()
    userdata.save_settings(userdata.Settings(volume=33))
    try:
        if not (_make_read_only(config) and _make_read_only(data)):
            pytest.skip("this file system cannot make a folder read-only here")
        app = make_real_app()
        said = toasts(app)
        assert "Settings cannot be saved in" in said and "Games cannot be saved in" in said
        assert app.settings.volume == 33                        # still read
        start_a_game(app)
        frames(app, 5)
        assert app.top.session.save_error                       # tried, failed quietly, play goes on
    finally:
        _make_writable(config)
        _make_writable(data)


def test_settings_button_opens_the_rules_folder(home, make_app, monkeypatch):
    from revolt_table.ui.scenes.settings import SettingsScene

    opened = []
    monkeypatch.setattr(userdata, "open_in_file_manager", opened.append)
    app = make_app()
    app.push(SettingsScene(app))
    frames(app, 2)
    click(app, app.top.widget("rules_folder").rect.center)
    assert opened == [home / "data" / "rules"]


def test_settings_says_where_the_folder_is_when_it_cannot_open_it(home, make_app, monkeypatch):
    from revolt_table.ui.scenes.settings import SettingsScene

    def fail(path):
        raise OSError("no xdg-open on this system")

    monkeypatch.setattr(userdata, "open_in_file_manager", fail)
    app = make_app()
    app.push(SettingsScene(app))
    click(app, app.top.widget("rules_folder").rect.center)
    assert f"You will find it here: {home / 'data' / 'rules'}" in toasts(app)


@pytest.mark.parametrize("platform, command", [("linux", "xdg-open"), ("darwin", "open")])
def test_open_in_file_manager_runs_the_platform_opener(tmp_path, monkeypatch, platform, command):
    # Windows' os.startfile is tested in test_about_services; here the platform is set, so nothing opens.
    calls = []
    monkeypatch.setattr("sys.platform", platform)
    monkeypatch.setattr(subprocess, "Popen", lambda args, **kw: calls.append(args))
    userdata.open_in_file_manager(tmp_path / "rules")
    assert (tmp_path / "rules").is_dir()
    assert calls == [[command, str(tmp_path / "rules")]]


def test_bundled_rules_folder_is_never_the_players(home):
    assert userdata.user_rules_dir(create=False) != rules_dir()
    pygame.quit()


def test_a_crowded_rules_folder_costs_a_bounded_time(home, monkeypatch):
    """Many files: at most MAX_OWN_FILES read, and checking stops at the budget (the rest waits)."""
    from revolt_table.ui import catalog

    folder = user_rules(home)
    for i in range(catalog.MAX_OWN_FILES + 20):
        (folder / f"g{i:03d}.yaml").write_text(VALID.replace("id: house", f"id: g{i:03d}"))
    # A clock of our own: each file checked anew costs 10 ms of it, so a 0.3 s budget checks about 30
    # files per listing on any machine (a fast one used to check all 100 inside the real budget).
    clock = [0.0]
    real_check = catalog.check_file

    def slow_check(path):
        clock[0] += 0 if path in catalog._checked else 0.01      # a cached file costs nothing
        return real_check(path)

    monkeypatch.setattr(catalog, "check_file", slow_check)
    monkeypatch.setattr(catalog, "_now", lambda: clock[0])
    monkeypatch.setattr(catalog, "CHECK_SECONDS", 0.3)
    catalog._checked.clear()
    games = catalog.load_catalog(own=True)
    own = [g for g in games if g.own]
    assert len(own) == catalog.MAX_OWN_FILES + 1
    left_out = [g for g in own if g.path == folder]              # the files past the limit: said, not hidden
    assert [(g.name, g.problems) for g in left_out] == [(
        "20 more files", [f"your rules folder holds more than {catalog.MAX_OWN_FILES} files: only the first "
                          f"{catalog.MAX_OWN_FILES} by name are read, so 20 files from g100.yaml on are not. "
                          "Move some files elsewhere."])]
    own = [g for g in own if g.path != folder]
    waiting = [g for g in own if g.broken]
    assert waiting and all(g.problems == [f"{g.name}: not checked yet (many or large files in the folder); "
                                          "open this screen again"] for g in waiting)
    for _ in range(40):                                        # each listing checks some more
        if [g.path for g in catalog.load_catalog(own=True) if g.broken] == [folder]:
            break
    assert [g.path for g in catalog.load_catalog(own=True) if g.broken] == [folder]


def test_rules_files_past_the_limit_are_listed_in_new_game_as_not_read(fast_table):
    from revolt_table.ui import catalog

    folder = user_rules(fast_table)
    for i in range(catalog.MAX_OWN_FILES + 1):
        (folder / f"g{i:03d}.yaml").write_text(VALID.replace("id: house", f"id: g{i:03d}"))
    app = make_real_app()
    click(app, app.top.button("new_game").rect.center)
    scene = app.top
    names = dict(scene.widget("game").options)
    assert "g099" in names and "g100" not in names
    entry = next(g for g in scene.games if g.path == folder)
    assert names[entry.id] == "1 more file (cannot be used)"
    while scene.setup.game_id != entry.id:
        click(app, right_arrow(scene.widget("game")))
    assert "only the first 100 by name are read, so g100.yaml is not" in scene._note()
    assert not scene.widget("start").enabled


@needs_fifos
def test_a_fifo_in_place_of_a_rules_translation_is_refused_unread(home):
    from revolt_table import rulebook

    folder = user_rules(home)
    (folder / "house.yaml").write_text(VALID, encoding="utf-8")
    path = rulebook.translation_path(folder / "house.yaml", "house", "de")
    path.parent.mkdir()
    make_unusual(path, "fifo")
    with deadline(10):
        assert rulebook._read(path) is None
        assert rulebook.load(folder / "house.yaml", "de").name == "House Rules"    # English where missing


def test_a_game_played_from_a_file_resumes_from_that_file(home, tmp_path):
    """`revolt-table play some/where/house.yaml`: the save keeps the file's path (its id names no file in
    the rules folders), so Resume finds it; a game found by its id saves only the id."""
    from revolt_table.services import userdata
    from revolt_table.engine import load_rules
    from revolt_table.ui.session import Session

    path = tmp_path / "elsewhere" / "house.yaml"
    path.parent.mkdir()
    path.write_text(VALID, encoding="utf-8")
    session = Session(load_rules(path), ["ai:normal"] * 3, None, match_seed=4, games=1, ai_pace=0.0)
    session.apply(*_first_legal(session))
    record, warning = userdata.load_game_record()
    assert warning is None and record["rules"] == "house" and record["rules_file"] == str(path)
    again = Session.from_record(record, ai_pace=0.0, save=False)
    assert again.rules.path == path and again.state.history == session.state.history
    session.close(), again.close()

    bundled = Session(load_rules("revoltaaa"), ["ai:normal"] * 3, None, match_seed=4, games=1, ai_pace=0.0)
    assert "rules_file" not in bundled.record()
    bundled.close()


def _first_legal(session):
    seat = session.state.to_act[0]
    return seat, session.state.legal_moves(seat)[0]
