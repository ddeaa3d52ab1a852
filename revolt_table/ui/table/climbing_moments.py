"""Dou Dizhu's moments: engine events turned into beats (the deal, bids, the landlord reveal with the
bottom cards turned up, plays flying from the hands, passes, a trick won, bombs and rockets with their
flash and shake, springs, and the deal's result with every hand turned up).

Why apart from the table: the table (revolt_table/ui/table/climbing.py) says how Dou Dizhu looks and
plays; this says how a move is told, step by step. A beat changes the model's zones when it starts (so
layouts know the targets) and the table's shown state its sections draw (`rows`, `shown_bid`,
`shown_mult`, `landlord_shown`, `banner`, `flash`, `shake`, `result`, `ending`).
"""

from __future__ import annotations

import pygame

from revolt_table.engine import Bid, Event, Move, Passed, Played
from revolt_table.games import climbing_moves
from revolt_table.ui import cards, theme
from revolt_table.ui.anim import Beat, Tween, ease_in_out_cubic
from revolt_table.ui.table import climbing_select as sel
from revolt_table.ui.table.climbing_sections import ct
from revolt_table.ui.table.model import Sprite, ZoneModel

ROW = "_row:"            # model zone of a seat's last play (ours: kept by model.sync)
BOTTOM = "_bottom"       # the three bottom cards shown between the opponents
MOMENT = "reveal"        # skippable beat name (a click or key skips it)
BLAST = (255, 200, 80)   # the banner of a bomb or the rocket


class ClimbingMoments:
    """The beats of a Dou Dizhu table (`table`, a ClimbingTable)."""

    def __init__(self, table) -> None:
        self.table = table
        self.scene = table.scene

    def push(self, name: str, start=None, hold: float = 0.0, end=None) -> None:
        self.scene.queue.push(Beat(name, on_start=start, on_end=end, hold=hold))

    def banner(self, title: str, sub: str = "", colour=theme.GOLD_LIGHT, size: int = 44) -> None:
        self.table.banner = {"title": title, "sub": sub, "colour": colour, "t0": self.scene.time, "size": size}

    def clear_banner(self) -> None:
        self.table.banner = None

    def deal(self) -> None:
        """Deal the hands from the middle, then put the three bottom cards between the opponents."""
        s, table = self.scene, self.table
        table.refresh(force=True)
        deck = pygame.Rect((0, 0), cards.card_size(s.geom.table_h))
        deck.center = table.geo()["middle"].center
        sprites = table.hands_in_deal_order() + s.model.zones[BOTTOM].sprites
        beat = Beat("deal")
        step = min(0.025, 1.4 / max(1, len(sprites)))
        for k, sprite in enumerate(sprites):
            beat.tweens.append(table.fly_tween(sprite, deck, 0.32, delay=k * step, flip_after=sprite.face_up))
        s.queue.push(beat)

    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        for e in events:
            name = type(e).__name__
            if isinstance(e, Bid):
                self.bid(e)
            elif name == "Redeal":
                self.redeal()
            elif name == "LandlordChosen":
                self.landlord(e)
            elif isinstance(e, Played):
                self.mine_fly(e)
                self.played(e)
            elif isinstance(e, Passed):
                self.passed(e)
            elif name == "LeadRegained":
                self.lead_regained()
            elif name == "Doubled":
                self.doubled(e)
            elif name == "DealScored":
                self.table.scored = e           # its show is the end show (push_end_beats)

    def mine_fly(self, e: Played) -> None:
        """The viewer's own play: the cards the player picked are the ones that fly. Suits never matter in
        Dou Dizhu, so the hand's ids are re-dealt among the same places (the engine takes the lowest
        suits of each rank): the picked places hold the engine's cards, the hand left equals the game's."""
        s, hand = self.scene, self.table.hand
        zone = self.table.hand_zone()
        if e.seat != s.viewer or zone is None or not hand.selected or not s.face_up:
            return
        ids = [sp.card for sp in zone.sprites]
        for sprite, card in zip(zone.sprites, sel.relabel(ids, sorted(hand.selected))):
            sprite.card = card

    def bid(self, e) -> None:
        def start(beat: Beat) -> None:
            self.table.sound("deal", 0.6)
            self.table.rows[e.seat] = {"kind": "bid", "amount": e.amount}
            if e.amount:
                self.table.shown_bid = e.amount
        self.push("choose", start, hold=0.45)

    def redeal(self) -> None:
        s, table = self.scene, self.table

        def start(beat: Beat) -> None:
            self.banner(ct("banner.redeal"), ct("banner.redeal_sub"))

        def end() -> None:
            self.clear_banner()
            s.model.sync(s.session.state.view(s.view_seat), table.sort_key)
            table.rows = {}
            table.refresh(force=True)
            self.deal()
        self.push(MOMENT, start, hold=1.4, end=end)

    def landlord(self, e) -> None:
        s, table = self.scene, self.table

        def start(beat: Beat) -> None:
            table.sound("flip")
            table.landlord_shown, table.shown_bid = e.seat, e.bid
            self.banner(ct("banner.landlord", name=table.name(e.seat)),
                        ct("banner.landlord_sub", n=e.bid, name=table.name(e.seat)), size=36)
            zone = s.model.zones.setdefault(BOTTOM, ZoneModel(BOTTOM, "row", None))
            if len(zone.sprites) != len(e.bottom):
                zone.sprites = [Sprite(None, False) for _ in e.bottom]
            for k, (sprite, cid) in enumerate(zip(zone.sprites, e.bottom)):
                sprite.card, sprite.face_up, sprite.flip = cid, True, 0.0
                beat.tweens.append(Tween(0.45, lambda t, sp=sprite: setattr(sp, "flip", t), ease_in_out_cubic,
                                         delay=0.15 * k))

        def end() -> None:
            self.clear_banner()
            table.clear_rows()
            s.model.sync(s.session.state.view(s.view_seat), table.sort_key)
            if e.seat == s.viewer and s.face_up:
                table.fresh, table.fresh_time = set(e.bottom), 2.5
        self.push(MOMENT, start, hold=1.3, end=end)

    def played(self, e: Played) -> None:
        s, table = self.scene, self.table
        name = climbing_moves.combination_name(e.cards)

        def start(beat: Beat) -> None:
            table.sound("deal")
            if table.new_trick or not any(r["kind"] == "play" for r in table.rows.values()):
                table.clear_rows()
            table.new_trick = False
            table.rows[e.seat] = {"kind": "play", "cards": tuple(e.cards), "label": name}
            zone = s.model.zones.setdefault(ROW + str(e.seat), ZoneModel(ROW + str(e.seat), "row", e.seat))
            zone.sprites = []
            for cid in e.cards:
                sprite, origin = table.take_from_hand(e.seat, cid)
                was_up = sprite.face_up and sprite.flip >= 1
                sprite.card, sprite.face_up, sprite.hidden = cid, True, False
                zone.sprites.append(sprite)
                sprite.fly_from(origin, 0.08)
                f0 = 1.0 if was_up else 0.0
                sprite.flip = f0

                def update(t: float, sp=sprite, f0=f0) -> None:
                    sp.progress = t
                    sp.flip = f0 + (1.0 - f0) * t
                beat.tweens.append(Tween(0.34, update, ease_in_out_cubic, on_done=sprite.land))
        self.push("choose", start, hold=0.25)

    def passed(self, e: Passed) -> None:
        def start(beat: Beat) -> None:
            self.table.sound("deal", 0.3)
            self.table.rows[e.seat] = {"kind": "pass"}
            self.table.fill_row(e.seat)
        self.push("choose", start, hold=0.35)

    def lead_regained(self) -> None:
        def end() -> None:
            self.table.new_trick = True
            self.table.clear_rows()
            self.table.sound("sweep", 0.5)
        self.push("choose", None, hold=0.5, end=end)

    def doubled(self, e) -> None:
        table, heavy = self.table, e.reason in ("bomb", "rocket")

        def start(beat: Beat) -> None:
            self.banner(ct("banner." + e.reason), ct("banner.doubled", n=e.multiplier),
                        BLAST if heavy else theme.GOLD_LIGHT, size=64 if heavy else 52)
            table.shown_mult = e.multiplier
            table.mult_pulse = 1.0
            if heavy:
                table.flash = table.shake = 1.0
                table.sound("fanfare", 0.8)
            else:
                table.sound("chime")
        self.push(MOMENT, start, hold=1.2, end=self.clear_banner)

    def push_end_beats(self) -> None:
        """The deal's result: every hand turned up and the panel with the multiplier breakdown."""
        s, table = self.scene, self.table
        e = getattr(table, "scored", None)
        if e is None:
            return

        def start(beat: Beat) -> None:
            table.ending = True
            table.result = {"side": e.side, "bid": e.bid, "multiplier": e.multiplier, "breakdown": e.breakdown,
                            "deltas": e.deltas, "winner": e.winner}
            table.sound("fanfare")
            s.model.sync(s.session.state.view(s.viewer), table.sort_key)
            table.refresh(force=True)
            for seat in range(s.session.players):
                if table.rows.get(seat, {}).get("kind") == "hand":
                    for sprite in s.model.zones[ROW + str(seat)].sprites:
                        sprite.flip = 0.0
                        beat.tweens.append(Tween(0.4, lambda t, sp=sprite: setattr(sp, "flip", t)))
        s.queue.push(Beat("end_show", on_start=start, hold=4.0))
