"""Revolución's moments: engine events turned into beats (the deal, rounds and climates announced, the
bomb flying from seat to seat while it steps along the track, cards shown large as they are played,
the duel rolling its dice, explosions bursting on a seat, lieutenants falling, the cards a dig draws face
up flying from the deck into the banner, named, the end).

Why apart from the table: the table (revolt_table/ui/table/bomb.py) says how Revolución looks and
plays; this says how one move is told, step by step. A beat changes the table's shown tokens
(`table.shown`: the timer, the bomb's holder, lieutenants, support, the climate) when it starts or
ends, and the moment state its sections draw (`banner`, `banner_cards`, `flight`, `blast`, `steal`, `duel`); once the
queue is idle the table re-reads the shown position (`scene.model.info`), so a slip here never lasts.
"""

from __future__ import annotations

import pygame

from revolt_table.engine import Event, Move, Played
from revolt_table.games.bomb_events import (AttackDeclared, AttackResolved, BombMoved, CardsDrawn, CardStolen,
                                            ClimateChanged, Disarmed, Eliminated, Exploded, LieutenantLost,
                                            LieutenantSaved, RoundStarted, SupportChanged, TimerAdvanced)
from revolt_table.games.bomb_info import PhaseContext
from revolt_table.ui import cards, i18n, theme
from revolt_table.ui.anim import Beat, Tween, ease_in_out_cubic
from revolt_table.ui.table.model import Sprite

BEAT = "reveal"          # the scene's skippable beat names: a click or key skips our moments
DUEL_BEAT = "fight"


def bt(key: str, **fmt) -> str:
    """Revolución table text: keys under `bomb.` in assets/locale/<lang>.bomb.yaml."""
    return i18n.t("bomb." + key, **fmt)


class BombMoments:
    """The beats of a Revolución table (`table`, a BombTable)."""

    def __init__(self, table) -> None:
        self.table = table
        self.scene = table.scene

    # ---------------------------------------------------------------- words
    def say(self, key: str, subject: int | None, **fmt) -> str:
        """An announcement; when its subject is the one human at the table, the "you" form of it."""
        s = self.scene
        if (subject is not None and subject == s.viewer and not s.session.hot_seat
                and i18n.has(f"bomb.{key}_you")):
            key += "_you"
        return bt(key, **fmt)

    def name(self, seat: int | None) -> str:
        return self.table.name(seat)

    def card(self, card: str) -> str:
        return self.table.painter.name(card)

    def card_list(self, cards) -> str:
        """Cards named one after another, with the language's separator (`bomb.card_list`)."""
        text = self.card(cards[-1])
        for card in reversed(cards[:-1]):
            text = bt("card_list", a=self.card(card), b=text)
        return text

    def deck_rect(self) -> pygame.Rect:
        """The deck in the supply pod, where dealt and dug-up cards fly from."""
        s = self.scene
        pod = s.geom.centre_pod
        deck = pygame.Rect((0, 0), cards.card_size(s.geom.pile_h))
        deck.topleft = (pod.x + s.metrics.px(14), pod.y + s.metrics.px(12))
        return deck

    # ---------------------------------------------------------------- the opening
    def deal(self) -> None:
        """Every hand flies in from the deck, then the first round (and its climate) is announced."""
        s, table = self.scene, self.table
        deck = self.deck_rect()
        beat = Beat(BEAT)
        for k, sprite in enumerate(table.hands_in_deal_order()):
            beat.tweens.append(table.fly_tween(sprite, deck, 0.34, delay=k * 0.035, flip_after=sprite.face_up))
        beat.on_start = lambda _beat: table.sound("deal", 0.7)
        s.queue.push(beat)
        info = s.model.info
        self.banner(self.say("banner.round", info.first, n=info.round_no, name=self.name(info.first)), hold=1.0)
        if info.climate:
            self.banner(bt("banner.climate", climate=table.painter.climate_name(info.climate)), hold=0.8,
                        start=lambda: setattr(table, "climate_pulse", 1.0))

    def banner(self, text: str, colour=theme.GOLD_LIGHT, hold: float = 1.0, card: str | None = None,
               start=None, name: str = BEAT, tweens=None, end=None, log: bool = True,
               cards: tuple[str, ...] = ()) -> Beat:
        """A beat showing `text` (and a card, large, or a row of `cards` over the text) in a banner over
        the board; `start`, `tweens` and `end` change the shown tokens as it plays; the text joins the
        log of the last announcements."""
        table = self.table

        def on_start(beat: Beat) -> None:
            table.banner = (text, colour)
            table.banner_card = card
            table.banner_cards = cards
            if log:
                table.log = (table.log + [text])[-6:]
            if start:
                start()
            for tw in (tweens() if tweens else []):
                beat.tweens.append(tw)

        def on_end() -> None:
            table.banner = None
            table.banner_card = None
            table.banner_cards = ()
            if end:
                end()

        return self.scene.queue.push(Beat(name, on_start=on_start, on_end=on_end, hold=hold))

    # ---------------------------------------------------------------- events
    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        for event in events:
            handler = getattr(self, "ev_" + type(event).__name__, None)
            if handler is not None:
                handler(event)

    def ev_RoundStarted(self, e: RoundStarted) -> None:
        table = self.table

        def start() -> None:
            table.shown.update(round=e.round, timer=e.timer, bomb=e.first, phase="exchange", ctx=PhaseContext())
            table.duel = None
            table.track_pos = None
        self.banner(self.say("banner.round", e.first, n=e.round, name=self.name(e.first)), hold=1.1, start=start)

    def ev_ClimateChanged(self, e: ClimateChanged) -> None:
        table = self.table
        climate = table.painter.climate_name(e.climate)
        text = (bt("banner.climate_by", name=self.name(e.by), card=self.card(e.card), climate=climate)
                if e.by is not None else bt("banner.climate", climate=climate))

        def start() -> None:
            table.shown["climate"] = e.climate
            table.climate_pulse = 1.0
        self.banner(text, hold=0.9, start=start, card=e.card or None)

    def ev_Played(self, e: Played) -> None:
        table = self.table
        card = e.cards[0] if e.cards else ""
        spec = table.params.cards.get(card)
        if spec is not None and (spec.type == "movement" or spec.effect("turn", "set_climate")):
            return                         # the bomb flight / the climate banner shows these
        if e.target is not None:
            text = self.say("banner.react_on", e.seat, name=self.name(e.seat), card=self.card(card),
                            target=self.name(e.target))
        else:
            text = self.say("banner.react", e.seat, name=self.name(e.seat), card=self.card(card))
        self.banner(text, hold=1.2, card=card, start=lambda: table.sound("flip"))

    def ev_CardsDrawn(self, e: CardsDrawn) -> None:
        """Cards drawn face up (a dig's, `dig: draw`): public, so every seat sees them fly from the deck
        into the banner, side by side under a sentence naming them. A hidden draw names no card: it has
        no moment (the hand's count says it)."""
        if not e.cards:
            return
        table = self.table
        text = self.say("banner.dug_up", e.seat, name=self.name(e.seat), n=len(e.cards), cards=self.card_list(e.cards))

        def tweens():
            table.banner_from = self.deck_rect().center
            table.banner_fly = 0.0
            table.sound("deal", 0.7)
            return [Tween(0.35 + 0.12 * len(e.cards), lambda p: setattr(table, "banner_fly", p), lambda x: x)]

        def end() -> None:
            table.banner_fly = 1.0
        self.banner(text, hold=2.0 + 0.25 * len(e.cards), cards=e.cards, tweens=tweens, end=end)

    def ev_BombMoved(self, e: BombMoved) -> None:
        table = self.table
        extras = " + ".join(self.card(x) for x in e.extras)
        text = self.say("banner.passes", e.source, a=self.name(e.source), b=self.name(e.target))
        if extras:
            text += f" (+ {extras})"

        def tweens():
            table.flight = {"from": table.pod_centre(e.source), "to": table.pod_centre(e.target), "t": 0.0}
            table.sound("sweep")
            return [Tween(0.7, lambda p: table.flight and table.flight.__setitem__("t", p), ease_in_out_cubic)]

        def end() -> None:
            table.flight = None
            table.shown["bomb"] = e.target
        self.banner(text, hold=0.25, tweens=tweens, end=end, card=e.card or None)

    def ev_TimerAdvanced(self, e: TimerAdvanced) -> None:
        table = self.table
        n = table.shown["timer_start"]

        def tweens():
            before = n - table.shown["timer"]
            after = n - e.left
            table.track_pos = float(before)

            def upd(p: float) -> None:
                table.track_pos = before + (after - before) * p

            def done() -> None:
                table.shown["timer"] = e.left
                table.track_pos = None
            return [Tween(0.45 if e.steps > 0 else 0.6, upd, ease_in_out_cubic, on_done=done)]

        text = bt("hud.steps_left", n=e.left) if e.steps > 0 else bt("banner.timer_back", n=-e.steps)
        self.banner(text, colour=(255, 190, 150) if e.left <= 3 else theme.TEXT, hold=0.2, tweens=tweens,
                    log=e.steps < 0)

    def ev_AttackDeclared(self, e: AttackDeclared) -> None:
        table = self.table

        def start() -> None:
            table.shown.update(phase="commit_a", ctx=PhaseContext(attacker=e.attacker, defender=e.defender))
        self.banner(self.say("banner.attack", e.attacker, a=self.name(e.attacker), b=self.name(e.defender)),
                    colour=(255, 196, 160), hold=1.0, start=start)

    def ev_AttackResolved(self, e: AttackResolved) -> None:
        s, table = self.scene, self.table

        def start(beat: Beat) -> None:
            table.duel = {"attacker": e.attacker, "defender": e.defender, "dice": e.dice, "ally_dice": e.ally_dice,
                          "support": e.support, "totals": e.totals, "modifiers": e.modifiers,
                          "winner_side": 0 if e.winner == e.attacker else 1}
            for side, seat in enumerate((e.attacker, e.defender)):
                zone = s.model.zones.get(f"fight:{seat}")
                shown = (e.attacker_cards, e.defender_cards)[side]
                if zone is not None and tuple(sp.card for sp in zone.sprites) != tuple(shown):
                    zone.sprites = [Sprite(c, True) for c in shown]
            table.duel_roll = 0.0
            table.sound("chime", 0.8)
            beat.tweens.append(Tween(0.9, lambda p: setattr(table, "duel_roll", p if p < 1 else 1.0),
                                     on_done=lambda: setattr(table, "duel_roll", 1.0)))
            table.banner = None

        s.queue.push(Beat(DUEL_BEAT, on_start=start, on_end=lambda: setattr(table, "duel_roll", 1.0), hold=1.6))
        self.banner(self.say("banner.wins", e.winner, name=self.name(e.winner)), hold=0.8, end=table.close_duel)

    def ev_CardStolen(self, e: CardStolen) -> None:
        table = self.table

        def tweens():
            table.steal = {"from": table.pod_centre(e.victim), "to": table.pod_centre(e.thief), "t": 0.0}
            return [Tween(0.6, lambda p: table.steal and table.steal.__setitem__("t", p), ease_in_out_cubic)]
        text = self.say("banner.stolen", e.thief, thief=self.name(e.thief), victim=self.name(e.victim))
        self.banner(text, hold=0.5, tweens=tweens, end=lambda: setattr(table, "steal", None))

    def ev_Exploded(self, e: Exploded) -> None:
        table = self.table
        if e.protected_by:
            text = self.say("banner.sheltered", e.seat, name=self.name(e.seat), card=self.card(e.protected_by))
            self.banner(text, hold=1.2, card=e.protected_by)
            return

        def tweens():
            table.blast = {"at": table.pod_centre(e.seat), "t": 0.0, "word": bt("hud.boom")}
            table.sound("sweep", 1.0)
            table.sound("deal", 1.0)
            return [Tween(1.3, lambda p: table.blast and table.blast.__setitem__("t", p), lambda x: x)]
        self.banner(self.say("banner.explode", e.seat, name=self.name(e.seat)), colour=(255, 170, 120), hold=0.5,
                    tweens=tweens, end=lambda: setattr(table, "blast", None))

    def ev_Disarmed(self, e: Disarmed) -> None:
        key = "banner.disarmed" if e.success else "banner.wrong_wire"
        self.banner(self.say(key, e.seat, name=self.name(e.seat)), hold=1.2, card=e.card or None)

    def ev_LieutenantLost(self, e: LieutenantLost) -> None:
        table = self.table

        def start() -> None:
            table.shown["lieutenants"][e.seat] = e.left
            table.flash[e.seat] = self.scene.time
        text = self.say("banner.lost", e.seat, name=self.name(e.seat), n=e.left)
        self.banner(text, colour=(255, 170, 150), hold=1.2, start=start)

    def ev_LieutenantSaved(self, e: LieutenantSaved) -> None:
        text = self.say("banner.saved", e.seat, name=self.name(e.seat), card=self.card(e.card))
        self.banner(text, hold=1.0, card=e.card)

    def ev_SupportChanged(self, e: SupportChanged) -> None:
        table = self.table

        def start() -> None:
            table.shown["support"][e.seat] = e.total
            table.shown["supply"] = max(0, table.shown["supply"] - e.delta)
        self.banner(self.say("banner.support", e.seat, name=self.name(e.seat), n=e.delta), hold=0.7, start=start)

    def ev_Eliminated(self, e: Eliminated) -> None:
        self.banner(self.say("banner.eliminated", e.seat, name=self.name(e.seat)), colour=(255, 150, 130), hold=1.4)

    def push_end_beats(self) -> None:
        table = self.table
        winner = self.scene.session.state.view(None).info.winner
        self.banner(self.say("banner.game_over", winner, name=self.name(winner)), hold=2.5, name="end_hold",
                    start=lambda: table.sound("fanfare"))
