"""Every text a player reads, measured on screen (issue 28): every screen outside the tables and the four
tables, in all six languages, at 1024x640 and 1280x720, in normal and large text.

Each frame is drawn into tests/ui/textwalk.py's Screen, which knows every text the fonts module rendered
(fonts.render_observers) and where it landed. A finding is a text below the window's floor (13 px at
1280x720, 11 px at 1024x640), two texts whose inked pixels overlap, a text cut (an "…" that is not a
button's "choose", a text leaving the window or drawn in part), and, between the normal and the large
drawing of a screen, a text less than 1.2 times larger in large text (the same text in the same weight:
"1" in a bold heading and in a regular cell are two roles). The test wants 0 findings. Every type size
is on the text scale (theme.Metrics.tx, label sizes from a control's designed height: theme.label_px)
and layouts make room (rows take their text's height, buttons take two rows, lines wrap) rather than
shrink a text. LARGE_PENDING: screens whose large sizes are not asserted yet (see below).

The tables are played with real moves (the human at the bottom, easy AIs, a match of three games so the
match's progress shows): the first decisions (as dealt, with a selection that cannot be played, with
Hint's reason, with each choice popup), the first time each kind of beat shows (a verdict, a banner...),
and the end of the first game with its panel and the results.

Not measured here: cuts on the screens of CUT_BY_DESIGN (none now); the text painted on card faces (faces are
pictures painted at twice their size and scaled down; their type follows fonts.card_floor,
tests/ui/test_card_text.py); the window title.
"""

from __future__ import annotations

import pygame
import pytest

from revolt_table.services.i18n import LANGUAGES
from revolt_table.ui import i18n
from revolt_table.ui.scene import Scene
from tests.ui.table_helpers import open_table, run_frames
from tests.ui.textwalk import ELLIPSIS, Screen, frame_findings, watching

SIZES = [(1024, 640), (1280, 720)]
# Screens that cut a long name or line with "…" on purpose: none since History, Statistics, the Review and
# Export wrap their rows and lines (issue 28); their walk data holds long names, long German and
# Portuguese labels and a long export path, so a cut there would be found.
CUT_BY_DESIGN: set[str] = set()
# Screens whose large text is not yet 1.2x everywhere (a text less than 1.2 times larger there is not a
# finding): none now. A screen being reworked may be named here until it is done.
LARGE_PENDING: set[str] = set()
LARGE = 1.2


class Walk:
    """Draws what is on screen now in normal and large text, and notes the findings."""

    def __init__(self, app, log, where: str) -> None:
        self.app, self.log, self.where = app, log, where
        self.findings: dict[str, set[str]] = {}
        self.beats: set[str] = set()
        self.smaller_in_large: dict[tuple[str, int, int], str] = {}      # (text, normal px, large px) -> where

    def draw(self) -> Screen:
        app = self.app
        screen = Screen(app.screen.get_size(), self.log)
        top = app.scenes[-2:] if len(app.scenes) > 1 and not app.scenes[-1].opaque else app.scenes[-1:]
        for scene in top:
            scene.draw(screen)
        return screen

    def check(self, label: str, cuts: bool = True, large: bool = True) -> None:
        """`cuts` False: a cut is not a finding here (see CUT_BY_DESIGN); `large` False: a text less than
        1.2 times larger in large text is not one (see LARGE_PENDING)."""
        app = self.app
        before = app.settings.text_size
        sizes: dict[str, dict[tuple[str, bool], int]] = {}
        for text_size in ("normal", "large"):
            app.set_text_size(text_size)
            screen = self.draw()
            for finding in frame_findings(screen, self.choices()):
                if not cuts and finding.endswith(f"cut with {ELLIPSIS}"):
                    continue
                self.findings.setdefault(finding, set()).add(f"{label} ({text_size})")
            seen: dict[tuple[str, bool], int] = {}      # a text in bold and in regular: two roles ("1")
            for (content, px, *_rest), bold in zip(screen.texts, screen.bold):
                if content.strip():
                    seen[content, bold] = min(px, seen.get((content, bold), px))
            sizes[text_size] = seen
        app.set_text_size(before)
        for (content, bold), px in sizes["normal"].items():
            grown = sizes["large"].get((content, bold))
            if grown is not None and grown < LARGE * px:
                self.smaller_in_large.setdefault((content, px, grown), label)
                if large:
                    self.findings.setdefault(f"{content!r} is {px} px, {grown} px in large text (< {LARGE}x)",
                                             set()).add(label)

    def choices(self) -> tuple[str, ...]:
        """Labels of the buttons on screen: their "…" says a dialog follows ("Export…"), not a cut."""
        top = self.app.scenes[-1]
        group = getattr(top, "group", None) or getattr(top, "menu", None)
        return tuple(getattr(w, "text", "") for w in getattr(group, "widgets", ()) if getattr(w, "text", ""))

    def report(self) -> str:
        return f"{self.where}: {len(self.findings)} findings\n" + "\n".join(
            f"  {f}  -- {', '.join(sorted(w)[:3])}" for f, w in sorted(self.findings.items()))


# ------------------------------------------------------------------------------------ the screens
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_outside_the_tables(make_app, lang):
    from tests.ui.test_no_overflow import SCENES

    problems = []
    for size in SIZES:
        with watching() as log:
            app = make_app(size)
            app.set_language(lang)
            walk = Walk(app, log, f"{lang} {size[0]}x{size[1]}")
            try:
                for name, make in SCENES.items():
                    if name == "pause":
                        app.reset_to(Scene(app))
                    app.push(make(app))
                    run_frames(app, 2)
                    walk.check(name, cuts=name not in CUT_BY_DESIGN, large=name not in LARGE_PENDING)
                    app.pop()
            finally:
                i18n.set_language("en")
            if walk.findings:
                problems.append(walk.report())
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------------ the tables
GAMES = {"doudizhu": 3, "revoltaaa": 4, "revolte": 4, "revolucion": 4}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_table(fast_table, game, lang):
    from tests.ui.test_table_text_fits import play_through

    problems = []
    for size in SIZES:
        with watching() as log:
            app, scene = open_table(game, ["human"] + ["ai:easy"] * (GAMES[game] - 1), size=size, seed=3,
                                    games=3, language=lang, frames=2)
            walk = Walk(app, log, f"{game} {lang} {size[0]}x{size[1]}")
            try:
                play_through(app, scene, walk, f"{game} {lang}", decisions=2)   # this Walk checking
            finally:
                i18n.set_language("en")
                pygame.quit()
            if walk.findings:
                problems.append(walk.report())
    assert not problems, "\n".join(problems)
