"""The text walk (tests/ui/textwalk.py) on what test_text_walk.py leaves out, and proof that it can fail on
the screens whose rows now wrap (issue 28).

- The hot-seat hand-over page, with the longest names a player can type (16 characters, the setup's
  field: Latin with a hyphen and spaces, and Chinese), before and after it is armed, in all six
  languages, at 1024x640 and 1280x720, normal and large text: 0 findings, and every text of the large
  drawing at least 1.2 times its normal size.
- History, Statistics, the Review and Export: their walk data (tests/ui/test_no_overflow.py's SCENES:
  six long names, a variant, a game that no longer replays, a made-up analysis, a long export path)
  is long enough that the rows as they were (every text on one line, cut with "…") give cut findings;
  here the cutting is put back (rowtext.lines_of replaced by a one-line cut) and the walk must find
  it. A walk that cannot fail would prove nothing.

- The texts those four screens draw themselves are at least 1.2 times larger in large text (the shared
  widgets' labels are test_text_walk.py's to assert).

History and the Review have no thumbnails: the Review's board shows cards, whose faces follow
fonts.card_floor (tests/ui/test_card_text.py).
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from revolt_table.services.i18n import LANGUAGES
from revolt_table.ui import i18n
from revolt_table.ui.scenes import rowtext
from revolt_table.ui.scenes.handover import ARM_SECONDS, HandoverScene
from revolt_table.ui.widgets.textfit import fit_line
from tests.ui.table_helpers import run_frames
from tests.ui.test_text_walk import LARGE, SIZES, Walk
from tests.ui.textwalk import ELLIPSIS, watching

NAMES = ["Anna-Katharina M", "Maximilian Große", "欧阳娜娜小姐的朋友们和家人们你好"]     # 16 characters each
SCENES = {"handover": lambda app: HandoverScene(app, NAMES[1]), "handover_zh": lambda app: HandoverScene(app, NAMES[2])}


@contextmanager
def walking(make_app, lang: str, size: tuple[int, int], where: str):
    """A Walk over a new app in `lang` at `size`, English again after it."""
    with watching() as log:
        app = make_app(size)
        app.set_language(lang)
        try:
            yield Walk(app, log, f"{where} {lang} {size[0]}x{size[1]}")
        finally:
            i18n.set_language("en")


def show_handover(walk: Walk, name: str) -> None:
    """The hand-over page for `name`, waiting, then armed (its prompt lit)."""
    app = walk.app
    scene = HandoverScene(app, name)
    app.push(scene)
    run_frames(app, 1)
    walk.check(f"{name} (waiting)")
    scene.age = ARM_SECONDS + 1
    walk.check(f"{name} (armed)")
    app.pop()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_handover_in_every_language(make_app, lang):
    assert all(len(name) == 16 for name in NAMES)
    problems = []
    for size in SIZES:
        with walking(make_app, lang, size, "handover") as walk:
            for name in NAMES:
                show_handover(walk, name)
        problems += [walk.report()] if walk.findings else []
        smaller = sorted(f"{c!r} {px}->{large} px" for c, px, large in walk.smaller_in_large)
        problems += [f"{walk.where}: less than {LARGE}x in large text: " + ", ".join(smaller)] if smaller else []
    assert not problems, "\n".join(problems)


def _one_line_cut(content: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """The rows as they were: one line, cut with "…" at its size."""
    return [fit_line(content, size, max(2 * size, width), bold=bold, smallest=size)[0]]


@pytest.mark.parametrize("screen", ["history", "statistics", "review", "history_export"])
def test_the_walk_finds_cut_rows_on_the_wrapping_screens(make_app, monkeypatch, screen):
    from tests.ui.test_no_overflow import SCENES

    # The screens' modules are imported before rowtext is patched: one imported first while it is patched
    # would copy the one-line cut as its own, and monkeypatch would then "restore" that copy for every
    # later test (the Review's notes in test_wraplist no longer wrapped when run after this test).
    for module in ("history", "statistics", "review_sections", "review_board", "dialog"):
        mod = __import__(f"revolt_table.ui.scenes.{module}", fromlist=["lines_of"])
        if hasattr(mod, "lines_of"):
            monkeypatch.setattr(mod, "lines_of", _one_line_cut)
    monkeypatch.setattr(rowtext, "lines_of", _one_line_cut)
    cuts = 0
    for lang in ("de", "es"):
        with walking(make_app, lang, (1024, 640), screen) as walk:
            walk.app.push(SCENES[screen](walk.app))
            run_frames(walk.app, 2)
            walk.check(screen)
        cuts += sum(1 for f in walk.findings if f.endswith(f"cut with {ELLIPSIS}"))
    assert cuts > 0, f"{screen}: the walk's data is too short to show a cut"


def widget_texts(scene) -> set[str]:
    """The texts the shared widgets draw on a screen (buttons, selectors, sliders): their sizes in large
    text are the widgets' own (tests/ui/test_text_walk.py asserts them), not the screen's."""
    out: set[str] = set()
    group = getattr(scene, "group", None)
    for w in getattr(group, "widgets", ()):
        out.update(x for x in (getattr(w, "text", ""), getattr(w, "label", "")) if isinstance(x, str) and x)
        out.update(label for _value, label in getattr(w, "options", ()))
        fmt, value = getattr(w, "fmt", None), getattr(w, "value", None)
        if callable(fmt) and value is not None:
            out.add(fmt(value))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_wrapping_screens_own_texts_grow_1_2_times_in_large_text(make_app, lang):
    """Every text History, Statistics, the Review and Export draw themselves is at least 1.2 times its
    normal size in large text (a size of layout pixels added to a type size grew 1.19 times)."""
    from tests.ui.test_no_overflow import SCENES

    problems = []
    for size in SIZES:
        with walking(make_app, lang, size, "large") as walk:
            for screen in ("history", "statistics", "review", "history_export"):
                scene = SCENES[screen](walk.app)
                walk.app.push(scene)
                run_frames(walk.app, 2)
                walk.smaller_in_large.clear()
                walk.check(screen)
                mine = [(c, px, large) for c, px, large in walk.smaller_in_large if c not in widget_texts(scene)]
                problems += [f"{walk.where} {screen}: {c!r} {px}->{large} px" for c, px, large in sorted(mine)]
                walk.app.pop()
    assert not problems, "\n".join(problems)
