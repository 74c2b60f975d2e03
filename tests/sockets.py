"""Talking to a server process a test started: a free port, an answer's head, its children."""

from __future__ import annotations

import socket
from pathlib import Path


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free now (the OS picks it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def http_head(port: int, request: bytes) -> str:
    """Send `request` to 127.0.0.1:`port`; return the answer's head (status and headers).

    Raises OSError when the port does not answer (refused, timed out after
    10 seconds).
    """
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    return data.split(b"\r\n\r\n", 1)[0].decode("latin-1")


def children(pid: int) -> list[int]:
    """Return the ids of process `pid`'s child processes (Linux /proc)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()]
