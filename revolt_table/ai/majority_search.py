"""RevoltaaA ai:hard (both variants): the shared search (ai/search.py) with what this family knows.

- Candidates: every card type in hand (at most 12). The normal heuristic's card is listed first but
  gets no bonus (KEEP_Z = 0): ai:normal is noisy (two runs of it pick the same card only half the
  time in the base game), so the search's best estimate is the better guess.
- Determinizations: `rules.from_view` deals the unseen cards (other hands, their hidden choices this
  round, the centre pile, the box) at random; everything the view shows stays put. With a
  simultaneous reveal, a seat that already chose takes its hidden card back and chooses again in the
  play-out, by the policy that models it (a card drawn at random would be a poor guess).
- Inference: a pool of such deals is weighed by how likely each opponent's cards that the view
  shows with their seat (the last round's, and in turn this round's) were under the normal policy,
  had that deal been the truth (`PlayModel`); every search round draws its deal from the pool in
  proportion to the weights. A seat that shed a low Robot probably holds Ducks. The view tells the
  last round's reveals by seat; at three seats the search remembers every earlier reveal of the game
  it has seen (`RevealMemory`), as a player at the table does.
- Play-outs: the WHOLE rest of the game on plain counts (`playout`: the game's own simulation,
  `MajorityState.simulation()` in games/majority_sim.py, the engine's rules without events, tested
  against the engine), every seat, this one too, playing `FastValue`: ai:normal's value estimate
  (ai/majority_value.py) on card types, the same formula on the same information, estimated on a few
  imagined rounds shared by all of a seat's cards (common random numbers) instead of 24 per card.
  Inference weighs deals with the same FastValue on what each opponent saw when it played: an
  earlier, cheaper copy of the first heuristic (ai/majority_ai.py) explained ai:normal's cards worse
  than a uniform guess; FastValue halves the uniform guess's surprise (figures in `PlayModel`).
- Value: the game's actual result for this seat, a win (shared on a tie), plus a little of the point
  margin so that among equally winning lines the one with more points is preferred.

Everything the search reads comes from the view (the determinizations are built from it) and from
`rules.params`; in a play-out each seat decides from what it could see there (its hand, the table
and the cards it has not seen), like the heuristic does (tests/test_majority_search.py).
"""

from __future__ import annotations

import math
import random

from ..engine.move import Move
from ..engine.state import View
from .budget import Budget
from .majority_value import LOGISTIC, SPREAD_FLOOR, MajorityValueAgent, chance_first, rounds_left
from .search import SearchAgent, SearchSpec, pick_weighted

PLAYOUTS = 480      # play-outs per decision at 4 players: ~0.35 s on one core of the reference machine
# ...scaled by the table's size: a play-out's cost grows with the seats, a player's patience does not
PLAYOUT_SCALE = {5: 0.75}
VALUE_SAMPLES = 4   # imagined rounds per play-out decision of FastValue (its estimate costs more per round)
INFER_SAMPLES = 8   # imagined rounds per inference estimate (PlayModel)
INFER_TEMPERATURE = 0.02    # softmax temperature over those estimates (fitted: see PlayModel)
INFER_FLOOR = 0.05  # share of uniform choice mixed into each observed card's probability
MARGIN = 0.05       # weight of the point margin next to the win in a play-out's value
PARTICLES = 200     # deals weighed by inference per decision
# rounds of reveals inference remembers (RevealMemory), by table size; elsewhere 1: the last round, as the
# view shows. Each remembered round costs a weight term per opponent and deal; measured at three seats only
MEMORY_ROUNDS = {3: 99}
# ...and with many rounds weighed, each observed card's probability to this power: the product of a
# whole game's terms leaves 2-10 of 200 deals with weight (effective sample size at three seats from the
# fourth round on; 20-50 at 0.5), and the search would play on those few
INFER_POWER = {3: 0.5}
KEEP_Z = 0.0        # ai:normal is noisy (it agrees with itself on half its cards): no bonus for its card


class FastValue:
    """ai:normal's decision (ai/majority_value.py, MajorityValueAgent) for `actor` of a MajorityState,
    on card types: the same formula (`_Table.value`) on the same information (the actor's hand, every
    seat's stacks and hand size, the tally, the cards on the table it may see, the cards it has not
    seen), estimated on a few imagined rounds shared by all of its cards (common random numbers)."""

    def __init__(self, params, samples: int = VALUE_SAMPLES) -> None:
        self.colour, self.value, self.size = params.colour, params.value, params.size
        self.samples = samples
        self.target = params.target
        self.letters = params.colour_letters
        self.by_colour = tuple(tuple(sorted((t for t in range(self.size) if self.colour[t] == c),
                                            key=lambda t: self.value[t])) for c in (0, 1))

    def choose(self, state, actor: int, rng: random.Random) -> int:
        """The type `actor` plays in a MajorityState, from what it may see there (`simulation().seen`)."""
        return self.decide(*state.simulation().seen(actor), rng)

    def decide(self, actor: int, hand: list[int], owned: list[list[int]], tally: list[int], centre: int,
               known: list[tuple[int, int]], leader: int, sizes: list[int], chosen: list[bool],
               pool: list[int], rng: random.Random) -> int:
        """The type to play from `hand` (counts per type): `owned` every seat's stacks by top colour,
        `centre` the centre card (-1: none), `known` the (seat, type) played in turn this round,
        `sizes` every hand's size, `chosen` which seats have put their card down, `pool` the cards the
        actor has not seen (it is shuffled in part)."""
        options = [t for t in range(self.size) if hand[t]]
        if len(options) == 1:
            return options[0]
        scores = self.scores(actor, options, hand, owned, tally, centre, known, leader, sizes, chosen, pool, rng)
        best, best_score = options[0], float("-inf")
        for t, score in zip(options, scores):
            if score > best_score:
                best, best_score = t, score
        return best

    def scores(self, actor, options, hand, owned, tally, centre, known, leader, sizes, chosen, pool, rng):
        """The value estimate of each card type in `options` (see `decide`)."""
        colour, value, by_colour, ntypes = self.colour, self.value, self.by_colour, self.size
        n = len(sizes)
        table, fill = self._worth(actor, hand, owned, tally, sizes, chosen, pool)
        played = {s for s, _ in known}
        pending = [s for s in range(n) if s != actor and s not in played]
        base_counts = [0] * ntypes
        base_owner = [-1] * ntypes
        base_ab = [0, 0]
        base_lead = -1
        for o, t in ([(-1, centre)] if centre >= 0 else []) + list(known):
            base_counts[t] += 1
            base_owner[t] = o
            base_ab[colour[t]] += value[t]
            if o == leader:
                base_lead = colour[t]
        first_entry = centre if centre >= 0 else (known[0][1] if known else -1)
        nouniq = -1 if centre >= 0 else leader
        size = len(pool)
        k = min(len(pending), size)
        random_ = rng.random
        totals = [0.0] * len(options)
        stride = n + 1
        for _ in range(self.samples):
            for j in range(k):                   # a partial Fisher-Yates shuffle: k cards unseen
                i = j + int(random_() * (size - j))
                pool[j], pool[i] = pool[i], pool[j]
            counts = base_counts[:]
            owner = base_owner[:]
            a0, b0 = base_ab
            lead = base_lead
            for j in range(k):
                t, o = pool[j], pending[j]
                counts[t] += 1
                owner[t] = o
                if colour[t]:
                    b0 += value[t]
                else:
                    a0 += value[t]
                if o == leader:
                    lead = colour[t]
            first = ([], [])
            for c in (0, 1):
                found = first[c]
                for t in by_colour[c]:
                    if counts[t] == 1:
                        found.append(t)
                        if len(found) == 2:
                            break
            start = first_entry if first_entry >= 0 else (pool[0] if k else -1)
            for i, t in enumerate(options):
                c, v = colour[t], value[t]
                if c:
                    a, b = a0, b0 + v
                else:
                    a, b = a0 + v, b0
                if a != b:
                    w = 0 if a > b else 1
                elif centre >= 0:
                    w = colour[centre]
                elif leader == actor:
                    w = c
                elif lead >= 0:
                    w = lead
                else:
                    w = colour[start] if start >= 0 else c
                uniq = first[w]
                if c != w or counts[t] >= 2:
                    winner = owner[uniq[0]] if uniq else nouniq
                elif counts[t] == 0:
                    winner = actor if not uniq or v < value[uniq[0]] else owner[uniq[0]]
                elif uniq[0] == t:
                    winner = owner[uniq[1]] if len(uniq) > 1 else nouniq
                else:
                    winner = owner[uniq[0]]
                key = (w * 2 + c) * stride + winner + 1
                got = table[key]
                totals[i] += got if got is not None else fill(key)
        return [x / self.samples for x in totals]

    def _worth(self, actor, hand, owned, tally, sizes, chosen, pool):
        """`majority_value._Table.value` on plain numbers, for one decision: a function of the key
        (w * 2 + c) * (players + 1) + winner + 1 (the round's colour w, the played card's colour c,
        its winner, -1 for nobody): a table of the values found so far (None: not yet) and the function
        that fills one in (the table spares a call per lookup in the play-outs' innermost loop)."""
        colour, target = self.colour, self.target
        n = len(sizes)
        unseen = [0, 0]
        for t in pool:
            unseen[colour[t]] += 1
        total = max(1, unseen[0] + unseen[1])
        share = (unseen[0] / total, unseen[1] / total)
        held = [0, 0]
        for t, k in enumerate(hand):
            held[colour[t]] += k
        held_after = held[0] + held[1] - 1
        others = [(s, sizes[s] - (0 if chosen[s] else 1)) for s in range(n) if s != actor]
        per_round = []
        for w in (0, 1):
            need = [target - tally[c] - (1 if c == w else 0) for c in (0, 1)]
            if need[0] <= 0 or need[1] <= 0:
                chance, rounds = (1.0 if need[0] <= 0 else 0.0, 1.0 if need[1] <= 0 else 0.0), 0.0
            else:
                p = chance_first(need[0], need[1])
                chance, rounds = (p, 1.0 - p), rounds_left(need[0], need[1])
            seats = []
            for cc in (0, 1):
                row = []
                for s, size in others:
                    left = size - rounds if size > rounds else 0.0
                    theirs = owned[s][cc] + left * share[cc]
                    spread = math.sqrt(left * share[cc] * (1 - share[cc]) + SPREAD_FLOOR)
                    row.append((s, theirs, LOGISTIC / spread))
                seats.append(row)
            per_round.append((chance, rounds, seats))
        stride = n + 1
        table: list[float | None] = [None] * (4 * stride)
        exp = math.exp

        def fill(key: int) -> float:
            pair, winner = divmod(key, stride)
            winner -= 1
            w, c = divmod(pair, 2)
            chance, rounds, seats = per_round[w]
            result = 0.0
            for cc in (0, 1):
                if chance[cc] == 0.0:
                    continue
                kept = held[cc] - (1 if cc == c else 0)
                spend_own = rounds - (held_after - kept)
                if spend_own < 0.0:
                    spend_own = 0.0
                mine = owned[actor][cc] + (winner == actor and w == cc)
                if kept > spend_own:
                    mine += kept - spend_own
                beat_all = 1.0
                for s, theirs, slope in seats[cc]:
                    if winner == s and w == cc:
                        theirs += 1
                    beat_all *= 1.0 / (1.0 + exp(-slope * (mine - theirs)))
                result += chance[cc] * beat_all
            table[key] = result
            return result

        return table, fill


def playout(fast: FastValue, state, rng: random.Random) -> tuple[int, ...]:
    """Play a MajorityState (not changed) to the end with every seat's card chosen by `fast`; the
    final scores. The game's own simulation on counts (`state.simulation()`, games/majority_sim.py)."""
    return state.simulation().play_out(fast.decide, rng)


class RevealMemory:
    """The reveals of earlier rounds, as this seat saw them: the view shows who played which card in
    the last round only (`info.last`), but a player at the table has seen every reveal of the game.
    Each decision adds the last round's observations (`PlayModel.observations`, with what each seat
    saw when it played); `observations` hands back those of the last few rounds (`rounds`, by table
    size), each with the cards its seat played after it, which its hand held then.

    The memory follows one game per seat: it keeps a round only when the view's stacks are the
    remembered ones plus that round's new stack (an agent moved to another game, or asked about an
    earlier position, starts afresh), so a decision never uses more than the public record of its game."""

    def __init__(self, rounds: dict[int, int]) -> None:
        self.rounds = rounds
        # per (table size, seat): one agent may play several seats (the AI worker keeps one per level)
        self._games: dict[tuple[int, int], tuple[tuple, int, list]] = {}
        self._kept: list[tuple[int, list[tuple[int, int]], list[tuple]]] = []   # (round, reveals, observations)

    def add(self, view: View, reveals: list[tuple[int, int]], observations: list[tuple], stacks: list) -> None:
        """Remember the last round (its reveals by seat, its observations; `stacks`: the view's) and
        make the game of `view` the one `observations` reads."""
        key = tuple(tuple(map(tuple, owner)) for owner in stacks)
        done = view.info.round - 1                 # the round `info.last` tells
        seat = (view.players, view.seat)
        before, last, kept = self._games.get(seat, ((), -1, []))
        if done == last and key == before:         # the same position again
            kept[-1] = (done, reveals, observations)
        else:
            if not (done == last + 1 and self._follows(before, key)):
                kept = []
            kept.append((done, reveals, observations))
            del kept[:-self.rounds.get(view.players, 1)]
            self._games[seat] = (key, done, kept)
        self._kept = kept

    @staticmethod
    def _follows(before: tuple, key: tuple) -> bool:
        """Are the view's stacks the remembered ones plus exactly one new stack?"""
        grown = 0
        for old, now in zip(before, key):
            if now[:len(old)] != old:
                return False
            grown += len(now) - len(old)
        return grown == 1 and len(key) == len(before)

    def observations(self, current: list[tuple[int, int]]) -> list[tuple]:
        """The remembered observations, oldest first, each with the cards its seat played since
        (in the later remembered rounds, then this round's card when shown in turn)."""
        out = []
        for i, (_, _, observed) in enumerate(self._kept):
            for seat, card, _, *rest in observed:
                since = [c for _, reveals, _ in self._kept[i + 1:] for o, c in reveals if o == seat]
                since += [c for o, c in current if o == seat]
                out.append((seat, card, since, *rest))
        return out


class PlayModel:
    """Inference: how likely the opponents' cards the view shows with their seats (the last round's,
    earlier rounds' as far as `RevealMemory` reaches, and in turn this round's so far) were under
    ai:normal, had their hands been those of a determinization. Each observed card's probability is a
    softmax at `temperature` over FastValue's estimates of the cards that seat held then
    (`FastValue.scores` on what that seat saw then, the same random numbers for every deal), mixed
    with a `floor` of uniform choice (ai:normal's estimate is noisy, and a seat may be ai:easy or a
    person); a deal's weight is their product (where many rounds are remembered, to the power
    INFER_POWER, which keeps the search on more than a handful of deals).

    The constants were fitted on about 1,100 ai:normal decisions at 4 players (log-likelihood per
    observed card: uniform -1.76, this model -1.04 to -1.14; the same on Bananas and at 3 and 5
    players); the figures are in the issue-16 note."""

    def __init__(self, params, samples: int = INFER_SAMPLES, temperature: float = INFER_TEMPERATURE,
                 floor: float = INFER_FLOOR, rounds: dict[int, int] | None = None,
                 power: dict[int, float] | None = None) -> None:
        self.params = params
        self.fast = FastValue(params, samples)
        self.temperature = temperature
        self.floor = floor
        self.deck = [params.deck.count(t) for t in range(params.size)]
        self.memory = RevealMemory(MEMORY_ROUNDS if rounds is None else rounds)
        self.power = INFER_POWER if power is None else power

    def observations(self, view: View) -> list[tuple]:
        """For every opponent's card shown with its seat: (seat, card, the cards that seat played
        since, then FastValue.decide's arguments as that seat saw them when it played, apart from
        its hand and unseen cards, which depend on the deal: every seat's stacks by colour, the
        tally, the centre card, the (seat, card) played before it in turn, the leader, every hand's
        size, who had put a card down, and the cards public to it then). The last round's are also
        remembered (`memory`), and the earlier rounds the memory holds for this seat's game come with them."""
        p, info, n = self.params, view.info, view.players
        index, colour = p.index, p.colour
        stacks = [view.zones[f"stacks:{s}"].groups for s in range(n)] + [view.zones["stacks:center"].groups]
        public = [0] * p.size
        for owner in stacks:
            for stack in owner:
                for card in stack:
                    public[index[card]] += 1
        owned = [[0, 0] for _ in range(n)]
        for s in range(n):
            for stack in stacks[s]:
                owned[s][colour[index[stack[0]]]] += 1
        sizes = [view.zones[f"hand:{s}"].count for s in range(n)]
        current: list[tuple[int, int]] = []
        if not p.simultaneous:
            current = [(s, index[view.zones[f"chosen:{s}"].cards[0]]) for s in info.order[:info.turn]]
        else:
            sizes = [k + (1 if chose else 0) for k, chose in zip(sizes, info.chosen)]
        played_now = {s for s, _ in current}
        out = []
        if info.last is not None:
            last = info.last
            entries = [(-1 if o == "center" else o, index[c]) for o, c in last.cards]
            centre = entries[0][1] if entries[0][0] == -1 else -1
            seats = [(o, c) for o, c in entries if o >= 0]
            won = p.colour_ids.index(last.colour)
            tally = list(info.tally)
            tally[won] -= 1
            before_owned = [row[:] for row in owned]
            if last.winner is not None:
                before_owned[last.winner][won] -= 1
            before = public[:]
            for _, t in entries:
                before[t] -= 1                 # the last round's stack was not public before it
            leader = info.leader if p.simultaneous else seats[0][0]
            last_round = []
            for k, (s, t) in enumerate(seats):
                if s == view.seat:
                    continue
                earlier = [] if p.simultaneous else seats[:k]
                done = {o for o, _ in earlier}
                then = [sizes[x] + (x in played_now) + (x not in done) for x in range(n)]
                last_round.append(self._observation(s, t, [], before_owned, tally, centre, earlier, leader,
                                                    then, [x in done for x in range(n)], before))
            self.memory.add(view, seats, last_round, stacks)
            out += self.memory.observations(current)
        centre_zone = view.zones["center_card"].cards
        centre = index[centre_zone[0]] if centre_zone else -1
        for k, (s, t) in enumerate(current):
            if s != view.seat:
                done = {o for o, _ in current[:k]}
                then = [sizes[x] + (x in played_now and x not in done) for x in range(n)]
                out.append(self._observation(s, t, [], owned, list(info.tally), centre, current[:k], info.leader,
                                             then, [x in done for x in range(n)], public))
        return out

    @staticmethod
    def _observation(seat: int, card: int, since: list[int], owned: list[list[int]], tally: list[int],
                     centre: int, earlier: list[tuple[int, int]], leader: int, sizes: list[int],
                     chosen: list[bool], public: list[int]) -> tuple:
        """One observed card and what its seat saw (see `observations`); `sizes` count the card."""
        shown = public[:]
        if centre >= 0:
            shown[centre] += 1
        for _, c in earlier:
            shown[c] += 1
        return (seat, card, since, owned, tally, centre, earlier, leader, sizes, chosen, shown)

    def weight(self, hands: list[list[int]], observations: list[tuple]) -> float:
        """The deal's likelihood (hands: its hands now, counts per type)."""
        size, fast, deck = self.params.size, self.fast, self.deck
        power = self.power.get(len(hands), 1.0)
        w = 1.0
        for k, observation in enumerate(observations):
            seat, card, since, owned, tally, centre, earlier, leader, sizes, chosen, shown = observation
            hand = hands[seat][:]
            hand[card] += 1
            for c in since:
                hand[c] += 1
            options = [t for t in range(size) if hand[t]]
            if len(options) == 1:
                continue
            pool = [t for t in range(size) for _ in range(max(0, deck[t] - hand[t] - shown[t]))]
            scores = fast.scores(seat, options, hand, owned, tally, centre, earlier, leader, sizes, chosen, pool,
                                 random.Random(k))
            top = max(scores)
            expo = [math.exp((x - top) / self.temperature) for x in scores]
            chance = expo[options.index(card)] / sum(expo)
            w *= self.floor / len(options) + (1 - self.floor) * chance
        return w if power == 1.0 else w ** power


class MajoritySpec(SearchSpec):
    """The shared search's hooks for the majority family (see the module docstring)."""

    def __init__(self, rules, heuristic=None, samples: int = VALUE_SAMPLES, margin: float = MARGIN,
                 inference: bool = True, particles: int = PARTICLES, scale: dict[int, float] | None = None) -> None:
        super().__init__(rules, heuristic or MajorityValueAgent(rules))
        self.fast = FastValue(rules.params, samples)
        self.margin = margin
        self.candidates = rules.params.size
        self.inference = inference
        self.particles = particles
        self.model = PlayModel(rules.params)
        self.scale = scale or {}
        self._view: View | None = None
        self._deals: list = []
        self._weights: list[float] = []
        self._total = 0.0

    def first_choice(self, view: View, legal_moves: list[Move], rng: random.Random) -> Move:
        self._view = None           # a new decision: new particles (even for an equal view)
        return self.heuristic.choose(view, legal_moves, rng)

    def playouts(self, view: View, budget: int) -> int:
        """The budget scaled by `scale` for this table's size (see PLAYOUT_SCALE)."""
        return round(budget * self.scale.get(view.players, 1.0))

    def determinize(self, view: View, rng: random.Random):
        """A deal consistent with the view; with inference, one of this decision's `particles` deals
        drawn in proportion to its `PlayModel` weight."""
        if not self.inference:
            return self._deal(view, rng)
        if self._view is not view:
            self._view = view
            self._deals = [self._deal(view, rng) for _ in range(self.particles)]
            observations = self.model.observations(view)
            self._weights = [self.model.weight(d.simulation().hands, observations) if observations else 1.0
                             for d in self._deals]
            self._total = sum(self._weights)
        return pick_weighted(self._deals, self._weights, self._total, rng)

    def _deal(self, view: View, rng: random.Random):
        """A deal consistent with the view. With a simultaneous reveal, the seats that already chose
        take their hidden card back into hand and choose again in the play-out: their choice is made
        by the policy that models them, not drawn at random from the unseen cards."""
        state = self.rules.from_view(view, rng)
        state.retract_secret_choices(view.seat)
        return state

    def shortlist(self, view: View, legal_moves: list[Move], first: Move) -> list[Move]:
        """Every card type in hand, the heuristic's first."""
        return [first] + [m for m in legal_moves if m != first]

    def playout(self, state, seat: int, root: View, rng: random.Random) -> float:
        scores = playout(self.fast, state, rng)
        best = max(scores)
        win = 1.0 / scores.count(best) if scores[seat] == best else 0.0
        others = max(p for s, p in enumerate(scores) if s != seat)
        return win + self.margin * (scores[seat] - others)


def make_search(rules, iterations: int | None = None, time_budget: float | None = None) -> SearchAgent:
    """RevoltaaA's ai:hard: `iterations` play-outs per decision (default PLAYOUTS, scaled by the table's
    size with PLAYOUT_SCALE), an optional wall-clock cap in seconds (the AI worker sets one;
    benchmarks and tests do not)."""
    playouts = iterations or PLAYOUTS
    # a small budget gets fewer deals to weigh: the pool would cost more than the search it serves;
    # a budget given in play-outs (tests, benchmarks) is taken as it is at every table
    spec = MajoritySpec(rules, particles=min(PARTICLES, max(8, playouts // 2)),
                        scale=None if iterations else PLAYOUT_SCALE)
    # and, with few play-outs per candidate, the heuristic's card stays unless another is clearly better
    keep_z = KEEP_Z if playouts >= PLAYOUTS else Budget.keep_z
    return SearchAgent(rules, spec, Budget(playouts=playouts, seconds=time_budget, keep_z=keep_z))
