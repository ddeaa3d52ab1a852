"""Regenerate the Chinese font shipped in assets/fonts/ from Noto Sans CJK SC (SIL Open Font License).

Why a subset: the full Simplified Chinese face is 16 MB per weight; the game needs the characters its
texts use plus a common set for names players type, about 1 MB per weight. Run this whenever a text
gains a character the subset lacks (tests/test_glyphs.py fails and says so):

    apt-get install fonts-noto-cjk          # Debian/Ubuntu: the source fonts (or pass --regular/--bold)
    python tools/subset_cjk_font.py

Characters kept: every character of every shipped text (assets/locale/*.yaml, rules/*.yaml and
rules/translations/*.yaml) that the source font has, the 6,763 hanzi of GB 2312 (its level 1 is the
usual list of 3,755 common characters; computed from Python's gb2312 codec: nothing to download), CJK
punctuation and full-width forms. The family is renamed (a modified font does not carry the original
name); copyright and licence stay in the font and in NotoSansCJK-LICENSE.txt beside it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
DEBIAN = Path("/usr/share/fonts/opentype/noto")
FACE = "Noto Sans CJK SC"
FAMILY = "Revolt Table CJK"
OUTPUTS = {"regular": "RevoltTableCJK-Regular.otf", "bold": "RevoltTableCJK-Bold.otf"}


def gb2312_hanzi() -> set[str]:
    """The 6,763 hanzi of GB 2312: level 1 (rows 16-55, the 3,755 most common characters) and level 2
    (rows 56-87). Taking both costs about 0.7 MB per weight and means a new sentence almost never
    needs the font regenerated."""
    chars = set()
    for row in range(0xB0, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(bytes((row, cell)).decode("gb2312"))
            except UnicodeDecodeError:
                continue            # row 55 ends early; a few cells are empty
    return chars


def shipped_text_chars(root: Path = ROOT) -> set[str]:
    """Every character in the shipped texts: locale files and rules files with their translations."""
    chars: set[str] = set()
    paths = list((root / "assets" / "locale").glob("*.yaml")) + list((root / "rules").rglob("*.yaml"))
    for path in paths:
        chars |= set(path.read_text(encoding="utf-8"))
    return chars


def wanted_chars(root: Path = ROOT) -> set[str]:
    extra = {chr(c) for c in range(0x3000, 0x3040)} | {chr(c) for c in range(0xFF01, 0xFF5F)}
    return {c for c in gb2312_hanzi() | shipped_text_chars(root) | extra if not c.isspace() or c == "\u3000"}


def _open_face(path: Path):
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for number, face in enumerate(TTCollection(str(path), lazy=True).fonts):
            if face["name"].getDebugName(4) in (FACE, FACE + " Bold") or face["name"].getDebugName(1) == FACE:
                return TTFont(str(path), fontNumber=number)
        raise SystemExit(f"{path}: no '{FACE}' face in this collection")
    return TTFont(str(path))


def subset(source: Path, out: Path, chars: set[str], weight: str) -> int:
    """Write the subset of `source` to `out`; returns how many characters it maps."""
    from fontTools import subset as ft_subset

    font = _open_face(source)
    cmap = font.getBestCmap()
    codepoints = sorted(ord(c) for c in chars if ord(c) in cmap)
    options = ft_subset.Options()
    options.layout_features = []                    # SDL_ttf does no shaping: GSUB/GPOS are dead weight
    options.drop_tables += ["vhea", "vmtx", "VORG", "BASE", "GSUB", "GPOS", "GDEF"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.notdef_outline = True
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    style = "Bold" if weight == "bold" else "Regular"
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4, 6, 16, 17, 3):
            names.removeNames(nameID=record.nameID)
    names.setName(FAMILY, 1, 3, 1, 0x409)
    names.setName(style, 2, 3, 1, 0x409)
    names.setName(f"{FAMILY} {style}; subset of {FACE}", 3, 3, 1, 0x409)
    names.setName(f"{FAMILY} {style}", 4, 3, 1, 0x409)
    names.setName(f"RevoltTableCJK-{style}", 6, 3, 1, 0x409)
    if "CFF " in font:                              # the PostScript name inside the CFF table too
        cff = font["CFF "].cff
        cff.fontNames = [f"RevoltTableCJK-{style}"]
    font.recalcTimestamp = False                  # same input, same bytes
    font.save(str(out))
    return len(codepoints)


def write_licence(source: Path) -> None:
    """The OFL text and the original copyright, as the licence asks for every copy."""
    from fontTools.ttLib import TTFont  # noqa: F401 - same dependency as subset()

    face = _open_face(source)
    copyright_line = face["name"].getDebugName(0) or "© 2014-2021 Adobe (http://www.adobe.com/)."
    debian = Path("/usr/share/doc/fonts-noto-cjk/copyright")
    licence = ""
    if debian.exists():
        text = debian.read_text(encoding="utf-8")
        start = text.find("License: SIL-1.1\n -")
        end = text.find("License: GPL-3+", start)
        if start >= 0:
            body = text[start + len("License: SIL-1.1\n"):end if end > 0 else None]
            licence = "\n".join(line[1:] if line.startswith(" ") else line for line in body.splitlines())
            licence = licence.replace("\n.\n", "\n\n").rstrip() + "\n"
    if not licence:
        licence = "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007: https://openfontlicense.org\n"
    (FONTS / "NotoSansCJK-LICENSE.txt").write_text(
        f"{OUTPUTS['regular']} and {OUTPUTS['bold']} are subsets of {FACE} (Noto CJK fonts by Google\n"
        f"and Adobe), made by tools/subset_cjk_font.py and renamed \"{FAMILY}\" as the licence asks of a\n"
        f"modified version. Noto is a trademark of Google Inc.\n\n{copyright_line}\n\n{licence}",
        encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regular", type=Path, default=DEBIAN / "NotoSansCJK-Regular.ttc")
    parser.add_argument("--bold", type=Path, default=DEBIAN / "NotoSansCJK-Bold.ttc")
    args = parser.parse_args(argv)
    for path in (args.regular, args.bold):
        if not path.exists():
            print(f"{path} not found: apt-get install fonts-noto-cjk, or pass --regular/--bold", file=sys.stderr)
            return 2
    chars = wanted_chars()
    for weight, source in (("regular", args.regular), ("bold", args.bold)):
        out = FONTS / OUTPUTS[weight]
        n = subset(source, out, chars, weight)
        print(f"{out.relative_to(ROOT)}: {n} characters, {out.stat().st_size / 1024:.0f} KB")
    write_licence(args.regular)
    return 0


if __name__ == "__main__":
    sys.exit(main())
