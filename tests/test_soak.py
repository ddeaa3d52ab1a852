"""benchmarks/soak.py: a quick soak of RevoltaaA passes every check and prints its cells; the checks
find what they are for (a state that plays the caller's payload, a view that leaks into the state)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from revolt_table.engine import Move
from revolt_table.games.majority import MajorityState

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "soak.py"


@pytest.fixture(scope="module")
def soak():
    spec = importlib.util.spec_from_file_location("soak", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["soak"] = module            # its dataclasses look their module up while being made
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("soak", None)


def test_quick_soak_passes_and_prints_every_cell(soak, capsys):
    assert soak.main(["--quick", "--only", "revoltaaa"]) == 0
    out = capsys.readouterr().out
    for cell in ("revoltaaa 3p", "revoltaaa 5p", "revoltaaa/bananas 4p"):
        assert cell in out
    assert "total                           24" in out


def test_soak_finds_a_state_that_plays_the_callers_payload(soak, monkeypatch, capsys):
    def trusting(self, seat, move):          # the old bug: the text is checked, the caller's Move applied
        if isinstance(move, Move) and self.canonical_move(seat, move.text):
            self.history.append((seat, move.text))
            return by_payload(self, seat, move)
        return real_apply(self, seat, move)

    def by_payload(self, seat, move):        # and _apply believes the payload
        return real_private(self, seat, self.t.moves[move.payload] if isinstance(move.payload, int) else move)

    real_apply, real_private = MajorityState.apply, MajorityState._apply
    monkeypatch.setattr(MajorityState, "apply", trusting)
    assert soak.main(["--quick", "--only", "revoltaaa"]) == 1
    assert "forged payload" in capsys.readouterr().out


def test_soak_finds_a_view_that_leaks_into_the_state(soak, monkeypatch, capsys):
    shared = {"round": 1}
    monkeypatch.setattr(MajorityState, "public_info", lambda self: shared)
    monkeypatch.setattr("revolt_table.engine.state._private_copy", lambda value: value)
    assert soak.main(["--quick", "--only", "revoltaaa"]) == 1
    assert "writing into a view changed" in capsys.readouterr().out
