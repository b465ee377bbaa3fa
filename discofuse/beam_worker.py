"""The local runner's worker process: Beam's SDK worker, started with Ctrl-C ignored.

Ctrl-C reaches every process of the terminal's process group, the launcher's workers too;
each would print its own KeyboardInterrupt traceback as it died. Here they ignore SIGINT and
the launcher, which handles it, stops them (`discofuse.commands.generate`)."""

import runpy
import signal

if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    runpy.run_module("apache_beam.runners.worker.sdk_worker_main", run_name="__main__")
