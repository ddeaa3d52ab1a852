"""Widget behaviour that scenes rely on: markdown-ish parsing, focus movement, text entry, slider."""

import pygame

from revolt_table.ui.widgets import Button, FocusGroup, OptionSelector, Slider, TextField, parse_markdownish


def test_parse_markdownish():
    blocks = parse_markdownish(["# Title", "one line\ncontinues here", "", "- **bold** bullet",
                                "2. numbered", "## Sub", "last"])
    assert [(b.kind, b.text) for b in blocks] == [
        ("heading", "Title"), ("paragraph", "one line continues here"), ("bullet", "bold bullet"),
        ("bullet", "numbered"), ("subheading", "Sub"), ("paragraph", "last")]


def _key(k, unicode="", mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def test_focus_group_skips_disabled_and_wraps(app):
    a, b, c = Button("A"), Button("B"), Button("C")
    b.enabled = False
    group = FocusGroup([a, b, c])
    assert group.focused is a
    group.handle_event(_key(pygame.K_DOWN))
    assert group.focused is c
    group.handle_event(_key(pygame.K_DOWN))
    assert group.focused is a
    group.handle_event(_key(pygame.K_UP))
    assert group.focused is c


def test_selector_and_slider_adjust_with_arrows(app):
    changes = []
    sel = OptionSelector("Speed", [(1, "one"), (2, "two")], 1, changes.append)
    slider = Slider("Vol", 0, 100, 50, changes.append, step=10)
    group = FocusGroup([sel, slider])
    group.handle_event(_key(pygame.K_RIGHT))
    group.handle_event(_key(pygame.K_RIGHT))      # wraps around
    group.handle_event(_key(pygame.K_DOWN))
    group.handle_event(_key(pygame.K_LEFT))
    assert changes == [2, 1, 40]


def test_text_field_typing_does_not_trigger_space_activation(app):
    clicked = []
    field = TextField("Al", max_length=5)
    button = Button("Go", lambda: clicked.append(1))
    group = FocusGroup([field, button])
    group.handle_event(_key(pygame.K_SPACE, " "))
    for ch in " Bobby":
        group.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert field.text == "Al Bo" and clicked == []
    group.handle_event(_key(pygame.K_BACKSPACE))
    assert field.text == "Al B"
