"""Pack a build into the archive players download, with its SHA-256 sum, the same way every time.

    python packaging/make_release.py archive [--dist dist] [--out release] [--platform P] [--version V]
    python packaging/make_release.py sums release        # SHA256SUMS.txt over every file in a folder

One archive per platform: Windows, the folder zipped (RevoltTable/RevoltTable.exe ...); macOS, the
app zipped (Revolt Table.app/...; its symbolic links kept as links, which PyInstaller's app layout
needs); Linux, a tar.gz of the folder with the launcher, the .desktop entry, the icon and the install
script (modes kept: the launcher and install-linux.sh stay executable). Each archive gets a
NAME.sha256 beside it in `sha256sum` format.

Why Python and not zip/tar/ditto: the same code on the three runners, and archives that depend only
on the files: entries sorted, owners and dates fixed (SOURCE_DATE_EPOCH, else the commit's date), so
two runs over the same build give the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import platform as platform_module
import stat
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import build_layout  # noqa: E402  (packaging/build_layout.py)
from version_info import package_version  # noqa: E402  (packaging/version_info.py)

ZIP_EPOCH = 315532800            # 1980-01-01: the earliest date a zip entry can carry
LINUX_FILES = ("RevoltTable", "revolt-table.desktop", "revolt-table.png", "install-linux.sh", "LICENSE",
               "THIRD-PARTY-NOTICES")


def source_date() -> int:
    """The archive entries' date: SOURCE_DATE_EPOCH, else the last commit's, else 1980."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value and value.isdigit():
        return max(int(value), ZIP_EPOCH)
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True,
                             timeout=30).stdout.strip()
        return max(int(out), ZIP_EPOCH)
    except (OSError, ValueError, subprocess.SubprocessError):
        return ZIP_EPOCH


def arch_name(machine: str | None = None) -> str:
    machine = (machine or platform_module.machine()).lower()
    return {"amd64": "x64", "x86_64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}.get(machine, machine)


def archive_name(version: str, platform: str, machine: str | None = None) -> str:
    arch = arch_name(machine)
    if platform == "windows" and arch == "x86_64":
        arch = "x64"
    suffix = ".tar.gz" if platform == "linux" else ".zip"
    return f"RevoltTable-{version}-{platform}-{arch}{suffix}"


def entries(top: Path) -> list[tuple[PurePosixPath, Path]]:
    """(name in the archive, file) for `top` and everything under it, sorted; links are not followed."""
    found = [top]
    for folder, dirs, files in os.walk(top):           # os.walk lists a link to a folder, never enters it
        base = Path(folder)
        found += [base / name for name in dirs + files]
    names = [(PurePosixPath(top.name, *path.relative_to(top).parts), path) for path in found]
    return sorted(names, key=lambda pair: pair[0].as_posix())


def _mode(path: Path) -> int:
    """The permission bits an archive keeps: executable or not (nothing else of the build machine's)."""
    if path.is_symlink():
        return 0o777
    if path.is_dir():
        return 0o755
    return 0o755 if os.access(path, os.X_OK) or path.stat().st_mode & 0o111 else 0o644


def write_zip(top: Path, target: Path, date: int) -> None:
    stamp = time.gmtime(max(date, ZIP_EPOCH))[:6]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, path in entries(top):
            if path.is_symlink():
                info = zipfile.ZipInfo(name.as_posix(), stamp)
                info.create_system = 3                    # unix: the mode bits below are read
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                archive.writestr(info, os.readlink(path))
            elif path.is_dir():
                info = zipfile.ZipInfo(name.as_posix() + "/", stamp)   # portable: a zip's folder entry ends in /
                info.create_system = 3
                info.external_attr = ((stat.S_IFDIR | 0o755) << 16) | 0x10
                archive.writestr(info, b"")
            else:
                info = zipfile.ZipInfo(name.as_posix(), stamp)
                info.create_system = 3
                info.external_attr = (stat.S_IFREG | _mode(path)) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                with path.open("rb") as source, archive.open(info, "w") as sink:
                    while chunk := source.read(1 << 20):
                        sink.write(chunk)


def write_tar_gz(top: Path, target: Path, date: int) -> None:
    with target.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=date,
                                                  compresslevel=9) as zipped:
        with tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
            for name, path in entries(top):
                info = archive.gettarinfo(str(path), arcname=name.as_posix())
                info.mtime = date
                info.uid = info.gid = 0
                info.uname = info.gname = ""
                info.mode = _mode(path)
                if info.isreg():
                    with path.open("rb") as source:
                        archive.addfile(info, source)
                else:
                    archive.addfile(info)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as source:
        while chunk := source.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def write_sum(archive: Path) -> Path:
    """NAME.sha256 beside the archive, in `sha256sum -c` format."""
    target = archive.with_name(archive.name + ".sha256")
    target.write_bytes(f"{sha256(archive)}  {archive.name}\n".encode())
    return target


def required(build: build_layout.Build) -> list[PurePosixPath]:
    """What the archive must hold (paths inside it) for a player to run the game."""
    top = PurePosixPath(build.shipped.name)
    if build.platform == "windows":
        return [top / "RevoltTable.exe", top / "RevoltTable-cli.exe", top / "LICENSE", top / "THIRD-PARTY-NOTICES"]
    if build.platform == "macos":
        contents = top / "Contents"
        return [contents / "MacOS" / "RevoltTable", contents / "Info.plist", contents / "Resources" / "LICENSE",
                contents / "Resources" / "THIRD-PARTY-NOTICES"]
    return [top / name for name in LINUX_FILES]


def listing(archive: Path) -> dict[str, int]:
    """{name: unix mode} of an archive's entries."""
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive, "r:gz") as tar:
            return {member.name: member.mode | (stat.S_IFLNK if member.issym() else 0) for member in tar}
    with zipfile.ZipFile(archive) as zipped:
        return {info.filename.rstrip("/"): info.external_attr >> 16 for info in zipped.infolist()}


def make_archive(build: build_layout.Build, out: Path, version: str, date: int | None = None,
                 machine: str | None = None) -> Path:
    """Pack `build` into out/NAME and write its .sha256; checks the archive holds what players need."""
    if not build.shipped.is_dir():
        raise SystemExit(f"nothing to pack: {build.shipped} is not there (build first)")
    out.mkdir(parents=True, exist_ok=True)
    target = out / archive_name(version, build.platform, machine)
    date = source_date() if date is None else date
    (write_tar_gz if build.platform == "linux" else write_zip)(build.shipped, target, date)
    names = listing(target)
    missing = [str(name) for name in required(build) if name.as_posix() not in names]
    if missing:
        target.unlink()
        raise SystemExit(f"{target.name} would lack: {', '.join(missing)}")
    write_sum(target)
    return target


def write_sums(folder: Path) -> Path:
    """SHA256SUMS.txt for every other file in `folder` (the release's assets)."""
    lines = [f"{sha256(path)}  {path.name}\n" for path in sorted(folder.iterdir())
             if path.is_file() and path.name != "SHA256SUMS.txt" and not path.name.endswith(".sha256")]
    target = folder / "SHA256SUMS.txt"
    target.write_bytes("".join(lines).encode())
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    pack = sub.add_parser("archive", help="pack this platform's build")
    pack.add_argument("--dist", type=Path, default=ROOT / "dist")
    pack.add_argument("--out", type=Path, default=ROOT / "release")
    pack.add_argument("--platform", choices=build_layout.PLATFORMS)
    pack.add_argument("--version", default=None, help="default: revolt_table.__version__")
    sums = sub.add_parser("sums", help="write SHA256SUMS.txt over a folder's files")
    sums.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "sums":
        print(write_sums(args.folder))
        return 0
    build = build_layout.build_for(args.dist, args.platform)
    target = make_archive(build, args.out, args.version or package_version())
    print(f"{target} ({target.stat().st_size / 2 ** 20:.1f} MB)\n{target.name}.sha256: {sha256(target)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
