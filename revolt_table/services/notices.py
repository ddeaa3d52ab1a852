"""The program's licence (LICENSE) and the bundled parts' licences (THIRD-PARTY-NOTICES), for About.

Why a lookup of its own: the two files live at the top of the repository, and a copy of the program
finds them in a different place in each way it runs: a PyInstaller build carries them at its bundle
root (sys._MEIPASS, beside rules/ and assets/: build.spec puts them there), `pip install` puts them in
the distribution's metadata (pyproject's license-files), and a source checkout has them beside the
package. A file that cannot be found or read is reported as missing, never raised: About says so.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

LICENSE = "LICENSE"
THIRD_PARTY = "THIRD-PARTY-NOTICES"
FILES: tuple[str, ...] = (LICENSE, THIRD_PARTY)
DISTRIBUTION = "revolt-table"
_PACKAGE_DIR = Path(__file__).resolve().parent.parent        # revolt_table/ (this file is in services/)


@dataclass(frozen=True)
class Notice:
    """One licence file: its name, its text ("" when missing) and where it was found (None: nowhere)."""

    name: str
    text: str
    path: Path | None


def _installed(name: str) -> Path | None:
    """The file as `pip install` left it in the distribution's metadata (…dist-info/licenses/NAME)."""
    try:
        from importlib import metadata

        files = metadata.distribution(DISTRIBUTION).files or []
    except Exception:  # noqa: BLE001 - no metadata at all (frozen, source tree): simply not found here
        return None
    for file in files:
        if file.name == name:
            return Path(str(file.locate()))
    return None


def candidates(name: str) -> list[Path]:
    """Where a copy of the program keeps `name`, most specific first."""
    out = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        out.append(Path(frozen_root) / name)
    checkout = _PACKAGE_DIR.parent
    if (checkout / "pyproject.toml").is_file():              # a source checkout (not site-packages)
        out.append(checkout / name)
    installed = _installed(name)
    if installed is not None:
        out.append(installed)
    return out


def find(name: str) -> Path | None:
    """The first existing copy of licence file `name`, or None."""
    return next((path for path in candidates(name) if path.is_file()), None)


def read(name: str) -> Notice:
    """Licence file `name` as text (UTF-8); an unreadable or missing file gives text ""."""
    path = find(name)
    if path is None:
        return Notice(name, "", None)
    try:
        return Notice(name, path.read_text(encoding="utf-8", errors="replace"), path)
    except OSError:
        return Notice(name, "", path)


def read_all() -> list[Notice]:
    """LICENSE, then THIRD-PARTY-NOTICES."""
    return [read(name) for name in FILES]
