"""The process a worker starts for one pairing job (see `jobs.supervise`).

It imports Django itself, because it is started fresh ("spawn"): a forked copy of the
worker would share its database connections and its event loop.
"""

from __future__ import annotations

import ctypes
import os
import signal

_PR_SET_PDEATHSIG = 1


def _die_with(worker: int) -> None:
    """Linux: killed when the worker dies, so a worker killed with -9 leaves no engine running on."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != worker:  # the worker died before that took effect (while this process started)
        os._exit(1)


def run(job_id: int, worker: int) -> None:
    """Pair the job's round; `worker` is the process id of the worker that started this process."""
    _die_with(worker)
    # Below the web processes: on a machine that serves pages too, a long pairing must not slow them.
    os.nice(10)
    import django

    django.setup()
    from pairing import jobs

    jobs.execute(job_id)
