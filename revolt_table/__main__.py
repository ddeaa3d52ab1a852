"""`python -m revolt_table` and the PyInstaller entry script.

Why this file is so small: in a frozen app, a worker process started by multiprocessing re-runs this
script, and freeze_support() must take over before anything else is imported or started. After that
the crash handler is installed (so a frozen, windowed app never vanishes silently) and the CLI runs.
"""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()

    import sys

    from revolt_table import crash
    from revolt_table.cli import main

    crash.install()
    sys.exit(crash.run_guarded(main))
