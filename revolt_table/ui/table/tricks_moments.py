"""Révolte!'s moments: engine events turned into beats (the deal and who holds the pitchfork, a card
flying to its seat's spot with a cut's coin, the verdict, bonuses, the sweep into the winner's pile or
the Revolt's scatter to the Revolt pile, the turn summary, the redeal, the end of the game).

Why apart from the table: the table (revolt_table/ui/table/tricks.py) says how Révolte! looks and plays;
this says how one trick is told, step by step. A beat changes the model's zones when it starts (so the
layout knows the targets) and the table's trick marks its sections draw (`verdict`, `verdict_alpha`,
`banner`, `callouts`, `cuts`, `badge`, the summary panel); token flights go through `table.tokens`.
"""

from __future__ import annotations

import pygame

from revolt_table.engine import Event, Move, Played, ScoreChanged, TrickWon
from revolt_table.games.tricks import BonusAwarded, CoinPaid, Revolt, TurnEnded, TurnStarted
from revolt_table.ui import cards, i18n, theme
from revolt_table.ui.anim import Beat, Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic
from revolt_table.ui.table.model import ZoneModel
from revolt_table.ui.table.tricks_faces import rt


class TricksMoments:
    """The beats of a Révolte! table (`table`, a TricksTable)."""

    def __init__(self, table) -> None:
        self.table = table
        self.scene = table.scene
        self.turn_log: list[TurnEnded] = []

    def sound(self, name: str, gain: float = 1.0) -> None:
        self.table.sound(name, gain)

    # ---------------------------------------------------------------- the deal
    def deal(self) -> None:
        self.table.deal_hands()
        self.scene.queue.push(self.beat_pitchfork())

    def beat_pitchfork(self) -> Beat:
        """Who holds the pitchfork Citizen leads the turn: said in the middle for a moment."""
        s, t = self.scene, self.table

        def start(beat: Beat) -> None:
            info = s.session.state.view(s.view_seat).info if not s.session.state.history else s.model.info
            holder, leader = info.pitchfork_holder, info.leader
            if holder is None or leader is None:
                return
            t.verdict = {"lines": [(rt("pitchfork_leads", name=t.name(holder), n=info.turn), theme.GOLD_LIGHT)]}
            beat.tweens.append(Tween(0.25, lambda x: setattr(t, "verdict_alpha", x)))

        def end() -> None:
            t.verdict = None
            t.verdict_alpha = 0.0

        return Beat("reveal", on_start=start, on_end=end, hold=1.4)

    def beat_redeal(self) -> Beat:
        """A new turn: the cards are shuffled and dealt again."""
        s, t = self.scene, self.table

        def start(beat: Beat) -> None:
            s.model.sync(s.session.state.view(s.view_seat), t.sort_key)
            t.ensure_zones()
            t.reconcile()
            deck = pygame.Rect((0, 0), cards.card_size(s.geom.table_h))
            deck.center = s.geom.centre
            sprites = t.hands_in_deal_order()
            step = min(0.03, 1.4 / max(1, len(sprites)))
            for k, sp in enumerate(sprites):
                beat.tweens.append(t.fly_tween(sp, deck, 0.32, delay=k * step, flip_after=sp.face_up))

        return Beat("deal", on_start=start, hold=0.1)

    # ---------------------------------------------------------------- a move's events
    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        q = self.scene.queue
        back: list = []
        sweep: Beat | None = None          # pushed after the trick's bonuses
        took = False
        for event in events:
            if sweep is not None and not isinstance(event, (BonusAwarded, CoinPaid, ScoreChanged)):
                q.push(sweep)
                sweep = None
            if isinstance(event, Played):
                q.push(self.beat_play(event))
            elif isinstance(event, CoinPaid):
                if event.source == "trick_coins":
                    back = [(f"slot:{st}", "supply", "coin", 1) for st in sorted(self.cuts_in_play(events))]
            elif isinstance(event, Revolt):
                q.push(self.beat_verdict(None, event))
                sweep = self.beat_revolt_sweep(back)
                back = []
            elif isinstance(event, TrickWon):
                q.push(self.beat_verdict(event, None))
                sweep = self.beat_sweep(event, back)
                back = []
            elif isinstance(event, BonusAwarded):
                q.push(self.beat_bonus(event))
                took = took or sweep is None
            elif isinstance(event, TurnEnded):
                self.turn_log.append(event)
                q.push(self.beat_turn_summary(event))
            elif isinstance(event, TurnStarted):
                if event.turn > 1:
                    q.push(self.beat_redeal())
                    q.push(self.beat_pitchfork())
        if sweep is not None:
            q.push(sweep)
        elif took:          # a Knave's coin taken after a choice: clear its call-out panel
            q.push(Beat("sweep", on_end=self.table.clear_trick_marks, hold=0.05))

    def cuts_in_play(self, events: list[Event]) -> set[int]:
        """Seats that cut in the trick being resolved (from the table before this move, plus this move)."""
        seats = {e.seat for e in self.scene.model.info.trick if e.cut}
        for e in events:
            if isinstance(e, Played) and e.move_kind == "cut":
                seats.add(e.seat)
        return seats

    def beat_play(self, event: Played) -> Beat:
        """A card flies from a hand to its seat's spot (a cut's coin flies from the pod onto it)."""
        s, t = self.scene, self.table
        card = event.cards[0]
        cut = event.move_kind == "cut"

        def start(beat: Beat) -> None:
            self.sound("deal")
            t.ensure_zones()
            sprite, origin = t.take_from_hand(event.seat, card)
            was_up = sprite.face_up and sprite.flip >= 1
            sprite.card, sprite.face_up = card, True
            s.model.zones[f"_played:{event.seat}"].sprites = [sprite]
            sprite.fly_from(origin, 0.1)
            sprite.flip = 1.0 if was_up else 0.0
            if cut:       # the coin leaves the pod and lands on the card
                t.tokens.add(beat, [(f"coins:{event.seat}", f"slot:{event.seat}", "coin", t.cut_cost)],
                             land=False, delay=0.2)
                beat.tweens.append(Tween(0.01, None, delay=0.72, on_done=lambda: t.cuts.add(event.seat)))
            letter = t.trump if cut else card[:1]
            if t.badge is None and letter in t.fam_names:
                t.badge = letter
                t.badge_pop = 0.0

            def update(x: float) -> None:
                sprite.progress = x
                if not was_up:
                    sprite.flip = x

            beat.tweens.append(Tween(0.36, update, ease_in_out_cubic, on_done=sprite.land))

        return Beat("choose", on_start=start, hold=0.05)

    # ---------------------------------------------------------------- the verdict
    def verdict_lines(self, win: TrickWon | None, revolt: Revolt | None) -> list[tuple[str, tuple[int, int, int]]]:
        s, t = self.scene, self.table
        if revolt is not None:
            return [(rt("revolt_line", n=revolt.citizens, m=revolt.most), theme.GOLD_LIGHT),
                    (rt("revolt_rule", name=t.name(revolt.leader)), theme.TEXT)]
        seat = win.seat
        played = {}
        for st in range(s.session.players):
            zone = s.model.zones.get(f"_played:{st}")
            if zone is not None and zone.sprites and zone.sprites[0].card:
                played[st] = (zone.sprites[0].card, st in t.cuts)
        card, cut = played.get(seat, ("", False))
        if card[:1] not in t.fam_names:      # (never: a Citizen cannot win) name the trick's best card
            card = next((c for c in win.cards if c[:1] in t.fam_names), card)
        cuts = [st for st, (_, ct) in played.items() if ct]
        if cut:
            why = rt("why_cut_many" if len(cuts) > 1 else "why_cut", card=t.card_name(card))
        else:
            why = rt("why_high", card=t.card_name(card), family=t.plural(card[:1]))
        return [(rt("wins", name=t.name(seat), why=why), theme.GOLD_LIGHT)]

    def bonus_line(self, b: BonusAwarded) -> str:
        t = self.table
        card = t.card_name(b.card)
        if b.bonus == "noble":
            return rt("noble_line", name=t.name(b.seat), card=card, n=b.amount)
        if b.source.startswith("coins:"):
            return rt("knave_steal_line", name=t.name(b.seat), card=card, victim=t.name(int(b.source.split(":")[1])))
        return rt("knave_line", name=t.name(b.seat), card=card, n=b.amount)

    def beat_verdict(self, win: TrickWon | None, revolt: Revolt | None) -> Beat:
        """The whole trick is on the table: the winner's card glows (or the Revolt banner), the reason."""
        s, t = self.scene, self.table

        def start(beat: Beat) -> None:
            self.sound("chime", 0.7)
            t.verdict = {"lines": self.verdict_lines(win, revolt)}
            if revolt is not None:
                beat.tweens.append(Tween(0.35, lambda x: setattr(t, "banner", x), ease_out_back))
                for sp in self.played_sprites():
                    if sp.card in (t.params.citizen, t.params.pitchfork):
                        beat.tweens.append(Tween(0.3, lambda x, sp=sp: setattr(sp, "highlight", x), delay=0.2))
            else:
                zone = s.model.zones.get(f"_played:{win.seat}")
                winner = zone.sprites[0] if zone and zone.sprites else None
                for sp in self.played_sprites():
                    if sp is winner:
                        beat.tweens.append(Tween(0.35, lambda x, sp=sp: (setattr(sp, "highlight", x),
                                                                         setattr(sp, "lift", 0.1 * x)),
                                                 ease_out_back, delay=0.1))
                    else:
                        beat.tweens.append(Tween(0.3, lambda x, sp=sp: setattr(sp, "dim", 0.45 * x), delay=0.1))
            beat.tweens.append(Tween(0.25, lambda x: setattr(t, "verdict_alpha", x)))

        return Beat("fight", on_start=start, hold=1.3 if revolt is None else 1.6)

    def played_sprites(self):
        s = self.scene
        for seat in range(s.session.players):
            zone = s.model.zones.get(f"_played:{seat}")
            yield from (zone.sprites if zone else ())

    def beat_bonus(self, b: BonusAwarded) -> Beat:
        """A bonus: called out (who, why) in the verdict panel and over the pod, the token flies."""
        t = self.table

        def start(beat: Beat) -> None:
            self.sound("chime", 0.5)
            if t.verdict is None:
                t.verdict = {"lines": []}
                t.verdict_alpha = 1.0
            t.verdict["lines"] = t.verdict["lines"] + [(self.bonus_line(b), theme.TEXT)]
            arms = b.token == "arms"
            target = f"points:{b.seat}" if arms else f"coins:{b.seat}"
            t.tokens.add(beat, [(b.source, target, "arms" if arms else "coin", b.amount)])
            text = rt("plus_arms" if arms else "plus_coin", n=b.amount)
            t.callouts.append({"seat": b.seat, "text": text, "kind": "points" if arms else "coin",
                               "age": 0.0, "a": 0.0})

        return Beat("fight", on_start=start, hold=1.0)

    # ---------------------------------------------------------------- the trick leaves the table
    def beat_sweep(self, event: TrickWon, back=()) -> Beat:
        """The trick's cards fly face down onto the winner's pile; its count goes up; cut coins go
        back to the supply."""
        s, t = self.scene, self.table

        def start(beat: Beat) -> None:
            self.sound("sweep")
            self.return_cut_coins(beat, back)
            self.gather(beat, s.model.zones[f"_sweep:{event.seat}"], face_down=True)
            beat.tweens.append(Tween(0.3, lambda x: setattr(t, "verdict_alpha", 1 - x)))

        def end() -> None:
            s.model.zones[f"_sweep:{event.seat}"].sprites = []
            t.ledger.land(f"tricks:{event.seat}", 1)
            t.clear_trick_marks()

        return Beat("sweep", on_start=start, on_end=end, hold=0.05)

    def gather(self, beat: Beat, target: ZoneModel, face_down: bool) -> None:
        """Every card of the trick flies from its spot into `target`: face down and quickly onto the
        winner's pile, or face up and scattered onto the Revolt pile."""
        s = self.scene
        k = 0
        for seat in range(s.session.players):
            zone = s.model.zones.get(f"_played:{seat}")
            if zone is None:
                continue
            for sp in zone.sprites:
                origin = s.renderer.current_rect(sp)
                sp.dim = sp.highlight = sp.lift = 0.0
                target.sprites.append(sp)
                if face_down:
                    sp.face_up, sp.flip = False, 1.0
                    sp.fly_from(origin, 0.12)
                    beat.tweens.append(Tween(0.45, lambda x, sp=sp: (setattr(sp, "progress", x),
                                                                     setattr(sp, "flip", 1 - x)),
                                             ease_in_out_cubic, delay=k * 0.04, on_done=sp.land))
                else:
                    sp.fly_from(origin, 0.35 + 0.1 * (k % 3))
                    beat.tweens.append(Tween(0.6, lambda x, sp=sp: setattr(sp, "progress", x), ease_out_cubic,
                                             delay=k * 0.07, on_done=sp.land))
                k += 1
            zone.sprites = []

    def return_cut_coins(self, beat: Beat, back) -> None:
        if back:
            self.table.tokens.add(beat, back, land=True)
        self.table.cuts.clear()

    def beat_revolt_sweep(self, back=()) -> Beat:
        """The Revolt's cards scatter to the Revolt pile beside the supply, face up; cut coins go back."""
        s, t = self.scene, self.table

        def start(beat: Beat) -> None:
            self.sound("sweep")
            self.return_cut_coins(beat, back)
            pile = s.model.zones.get("revolt")
            if pile is None:
                pile = s.model.zones["revolt"] = ZoneModel("revolt", "pile", None)
            self.gather(beat, pile, face_down=False)
            beat.tweens.append(Tween(0.4, lambda x: (setattr(t, "verdict_alpha", 1 - x),
                                                     setattr(t, "banner", 1 - x)), delay=0.4))

        return Beat("sweep", on_start=start, on_end=t.clear_trick_marks, hold=0.05)

    # ---------------------------------------------------------------- summaries
    def summary_waits(self) -> bool:
        """A summary waits for a click while a human is at the table (else it shows for 4 s)."""
        return bool(self.scene.session.humans)

    def turn_summary(self, event: TurnEnded) -> dict:
        """After each turn: tricks won, points for them, bonuses, coins and coats of arms so far."""
        s, t = self.scene, self.table
        gains = {seat: n for seat, n in enumerate(event.trick_points) if n}
        k = self.turn_log.index(event) if event in self.turn_log else -1
        before = self.turn_log[k - 1].points if k > 0 else None
        if before is None and event.turn == 1:
            before = (0,) * len(event.points)
        rows = []
        for seat in range(s.session.players):
            bonus = "" if before is None else event.points[seat] - before[seat] - gains.get(seat, 0)
            rows.append({"name": s.session.names[seat],
                         "cells": [event.tricks_won[seat], f"+{gains.get(seat, 0)}",
                                   f"+{bonus}" if bonus != "" else "", event.coins[seat], event.points[seat]]})
        turns = s.model.info.turns
        return {"title": rt("turn_over", n=event.turn, total=turns),
                "columns": [rt("col_tricks"), rt("col_trick_points"), rt("col_bonuses"), rt("col_coins"),
                            rt("col_points")],
                "rows": rows,
                "lines": [rt("turn_rule", n=t.params.points_per_trick)]
                + ([] if event.turn >= turns else [rt("next_turn", n=event.turn + 1)])}

    def beat_turn_summary(self, event: TurnEnded) -> Beat:
        t = self.table

        def start(beat: Beat) -> None:
            self.sound("chime")
            gains = {seat: n for seat, n in enumerate(event.trick_points) if n}
            flights = [("arms_supply", f"points:{seat}", "arms", n) for seat, n in sorted(gains.items())]
            t.tokens.add(beat, flights, land=True, delay=0.3)
            t.summary_panel.show(self.turn_summary(event), rt("continue"))

        return Beat("reveal", on_start=start, on_end=t.summary_panel.close, hold=4.0,
                    wait_for_click=self.summary_waits())

    def push_end_beats(self) -> None:
        s, t = self.scene, self.table
        info = t.final_info()

        def start(beat: Beat) -> None:
            self.sound("fanfare")
            t.ending = True
            coins = info.coins
            richest = max(coins)
            rich = [x for x in range(s.session.players) if coins[x] == richest]
            bonus = t.params.richest_alone if len(rich) == 1 else t.params.richest_tied
            winners = set(info.winners)
            rows = []
            order = sorted(range(s.session.players), key=lambda x: (-info.points[x], -coins[x]))
            for seat in order:
                rows.append({"name": s.session.names[seat], "win": seat in winners,
                             "cells": [coins[seat], f"+{bonus}" if seat in rich and bonus else "–", info.points[seat]]})
            names = i18n.join_names(" & ", (s.session.names[w] for w in sorted(winners)))
            title = rt("game_won", names=names) if len(winners) == 1 else rt("game_shared", names=names)
            lines = [rt("coin_bonus_alone", name=s.session.names[rich[0]], n=bonus) if len(rich) == 1
                     else rt("coin_bonus_tied", names=", ".join(s.session.names[x] for x in rich), n=bonus)]
            top = max(info.points)
            tied = [x for x in range(s.session.players) if info.points[x] == top]
            if len(tied) > 1:
                lines.append(rt("tie_break", names=", ".join(s.session.names[x] for x in tied)))
            if bonus:
                t.tokens.add(beat, [("arms_supply", f"points:{x}", "arms", bonus) for x in rich], delay=0.3)
            t.summary_panel.show({"title": title, "columns": [rt("col_coins"), rt("col_coin_bonus"),
                                                              rt("col_points")],
                                  "rows": rows, "lines": lines, "final": True}, rt("continue"))

        s.queue.push(Beat("end_show", on_start=start, hold=4.0, wait_for_click=self.summary_waits()))
