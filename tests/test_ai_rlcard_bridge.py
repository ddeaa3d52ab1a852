"""benchmarks/doudizhu_vs_rlcard.py: card strings in RLCard's form, a clear message without RLCard
(an optional extra, never a runtime dependency), and a one-deal run when it is installed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bridge():
    sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location("doudizhu_vs_rlcard", ROOT / "benchmarks" / "doudizhu_vs_rlcard.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_card_strings_in_rlcard_order(bridge):
    assert bridge.rl_cards("2T3B") == "3T2B"
    assert bridge.rl_hand(("RJ", "2D", "TS", "3C", "BJ", "TH")) == "3TT2BR"


def test_without_rlcard_it_says_so(bridge, monkeypatch, capsys):
    monkeypatch.setattr(bridge, "rlcard_available", lambda: "ModuleNotFoundError: No module named 'rlcard'")
    assert bridge.main(["--deals", "1"]) == 0
    assert "RLCard is not installed" in capsys.readouterr().out


def test_one_deal_per_pairing_when_rlcard_is_installed(bridge, capsys):
    if bridge.rlcard_available() is not None:
        pytest.skip("rlcard (optional extra) not installed")
    assert bridge.main(["--deals", "1", "--workers", "1", "--iterations", "8", "--levels", "ai:normal"]) == 0
    out = capsys.readouterr().out
    assert out.count("rlcard-rule-v1") == 4 and "Rule-agent answers not legal here: 0" in out


def test_time_cap_reaches_our_agents(bridge, monkeypatch, capsys):
    """`--time-cap` plays ai:hard as the game's AI worker does: every agent of ours gets the cap."""
    if bridge.rlcard_available() is not None:
        pytest.skip("rlcard (optional extra) not installed")
    caps = []
    real = bridge.make_agent

    def recording(name, rules, **kwargs):
        caps.append((name, kwargs.get("time_budget")))
        return real(name, rules, **kwargs)

    monkeypatch.setattr(bridge, "make_agent", recording)
    assert bridge.main(["--deals", "1", "--workers", "1", "--iterations", "8", "--levels", "ai:hard",
                        "--time-cap", "0.9"]) == 0
    assert caps and all(cap == 0.9 for _, cap in caps)
    assert "ai:hard time cap 0.9" in capsys.readouterr().out
