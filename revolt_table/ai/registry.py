"""Build agents from their names: `random`, `ai:easy`, `ai:normal`, `ai:hard`.

Each family may register its own heuristic; a family without one falls back to random play for the
easy and normal levels, and every family gets the generic determinized search for `ai:hard`.
"""

from __future__ import annotations

from typing import Callable

from ..engine.rules import Rules
from .base import Agent, RandomAgent
from .search import DeterminizedSearchAgent

AGENT_NAMES = ("random", "ai:easy", "ai:normal", "ai:hard")

HeuristicFactory = Callable[[Rules, str], Agent]


def _majority(rules: Rules, level: str) -> Agent:
    from .majority_ai import MajorityHeuristicAgent
    return MajorityHeuristicAgent(rules, noise=0.5 if level == "ai:easy" else 0.0)


HEURISTICS: dict[str, HeuristicFactory] = {"majority": _majority}


def make_agent(spec: str, rules: Rules, *, iterations: int | None = None,
               time_budget: float | None = None) -> Agent:
    """The agent named `spec` for games of `rules`; ValueError for an unknown name."""
    if spec == "random":
        return RandomAgent()
    if spec in ("ai:easy", "ai:normal"):
        factory = HEURISTICS.get(rules.family.name)
        agent = factory(rules, spec) if factory else RandomAgent()
        agent.name = spec
        return agent
    if spec == "ai:hard":
        agent = DeterminizedSearchAgent(rules, iterations=iterations or 240, time_budget=time_budget)
        return agent
    raise ValueError(f"unknown agent {spec!r}; expected one of: {', '.join(AGENT_NAMES)}")
