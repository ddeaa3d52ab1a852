"""May this tag be released? Its version must be the package's, with a dated CHANGELOG.md entry.

    python packaging/release_check.py v0.1.0 [--notes release-notes.md]

The release workflow runs this first, so a tag pushed by mistake (v0.2.0 while the package still
says 0.1.0, or a version nobody described to players) publishes nothing. With --notes, the entry's
text is written to a file: it becomes the release's notes. Exit 0 when the tag may be released,
1 with one line per problem otherwise.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from version_info import package_version  # noqa: E402  (packaging/version_info.py: the one reader)

CHANGELOG = ROOT / "CHANGELOG.md"
TAG = re.compile(r"^v(?P<version>\d+\.\d+\.\d+(?:[-.]?(?:a|b|rc|dev|post)\d*)?)$")
HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?:\s+-\s+(?P<date>\S+))?\s*$")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class Entry:
    version: str
    date: str | None
    body: str


def entries(text: str) -> list[Entry]:
    """The changelog's "## [version] - date" sections, in order."""
    found: list[Entry] = []
    heading: re.Match | None = None
    lines: list[str] = []
    for line in text.splitlines() + ["## [end]"]:
        match = HEADING.match(line)
        if match is None:
            lines.append(line)
            continue
        if heading is not None:
            found.append(Entry(heading["version"], heading["date"], "\n".join(lines).strip()))
        heading, lines = match, []
    return found


def problems(tag: str, changelog: str, version: str) -> list[str]:
    """Why `tag` may not be released (empty: it may)."""
    match = TAG.match(tag)
    if match is None:
        return [f"{tag!r} is not a version tag (vMAJOR.MINOR.PATCH, e.g. v{version})"]
    wanted = match["version"]
    out = []
    if wanted != version:
        out.append(f"tag {tag} says {wanted}, but the package (revolt_table.__version__) says {version}")
    entry = next((e for e in entries(changelog) if e.version == wanted), None)
    if entry is None:
        out.append(f"CHANGELOG.md has no entry for {wanted} (add a '## [{wanted}] - YYYY-MM-DD' section)")
    else:
        if not entry.date or not DATE.match(entry.date):
            out.append(f"CHANGELOG.md's entry for {wanted} has no release date ('## [{wanted}] - YYYY-MM-DD')")
        if not re.search(r"^\s*[-*] \S", entry.body, re.M):
            out.append(f"CHANGELOG.md's entry for {wanted} says nothing (list what players get)")
    return out


def notes(changelog: str, version: str) -> str:
    entry = next((e for e in entries(changelog) if e.version == version), None)
    return entry.body + "\n" if entry else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tag", help="the git tag, e.g. v0.1.0")
    parser.add_argument("--notes", type=Path, help="write the changelog entry here")
    args = parser.parse_args(argv)
    text = CHANGELOG.read_text(encoding="utf-8")
    version = package_version()
    found = problems(args.tag, text, version)
    for problem in found:
        print(f"release refused: {problem}", file=sys.stderr)
    if found:
        return 1
    if args.notes:
        args.notes.write_text(notes(text, version), encoding="utf-8")
    print(f"{args.tag}: version {version}, changelog entry found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
