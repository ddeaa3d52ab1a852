"""`python -m revolt_table`, the PyInstaller entry script and the installed `revolt-table` command.

Why this file is so small: in a frozen app, a worker process started by multiprocessing re-runs this
script, and freeze_support() must take over before anything else is imported or started. After that
main() installs the crash handler (so a frozen, windowed app never vanishes silently) and runs the
CLI; pyproject's [project.scripts] points the installed command at the same main().

Two environment switches exist for the build checks (.ci/build_exe.sh, benchmarks/startup.py):
- REVOLT_TABLE_STARTUP_PROBE=1: open the window, draw one title frame, print
  "REVOLT_TABLE_FIRST_FRAME" and exit (measures startup where the app itself has no such hook);
- REVOLT_TABLE_CRASH_SELFTEST=1: raise an error on purpose, to prove the crash log is written;
- REVOLT_TABLE_MP_SELFTEST=1: run two spawned worker processes and print "REVOLT_TABLE_MP_OK", to prove
  a frozen build handles multiprocessing (the AI may think in a worker process).

multiprocessing is imported only where it is used (about 10 ms of a start-up that aims at 200 ms, issue 30):
freeze_support() does something only in a frozen build, where it still runs first.
"""

import sys

FIRST_FRAME_MARKER = "REVOLT_TABLE_FIRST_FRAME"


def _startup_probe() -> int:
    """What `revolt-table` with no arguments does up to the first title frame, then exit."""
    from revolt_table.ui.app import App
    from revolt_table.ui.scenes.title import TitleScene

    app = App(save_settings=False)
    app.push(TitleScene(app))
    app.step()
    print(FIRST_FRAME_MARKER, flush=True)
    return 0


def _multiprocessing_selftest() -> int:
    """Spawn (the only start method on Windows and the default on macOS) two workers and use them."""
    import multiprocessing
    import os

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        values = pool.map(abs, [-1, -2, -3])
        worker_pid = pool.apply(os.getpid)
    if values != [1, 2, 3] or worker_pid == os.getpid():
        print(f"multiprocessing self-test failed: {values}, {worker_pid}")
        return 1
    print("REVOLT_TABLE_MP_OK", flush=True)
    return 0


def _crash_selftest() -> int:
    raise RuntimeError("crash handler self-test (REVOLT_TABLE_CRASH_SELFTEST=1)")


def main(argv: list[str] | None = None) -> int:
    """Every entry point's body: `python -m revolt_table`, the frozen app and the installed
    `revolt-table` command (pyproject [project.scripts]) all run the CLI inside the crash handler, so
    an unexpected error always leaves a log and a readable message, never a bare traceback."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # keep stdout clean for --json output

    from revolt_table.services import crash

    crash.install()
    if os.environ.get("REVOLT_TABLE_CRASH_SELFTEST") == "1":
        return crash.run_guarded(_crash_selftest)
    if os.environ.get("REVOLT_TABLE_MP_SELFTEST") == "1":
        return crash.run_guarded(_multiprocessing_selftest)
    if os.environ.get("REVOLT_TABLE_STARTUP_PROBE") == "1":
        return crash.run_guarded(_startup_probe)

    from revolt_table.cli import main as cli_main

    return crash.run_guarded(lambda: cli_main(argv))


if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()

    sys.exit(main())
