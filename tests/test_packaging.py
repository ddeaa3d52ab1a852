"""Packaging checks that run in seconds, without building anything.

Why: the PyInstaller build takes a minute and runs in .ci/build_exe.sh; these tests catch the usual
breakages earlier - resource lookup that only works from the source tree, a crash handler that itself
crashes, an entry script or spec that no longer parses, icons that are not what their name says.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The resource lookup is tested on a *copy* of services/resources.py loaded under a private name, so that
# its cache and sys._MEIPASS tricks cannot leak into the real module other tests use.


def _services(pkg: Path) -> Path:
    """The copy's services/ folder (resources.py lives there, one level under the package)."""
    (pkg / "services").mkdir(parents=True, exist_ok=True)
    return pkg / "services"


def _load_resources_copy(path: Path):
    spec = importlib.util.spec_from_file_location(f"_rt_resources_{abs(hash(path))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fake_tree(base: Path, *, rules: bool, assets: bool) -> None:
    if rules:
        (base / "rules").mkdir(parents=True)
        (base / "rules" / "x.yaml").write_text("id: x\n")
    if assets:
        (base / "assets" / "fonts").mkdir(parents=True)
        (base / "assets" / "fonts" / "f.ttf").write_bytes(b"\0")


# ---------------------------------------------------------------------------------- resource lookup

def test_resources_from_source_checkout():
    from revolt_table.services import resources

    assert resources.rules_dir() == ROOT / "rules"
    assert (resources.rules_dir() / "revoltaaa.yaml").is_file()
    assert resources.asset_path("fonts", "DejaVuSans.ttf").is_file()


def test_resources_from_installed_layout(tmp_path, monkeypatch):
    """pip install puts rules/ and assets/ inside the package (pyproject package-dir mapping)."""
    pkg = tmp_path / "site-packages" / "revolt_table"
    pkg.mkdir(parents=True)
    shutil.copy(ROOT / "revolt_table" / "services" / "resources.py", _services(pkg) / "resources.py")
    _fake_tree(pkg, rules=True, assets=True)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.chdir(tmp_path)                       # the working directory must not matter
    resources = _load_resources_copy(pkg / "services" / "resources.py")
    assert resources.rules_dir() == pkg / "rules"
    assert resources.asset_path("fonts", "f.ttf") == pkg / "assets" / "fonts" / "f.ttf"



def test_pip_install_ships_every_rules_and_asset_file():
    """`pip install .` copies only what pyproject's package-data globs name: every file under rules/
    and assets/ must match one (rules/translations/ was once left out, and an installed game spoke
    English in every language)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for package, folder in config["package-dir"].items():
        if package == "revolt_table":
            continue
        source = ROOT / folder
        shipped = {path for pattern in config["package-data"].get(package, []) for path in source.glob(pattern)}
        files = {path for path in source.rglob("*") if path.is_file() and "__pycache__" not in path.parts
                 and path.suffix != ".py"}
        assert files <= shipped, f"{folder}/ files pip would leave out: {sorted(str(p) for p in files - shipped)}"

def test_resources_from_frozen_bundle(tmp_path, monkeypatch):
    """PyInstaller: rules/ and assets/ at sys._MEIPASS win over anything beside the module."""
    bundle = tmp_path / "_internal"
    _fake_tree(bundle, rules=True, assets=True)
    pkg = bundle / "revolt_table"
    pkg.mkdir()
    shutil.copy(ROOT / "revolt_table" / "services" / "resources.py", _services(pkg) / "resources.py")
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.chdir(tmp_path)
    resources = _load_resources_copy(pkg / "services" / "resources.py")
    assert resources.rules_dir() == bundle / "rules"
    assert resources.assets_dir() == bundle / "assets"


def test_resources_missing_folder_is_a_clear_error(tmp_path, monkeypatch):
    pkg = tmp_path / "lonely" / "revolt_table"
    pkg.mkdir(parents=True)
    shutil.copy(ROOT / "revolt_table" / "services" / "resources.py", _services(pkg) / "resources.py")
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    resources = _load_resources_copy(pkg / "services" / "resources.py")
    with pytest.raises(FileNotFoundError, match="rules/"):
        resources.rules_dir()


# ------------------------------------------------------------------------------------ crash handler

def _raise_and_handle(crash, message="boom"):
    try:
        raise ValueError(message)
    except ValueError as exc:
        return crash.handle(type(exc), exc, exc.__traceback__, show_window=False)


def test_crash_handler_writes_readable_log(tmp_path, monkeypatch, capsys):
    from revolt_table import __version__
    from revolt_table.services import crash

    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    path = _raise_and_handle(crash, "the deck fell off the table")
    assert path is not None and path.parent == tmp_path / "logs"
    text = path.read_text(encoding="utf-8")
    assert "ValueError: the deck fell off the table" in text
    assert f"version:     {__version__}" in text
    assert "platform:" in text and "python:" in text
    assert "Traceback" in text and "_raise_and_handle" in text
    err = capsys.readouterr().err
    assert str(path) in err                       # the player is told where the log is


def test_crash_handler_never_raises(tmp_path, monkeypatch):
    """Unwritable log folder, no stderr, an exception whose str() fails: still no exception."""
    from revolt_table.services import crash

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("REVOLT_TABLE_HOME", str(blocker))    # logs/ cannot be created under a file
    monkeypatch.setattr(sys, "stderr", None)

    class Nasty(Exception):
        def __str__(self):
            raise RuntimeError("str failed")

    try:
        raise Nasty()
    except Nasty as exc:
        path = crash.handle(type(exc), exc, exc.__traceback__, show_window=False)
    # fell back to the temp folder (or nothing), but did not raise
    assert path is None or path.exists()
    if path is not None:
        path.unlink()


def test_run_guarded_exit_codes(tmp_path, monkeypatch):
    from revolt_table.services import crash

    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    monkeypatch.setenv(crash.NO_WINDOW_ENV, "1")
    assert crash.run_guarded(lambda: 0) == 0
    assert crash.run_guarded(lambda: 3) == 3
    assert crash.run_guarded(lambda: sys.exit(2)) == 2

    def interrupted():
        raise KeyboardInterrupt

    def broken():
        raise KeyError("x")

    assert crash.run_guarded(interrupted) == 130
    assert crash.run_guarded(broken) == 1
    assert len(list((tmp_path / "logs").glob("crash-*.log"))) == 1


def test_crash_logs_are_pruned(tmp_path, monkeypatch):
    from revolt_table.services import crash

    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(crash, "KEEP_LOGS", 3)
    monkeypatch.setattr(sys, "stderr", None)
    for i in range(5):
        _raise_and_handle(crash, f"crash {i}")
    assert len(list((tmp_path / "logs").glob("crash-*.log"))) == 3


def test_uncaught_exception_in_a_process_writes_log(tmp_path):
    """End to end: `python -m revolt_table` with the self-test switch exits 1 and leaves a log."""
    env = dict(os.environ, REVOLT_TABLE_HOME=str(tmp_path), REVOLT_TABLE_CRASH_SELFTEST="1",
               REVOLT_TABLE_NO_CRASH_WINDOW="1", SDL_VIDEODRIVER="dummy",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-m", "revolt_table"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    logs = list((tmp_path / "logs").glob("crash-*.log"))
    assert len(logs) == 1
    assert str(logs[0]) in proc.stderr
    assert "RuntimeError" in logs[0].read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- entry point and spec

def test_main_module_calls_freeze_support_first():
    """freeze_support() must run before the CLI (or anything heavy) is imported."""
    source = (ROOT / "revolt_table" / "__main__.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    guard = next(node for node in tree.body if isinstance(node, ast.If)
                 and "__main__" in ast.unparse(node.test))
    first = ast.unparse(guard.body[0])       # in a frozen build (the only place it acts), before all else
    assert first == ("if getattr(sys, 'frozen', False):\n    import multiprocessing\n"
                     "    multiprocessing.freeze_support()")
    assert "revolt_table.cli" in source and "main" in source


def test_python_m_revolt_table_runs_the_cli(tmp_path):
    env = dict(os.environ, REVOLT_TABLE_HOME=str(tmp_path),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-m", "revolt_table", "rules", "check",
                           str(ROOT / "rules" / "revoltaaa.yaml")],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "ok" in proc.stdout


def test_build_spec_parses_and_names_what_it_bundles():
    source = (ROOT / "build.spec").read_text(encoding="utf-8")
    ast.parse(source, filename="build.spec")
    for needle in ('tree("rules")', 'tree("assets")', "collect_submodules(\"revolt_table.games\")",
                   "collect_submodules(\"revolt_table.ai\")", "REVOLT_ONEFILE", "BUNDLE(", "COLLECT(",
                   '"tkinter"', '"numpy"', "console=not (IS_WIN or IS_MAC)"):
        assert needle in source, needle


def test_version_info_comes_from_the_package():
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import version_info
    finally:
        sys.path.pop(0)
    from revolt_table import __version__

    assert version_info.package_version() == __version__
    assert version_info.version_tuple("1.2.3rc1") == (1, 2, 3, 0)
    text = version_info.version_file_text()
    assert f"StringStruct('ProductVersion', '{__version__}')" in text
    ast.parse(text)                                # PyInstaller evaluates it as a Python expression


def test_icons_are_real_png_ico_icns():
    icons = ROOT / "packaging" / "icons"
    png = (icons / "revolt-table.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (256, 256)
    ico = (icons / "revolt-table.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    icns = (icons / "revolt-table.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)


def test_desktop_file_is_complete():
    text = (ROOT / "packaging" / "revolt-table.desktop").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    keys = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert keys["Type"] == "Application"
    assert keys["Icon"] == "revolt-table" and keys["Terminal"] == "false"
    assert keys["Exec"] and "Game" in keys["Categories"]


def test_pyproject_lists_every_package():
    """pyproject.toml names its packages one by one: a new subpackage missing there is missing from
    a `pip install` (the frozen build would still work, which is why this is checked separately)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts)
               for p in (ROOT / "revolt_table").rglob("__init__.py") if "__pycache__" not in p.parts}
    missing = sorted(on_disk - listed)
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {missing}"
