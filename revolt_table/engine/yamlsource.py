"""Read YAML safely while remembering where every key and value came from.

Why not `yaml.safe_load`: validation messages must point at `path:line:column`, duplicate keys must be
errors (safe_load silently keeps the last one), and a file must report all its problems at once. We
compose the node tree with the SafeLoader (no Python tags, no code), then build plain data ourselves,
recording the position of every value and every key by its path (a tuple of keys and list indices).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from .errors import Diagnostic

Path = tuple  # a path into the data: ("variants", "bananas", "deal")


@dataclass
class Located:
    """Plain data plus positions: `marks[path]` is where a value starts, `key_marks[path]` its key."""

    source: str
    data: Any = None
    marks: dict[Path, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Path, tuple[int, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

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


def _pos(mark: yaml.Mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


def load_located(text: str, source: str) -> Located:
    """Parse `text`; syntax errors, duplicate keys and non-string keys become diagnostics."""
    located = Located(source)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = _pos(mark) if mark else (1, 1)
        problem = exc.problem or "invalid YAML"
        located.diagnostics.append(Diagnostic(source, line, column, f"YAML syntax error: {problem}"))
        return located
    except yaml.YAMLError as exc:  # pragma: no cover - non-marked errors are rare
        located.diagnostics.append(Diagnostic(source, 1, 1, f"YAML error: {exc}"))
        return located
    if node is None:
        located.diagnostics.append(Diagnostic(source, 1, 1, "the file is empty"))
        return located
    located.data = _build(node, (), located, SafeConstructor())
    return located


_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _build(node: yaml.Node, path: Path, located: Located, constructor: SafeConstructor) -> Any:
    located.marks[path] = _pos(node.start_mark)
    if not isinstance(node, yaml.ScalarNode) and node.tag not in _PLAIN_TAGS:
        located.diagnostics.append(Diagnostic(located.source, *_pos(node.start_mark),
                                              f"the tag {node.tag!r} is not allowed in a rules file"))
        return None
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                located.diagnostics.append(Diagnostic(located.source, *_pos(key_node.start_mark),
                                                      "a key must be a plain value"))
                continue
            key = constructor.construct_object(key_node)
            if key_node.tag == "tag:yaml.org,2002:merge":
                located.diagnostics.append(Diagnostic(located.source, *_pos(key_node.start_mark),
                                                      "merge keys ('<<') are not supported"))
                continue
            child = path + (key,)
            if key in result:
                first = located.key_marks.get(child, (0, 0))
                located.diagnostics.append(Diagnostic(
                    located.source, *_pos(key_node.start_mark),
                    f"duplicate key {key!r} (first defined at line {first[0]})"))
                continue
            located.key_marks[child] = _pos(key_node.start_mark)
            result[key] = _build(value_node, child, located, constructor)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), located, constructor) for i, item in enumerate(node.value)]
    try:
        return constructor.construct_object(node)
    except yaml.constructor.ConstructorError as exc:
        problem = exc.problem or "cannot read this value"
        located.diagnostics.append(Diagnostic(located.source, *_pos(node.start_mark), problem))
        return None
