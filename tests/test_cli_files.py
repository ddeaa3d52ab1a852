"""The command line with unlucky folders and in the player's language (issue 28): `revolt-table history`
when the history folder, the data folder or the home is a file; errors in the language asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(args: list[str], home: Path, **env: str) -> subprocess.CompletedProcess:
    """`python -m revolt_table ARGS` with its own home, as a player runs it."""
    import os

    environ = {**os.environ, "REVOLT_TABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy", **env}
    return subprocess.run([sys.executable, "-m", "revolt_table", *args], capture_output=True, text=True,
                          cwd=ROOT, env=environ, timeout=120)


@pytest.mark.parametrize("where", ["history", "data", "home"])
def test_history_with_a_file_in_place_of_a_folder_says_so(tmp_path, where):
    home = tmp_path / "home"
    target = {"home": home, "data": home / "data", "history": home / "data" / "history"}[where]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("I am a file\n")
    done = run(["history"], home)
    assert done.returncode == 1, done.stderr
    assert done.stdout.strip() == "The history folder cannot be used, so finished games are not being kept."
    assert "Traceback" not in done.stderr and "crash" not in done.stderr
    assert target.read_text() == "I am a file\n"
    done = run(["history", "--language", "pt"], home)
    assert done.returncode == 1 and done.stdout.startswith("Não é possível usar a pasta do histórico")


# ------------------------------------------------------------------------------ errors in the player's language

@pytest.fixture
def home(tmp_path, monkeypatch):
    from revolt_table.services import i18n

    monkeypatch.setenv("REVOLT_TABLE_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    i18n.set_language("en")


def cli(argv, capsys) -> tuple[int, str]:
    from revolt_table.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:                                  # argparse's own errors
        code = exc.code
    return code, capsys.readouterr().err.strip()


@pytest.mark.parametrize("argv, lang, said", [
    (["play", "nogame", "--language", "pt"], "pt",
     "revolt-table play: jogo desconhecido 'nogame'; os jogos são: doudizhu, revoltaaa, revolte, revolucion"),
    (["play", "revoltaaa", "--players", "9", "--language", "fr"], "fr",
     "revolt-table play: RevoltaaA se joue de 3 à 5 joueurs, pas à 9"),
    (["play", "revoltaaa", "--seats", "human,robot", "--language", "es"], "es",
     "revolt-table play: asiento desconocido 'robot'; los asientos son: human, random, ai:easy, ai:normal, ai:hard"),
    (["rules", "show", "doudizhu", "--variant", "nope", "--language", "de"], "de",
     "revolt-table rules show: Dou Dizhu hat keine Variante 'nope'; seine Varianten: keine"),
    (["history", "--bogus", "--language", "de"], "de", "revolt-table: Fehler: unbekannte Argumente: --bogus"),
    (["screenshot", "revoltaaa", "--out", "x.png", "--size", "big", "--language", "zh"], "zh",
     "revolt-table screenshot：错误：参数 --size：应为 宽x高，例如 1280x720，而不是 'big'"),
    (["play", "--language", "fr"], "fr",
     "revolt-table play : erreur : les arguments suivants sont obligatoires : game"),
])
def test_command_line_errors_are_said_in_the_language_asked(home, capsys, argv, lang, said):
    code, err = cli(argv, capsys)
    assert code == 2 and err.splitlines()[-1] == said


def test_command_line_errors_are_said_in_the_saved_language(home, capsys):
    from revolt_table.services import userdata

    userdata.save_settings(userdata.Settings(language="pt"))
    code, err = cli(["arena", "revoltaaa", "--players", "3", "--seats", "bot"], capsys)
    assert code == 2 and err == ("revolt-table arena: agente desconhecido 'bot'; esperava um destes: random, "
                                 "ai:easy, ai:normal, ai:hard")
    code, err = cli(["rules", "check", "nogame"], capsys)
    assert code == 2 and err.startswith("revolt-table rules check: jogo desconhecido 'nogame'")
    code, err = cli(["play", "revoltaaa", "--games", "0"], capsys)
    assert code == 2 and err.endswith("argumento --games: esperava pelo menos 1, e não 0")
    assert userdata.settings_path().read_text(encoding="utf-8").startswith("fullscreen")   # read, never changed


def test_the_help_is_in_the_players_language(home, capsys):
    from revolt_table.cli import main

    with pytest.raises(SystemExit):
        main(["replay", "--help", "--language", "de"])
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: revolt-table replay") and "Zeigt ein beendetes Spiel" in out
    assert "diese Hilfe anzeigen und beenden" in out
