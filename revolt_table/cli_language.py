"""The command line speaks the player's language: its errors, and argparse's own words.

Why (issue 28): `revolt-table play x --language pt`, or any command with Portuguese saved in the
settings, answered in English. The language is known before the arguments are parsed (so argparse's
errors are said in it too): `--language CODE` when the command line names a shipped one, else the
language saved in the settings (read without touching the file), else the system's. argparse words
its messages through gettext (`argparse._`, `argparse.ngettext`); `install()` puts the translation
files' `cli.argparse.*` in their place, by message, and leaves any other text as it is.

Rules-file diagnostics (`path:line:column: message`) stay as the engine writes them: they are for
whoever writes the file, and their words are the file's keys and YAML's.
"""

from __future__ import annotations

import argparse
from typing import Sequence

from revolt_table.services import i18n

# argparse's message -> our key (Python 3.11's texts; a message not listed stays as argparse words it)
_ARGPARSE = {
    "usage: ": "usage",
    "%(prog)s: error: %(message)s\n": "error",
    "the following arguments are required: %s": "required",
    "unrecognized arguments: %s": "unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "argument %(argument_name)s: %(message)s": "argument",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "not allowed with argument %s": "not_allowed",
    "one of the arguments %s is required": "one_of_required",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "ignored explicit argument %r": "ignored_explicit",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "unknown_parser",
    "options": "options",
    "positional arguments": "positional",
    "show this help message and exit": "help",
}


def _gettext(message: str) -> str:
    key = _ARGPARSE.get(message)
    return i18n.t(f"cli.argparse.{key}") if key is not None and i18n.language() != i18n.DEFAULT else message


def _ngettext(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument" and i18n.language() != i18n.DEFAULT:
        return i18n.t(f"cli.argparse.expected_n.{i18n.plural_form(i18n.language(), n)}")
    return singular if n == 1 else plural


def install() -> None:
    """Word argparse's messages in the current language (English: argparse's own)."""
    argparse._ = _gettext                 # type: ignore[attr-defined]  # argparse reads these globals
    argparse.ngettext = _ngettext         # type: ignore[attr-defined]  # at the moment it speaks


def language_asked(argv: Sequence[str]) -> str | None:
    """The shipped language `--language CODE` (or `--language=CODE`) names on the command line, if any."""
    for i, arg in enumerate(argv):
        code = arg.split("=", 1)[1] if arg.startswith("--language=") else (
            argv[i + 1] if arg == "--language" and i + 1 < len(argv) else None)
        if code in i18n.LANGUAGES:
            return code
    return None


def use(argv: Sequence[str]) -> str:
    """Speak the language of this command line (see the module docstring); returns its code."""
    code = language_asked(argv)
    if code is None:
        from revolt_table.services import userdata

        code = userdata.load_settings(set_aside_bad=False)[0].language
    i18n.set_language(code)
    install()
    return code
