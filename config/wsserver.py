"""Daphne on uvloop: `python -m config.wsserver <daphne's own arguments>`.

Daphne builds the asyncio loop its Twisted reactor runs on when
`daphne.server` is first imported (`asyncio.new_event_loop()`), and has no
option to choose it; an event-loop policy set before that import does.
Twisted's asyncio reactor takes any asyncio loop since Twisted 21.7, uvloop's
included. Everything a socket does runs on that loop: the websocket frames,
the channel layer's Redis client, the hops to the database threads.

Measured with `bench/peers.py --matches 10` (the program sockets' loop, a
shared 2-core machine, four runs each, alternated): Daphne's CPU per move
12.3-13.3 ms on asyncio's own loop and 9.9-13.2 ms on uvloop; moves per
second as a share of boardgame.io's in the same run 0.34-0.38 and
0.40-0.48.

Where uvloop is not installed (it has no Windows build), Daphne runs on
asyncio's own loop, as `daphne` itself would.
"""

from __future__ import annotations

import asyncio


def use_uvloop() -> bool:
    """Make new asyncio loops uvloop's; return False where uvloop is missing.

    Call before `daphne.server` is imported: the loop it builds at import
    is the one Daphne serves on.
    """
    try:
        import uvloop
    except ImportError:
        return False
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return True


def main() -> None:
    """Run Daphne's command line (its arguments: `daphne --help`) on uvloop."""
    use_uvloop()
    from daphne.cli import CommandLineInterface  # type: ignore[import-untyped]

    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
