"""The cyclic garbage collector of a serving process.

Under concurrent recalls a request's objects live through many young collections (it
waits on Neo4j while others run), so Python's default first-generation threshold (700
new container objects) promoted them to the oldest generation, and full collections ran
every ~2 s over everything the process holds — its caches, the model's session, the
schemas — pausing the event loop 0.25–0.7 s each (docs/benchmarks.md, "REST API under
concurrent agents"). A larger young threshold lets a request's objects die young, and
what the process holds once started is frozen out of every later scan (``gc.freeze``:
it is still freed by reference counting; only cycles among it would wait).
"""

from __future__ import annotations

import gc


def tune_for_serving(young_threshold: int, *, freeze: bool) -> None:
    """Collect young generations every ``young_threshold`` new objects (0: Python's
    default), and with ``freeze`` move what the process holds now out of later scans."""
    if young_threshold > 0:
        _, middle, old = gc.get_threshold()
        gc.set_threshold(young_threshold, middle, old)
    if freeze:
        gc.collect()
        gc.freeze()
