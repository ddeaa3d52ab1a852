"""Dou Dizhu's statistics (the climbing family's `records` module): what a deal adds to a player's figures.

From each replayed deal (its typed events and final public info, never state internals): who was
landlord, which side won, each seat's highest bid and number of bids, and the bombs and rockets it
played (`ClimbingFacts`). Over a player's deals: the landlord and farmer win rates (here a side's win is
a whole win: the farmers won or they did not), how often the player bid (deals with at least one bid)
and how high (the highest bid per deal, its mean and spread), and bombs and rockets (`ClimbingStats`,
whose `rows()` are the Statistics screen's lines). records/stats.py calls these through `STATISTICS`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from revolt_table.services.i18n import t

from .replay import Replayed
from .stats import K, mean, number, percent, rate

FAMILY = "climbing"


@dataclass(frozen=True, slots=True)
class ClimbingFacts:
    """What a Dou Dizhu deal tells beyond its scores, per seat where it is per seat."""

    landlord: int
    side: str                     # the side that won: "landlord" or "farmers"
    top_bids: tuple[int, ...]     # each seat's highest bid in the game (0: never bid)
    bids: tuple[int, ...]         # how many bids (not passes) each seat made, redeals included
    bombs: tuple[int, ...]
    rockets: tuple[int, ...]
    family = FAMILY               # whose statistics module reads these (records/stats.py)


@dataclass(frozen=True, slots=True)
class ClimbingStats:
    games: int                    # the player's Dou Dizhu games that replay
    landlord_games: int
    landlord_wins: int
    landlord_rate: float | None
    farmer_games: int
    farmer_wins: int              # games the farmers' side won with the player on it
    farmer_rate: float | None
    bid_games: int                # games in which the player bid at least once
    bid_rate: float | None
    bids: int                     # bids made (not passes), redeals included
    mean_top_bid: float | None    # the mean of the player's highest bid, over bid_games
    top_bids: tuple[tuple[int, int], ...]   # (highest bid, games), ascending by bid
    bombs: int
    rockets: int
    bombs_per_game: float | None  # (bombs + rockets) / games

    def heading(self, game: str) -> str:
        """The title over `rows` (`game`: the game's name)."""
        return t(K + "climbing", game=game)

    def rows(self) -> list[tuple[str, str]]:
        """Dou Dizhu's own figures as (label, value) texts."""
        side = K + "side_value"
        return [(t(K + "landlord"), t(side, rate=percent(self.landlord_rate), wins=self.landlord_wins,
                                      games=self.landlord_games)),
                (t(K + "farmer"), t(side, rate=percent(self.farmer_rate), wins=self.farmer_wins,
                                    games=self.farmer_games)),
                (t(K + "bid_rate"), percent(self.bid_rate)),
                (t(K + "bids"), t(K + "bids_value", bids=self.bids, mean=number(self.mean_top_bid))),
                (t(K + "bombs"), t(K + "bombs_value", bombs=self.bombs, rockets=self.rockets,
                                   per_game=number(self.bombs_per_game, 2)))]


class ClimbingStatistics:
    """The climbing family's statistics hooks (records/stats.py: `FamilyStatistics`)."""

    def facts(self, replayed: Replayed) -> ClimbingFacts:
        """Landlord, winning side, bids and bombs of a replayed Dou Dizhu game: from its Bid and Doubled
        events and its final public info (ClimbingInfo.landlord, .result.side)."""
        n = replayed.entry.players
        top, bids, bombs, rockets = [0] * n, [0] * n, [0] * n, [0] * n
        for step in replayed.steps:
            for event in step.events:
                kind = event.kind
                if kind == "Bid" and event.amount > 0:
                    bids[event.seat] += 1
                    top[event.seat] = max(top[event.seat], event.amount)
                elif kind == "Doubled" and event.seat is not None:
                    if event.reason == "bomb":
                        bombs[event.seat] += 1
                    elif event.reason == "rocket":
                        rockets[event.seat] += 1
        info = replayed.state.view(None).info
        return ClimbingFacts(info.landlord, info.result.side, tuple(top), tuple(bids), tuple(bombs), tuple(rockets))

    def to_json(self, c: ClimbingFacts) -> dict[str, Any]:
        return {"landlord": c.landlord, "side": c.side, "top_bids": list(c.top_bids), "bids": list(c.bids),
                "bombs": list(c.bombs), "rockets": list(c.rockets)}

    def from_json(self, c: Any, players: int) -> ClimbingFacts:
        """Cached facts back; ValueError (or TypeError, KeyError) when they are out of shape."""
        rows = [tuple(c[k]) for k in ("top_bids", "bids", "bombs", "rockets")]
        if (c["landlord"].__class__ is not int or not 0 <= c["landlord"] < players
                or c["side"] not in ("landlord", "farmers")
                or any(len(r) != players or any(v.__class__ is not int or not 0 <= v <= 10_000 for v in r)
                       for r in rows)):
            raise ValueError("facts: bad Dou Dizhu facts")
        return ClimbingFacts(c["landlord"], c["side"], *rows)

    def summary(self, games: list[tuple[ClimbingFacts, int]]) -> ClimbingStats:
        """A player's figures over their deals that replay: (facts, the player's seat) per deal."""
        lord = [c for c, seat in games if c.landlord == seat]
        farm = [c for c, seat in games if c.landlord != seat]
        lord_wins = sum(1 for c in lord if c.side == "landlord")
        farm_wins = sum(1 for c in farm if c.side == "farmers")
        tops = [c.top_bids[seat] for c, seat in games if c.top_bids[seat] > 0]
        bombs = sum(c.bombs[seat] for c, seat in games)
        rockets = sum(c.rockets[seat] for c, seat in games)
        n = len(games)
        return ClimbingStats(
            games=n, landlord_games=len(lord), landlord_wins=lord_wins, landlord_rate=rate(lord_wins, len(lord)),
            farmer_games=len(farm), farmer_wins=farm_wins, farmer_rate=rate(farm_wins, len(farm)),
            bid_games=len(tops), bid_rate=rate(len(tops), n), bids=sum(c.bids[seat] for c, seat in games),
            mean_top_bid=mean(tops), top_bids=tuple(sorted(Counter(tops).items())), bombs=bombs, rockets=rockets,
            bombs_per_game=rate(bombs + rockets, n))


STATISTICS = ClimbingStatistics()
