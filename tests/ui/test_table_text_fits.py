"""Every text at the four card tables fits, in every shipped language and both text sizes (issue 10's
"every table prompt", issue 11's 11 px floor at 1024x640).

Each game is played with real moves (the human at the bottom, the AI elsewhere, seeds fixed) through a
few positions a player meets: a plain decision, a selection that cannot be played (Play disabled and the
game's reason under it), Hint pressed (its reason), the family's own moments (bids, a cut, an attack...),
the end-of-game panel and the results. At each, the table is drawn once per language and text size into
a surface that records every blit of a rendered text (draw.render_text, which draw.text uses too), every
panel (render.panel_surface) and every button (widgets.action_button / choice_button), and the test fails
when a text
- leaves the window,
- spills out of the button or panel it is drawn on (the smallest one holding its centre),
- is drawn below 11 px,
- or is cut with an ellipsis ("…") where the player needs it whole.
So it checks what is on screen, whatever the code meant to draw.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import pygame
import pytest

from revolt_table.services.i18n import LANGUAGES
from revolt_table.ui import draw, i18n
from revolt_table.ui.table import render, widgets
from tests.ui.table_helpers import open_table, run_frames

pytestmark = pytest.mark.usefixtures("fast_table")

SIZE = (1024, 640)
MIN_PX = 11
TEXT_SIZES = ("normal", "large")
# Where a text may end in "…": a seat's status line (cut before the hand-count badge; the pod's name
# and the prompt say the same whole). A button's "…" means "then choose" (Revolución's "Bomb Express
# → …"), not a cut.
CUT_ALLOWED = {"PodsSection"}


class Recorder(pygame.Surface):
    """A window-sized surface that notes where each known image (text, panel, button) lands."""

    def __init__(self, size, known: dict[int, tuple]) -> None:
        super().__init__(size)
        self.known = known
        self.texts: list[tuple] = []      # (content, size, rect, ink, section)
        self.boxes: list[tuple[str, pygame.Rect]] = []
        self.drawn_before: list[int] = []   # per text: how many boxes were drawn before it (what may hold it)
        self.section = ""                 # the section drawing now (SectionManager.draw is watched)

    def blit(self, source, dest, area=None, special_flags=0):
        shown = super().blit(source, dest, area, special_flags)
        note = self.known.get(id(source))
        if note is not None and note[0] is source:
            x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            w, h = (area[2], area[3]) if area is not None else source.get_size()
            rect = pygame.Rect(x, y, w, h)
            if note[1] == "text":
                ink = source.get_bounding_rect().move(x, y).clip(rect)
                self.texts.append((note[2], note[3], rect, ink, self.section))
                self.drawn_before.append(len(self.boxes))
            else:
                self.boxes.append((note[1], rect))
        return shown


@contextmanager
def recording(monkeypatch):
    """Texts, panels and buttons are tagged where they are made; yields the tag table for Recorder."""
    known: dict[int, tuple] = {}
    buttons: list[pygame.Rect] = []
    real_render, real_panel = draw.render_text, render.panel_surface

    def render_text(content, size, color, bold=False):
        image = real_render(content, size, color, bold)
        known[id(image)] = (image, "text", content, size)
        return image

    def panel_surface(*args, **kwargs):
        image = real_panel(*args, **kwargs)
        known[id(image)] = (image, "panel")
        return image

    def tag_button(real):
        def button(surface, metrics, rect, *args, **kwargs):
            if isinstance(surface, Recorder):
                surface.boxes.append(("button", pygame.Rect(rect)))
            return real(surface, metrics, rect, *args, **kwargs)
        return button

    from revolt_table.ui.table.section import SectionManager

    def draw_sections(manager, surface):
        for section in list(manager.sections):
            if section.shown():
                if isinstance(surface, Recorder):
                    surface.section = type(section).__name__
                section.draw(surface)
        if isinstance(surface, Recorder):
            surface.section = ""

    monkeypatch.setattr(SectionManager, "draw", draw_sections)
    monkeypatch.setattr(draw, "render_text", render_text)
    import revolt_table.ui.table as table_pkg
    import importlib
    import pkgutil
    for info in pkgutil.iter_modules(table_pkg.__path__):
        module = importlib.import_module(f"revolt_table.ui.table.{info.name}")
        if getattr(module, "panel_surface", None) is real_panel:
            monkeypatch.setattr(module, "panel_surface", panel_surface)
    monkeypatch.setattr(widgets, "action_button", tag_button(widgets.action_button))
    monkeypatch.setattr(widgets, "choice_button", tag_button(widgets.choice_button))
    yield known, buttons


def problems_in(recorder: Recorder, whole: bool = True) -> list[str]:
    """What does not fit in one drawn frame."""
    window = pygame.Rect((0, 0), SIZE)
    out = []
    for index, (content, size, rect, ink, section) in enumerate(recorder.texts):
        under = recorder.boxes[:recorder.drawn_before[index]]   # a panel drawn over a text covers it, not holds it
        if not content.strip():
            continue
        if not window.contains(rect):
            out.append(f"{content!r} leaves the window at {tuple(rect)}")
        if size < MIN_PX:
            out.append(f"{content!r} drawn at {size} px at {tuple(rect)}")
        on_button = any(kind == "button" and box.collidepoint(rect.center) for kind, box in recorder.boxes)
        if whole and content.rstrip().endswith("…") and section not in CUT_ALLOWED and not on_button:
            out.append(f"{content!r} cut with an ellipsis ({section})")
        holders = [box for _kind, box in under if box.collidepoint(rect.center) and box != rect]
        if holders:
            kind, box = min(((k, b) for k, b in under if b in holders), key=lambda kb: kb[1].w * kb[1].h)
            if not box.inflate(2, 2).contains(rect):
                out.append(f"{content!r} spills out of its {kind} ({tuple(rect)} in {tuple(box)})")
            if kind == "button":
                out += [f"{content!r} touches {other!r} on a button" for other, _s, _r, ink2, _sec in recorder.texts
                        if other != content and min(len(content), len(other)) == 1        # a key letter
                        and box.collidepoint(ink2.center) and ink.inflate(2, 2).colliderect(ink2)]
    return out


class Checker:
    """Draws the table (or the scene on top) in every language and text size and collects problems."""

    def __init__(self, app, known) -> None:
        self.app, self.known = app, known
        self.problems: list[tuple[str, str, str]] = []
        self.checked: list[str] = []
        self.beats: set[str] = set()

    def check(self, label: str) -> None:
        """Draw what is on screen now in both text sizes (the language is the game's: texts a moment
        made when it started are in it) and note what does not fit."""
        app = self.app
        self.checked.append(label)
        size0 = app.settings.text_size
        for text_size in TEXT_SIZES:
            app.set_text_size(text_size)
            recorder = Recorder(SIZE, self.known)
            scenes = app.scenes[-2:] if len(app.scenes) > 1 and not app.scenes[-1].opaque else app.scenes[-1:]
            for scene in scenes:
                scene.draw(recorder)
            self.problems += [(p, label, f"{i18n.language()}/{text_size}") for p in problems_in(recorder)]
        app.set_text_size(size0)


def report(problems: list[tuple[str, str, str]]) -> str:
    """One line per distinct problem: where (first position) and in which languages and sizes."""
    seen: dict[str, tuple[str, list[str]]] = {}
    for problem, where, lang in problems:
        first, langs = seen.setdefault(problem, (where, []))
        if lang not in langs:
            langs.append(lang)
    return f"{len(seen)} texts do not fit:\n" + "\n".join(
        f"{problem}  -- at {where}; {' '.join(langs)}" for problem, (where, langs) in seen.items())


def wait(app, scene, until, limit=20.0) -> bool:
    end = time.time() + limit
    while time.time() < end:
        run_frames(app)
        if until():
            return True
        time.sleep(0.001)
    return False


def human_turn(app, scene, check: "Checker | None" = None) -> bool:
    """Frames until the human at seat 0 may act on a position it has seen, or the game is over; on the
    way, the first time each kind of beat shows (a verdict, a banner, a sweep), it is checked too."""
    def ready() -> bool:
        current = scene.queue.current
        if check is not None and current is not None and current.name not in check.beats:
            check.beats.add(current.name)
            check.check(f"beat {current.name!r}")
        return scene.session.state.is_over or (scene.may_act(0) and scene.has_seen())
    return wait(app, scene, ready)


def unplayable(scene) -> tuple[str, ...] | None:
    """A selection of one hand card that cannot be played now (with a reason), if there is one."""
    table = scene.family
    for sprite in table.hand.sprites():
        chosen = (sprite.card,)
        move, why = table.selection_state(chosen)
        if move is None and why is not None:
            return chosen
    return None


def decision(check: Checker, scene, label: str) -> None:
    """A decision of the human's: as it is, with an unplayable selection, with Hint pressed."""
    table = scene.family
    check.check(f"{label}")
    bad = unplayable(scene)
    if bad is not None:
        table.hand.select_cards(bad)
        check.check(f"{label}, unplayable selection")
    table.hand.clear()
    table.hint()
    check.check(f"{label}, hint")
    table.hand.clear()
    choices(check, scene, label)


def choices(check: Checker, scene, label: str) -> None:
    """The popups a decision can open, each drawn open then closed: a Blaggard that may cut asks "play it
    or cut with it?" (Révolte!), a button whose label ends in "…" asks for a target (Revolución)."""
    from revolt_table.ui.table.popups import ChoicePopup

    table = scene.family
    popup = next((s for s in table.sections if isinstance(s, ChoicePopup)), None)
    if popup is None:
        return
    may_cut = getattr(table, "may_cut", None)
    for sprite in table.hand.sprites() if may_cut is not None else ():
        if may_cut(sprite.card) and table.selection_state((sprite.card,))[0] is not None:
            table.hand.select_cards((sprite.card,))
            table.hand.play()
            if popup.shown():
                check.check(f"{label}, the Blaggard's choice")
                popup.close()
            break
    for action in table.actions.actions():
        if action.enabled and action.label.endswith("…"):
            table.actions.press(action)
            if popup.shown():
                check.check(f"{label}, choosing for {action.id}")
                popup.close()
            break
    table.hand.clear()


def play_hint(app, scene) -> None:
    """The human plays what Hint says (a real move through the table)."""
    state = scene.session.state
    from revolt_table.ai import hints
    move, _ = hints.hint(scene.session.rules, state.view(0), state.legal_moves(0))
    scene.family.reset_input()
    scene.play(0, move)
    run_frames(app)


def finish(app, scene, check: Checker, label: str) -> None:
    """Play the game out (Hint's move for the human), then the end panel and the results."""
    while not scene.session.state.is_over:
        assert human_turn(app, scene, check), f"{label}: the game got stuck"
        if scene.session.state.is_over:
            break
        play_hint(app, scene)
    panel_seen = False
    end = time.time() + 30
    while time.time() < end:
        run_frames(app)
        top = app.scenes[-1]
        if type(top).__name__ == "ResultsScene":
            check.check(f"{label}: results")
            return
        summary = next((s for s in scene.family.sections if type(s).__name__ == "SummaryPanel" and s.shown()),
                       None)
        current = scene.queue.current
        if current is not None and getattr(current, "wait_for_click", False):
            if not panel_seen:
                check.check(f"{label}: end of game")
                panel_seen = True
            scene.skip()
        elif summary is not None and not panel_seen:
            check.check(f"{label}: end of game")
            panel_seen = True
    raise AssertionError(f"{label}: no results scene")


def play_through(app, scene, check, label: str, decisions: int) -> None:
    """The walk of a game: its first decisions (each as dealt, unplayable, hinted, its choices: `decision`),
    then played out to the end panel and the results (`finish`), `check` looking at each."""
    for n in range(decisions):
        assert human_turn(app, scene, check), f"{label}: the game got stuck"
        if scene.session.state.is_over:
            break
        decision(check, scene, f"decision {n + 1}")
        play_hint(app, scene)
    finish(app, scene, check, label)


GAMES = [("doudizhu", 3), ("revoltaaa", 4), ("revolte", 4), ("revolte", 5), ("revolucion", 4), ("revolucion", 6)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game,players", GAMES)
def test_table_texts_fit(monkeypatch, game, players, lang):
    with recording(monkeypatch) as (known, _buttons):
        app, scene = open_table(game, ["human"] + ["ai:easy"] * (players - 1), size=SIZE, seed=3)
        app.set_language(lang)
        run_frames(app, 2)
        check = Checker(app, known)
        try:
            play_through(app, scene, check, f"{game} {players}p", decisions=3)
        finally:
            i18n.set_language("en")
    assert not check.problems, f"{game}, {players} players, {lang}: " + report(check.problems)
