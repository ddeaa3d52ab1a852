"""What the bomb family tells its consumers: the public info record and the codes of its sentences.

Why a module of its own: the state (games/bomb.py) decides what happens; this module fixes the
typed shape in which the table and the AI learn about it. `BombInfo` is the view's `info`, a frozen
record of ints, strings, tuples and a nested `PhaseContext` (the current step's public facts: who
attacks whom, the tokens each side spent, whose answer is awaited...). Every sentence the family can
produce is a `Message` whose code is listed in `CODES` (refusals, reasons in events, the fight's
verdict, the end of the game); the English lives in assets/locale/en.bomb.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..engine.info import Info
from ..engine.message import Message, Refusal, Seat


@dataclass(frozen=True)
class PhaseContext:
    """The public facts of the current step; fields that do not concern the step keep their defaults.

    seat: who acts. Attacks: attacker, defender, `attacks` made this turn, `sp` tokens spent per
    side (attacker, defender), `tactics` and `ally` per side, `winner_side` (0 attacker, 1 defender)
    once rolled, `kept` (a Doctor took the attacker's cards back: "all", or "kept" without those to
    discard after the fight), `saved` (the card that saved the
    defender). Windows (The Irish Guy, Wrong Wire): `owner` or `disarmer`, `scan` the seats still to
    be asked, `context` turn or explosion. Exchange: `order`, `i` (whose turn in it), `swaps`.
    Explosion: `sender`. Digging: `card` turned up.
    """

    seat: int | None = None
    attacker: int | None = None
    defender: int | None = None
    attacks: int = 0
    sp: tuple[int, int] = (0, 0)
    tactics: tuple[str | None, str | None] = (None, None)
    ally: tuple[int | None, int | None] = (None, None)
    winner_side: int | None = None
    kept: str = ""                # a losing attacker's Doctor: "all" cards back (keep_cards), "kept" (take_back)
    saved: str = ""
    owner: int | None = None
    sender: int | None = None
    disarmer: int | None = None
    context: str = ""
    scan: tuple[int, ...] = ()
    order: tuple[int, ...] = ()
    i: int = 0
    swaps: int = 0
    card: str = ""

    @classmethod
    def of(cls, ctx: dict[str, Any]) -> "PhaseContext":
        """The record of a state's working context (lists become tuples)."""
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in ctx.items()})

    def working(self) -> dict[str, Any]:
        """A fresh working context for a rebuilt state (tuples the state changes become lists)."""
        return {f.name: list(v) if isinstance(v, tuple) else v
                for f in fields(self) for v in (getattr(self, f.name),)}


@dataclass(frozen=True)
class BombInfo(Info):
    """The public, non-card facts of a Revolución game (a view's `info`)."""

    start_seat: int
    phase: str                    # exchange turn irish fort commit_a commit_d tactic_a tactic_d after_a
    #                               after_d massacre explosion wrongwire dig over
    ctx: PhaseContext
    lieutenants: tuple[int, ...]
    support: tuple[int, ...]
    supply: int                   # support tokens left to gain
    spent: int                    # support tokens spent in fights: out of the game
    climate: str                  # climate id ("" before the first round)
    bag: tuple[str, ...]          # climate tokens not drawn yet in this cycle
    timer: int                    # steps left to the Palace
    timer_start: int
    bomb: int                     # the bomb's holder (-1 before the first round)
    sender: int                   # who sent it last (-1 at a round's start)
    first: int                    # the round's first player
    round_no: int
    bomb_moves: int
    winner: int                   # -1 until the game is over
    alive: tuple[int, ...]        # seats with a living lieutenant
    # what the table has seen of each hand (games/bomb_knowledge.py), per seat: the cards seen going in
    # and still there; per hidden card, the occasions the seat passed on while holding it
    known: tuple[tuple[str, ...], ...] = ()
    passed: tuple[tuple[tuple[str, ...], ...], ...] = ()


# --- sentences -----------------------------------------------------------------------------------
def card_name(card: str) -> Message:
    """A card's name, translated by id (the table falls back to the rules file's name)."""
    return Message(f"bomb.card.{card}")


def card_list(cards) -> Message:
    """Cards named one after another ("Militia, Machine Gun, Rifles"), each by its translated name; the
    separator is the language's (`bomb.card_list`), so a sentence can name any number of cards."""
    out = card_name(cards[-1])
    for card in reversed(cards[:-1]):
        out = Message(CARD_LIST, a=card_name(card), b=out)
    return out


def dug_up_sentence(seat: int, cards) -> Message:
    """What a seat's dig says in the replay and the Review: the cards it drew face up, named."""
    return Message(DUG_UP_SENTENCE, name=Seat(seat), count=len(cards), cards=card_list(cards))


def climate_name(climate: str) -> Message:
    return Message(f"bomb.climate.{climate}")


# reasons carried by events (why cards moved, dice rolled, tokens changed, a lieutenant fell)
R_FIRST_PLAYER = Message("bomb.reason.first_player")
R_ATTACK = Message("bomb.reason.attack")
R_DEFENCE = Message("bomb.reason.defence")
R_ALLIANCE = Message("bomb.reason.alliance")
R_REFILL = Message("bomb.reason.refill")
R_EXCHANGE = Message("bomb.reason.exchange")
R_TURN = Message("bomb.reason.turn")
R_CLIMATE_CARD = Message("bomb.reason.climate_card")
R_OUT_OF_CARDS = Message("bomb.reason.out_of_cards")
R_LOST_FIGHT = Message("bomb.reason.lost_fight")
R_AFTER_FIGHT = Message("bomb.reason.after_fight")
R_DIG = Message("bomb.reason.dig")
R_TURNED_UP = Message("bomb.reason.turned_up")
R_DUG_UP = Message("bomb.reason.dug_up")        # drawn face up while digging (rules with `dig: draw`)
R_ELIMINATED = Message("bomb.reason.eliminated")
R_FIGHT = Message("bomb.reason.fight")
R_EXPLOSION = Message("bomb.reason.explosion")
R_MASSACRE = Message("bomb.reason.massacre")
R_DISARMED = Message("bomb.reason.disarmed")
R_MASSACRE_PLAYED = Message("bomb.reason.massacre_played")
R_ALLIANCE_WON = Message("bomb.reason.alliance_won")
REASONS = (R_FIRST_PLAYER, R_ATTACK, R_DEFENCE, R_ALLIANCE, R_REFILL, R_EXCHANGE, R_TURN, R_CLIMATE_CARD,
           R_OUT_OF_CARDS, R_LOST_FIGHT, R_AFTER_FIGHT, R_DIG, R_TURNED_UP, R_DUG_UP, R_ELIMINATED, R_FIGHT,
           R_EXPLOSION, R_MASSACRE, R_DISARMED, R_MASSACRE_PLAYED, R_ALLIANCE_WON)

# sentences that name cards: a list of card names, the cards a dig drew face up (CardsDrawn.sentence)
CARD_LIST = "bomb.card_list"                      # {a} {b}
DUG_UP_SENTENCE = "bomb.event.dug_up"             # {name} {count} {cards}

# the fight's verdict (AttackResolved.explanation): {attack} and {defence} are the two totals
FIGHT_ATTACKER_WINS = "bomb.fight.attacker_wins"
FIGHT_DEFENDER_WINS = "bomb.fight.defender_wins"
FIGHT_TIE_DEFENDER = "bomb.fight.tie_defender"
FIGHT_TIE_ATTACKER = "bomb.fight.tie_attacker"

# the end of the game (GameOver.explanation)
OVER_LAST_PARTY = Message("bomb.over.last_party")
OVER_ROUNDS = Message("bomb.over.rounds_ran_out")

# why a move may not be played now (state.refusal)
NOT_IN_HAND = "bomb.refusal.not_in_hand"                 # {card}
CARD_NOT_NOW = "bomb.refusal.card_not_now"               # {card}
ONLY_PROTECTION = "bomb.refusal.only_protection"         # {card}: an explosion allows five cards only
CLIMATE_FORBIDS = "bomb.refusal.climate_forbids"         # {card} {climate}
NO_ATTACKS = "bomb.refusal.no_attacks"                   # {climate}
ATTACKS_USED = "bomb.refusal.attacks_used"               # {n} {climate}
ATTACK_NEEDS_FIGHTER = "bomb.refusal.attack_needs_fighter"
FIGHTER_ATTACKS = "bomb.refusal.fighter_attacks"         # {card}: a fighter is used by attacking
BAD_TARGET = "bomb.refusal.bad_target"
DISARM_TOO_FAR = "bomb.refusal.disarm_too_far"           # {steps} {left}
HAS_MOVEMENT = "bomb.refusal.has_movement"
ONE_OF_EACH_TYPE = "bomb.refusal.one_of_each_type"
NEEDS_FIGHTER = "bomb.refusal.needs_fighter"             # {card}: Equipment or Support alone
NOT_FIGHT_CARD = "bomb.refusal.not_fight_card"           # {card}
NOT_ENOUGH_SUPPORT = "bomb.refusal.not_enough_support"   # {n}
NO_SUPPORT_IN_CLIMATE = "bomb.refusal.no_support_in_climate"   # {climate}
MAX_SUPPORT = "bomb.refusal.max_support"                 # {n}

CODES = tuple(m.code for m in REASONS) + (
    FIGHT_ATTACKER_WINS, FIGHT_DEFENDER_WINS, FIGHT_TIE_DEFENDER, FIGHT_TIE_ATTACKER,
    CARD_LIST, DUG_UP_SENTENCE, OVER_LAST_PARTY.code, OVER_ROUNDS.code,
    NOT_IN_HAND, CARD_NOT_NOW, ONLY_PROTECTION, CLIMATE_FORBIDS, NO_ATTACKS, ATTACKS_USED,
    ATTACK_NEEDS_FIGHTER, FIGHTER_ATTACKS, BAD_TARGET, DISARM_TOO_FAR, HAS_MOVEMENT, ONE_OF_EACH_TYPE,
    NEEDS_FIGHTER, NOT_FIGHT_CARD, NOT_ENOUGH_SUPPORT, NO_SUPPORT_IN_CLIMATE, MAX_SUPPORT)
"""Every code the family produces, besides the card and climate names (`bomb.card.<id>`,
`bomb.climate.<id>`) that its messages carry as arguments."""


def refuse(code: str, **args: Any) -> Refusal:
    """A refusal; card and climate ids given as `card` / `climate` become their translated names."""
    if isinstance(args.get("card"), str):
        args["card"] = card_name(args["card"])
    if isinstance(args.get("climate"), str):
        args["climate"] = climate_name(args["climate"])
    return Refusal(code, **args)
