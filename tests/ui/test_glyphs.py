"""No text ever shows an empty box: every character of every shipped text has a glyph in the font
that draws it (DejaVu, else the Chinese subset). Renders each text once in both weights.

If this fails for a Chinese character: run `python tools/subset_cjk_font.py` (apt-get install
fonts-noto-cjk first) and commit the regenerated assets/fonts/RevoltTableCJK-*.otf.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import yaml

from revolt_table.services import i18n
from revolt_table.services.resources import rules_dir
from revolt_table.ui import fonts


def _strings(node) -> list[str]:
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return [node] if isinstance(node, str) else []


def shipped_texts() -> dict[str, list[str]]:
    """Every text a player may read: all locale keys of every language, every rules file and translation."""
    texts = {f"locale {lang}": list(i18n.table(lang).values()) for lang in i18n.LANGUAGES}
    for path in sorted(Path(rules_dir()).rglob("*.yaml")):
        texts[str(path.relative_to(rules_dir()))] = _strings(yaml.safe_load(path.read_text(encoding="utf-8")))
    return texts


@pytest.fixture(scope="module")
def font_system():
    pygame.font.init()
    fonts.clear_cache()
    yield
    fonts.clear_cache()


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_has_a_glyph_in_the_font_that_draws_it(font_system, bold):
    face = fonts.font(16, bold)
    main_path, fallback_path = fonts.font_files(bold)
    covered = {face.main: fonts.coverage(main_path), face.fallback: fonts.coverage(fallback_path)}
    missing: dict[str, set[str]] = {}
    for source, texts in shipped_texts().items():
        for text in texts:
            image = face.render(text, True, (255, 255, 255))
            assert image.get_width() > 0
            for font_used, part in face.runs(text):
                for ch in part:
                    if not ch.isspace() and ord(ch) not in covered[font_used]:
                        missing.setdefault(source, set()).add(ch)
    assert not missing, ("characters without a glyph (run tools/subset_cjk_font.py for Chinese ones): "
                         + "; ".join(f"{src}: {''.join(sorted(chars))}" for src, chars in missing.items()))


def test_chinese_text_is_drawn_by_the_chinese_font_and_wraps_between_characters(font_system):
    face = fonts.font(18)
    runs = face.runs("Dou Dizhu 斗地主：地主")
    assert [f is face.main for f, _ in runs] == [True, False]
    lines = face.wrap("叫分最高的玩家成为地主，拿起三张底牌，亮给所有人看，然后先出牌。", 150)
    assert len(lines) > 2 and all(face.size(line)[0] <= 150 for line in lines)
    assert not any(line.startswith(("，", "。")) for line in lines)         # closing marks never start a line
    assert "".join(lines) == "叫分最高的玩家成为地主，拿起三张底牌，亮给所有人看，然后先出牌。"
