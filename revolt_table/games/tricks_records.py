"""What a Révolte! game tells its consumers: its params, its public info, its events, its sentences.

The trick-taking family (games/tricks.py) keeps its state in compact private lists; the table and
the AI see it only through the typed records of this module (docs/design.md, "the boundary"):

- `TricksParams` (`rules.params`): every number and id of the rules file, compiled once: the deck
  (family letters and ranges, the Citizen and pitchfork ids), the deal per player count, coins,
  coats of arms, cut cost, bonuses, scoring. `cards` holds the engine's own look-up tables.
- `TricksInfo` (`view.info`): the public facts that are not cards (turn, trick, chosen family, coins,
  points, voids, the pending Knave's choice, the last trick's verdict, each finished turn's tally).
- Events with typed fields (`TurnEnded.trick_points`, `Revolt.most`, `CoinPaid.reason` ids).
- `Message` codes (`CODES`) for every sentence the family can say: refusals (why a card may not be
  played), verdicts, bonuses, score reasons, the game's end. The English texts are in
  assets/locale/en.tricks.yaml; the UI makes the sentence (`revolt_table.ui.i18n.say`).

Seats inside sentences are `player` = seat + 1 (how players count); cards are Messages
(`card_message`), so "N7" reads "Noble 7" in every language.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import Event
from ..engine.info import Info
from ..engine.message import Message
from ..engine.move import Move
from .tricks_moves import cut_text

# --- sentence codes (keys under `tricks.` in assets/locale/<lang>.tricks.yaml) --------------------

TAKE_FIRST = "tricks.refusal.take_first"            # a Knave's coin must be taken first
NOT_HELD = "tricks.refusal.not_held"                # {card}
ONLY_TRUMP_CUTS = "tricks.refusal.only_trump_cuts"  # {family}: only that family can cut
NO_COIN_TO_CUT = "tricks.refusal.no_coin"           # {cost}
MUST_FOLLOW = "tricks.refusal.must_follow"          # {family}
MUST_FOLLOW_CUT_ONLY = "tricks.refusal.must_follow_cut_only"     # {family} {card}
MUST_FOLLOW_NO_COIN = "tricks.refusal.must_follow_no_coin"       # {family} {card}
VERDICT_REVOLT = "tricks.verdict.revolt"            # {citizens} {most} {player}
VERDICT_CUT = "tricks.verdict.cut"                  # {player} {card}
VERDICT_HIGHEST_CUT = "tricks.verdict.highest_cut"  # {player} {card}
VERDICT_HIGHEST = "tricks.verdict.highest"          # {family} {player} {card}
BONUS_HIGHEST = "tricks.explain.bonus_highest"      # {bonus} {player} {card} {family}
BONUS_LOWEST = "tricks.explain.bonus_lowest"
BONUS_ONLY = "tricks.explain.bonus_only"
KNAVE_STEAL = "tricks.explain.knave_steal"          # {card} {player} {victim}
SCORE_TRICKS = "tricks.score.tricks"                # {n}
SCORE_RICHEST = "tricks.score.richest"
SCORE_RICHEST_TIED = "tricks.score.richest_tied"
GAME_WON = "tricks.explain.won"                     # {player} {points}
GAME_WON_BY_COINS = "tricks.explain.won_by_coins"   # {player} {points} {coins}
GAME_SHARED = "tricks.explain.shared"               # {players} {points}
GAME_SHARED_BY_COINS = "tricks.explain.shared_by_coins"          # {players} {points} {coins}
BONUS_NAMES = {"noble": "tricks.bonus.noble", "knave": "tricks.bonus.knave"}    # "Noble's bonus"
CARD_VALUE = "tricks.card_value"                    # {family} {value}: "Noble 7"
CITIZEN = "tricks.citizen"
PITCHFORK = "tricks.pitchfork"
# Family names by letter: `tricks.family.<L>` (plural, "Nobles") and `tricks.family_one.<L>`
# ("Noble"). The letters are those of rules/revolte.yaml; a rules file with other letters needs
# its own keys (the table falls back to the rules file's names).
FAMILY_LETTERS = ("N", "R", "B")

CODES = (TAKE_FIRST, NOT_HELD, ONLY_TRUMP_CUTS, NO_COIN_TO_CUT, MUST_FOLLOW, MUST_FOLLOW_CUT_ONLY,
         MUST_FOLLOW_NO_COIN, VERDICT_REVOLT, VERDICT_CUT, VERDICT_HIGHEST_CUT, VERDICT_HIGHEST,
         BONUS_HIGHEST, BONUS_LOWEST, BONUS_ONLY, KNAVE_STEAL, SCORE_TRICKS, SCORE_RICHEST,
         SCORE_RICHEST_TIED, GAME_WON, GAME_WON_BY_COINS, GAME_SHARED, GAME_SHARED_BY_COINS,
         *BONUS_NAMES.values(), CARD_VALUE, CITIZEN, PITCHFORK,
         *(f"tricks.family.{x}" for x in FAMILY_LETTERS), *(f"tricks.family_one.{x}" for x in FAMILY_LETTERS))

BONUS_MESSAGES = {k: Message(v) for k, v in BONUS_NAMES.items()}

# Why coins moved (`CoinPaid.reason`): ids, not sentences.
COINS_CUT = "cut"                   # a player paid for a cut (to the trick)
COINS_CUT_RETURN = "cut_return"     # the trick's cut coins went back to the supply
COINS_KNAVE = "knave"               # the Knave's bonus from the supply
COINS_KNAVE_STEAL = "knave_steal"   # the Knave's bonus taken from another player (empty supply)


def family_message(letter: str, one: bool = False) -> Message:
    """A family's name: "Nobles", or "Noble" with `one`."""
    return Message(f"tricks.family_one.{letter}" if one else f"tricks.family.{letter}")


def card_message(params: TricksParams, card: str) -> Message:
    """A card's name as a Message: "Noble 7", "Citizen", "pitchfork Citizen"."""
    return params.cards.messages[params.cards.index[card]]


def _card_messages(ids: tuple[str, ...], fam: tuple[int, ...], letters: tuple[str, ...], pitchfork: int):
    return tuple(Message(PITCHFORK) if i == pitchfork else Message(CITIZEN) if fam[i] < 0 else
                 Message(CARD_VALUE, family=family_message(letters[fam[i]], one=True), value=int(c[1:]))
                 for i, c in enumerate(ids))


# --- params -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FamilySpec:
    """One numbered family: cards `letter`+low .. `letter`+high. `name` is the rules file's own
    (English) name, for a table without a translation of this letter."""

    letter: str
    name: str
    low: int
    high: int


@dataclass(frozen=True)
class DealSpec:
    players: int
    hand: int                       # cards per hand (and tricks per turn)
    remove: tuple[str, ...]         # cards left in the box for this player count


@dataclass(frozen=True)
class BonusSpec:
    """A trick bonus: the `highest` (or lowest) card of `family` earns `amount` (points or coins)."""

    family: str
    highest: bool
    amount: int


@dataclass(frozen=True, eq=False)
class CardTables:
    """The engine's look-up tables (card index = position in `ids`; Citizens have family -1)."""

    ids: tuple[str, ...]
    fam: tuple[int, ...]
    val: tuple[int, ...]
    index: dict[str, int]
    letters: tuple[str, ...]
    names: tuple[str, ...]
    fam_cards: tuple[tuple[int, ...], ...]
    citizen: int
    pitchfork: int
    trump: int
    card_moves: tuple[Move, ...]
    cut_moves: tuple[Move | None, ...]
    full_deck: tuple[int, ...]          # every card of the box, Citizens repeated
    lookup: dict[str, tuple[str, int]]  # move text -> ("play" | "cut", card index)
    messages: tuple[Message, ...]       # each card's name (card_message)
    plurals: tuple[Message, ...]        # each family's name ("Nobles")
    singulars: tuple[Message, ...]      # ("Noble")


@dataclass(frozen=True)
class TricksParams:
    """Everything a Révolte! game, its table and its AI read from the rules file (`rules.params`)."""

    families: tuple[FamilySpec, ...]
    citizen: str                    # the plain Citizen's id (all identical)
    citizen_count: int              # plain Citizens in the box
    pitchfork: str                  # the pitchfork Citizen's id
    trump: str                      # letter of the family whose cards may cut
    deck: tuple[tuple[str, int], ...]   # (card id, copies) for the whole box, in card order
    deals: tuple[DealSpec, ...]
    coins_total: int
    arms_total: int                 # coats of arms in the supply, counted in points
    start_coins: int
    turns: int
    cut_cost: int                   # coins put on a cut
    ties_revolt: bool               # Citizens equal to the largest family already revolt
    noble: BonusSpec | None         # points bonus
    knave: BonusSpec | None         # coins bonus
    points_per_trick: int
    richest_alone: int              # end bonus for the only richest player
    richest_tied: int               # end bonus for each of several richest players
    cards: CardTables

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(f.letter for f in self.families)

    def deal(self, players: int) -> DealSpec:
        return next(d for d in self.deals if d.players == players)

    def hand_size(self, players: int) -> int:
        return self.deal(players).hand

    def is_numbered(self, card: str) -> bool:
        """True for a family card (`N7`), False for the Citizens."""
        return card[:1] in self.letters and card[1:].isdigit()


def compile_params(rules) -> TricksParams:
    """The rules file's data as a TricksParams (called once per Rules by `rules.params`)."""
    d = rules.data
    families = tuple(FamilySpec(f["letter"], f["name"], f["low"], f["high"]) for f in d["families"])
    bon = d.get("bonuses", {})
    nb, kb = bon.get("noble"), bon.get("knave")
    cards = _card_tables(d)
    return TricksParams(
        families=families, citizen=d["citizens"]["id"], citizen_count=d["citizens"]["count"],
        pitchfork=d["pitchfork"]["id"], trump=d["trump"],
        deck=tuple((cid, cards.full_deck.count(i)) for i, cid in enumerate(cards.ids)),
        deals=tuple(DealSpec(n, spec["hand"], tuple(spec.get("remove", ()))) for n, spec in sorted(d["deal"].items())),
        coins_total=d["supply"]["coins"], arms_total=sum(v * k for v, k in d["supply"]["coat_of_arms"].items()),
        start_coins=d["start"]["coins"], turns=d["turns"], cut_cost=d["cut"]["coins"],
        ties_revolt=d["revolt"]["ties_revolt"],
        noble=BonusSpec(nb["family"], nb["card"] == "highest", nb["points"]) if nb else None,
        knave=BonusSpec(kb["family"], kb["card"] == "highest", kb["coins"]) if kb else None,
        points_per_trick=d["turn_end"]["points_per_trick"],
        richest_alone=d["game_end"]["richest_alone"], richest_tied=d["game_end"]["richest_tied"],
        cards=cards)


def _card_tables(d: dict) -> CardTables:
    ids, fam, val = [], [], []
    fam_cards = []
    for fi, spec in enumerate(d["families"]):
        cards = []
        for v in range(spec["low"], spec["high"] + 1):
            cards.append(len(ids))
            ids.append(f"{spec['letter']}{v}")
            fam.append(fi)
            val.append(v)
        fam_cards.append(tuple(cards))
    citizen = len(ids)
    ids.append(d["citizens"]["id"])
    fam.append(-1)
    val.append(0)
    pitchfork = len(ids)
    ids.append(d["pitchfork"]["id"])
    fam.append(-1)
    val.append(0)
    letters = tuple(f["letter"] for f in d["families"])
    trump = letters.index(d["trump"])
    card_moves = tuple(Move(c, ("play", i)) for i, c in enumerate(ids))
    cut_moves = tuple(Move(cut_text(c), ("cut", i)) if fam[i] == trump else None for i, c in enumerate(ids))
    full = tuple(range(citizen)) + (citizen,) * d["citizens"]["count"] + (pitchfork,)
    return CardTables(tuple(ids), tuple(fam), tuple(val), {c: i for i, c in enumerate(ids)}, letters,
                      tuple(f["name"] for f in d["families"]), tuple(fam_cards), citizen, pitchfork,
                      trump, card_moves, cut_moves, full,
                      {**{c: ("play", i) for i, c in enumerate(ids)},
                       **{m.text: ("cut", i) for i, m in enumerate(cut_moves) if m is not None}},
                      _card_messages(tuple(ids), tuple(fam), letters, pitchfork),
                      tuple(family_message(x) for x in letters), tuple(family_message(x, one=True) for x in letters))


# --- public info --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrickCard(Info):
    """A card on the table in the current trick; `coins` lie on it when it is a cut."""

    seat: int
    card: str
    cut: bool
    coins: int


@dataclass(frozen=True)
class PendingTake(Info):
    """The Knave's bonus winner `seat` must choose whom (`options`, equally rich) to take a coin from."""

    seat: int
    options: tuple[int, ...]
    card: str                       # the Rascal that earned the bonus


@dataclass(frozen=True)
class BonusNote(Info):
    kind: str                       # "noble" or "knave"
    seat: int
    card: str


@dataclass(frozen=True)
class LastTrick(Info):
    """The verdict of the trick resolved last."""

    revolt: bool
    winner: int | None              # None after a Revolt
    cards: tuple[TrickCard, ...]
    bonuses: tuple[BonusNote, ...]
    explanation: Message


@dataclass(frozen=True)
class TurnTally(Info):
    """A finished turn (the same facts as its TurnEnded event), kept for the results table."""

    turn: int
    tricks_won: tuple[int, ...]
    trick_points: tuple[int, ...]   # coats of arms earned for tricks this turn
    points: tuple[int, ...]         # totals after the turn
    coins: tuple[int, ...]


@dataclass(frozen=True)
class TricksInfo(Info):
    turn: int
    turns: int
    trick_no: int
    leader: int
    start_seat: int
    trick: tuple[TrickCard, ...]            # the current trick in play order
    chosen_family: str | None               # letter, once a numbered card (or a cut) fixed it
    coins: tuple[int, ...]
    points: tuple[int, ...]                 # coats of arms
    supply: int                             # coins in the general supply
    arms_supply: int
    trick_coins: int                        # coins on cuts of the current trick
    tricks_won: tuple[int, ...]             # this turn
    hand_counts: tuple[int, ...]
    voids: tuple[str, ...]                  # per seat, letters it is known to lack ("NR")
    pitchfork_holder: int | None            # who held the pitchfork Citizen at the turn's start
    pending_take: PendingTake | None
    next_leader: int
    last: LastTrick | None
    cut_cost: int
    families: tuple[str, ...]               # family letters
    trump: str
    turn_ends: tuple[TurnTally, ...]        # one per finished turn
    winners: tuple[int, ...]                # () until the game is over


# --- family events ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    turn: int
    leader: int
    pitchfork_holder: int | None


@dataclass(frozen=True, slots=True)
class FamilyChosen(Event):
    seat: int
    family: str                     # the letter


@dataclass(frozen=True, slots=True)
class CoinPaid(Event):
    """Coins moved between token zones (`supply`, `trick_coins`, `coins:<s>`); `reason` is one of the
    COINS_* ids."""

    amount: int
    source: str
    target: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Revolt(Event):
    leader: int                     # leads again
    cards: tuple[str, ...]
    citizens: int
    most: int                       # the most cards of one family in the trick
    explanation: Message | None = None


@dataclass(frozen=True, slots=True)
class BonusAwarded(Event):
    seat: int
    bonus: str          # "noble" or "knave"
    card: str
    amount: int
    token: str          # "arms" or "coin"
    source: str         # the zone the tokens came from
    explanation: Message | None = None


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    turn: int
    tricks_won: tuple[int, ...]
    points: tuple[int, ...]
    coins: tuple[int, ...]
    trick_points: tuple[int, ...] = ()  # coats of arms earned for tricks this turn, per seat
