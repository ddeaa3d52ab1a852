"""Build agents from their names: `random`, `ai:easy`, `ai:normal`, `ai:hard`.

A family's AI module is found through its registration (`revolt_table.engine.family`): it may offer
`make_heuristic(rules, level)` (easy, normal) and `make_hard(rules, iterations, time_budget)`. A family
without one falls back to random play for the easy and normal levels, and every family gets the
generic determinized search for `ai:hard`.
"""

from __future__ import annotations

from types import ModuleType

from ..engine.family import ai_module
from ..engine.rules import Rules
from .base import Agent, RandomAgent
from .search import DeterminizedSearchAgent

AGENT_NAMES = ("random", "ai:easy", "ai:normal", "ai:hard")


def family_ai_module(rules: Rules) -> ModuleType | None:
    """The AI module registered for the family of `rules`, or None if it has none."""
    return ai_module(rules.family.name)


def family_heuristic(rules: Rules, level: str) -> Agent | None:
    module = family_ai_module(rules)
    return module.make_heuristic(rules, level) if module and hasattr(module, "make_heuristic") else None


def make_agent(spec: str, rules: Rules, *, iterations: int | None = None,
               time_budget: float | None = None) -> Agent:
    """The agent named `spec` for games of `rules`; ValueError for an unknown name."""
    if spec == "random":
        return RandomAgent()
    if spec in ("ai:easy", "ai:normal"):
        agent = family_heuristic(rules, spec) or RandomAgent()
        agent.name = spec
        return agent
    if spec == "ai:hard":
        module = family_ai_module(rules)
        if module is not None and hasattr(module, "make_hard"):
            agent = module.make_hard(rules, iterations=iterations, time_budget=time_budget)
        else:
            agent = DeterminizedSearchAgent(rules, iterations=iterations or 240, time_budget=time_budget)
        agent.name = spec
        return agent
    raise ValueError(f"unknown agent {spec!r}; expected one of: {', '.join(AGENT_NAMES)}")
