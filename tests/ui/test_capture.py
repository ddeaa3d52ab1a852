"""`revolt-table screenshot` is reproducible: the same arguments give the same picture.

Why it matters: the README picture and CI compare captures, so nothing outside the arguments (the
pointer, a desktop's video driver, the hash seed, the process) may reach the pixels.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from revolt_table.ui.launch import capture

SIZE = (1024, 640)          # the smallest window size (smaller is clamped up)
REPO = Path(__file__).resolve().parents[2]


def pixels(path: Path) -> bytes:
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


@pytest.mark.parametrize("game,players,moves", [("revolte", 4, 12), ("doudizhu", 3, 8),
                                                ("revoltaaa", 4, 6), ("revolucion", 4, 6)])
def test_same_arguments_same_picture(table_home, tmp_path, game, players, moves):
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    capture(game, players, 3, moves, SIZE, str(first))
    capture(game, players, 3, moves, SIZE, str(second))
    assert pixels(first) == pixels(second)
    capture(game, players, 4, moves, SIZE, str(second))
    assert pixels(first) != pixels(second)          # the seed does reach the picture


def test_pointer_does_not_reach_the_picture(table_home, tmp_path, monkeypatch):
    """On a real display the pointer sits wherever the user left it: a capture ignores it (here it is
    put on the menu button, which lights up under a pointer)."""
    plain, pointed = tmp_path / "plain.png", tmp_path / "pointed.png"
    capture("revolte", 4, 3, 12, SIZE, str(plain))
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (SIZE[0] - 36, 36))
    capture("revolte", 4, 3, 12, SIZE, str(pointed))
    assert pixels(plain) == pixels(pointed)


def test_cli_capture_matches_across_processes(table_home, tmp_path):
    """Another process, another hash seed, a desktop's video driver in the environment: same picture."""
    inproc = tmp_path / "inproc.png"
    capture("revolte", 4, 3, 12, SIZE, str(inproc))
    out = tmp_path / "cli.png"
    env = dict(os.environ, PYTHONHASHSEED="123", SDL_VIDEODRIVER="x11", DISPLAY=":97",
               PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-m", "revolt_table", "screenshot", "revolte", "--players", "4",
                           "--seed", "3", "--moves", "12", "--size", f"{SIZE[0]}x{SIZE[1]}", "--out", str(out)],
                          env=env, cwd=str(REPO), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert pixels(out) == pixels(inproc)
