"""RevoltaaA's moments: engine events turned into beats (the deal, face-down choices, the simultaneous
flip, the fight and its verdict, the sweep into the winner's stack, the end-of-game count).

Why apart from the table: the table (revolt_table/ui/table/majority.py) says how RevoltaaA looks and
plays; this says how one round is told, step by step. A beat changes the model's zones when it starts
(so layouts know the targets) and the table's verdict state its sections draw (`verdict`,
`verdict_alpha`, `fight_owner`, `scores`, `ending`).
"""

from __future__ import annotations

import pygame

from revolt_table.engine import CardChosen, Event, Move, Played, Revealed, RoundResolved, StackTaken
from revolt_table.ui.anim import Beat, Tween, ease_in_out_cubic, ease_out_back
from revolt_table.ui.table.majority_sections import FIGHT
from revolt_table.ui.table.model import Sprite, ZoneModel


class MajorityMoments:
    """The beats of a RevoltaaA table (`table`, a MajorityTable)."""

    def __init__(self, table) -> None:
        self.table = table
        self.scene = table.scene

    def sound(self, name: str, gain: float = 1.0) -> None:
        self.table.sound(name, gain)

    def deal(self) -> None:
        """Deal, then turn up the first centre card from the centre pile."""
        s, table = self.scene, self.table
        slot = s.model.zones.get("center_card")
        sprite = slot.sprites[0] if slot is not None and slot.sprites else None
        if sprite is not None:
            sprite.hidden = True
        table.deal_hands()
        if sprite is not None:
            def start(beat: Beat) -> None:
                pile = s.model.zones.get("center")
                origin = None
                if pile is not None and pile.sprites:
                    origin = s.renderer.rect_of(pile.sprites[0])
                beat.tweens.append(table.fly_tween(sprite, origin or pygame.Rect(s.geom.centre_pod), 0.5,
                                                   flip_after=True))
            s.queue.push(Beat("reveal", on_start=start, hold=0.2))

    def on_events(self, seat: int | None, move: Move | None, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, CardChosen):
                mine = move.text if (seat == event.seat and move) else None
                self.scene.queue.push(self.beat_to_slot(event.seat, mine, face_up=False))
            elif isinstance(event, Played):
                self.scene.queue.push(self.beat_to_slot(event.seat, event.cards[0], face_up=True))
            elif isinstance(event, Revealed):
                self.scene.queue.push(self.beat_reveal(event))
            elif isinstance(event, RoundResolved):
                self.scene.queue.push(self.beat_fight(event))
            elif isinstance(event, StackTaken):
                self.scene.queue.push(self.beat_sweep(event))

    def beat_to_slot(self, seat: int, card: str | None, face_up: bool) -> Beat:
        """A card leaves a hand for the seat's slot: face down (a secret choice) or face up (played)."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("deal")
            sprite, origin = self.table.take_from_hand(seat, card)
            known = sprite.card is not None and (face_up or seat == s.viewer and s.face_up)
            if face_up and card is not None:
                sprite.card = card
            was_up = sprite.face_up and sprite.flip >= 1
            sprite.face_up = bool(known)
            slot = s.model.zones[f"chosen:{seat}"]
            slot.sprites = [sprite]
            sprite.fly_from(origin, 0.1)
            flip_from = 1.0 if was_up else 0.0
            flip_to = 1.0 if sprite.face_up else 0.0
            sprite.flip = flip_from

            def update(t: float) -> None:
                sprite.progress = t
                sprite.flip = flip_from + (flip_to - flip_from) * t

            beat.tweens.append(Tween(0.38, update, ease_in_out_cubic, on_done=sprite.land))

        return Beat("choose", on_start=start, hold=0.05)

    def beat_reveal(self, event: Revealed) -> Beat:
        """The simultaneous flip (or the centre card turned up from the deck)."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("flip")
            for owner, card in event.cards:
                if owner == "center":
                    pile = s.model.zones.get("center")
                    slot = s.model.zones["center_card"]
                    if pile is not None and pile.sprites:
                        sprite = pile.sprites.pop(0)
                        origin = s.renderer.rect_of(sprite) or pygame.Rect(s.geom.centre_pod)
                    else:
                        sprite, origin = Sprite(None, False), pygame.Rect(s.geom.centre_pod.center, (1, 1))
                    sprite.card = card
                    sprite.face_up = True
                    sprite.flip = 0.0
                    sprite.fly_from(origin, 0.12)
                    slot.sprites = [sprite]
                    beat.tweens.append(self._flip_tween(sprite, 0.5, fly=True))
                else:
                    zone = s.model.zones.get(f"chosen:{owner}")
                    if zone is None:
                        continue
                    if not zone.sprites:
                        zone.sprites = [Sprite(None, False)]
                    sprite = zone.sprites[0]
                    already = sprite.card == card and sprite.face_up
                    sprite.card = card
                    sprite.face_up = True
                    if not already:
                        sprite.flip = 0.0
                        beat.tweens.append(self._flip_tween(sprite, 0.42, delay=0.0))

        return Beat("reveal", on_start=start, hold=0.25)

    def _flip_tween(self, sprite: Sprite, duration: float, delay: float = 0.0, fly: bool = False) -> Tween:
        def update(t: float) -> None:
            sprite.flip = t
            if fly:
                sprite.progress = t

        def done() -> None:
            sprite.flip = 1.0
            sprite.land()

        return Tween(duration, update, ease_in_out_cubic, delay=delay, on_done=done)

    def beat_fight(self, event: RoundResolved) -> Beat:
        """Line the revealed cards up by colour and value, show totals, the unique value and the winner."""
        s = self.scene

        def start(beat: Beat) -> None:
            entries: list[tuple[object, Sprite]] = []
            centre = s.model.zones.get("center_card")
            if centre is not None and centre.sprites:
                entries.append(("center", centre.sprites.pop(0)))
            for seat in range(s.session.players):
                zone = s.model.zones.get(f"chosen:{seat}")
                if zone is not None and zone.sprites:
                    entries.append((seat, zone.sprites.pop(0)))
            entries.sort(key=lambda e: self.table.sort_key(e[1].card))
            fight = s.model.zones.setdefault(FIGHT, ZoneModel(FIGHT, "row", None))
            fight.sprites = []
            self.table.fight_owner = {}
            winning_colour = self.table.colour_ids.index(event.colour) if event.colour in self.table.colour_ids else -1
            origins = []
            for owner, sprite in entries:
                origins.append(s.renderer.current_rect(sprite) or s.renderer.rect_of(sprite))
                sprite.face_up, sprite.flip = True, 1.0
                fight.sprites.append(sprite)
                self.table.fight_owner[id(sprite)] = owner
            self.table.verdict = {"colour": event.colour, "totals": event.totals, "winner": event.winner,
                            "winning_card": event.winning_card, "reason": event.reason,
                            "unique_value": event.unique_value}
            winner_sprite = None
            if event.winning_card:
                owner_key = "center" if event.winner is None else event.winner
                winner_sprite = next((sp for o, sp in entries if sp.card == event.winning_card and o == owner_key),
                                     None) or next((sp for _, sp in entries if sp.card == event.winning_card), None)
            for (_, sprite), origin in zip(entries, origins):
                if origin is not None:
                    sprite.fly_from(origin, 0.08)
                beat.tweens.append(Tween(0.45, lambda t, sp=sprite: setattr(sp, "progress", t), ease_in_out_cubic,
                                         on_done=sprite.land))
                losing = self.table.colour_of(sprite.card) != winning_colour
                target_dim = 0.55 if losing else (0.0 if sprite is winner_sprite or winner_sprite is None else 0.25)
                beat.tweens.append(Tween(0.3, lambda t, sp=sprite, d=target_dim: setattr(sp, "dim", d * t),
                                         delay=0.5))
                if sprite is winner_sprite:
                    beat.tweens.append(Tween(0.35, lambda t, sp=sprite: (setattr(sp, "highlight", t),
                                                                         setattr(sp, "lift", 0.12 * t)),
                                             ease_out_back, delay=0.55))
            beat.tweens.append(Tween(0.25, lambda t: setattr(self.table, "verdict_alpha", t), delay=0.2,
                                     on_start=lambda: self.sound("chime", 0.8)))

        return Beat("fight", on_start=start, hold=2.0)

    def beat_sweep(self, event: StackTaken) -> Beat:
        """Sweep the fight into the winner's new stack (the winning colour on top)."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.sound("sweep")
            fight = s.model.zones.get(FIGHT)
            pool = list(fight.sprites) if fight is not None else []
            origins = {id(sp): s.renderer.current_rect(sp) for sp in pool}
            group: list[Sprite] = []
            for card in event.cards:
                sprite = next((sp for sp in pool if sp.card == card), None)
                if sprite is None:
                    sprite = Sprite(card, True)
                else:
                    pool.remove(sprite)
                group.append(sprite)
            owner = "center" if event.owner is None else event.owner
            stacks = s.model.zones[f"stacks:{owner}"]
            stacks.groups.append(group)
            if fight is not None:
                fight.sprites = []
            for k, sprite in enumerate(reversed(group)):
                origin = origins.get(id(sprite))
                if origin is not None:
                    sprite.fly_from(origin, 0.18)
                sprite.lift = 0.0
                beat.tweens.append(Tween(0.5, lambda t, sp=sprite: (setattr(sp, "progress", t),
                                                                    setattr(sp, "dim", sp.dim * (1 - t)),
                                                                    setattr(sp, "highlight", sp.highlight * (1 - t))),
                                         ease_in_out_cubic, delay=k * 0.05, on_done=sprite.land))
            beat.tweens.append(Tween(0.3, lambda t: setattr(self.table, "verdict_alpha", 1 - t)))

        def end() -> None:
            self.table.verdict = None
            self.table.verdict_alpha = 0.0
            for sprite in s.model.all_sprites():
                sprite.dim = 0.0
                sprite.highlight = 0.0

        return Beat("sweep", on_start=start, on_end=end, hold=0.1)

    # ---------------------------------------------------------------- the end: count up card by card
    def push_end_beats(self) -> None:
        s = self.scene

        def show_hands(beat: Beat) -> None:
            self.table.ending = True
            self.sound("fanfare")
            view = s.session.state.view(s.viewer)
            before = {name: [sp for sp in z.sprites] for name, z in s.model.zones.items() if z.kind in ("hand", "pile")}
            s.model.sync(view, self.table.sort_key)
            for name, zone in s.model.zones.items():
                if name in before and zone.sprites:
                    for sprite in zone.sprites:
                        sprite.flip = 0.0
                        beat.tweens.append(self._flip_tween(sprite, 0.4, delay=0.02 * zone.sprites.index(sprite)))

        s.queue.push(Beat("end_show", on_start=show_hands, hold=0.3))
        colour = s.session.state.view(s.viewer).info.victorious or 0
        owners: list[object] = list(range(s.session.players)) + (["center"] if self.table.has_centre else [])
        for owner in owners:
            self.table.scores.setdefault(owner, 0)
        self.table.scores.clear()
        for owner in owners:
            s.queue.push(self.beat_count(owner, colour))
        s.queue.push(Beat("end_hold", hold=2.5))

    def beat_count(self, owner, colour: int) -> Beat:
        """Count one seat's (or the centre's) points: each winning stack, then each winning card."""
        s = self.scene

        def start(beat: Beat) -> None:
            self.table.scores[owner] = 0
            items: list[Sprite] = []
            stacks = s.model.zones.get(f"stacks:{owner}")
            if stacks is not None:
                items += [g[0] for g in stacks.groups if g and self.table.colour_of(g[0].card) == colour]
            hand = s.model.zones.get("center" if owner == "center" else f"hand:{owner}")
            if hand is not None:
                items += [sp for sp in hand.sprites if self.table.colour_of(sp.card) == colour]
            for k, sprite in enumerate(items):
                def tick(sp=sprite) -> None:
                    sp.highlight = 1.0
                    self.table.scores[owner] = self.table.scores.get(owner, 0) + 1
                beat.tweens.append(Tween(0.12, None, delay=0.16 * k, on_done=tick))

        return Beat("count", on_start=start, hold=0.35)
