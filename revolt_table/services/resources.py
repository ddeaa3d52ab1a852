"""Find the bundled rules/ and assets/ folders the same way from source, installed and frozen.

Why one function: the program runs from a git checkout (folders beside the package), from a
`pip install .` (folders inside the package) and from a PyInstaller build (folders under
sys._MEIPASS). Every caller asks here, so no path is ever built relative to the working directory.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent   # revolt_table/, this file is in services/


@cache
def resource_dir(name: str) -> Path:
    """Return the folder `name` ("rules" or "assets"), wherever this copy of the program keeps it."""
    candidates = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root) / name)
    candidates.append(_PACKAGE_DIR / name)          # installed: revolt_table/rules
    candidates.append(_PACKAGE_DIR.parent / name)   # source checkout: ./rules beside revolt_table/
    for path in candidates:
        if path.is_dir():
            return path
    raise FileNotFoundError(f"cannot find the {name}/ folder (looked in {', '.join(map(str, candidates))})")


def rules_dir() -> Path:
    return resource_dir("rules")


def assets_dir() -> Path:
    return resource_dir("assets")


def asset_path(*parts: str) -> Path:
    """Path of a file under assets/, e.g. asset_path("fonts", "DejaVuSans.ttf")."""
    return assets_dir().joinpath(*parts)
