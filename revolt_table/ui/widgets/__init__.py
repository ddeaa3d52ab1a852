"""Reusable UI controls: Button, Menu/FocusGroup, OptionSelector, Slider, TextField, RichTextPanel."""

from revolt_table.ui.widgets.base import Widget
from revolt_table.ui.widgets.button import Button
from revolt_table.ui.widgets.focus import FocusGroup, Menu
from revolt_table.ui.widgets.richtext import Block, RichTextPanel, parse_markdownish
from revolt_table.ui.widgets.selector import OptionSelector
from revolt_table.ui.widgets.slider import Slider
from revolt_table.ui.widgets.textfield import TextField

__all__ = ["Widget", "Button", "FocusGroup", "Menu", "Block", "RichTextPanel", "parse_markdownish",
           "OptionSelector", "Slider", "TextField"]
