"""Render the application icon procedurally and save it as PNG, ICO (Windows) and ICNS (macOS).

Why procedural: no binary art to keep in sync and no image tool needed; pygame draws it, and the ICO
and ICNS containers are written by hand with PNG payloads (both formats accept PNG-compressed images:
ICO since Windows Vista, ICNS for the ic07..ic10 types), so no Pillow is required.

    python packaging/make_icons.py            # writes packaging/icons/revolt-table.{png,ico,icns}
    python packaging/make_icons.py --out DIR

The picture: two fanned cards on a round green felt token with a gold rim, a red one with a
big "!" in front of a blue one, still readable at 16x16.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
MASTER = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))

FELT = (28, 96, 60)
FELT_EDGE = (16, 60, 38)
GOLD = (232, 186, 74)
RED = (200, 48, 48)
BLUE = (46, 92, 190)
CARD = (250, 246, 236)


def _card(size: tuple[int, int], colour: tuple[int, int, int], mark: str) -> pygame.Surface:
    w, h = size
    card = pygame.Surface(size, pygame.SRCALPHA)
    radius = w // 8
    pygame.draw.rect(card, (0, 0, 0, 90), card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD, card.get_rect().inflate(-w // 40, -w // 40), border_radius=radius)
    inner = card.get_rect().inflate(-w // 6, -w // 6)
    pygame.draw.rect(card, colour, inner, border_radius=radius // 2)
    if mark == "bang":
        # a big "!" in the card colour's light tone: bar plus dot
        bar = pygame.Rect(0, 0, w // 6, int(h * 0.38))
        bar.midtop = (w // 2, int(h * 0.2))
        pygame.draw.rect(card, CARD, bar, border_radius=w // 14)
        pygame.draw.circle(card, CARD, (w // 2, int(h * 0.74)), w // 10)
    else:
        pygame.draw.circle(card, CARD, (w // 2, h // 2), w // 5)
        pygame.draw.circle(card, colour, (w // 2, h // 2), w // 9)
    return card


def render(size: int = MASTER) -> pygame.Surface:
    """The icon at `size` (drawn at 1024 and smoothly scaled, so every size matches)."""
    s = MASTER
    image = pygame.Surface((s, s), pygame.SRCALPHA)
    centre = (s // 2, s // 2)
    pygame.draw.circle(image, FELT_EDGE, centre, s // 2 - 4)
    pygame.draw.circle(image, GOLD, centre, s // 2 - 36)
    pygame.draw.circle(image, FELT, centre, s // 2 - 62)
    card_size = (int(s * 0.40), int(s * 0.56))
    back = pygame.transform.rotozoom(_card(card_size, BLUE, "ring"), 16, 1.0)
    front = pygame.transform.rotozoom(_card(card_size, RED, "bang"), -12, 1.0)
    image.blit(back, back.get_rect(center=(int(s * 0.42), int(s * 0.49))))
    image.blit(front, front.get_rect(center=(int(s * 0.58), int(s * 0.52))))
    if size == s:
        return image
    return pygame.transform.smoothscale(image, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG per size (ICONDIR + ICONDIRENTRY table + data)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    table, data = b"", b""
    for size in sizes:
        blob = pngs[size]
        dim = 0 if size >= 256 else size          # 0 means 256 in an ICO directory
        table += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset + len(data))
        data += blob
    return header + table + data


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file with PNG payloads for 128..1024 (big-endian type + length chunks)."""
    body = b""
    for kind, size in ICNS_TYPES:
        blob = pngs[size]
        body += kind + struct.pack(">I", 8 + len(blob)) + blob
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build(out: Path) -> list[Path]:
    """Write revolt-table.png (256), revolt-table-512.png, .ico and .icns into `out`."""
    pygame.display.init()          # no audio: only drawing is needed
    out.mkdir(parents=True, exist_ok=True)
    master = render()
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    pngs = {size: png_bytes(master if size == MASTER else pygame.transform.smoothscale(master, (size, size)))
            for size in sizes}
    written = []
    for name, blob in (("revolt-table.png", pngs[256]), ("revolt-table-512.png", pngs[512]),
                       ("revolt-table.ico", ico_bytes({s: pngs[s] for s in ICO_SIZES})),
                       ("revolt-table.icns", icns_bytes(pngs))):
        path = out / name
        path.write_bytes(blob)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "icons")
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
