"""What every registered family must do, checked the same way for each (docs/design.md, "Adding a game").

Per family: it has an AI and a table; over every move of many random games of each of its bundled
rules files (variants included) cards are conserved, every game ends, `refusal(seat, m)` is None
exactly for the legal moves, a state rebuilt from a seat's view shows that seat the same view; and,
behind the typed boundary, its info is an immutable record (hashable), every Message it says exists
in every shipped language with the placeholders filled, and its events explain with Messages.

PENDING: families not yet converted to the typed boundary. Their boundary checks are expected to fail
(strict: once a family passes, its name must go). The tiny test-only family tests/highcard.py goes
through the same engine checks, and through `arena`, the CLI and the generic table, to prove that
path needs no change to the program.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from revolt_table.services import i18n
from revolt_table.ai.base import RandomAgent
from revolt_table.ai.registry import make_agent
from revolt_table.engine import GameState, Info, Message, Move, Rules, load_rules
from revolt_table.engine.family import FAMILIES, ai_module, registered, table_module
from revolt_table.services.resources import rules_dir
from tests.highcard import HIGHCARD

PENDING: set[str] = set()
HIGHCARD_RULES = "tests/data/highcard.yaml"
GAMES_PER_RULES = 3
ROUND_TRIP_EVERY = 3           # rebuild from every seat's view at every 3rd position
REFUSALS_PER_SEAT = 12         # illegal move texts asked about per seat and position (besides every legal one)


def bundled_rules() -> dict[str, list[Rules]]:
    """Every bundled rules file and each of its variants, by family."""
    out: dict[str, list[Rules]] = {}
    for path in sorted(rules_dir().glob("*.yaml")):
        base = load_rules(path)
        for variant in [None, *base.variants]:
            rules = load_rules(path, variant=variant)
            out.setdefault(rules.family.name, []).append(rules)
    return out


BUNDLED = bundled_rules()


def pending(name: str, *, boundary: bool):
    mark = pytest.mark.xfail(strict=True, reason=f"{name} is not behind the typed boundary yet")
    return pytest.param(name, marks=mark) if boundary and name in PENDING else name


def family_params(*, boundary: bool = False, test_family: bool = True):
    names = list(FAMILIES) + (["highcard"] if test_family else [])
    return [pending(name, boundary=boundary) for name in names]


@pytest.fixture
def family_rules(request) -> Iterator[list[Rules]]:
    name = request.param
    if name == "highcard":
        with registered(HIGHCARD):
            yield [load_rules(HIGHCARD_RULES)]
    else:
        yield BUNDLED[name]


def random_games(rules_list: list[Rules], games: int = GAMES_PER_RULES) -> Iterator[tuple[GameState, list]]:
    """(state, events of the move just played) at every position of seeded random games, every player
    count in turn; the last position of each game is over."""
    for rules in rules_list:
        counts = list(range(rules.min_players, rules.max_players + 1))
        for g in range(games):
            state = rules.new_game(counts[g % len(counts)], seed=1000 + g, start_seat=g % rules.min_players)
            rng = random.Random(g)
            events: list = list(getattr(state, "opening_events", ()))
            moves = 0
            while True:
                yield state, events
                if state.is_over:
                    break
                seat = state.to_act[rng.randrange(len(state.to_act))]
                legal = state.legal_moves(seat)
                events = state.apply(seat, legal[rng.randrange(len(legal))])
                moves += 1
                assert moves < 5000, f"{rules.id}: a random game did not end"


# ------------------------------------------------------------------------------------------ has an AI and a table

@pytest.mark.parametrize("name", list(FAMILIES))
def test_family_has_an_ai_and_a_table(name):
    from revolt_table.ui.table.family import FamilyTable, GenericTable

    entry = FAMILIES[name]
    assert BUNDLED.get(name), f"no bundled rules file names family {name!r}"
    rules = BUNDLED[name][0]
    assert rules.family.name == name
    assert entry.ai and hasattr(ai_module(name), "make_heuristic")
    assert not isinstance(make_agent("ai:normal", rules), RandomAgent)
    table = getattr(table_module(name), "FAMILY_TABLE", None)
    assert table is not None and issubclass(table, FamilyTable) and table is not GenericTable
    assert rules.params is rules.params                                  # compiled once


# ------------------------------------------------------------------------------------------ the engine contract

@pytest.mark.parametrize("family_rules", family_params(), indirect=True)
def test_cards_are_conserved_and_refusals_agree_with_legal_moves(family_rules):
    texts: set[str] = set()           # every move text met so far: most are illegal at a given moment
    start: Counter | None = None
    rng = random.Random(3)
    for state, _ in random_games(family_rules):
        if not state.history:
            start = Counter(state.card_count())
        assert Counter(state.card_count()) == start, "cards appeared or vanished"
        for seat in range(state.players):
            legal = {m.text for m in state.legal_moves(seat)}
            assert bool(legal) == (seat in state.to_act)
            texts |= legal
            others = sorted(texts - legal)
            for text in sorted(legal) + rng.sample(others, min(len(others), REFUSALS_PER_SEAT)):
                refused = state.refusal(seat, text)
                assert (refused is None) == (text in legal), (state.rules.id, seat, text, refused)
                assert (state.refusal(seat, Move(text)) is None) == (text in legal)


@pytest.mark.parametrize("family_rules", family_params(), indirect=True)
def test_a_state_rebuilt_from_a_view_shows_the_same_view(family_rules):
    rng = random.Random(7)
    checked = 0
    for k, (state, _) in enumerate(random_games(family_rules)):
        if k % ROUND_TRIP_EVERY:
            continue
        for seat in range(state.players):
            view = state.view(seat)
            rebuilt = state.rules.from_view(view, rng)
            assert rebuilt.view(seat) == view, (state.rules.id, seat, len(state.history))
            assert rebuilt.to_act == state.to_act and rebuilt.is_over == state.is_over
            assert {m.text for m in rebuilt.legal_moves(seat)} == {m.text for m in state.legal_moves(seat)}
            checked += 1
    assert checked > 20


# ------------------------------------------------------------------------------------------ the typed boundary

def messages_in(value, depth: int = 0) -> Iterator[Message]:
    """Every Message inside an event, an info record, a tuple..."""
    if depth > 8:
        return
    if isinstance(value, Message):
        yield value
        for _, arg in value.params:
            yield from messages_in(arg, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from messages_in(getattr(value, field.name), depth + 1)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from messages_in(item, depth + 1)


def assert_said_everywhere(message: Message) -> None:
    """`message` has a sentence in every shipped language, and its arguments fill every placeholder."""
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        text = table.get(message.code) or table.get(message.code + ".other")    # a sentence with plural forms
        assert text is not None, f"{lang}: no sentence for {message.code}"
        missing = i18n.placeholders(text) - set(message.args)
        assert not missing, f"{lang}: {message.code} needs {sorted(missing)}, the game gives {sorted(message.args)}"


@pytest.mark.parametrize("name", family_params(boundary=True, test_family=False))
def test_every_code_the_family_lists_is_translated(name):
    module = __import__(FAMILIES[name].game, fromlist=["CODES"])
    codes = module.CODES
    assert codes, f"{name} lists no CODES"
    for lang in i18n.LANGUAGES:
        table = i18n.table(lang)
        missing = [code for code in codes if code not in table and not i18n.is_plural(code, lang)]
        assert not missing, f"{lang}: missing {missing}"


@pytest.mark.parametrize("family_rules", family_params(boundary=True), indirect=True)
def test_info_is_immutable_and_messages_are_translated(family_rules):
    said: set[Message] = set()
    for state, events in random_games(family_rules, games=2):
        for seat in (None, *range(state.players)):
            info = state.view(seat).info
            assert isinstance(info, Info)
            hash(info)                                  # only immutable things inside
            said.update(messages_in(info))
        for event in events:
            explanation = getattr(event, "explanation", None)
            assert explanation in (None, "") or isinstance(explanation, Message), event
            said.update(messages_in(event))
            if callable(getattr(event, "sentence", None)):      # what an event says of itself (the replay)
                said.update(messages_in(event.sentence()))
        for seat in state.to_act:
            said.update(messages_in(state.refusal(seat, "no such move")))
    for message in said:
        assert_said_everywhere(message)


# ------------------------------------------------------------------------------------------ typed moves

@pytest.mark.parametrize("family_rules", family_params(), indirect=True)
def test_apply_is_the_engines_own(family_rules):
    """No family bypasses the engine's checks (issue 27: Dou Dizhu's state had its own apply)."""
    state = family_rules[0].new_game(family_rules[0].min_players, seed=1)
    assert type(state).apply is GameState.apply and type(state).legal_move is GameState.legal_move


@pytest.mark.parametrize("family_rules", family_params(), indirect=True)
def test_every_legal_move_is_described_with_a_kind_its_phase_declares(family_rules):
    """Each legal move's descriptor: a kind its phase table declares, only hand cards, the selection of
    those cards makes it, and a label said in every language (the toy family: its text, generically)."""
    phases = getattr(family_rules[0].family, "phases", None)
    said: set[Message] = set()
    kinds: set[tuple[str, str]] = set()
    for state, _ in random_games(family_rules, games=2):
        for seat in state.to_act:
            legal = state.legal_moves(seat)
            infos = state.describe_moves(seat)
            assert [i.move for i in infos] == legal
            hand = Counter(state.view(seat).hand() or ())
            for info in infos:
                assert not Counter(info.cards) - hand, (info, hand)
                if phases is not None:
                    assert info.phase in phases and info.kind in phases[info.phase].kinds, info
                kinds.add((info.phase, info.kind))
                if info.cards and len(infos) < 60:
                    assert info.move in [i.move for i in state.moves_with_cards(seat, info.cards)], info
                said.add(info.label)
            assert state.describe(seat, legal[0].text) == infos[0]          # a text describes like its Move
    if phases is not None:
        assert {kind for _, kind in kinds} == {k for p in phases.values() for k in p.kinds} - MISSED_KINDS.get(
            family_rules[0].family.name, set())
    for message in said:
        assert_said_everywhere(message)


#: kinds of move two short random games may never meet
MISSED_KINDS = {"tricks": {"take"}}


# ------------------------------------------------------------------------------------------ a fifth family

def test_a_test_only_family_plays_through_arena_and_the_cli(capsys):
    from revolt_table.arena import run_arena
    from revolt_table.cli import main

    with registered(HIGHCARD):
        report = run_arena(HIGHCARD_RULES, 3, ["ai:hard", "ai:normal", "random"], games=6, seed=2, iterations=30)
        assert report["game"] == "highcard" and report["games"] == 6
        assert sum(seat["mean_points"] for seat in report["seats"]) == pytest.approx(3.0, abs=1e-3)   # 3 tricks
        assert main(["arena", HIGHCARD_RULES, "--players", "4", "--seats", "random", "--games", "3"]) == 0
        assert "highcard: 3 games, 4 players" in capsys.readouterr().out
    with pytest.raises(Exception, match="unknown family 'highcard'"):
        load_rules(HIGHCARD_RULES)                      # registered by the tests only, never by a file
