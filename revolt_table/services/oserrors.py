"""Why a file could not be written or read, in a few words of the player's language.

Why not `exc.strerror`: the operating system says "File name too long" in English (or in the system's
language, whatever the game speaks), and History's export and import, the settings and the saves all
put the reason in a sentence of the player's language. The common cases get their own words
(`files.os.*` in assets/locale/<lang>.files.yaml); anything else falls back to the system's text.
"""

from __future__ import annotations

import errno

from revolt_table.services import i18n

_REASONS = {
    errno.ENAMETOOLONG: "name_too_long",
    errno.EACCES: "permission",
    errno.EPERM: "permission",
    errno.ENOENT: "no_folder",
    errno.ENOTDIR: "not_a_folder",
    errno.EISDIR: "is_a_folder",
    errno.ENOSPC: "disk_full",
    errno.EROFS: "read_only",
    errno.EEXIST: "exists",
}


def os_reason(exc: OSError) -> str:
    """A short reason for `exc` in the current language ("the file name is too long")."""
    key = _REASONS.get(exc.errno or 0)
    if key is not None:
        return i18n.t(f"files.os.{key}")
    return exc.strerror or type(exc).__name__
