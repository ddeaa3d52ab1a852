"""Read YAML safely while remembering where every key and value came from.

Why not `yaml.safe_load`: validation messages must point at `path:line:column`, duplicate keys must be
errors (safe_load silently keeps the last one), a file must report all its problems at once, and a
hostile file must cost at most a second and a few megabytes. safe_load runs no code, but it expands
alias bombs exponentially, recurses once per nesting level, converts a 5,000-digit number, reads a
50 MB file whole and blocks forever on a FIFO.

So we never compose a node tree. We read the parser's event stream and build plain data ourselves,
with an explicit stack (no recursion), recording the position of every value and every key by its
path (a tuple of keys and list indices). Everything YAML offers beyond plain data is refused where it
appears, before it can cost anything: anchors, aliases and merge keys (variants are the way to reuse
rules), explicit tags (also on keys), nesting deeper than `Limits.depth`, more than `Limits.values`
values or `Limits.lines` lines, a second document, numbers out of range, NUL bytes, control characters
(raw, or written as escapes in double-quoted text) and files over `Limits.bytes`. A structural
problem stops the reading at once; value problems are collected up to `Limits.diagnostics`. The
parser is PyYAML's pure-Python one: the same messages everywhere, and with these limits its worst case
is well under a second (benchmarks/hostile_rules.py measures it).

Settings and saves are read by the same code with their own limits (revolt_table/services/userdata.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from ..services.smallfile import FileRefused, read_small_bytes
from .errors import Diagnostic, quoted
from .message import shorten

Path = tuple  # a path into the data: ("variants", "bananas", "deal")


@dataclass(frozen=True)
class Limits:
    """How much a file may ask of the reader, and what the messages call the file. The defaults are
    for rules files (the largest bundled one is 21 KB, 420 lines, 411 values, 5 levels deep); the
    settings and the save have their own (services/userdata.py), so that no message calls
    settings.yaml a rules file."""

    bytes: int = 1024 * 1024
    lines: int = 10_000
    depth: int = 32
    values: int = 10_000
    diagnostics: int = 20
    noun: str = "a rules file"                        # "...are not allowed in a rules file"
    reuse_hint: str = "; use variants to reuse rules"  # after the refusal of anchors, aliases, merge keys


RULES_LIMITS = Limits()
MAX_DIGITS = 18                     # whole numbers up to 10**18; rules need a few digits at most
MAX_NUMBER_TEXT = 40                # characters of a number in any notation


@dataclass
class Located:
    """Plain data plus positions: `marks[path]` is where a value starts, `key_marks[path]` its key."""

    source: str
    data: Any = None
    marks: dict[Path, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path, tuple[int, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    empty: bool = False                     # no document at all (an empty file, or only comments)
    # diagnostics[i] is about the value at value_paths[i] only (a bad number, a tag, a control character:
    # the rest of the file reads well); a diagnostic without an entry is about the file as a whole
    value_paths: dict[int, Path] = field(default_factory=dict)
    refusal: str | None = None              # the file was not read as text: too_big, not_regular,
    #                                         unreadable, missing (smallfile.FileRefused), or not_text

    def bad_values(self) -> set[Path] | None:
        """The paths of the values the diagnostics are about, or None when one is about the whole file."""
        if not self.diagnostics or len(self.value_paths) < len(self.diagnostics):
            return None if self.diagnostics else set()
        return set(self.value_paths.values())

    def where(self, path: Path, key: bool = False) -> tuple[int, int]:
        """Position of `path`, or of its nearest located ancestor (for a missing key: its mapping)."""
        table = self.key_marks if key else self.marks
        probe = tuple(path)
        while probe:
            if probe in table:
                return table[probe]
            if probe in self.marks:
                return self.marks[probe]
            probe = probe[:-1]
        return self.marks.get((), (1, 1))

    def error(self, path: Path, message: str, key: bool = False) -> None:
        line, column = self.where(path, key)
        self.diagnostics.append(Diagnostic(self.source, line, column, message))


# ------------------------------------------------------------------------------------------ entry points

def load_located_file(path: str | FilePath, limits: Limits = RULES_LIMITS, source: str | None = None) -> Located:
    """Read and parse the file at `path`: problems with the file itself are diagnostics too."""
    source = str(path) if source is None else source
    try:
        raw = read_small_bytes(path, limits.bytes)
    except FileRefused as exc:
        located = _refused(source, _file_message(exc, limits))
        located.refusal = exc.reason
        return located
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].decode("utf-8", errors="replace")
        line, column = _line_column(before, len(before))
        byte = raw[exc.start]
        return _refused(source, f"the file is not UTF-8 text (byte 0x{byte:02X}); {limits.noun} is plain text",
                        line, column, refusal="not_text")
    return load_located(text, source, limits)


def load_located(text: str, source: str, limits: Limits = RULES_LIMITS) -> Located:
    """Parse `text`; every problem, including YAML syntax errors, becomes a diagnostic."""
    located = Located(source)
    nul = text.find("\x00")
    if nul >= 0:
        return _refused(source, f"the file contains a NUL byte; {limits.noun} is plain text",
                        *_line_column(text, nul), refusal="not_text")
    if text.count("\n") >= limits.lines:
        return _refused(source, f"the file has more than {limits.lines:,} lines", limits.lines + 1, 1)
    builder = _Builder(located, limits)
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as exc:
        return _refused(source, _reader_message(exc, limits), *_line_column(text, exc.position), refusal="not_text")
    try:
        builder.run(loader)
    except _Stop:
        pass
    except yaml.reader.ReaderError as exc:
        builder.add(_reader_message(exc, limits), *_line_column(text, exc.position))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = _pos(mark) if mark else (1, 1)
        builder.add(f"YAML syntax error: {exc.problem or 'invalid YAML'}", line, column)
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are not raised by the parser
        builder.add(f"YAML error: {shorten(str(exc), 200)}", 1, 1)
    finally:
        loader.dispose()
    if builder.documents == 0 and not located.diagnostics:
        located.empty = True
        located.diagnostics.append(Diagnostic(source, 1, 1, "the file is empty"))
    return located


# ------------------------------------------------------------------------------------------ messages



def _file_message(exc: FileRefused, limits: Limits) -> str:
    if exc.reason == "missing":
        return "cannot read file: No such file or directory"
    if exc.reason == "not_regular":
        return f"cannot read file: {exc.detail}"
    if exc.reason == "too_big":
        size = f" ({exc.size:,} bytes)" if exc.size is not None else ""
        return f"the file is larger than {_size_text(limits.bytes)}{size}; it is not read"
    return f"cannot read file: {exc.detail}"


def _size_text(limit: int) -> str:
    if limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MB"
    return f"{limit // 1024} KB" if limit % 1024 == 0 else f"{limit:,} bytes"


def _reader_message(exc: yaml.reader.ReaderError, limits: Limits) -> str:
    character = exc.character if isinstance(exc.character, int) else 0
    return _control_message(character, limits)


def _control_message(character: int, limits: Limits) -> str:
    return f"the character U+{character:04X} is not allowed (a control character); {limits.noun} is plain text"


# Control characters a value may not hold, however it is written: C0 and C1 controls and DEL (tab and
# line feed are text), and the bidirectional controls that make text read in another order than it is
# stored (U+202A-202E, U+2066-2069, the marks U+200E, U+200F, U+061C).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _tag_text(tag: str) -> str:
    return quoted("!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag)


def _line_column(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _pos(mark: yaml.Mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


def _refused(source: str, message: str, line: int = 1, column: int = 1, refusal: str | None = None) -> Located:
    located = Located(source, refusal=refusal)
    located.diagnostics.append(Diagnostic(source, line, column, message))
    return located


# ------------------------------------------------------------------------------------------ building

class _Stop(Exception):
    """Reading ends here: the rest of the file cannot be read safely or usefully."""


class _BadValue(Exception):
    pass


class _ControlCharacter(_BadValue):
    """A value holds a control character (its code point is the argument)."""


_MISSING = object()
_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_CONSTRUCT = SafeConstructor()


class _Frame:
    """An open mapping or list. `path` is None inside something that is being discarded; `about` is the
    path it would have had (a problem inside is about that value: a duplicate key's value, say), None
    inside a key; `is_key` marks a mapping or list written where a key should be (refused, then
    skipped with its value)."""

    __slots__ = ("path", "about", "value", "is_map", "is_key", "key", "awaiting_key", "skip_value")

    def __init__(self, path: Path | None, is_map: bool, is_key: bool = False, about: Path | None = None) -> None:
        self.path = path
        self.about = about
        self.is_map = is_map
        self.is_key = is_key
        self.value: Any = {} if is_map else []
        self.key: Any = _MISSING
        self.awaiting_key = is_map
        self.skip_value = False


class _Builder:
    def __init__(self, located: Located, limits: Limits) -> None:
        self.located = located
        self.limits = limits
        self.stack: list[_Frame] = []
        self.values = 0
        self.documents = 0

    # -------------------------------------------------------------- reporting
    def add(self, message: str, line: int, column: int) -> None:
        diagnostics = self.located.diagnostics
        if len(diagnostics) >= self.limits.diagnostics:
            diagnostics.append(Diagnostic(self.located.source, line, column,
                                          f"too many problems; stopped after the first {self.limits.diagnostics}"))
            raise _Stop
        diagnostics.append(Diagnostic(self.located.source, line, column, message))

    def at(self, event: yaml.Event, message: str, path: Path | None = None) -> None:
        """A problem where `event` starts; `path`: the value it is about, when the rest of the file is
        unharmed by it (None: the file as a whole)."""
        self.add(message, *_pos(event.start_mark))
        if path is not None:
            self.located.value_paths[len(self.located.diagnostics) - 1] = path

    def bad_value(self, exc: _BadValue) -> str:
        if isinstance(exc, _ControlCharacter):
            return _control_message(exc.args[0], self.limits)
        return str(exc)

    def stop(self, event: yaml.Event, message: str) -> None:
        self.at(event, message)
        raise _Stop

    # -------------------------------------------------------------- the event loop
    def run(self, loader: yaml.SafeLoader) -> None:
        self.loader = loader
        while True:
            event = loader.get_event()
            if isinstance(event, yaml.StreamEndEvent):
                return
            if isinstance(event, (yaml.StreamStartEvent, yaml.DocumentEndEvent)):
                continue
            if isinstance(event, yaml.DocumentStartEvent):
                self.documents += 1
                if self.documents > 1:
                    self.stop(event, f"{self.limits.noun} holds one YAML document; a second one starts here")
                continue
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                frame = self.stack.pop()
                if not frame.is_key:
                    self.deliver(frame.value, frame.path is None)
                continue
            self.node(event)

    def node(self, event: yaml.NodeEvent) -> None:
        """A value starts: a scalar, an alias, or a mapping or list that opens."""
        self.values += 1
        if self.values > self.limits.values:
            self.stop(event, f"more than {self.limits.values:,} values; {self.limits.noun} is much smaller")
        parent = self.stack[-1] if self.stack else None
        as_key = parent is not None and parent.is_map and parent.awaiting_key
        noun, hint = self.limits.noun, self.limits.reuse_hint
        # the value a problem here is about: this one (even when it is discarded), or for a key the
        # mapping that holds it
        path = None if as_key else self.child_path(event)
        about = parent.about if as_key and parent is not None else self.about_path()
        if isinstance(event, yaml.AliasEvent):
            self.at(event, f"aliases ({quoted('*' + event.anchor)}) are not allowed in {noun}{hint}", about)
            if as_key:
                parent.awaiting_key, parent.skip_value = False, True
            else:
                self.deliver(None, True)
            return
        if event.anchor is not None:
            self.at(event, f"anchors ({quoted('&' + event.anchor)}) are not allowed in {noun}{hint}", about)
        if event.tag is not None:
            self.at(event, f"tags ({_tag_text(event.tag)}) are not allowed in {noun}; write plain values", about)
        if isinstance(event, yaml.ScalarEvent):
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit) if event.tag is None else _STR
            if as_key:
                self.key(parent, event, tag)
                return
            try:
                value = _convert(tag, event.value)
            except _BadValue as exc:
                self.at(event, self.bad_value(exc), about)
                value = None
            self.deliver(value, path is None)
            return
        if as_key:
            self.at(event, "a key must be a plain value", about)
            parent.awaiting_key, parent.skip_value = False, True
        if len(self.stack) >= self.limits.depth:
            self.stop(event, f"nested more than {self.limits.depth} levels deep; {noun} is much flatter")
        self.stack.append(_Frame(path, isinstance(event, yaml.MappingStartEvent), is_key=as_key,
                                 about=None if as_key else about))

    def key(self, parent: _Frame, event: yaml.ScalarEvent, tag: str) -> None:
        parent.awaiting_key = False
        parent.skip_value = True
        if tag == _MERGE:
            self.at(event, f"merge keys ('<<') are not allowed in {self.limits.noun}{self.limits.reuse_hint}",
                    parent.about)
            return
        if tag in (_BOOL, _NULL):       # `no:` or `~:` as a key means the word, not false or nothing
            tag = _STR
        try:
            key = _convert(tag, event.value)
        except _BadValue as exc:
            self.at(event, self.bad_value(exc), parent.about)
            return
        parent.key = key                # (a discarded value's problems are still about this key)
        if parent.path is None:
            return
        child = parent.path + (key,)
        if key in parent.value:
            first = self.located.key_marks.get(child, (0, 0))
            self.at(event, f"duplicate key {quoted(key)} (first defined at line {first[0]})", child)
            return
        self.located.key_marks[child] = _pos(event.start_mark)
        parent.key = key
        parent.skip_value = False

    def about_path(self) -> Path | None:
        """The path of a value that starts now, even inside something discarded (None inside a key)."""
        if not self.stack:
            return ()
        parent = self.stack[-1]
        if parent.about is None:
            return None
        if parent.is_map:
            return parent.about + ((parent.key,) if parent.key is not _MISSING else ())
        return parent.about + (len(parent.value),)

    def child_path(self, event: yaml.NodeEvent) -> Path | None:
        """The path of a value that starts now (None when it is discarded), its position recorded."""
        if not self.stack:
            path: Path | None = ()
        else:
            parent = self.stack[-1]
            if parent.path is None or (parent.is_map and parent.skip_value):
                path = None
            else:
                path = parent.path + ((parent.key,) if parent.is_map else (len(parent.value),))
        if path is not None:
            self.located.marks[path] = _pos(event.start_mark)
        return path

    def deliver(self, value: Any, discard: bool = False) -> None:
        """A finished value goes into its parent (or becomes the document)."""
        if not self.stack:
            if not discard:
                self.located.data = value
            return
        parent = self.stack[-1]
        if parent.is_map:
            if not parent.skip_value and not discard and parent.path is not None:
                parent.value[parent.key] = value
            parent.awaiting_key, parent.skip_value, parent.key = True, False, _MISSING
        elif parent.path is not None:
            parent.value.append(None if discard else value)


def _convert(tag: str, text: str) -> Any:
    """The value of a plain scalar by its resolved tag; numbers are checked before they are made."""
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return SafeConstructor.bool_values[text.lower()]
    if tag == "tag:yaml.org,2002:int":
        digits = sum(ch.isdigit() for ch in text)
        if digits > MAX_DIGITS or len(text) > MAX_NUMBER_TEXT:
            raise _BadValue(f"number out of range (at most {MAX_DIGITS} digits): {shorten(text, 20)}")
        value = _CONSTRUCT.construct_yaml_int(yaml.ScalarNode(tag, text))
        if abs(value) >= 10 ** MAX_DIGITS:
            raise _BadValue(f"number out of range (at most {MAX_DIGITS} digits): {shorten(text, 20)}")
        return value
    if tag == "tag:yaml.org,2002:float":
        if len(text) > MAX_NUMBER_TEXT:
            raise _BadValue(f"number out of range: {shorten(text, 20)}")
        value = _CONSTRUCT.construct_yaml_float(yaml.ScalarNode(tag, text))
        if not math.isfinite(value):
            raise _BadValue(f"number out of range: {shorten(text, 20)}")
        return value
    control = _CONTROL.search(text)
    if control:        # written as an escape in double quotes: the reader only refuses raw ones
        raise _ControlCharacter(ord(control.group()))
    return text        # str, and what YAML 1.1 would make a date or a '=' value: text in a rules file
