"""No move text is parsed or built outside revolt_table/games (issue 27): the table, the AI and the hints
read typed moves (engine/move.py `MoveInfo`), never the notation. tests/move_text_scan.py walks every
module of revolt_table/ui and revolt_table/ai (the folders, not a list of files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.move_text_scan import PACKAGES, scan, scan_source

ROOT = Path(__file__).resolve().parents[1]


def test_no_module_of_ui_or_ai_parses_or_builds_a_move_text():
    """A finding that is not a move (some other object's `.text`) takes the marker `# not a move` on its
    line, with what it is; a move is read from its descriptor (engine/move.py MoveInfo)."""
    findings = scan(ROOT)
    assert [str(f) for f in findings] == []


def test_the_scan_walks_every_module_of_both_packages():
    walked = {p.relative_to(ROOT).as_posix() for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    assert "revolt_table/ui/table/bomb_play.py" in walked and "revolt_table/ai/bomb_ai.py" in walked
    assert any(p.startswith("revolt_table/ui/scenes/") for p in walked)     # sub-packages too
    assert len(walked) > 80


@pytest.mark.parametrize("source, what", [
    # what the code did before issue 27 (each line from ui/ or ai/ of that time)
    ('head, _, rest = m.text.partition(":")', "partition"),
    ('targets = [int(m.text.split(":")[1]) for m in moves]', "int"),
    ('if move.text.startswith("bid"):\n    pass', "startswith"),
    ('card = move.text[4:] if cut else move.text', "slices"),
    ('kept[move.text[0]] -= 1', "slices"),
    ('if ":" not in m.text:\n    pass', "searches"),
    ('if any(ch in "2BR" for ch in move.text):\n    pass', "iterates"),
    ('text = m.text\nparts = text.split("+")', "split"),
    ('def f(rules, text, phase):\n    return text.partition(":")', "partition"),
    ('return Move(f"{card}:{target}")', "builds a Move"),
    ('s.play(s.viewer, Move(action))', "builds a Move"),
    ('state.refusal(seat, f"cut:{card}")', "refusal"),
    ('text = "fight:" + "+".join(chosen)\nstate.refusal(seat, text)', "refusal"),
    ('if m.text == f"bid{want}":\n    pass', "compares"),
    ('import re\nre.match(r"bid(\\d)", m.text)', "re.match"),
])
def test_the_scan_finds_each_kind_of_parse_and_build(source, what):
    findings = scan_source("example.py", source)
    assert findings and what in findings[0].what, findings


@pytest.mark.parametrize("source", [
    'label = self.text.split()',                                       # a widget's own caption
    'printable = "".join(ch for ch in event.text if ch)  # not a move: typed keyboard input',
    'kinds = [i.kind for i in infos if i.target == seat]',            # typed moves
    'return self.words(info) + "…"',                                   # a label, not a move
    'if m.text == "pass":\n    pass',                                  # a whole text compared, not taken apart
    'parts.append(notice.text.strip())',                              # a licence notice's text
])
def test_the_scan_leaves_typed_moves_and_other_texts_alone(source):
    assert scan_source("example.py", source) == []
