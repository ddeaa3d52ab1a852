"""A player's name as the program keeps and shows it: never empty to the eye, never steering the text around it.

Why (issue 28): a name typed as U+FE0F or U+034F alone, or written into settings.yaml as U+200B or
U+202E, looks empty, draws as nothing and crashed Start ("Text has zero width"); the name was
remembered, so New game crashed at every start after. A right-to-left override inside a name also
reverses whatever is drawn after it on the same line. So every name that comes from outside (the
setup screen, settings.yaml, a save, a history entry) goes through `visible_name`: control and
bidirectional-control characters are dropped, and a name with no letter, digit, punctuation or symbol
left is "" (the caller puts the seat's default name in its place). Other invisible characters that
join or vary visible ones (zero-width joiner, variation selectors in emoji) are kept with them.
"""

from __future__ import annotations

import unicodedata

_DROPPED = {"Cc", "Zl", "Zp"}                 # controls, line and paragraph separators
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def visible_name(name: object) -> str:
    """`name` without control or bidirectional-control characters (a tab or line break becomes a space),
    trimmed; "" if nothing visible is left."""
    text = "".join(" " if ch in "\t\n\r" else ch for ch in str(name)
                   if ch not in _BIDI and (ch in "\t\n\r" or unicodedata.category(ch) not in _DROPPED)).strip()
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in text):
        return ""
    return text
