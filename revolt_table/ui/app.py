"""The App: the window, the one frame loop and the scene stack.

Why the App owns the loop: every scene stays non-blocking (AI thinking, animations and input all share
one 60 FPS loop), and tests can drive frames one at a time with step(dt) on a headless display.

Why it sleeps (issue 30): a card game is left open for hours, and a table waiting for its player has
nothing to draw. A frame is drawn only when something changed: an event arrived (and for SETTLE seconds
after it, while hover glows ease out), a scene says it animates (`Scene.idle_for() == 0`) or asked for a
frame at a given time (a caret's blink, the next step of the "thinking" dots), something called
`invalidate()` (a toast, the look, a push or pop), or a toast fades. Otherwise the real loop blocks in
for at most IDLE_POLL seconds, looking at the event queue every INPUT_POLL (so input waits 10 ms at
most, under a frame at 60 FPS: see _wait_for_event for why not `pygame.event.wait`), and
background work (AI answers, history reads) is still looked at by the scene's update; `wake()` (any
thread) cuts a sleep short. Time slept is given to the scene before the waking input is handled, so
"seen for 0.25 s" and double-click clocks are right after a long idle. Tests drive the same logic with
step(dt) and count `frames_drawn`.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
import weakref
from typing import Callable

import pygame

from revolt_table.services import userdata
from revolt_table.services.resources import asset_path
from revolt_table.ui import draw, fonts, i18n, theme
from revolt_table.ui.look import LookFilter, LookSettings
from revolt_table.ui.scene import Scene
from revolt_table.ui.theme import Metrics, metrics_for
from revolt_table.services.userdata import GameSetup, Settings

log = logging.getLogger(__name__)

FPS = 60
SETTLE = 0.75            # seconds of frames after an event: hover glows and scrolls ease out
IDLE_POLL = 0.25         # the longest sleep: scenes' background work (AI answers, loaders) is polled this often
INPUT_POLL = 0.01        # while asleep, the event queue is looked at this often
MIN_SLEEP = 0.02         # a sleep shorter than this is no sleep: the 60 FPS tick waits instead
CATCH_UP = 60.0          # the most time handed to a scene at once after a sleep (a machine suspended for hours)
TOAST_FADE = 0.5         # a toast fades out over its last half second
WAKE = pygame.event.custom_type()     # posted by wake(): cuts a sleep short, reaches no scene
TOAST_SECONDS = 5.0
STARTUP_TOAST_SECONDS = 10.0          # what start-up has to say is longer, and read while the title settles


class App:
    """One window with a stack of scenes.

    Hooks the table code plugs in (all replaceable attributes):
      start_game(setup: GameSetup)  called by the New game screen's Start button
      resume_game()                 called by the title's Resume button
      has_saved_game() -> bool      decides whether Resume is shown
    """

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None,
                 *, save_settings: bool = True) -> None:
        warning = None
        if settings is None:
            settings, warning = userdata.load_settings()
        self.settings: Settings = settings
        self._persist = save_settings
        i18n.set_language(settings.language)
        pygame.init()
        fonts.clear_cache()
        pygame.key.set_repeat(350, 40)
        _set_window_icon()
        self._windowed_size = userdata.clamp_window_size(size or settings.window_size)
        self.fullscreen = False
        self.screen: pygame.Surface = self._set_mode(self._windowed_size, settings.fullscreen and size is None)
        pygame.display.set_caption(i18n.t("app.title"))
        self.metrics: Metrics = metrics_for(self.screen.get_size(), settings.text_size)
        fonts.set_floor(self.metrics.floor, self.metrics.card_floor, self.metrics.text)
        self.look = LookFilter(LookSettings.of(settings))   # contrast, grain, temperature (ui/look.py)
        draw.set_felt_texture(self.look.felt)
        self._look_stale: weakref.WeakSet[Scene] = weakref.WeakSet()   # scenes to lay out again for a new look
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.toasts: list[list] = []          # [message, seconds left]
        self.start_game: Callable[[GameSetup], None] = self._no_table_yet
        self.resume_game: Callable[[], None] = self._no_table_yet
        self.has_saved_game: Callable[[], bool] = userdata.has_saved_game
        self.cleanups: list[Callable[[], None]] = []   # run once when the app closes (AI workers, sound)
        self.saves_games = True               # False: another window has these folders (ui/launch.claim_folders)
        self._sound = None
        self._first_frame_shown = False
        self.frames_drawn = 0                 # frames drawn and flipped (tests count them)
        self.time = 0.0                       # seconds of frames run (real, or the dt tests give)
        self._redraw = True                   # something changed: draw the next frame
        self._settle_until = 0.0              # frames run until then after the last event
        self._draw_at = 0.0                   # when the top scene wants its next frame (idle_for)
        self._slept = False
        self._trace_still = os.environ.get("REVOLT_TABLE_TRACE_STILL") == "1"    # benchmarks/idle_cpu.py
        self._still_said: str | None = None
        self.folder_problems = userdata.check_folders() if save_settings else []
        for problem in self.folder_problems:          # say so once; play on without saving there
            log.warning("cannot write in the %s folder %s: %s", problem.kind, problem.path, problem.reason)
            self.notify(i18n.t(f"app.{problem.kind}_folder_unusable", folder=problem.path, reason=problem.reason),
                        STARTUP_TOAST_SECONDS)
            if problem.kind == "settings":
                self._persist = False
        if warning:                                   # a Message: said in the language just set
            log.warning("settings: %s", warning)
            self.notify(i18n.say(warning), STARTUP_TOAST_SECONDS)
            self.save_settings()                      # the good fields, in place of the file set aside

    # ------------------------------------------------------------------ window

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._limit_window()
        self.fullscreen = fullscreen
        return screen

    @staticmethod
    def _limit_window() -> None:
        """Ask the window manager to enforce the supported size range (best effort)."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = userdata.MIN_WINDOW
            window.maximum_size = userdata.MAX_WINDOW
        except (AttributeError, pygame.error):
            pass

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (clamped to the supported range) and re-lay out every scene."""
        size = userdata.clamp_window_size(size)
        if not self.fullscreen:
            self._windowed_size = size
            if self.screen.get_size() != size:
                self.screen = self._set_mode(size, False)
        self._relayout()

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self.screen = self._set_mode(self._windowed_size, on)
        if self.settings.fullscreen != on:
            self.settings.fullscreen = on
            self.save_settings()
        self._relayout()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def _relayout(self) -> None:
        self.invalidate()
        self.screen = pygame.display.get_surface() or self.screen
        self.metrics = metrics_for(self.screen.get_size(), self.settings.text_size)
        fonts.set_floor(self.metrics.floor, self.metrics.card_floor, self.metrics.text)
        for scene in self.scenes:
            scene.on_resize(self.size)

    # ------------------------------------------------------------------ settings

    def set_language(self, code: str) -> None:
        """Switch language now, no restart: every scene on the stack rebuilds its texts, and it is saved."""
        self.settings.language = code
        i18n.set_language(code)
        pygame.display.set_caption(i18n.t("app.title"))
        for scene in self.scenes:
            retranslate = getattr(scene, "on_language", None)
            if retranslate is not None:
                retranslate()
        self._relayout()
        self.save_settings()

    def set_look(self, **changes: int) -> None:
        """Change contrast / grain / temperature (0-100); the next frame shows it. Not saved here:
        a slider saves once it is let go (see SettingsScene)."""
        for name, value in changes.items():
            setattr(self.settings, name, int(value))
        self.look.set(LookSettings.of(self.settings))
        draw.set_felt_texture(self.look.felt)
        self._look_stale.update(self.scenes[:-1])
        self.invalidate()

    def set_text_size(self, size: str) -> None:
        """Normal or large type: every scene re-lays out with the new metrics; saved."""
        self.settings.text_size = size
        self._relayout()
        self.save_settings()

    def keep_settings_unsaved(self) -> None:
        """From now on settings changes last until the app closes (another window owns the file)."""
        self._persist = False

    def save_settings(self) -> None:
        """Persist self.settings (atomic); a failure becomes a message, never a crash."""
        if not self._persist:
            return
        if not self.fullscreen:
            self.settings.window_size = self._windowed_size
        try:
            userdata.save_settings(self.settings)
        except OSError as exc:
            log.warning("could not save settings: %s", exc)
            self.notify(i18n.t("app.settings_not_saved"))

    def notify(self, message: str, seconds: float = TOAST_SECONDS) -> None:
        """Show a short message banner over whatever scene is up."""
        self.toasts.append([message, seconds])
        self.invalidate()

    def _no_table_yet(self, *args: object) -> None:
        self.notify(i18n.t("app.table_not_ready"))

    # ------------------------------------------------------------------ scene stack

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.invalidate()
        if self.scenes:
            self.scenes[-1].on_exit()
        self.scenes.append(scene)
        scene.on_resize(self.size)
        scene.on_enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; the one below becomes active again."""
        if not self.scenes:
            return None
        self.invalidate()
        scene = self.scenes.pop()
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for `scene`."""
        self.invalidate()
        if self.scenes:
            self.scenes.pop().on_exit()
        self.scenes.append(scene)
        scene.on_resize(self.size)
        scene.on_enter()

    def reset_to(self, scene: Scene) -> None:
        """Clear the whole stack and show `scene` (e.g. "quit to title")."""
        while self.scenes:
            self.scenes.pop().on_exit()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------------ loop

    def invalidate(self) -> None:
        """The picture changed: draw the next frame (scenes call this for a change no event caused)."""
        self._redraw = True

    @staticmethod
    def wake() -> None:
        """Cut the loop's sleep short (safe from any thread: an AI answer has arrived)."""
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:              # the window is closing
            pass

    def step(self, dt: float | None = None) -> bool:
        """Run one frame: events, update, and draw + flip if something changed. dt=None measures real
        time (60 FPS cap) and sleeps while nothing moves (see the module docstring).

        Returns False once the app wants to close.
        """
        events: list[pygame.event.Event] = []
        if dt is None:
            events = self._sleep()
            if self._slept:
                slept = min(self.clock.tick() / 1000.0, CATCH_UP)
                if events:                    # time passed while asleep, before the input is read
                    self._advance(slept)
                    dt = 0.0
                else:
                    dt = slept
            else:
                dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
        events += pygame.event.get()
        for event in events:
            self.dispatch(event)
        if any(event.type != WAKE for event in events):
            self._redraw = True
            self._settle_until = self.time + dt + SETTLE
        self._advance(dt)
        top = self.top
        if top is not None:               # a scene may want a frame sooner than it said after the last one
            self._draw_at = min(self._draw_at, self.time + top.idle_for())
        if self._due():
            self._redraw = False
            self.draw()
            pygame.display.flip()
            self.frames_drawn += 1
            if not self._first_frame_shown:
                self._first_frame_shown = True
                if os.environ.get("REVOLT_TABLE_EXIT_AFTER_FIRST_FRAME") == "1":  # benchmarks/startup.py
                    print("REVOLT_TABLE_FIRST_FRAME", flush=True)
                    self.running = False
            top = self.top
            self._draw_at = self.time + (top.idle_for() if top is not None else 0.0)
            if self._trace_still:
                self._say_still()
        return self.running

    def _say_still(self) -> None:
        """REVOLT_TABLE_TRACE_STILL=1: print "REVOLT_TABLE_STILL <scene>" when the top scene comes to
        rest (nothing to draw until input), so a benchmark knows when to start measuring."""
        top = self.top
        name = type(top).__name__ if top is not None and top.idle_for() == float("inf") else None
        if name is not None and name != self._still_said:
            print(f"REVOLT_TABLE_STILL {name}", flush=True)
        self._still_said = name

    def _advance(self, dt: float) -> None:
        """Time moves on by dt: the top scene and the toasts."""
        self.time += dt
        if self.scenes:
            self.scenes[-1].update(dt)
        fading = False
        for toast in self.toasts:
            toast[1] -= dt
            fading = fading or toast[1] <= TOAST_FADE + dt
        if fading or any(toast[1] <= 0 for toast in self.toasts):
            self._redraw = True
        self.toasts = [toast for toast in self.toasts if toast[1] > 0]

    def _due(self) -> bool:
        """Must this frame be drawn?"""
        return self._redraw or self.time < self._settle_until or self.time >= self._draw_at

    def _wait(self) -> float:
        """Seconds until the next frame is needed (0: now)."""
        if self._redraw or self.time < self._settle_until:
            return 0.0
        wait = min(IDLE_POLL, self._draw_at - self.time)
        for _, left in self.toasts:
            wait = min(wait, left - TOAST_FADE)
        return max(0.0, wait)

    def _sleep(self) -> list[pygame.event.Event]:
        """Block until an event or the next frame due (never when a frame is due now); the events
        that woke the loop are returned (they are then no longer in pygame's queue)."""
        wait = self._wait()
        self._slept = wait >= MIN_SLEEP
        if not self._slept:
            return []
        return _wait_for_event(wait)

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: window events here, everything else to the top scene."""
        if event.type == WAKE:
            return
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            if not self.fullscreen:
                self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.scenes:
            self.scenes[-1].handle_event(event)

    def draw(self) -> None:
        """Draw from the highest opaque scene upward, so overlays show the scene beneath them; with a
        look set, on the look's canvas, then onto the window (ui/look.py)."""
        target = self.look.canvas(self.screen) if self.look.active else self.screen
        start = self._first_drawn()
        while stale := [scene for scene in self.scenes[start:] if scene in self._look_stale]:
            for scene in stale:                 # a picture it kept (a dimmed snapshot) has the old look
                self._look_stale.discard(scene)
                scene.on_resize(self.size)
            start = self._first_drawn()
        if not self.scenes:
            target.fill(theme.FELT_DARK)
        for scene in self.scenes[start:]:
            scene.draw(target)
        if self.toasts:
            self._draw_toasts(target)
        if target is not self.screen:
            self.look.present(target, self.screen)

    def _first_drawn(self) -> int:
        """The highest opaque scene: drawing starts there."""
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                return index
        return 0

    def _draw_toasts(self, target: pygame.Surface) -> None:
        from revolt_table.ui.widgets.textfit import wrap

        m = self.metrics
        y = m.pad
        width = min(self.size[0] - 4 * m.pad, m.px(900))
        for message, left in self.toasts[-3:]:
            # a long sentence (a file set aside, and where it is kept) wraps on up to three lines at the
            # small size, never shrinks into unreadable type (issue 28)
            lines = wrap(message, m.font_small, width, max_lines=3)
            images = [draw.render_text(text, m.font_small, theme.TEXT) for text in lines]
            step = m.font_small + m.px(6)
            image = pygame.Surface((max(i.get_width() for i in images), step * (len(images) - 1)
                                    + images[-1].get_height()), pygame.SRCALPHA)
            for i, line in enumerate(images):
                image.blit(line, line.get_rect(midtop=(image.get_width() // 2, i * step)))
            box = image.get_rect().inflate(2 * m.pad, m.gap * 2)
            box.midtop = (self.size[0] // 2, y)
            alpha = int(235 * min(1.0, left / 0.5))
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*theme.PANEL, alpha), layer.get_rect(), border_radius=m.radius)
            pygame.draw.rect(layer, (*theme.GOLD, alpha), layer.get_rect(), width=2, border_radius=m.radius)
            image.set_alpha(alpha)
            layer.blit(image, image.get_rect(center=layer.get_rect().center))
            target.blit(layer, box)
            y = box.bottom + m.gap

    @property
    def sound(self):
        """The SoundBoard (created on first use; silent when there is no audio device)."""
        if self._sound is None:
            from revolt_table.ui.sound import SoundBoard
            self._sound = SoundBoard()
        return self._sound

    def play_sound(self, name: str, gain: float = 1.0) -> None:
        """Play a named effect at the volume setting (a no-op without sound)."""
        self.sound.play(name, getattr(self.settings, "volume", 70), gain=gain)

    def on_close(self, fn: Callable[[], None]) -> None:
        """Run `fn` when the app closes (e.g. stop a session's AI worker process); added once."""
        if fn not in self.cleanups:
            self.cleanups.append(fn)

    def close(self) -> None:
        """Release what scenes started (worker processes, the mixer) and close the window."""
        cleanups, self.cleanups = self.cleanups, []
        for fn in cleanups:
            try:
                fn()
            except Exception:  # noqa: BLE001 - closing must finish whatever one cleanup does
                log.exception("cleanup failed while closing")
        pygame.quit()

    def run(self) -> None:
        """Loop until quit."""
        while self.running and self.step():
            pass
        self.close()


def _wait_for_event(seconds: float) -> list[pygame.event.Event]:
    """The first event within `seconds`, or none.

    Why not `pygame.event.wait(timeout)`: pygame-ce's wait with a timeout pumps SDL and sleeps 1 ms in
    a loop, a thousand wake-ups a second, which alone cost 1.7 % (dummy driver) to 2.2 % (X11) of a
    core on this project's test machine: the whole idle budget. Looking at the queue every INPUT_POLL
    costs 0.3-0.6 % and delays input by 10 ms at most. `App.wake()`'s event is seen the same way."""
    deadline = time.monotonic() + seconds
    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT:
            return [event]
        left = deadline - time.monotonic()
        if left <= 0:
            return []
        time.sleep(min(INPUT_POLL, left))


def _set_window_icon() -> None:
    """The app icon in the title bar and task bar (before set_mode, as SDL wants on some platforms)."""
    try:
        pygame.display.set_icon(pygame.image.load(str(asset_path("images", "app-icon.png"))))
    except (pygame.error, FileNotFoundError, OSError) as exc:
        log.warning("no window icon: %s", exc)
