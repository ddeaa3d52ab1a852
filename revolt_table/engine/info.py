"""The public, non-card facts of a game, as a typed and immutable record.

Each family describes its public info (phase, leader, bids, the last verdict...) as a frozen
dataclass deriving from `Info`; `view.info` is that record. Why typed: the UI and the AI read fields
that a type checker and a reader can follow (`view.info.pending_take`), not string keys documented
only in prose. Why immutable: a view is handed to agents and tables; nothing one consumer does may
change what another sees or what the state holds. Fields therefore hold only ints, strings, None,
tuples and other frozen records (a Message, a nested frozen dataclass), never dicts or lists; a test
checks this by hashing every view's info.

`Info` also answers `info["field"]` and `info.get("field")` so that code and tools written against
the older dict form keep working; new code should use attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Iterator


@dataclass(frozen=True)
class Info:
    """Base of every family's public info record."""

    def __getitem__(self, key: str) -> Any:
        if key in self._names():
            return getattr(self, key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key) if key in self._names() else default

    def __contains__(self, key: object) -> bool:
        return key in self._names()

    def keys(self) -> Iterator[str]:
        return iter(self._names())

    def _names(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self))

