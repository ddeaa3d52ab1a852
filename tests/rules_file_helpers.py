"""Broken copies of a bundled rules file for the tests of its error messages."""

from __future__ import annotations

import pytest

from revolt_table.engine import RulesError, validate_file


def reported(rules, tmp_path, old: str, new: str) -> str:
    """The error a copy of `rules`' file with `old` replaced by `new` gives (it must give one), naming
    the copy's path, line and column."""
    text = rules.path.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(RulesError) as info:
        validate_file(path)
    assert "broken.yaml:" in str(info.value)
    return str(info.value)
