"""Is every bundled library and font named in THIRD-PARTY-NOTICES?

Why: a build ships whatever pygame-ce's wheel and Python bring along, and a new version of either can
bring a library nobody listed, whose licence the build would then ship without. Each section of
THIRD-PARTY-NOTICES has a "Files:" line of patterns; this module lists the shared libraries, the
executables and the fonts in a build (or in an installed environment) and reports those no pattern
names. .ci/smoke_exe.py runs it on every platform's build, tests/test_release.py on the installed
wheels here.

Patterns are matched case-insensitively (Windows file names): one without "/" against the file's
name wherever it lies; one with "/" against its path under the bundle root; one starting with "./"
only at the bundle root itself.

    python packaging/bundle_notices.py BUNDLE_ROOT [EXECUTABLE...]   # what is not covered; exit 1 if any
"""

from __future__ import annotations

import fnmatch
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
NOTICES = ROOT / "THIRD-PARTY-NOTICES"
LIBRARY_SUFFIXES = (".so", ".dll", ".dylib", ".pyd")
FONT_SUFFIXES = (".ttf", ".otf")
EXECUTABLES = ("revolttable", "revolttable.exe", "revolttable-cli.exe")


@dataclass(frozen=True)
class Component:
    name: str
    patterns: tuple[str, ...]


def components(text: str) -> list[Component]:
    """The sections of a notices text: each "Component:" line and the "Files:" line after it."""
    out: list[Component] = []
    name = None
    for line in text.splitlines():
        if line.startswith("Component:"):
            name = line.partition(":")[2].strip()
        elif line.startswith("Files:") and name is not None:
            patterns = line.partition(":")[2].split()
            out.append(Component(name, tuple(p for p in patterns if p != "-")))   # "-": no files of its own
            name = None
    return out


def matches(pattern: str, relative: PurePosixPath) -> bool:
    """Does `pattern` name the file at `relative` (its path under the bundle root)?"""
    pattern = pattern.lower()
    path = relative.as_posix().lower()
    if pattern.startswith("./"):
        return len(relative.parts) == 1 and fnmatch.fnmatchcase(path, pattern[2:])
    if "/" in pattern:
        return fnmatch.fnmatchcase(path, pattern)
    return fnmatch.fnmatchcase(relative.name.lower(), pattern)


def is_library(name: str) -> bool:
    lower = name.lower()
    return lower.endswith(LIBRARY_SUFFIXES) or ".so." in lower or name == "Python"


def shipped_files(root: Path) -> list[PurePosixPath]:
    """The libraries, fonts and executables under `root`, as paths relative to it."""
    out = []
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        name = path.name
        if is_library(name) or name.lower().endswith(FONT_SUFFIXES) or name.lower() in EXECUTABLES:
            out.append(PurePosixPath(*path.relative_to(root).parts))
    return out


def uncovered(files: list[PurePosixPath], listed: list[Component]) -> list[PurePosixPath]:
    """The files no component's pattern names."""
    return [f for f in files if not any(matches(p, f) for c in listed for p in c.patterns)]


def check(bundle_root: Path, executables: tuple[Path, ...] = (), notices: Path = NOTICES) -> list[str]:
    """What a build ships that THIRD-PARTY-NOTICES does not name: the libraries and fonts under its
    bundle root (paths relative to it) and its executables (by name)."""
    listed = components(notices.read_text(encoding="utf-8"))
    files = shipped_files(bundle_root) + [PurePosixPath(path.name) for path in executables]
    return [path.as_posix() for path in uncovered(files, listed)]


if __name__ == "__main__":
    missing = check(Path(sys.argv[1]), tuple(Path(arg) for arg in sys.argv[2:]))
    for line in missing:
        print(f"not in THIRD-PARTY-NOTICES: {line}")
    sys.exit(1 if missing else 0)
