"""The UI's name for the translation tables, which live in revolt_table/services/i18n.py (no pygame there).

Why an alias: the CLI prints translated rules and the settings loader picks the system language
without the window, so the machinery moved out of ui/. UI code keeps `from revolt_table.ui.i18n import t`,
and because this name is the very same module object, a test that patches `revolt_table.ui.i18n`
patches what the program uses.
"""

from __future__ import annotations

import sys

from revolt_table.services import i18n as _core

sys.modules[__name__] = _core
