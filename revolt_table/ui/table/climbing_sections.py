"""Dou Dizhu's own sections: the landlord's crown and the cards left in each pod, the bottom cards'
label, each seat's last play (its name, or a Pass / bid pill), the banners of the big moments, the
bomb's flash, and the deal's result panel; plus the multiplier in the corner box and the results.

They read what the moments (revolt_table/ui/table/climbing_moments.py) put on the table object (`rows`,
`landlord_shown`, `shown_mult`, `banner`, `flash`, `result`, `ending`) and the position shown; the
shared sections (pods, HUD, cards, hand, actions) draw everything else.
"""

from __future__ import annotations


import pygame

from revolt_table.games import climbing_moves
from revolt_table.ui import draw, i18n, theme
from revolt_table.ui.anim import ease_out_back
from revolt_table.ui.table.render import panel_surface
from revolt_table.ui.table.section import Z_ACTIONS, Z_END, Z_OVER, Z_PODS, Z_POPUP, Z_TABLE, Section
from revolt_table.ui.table.strings import tt

WARN = (255, 120, 90)
REASON = (255, 160, 140)


def ct(key: str, **fmt) -> str:
    return i18n.t("climbing." + key, **fmt)


def label(message) -> str:
    """A combination's name on its own, starting with a capital letter."""
    text = i18n.say(message) if message is not None else ""
    return text[:1].upper() + text[1:]


def draw_multiplier(table, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The corner box under its title line (the bid): "Multiplier" and ×N, which pulses when it jumps."""
    m = table.scene.metrics
    y = rect.y + (rect.h - m.px(6)) // 2
    image = draw.render_text(f"×{table.shown_mult}", int(m.font_heading * (1.0 + 0.5 * table.mult_pulse)),
                             theme.GOLD_LIGHT, True)
    box = image.get_rect(midright=(rect.right - m.px(14), y))
    text = ct("hud.multiplier")
    size = draw.fit_text(text, m.font_small, max(20, box.left - rect.x - m.px(20)))
    draw.text(surface, text, size, theme.TEXT_MUTED, midleft=(rect.x + m.px(12), y))
    surface.blit(image, box)


def draw_crown(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    cx, cy = centre
    w, h = size * 2, size
    pts = [(cx - w // 2, cy + h // 2), (cx - w // 2, cy - h // 3), (cx - w // 4, cy + h // 8), (cx, cy - h // 2),
           (cx + w // 4, cy + h // 8), (cx + w // 2, cy - h // 3), (cx + w // 2, cy + h // 2)]
    pygame.draw.polygon(surface, theme.GOLD_LIGHT, pts)
    pygame.draw.polygon(surface, theme.GOLD_DARK, pts, max(1, size // 7))


class BidKeysSection(Section):
    """P says "no bid" in the bidding too (the button's own key is 0), as the keys line tells."""

    z = Z_ACTIONS + 1
    mouse = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        s, table = self.scene, self.table
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_p and table.info.phase == "bidding"
                and s.viewer is not None and s.may_act(s.viewer)):
            table.do_action("pass")
            return True
        return False


class PodMarksSection(Section):
    """Over each pod: the landlord's crown on the avatar, and under the name plate the cards left, with
    a pulsing warning at one or two cards while the play goes on."""

    z = Z_PODS + 1
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        table, s, m = self.table, self.scene, self.metrics
        for seat, pod in self.geom.pods.items():
            head = table.pod_band(pod.rect, 0)
            if seat == table.landlord_shown:
                draw_crown(surface, (head.x + m.px(26), head.y + m.px(4)), m.px(10))
            zone = s.model.zones.get(f"hand:{seat}")
            if zone is None:
                continue
            line = table.pod_band(pod.rect, 2)
            n = zone.count
            text = ct("one_card") if n == 1 else ct("cards_count", n=n)
            shown = draw.text(surface, text, m.font_small, theme.TEXT, midleft=(line.x, line.centery))
            if 0 < n <= 2 and table.info.phase == "play":
                pulse = 0.6 + 0.4 * s.wave(6)
                image = draw.render_text(ct("warn_left", n=n), m.font_small, theme.TEXT_DARK, True)
                box = image.get_rect().inflate(m.px(14), m.px(4))
                box.midright = (line.right, line.centery)
                box.left = max(box.left, shown.right + m.px(8))
                pygame.draw.rect(surface, theme.lerp_color(theme.DANGER, WARN, pulse), box, border_radius=box.h // 2)
                surface.blit(image, image.get_rect(center=box.center))


class BottomLabelSection(Section):
    """"Bottom cards" over the three cards between the opponents."""

    z = Z_TABLE
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        m, bottom = self.metrics, self.table.geo()["bottom"]
        draw.text(surface, ct("bottom_cards"), m.font_small - m.px(2), theme.TEXT_MUTED,
                  center=(bottom.centerx, bottom.top - m.px(10)), shadow=True)


class RowsSection(Section):
    """Each seat's last action in front of it: the name of its play over the cards (gold for a bomb or
    the rocket), or a "Pass" / "Bid 2" pill; the viewer's gives way to the prompt and buttons."""

    z = Z_TABLE
    mouse = keys = False

    def draw(self, surface: pygame.Surface) -> None:
        table, s, m = self.table, self.scene, self.metrics
        G = table.geo()
        shake = table.shake_offset()
        for seat in range(s.session.players):
            zone = s.model.zones.get("_row:" + str(seat))
            hidden = table.row_hidden(seat)
            for sp in zone.sprites if zone is not None else ():
                if hidden:
                    sp.hidden = True
                elif sp.origin is None:
                    sp.hidden = False
            row = table.rows.get(seat)
            if hidden or row is None:
                continue
            area, label_rect = G["rows"][seat].move(*shake), G["labels"][seat].move(*shake)
            kind = row["kind"]
            if kind in ("pass", "bid"):
                self.pill(surface, row, area)
                continue
            if kind == "hand":
                text, colour = ct("row.in_hand", n=row["n"]), theme.TEXT_MUTED
            else:
                text = label(row.get("label"))
                colour = theme.GOLD_LIGHT if heavy(row) else theme.TEXT
            if text:
                size = draw.fit_text(text, m.font_body, label_rect.w, bold=True)
                draw.text(surface, text, size, colour, bold=True, center=label_rect.center, shadow=True)

    def pill(self, surface: pygame.Surface, row: dict, area: pygame.Rect) -> None:
        m = self.metrics
        if row["kind"] == "pass":
            text, colour = ct("row.pass"), theme.TEXT
        elif row["amount"]:
            text, colour = ct("row.bid", n=row["amount"]), theme.GOLD_LIGHT
        else:
            text, colour = ct("row.no_bid"), theme.TEXT
        image = draw.render_text(text, m.font_heading, colour, True)
        box = image.get_rect().inflate(m.px(36), m.px(14))
        box.center = area.center
        edge = theme.GOLD if colour == theme.GOLD_LIGHT else theme.PANEL_EDGE
        surface.blit(panel_surface(box.size, box.h // 2, 200, edge), box)
        surface.blit(image, image.get_rect(center=box.center))


def heavy(row: dict) -> bool:
    """Is this row a bomb or the rocket (its name is written in gold)?"""
    return climbing_moves.is_heavy(row.get("cards") or ())


class BannerSection(Section):
    """The big moments in the middle of the table: the landlord, a redeal, a bomb, the rocket, spring."""

    z = Z_OVER
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.banner is not None

    def draw(self, surface: pygame.Surface) -> None:
        s, m, b = self.scene, self.metrics, self.table.banner
        middle = self.table.geo()["middle"]
        grow = ease_out_back(min(1.0, (s.time - b["t0"]) / 0.25)) if s.queue.speed > 0 else 1.0
        image = draw.render_text(b["title"], int(m.px(b.get("size", 44)) * max(0.3, grow)), b["colour"], True)
        sub = b.get("sub", "")
        sub_img = draw.render_text(sub, m.font_body, theme.TEXT, False) if sub else None
        w = max(image.get_width(), sub_img.get_width() if sub_img else 0) + m.px(60)
        h = image.get_height() + (sub_img.get_height() + m.px(8) if sub_img else 0) + m.px(28)
        box = pygame.Rect(0, 0, min(w, middle.w), h)
        box.center = middle.center
        surface.blit(panel_surface(box.size, m.radius * 2, 225, b["colour"], edge_w=2), box)
        y = box.y + m.px(14)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        if sub_img is not None:
            surface.blit(sub_img, sub_img.get_rect(midtop=(box.centerx, y + image.get_height() + m.px(6))))


class FlashSection(Section):
    """The white flash of a bomb or the rocket, over everything but the menu button."""

    z = Z_POPUP - 1
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.flash > 0.01

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((255, 244, 220, int(150 * self.table.flash)))
        surface.blit(veil, (0, 0))


class ResultSection(Section):
    """The deal's result over the table: who won, the multiplier's breakdown, each seat's points."""

    z = Z_END
    mouse = keys = False

    def shown(self) -> bool:
        return self.table.result is not None and self.table.ending

    def draw(self, surface: pygame.Surface) -> None:
        s, m, table = self.scene, self.metrics, self.table
        r, middle = table.result, table.geo()["middle"]
        lines: list[tuple[str, int, tuple, bool]] = []
        viewer = s.viewer if s.face_up or not s.session.hot_seat else None
        title = ct("end.landlord_wins") if r["side"] == "landlord" else ct("end.farmers_win")
        lines.append((title, m.font_title, theme.GOLD_LIGHT, True))
        if viewer is not None and len(s.session.humans) == 1:
            mine = r["deltas"][viewer]
            lines.append((ct("end.you_win") if mine > 0 else ct("end.you_lose"), m.font_body,
                          theme.TEXT if mine > 0 else REASON, True))
        lines.append((formula(r), m.font_body, theme.TEXT, False))
        per = "   ".join(ct("end.per_seat", name=table.name(i), delta=f"{d:+d}") for i, d in enumerate(r["deltas"]))
        lines.append((per, m.font_heading, theme.GOLD_LIGHT, True))
        if s.queue.idle:
            lines.append((ct("end.continue"), m.font_small, theme.TEXT_MUTED, False))
        heights = [size + m.px(10) for _, size, _, _ in lines]
        box = pygame.Rect(0, 0, min(middle.w, m.px(720)), sum(heights) + m.px(24))
        box.center = middle.center
        if box.h > middle.h:
            box.top = middle.top
        surface.blit(panel_surface(box.size, m.radius * 2, 235, theme.GOLD, edge_w=2), box)
        y = box.y + m.px(12)
        for (text, size, colour, bold), hh in zip(lines, heights):
            size = draw.fit_text(text, size, box.w - m.px(28), bold)
            draw.text(surface, text, size, colour, bold=bold, center=(box.centerx, y + hh // 2), shadow=True)
            y += hh


def formula(r: dict) -> str:
    """"Bid 2 × bomb ×2 × spring ×2 = 8 per farmer" (the multiplier breakdown)."""
    parts = [ct("hud.bid", n=r["bid"])] + [ct("end.reason." + reason, f=f) for reason, f in r["breakdown"]]
    if len(parts) == 1:
        parts.append(ct("end.breakdown_none"))
    return ct("end.formula_line", parts=" × ".join(parts), unit=r["bid"] * r["multiplier"])


def results_data(table):
    """The match's points per deal, and the deal just played: the side that won, the multiplier's
    breakdown, each seat's role, cards left and points."""
    from revolt_table.ui.scenes.results import ResultRow, ResultsData
    sess = table.scene.session
    games = sess.match.games
    rows = []
    for seat in range(sess.players):
        pts = [r[seat] for r in sess.match.results] + [None] * (games - len(sess.match.results))
        rows.append(ResultRow(sess.names[seat], pts, sum(p for p in pts if p is not None)))
    data = ResultsData([tt("results.game", n=i + 1) for i in range(games)], rows)
    state = sess.state
    info = state.view(table.scene.viewer).info
    result = info.result
    if result is not None and info.landlord is not None:
        side = ct("end.landlord_wins") if result.side == "landlord" else ct("end.farmers_win")
        parts = " × ".join(ct("end.reason." + r, f=f) for r, f in result.breakdown)
        if parts:
            data.subtitle = ct("results.subtitle", side=side, bid=info.bid, parts=parts, mult=info.multiplier)
        else:
            data.subtitle = ct("results.subtitle_plain", side=side, bid=info.bid)
        data.detail_title = ct("results.detail_title", n=len(sess.match.results))
        data.detail_columns = [ct("results.role"), ct("results.left"), ct("results.points")]
        data.match_title = ct("results.match_title")
        last = sess.match.results[-1] if sess.match.results else state.scores
        for seat, row in enumerate(data.rows):
            role = ct("role.landlord") if seat == info.landlord else ct("role.farmer")
            row.detail = [role, str(info.cards_left[seat]), f"{last[seat]:+d}"]
            row.marked = last[seat] < 0
    if sess.match.is_over:
        best = max(r.total for r in data.rows)
        data.winners = [i for i, r in enumerate(data.rows) if r.total == best]
        data.title = ct("results.single_over" if games == 1 else "results.match_over",
                        names=i18n.join_names(" & ", (data.rows[i].name for i in data.winners)))
    return data
