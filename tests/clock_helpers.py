"""A clock for tests of the search's deadline: it runs out at a given reading, not at a given time, so
where a decision stops does not depend on the machine's speed or load."""

from __future__ import annotations

from revolt_table.ai.budget import Budget, Clock


class Readings(Clock):
    """Expired from its `after`-th reading on; `read` counts the readings."""

    def __init__(self, after: int) -> None:
        super().__init__(None)
        self.after, self.read = after, 0

    def expired(self) -> bool:
        self.read += 1
        return self.read >= self.after


class ReadingsBudget(Budget):
    """A budget whose decisions get `Readings(seconds)`: `seconds` counts readings here."""

    def clock(self) -> Clock:
        return Readings(int(self.seconds))
