"""Engine processes: a large field's job pairs in a process of its own, started before the job comes.

A process of its own, because only a process can be killed in the middle of the engine's work
(cancel, JOB_TIME_LIMIT) and its memory is returned when it ends. It is started fresh ("spawn"):
a forked copy of the worker would share its database connections and its event loop. Starting
one costs an interpreter, django.setup() and the imports of the engine: about a second of CPU.
So each worker keeps one spare engine started and set up, waiting for its call (`engine`); it
runs one call and ends, and the next spare is started when the job is over (a worker's first
such job starts its own).

Every engine process runs at nice 10, below the web processes, and dies with the worker that
started it (Linux PR_SET_PDEATHSIG), so a worker killed with -9 leaves no engine running on.
This module imports nothing of Django's at its top: a spawned process imports it before
django.setup().
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from typing import Any

_PR_SET_PDEATHSIG = 1

_spawn = multiprocessing.get_context("spawn")


def _die_with(worker: int) -> None:
    """Linux: killed when the worker dies, so a worker killed with -9 leaves no engine running on."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != worker:  # the worker died before that took effect (while this process started)
        os._exit(1)


def _main(calls: Connection, worker: int, preload: str) -> None:
    """A spare engine: set up and import the module `preload` (the module of the work it will be
    given, and through it the bridge and the engine with its C extension), then wait for one call
    (a function and its arguments) and run it."""
    _die_with(worker)
    # Below the web processes: on a machine that serves pages too, a long pairing must not slow them.
    os.nice(10)
    import django

    django.setup()
    importlib.import_module(preload)
    try:
        function, args = calls.recv()
    except EOFError:  # the worker stopped without a job for this spare
        return
    function(*args)


class Engine:
    """One engine process, set up (or setting up) and waiting for its call."""

    def __init__(self, preload: str) -> None:
        receive, self._send = _spawn.Pipe(duplex=False)
        # Daemonic: a worker that stops ends its spare instead of waiting for it at exit.
        self._process = _spawn.Process(target=_main, args=(receive, os.getpid(), preload), daemon=True)
        self._process.start()
        receive.close()

    def run(self, function: Callable[..., Any], *args: Any) -> None:
        """Hand the process its call; `function` goes by reference (module and name), as pickle does."""
        self._send.send((function, args))
        self._send.close()

    def is_alive(self) -> bool:
        return self._process.is_alive()

    def join(self, timeout: float | None = None) -> None:
        self._process.join(timeout)

    def kill(self) -> None:
        self._process.kill()
        self._process.join()

    @property
    def exitcode(self) -> int | None:
        return self._process.exitcode


_spare: Engine | None = None
_lock = threading.Lock()


@contextlib.contextmanager
def engine(preload: str) -> Iterator[Engine]:
    """The worker's spare engine (a new one when it has none alive, as for its first job); once the
    job is over, a new spare is started for the next one (not before: it would take a core from
    the job). Both import `preload`, the module of the work they are for.

    PR_SET_PDEATHSIG watches the thread that started a process; the spares are started in the
    threads of the worker's pool (procrastinate runs a task in the event loop's executor), which
    live as long as the worker. A spare that died all the same is replaced here.
    """
    global _spare
    with _lock:
        taken = _spare if _spare is not None and _spare.is_alive() else Engine(preload)
        _spare = None
    try:
        yield taken
    finally:
        with _lock:
            if _spare is None:
                _spare = Engine(preload)
