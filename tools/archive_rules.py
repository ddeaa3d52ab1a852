"""Keep the version of a bundled rules file that a change replaces, so that games saved under it resume.

Run it before committing a change to rules/GAME.yaml that changes play (a count, a phase, a number):

    python tools/archive_rules.py GAME [REV]

It copies rules/GAME.yaml as it is in REV (default HEAD, the version being replaced) byte for byte to
rules/archive/GAME.<digest>.yaml and lists it first under GAME in rules/archive/index.yaml
(revolt_table/services/rules_archive.py explains both). A version already there is left as it is.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from revolt_table.services.rules_archive import digest_bytes  # noqa: E402


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__)
        return 2
    game, rev = argv[0], argv[1] if len(argv) > 1 else "HEAD"
    raw = subprocess.run(["git", "show", f"{rev}:rules/{game}.yaml"], cwd=ROOT, capture_output=True, check=True).stdout
    digest = digest_bytes(raw)
    archive = ROOT / "rules" / "archive"
    target = archive / f"{game}.{digest}.yaml"
    index = archive / "index.yaml"
    lines = index.read_text(encoding="utf-8").splitlines()
    if any(f"digest: {digest}" in line for line in lines):
        print(f"{target.name}: already archived")
        return 0
    target.write_bytes(raw)
    row = f"  - {{digest: {digest}, before_format_2: false}}     # rules/{game}.yaml as at {rev}"
    if f"{game}:" in lines:
        lines.insert(lines.index(f"{game}:") + 1, row)
    else:
        lines += [f"{game}:", row]
    index.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{target.name}: archived, listed first under {game} in {index.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
