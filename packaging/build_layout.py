"""Where a PyInstaller build of Revolt Table keeps its parts, on each platform.

Why one module: the smoke checks (.ci/smoke_exe.py), the release archives (packaging/make_release.py)
and their tests all need the same answers - which file to run, which one prints (on Windows the
windowed RevoltTable.exe has no console, its twin RevoltTable-cli.exe does), where the bundle root
(sys._MEIPASS: rules/, assets/, the licences) is, and what goes into the archive a player downloads.
Paths are built with pathlib only, so the same code runs on Windows, macOS and Linux.

    dist/RevoltTable/                    the one-folder build (every platform)
        RevoltTable[.exe]                the program (windowed on Windows and macOS)
        RevoltTable-cli.exe              Windows only: the same program with a console
        _internal/                       the bundle root
    dist/Revolt Table.app/               macOS only: the app players get
        Contents/MacOS/RevoltTable       the program
        Contents/Frameworks/             the bundle root (data files are links into Resources/)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

APP = "RevoltTable"                    # the executable's and the folder's name (build.spec: APP)
BUNDLE_NAME = "Revolt Table"           # the macOS app's name (build.spec: BUNDLE_NAME)
PLATFORMS = ("windows", "macos", "linux")


def current_platform(platform: str | None = None) -> str:
    """"windows", "macos" or "linux" for a sys.platform value (this interpreter's by default)."""
    platform = platform or sys.platform
    if platform == "win32":
        return "windows"
    if platform == "darwin":
        return "macos"
    return "linux"


@dataclass(frozen=True)
class Build:
    """One platform's build in a dist folder."""

    platform: str
    dist: Path

    @property
    def folder(self) -> Path:
        """The one-folder build."""
        return self.dist / APP

    @property
    def app(self) -> Path | None:
        """The macOS .app (None elsewhere)."""
        return self.dist / f"{BUNDLE_NAME}.app" if self.platform == "macos" else None

    @property
    def executable(self) -> Path:
        """The program players start."""
        if self.platform == "macos":
            return self.app / "Contents" / "MacOS" / APP
        return self.folder / (APP + ".exe" if self.platform == "windows" else APP)

    @property
    def console_executable(self) -> Path:
        """The program to run for commands that print (the console twin on Windows)."""
        if self.platform == "windows":
            return self.folder / f"{APP}-cli.exe"
        return self.executable

    @property
    def bundle_root(self) -> Path:
        """sys._MEIPASS of the shipped program: rules/, assets/, LICENSE, THIRD-PARTY-NOTICES."""
        if self.platform == "macos":
            return self.app / "Contents" / "Frameworks"
        internal = self.folder / "_internal"
        return internal if internal.is_dir() else self.folder

    @property
    def shipped(self) -> Path:
        """What the archive holds: the folder (Windows, Linux) or the .app (macOS)."""
        return self.app if self.platform == "macos" else self.folder

    @property
    def beside_executable(self) -> Path:
        """Where a player opening the download sees the licences next to the program."""
        if self.platform == "macos":
            return self.app / "Contents" / "Resources"
        return self.folder


def build_for(dist: Path | str, platform: str | None = None) -> Build:
    """The build of `platform` (this machine's by default) in the folder `dist`."""
    name = platform if platform in PLATFORMS else current_platform(platform)
    return Build(name, Path(dist))
