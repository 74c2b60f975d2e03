"""Keep the application's own objects out of the garbage collector's way.

A web process imports the application once and then serves for days. What
the import creates (modules, classes, functions, URL patterns, settings:
about 150,000 tracked objects) lives as long as the process, yet CPython's
cyclic collector walks all of it at every full collection: about 100 ms
each, measured in a Daphne process of this project, several times a
minute under load, and the event loop (every socket of the process) waits
meanwhile. `gc.freeze()` moves every object tracked so far into a
permanent generation that collections skip (Python docs, `gc.freeze`;
the same technique Instagram described for its Django web servers).

Measured with `bench/peers.py --matches 10 --ws-workers 1` (program sockets,
a 2-core machine whose speed swung within the hour; three layouts
alternated twice in one sitting): without it, the Daphne process spent
1.3-1.4 s in the collector per run, its full collections 93-104 ms each, and
the handover p99 was 130-159 ms; frozen after import, 0.85 s, full
collections 20-23 ms each, handover p99 67-82 ms, moves per second as a
share of boardgame.io's in the same run 0.44-0.45 against 0.33-0.42.
Raising the first generation's threshold as well (10,000) made fewer but
longer pauses (7 ms each young collection, 75 ms each full one) and a p99
of 82-100 ms: not kept. This module against the code before it, alternated
twice: handover p99 133.5-134.8 -> 80.0-81.4 ms, p50 and moves per second
unchanged within the machine's swing. The HTTP loop (`bench/load.py
--matches 10`, a few seconds of turns, shorter than the time between two
full collections) showed no difference beyond its noise.

Called at the end of `config.asgi` and `config.wsgi`, so each Daphne and
each gunicorn worker freezes what its own import made, and by each Celery
pool process as it starts (`config.celery`, signal `worker_process_init`):
it inherits Django and the tasks, some 180,000 objects. There robots'
searches allocate fast and run full collections often. Measured in a
process that imports what a worker imports, playing hard robots' seeded
games (Race 6, Rat um Rad 6, Dice Stars 4; two runs each, alternated): the
full collections took 140-144 ms (Race) and 82-90 ms (Rat um Rad) each
without, 69-78 and 5 ms frozen; the CPU of the decisions did not change
beyond the runs' spread (Race 18.9-19.1 s against 19.0-19.5 s). What is
frozen is never freed, which is what module-level objects are anyway;
objects made later (requests, sockets, caches) are collected as before.
"""

from __future__ import annotations

import gc


def startup_freeze() -> None:
    """Collect once, then move every object tracked so far out of future collections.

    Call once, after the application has been imported (Django set up).
    """
    gc.collect()
    gc.freeze()
