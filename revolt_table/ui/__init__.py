"""pygame-ce user interface: one window, a scene stack, widgets, and the non-table scenes.

Map for scene authors (the table scene plugs in through these):
  app.App              window, loop (run / step), scene stack (push / pop / replace / reset_to), notify,
                       settings (app.settings, app.save_settings), hooks start_game / resume_game /
                       has_saved_game
  scene.Scene          base class: on_enter, on_exit, on_resize, handle_event, update, draw; opaque
  theme                palette and Metrics (sizes scale with window height)
  fonts.font           the shipped DejaVu fonts, cached per size
  i18n.t               every player-facing string
  draw                 felt background, panels, shadowed text, card backs
  widgets              Button, Menu / FocusGroup, OptionSelector, Slider, TextField, RichTextPanel
  scenes               title, settings, rules, newgame, pause (Esc menu), handover, results
"""

import os as _os

# The pygame banner is noise on a player's console and in --json output; set before pygame loads.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
