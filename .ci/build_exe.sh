#!/usr/bin/env bash
# Build the one-folder executable (build.spec) and prove it works headless.
#
#   .ci/build_exe.sh                  build dist/RevoltTable/ and run the smoke checks
#   REVOLT_SKIP_BUILD=1 .ci/build_exe.sh   only the checks, on an existing dist/RevoltTable/
#   REVOLT_MAX_MB=60                  folder size budget (default 60)
#
# Every check prints PASS, FAIL or SKIP (with the reason). A SKIP is for a feature that has not
# landed yet (e.g. the UI's autoplay flag); any FAIL makes the script exit 1.
# All runs use dummy video/audio, a throw-away REVOLT_TABLE_HOME and an empty working directory
# (the program must find its rules and assets from the bundle, not from where it is started).
set -u
set -o pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-python}"
APP_DIR="$ROOT/dist/RevoltTable"
EXE="$APP_DIR/RevoltTable"
MAX_MB="${REVOLT_MAX_MB:-60}"
FAILS=0
SKIPS=0

pass() { echo "PASS  $*"; }
fail() { echo "FAIL  $*"; FAILS=$((FAILS + 1)); }
skip() { echo "SKIP  $*"; SKIPS=$((SKIPS + 1)); }

# ------------------------------------------------------------------------------------------ build
if [ "${REVOLT_SKIP_BUILD:-0}" != "1" ]; then
    if ! "$PY" -c "import PyInstaller" 2>/dev/null; then
        echo "installing pyinstaller..."
        "$PY" -m pip install --quiet "pyinstaller>=6,<7" || { echo "FAIL  pip install pyinstaller"; exit 1; }
    fi
    mkdir -p build
    echo "building (PyInstaller $("$PY" -m PyInstaller --version)); log: build/pyinstaller.log"
    start=$(date +%s)
    if ! "$PY" -m PyInstaller --noconfirm --clean build.spec > build/pyinstaller.log 2>&1; then
        tail -40 build/pyinstaller.log
        echo "FAIL  pyinstaller build.spec"
        exit 1
    fi
    echo "built in $(( $(date +%s) - start )) s"
fi
[ -x "$EXE" ] || { echo "FAIL  no executable at $EXE"; exit 1; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
export REVOLT_TABLE_HOME="$WORK/home"
export REVOLT_TABLE_NO_CRASH_WINDOW=1
mkdir -p "$WORK/cwd" "$REVOLT_TABLE_HOME"
touch "$WORK/stamp"
sleep 1    # so files written by the checks are strictly newer than the stamp

# run LABEL SECONDS CMD...: run from the empty cwd with a timeout; output in $WORK/out, status in $RC
run() {
    local seconds="$1"; shift
    (cd "$WORK/cwd" && timeout "$seconds" "$@") > "$WORK/out" 2> "$WORK/err"
    RC=$?
}
show_err() { sed -e 's/^/      | /' "$WORK/err" | tail -15; sed -e 's/^/      | /' "$WORK/out" | tail -5; }

# ------------------------------------------------------------------------------ size and contents
SIZE_MB=$(du -sm "$APP_DIR" | cut -f1)
if [ "$SIZE_MB" -le "$MAX_MB" ]; then pass "folder size ${SIZE_MB} MB (budget ${MAX_MB} MB)"
else fail "folder size ${SIZE_MB} MB exceeds the ${MAX_MB} MB budget"; fi
echo "      largest items:"
du -ak "$APP_DIR" | sort -rn | sed -n '2,9p' | awk -v root="$APP_DIR/" '{sub(root, "", $2); printf "        %6.1f MB  %s\n", $1/1024, $2}'

INTERNAL="$APP_DIR/_internal"
[ -d "$INTERNAL" ] || INTERNAL="$APP_DIR"
missing=""
ls "$INTERNAL"/rules/*.yaml >/dev/null 2>&1 || missing="$missing rules/*.yaml"
[ -f "$INTERNAL/assets/fonts/DejaVuSans.ttf" ] || missing="$missing assets/fonts/DejaVuSans.ttf"
if [ -z "$missing" ]; then pass "bundle holds rules/ and assets/ (fonts)"; else fail "bundle lacks:$missing"; fi
unwanted=$(cd "$INTERNAL" && ls -d numpy tkinter _tk* tcl* pygame/examples pygame/tests pygame/docs libcrypto* libssl* 2>/dev/null | tr '\n' ' ')
if [ -z "$unwanted" ]; then pass "bundle has no numpy/tkinter/pygame examples-tests-docs/OpenSSL"
else fail "bundle holds excluded parts: $unwanted"; fi

# a module of ours that exists in the source tree but PyInstaller could not find
WARN="$ROOT/build/build/warn-build.txt"
if [ -f "$WARN" ]; then
    lost=""
    for mod in $(grep -o "missing module named revolt_table[A-Za-z0-9_.]*" "$WARN" | awk '{print $4}' | sort -u); do
        rel="${mod//.//}"
        if [ -f "$ROOT/$rel.py" ] || [ -f "$ROOT/$rel/__init__.py" ]; then lost="$lost $mod"; fi
    done
    if [ -z "$lost" ]; then pass "every revolt_table module the code imports is in the bundle"
    else fail "modules missing from the bundle:$lost (add them to hiddenimports in build.spec)"; fi
fi

# ---------------------------------------------------------------------------------------- rules
# A rules file whose family module has not landed yet ("not available in this version") is a game
# still being written: reported as SKIP, and left out of the arena and autoplay runs below.
NOT_YET="is not available in this version"
run 60 "$EXE" rules check "$INTERNAL"/rules/*.yaml
others=$(grep -v ": ok$" "$WORK/out" | grep -v -- "$NOT_YET")
if [ $RC -eq 0 ]; then pass "rules check on the bundled rules ($(ls "$INTERNAL"/rules/*.yaml | wc -l) files)"
elif [ -z "$others" ] && grep -q -- "$NOT_YET" "$WORK/out"; then
    pass "rules check: every bundled rules file with an implemented family is valid"
    while read -r line; do skip "not implemented yet: ${line##*/}"; done < <(grep -- "$NOT_YET" "$WORK/out")
else fail "rules check on the bundled rules (exit $RC)"; show_err; fi
UNIMPLEMENTED=$(grep -- "$NOT_YET" "$WORK/out" | sed -e 's/:.*//' -e 's#.*/##' -e 's/\.yaml$//' | tr '\n' ' ')

# game id, default players, for every bundled rules file (read with the CI python)
"$PY" - "$INTERNAL/rules" > "$WORK/games" <<'EOF'
import sys, pathlib, yaml
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.yaml")):
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        players = data.get("players", {})
        n = players.get("default") or players.get("min") or 3
        print(data["id"], n)
    except Exception as exc:
        print(f"# {path.name}: {exc}")
EOF

# ---------------------------------------------------------------------------------------- arena
run 120 "$EXE" arena revoltaaa --players 4 --seats ai:normal,random --games 3 --json
if [ $RC -eq 0 ] && "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['games']==3" "$WORK/out" 2>/dev/null; then
    pass "arena revoltaaa --json printed JSON"
else fail "arena revoltaaa --json (exit $RC)"; show_err; fi

# every bundled game loads its family and AI in the frozen app (catches missing hidden imports)
while read -r game players; do
    case "$game" in "#"*|"") continue;; esac
    case " $UNIMPLEMENTED " in *" $game "*) continue;; esac
    run 120 "$EXE" arena "$game" --players "$players" --seats ai:normal,ai:easy,random --games 1 --json
    if [ $RC -eq 0 ]; then pass "arena $game --players $players (family + AI bundled)"
    else fail "arena $game --players $players (exit $RC)"; show_err; fi
done < "$WORK/games"

# ---------------------------------------------------------------------------------- crash handler
REVOLT_TABLE_CRASH_SELFTEST=1 run 60 "$EXE"
log=$(ls "$REVOLT_TABLE_HOME"/logs/crash-*.log 2>/dev/null | head -1)
if [ $RC -eq 1 ] && [ -n "$log" ] && grep -q "frozen:      True" "$log" && grep -q "RuntimeError" "$log" \
        && grep -q "$log" "$WORK/err"; then
    pass "crash self-test: exit 1, log in REVOLT_TABLE_HOME/logs, path told on stderr"
else fail "crash self-test (exit $RC, log '${log}')"; show_err; fi

# ------------------------------------------------------------------------------- multiprocessing
REVOLT_TABLE_MP_SELFTEST=1 run 60 "$EXE"
if [ $RC -eq 0 ] && grep -q REVOLT_TABLE_MP_OK "$WORK/out"; then
    pass "multiprocessing: spawned workers run inside the frozen app (freeze_support)"
else fail "multiprocessing self-test (exit $RC)"; show_err; fi

# ------------------------------------------------------------------------------ window: title frame
REVOLT_TABLE_STARTUP_PROBE=1 run 60 "$EXE"
if [ $RC -eq 0 ] && grep -q REVOLT_TABLE_FIRST_FRAME "$WORK/out"; then
    pass "title screen draws its first frame (startup probe)"
else fail "title screen first frame (exit $RC)"; show_err; fi

REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME=1 run 15 "$EXE"
if [ $RC -eq 0 ] && grep -q REVOLT_TABLE_FIRST_FRAME "$WORK/out"; then
    pass "app loop exits after the first title frame (REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME)"
elif [ $RC -eq 124 ]; then
    skip "REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME hook not in ui/app.py yet (app kept running)"
elif grep -qi "window is not available" "$WORK/err"; then
    skip "REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME: $(grep -i 'window is not available' "$WORK/err" | head -1)"
else fail "REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME run (exit $RC)"; show_err; fi

# ---------------------------------------------------------------------------------------- autoplay
run 30 "$EXE" play --help
AUTOFLAG=""
for flag in --autoquit --autoplay --auto-quit --exit-when-over --quit-when-over; do
    if grep -q -- "$flag" "$WORK/out"; then AUTOFLAG="$flag"; break; fi
done
if [ -z "$AUTOFLAG" ]; then
    skip "autoplay: 'play --help' offers no --autoquit/--autoplay flag yet"
else
    # fastest allowed animations and no "natural" pause before AI moves: same code paths, less waiting
    mkdir -p "$REVOLT_TABLE_HOME/config"
    printf 'animation_speed: 2.0\nai_pace: 0.0\n' > "$REVOLT_TABLE_HOME/config/settings.yaml"
    while read -r game players; do
        case "$game" in "#"*|"") continue;; esac
        case " $UNIMPLEMENTED " in *" $game "*) continue;; esac
        t0=$(date +%s)
        seats=$(printf 'ai:normal%.0s,' $(seq "$players")); seats="${seats%,}"
        # a whole game animated in real time: Revolución's rebalanced 4-player game takes ~150 s here
        run 480 "$EXE" play "$game" --players "$players" --seats "$seats" --seed 1 "$AUTOFLAG"
        if [ $RC -eq 0 ]; then pass "autoplay one AI-only game: $game ($players players, $AUTOFLAG, $(( $(date +%s) - t0 )) s)"
        elif [ $RC -eq 124 ]; then fail "autoplay $game did not finish within 480 s"; show_err
        else fail "autoplay $game (exit $RC)"; show_err; fi
    done < "$WORK/games"
fi

# -------------------------------------------------------------------------------------- screenshot
SHOT="$WORK/shot.png"
run 120 "$EXE" screenshot revoltaaa --players 4 --seed 1 --moves 8 --out "$SHOT"
if [ $RC -ne 0 ] && grep -qi "window is not available" "$WORK/err"; then
    # only a SKIP if the source tree cannot do it either; otherwise the bundle lacks a module
    if (cd "$WORK/cwd" && PYTHONPATH="$ROOT" timeout 120 "$PY" -m revolt_table screenshot revoltaaa \
            --players 4 --seed 1 --moves 8 --out "$WORK/source_shot.png") >/dev/null 2>&1; then
        fail "screenshot works from source but not frozen (a module missing from the bundle?)"; show_err
    else
        skip "screenshot: $(grep -i 'window is not available' "$WORK/err" | head -1)"
    fi
elif [ $RC -ne 0 ]; then
    fail "screenshot (exit $RC)"; show_err
elif [ ! -s "$SHOT" ]; then
    fail "screenshot exited 0 but wrote no PNG"
elif verdict=$("$PY" - "$SHOT" <<'EOF'
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
image = pygame.image.load(sys.argv[1])
w, h = image.get_size()
step = max(1, min(w, h) // 120)
counts = {}
for y in range(0, h, step):
    for x in range(0, w, step):
        c = tuple(image.get_at((x, y)))[:3]
        counts[c] = counts.get(c, 0) + 1
top = max(counts.values()) / sum(counts.values())
print(f"{w}x{h}, {len(counts)} colours sampled, most common covers {top:.0%}")
sys.exit(0 if len(counts) >= 16 and top < 0.97 else 1)
EOF
); then
    pass "screenshot PNG not blank ($verdict)"
    mkdir -p "$ROOT/build" && cp "$SHOT" "$ROOT/build/smoke_screenshot.png"
else
    fail "screenshot PNG looks blank ($verdict)"
fi

# ------------------------------------------------------------------- nothing written beside the app
written=$(find "$APP_DIR" -newer "$WORK/stamp" -type f | head -5)
if [ -z "$written" ]; then pass "nothing written inside the app folder (user files go to REVOLT_TABLE_HOME)"
else fail "the app wrote into its own folder: $written"; fi

echo
echo "build_exe: $FAILS failed, $SKIPS skipped; folder ${SIZE_MB} MB"
[ "$FAILS" -eq 0 ]
