"""A small declarative schema for rules files: types, ranges, choices, required and unknown keys.

Why hand-rolled: the checks must report positions from `Located`, collect every error in one pass and
stay dependency-free; the vocabulary below is all rules files need. Families describe their own keys
with the same building blocks, so a family's YAML is validated as strictly as the common part.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import quoted
from .message import shorten
from .yamlsource import Located, Path


class Spec:
    """Checks a value at `path`, reporting problems into `located`."""

    def check(self, value: Any, path: Path, located: Located, partial: bool = False) -> None:
        raise NotImplementedError

    @property
    def name(self) -> str:
        return type(self).__name__.lower()


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    return {dict: "a mapping", list: "a list", str: "text", int: "a whole number",
            float: "a number"}.get(type(value), type(value).__name__)


def _number(value: float) -> str:
    return str(value) if isinstance(value, int) else f"{value:g}"


@dataclass
class Number(Spec):
    """A number (never true/false) in [min, max]; `Int` wants a whole one."""

    min: float | None = None
    max: float | None = None
    whole: ClassVar[bool] = False

    def check(self, value, path, located, partial=False):
        if isinstance(value, bool) or not isinstance(value, int if self.whole else (int, float)):
            located.error(path, f"expected {'a whole number' if self.whole else 'a number'}, got {_describe(value)}")
            return
        if self.min is not None and value < self.min:
            located.error(path, f"must be at least {_number(self.min)}, got {_number(value)}")
        if self.max is not None and value > self.max:
            located.error(path, f"must be at most {_number(self.max)}, got {_number(value)}")


@dataclass
class Int(Number):
    whole: ClassVar[bool] = True


@dataclass
class Choice(Spec):
    """One of a few fixed values of any type (e.g. the offered animation speeds)."""

    values: tuple[Any, ...]

    def check(self, value, path, located, partial=False):
        if isinstance(value, bool) != isinstance(self.values[0], bool) or value not in self.values:
            located.error(path, f"unknown value {quoted(value)}; expected one of: "
                                f"{', '.join(str(v) for v in self.values)}")


@dataclass
class Bool(Spec):
    def check(self, value, path, located, partial=False):
        if not isinstance(value, bool):
            located.error(path, f"expected true or false, got {_describe(value)}")


@dataclass
class Str(Spec):
    """Text; optionally one of `choices`, at most `max_len` characters, one line (no control characters)."""

    choices: tuple[str, ...] | None = None
    max_len: int | None = None
    one_line: bool = False

    def check(self, value, path, located, partial=False):
        if not isinstance(value, str):
            located.error(path, f"expected text, got {_describe(value)}")
        elif self.choices is not None and value not in self.choices:
            located.error(path, f"unknown value {quoted(value)}; expected one of: {', '.join(self.choices)}")
        elif self.max_len is not None and len(value) > self.max_len:
            located.error(path, f"at most {self.max_len} characters, got {len(value):,}")
        elif self.one_line and any(ch < " " or "\x7f" <= ch <= "\x9f" for ch in value):
            located.error(path, "expected one line of text (no line breaks or control characters)")


@dataclass
class ListOf(Spec):
    item: Spec
    min_len: int = 0
    max_len: int | None = None

    def check(self, value, path, located, partial=False):
        if not isinstance(value, list):
            located.error(path, f"expected a list, got {_describe(value)}")
            return
        if len(value) < self.min_len:
            located.error(path, f"needs at least {self.min_len} entries, got {len(value)}")
        if self.max_len is not None and len(value) > self.max_len:
            located.error(path, f"at most {self.max_len} entries, got {len(value):,}")
            return
        for i, item in enumerate(value):
            self.item.check(item, path + (i,), located, partial)


@dataclass
class Maybe(Spec):
    """Nothing (YAML null), or a value `spec` accepts."""

    spec: Spec

    def check(self, value, path, located, partial=False):
        if value is not None:
            self.spec.check(value, path, located, partial)


@dataclass
class Tuple(Spec):
    """A list of a fixed length whose entries each have their own spec (e.g. a move: [seat, text])."""

    items: tuple[Spec, ...]

    def check(self, value, path, located, partial=False):
        if not isinstance(value, list):
            located.error(path, f"expected a list of {len(self.items)} entries, got {_describe(value)}")
            return
        if len(value) != len(self.items):
            located.error(path, f"expected a list of {len(self.items)} entries, got {len(value)}")
            return
        for i, (item, spec) in enumerate(zip(value, self.items)):
            spec.check(item, path + (i,), located, partial)


@dataclass
class DictOf(Spec):
    """A mapping with free keys checked by `key` and values by `value` (e.g. card value -> count)."""

    key: Spec
    value: Spec

    def check(self, value, path, located, partial=False):
        if not isinstance(value, dict):
            located.error(path, f"expected a mapping, got {_describe(value)}")
            return
        for k, v in value.items():
            probe = Located(located.source, marks=located.marks, key_marks=located.key_marks)
            self.key.check(k, path + (k,), probe)
            for d in probe.diagnostics:
                located.error(path + (k,), f"key {quoted(k)}: {d.message}", key=True)
            self.value.check(v, path + (k,), located, partial)


@dataclass
class Map(Spec):
    """A mapping with known keys. Unknown keys are errors (or ignored: `ignore_unknown`, for files a
    newer version may have written); `required` keys must be present."""

    fields: dict[str, Spec] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    ignore_unknown: bool = False

    def check(self, value, path, located, partial=False):
        if not isinstance(value, dict):
            located.error(path, f"expected a mapping, got {_describe(value)}")
            return
        for key, item in value.items():
            spec = self.fields.get(key)
            if spec is None:
                if self.ignore_unknown:
                    continue
                known = ", ".join(sorted(self.fields))
                located.error(path + (key,), f"unknown key {quoted(key)}; known keys here: {known}", key=True)
                continue
            spec.check(item, path + (key,), located, partial)
        if not partial:
            for key in self.required:
                if key not in value:
                    where = "at the top level" if not path else "in " + shorten(".".join(map(str, path)), 60)
                    located.error(path, f"missing required key {key!r} {where}")

    def extended(self, fields: dict[str, Spec], required: tuple[str, ...] = ()) -> "Map":
        return Map({**self.fields, **fields}, self.required + required, self.ignore_unknown)


class AnyMapping(Spec):
    """A mapping whose keys are checked elsewhere (variant overlays are checked on their own)."""

    def check(self, value, path, located, partial=False):
        if not isinstance(value, dict):
            located.error(path, f"expected a mapping, got {_describe(value)}")
