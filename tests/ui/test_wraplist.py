"""WrapList (issue 28): rows of their own heights, and every piece of geometry following the real rows.

A list 200 px high of rows 30, 50, 90, 30... px: the rows shown are the whole ones from the top (never
a row drawn through the list's bottom), a click selects the row under it by the real rectangles, the
keys and the wheel scroll so the selected row is whole on screen, the last page ends with the last
row, and History's rows, that wrap, grow with the text (a long name takes more lines, not "…").
"""

from __future__ import annotations

import pygame

from conftest import click, frames, key
from revolt_table.ui.widgets.wraplist import WrapList

HEIGHTS = [30, 50, 90, 30, 60, 40, 100, 30, 30, 70]


def make(drawn: list | None = None) -> WrapList:
    def draw_row(surface, index, rect, selected, hovered):
        if drawn is not None:
            drawn.append((index, pygame.Rect(rect)))

    lst = WrapList(draw_row, lambda index, width: HEIGHTS[index])
    lst.set_rect(pygame.Rect(10, 20, 300, 200), 30)
    lst.set_count(len(HEIGHTS), 0)
    return lst


def test_rows_are_where_their_heights_put_them():
    drawn: list = []
    lst = make(drawn)
    lst.draw(pygame.Surface((400, 300)))
    assert [i for i, _ in drawn] == [0, 1, 2, 3]                # 30 + 50 + 90 + 30 = 200: four whole rows
    assert lst.visible_rows == 4 and lst.scrollable
    assert [r.y for _, r in drawn] == [20, 50, 100, 190]
    assert all(r.bottom <= lst.rect.bottom for _, r in drawn)
    assert lst.index_at((50, 20 + 29)) == 0 and lst.index_at((50, 20 + 30)) == 1
    assert lst.index_at((50, 20 + 80 + 89)) == 2
    assert lst.row_rect(2) == pygame.Rect(10, 100, lst.rows_width, 90)


def test_the_last_page_ends_with_the_last_row_and_the_selection_stays_whole():
    lst = make()
    lst.handle_key(pygame.K_END)
    assert lst.selected == len(HEIGHTS) - 1
    assert sum(HEIGHTS[lst.top:]) <= 200 < sum(HEIGHTS[lst.top - 1:])     # the last page, full
    assert lst.row_rect(lst.selected).bottom <= lst.rect.bottom
    for _ in range(len(HEIGHTS)):
        lst.handle_key(pygame.K_UP)
        rect = lst.row_rect(lst.selected)
        assert lst.rect.top <= rect.top and rect.bottom <= lst.rect.bottom
    assert lst.selected == 0 and lst.top == 0
    lst.scroll_by(100)
    assert sum(HEIGHTS[lst.top:]) <= 200 < sum(HEIGHTS[lst.top - 1:])       # the wheel stops at the end


def test_a_long_name_makes_its_history_row_taller(app):
    from revolt_table.records.store import HistoryStore
    from revolt_table.ui.scenes.history import HistoryScene
    from tests.history_helpers import entry

    store = HistoryStore()
    store.add(entry("doudizhu", seed=2, minutes=1, names=["You", "Anna", "Ben"]))
    long_name = "Bartholomäus von Groß-Hohenlohe und Waldeck"      # an imported game's: longer than setup's 16
    store.add(entry("doudizhu", seed=2, minutes=0, names=["You", "Anna", long_name]))
    history = HistoryScene(app)
    app.push(history)
    history.wait_loaded()
    frames(app, 2)
    short, long = (history.list.row_rect(i).height for i in (0, 1))
    assert long > short
    # the click on the long row's lower part selects it (the real rectangles, not a fixed row height)
    row = history.list.row_rect(1)
    click(app, (row.centerx, row.bottom - 3))
    assert history.list.selected == 1
    key(app, pygame.K_UP)
    assert history.list.selected == 0


def test_the_review_notes_scroll_by_whole_lines_when_they_do_not_fit(make_app):
    """German, large text, 1024x640, the last move of the six-seat game: the moves list gives the text
    panel all it can (three rows left) and the rest scrolls with the wheel, a whole line at a time."""
    from tests.ui.test_no_overflow import SCENES

    app = make_app((1024, 640))
    app.set_language("de")
    app.set_text_size("large")
    review = SCENES["review"](app)
    app.push(review)
    review.go(review.model.steps)
    frames(app, 2)
    notes = review.notes
    assert notes.scrollable and notes.first == 0 and notes.shown_items > 0
    assert review.geom.moves.height < review.base_geom.moves.height          # the list gave up height first
    pos = notes.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0,
                                         precise_y=-2.0))
    frames(app, 2)
    assert notes.first == 2
    for _ in range(50):                                                         # never past the last line
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0,
                                             precise_y=-3.0))
    frames(app, 2)
    items = notes.items(notes.inner(notes.rect))
    assert notes.first + notes.shown_items == len(items)
    key(app, pygame.K_LEFT)                                                     # another move: from its top
    frames(app, 1)
    assert notes.first == 0
