"""Build agents from their names: `random`, `ai:easy`, `ai:normal`, `ai:hard`.

Each family may register its own heuristic; a family without one falls back to random play for the
easy and normal levels, and every family gets the generic determinized search for `ai:hard`.
"""

from __future__ import annotations

import importlib

from ..engine.family import FAMILY_MODULES
from ..engine.rules import Rules
from .base import Agent, RandomAgent
from .search import DeterminizedSearchAgent

AGENT_NAMES = ("random", "ai:easy", "ai:normal", "ai:hard")

def family_ai_module(rules: Rules):
    """The family's AI module `revolt_table.ai.<family>_ai`, or None if it has none.

    Convention over a shared table: adding a family's AI touches only its own module, which may
    offer `make_heuristic(rules, level)` (easy, normal) and `make_hard(rules, iterations, time_budget)`.
    """
    family = rules.family.name
    if family not in FAMILY_MODULES:
        return None
    try:
        return importlib.import_module(f"revolt_table.ai.{family}_ai")
    except ModuleNotFoundError as exc:
        if exc.name == f"revolt_table.ai.{family}_ai":
            return None
        raise


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
