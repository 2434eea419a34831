"""A worker of ``serve --workers N`` ends when the process that started it does.

uvicorn stops its workers when the parent is asked to stop, but a parent killed with
SIGKILL (an OOM kill, ``kill -9``, a supervisor giving up) left them running: still
serving on the socket they inherited, so a restarted ``serve`` could not bind its port,
and each holding the contradiction checks it had queued. Each worker asks Linux to send
it SIGTERM when its parent dies (``PR_SET_PDEATHSIG``), which uvicorn handles as a normal
shutdown (queued checks run for up to 10 s; what is left stays marked for the next
process's sweep). Elsewhere nothing is done.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys

log = logging.getLogger(__name__)

# The serving command's pid, set before it starts its workers.
PARENT_ENV = "_HEBBS_SERVE_PID"
PR_SET_PDEATHSIG = 1


def end_with_parent(parent_pid: int | None = None) -> None:
    """In a worker: SIGTERM to itself when the serving command (``parent_pid``, else
    the one PARENT_ENV names) ends, even by SIGKILL."""
    wanted = str(parent_pid) if parent_pid is not None else os.environ.get(PARENT_ENV)
    if not sys.platform.startswith("linux") or not wanted:
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    except (OSError, AttributeError) as exc:
        log.warning("this worker will not end with its parent: %s", exc)
        return
    if str(os.getppid()) != wanted:  # the parent died before the request was made
        os.kill(os.getpid(), signal.SIGTERM)
