"""`revolt-table rules show GAME [--language CODE] [--variant V]`: the rules as a player reads them.

Prints what the Rules screen shows, as text: the "Table" tab (revolt_table/rulebook/quickref.py), then the full
rules, then the rulings (and the variant's description). Why a module of its own: cli.py only wires
arguments; this holds the formatting, and tests call render() directly.
"""

from __future__ import annotations

import sys
import textwrap

from revolt_table.services import i18n
from revolt_table.rulebook import quickref
from revolt_table import rulebook

WIDTH = 100


def render(game: str, lang: str = i18n.DEFAULT, variant: str | None = None) -> str:
    """The whole printout for one game in one language."""
    book = rulebook.load(game, lang, variant)

    def t(key: str, **fmt) -> str:
        return i18n.t_in(lang, key, **fmt)

    out: list[str] = [book.name, "=" * len(book.name)]
    if book.summary:
        out += _wrap(book.summary)
    for notes in book.variants if variant else ():
        out += ["", t("rules.variant", name=notes.name)]
        out += _wrap(notes.description) if notes.description else []
    reference = quickref.reference(book)
    if reference:
        out += ["", _banner(t("rules.tab_table")), "", quickref.as_text(reference, lang).rstrip()]
    out += ["", _banner(t("rules.tab_full"))]
    for line in book.text:
        stripped = line.strip()
        if stripped.startswith("#"):
            heading = stripped.lstrip("#").strip()
            out += ["", heading, "-" * len(heading)]
        elif stripped.startswith(("- ", "* ")):
            out += _wrap(stripped[2:], "  - ", "    ")
        elif stripped:
            out += _wrap(stripped)
    rulings = book.rulings
    if rulings:
        out += ["", _banner(t("rules.rulings"))]
        for ruling in rulings:
            out += _wrap(ruling, "  - ", "    ")
    if not variant:
        for notes in book.variants:
            out += ["", _banner(t("rules.variant", name=notes.name))]
            out += _wrap(notes.description) if notes.description else []
            for ruling in notes.rulings:
                out += _wrap(ruling, "  - ", "    ")
    return "\n".join(out).rstrip() + "\n"


def _banner(title: str) -> str:
    return f"{title.upper()}\n{'~' * len(title)}"


def _wrap(text: str, first: str = "", rest: str = "") -> list[str]:
    text = " ".join(text.split())
    if " " not in text:                       # Chinese has no spaces: let the terminal wrap it
        return [first + text]
    return textwrap.wrap(text, WIDTH, initial_indent=first, subsequent_indent=rest or first) or [first]


def main(game: str, lang: str | None, variant: str | None) -> int:
    """Print the rules; an unknown game or language is exit code 2 with the known ones listed."""
    from revolt_table.engine.errors import quoted

    ids = rulebook.game_ids()
    if game not in ids and not game.endswith((".yaml", ".yml")):
        print(f"revolt-table rules show: {i18n.t('cli.unknown_game', game=quoted(game), games=', '.join(ids))}",
              file=sys.stderr)
        return 2
    lang = lang or i18n.DEFAULT
    if lang not in i18n.LANGUAGES:
        problem = i18n.t("cli.unknown_language", code=quoted(lang), langs=", ".join(i18n.LANGUAGES))
        print(f"revolt-table rules show: {problem}", file=sys.stderr)
        return 2
    try:
        if variant:
            book = rulebook.load(game, lang)
            if variant not in [v.id for v in book.variants]:
                known = ", ".join(v.id for v in book.variants) or i18n.t("cli.none")
                problem = i18n.t("cli.no_variant", game=book.name, variant=quoted(variant), known=known)
                print(f"revolt-table rules show: {problem}", file=sys.stderr)
                return 2
        text = render(game, lang, variant)
    except (OSError, ValueError) as exc:
        print(f"revolt-table rules show: {exc}", file=sys.stderr)
        return 2
    stream = sys.stdout
    try:
        stream.write(text)
    except UnicodeEncodeError:                 # a console that cannot show the language: UTF-8 bytes
        stream.flush()
        sys.stdout.buffer.write(text.encode("utf-8"))
    return 0
