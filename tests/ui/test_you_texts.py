"""The human's default name is "You" ("Vous", "Du", "Você", "Tú", "你"), so no text may conjugate it as a
third person (issue: "You wins the fight", "You is the landlord", "Vous gagne", "Du gewinnst").

Seeded games of every family are played at the table in every language, the human at seat 0 under its
default name, Hint's move for the human and the easy AI elsewhere, through the end panel to the results
screen. Every text the table draws (draw.render_text) and every text made with the seat's name as an
argument (i18n.t_in: banners, the log, verdicts, results) is collected, and the test fails on the default
name next to a third-person verb of its language (English "You wins", French "Vous gagne", German "Du
gewinnt" or "an Du", Spanish "Tú gana" or "para Tú", Portuguese "para Você", Chinese "你 赢").
"""

from __future__ import annotations

import re
import time

import pytest

from revolt_table.services import i18n
from revolt_table.engine import load_rules
from tests.ui.table_helpers import run_frames

pytestmark = pytest.mark.usefixtures("table_home")
SPEED = 8.0          # animations 8x as fast: each moment is still drawn (at 0 a verdict is never shown)

GAMES = {"revoltaaa": 4, "doudizhu": 3, "revolte": 4, "revolucion": 4}
# Seeds where the human, at seat 0, is named by what happens: takes a stack and wins (RevoltaaA), is the
# landlord and wins (Dou Dizhu), wins tricks and bonuses (Révolte!), attacks, is attacked, loses (Revolución).
SEEDS = {"revoltaaa": (9, 10), "doudizhu": (7, 9), "revolte": (7,), "revolucion": (7,)}

# The default name then a verb in the third person (or, for a name that inflects, the name after a
# preposition in the nominative): what the texts said before they had `you` forms.
_EN = (r"\bYou (?:is|was|has|does|wins|loses|takes|plays|attacks|passes|steals|starts|cuts|rules|gets|leads|"
       r"bids|holds|goes|shares|draws|discards|gains)\b")
_FR = (r"\bVous (?:a|est|était|avait|pouvait|gagne|perd|prend|joue|attaque|passe|vole|commence|coupe|règne|"
       r"remporte|se|reçoit|mène|doit|peut|fait|va)\b|\bVous & \S+ (?:se partagent|ont|sont)\b"
       r"|\b(?:à|pour|de|sur|par) Vous\b")
_DE = (r"\bDu (?:ist|hat|hatte|gewinnt|verliert|spielt|spielte|nimmt|greift|gibt|stiehlt|beginnt|schneidet|"
       r"regiert|erobert|kann|bekommt)\b|\b(?:an|von|für|bei|gegen|mit) Du\b|\bDu & \S+ teilen\b")
_ES = (r"\bTú (?:es|está|tiene|gana|ganó|pierde|juega|jugó|ataca|pasa|roba|empieza|corta|gobierna|toma|se|"
       r"podía|le)\b|\b(?:para|a|de|por|contra|sobre) Tú\b|\b(?:gana|empieza|juega)\s+Tú\b")
_PT = r"\b(?:para|de|em|por|a) Você\b"        # "você" takes the third person; an object must not be a name
_ZH = r"你 [\u4e00-\u9fff]"                    # "你 赢得战斗": the name's spacing left around the pronoun
AGREEMENT = {lang: re.compile(p) for lang, p in
             {"en": _EN, "fr": _FR, "de": _DE, "es": _ES, "pt": _PT, "zh": _ZH}.items()}


def open_default_table(game: str, players: int, lang: str, seed: int):
    """A table for `game` with the human at seat 0 under its default name in `lang` (the names a new
    game gets when nobody types one)."""
    from revolt_table.ui.app import App
    from revolt_table.ui.launch import install
    from revolt_table.ui.scenes.table import TableScene
    from revolt_table.ui.session import Session
    from revolt_table.services.userdata import Settings

    app = App(size=(1024, 640), settings=Settings(animation_speed=SPEED, ai_pace=0.0), save_settings=False)
    install(app)
    app.set_language(lang)
    session = Session(load_rules(game), ["human"] + ["ai:easy"] * (players - 1), None, match_seed=seed, games=1,
                      ai_pace=0.0, save=False)
    scene = TableScene(app, session)
    app.push(scene)
    run_frames(app, 2)
    return app, scene


def wait(app, scene, until, limit: float = 60.0) -> bool:
    """Frames until `until()`, a click given to every moment that waits for one (a turn's summary)."""
    end = time.time() + limit
    while time.time() < end:
        run_frames(app)
        if until():
            return True
        current = scene.queue.current
        if current is not None and getattr(current, "wait_for_click", False):
            scene.skip()
        time.sleep(0)
    return False


def play_out(app, scene) -> None:
    """The game to its results screen: Hint's move for the human whenever it may act."""
    from revolt_table.ai import hints

    session = scene.session
    while not session.state.is_over:
        assert wait(app, scene, lambda: session.state.is_over or (scene.may_act(0) and scene.has_seen())), "stuck"
        if session.state.is_over:
            break
        state = session.state
        move, _ = hints.hint(session.rules, state.view(0), state.legal_moves(0))
        scene.family.reset_input()
        scene.play(0, move)
        run_frames(app)

    assert wait(app, scene, lambda: type(app.scenes[-1]).__name__ == "ResultsScene"), "no results screen"
    run_frames(app, 3)


@pytest.fixture
def collected(monkeypatch):
    """(drawn texts, texts made with seat 0's name as an argument)."""
    from revolt_table.ui import draw

    drawn: set[str] = set()
    named: set[tuple[str, str]] = set()
    real_render, real_t_in = draw.render_text, i18n.t_in

    def render_text(content, size, color, bold=False):
        drawn.add(content)
        return real_render(content, size, color, bold)

    def t_in(lang, key, **fmt):
        text = real_t_in(lang, key, **fmt)
        if any(i18n.is_you(v) for v in fmt.values()):
            named.add((key, text))
        return text

    monkeypatch.setattr(draw, "render_text", render_text)
    monkeypatch.setattr(i18n, "t_in", t_in)
    return drawn, named


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_text_conjugates_the_default_name_as_a_third_person(collected, game, lang):
    drawn, named = collected
    try:
        for seed in SEEDS[game]:
            app, scene = open_default_table(game, GAMES[game], lang, seed)
            you = scene.session.names[0]
            assert you == i18n.t_in(lang, "setup.default_name_1") and i18n.is_you(you)
            play_out(app, scene)
    finally:
        i18n.set_language("en")
    check = AGREEMENT[lang]
    wrong = sorted({text for text in drawn if check.search(text)} | {f"{key}: {text}" for key, text in named
                                                                      if check.search(text)})
    assert wrong == []
    assert any(you in text for text in drawn) and named, "nothing named seat 0"   # the collection works


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_checks_catch_the_old_texts(lang):
    """Each language's pattern finds what the texts said before they had `you` forms."""
    old = {"en": "You wins the fight", "fr": "Vous gagne le combat", "de": "Stich an Du: der höchste",
           "es": "Baza para Tú: la más alta", "pt": "A bomba explode em Você", "zh": "你 赢得战斗"}
    right = {"en": "You win the fight", "fr": "Vous gagnez le combat", "de": "Dein Stich: der höchste",
             "es": "Tu baza: la más alta", "pt": "A bomba explode em você", "zh": "你赢得战斗"}
    assert AGREEMENT[lang].search(old[lang]) and not AGREEMENT[lang].search(right[lang])
