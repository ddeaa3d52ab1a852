"""The services behind About: the licence files found in a build, an install and the checkout, and
the file manager started without a shell, with a frozen build's library paths put back."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

from revolt_table.services import filemanager, notices

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------------------------- notices

def test_the_checkout_has_both_licence_files():
    found = notices.read_all()
    assert [n.name for n in found] == ["LICENSE", "THIRD-PARTY-NOTICES"]
    assert found[0].path == ROOT / "LICENSE" and found[0].text.startswith("MIT License")
    assert "Component: pygame-ce" in found[1].text


def test_a_frozen_build_reads_them_at_its_bundle_root(tmp_path, monkeypatch):
    (tmp_path / "LICENSE").write_text("bundled licence", encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert notices.read("LICENSE") == notices.Notice("LICENSE", "bundled licence", tmp_path / "LICENSE")


def test_an_install_reads_them_from_its_metadata(tmp_path, monkeypatch):
    """pip puts license-files in the dist-info; the lookup asks importlib.metadata for them."""
    licences = tmp_path / "revolt_table-1.0.dist-info" / "licenses"
    licences.mkdir(parents=True)
    (licences / "THIRD-PARTY-NOTICES").write_text("installed notices", encoding="utf-8")

    class File(type(Path())):
        def locate(self):
            return self

    distribution = types.SimpleNamespace(files=[File(licences / "THIRD-PARTY-NOTICES")])
    from importlib import metadata

    monkeypatch.setattr(metadata, "distribution", lambda name: distribution)
    monkeypatch.setattr(notices, "_PACKAGE_DIR", tmp_path / "site-packages" / "revolt_table")   # not a checkout
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    assert notices.read("THIRD-PARTY-NOTICES").text == "installed notices"
    assert notices.read("LICENSE") == notices.Notice("LICENSE", "", None)       # missing: said, not raised


def test_an_unreadable_file_gives_no_text(tmp_path, monkeypatch):
    (tmp_path / "LICENSE").mkdir()                                                 # a folder, not a file
    monkeypatch.setattr(notices, "candidates", lambda name: [tmp_path / name])
    assert notices.read("LICENSE").text == ""


# ---------------------------------------------------------------------------------------- file manager

@pytest.fixture
def popen(monkeypatch):
    calls = []

    def fake(args, **kwargs):
        calls.append((args, kwargs))
        return types.SimpleNamespace(poll=lambda: None)

    monkeypatch.setattr(subprocess, "Popen", fake)
    return calls


@pytest.mark.parametrize("platform, command", [("linux", "xdg-open"), ("darwin", "open")])
def test_the_opener_gets_the_path_as_one_argument_without_a_shell(tmp_path, popen, monkeypatch, platform, command):
    monkeypatch.setattr(sys, "platform", platform)
    folder = tmp_path / "with space; rm -rf ~"
    process = filemanager.open_folder(folder)
    assert folder.is_dir() and process is not None
    [(args, kwargs)] = popen
    assert args == [command, str(folder)] and not kwargs.get("shell")
    assert kwargs["start_new_session"] is True and kwargs["stdout"] == subprocess.DEVNULL


def test_windows_uses_startfile(tmp_path, monkeypatch, popen):
    started = []
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(filemanager.os, "startfile", started.append, raising=False)
    assert filemanager.open_folder(tmp_path / "x") is None
    assert started == [str(tmp_path / "x")] and popen == []
    assert filemanager.opener() == "startfile" and filemanager.available()


def test_no_opener_is_an_os_error(tmp_path, monkeypatch):
    def missing(args, **kwargs):
        raise FileNotFoundError(2, "No such file", args[0])

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(subprocess, "Popen", missing)
    with pytest.raises(OSError, match="no xdg-open on this system"):
        filemanager.open_folder(tmp_path)


def test_available_says_whether_there_is_one(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(filemanager.shutil, "which", lambda name: None)
    assert filemanager.opener() is None and not filemanager.available()
    monkeypatch.setattr(filemanager.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert filemanager.opener() == "xdg-open" and filemanager.available()


def test_a_frozen_build_gives_the_opener_the_systems_libraries(tmp_path, popen, monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/RevoltTable/_internal")
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/usr/local/lib")
    monkeypatch.setenv("DYLD_LIBRARY_PATH", "/bundle")
    monkeypatch.delenv("DYLD_LIBRARY_PATH_ORIG", raising=False)
    filemanager.open_folder(tmp_path)
    env = popen[0][1]["env"]
    assert env["LD_LIBRARY_PATH"] == "/usr/local/lib" and "LD_LIBRARY_PATH_ORIG" not in env
    assert "DYLD_LIBRARY_PATH" not in env


def test_from_source_the_environment_is_left_alone(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/mine")
    assert filemanager.system_environment()["LD_LIBRARY_PATH"] == "/mine"
