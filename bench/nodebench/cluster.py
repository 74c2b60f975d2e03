"""Several nodes as one site, on this machine: the layout of deploy/.

Each node is gunicorn (`-w 1`, HTTP), Daphne (websockets) and a Celery
worker with beat (`--beat --concurrency 1`), as the README's "Production
layout" runs them on one machine of many; all nodes share one throwaway
PostgreSQL database and one Redis database number, and one HAProxy
(deploy/haproxy.cfg, this very file) routes `/ws/` to the Daphnes and the
rest to the gunicorns. The database, Redis, migrations, static files,
players and process handling are bench/loadbench/stack.py's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
import urllib.parse
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from loadbench.stack import (
    PYTHON,
    Player,
    Stack,
    _alive,
    _environment,
    _interrupt,
    _postmaster,
    _redis_db,
    _run,
    _spawn,
    _stop_all,
    _wait_healthy,
    daphne_command,
    free_port,
)

ROOT = Path(__file__).resolve().parent.parent.parent
HAPROXY_CONFIG = ROOT / "deploy" / "haproxy.cfg"
# The server lines of deploy/haproxy.cfg, in order.
NODE_NAMES = ("a", "b")
DATABASE_PREFIX = "spielpost_nodes_"
# A migrated database kept between runs, named by a digest of what decides
# its schema: the next run copies it (CREATE DATABASE ... TEMPLATE) in a
# second instead of migrating for half a minute on a busy machine.
TEMPLATE_PREFIX = "spielpost_nodes_template_"
TEMPLATE_LOCK = 27_0027  # pg_advisory_lock key: one run migrates it at a time


@dataclass
class Node:
    """One node's servers: its gunicorn and Daphne base URLs, its processes."""

    name: str
    http: str
    ws: str
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def kill(self) -> None:
        """SIGKILL every process of the node (and their children): a crash."""
        for process in self.processes.values():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        for process in self.processes.values():
            process.wait(timeout=10)


@dataclass
class Cluster:
    """The running nodes behind HAProxy, and the players of the fixtures."""

    nodes: dict[str, Node]
    url: str  # HAProxy: http://127.0.0.1:<port>
    database_url: str
    pairs: list[tuple[Player, Player]]
    stack: Stack  # the same, as bench/loadbench measures it: one HTTP server

    @property
    def ws_url(self) -> str:
        """Return HAProxy's websocket base URL."""
        return "ws" + self.url.removeprefix("http")


@contextlib.contextmanager
def cluster_run(
    *,
    tree: Path,
    pairs: int,
    postgres_url: str,
    redis_url: str,
    nodes: int = 2,
    extra_env: Mapping[str, str] | None = None,
    logs: Path | None = None,
    ws_workers: int = 1,
) -> Iterator[Cluster]:
    """Start `nodes` nodes (1 or 2) from `tree` behind HAProxy; yield them.

    Each node's Daphne runs `ws_workers` processes on its port
    (config/wsserver.py `--workers`).

    As stack.stack_run: a database and a flushed Redis database number,
    migrated, static files collected, `pairs` pairs of players; every
    process is stopped, the database dropped and Redis flushed on the way
    out. With one node, both server lines of the HAProxy configuration name
    it, so one and two nodes are measured through the same proxy.
    """
    if not 1 <= nodes <= len(NODE_NAMES):
        raise ValueError(f"nodes: 1 to {len(NODE_NAMES)}")
    tmp = Path(tempfile.mkdtemp(prefix="spielpost-nodes-"))
    previous = signal.signal(signal.SIGTERM, _interrupt)
    stack = Stack(redis_url=redis_url)
    try:
        # The database URL is set once the copy exists; nothing before
        # connects to the maintenance database it names meanwhile.
        env = _environment(tree, tmp, postgres_url, redis_url, extra_env or {})
        # collectstatic needs no database: it runs beside the migrations.
        static = subprocess.Popen(
            [PYTHON, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=tree,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        try:
            template = _template(tree, postgres_url, env)
        finally:
            output = static.communicate(timeout=300)[0]
        if static.returncode != 0:
            raise RuntimeError(f"collectstatic failed:\n{output.decode()}")
        with (
            _database(postgres_url, template) as database_url,
            _redis_db(redis_url),
        ):
            env["DATABASE_URL"] = database_url
            fixtures = _run(
                tree, env, ["-m", "loadbench.fixtures", str(pairs), str(pairs)]
            )
            stack.postmaster = _postmaster(database_url)
            stack.pairs = [
                (Player(**a), Player(**b)) for a, b in json.loads(fixtures)["pairs"]
            ]
            started = {
                name: _node_start(stack, name, tree, tmp, env, ws_workers)
                for name in NODE_NAMES[:nodes]
            }
            try:
                _wait_healthy(
                    stack,
                    [
                        *(node.http for node in started.values()),
                        *(node.ws for node in started.values()),
                    ],
                )
                # After the nodes: HAProxy starts with every server up, and
                # its first checks keep them up.
                url = _haproxy_start(stack, started, tmp)
                stack.http["haproxy"] = url
                stack.ws_url = "ws" + url.removeprefix("http")
                stack.origin = url
                _wait_healthy(stack, [url])
                yield Cluster(started, url, database_url, stack.pairs, stack)
            except Exception:
                print(stack.log_tail())
                raise
            finally:
                _stop_all(stack, logs)
    finally:
        signal.signal(signal.SIGTERM, previous)
        shutil.rmtree(tmp, ignore_errors=True)


def _template(tree: Path, postgres_url: str, env: dict[str, str]) -> str:
    """Return the name of a migrated template database for `tree`.

    Made (and older ones dropped) when no template matches the digest of
    the tree's migrations and requirements; a lock keeps two runs from
    making it at once.
    """
    digest = hashlib.sha256()
    for path in sorted(tree.glob("*/migrations/*.py")) + [tree / "requirements.txt"]:
        digest.update(path.relative_to(tree).as_posix().encode())
        digest.update(path.read_bytes())
    name = TEMPLATE_PREFIX + digest.hexdigest()[:16]
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", [TEMPLATE_LOCK])
        rows = conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s",
            [TEMPLATE_PREFIX + "%"],
        ).fetchall()
        if (name,) in rows:
            return name  # the lock ends with the connection
        for (stale,) in rows:
            conn.execute(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
        building = name + "_building"
        conn.execute(f'DROP DATABASE IF EXISTS "{building}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{building}"')
        url = urllib.parse.urlsplit(postgres_url)._replace(path=f"/{building}")
        _run(
            tree,
            {**env, "DATABASE_URL": url.geturl()},
            ["manage.py", "migrate", "--noinput", "-v", "0"],
        )
        conn.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
    return name


@contextlib.contextmanager
def _database(postgres_url: str, template: str) -> Iterator[str]:
    """Yield the URL of a new copy of `template`; drop it afterwards.

    Copies of earlier runs whose process is gone (killed, so their cleanup
    never ran) are dropped first.
    """
    name = f"{DATABASE_PREFIX}{os.getpid()}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s"
            " AND datname NOT LIKE %s",
            [DATABASE_PREFIX + "%", TEMPLATE_PREFIX + "%"],
        ).fetchall()
        for (stale,) in rows:
            if stale == name or not _alive(stale.removeprefix(DATABASE_PREFIX)):
                conn.execute(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield urllib.parse.urlsplit(postgres_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _node_start(
    stack: Stack,
    name: str,
    tree: Path,
    tmp: Path,
    env: dict[str, str],
    ws_workers: int = 1,
) -> Node:
    http_port, ws_port = free_port(), free_port()
    node = Node(name, f"http://127.0.0.1:{http_port}", f"http://127.0.0.1:{ws_port}")
    commands = {
        "gunicorn": [PYTHON, "-m", "gunicorn", "config.wsgi", "-w", "1",
                     "-b", f"127.0.0.1:{http_port}", "--log-level", "warning"],
        "daphne": daphne_command(tree, ws_port, ws_workers),
        "celery": [PYTHON, "-m", "celery", "-A", "config", "worker", "--beat",
                   "-l", "warning", "--concurrency", "1",
                   "-n", f"node-{name}-{os.getpid()}@%h",
                   "-s", str(tmp / f"beat-{name}")],
    }  # fmt: skip
    for kind, args in commands.items():
        node.processes[kind] = _spawn(stack, f"{name} {kind}", args, tree, tmp, env)
    return node


def _haproxy_start(stack: Stack, nodes: dict[str, Node], tmp: Path) -> str:
    """Start HAProxy on deploy/haproxy.cfg; return its base URL."""
    port = free_port()
    env = {
        "PATH": os.environ.get("PATH", "/usr/sbin:/usr/bin"),
        "SPIELPOST_BIND": f"127.0.0.1:{port}",
        "SPIELPOST_HOST": "localhost",
        "GUNICORN_WORKERS": "1",
    }
    for name in NODE_NAMES:
        node = nodes.get(name) or nodes[NODE_NAMES[0]]
        env[f"NODE_{name.upper()}_HTTP"] = node.http.removeprefix("http://")
        env[f"NODE_{name.upper()}_WS"] = node.ws.removeprefix("http://")
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    # -db: stay in the foreground, one process, stopped with the rest.
    args = [haproxy, "-db", "-f", str(HAPROXY_CONFIG)]
    _spawn(stack, "haproxy", args, ROOT, tmp, env)
    return f"http://127.0.0.1:{port}"
