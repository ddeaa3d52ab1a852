#!/usr/bin/env bash
# Build the one-folder executable (build.spec) and prove it works headless.
#
#   .ci/build_exe.sh                       build dist/RevoltTable/ and run the smoke checks
#   REVOLT_SKIP_BUILD=1 .ci/build_exe.sh   only the checks, on an existing dist/RevoltTable/
#   REVOLT_MAX_MB=60                       folder size budget (default 60 on Linux)
#
# The checks are .ci/smoke_exe.py, the same script the release workflow (.github/workflows/release.yml)
# runs on the Windows, macOS and Linux builds: size and contents, LICENSE and THIRD-PARTY-NOTICES in
# the bundle and beside the executable with every bundled library and font named in the notices,
# rules check, arena runs of every game, crash log, worker processes, the first frame, an AI-only
# game of every game, a screenshot, nothing written beside the app. Any FAIL makes this script exit 1.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-python}"

if [ "${REVOLT_SKIP_BUILD:-0}" != "1" ]; then
    if ! "$PY" -c "import PyInstaller" 2>/dev/null; then
        echo "installing pyinstaller (the build extra)..."
        "$PY" -m pip install --quiet "pyinstaller>=6,<7"
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

exec "$PY" .ci/smoke_exe.py --dist dist --workpath build --keep-screenshot build/smoke_screenshot.png
