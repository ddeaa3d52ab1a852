"""The climbing (shedding) family: Dou Dizhu as Cardavia plays it (rules/doudizhu.yaml).

Three seats bid for the landlord's seat; the landlord takes the three bottom cards (shown to all),
leads, and plays alone against the two farmers. Each play must beat the table's combination (same
type and length, higher) or be a bomb/rocket; two passes in a row give the lead back to the last
player who played. The deal ends the moment a hand is empty. Combinations and comparison live in
`doudizhu_combos.py`; this module adds the deal, bidding, turn order, multiplier and scoring.

Representation (why): the hot path is legal-move generation, so each hand is kept twice, as a packed
rank key (3 bits per rank, what `doudizhu_combos` generates from) and as a bitmask of concrete cards
(bit 4*rank + suit; jokers at 52 and 56) so that applying a move picks concrete cards with a table
look-up. Clone copies a handful of ints and short lists.

Card ids: `3S 3H 3D 3C 4S ... 2C`, `BJ` (black/small joker), `RJ` (red/big joker); suit order S H D C.
Moves: the ranks in `3456789TJQKA2BR` order (`3334`, `BR`), `pass`, and `bid1`..`bid3`. A bidding
pass is also `pass` (the Bid event records it as amount 0). A played move takes, for each rank, the
cards of the lowest suits (S before H before D before C) held. A legal Move's payload is its packed rank
key (a play), its amount (a bid) or -1 (`pass`): the family's AI reads these on its hot path; everyone
else reads the descriptors of climbing_moves.py (`MoveInfo`: kind, cards, amount, label).

Zones: `hand:<s>` (owner; public once the deal is over), `played:<s>` (public; one group per play,
in order), `bottom` (hidden; empty once the landlord took it: those cards are then in the landlord's
hand and listed publicly in `info.bottom_cards`), `unused` (hidden; only cards a special deal left
out).

The boundary (what the table and the AI may use; docs/design.md): `view.info` is a `ClimbingInfo`, a
frozen record of public facts only: ints, strings, None, tuples, Messages and the nested records
`Lead` (`info.lead`: the combination to beat and who leads), `LastPlay` (`info.last_plays`: each
seat's last action this trick, with its combination type and name) and `DealResult` (`info.result`,
once the deal is over). Field by field it is documented on the classes; `info["phase"]` still reads
like the old dict. The rules' numbers are `rules.params`, a `ClimbingParams` (deal sizes, highest
bid, redeal rule, doubling factors, the landlord's share). What a player reads is never English made
here: a combination's name (`doudizhu_combos.describe`), why a move is refused
(`state.refusal(seat, move)`, through `explain_refusal`) and the deal's explanation are Messages,
codes listed in `CODES` with English texts in assets/locale/en.climbing.yaml; rank names come from
those files by rank id. Why records rather than dicts: the table and the AI read named, typed fields
a reader can follow, and a view can never be used to change the state or another seat's view.
Search playouts, which run thousands of times a move, read `seat_facts(seat)` (a NamedTuple with the
seat's hand key and public facts) instead of building views.

Events: engine `Bid` (amount 0 = pass), `Played` (card ids and move text), `Passed`, `Dealt` (after a
redeal), `ScoreChanged`, `GameOver` (its explanation is the deal's Message); family `Redeal`,
`LandlordChosen`, `LeadRegained`, `Doubled`, `Spring`, `DealScored` (bid, multiplier, breakdown
((reason, factor) pairs), deltas, explanation).

The `deal=` format (tests and puzzles):
  {"hands": [[ids], [ids], [ids]],     # any sizes (17 each normally); cards not dealt go to `unused`
   "piles": {"bottom": [ids]},         # optional: the bottom cards
   "first_bidder": s,                  # optional: who bids first (default: drawn from the seed)
   "landlord": s, "bid": b}            # optional: skip the bidding; s takes the bottom and leads
A later redeal (all three passed) reshuffles all 54 cards from the seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..engine.events import Bid, Dealt, Event, GameOver, Passed, Played, ScoreChanged
from ..engine.info import Info
from ..engine.message import NOT_LEGAL, Message, Refusal
from ..engine.move import Move, MoveInfo
from ..engine.schema import Int, ListOf, Map, Str
from ..engine.state import GameState, View, Zone
from ..engine.memo import MemoTable
from . import climbing_moves
from . import doudizhu_combos as dz

# --- cards --------------------------------------------------------------------------------------

SUITS = "SHDC"
RANK_CHARS = dz.RANKS
CARD_IDS: tuple[str, ...] = tuple(f"{RANK_CHARS[r]}{s}" for r in range(13) for s in SUITS) + ("BJ", "RJ")
BIT_OF: dict[str, int] = {cid: 4 * (i // 4) + (i % 4) for i, cid in enumerate(CARD_IDS[:52])}
BIT_OF["BJ"] = 52
BIT_OF["RJ"] = 56
ID_OF_BIT: dict[int, str] = {b: c for c, b in BIT_OF.items()}
FULL_MASK = sum(1 << b for b in BIT_OF.values())
_NIB_BITS = tuple(tuple(b for b in range(4) if n >> b & 1) for n in range(16))


def _low_bits_table() -> tuple[tuple[int, ...], ...]:
    """_LOW[nibble][c] = the lowest c set bits of a suit nibble (the cards a move takes)."""
    table = []
    for nib in range(16):
        row = []
        for c in range(5):
            bits = _NIB_BITS[nib][:c]
            row.append(sum(1 << b for b in bits) if len(bits) == c else -1)
        table.append(tuple(row))
    return tuple(table)


_LOW = _low_bits_table()
# _NIB_IDS[shift][nibble]: the card ids of a nibble of suit bits at rank bit `shift` (ascending by suit)
_NIB_IDS = {4 * r: tuple(tuple(ID_OF_BIT[4 * r + b] for b in _NIB_BITS[nib] if 4 * r + b in ID_OF_BIT)
                         for nib in range(16)) for r in range(15)}


def mask_of(ids) -> int:
    m = 0
    for cid in ids:
        m |= 1 << BIT_OF[cid]
    return m


def ids_of(mask: int) -> tuple[str, ...]:
    """Card ids of a mask, ascending by rank then suit."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ID_OF_BIT[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def key_of(mask: int) -> int:
    """The packed rank key of a card mask."""
    k = 0
    for r in range(15):
        nib = (mask >> (4 * r)) & 15
        if nib:
            k += len(_NIB_BITS[nib]) << (3 * r)
    return k


_PARTS: dict[int, tuple[tuple[int, int], ...]] = MemoTable()


def _parts(key: int) -> tuple[tuple[int, int], ...]:
    """(4*rank, count) for every rank of a move key (cached)."""
    p = _PARTS.get(key)
    if p is None:
        p = _PARTS[key] = tuple((4 * r, (key >> (3 * r)) & 7) for r in range(15) if (key >> (3 * r)) & 7)
    return p


# --- moves --------------------------------------------------------------------------------------

PASS = Move("pass", -1)
_COMBO = dz._COMBO
_MOVES: dict[int, Move] = {}
_BY_TEXT: dict[str, tuple[Move, dz.Combo | None]] = {}     # the same Moves by text, with their combination


def move_of_key(key: int) -> Move:
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move(dz.to_text(key), key)
        _BY_TEXT[m.text] = (m, _COMBO.get(key) or dz.combo_of_key(key))
    return m


_GETMOVE = _MOVES.__getitem__


def _moves_of(keys: list[int]) -> list[Move]:
    """Moves for packed keys: a C-level map over the Move cache, filling it on a miss."""
    try:
        return list(map(_GETMOVE, keys))
    except KeyError:
        return [_MOVES.get(k) or move_of_key(k) for k in keys]


def _holds(mask: int, key: int) -> bool:
    """True if the card mask holds the ranks of `key`."""
    for shift, c in _PARTS.get(key) or _parts(key):
        if _LOW[(mask >> shift) & 15][c] < 0:
            return False
    return True


# --- family events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Redeal(Event):
    """All three passed: the cards are shuffled and dealt again (a new shuffle from the seed)."""

    number: int          # 1 for the first redeal of this game
    first_bidder: int

    def sentence(self) -> Message:
        return climbing_moves.redeal_sentence()


@dataclass(frozen=True, slots=True)
class LandlordChosen(Event):
    seat: int
    bid: int
    bottom: tuple[str, ...]   # the bottom cards, now face up for everybody and in the landlord's hand

    def sentence(self) -> Message:
        """Who is landlord, at what bid, and the bottom cards (the replay and the review say it)."""
        return climbing_moves.landlord_sentence(self.seat, self.bid, self.bottom)


@dataclass(frozen=True, slots=True)
class LeadRegained(Event):
    """Two passes in a row: the last player who played leads a new combination."""

    seat: int


@dataclass(frozen=True, slots=True)
class Doubled(Event):
    """The multiplier doubled: reason is "bomb", "rocket", "spring" or "reverse_spring"."""

    seat: int | None
    reason: str
    multiplier: int

    def sentence(self) -> Message:
        return climbing_moves.doubled_sentence(self.reason, self.multiplier)


@dataclass(frozen=True, slots=True)
class Spring(Event):
    which: str           # "spring" (landlord out, farmers never played) or "reverse_spring"
    multiplier: int


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    winner: int
    side: str                               # "landlord" or "farmers"
    landlord: int
    bid: int
    multiplier: int
    breakdown: tuple[tuple[str, int], ...]  # (reason, factor): bombs, rocket, spring... in order
    deltas: tuple[int, ...]
    explanation: Message | None = None      # climbing.result.landlord_wins / farmers_win


# --- parameters, public info, messages -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClimbingParams:
    """The numbers of a climbing rules file, compiled once (`rules.params`): deal, bidding, scoring."""

    hand: int              # cards dealt to each seat (17)
    bottom: int            # bottom cards, taken by the landlord (3)
    max_bid: int           # the highest bid; bidding it ends the bidding at once
    first_bidder: str      # "random": drawn from the game's seed
    after_redeal: str      # who bids first after a redeal: "next_seat", "random" or "same"
    bomb: int              # the multiplier is multiplied by this for each bomb...
    rocket: int            # ...each rocket...
    spring: int            # ...a spring...
    reverse_spring: int    # ...or a reverse spring
    landlord_share: int    # the landlord wins or loses this many times what each farmer does

    def factor(self, reason: str) -> int:
        """The factor of a doubling `reason`: "bomb", "rocket", "spring" or "reverse_spring"."""
        return {"bomb": self.bomb, "rocket": self.rocket, "spring": self.spring,
                "reverse_spring": self.reverse_spring}[reason]


def compile_params(rules) -> ClimbingParams:
    """The family's `compile_params` hook: `rules.params` for a validated climbing rules file."""
    d = rules.data
    bidding, scoring = d["bidding"], d["scoring"]
    return ClimbingParams(
        hand=d["deal"]["hand"], bottom=d["deal"]["bottom"], max_bid=bidding["max_bid"],
        first_bidder=bidding["first_bidder"], after_redeal=bidding["after_redeal"], bomb=scoring["bomb"],
        rocket=scoring["rocket"], spring=scoring["spring"], reverse_spring=scoring["reverse_spring"],
        landlord_share=scoring["landlord_share"])


@dataclass(frozen=True)
class LastPlay(Info):
    """A seat's last action in the current trick."""

    text: str                     # the move text ("3334"), or "pass"
    cards: tuple[str, ...]        # the card ids it played; () for a pass
    type: str                     # its combination type (doudizhu_combos.TYPES), or "pass"
    describe: Message | None      # its name (doudizhu_combos.describe); None for a pass


@dataclass(frozen=True)
class Lead(Info):
    """The combination to beat, and who leads."""

    owner: int                    # who played it (-1 before the first play of the deal)
    leader: int                   # who leads this trick (the seat to act when there is nothing to beat)
    to_beat: str | None           # its move text; None when the seat to act leads anything
    type: str | None              # its combination type
    describe: Message | None      # its name


@dataclass(frozen=True)
class DealResult(Info):
    """How the deal ended (public once it is over)."""

    winner: int                   # the seat that went out
    side: str                     # "landlord" or "farmers"
    unit: int                     # bid x multiplier: what each farmer wins or loses
    landlord_points: int          # what the landlord wins or loses (unit x landlord_share)
    spring: str | None            # "spring", "reverse_spring" or None
    breakdown: tuple[tuple[str, int], ...]   # (reason, factor) of every doubling, in order
    explanation: Message          # climbing.result.landlord_wins / farmers_win


@dataclass(frozen=True)
class ClimbingInfo(Info):
    """`view.info` of a Dou Dizhu deal: everything public (see the module docstring)."""

    phase: str                    # "bidding", "play" or "over"
    start_seat: int
    turn: int                     # the seat to act (the winner once the deal is over)
    first_bidder: int
    redeals: int
    bids: tuple[tuple[int, int], ...]          # (seat, amount) this deal; 0 = pass
    current_bid: int
    high_bidder: int              # -1 before anybody bid
    max_bid: int
    landlord: int | None          # None while bidding
    bid: int                      # the landlord's bid (0 while bidding)
    bottom_cards: tuple[str, ...]  # () until the landlord takes them
    multiplier: int
    doublings: tuple[tuple[str, int | None], ...]   # (reason, seat) in order; seat None for springs
    plays: tuple[int, ...]        # plays made per seat
    cards_left: tuple[int, ...]
    last: tuple[str | None, ...]  # each seat's last action this trick: move text, "pass" or None
    last_plays: tuple[LastPlay | None, ...]
    trick: tuple[tuple[int, str], ...]         # (seat, move text or "pass") this trick
    passes: int                   # passes in a row (bidding) / since the last play (play)
    lead: Lead
    result: DealResult | None = None
    actions: tuple[tuple[int, str], ...] = ()  # (seat, move text or "pass") every play so far, in order


class SeatFacts(NamedTuple):
    """What `seat` knows now, without building a view: `ClimbingState.seat_facts(seat)`.

    For playout policies that run thousands of times inside a search (on a state made by
    `from_view`, so nothing here is more than the seat's view shows: its own hand and public facts).
    """

    phase: str                    # "bidding", "play" or "over"
    hand: int                     # the seat's hand as a packed rank key (doudizhu_combos)
    cards_left: tuple[int, ...]
    current_bid: int
    landlord: int | None
    lead_owner: int               # who played the combination to beat (-1 before the first play)
    to_beat: dz.Combo | None      # None when the seat to act leads


def _refuse(code: str, **args: Any) -> Refusal:
    return Refusal(f"climbing.refusal.{code}", **args)


CODES: tuple[str, ...] = dz.CODES + tuple(f"climbing.refusal.{c}" for c in (
    "not_held", "must_lead", "bidding_over", "bid_first", "bid_higher", "bid_max")) + (
    "climbing.result.landlord_wins", "climbing.result.farmers_win") + climbing_moves.CODES
"""Every message code of the climbing family (texts in assets/locale/<lang>.climbing.yaml)."""


# --- schema -------------------------------------------------------------------------------------

FIELDS = {
    "deck": Map({"ranks": Str(), "suits": Str(), "jokers": ListOf(Str())}, required=("ranks", "suits", "jokers")),
    "deal": Map({"hand": Int(1, 54), "bottom": Int(0, 54)}, required=("hand", "bottom")),
    "bidding": Map({"max_bid": Int(1, 9), "first_bidder": Str(("random",)),
                    "after_redeal": Str(("next_seat", "random", "same"))},
                   required=("max_bid", "first_bidder", "after_redeal")),
    "scoring": Map({"bomb": Int(1, 99), "rocket": Int(1, 99), "spring": Int(1, 99),
                    "reverse_spring": Int(1, 99), "landlord_share": Int(1, 99)},
                   required=("bomb", "rocket", "spring", "reverse_spring", "landlord_share")),
}
REQUIRED = ("deck", "deal", "bidding", "scoring")


class ClimbingFamily:
    name = "climbing"
    fields = FIELDS
    required = REQUIRED
    compile_params = staticmethod(compile_params)
    phases = climbing_moves.PHASES
    describe = staticmethod(climbing_moves.describe)     # typed moves (engine/move.py)

    def check(self, data: dict[str, Any], report) -> None:
        deck = data["deck"]
        if deck["ranks"] != RANK_CHARS[:13]:
            report(("deck", "ranks"), f"the climbing family plays the ranks {RANK_CHARS[:13]} (low to high), "
                                      f"not {deck['ranks']!r}")
        if deck["suits"] != SUITS:
            report(("deck", "suits"), f"the climbing family uses the suits {SUITS}, not {deck['suits']!r}")
        if list(deck["jokers"]) != ["BJ", "RJ"]:
            report(("deck", "jokers"), "the jokers are [BJ, RJ] (black/small, red/big)")
        players = data["players"]
        if players["min"] != 3 or players["max"] != 3:
            report(("players",), "the climbing family is played by exactly 3 players")
        deal = data["deal"]
        if 3 * deal["hand"] + deal["bottom"] != 54:
            report(("deal",), f"3 hands of {deal['hand']} and {deal['bottom']} bottom cards make "
                              f"{3 * deal['hand'] + deal['bottom']} cards, not the 54 of the deck")

    def new_game(self, rules, players: int, seed: int | None, deal: dict | None, start_seat: int):
        if seed is None:
            seed = random.randrange(2**31)
        state = ClimbingState(rules, players, seed, start_seat)
        rng = random.Random(seed)
        first = (start_seat + rng.randrange(players)) % players
        if deal is None:
            state._deal_shuffled(rng, first)
        else:
            state._deal_custom(deal, first)
        return state

    def from_view(self, rules, view: View, rng: random.Random) -> "ClimbingState":
        return ClimbingState.from_view(rules, view, rng)


# --- the state ----------------------------------------------------------------------------------

BIDDING, PLAY, OVER = 0, 1, 2
PHASE_NAMES = ("bidding", "play", "over")


class ClimbingState(GameState):
    """One Dou Dizhu deal (with redeals when nobody bids)."""

    __slots__ = ("rules", "players", "seed", "start_seat", "history", "params", "masks", "keys", "bottom",
                 "unused", "phase", "deal_seed", "redeals", "first_bidder", "turn", "bids", "cur_bid",
                 "high_bidder", "passes", "landlord", "bid", "bottom_ids", "owner", "to_beat",
                 "plays", "played", "last", "trick", "doublings", "multiplier", "final", "result",
                 "play_start", "_legal")

    def __init__(self, rules, players: int, seed: int | None, start_seat: int):
        self.rules = rules
        self.players = players
        self.seed = seed
        self.start_seat = start_seat
        self.history: list[tuple[int, str]] = []
        self.play_start = 0          # history index of the first play (after the last bid)
        self.params: ClimbingParams = rules.params
        self.masks = [0] * players
        self.keys = [0] * players
        self.bottom = 0
        self.unused = 0
        self.phase = BIDDING
        self.deal_seed = seed if seed is not None else 0
        self.redeals = 0
        self.first_bidder = 0
        self.turn = 0
        self.bids: list[tuple[int, int]] = []
        self.cur_bid = 0
        self.high_bidder = -1
        self.passes = 0              # bidding: passes in a row; play: passes since the last play
        self.landlord = -1
        self.bid = 0
        self.bottom_ids: tuple[str, ...] = ()
        self.owner = -1              # who played the combination to beat (-1: a new lead)
        self.to_beat: dz.Combo | None = None
        self.plays = [0] * players
        self.played: list[list[tuple[str, ...]]] = [[] for _ in range(players)]
        self.last: list[str | None] = [None] * players   # each seat's last action this trick
        self.trick: list[tuple[int, str]] = []
        self.doublings: list[tuple[str, int | None]] = []
        self.multiplier = 1
        self.final: tuple[int, ...] = (0,) * players
        self.result: DealResult | None = None
        self._legal: tuple[int, list[Move]] | None = None

    # --- dealing --------------------------------------------------------------------------------
    def _deal_shuffled(self, rng: random.Random, first: int) -> None:
        deck = list(BIT_OF.values())
        rng.shuffle(deck)
        hand = self.params.hand
        for s in range(self.players):
            m = 0
            for b in deck[s * hand:(s + 1) * hand]:
                m |= 1 << b
            self.masks[s] = m
            self.keys[s] = key_of(m)
        b = 0
        for bit in deck[self.players * hand:]:
            b |= 1 << bit
        self.bottom = b
        self.unused = 0
        self._start_bidding(first)

    def _start_bidding(self, first: int) -> None:
        self.phase = BIDDING
        self.first_bidder = first
        self.turn = first
        self.bids = []
        self.cur_bid = 0
        self.high_bidder = -1
        self.passes = 0
        self._legal = None

    def _deal_custom(self, deal: dict, first: int) -> None:
        unknown = set(deal) - {"hands", "piles", "first_bidder", "landlord", "bid"}
        if unknown:
            raise ValueError(f"deal: unknown keys {sorted(unknown)}; expected hands, piles, first_bidder, "
                             f"landlord, bid")
        hands = deal.get("hands", [])
        if len(hands) != self.players:
            raise ValueError(f"deal: {len(hands)} hands given for {self.players} players")
        piles = deal.get("piles", {}) or {}
        if set(piles) - {"bottom"}:
            raise ValueError(f"deal: unknown piles {sorted(set(piles) - {'bottom'})}; only 'bottom' exists")
        used = 0

        def take(ids) -> int:
            nonlocal used
            m = 0
            for cid in ids:
                if cid not in BIT_OF:
                    raise ValueError(f"deal: unknown card {cid!r}; cards are 3S..2C, BJ, RJ")
                bit = 1 << BIT_OF[cid]
                if (used | m) & bit:
                    raise ValueError(f"deal: card {cid} is dealt twice")
                m |= bit
            used |= m
            return m

        for s, ids in enumerate(hands):
            self.masks[s] = take(ids)
            self.keys[s] = key_of(self.masks[s])
        self.bottom = take(piles.get("bottom", []))
        self.unused = FULL_MASK & ~used
        if "first_bidder" in deal:
            first = int(deal["first_bidder"])
            if not 0 <= first < self.players:
                raise ValueError("deal: first_bidder must be a seat number")
        self._start_bidding(first)
        if "landlord" in deal:
            landlord = int(deal["landlord"])
            bid = int(deal.get("bid", 1))
            if not 0 <= landlord < self.players or not 1 <= bid <= self.params.max_bid:
                raise ValueError("deal: landlord must be a seat and bid between 1 and the highest bid")
            self.cur_bid, self.high_bidder = bid, landlord
            self._choose_landlord([])
        if any(self.keys[s] == 0 for s in range(self.players)) and self.phase != BIDDING:
            raise ValueError("deal: every hand needs at least one card")

    def _redeal(self, events: list[Event]) -> None:
        self.redeals += 1
        rng = random.Random(f"{self.deal_seed}/redeal/{self.redeals}")
        rule = self.params.after_redeal
        if rule == "next_seat":
            first = (self.first_bidder + 1) % self.players
        elif rule == "random":
            first = rng.randrange(self.players)
        else:
            first = self.first_bidder
        events.append(Redeal(self.redeals, first))
        self._deal_shuffled(rng, first)
        events.append(Dealt((self.params.hand,) * self.players, (("bottom", self.params.bottom),)))

    def _choose_landlord(self, events: list[Event]) -> None:
        s = self.high_bidder
        self.landlord = s
        self.bid = self.cur_bid
        self.bottom_ids = ids_of(self.bottom)
        self.masks[s] |= self.bottom
        self.keys[s] = key_of(self.masks[s])
        self.bottom = 0
        self.phase = PLAY
        self.play_start = len(self.history)
        self.turn = s
        self.owner = -1
        self.to_beat = None
        self.passes = 0
        self._legal = None
        events.append(LandlordChosen(s, self.bid, self.bottom_ids))

    # --- contract -------------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        return self.final

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == OVER or seat != self.turn:
            return []
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        if self.phase == BIDDING:
            moves = _BID_MOVES[(self.cur_bid, self.params.max_bid)]
        elif self.to_beat is None:
            moves = _moves_of(dz.leading_keys(self.keys[seat]))
        else:
            moves = _moves_of(dz.response_keys(self.keys[seat], self.to_beat))
            moves.insert(0, PASS)
        self._legal = (seat, moves)
        return moves

    def is_legal(self, seat: int, move: Move) -> bool:
        return move.__class__ is Move and self.canonical_move(seat, move.text) is not None

    def canonical_move(self, seat: int, text: str) -> Move | None:
        """The engine's own legal Move whose text is exactly `text` (apply's check: it is the hot path of
        random play, so it looks the text up instead of generating the legal moves)."""
        if seat != self.turn or self.phase == OVER:
            return None
        if self.phase == BIDDING:
            for move in _BID_MOVES[(self.cur_bid, self.params.max_bid)]:
                if move.text == text:
                    return move
            return None
        if text == "pass":
            return PASS if self.to_beat is not None else None
        found = _BY_TEXT.get(text)
        if found is None:
            try:
                key = dz.pack(dz.parse(text))
            except ValueError:
                return None
            if dz.to_text(key) != text:          # another spelling of a move: parse_move reads those
                return None
            move_of_key(key)
            found = _BY_TEXT[text]
        move, combo = found
        if combo is None or not _holds(self.masks[seat], move.payload):
            return None
        return move if self.to_beat is None or dz.beats(combo, self.to_beat) else None

    def moves_with_cards(self, seat: int, cards) -> list[MoveInfo]:
        """The play these hand cards make (suits never matter: any cards of the same ranks make it)."""
        if self.phase != PLAY or not cards:
            return []
        try:
            move = self.canonical_move(seat, climbing_moves.text_of_cards(cards))
        except (ValueError, IndexError):
            return []
        return [self.describe(seat, move)] if move is not None else []

    def cards_refusal(self, seat: int, cards, kind: str | None = None) -> Refusal:
        """Why these hand cards make no play: the refusal of the combination they would be."""
        if self.is_over or seat not in self.to_act or not cards:
            return super().cards_refusal(seat, cards)
        try:
            text = climbing_moves.text_of_cards(cards)
        except (ValueError, IndexError):
            return Refusal(NOT_LEGAL)
        return self.refusal(seat, text) or Refusal(NOT_LEGAL)

    def parse_move(self, seat: int, text: str) -> Move:
        """Also accepts ranks in any order (`4333` for `3334`) and `10` for `T`."""
        wanted = text.strip()
        if self.phase == PLAY and seat in self.to_act and wanted.lower() != "pass":
            try:
                wanted = dz.to_text(dz.parse(wanted))
            except ValueError:
                pass
        return super().parse_move(seat, wanted)

    def refusal(self, seat: int, move: Move | str) -> Refusal | None:
        """As GameState.refusal, reading a text as parse_move does (`4333` is `3334`, `PASS` is `pass`),
        so that None means exactly "apply would accept it"."""
        if not isinstance(move, (Move, str)) or not isinstance(move.text if isinstance(move, Move) else move, str):
            return super().refusal(seat, move)
        text = move.text if isinstance(move, Move) else move.strip()
        word = text.lower()
        if word == "pass" or word.startswith("bid"):
            text = word
        elif self.phase == PLAY and seat == self.turn:
            try:
                text = dz.to_text(dz.parse(text))
            except ValueError:
                pass
        return super().refusal(seat, text)

    def explain_refusal(self, seat: int, text: str) -> Refusal | None:
        """Why `text` may not be played by the seat to act: the bid is too low, the cards are not a
        combination or do not beat the table (doudizhu_combos.why_invalid), the seat does not hold
        them, a leader may not pass... None (the engine's generic refusal) for text that is no move."""
        word = text.lower()
        if self.phase == BIDDING:
            if word.startswith("bid"):
                amount = word[3:]
                if not amount.isdigit():
                    return None
                if int(amount) > self.params.max_bid:
                    return _refuse("bid_max", max=self.params.max_bid)
                return _refuse("bid_higher", current=self.cur_bid)
            try:
                dz.parse(text)
            except ValueError:
                return None
            return _refuse("bid_first")
        if word == "pass":
            return _refuse("must_lead")
        if word.startswith("bid"):
            return _refuse("bidding_over")
        try:
            counts = dz.parse(text)
        except ValueError:
            return None
        reason = dz.why_invalid(counts, self.to_beat)
        if reason is not None:
            return reason
        return _refuse("not_held")

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self._legal = None
        text = move.text
        if self.phase == BIDDING:
            events: list[Event] = []
            self._apply_bid(seat, 0 if text == "pass" else int(text[3:]), events)
            return events
        n = self.players
        if text == "pass":
            self.last[seat] = "pass"
            self.trick.append((seat, "pass"))
            passes = self.passes + 1
            if passes >= n - 1:
                owner = self.turn = self.owner
                self.to_beat = None
                self.passes = 0
                self.trick = []
                return [Passed(seat), LeadRegained(owner)]
            self.passes = passes
            self.turn = (seat + 1) % n
            return [Passed(seat)]
        key = move.payload                       # the engine's own Move (canonical_move): its key
        combo = _COMBO.get(key) or dz.combo_of_key(key)
        mask = self.masks[seat]
        taken = 0
        ids: tuple[str, ...] = ()                # the cards taken, ascending by rank then suit
        for shift, c in _PARTS.get(key) or _parts(key):
            low = _LOW[(mask >> shift) & 15][c]
            taken |= low << shift
            ids += _NIB_IDS[shift][low]
        self.masks[seat] = mask ^ taken
        left = self.keys[seat] = self.keys[seat] - key
        self.played[seat].append(ids)
        self.plays[seat] += 1
        if self.to_beat is None:
            self.trick = [(seat, text)]
            last = self.last = [None] * n
            last[seat] = text
        else:
            self.trick.append((seat, text))
            self.last[seat] = text
        self.to_beat = combo
        self.owner = seat
        self.passes = 0
        events = [Played(seat, ids, text)]
        kind = combo.type
        if kind == "bomb" or kind == "rocket":
            self.multiplier *= self.params.bomb if kind == "bomb" else self.params.rocket
            self.doublings.append((kind, seat))
            events.append(Doubled(seat, kind, self.multiplier))
        if left == 0:
            self._finish(seat, events)
        else:
            self.turn = (seat + 1) % n
        return events

    def _apply_bid(self, seat: int, amount: int, events: list[Event]) -> None:
        self.bids.append((seat, amount))
        events.append(Bid(seat, amount))
        if amount:
            self.cur_bid = amount
            self.high_bidder = seat
            self.passes = 0
            if amount >= self.params.max_bid:
                self._choose_landlord(events)
                return
        else:
            self.passes += 1
            if self.cur_bid == 0 and self.passes >= self.players:
                self._redeal(events)
                return
            if self.cur_bid and self.passes >= self.players - 1:
                self._choose_landlord(events)
                return
        self.turn = (seat + 1) % self.players

    def _finish(self, winner: int, events: list[Event]) -> None:
        landlord, n = self.landlord, self.players
        landlord_won = winner == landlord
        kind = None
        if landlord_won and all(self.plays[s] == 0 for s in range(n) if s != landlord):
            kind = "spring"
        elif not landlord_won and self.plays[landlord] == 1:
            kind = "reverse_spring"
        if kind:
            self.multiplier *= self.params.factor(kind)
            self.doublings.append((kind, None))
            events.append(Doubled(None, kind, self.multiplier))
            events.append(Spring(kind, self.multiplier))
        unit = self.bid * self.multiplier
        share = self.params.landlord_share
        farmer = -unit if landlord_won else unit
        deltas = tuple(-share * farmer if s == landlord else farmer for s in range(n))
        self.final = deltas
        self.phase = OVER
        breakdown = tuple((reason, self.params.factor(reason)) for reason, _ in self.doublings)
        side = "landlord" if landlord_won else "farmers"
        explanation = Message("climbing.result.landlord_wins" if landlord_won else "climbing.result.farmers_win",
                              bid=self.bid, multiplier=self.multiplier, unit=unit, landlord_points=share * unit,
                              landlord=landlord, winner=winner)
        self.result = DealResult(winner, side, unit, share * unit, kind, breakdown, explanation)
        events.append(DealScored(winner, side, landlord, self.bid, self.multiplier, breakdown, deltas, explanation))
        for s in range(n):
            events.append(ScoreChanged(s, deltas[s], deltas[s], "deal"))
        events.append(GameOver(deltas, explanation, (("multiplier", self.multiplier), ("bid", self.bid))))

    # --- copies ---------------------------------------------------------------------------------
    def clone(self) -> "ClimbingState":
        o = object.__new__(ClimbingState)
        o.rules, o.players, o.seed, o.start_seat = self.rules, self.players, self.seed, self.start_seat
        o.history = self.history[:]
        o.play_start = self.play_start
        o.params = self.params
        o.masks = self.masks[:]
        o.keys = self.keys[:]
        o.bottom, o.unused, o.phase = self.bottom, self.unused, self.phase
        o.deal_seed, o.redeals, o.first_bidder, o.turn = self.deal_seed, self.redeals, self.first_bidder, self.turn
        o.bids = self.bids[:]
        o.cur_bid, o.high_bidder, o.passes = self.cur_bid, self.high_bidder, self.passes
        o.landlord, o.bid, o.bottom_ids = self.landlord, self.bid, self.bottom_ids
        o.owner, o.to_beat = self.owner, self.to_beat
        o.plays = self.plays[:]
        o.played = [p[:] for p in self.played]
        o.last = self.last[:]
        o.trick = self.trick[:]
        o.doublings = self.doublings[:]
        o.multiplier, o.final, o.result = self.multiplier, self.final, self.result
        o._legal = self._legal
        return o

    @classmethod
    def from_view(cls, rules, view: View, rng: random.Random) -> "ClimbingState":
        """A state agreeing with `view`: the seat's own hand, every played card and the landlord's
        unplayed bottom cards kept; the other cards re-dealt at random to fill the hidden counts."""
        info: ClimbingInfo = view.info
        n = view.players
        state = cls(rules, n, None, info.start_seat)
        state.deal_seed = rng.randrange(2**31)
        zones = view.zones
        known_total = 0
        played = []
        for s in range(n):
            groups = [tuple(g) for g in zones[f"played:{s}"].groups]
            played.append(groups)
            for g in groups:
                known_total |= mask_of(g)
        landlord = info.landlord
        bottom_left = 0
        if landlord is not None and landlord >= 0:
            bottom_left = mask_of(info.bottom_cards) & ~known_total
        hands: list[int | None] = []
        for s in range(n):
            z = zones[f"hand:{s}"]
            if z.cards is not None:
                m = mask_of(z.cards)
                hands.append(m)
                known_total |= m
            else:
                hands.append(None)
        # bottom cards still in the landlord's hand are known to all
        if landlord is not None and landlord >= 0 and hands[landlord] is None:
            known_total |= bottom_left
        pool = [b for b in BIT_OF.values() if not known_total >> b & 1]
        rng.shuffle(pool)

        def draw(count: int) -> int:
            m = 0
            for _ in range(count):
                m |= 1 << pool.pop()
            return m

        for s in range(n):
            if hands[s] is None:
                base = bottom_left if s == landlord else 0
                need = zones[f"hand:{s}"].count - bin(base).count("1")
                hands[s] = base | draw(need)
        bz = zones["bottom"]
        state.bottom = mask_of(bz.cards) if bz.cards is not None else draw(bz.count)
        uz = zones["unused"]
        state.unused = mask_of(uz.cards) if uz.cards is not None else draw(uz.count)
        state.masks = hands  # type: ignore[assignment]
        state.keys = [key_of(m) for m in hands]
        state.phase = PHASE_NAMES.index(info.phase)
        state.redeals = info.redeals
        state.first_bidder = info.first_bidder
        state.turn = view.to_act[0] if view.to_act else info.turn
        state.bids = [tuple(b) for b in info.bids]
        state.cur_bid = info.current_bid
        state.high_bidder = info.high_bidder
        state.landlord = landlord if landlord is not None else -1
        state.bid = info.bid
        state.bottom_ids = tuple(info.bottom_cards)
        state.played = played
        state.plays = list(info.plays)
        state.last = list(info.last)
        state.trick = [tuple(t) for t in info.trick]
        state.history = [tuple(a) for a in info.actions]    # the public plays (its bids are in `bids`)
        state.doublings = [tuple(d) for d in info.doublings]
        state.multiplier = info.multiplier
        state.passes = info.passes
        lead = info.lead
        state.owner = lead.owner
        state.to_beat = dz.classify(lead.to_beat) if lead.to_beat else None
        if view.is_over:
            state.final = tuple(view.scores)
            state.result = info.result
        return state

    # --- zones and view -------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        vis = "public" if self.phase == OVER else "owner"
        zones = [Zone(f"hand:{s}", "hand", s, vis, ids_of(self.masks[s])) for s in range(self.players)]
        zones += [Zone(f"played:{s}", "pile", s, "public", (), tuple(self.played[s])) for s in range(self.players)]
        zones.append(Zone("bottom", "pile", None, "hidden", ids_of(self.bottom)))
        zones.append(Zone("unused", "pile", None, "hidden", ids_of(self.unused)))
        return zones

    def public_info(self) -> ClimbingInfo:
        to_beat = self.to_beat
        owner = self.owner
        last_plays: list[LastPlay | None] = []
        for s in range(self.players):
            text = self.last[s]
            if text is None:
                last_plays.append(None)
            elif text == "pass":
                last_plays.append(_PASSED)
            else:
                combo = dz.classify(text)
                last_plays.append(LastPlay(text, self.played[s][-1], combo.type, dz.describe(combo)))
        lead = Lead(owner, self.turn if to_beat is None else owner,
                    dz.to_text(self._beat_key()) if to_beat is not None else None,
                    to_beat.type if to_beat is not None else None,
                    dz.describe(to_beat) if to_beat is not None else None)
        return ClimbingInfo(
            phase=PHASE_NAMES[self.phase], start_seat=self.start_seat, turn=self.turn, first_bidder=self.first_bidder,
            redeals=self.redeals, bids=tuple(self.bids), current_bid=self.cur_bid, high_bidder=self.high_bidder,
            max_bid=self.params.max_bid, landlord=self.landlord if self.landlord >= 0 else None, bid=self.bid,
            bottom_cards=self.bottom_ids, multiplier=self.multiplier, doublings=tuple(self.doublings),
            plays=tuple(self.plays), cards_left=tuple(map(int.bit_count, self.masks)),
            last=tuple(self.last), last_plays=tuple(last_plays), trick=tuple(self.trick), passes=self.passes,
            lead=lead, result=self.result if self.phase == OVER else None,
            actions=tuple(self.history[self.play_start:]) if self.phase != BIDDING else ())

    def seat_facts(self, seat: int) -> SeatFacts:
        """What `seat` knows now, cheaply (see SeatFacts): for playout policies inside a search."""
        return SeatFacts(PHASE_NAMES[self.phase], self.keys[seat], tuple(map(int.bit_count, self.masks)),
                         self.cur_bid, self.landlord if self.landlord >= 0 else None, self.owner, self.to_beat)

    def _beat_key(self) -> int:
        for _seat, text in reversed(self.trick):
            if text != "pass":
                return dz.pack(dz.parse(text))
        return 0


_PASSED = LastPlay("pass", (), "pass", None)


def _bid_moves() -> dict[tuple[int, int], list[Move]]:
    table = {}
    for top in range(1, 10):
        for cur in range(0, top + 1):
            table[(cur, top)] = [PASS] + [Move(f"bid{b}", b) for b in range(cur + 1, top + 1)]
    return table


_BID_MOVES = _bid_moves()

FAMILY = ClimbingFamily()
