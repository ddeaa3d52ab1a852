"""Finds move texts parsed or built outside revolt_table/games (tests/test_move_texts.py; also a script).

Why: a move's text (`fight:T3+E2+sp1`, `cut:B7`, `bid2`) is its notation for files, saves and tests
(each game module's header documents its family's); what a move *is* reaches the table, the AI and the
hints as a typed descriptor (`MoveInfo`: kind, cards, target, amount, label) that the family publishes.
Code in revolt_table/ui and revolt_table/ai that splits a text again, or glues one together, copies the
family's notation and breaks when it changes. This walks every module of those two packages (the tree,
not a list of files) and reports, per line:

- parsing: a move text (an expression `<x>.text`, a name bound from one, or a parameter `text` of a
  function that also takes a game's context: `rules`, `phase`, `hand`, `view`...) given to a string method
  (split, partition, startswith, removeprefix, isdigit...), sliced or indexed, iterated, searched with
  `in`, or handed to `re`, `int` or `len`;
- building: `Move(...)` made outside games/ (a consumer picks one of the legal moves or a descriptor's
  `.move`); an f-string, a concatenation or a `join` passed to the engine as a move (`refusal`,
  `parse_move`, `legal_move`, `canonical_move`, `apply`, `play`) directly or through a name, or compared
  with a move text.

Other texts are left alone: `self.<...>.text` (a widget's own), and `.text` read from something named as a
holder of other texts (`notice.text`, `field.text`: OTHER_TEXTS). Any other line that reads a `.text` that
is not a move (typed keyboard input) says so with the marker `# not a move` and is skipped.

    python tests/move_text_scan.py [ROOT]      # prints each finding and the count
"""

from __future__ import annotations

import ast
import os
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGES = ("revolt_table/ui", "revolt_table/ai")
MARKER = "# not a move"
STRING_METHODS = frozenset({
    "split", "rsplit", "partition", "rpartition", "startswith", "endswith", "removeprefix", "removesuffix",
    "find", "rfind", "index", "rindex", "count", "isdigit", "isdecimal", "isnumeric", "isalpha", "replace",
    "strip", "lstrip", "rstrip", "lower", "upper", "casefold", "splitlines", "encode", "format"})
PARSING_CALLS = frozenset({"int", "len", "list", "tuple", "set", "sorted", "reversed", "iter"})
MOVE_SINKS = frozenset({"refusal", "parse_move", "legal_move", "canonical_move", "apply", "play", "is_legal"})
#: a parameter named `text` is a move text when the function also takes one of these (a game's context)
GAME_PARAMS = frozenset({"rules", "phase", "hand", "view", "seat", "legal", "moves", "selected"})


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


#: holders of other texts, by the name of what `.text` is read from (`notice.text`, `self.field.text`)
OTHER_TEXTS = frozenset({"field", "notice", "label", "button", "widget", "block", "caption", "title", "tooltip",
                         "textfield", "line", "paragraph", "licence", "license"})


def _is_text_attr(node: ast.AST) -> bool:
    """`<x>.text` where x is not `self` (a widget's own caption) nor named as a holder of other texts."""
    if not (isinstance(node, ast.Attribute) and node.attr == "text"):
        return False
    owner = node.value
    name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
    if name.lower() in OTHER_TEXTS:
        return False
    root = owner
    while isinstance(root, ast.Attribute):
        root = root.value
    return not (isinstance(root, ast.Name) and root.id == "self")


def _is_built(node: ast.AST) -> bool:
    """An f-string, a string concatenation or a `"sep".join(...)`."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return any(isinstance(side, (ast.Constant, ast.JoinedStr)) and
                   (not isinstance(side, ast.Constant) or isinstance(side.value, str))
                   for side in (node.left, node.right)) or _is_built(node.left) or _is_built(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)
    return False


class _Scope(ast.NodeVisitor):
    """One function (or module body): names bound from move texts, names bound from built strings."""

    def __init__(self, scan: "_Module") -> None:
        self.scan = scan
        self.texts: set[str] = set()
        self.built: set[str] = set()

    # ---------------------------------------------------------------- what a name holds
    def is_text(self, node: ast.AST) -> bool:
        if _is_text_attr(node):
            return True
        if isinstance(node, ast.Name) and node.id in self.texts:
            return True
        # a piece of a text is still a text: m.text.split(":")[0], text[4:]
        if isinstance(node, ast.Subscript):
            return self.is_text(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in STRING_METHODS:
            return self.is_text(node.func.value)
        return False

    def _bind(self, target: ast.AST, value: ast.AST) -> None:
        names = [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
        if self.is_text(value):
            self.texts.update(names)
        if _is_built(value):
            self.built.update(names)

    # ---------------------------------------------------------------- visiting
    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        inner = _Scope(self.scan)
        inner.texts, inner.built = set(self.texts), set(self.built)
        params = {a.arg for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]}
        if "text" in params and params & GAME_PARAMS:
            inner.texts.add("text")
        else:
            inner.texts.discard("text")
        for stmt in node.body:
            inner.visit(stmt)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        for target in node.targets:
            self._bind(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.generic_visit(node)
        if node.value is not None:
            self._bind(node.target, node.value)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.generic_visit(node)
        self._bind(node.target, node.value)

    def visit_For(self, node: ast.For) -> None:
        if self.is_text(node.iter):
            self.scan.add(node, "iterates over a move text")
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        if self.is_text(node.iter):
            self.scan.add(node.iter, "iterates over a move text")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in STRING_METHODS and self.is_text(func.value):
            self.scan.add(node, f"parses a move text ({func.attr})")
        elif isinstance(func, ast.Name) and func.id in PARSING_CALLS and node.args and self.is_text(node.args[0]):
            self.scan.add(node, f"parses a move text ({func.id})")
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "re" \
                and any(self.is_text(a) for a in node.args):
            self.scan.add(node, f"parses a move text (re.{func.attr})")
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name == "Move":
            self.scan.add(node, "builds a Move outside games/")
        elif name in MOVE_SINKS:
            for arg in node.args:
                if _is_built(arg) or (isinstance(arg, ast.Name) and arg.id in self.built):
                    self.scan.add(node, f"builds a move text for {name}()")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if self.is_text(node.value):
            self.scan.add(node, "slices or indexes a move text")
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        sides = [node.left, *node.comparators]
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)) and self.is_text(right):
                self.scan.add(node, "searches a move text (in)")
        if any(self.is_text(s) for s in sides) and any(_is_built(s) or (isinstance(s, ast.Name) and s.id in self.built)
                                                         for s in sides):
            self.scan.add(node, "compares a move text with a built string")
        self.generic_visit(node)


class _Module:
    def __init__(self, path: str, source: str) -> None:
        self.path = path
        self.lines = source.splitlines()
        self.findings: list[Finding] = []
        self._seen: set[int] = set()

    def add(self, node: ast.AST, what: str) -> None:
        line = getattr(node, "lineno", 0)
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        end = getattr(node, "end_lineno", line) or line
        marked = any(MARKER in self.lines[k - 1] for k in range(line, end + 1) if 0 < k <= len(self.lines))
        if marked or line in self._seen:
            return
        self._seen.add(line)
        self.findings.append(Finding(self.path, line, f"{what}: {text.strip()[:100]}"))


def scan_source(path: str, source: str) -> list[Finding]:
    module = _Module(path, source)
    _Scope(module).visit(ast.parse(source, filename=path))
    return module.findings


def scan(root: Path) -> list[Finding]:
    """Every finding under the packages of `root` (a checkout), walking their folders."""
    out: list[Finding] = []
    for package in PACKAGES:
        for folder, dirs, files in os.walk(root / package):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".py"):
                    path = Path(folder) / name
                    out += scan_source(str(path.relative_to(root)), path.read_text(encoding="utf-8"))
    return out


if __name__ == "__main__":
    base = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
    found = scan(base)
    for finding in found:
        print(finding)
    print(f"{len(found)} move-text parses or builds outside games/ in {', '.join(PACKAGES)}")
