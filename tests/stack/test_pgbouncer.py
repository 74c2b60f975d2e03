"""Spielpost through PgBouncer in transaction mode (issue 27, `PGBOUNCER=1`).

In transaction mode PgBouncer gives each transaction whichever server
connection is free. A cursor that `QuerySet.iterator()` declares outside a
transaction (a server-side cursor, WITH HOLD) then lives on one server
connection while its next FETCH may run on another: "cursor does not
exist". `PGBOUNCER=1` turns Django's server-side cursors off
(DISABLE_SERVER_SIDE_CURSORS). Here a real
PgBouncer (Debian's) stands before this machine's PostgreSQL with a pool of
two server connections, handed out last-in first-out, and a Django process
iterates a cursor while another thread's transaction holds the connection
the cursor was declared on. (Prepared statements need nothing: Django's
psycopg backend turns them off; tests/games/test_layer_shards.py checks.)
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import textwrap
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.processes import python_output

pytestmark = pytest.mark.stack

DATABASE_URL = os.environ.get("DATABASE_URL", "")

# Debian puts it in /usr/sbin, which a non-root PATH may not list.
PGBOUNCER = shutil.which("pgbouncer") or shutil.which("pgbouncer", path="/usr/sbin")

if PGBOUNCER is None:
    pytest.skip("needs PgBouncer (apt-get install pgbouncer)", allow_module_level=True)
if not DATABASE_URL.startswith(("postgres://", "postgresql://")):
    pytest.skip("needs DATABASE_URL on PostgreSQL", allow_module_level=True)

# Part of each scenario below: `hold`, run in a thread, opens a transaction
# (so PgBouncer gives it a server connection of its own), says so with
# `holding` and keeps it until `released`.
HOLDER = textwrap.dedent(
    """
    holding, released = threading.Event(), threading.Event()

    def hold():
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            holding.set()
            released.wait(30)
        connections.close_all()
    """
)

# Runs in a Django process whose database is PgBouncer: iterate a chunked
# cursor (what QuerySet.iterator() uses) while another thread's transaction
# holds the server connection the cursor was declared on.
SCENARIO = (
    textwrap.dedent(
        """
    import threading

    import django

    django.setup()
    from django.db import connection, connections, models, transaction

    class Schema(models.Model):
        # A catalog table: any database has a few rows of it.
        oid = models.BigIntegerField(primary_key=True)
        nspname = models.TextField()

        class Meta:
            app_label = "games"
            managed = False
            db_table = "pg_namespace"

    """
    )
    + HOLDER
    + textwrap.dedent(
        """
    other = threading.Thread(target=hold)
    names = Schema.objects.order_by("oid").values_list("nspname", flat=True)
    rows = names.iterator(chunk_size=1)
    first = [next(rows)]
    other.start()
    holding.wait(30)
    try:
        print("rows", sorted(first + list(rows)))
    except Exception as error:
        print("error", type(error).__name__, str(error).splitlines()[0])
    finally:
        released.set()
    other.join()
    """
    )
)


# A move's writes and reads sent together (games/models/writes.py: several
# statements in one query string) through PgBouncer: each transaction may
# get another server connection, a failed batch must leave the client's
# connection usable, and a batch's statements must run in the one
# transaction.
BATCH_SCENARIO = (
    textwrap.dedent(
        """
    import threading

    import django

    django.setup()
    from django.db import IntegrityError, connection, connections, models, transaction

    from games.models.prepared import PreparedSelect
    from games.models.writes import WriteBatch, read_together

    class Probe(models.Model):
        n = models.IntegerField(unique=True)
        note = models.TextField(default="")

        class Meta:
            app_label = "games"
            managed = False
            db_table = "spielpost_batch_probe"

    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS spielpost_batch_probe")
        cursor.execute(
            "CREATE TABLE spielpost_batch_probe"
            " (id bigserial PRIMARY KEY, n integer UNIQUE, note text NOT NULL)"
        )
    BY_N = PreparedSelect(lambda n: Probe.objects.filter(n=n))
    """
    )
    + HOLDER
    + textwrap.dedent(
        """
    other = threading.Thread(target=hold)
    other.start()
    holding.wait(30)
    try:
        with transaction.atomic():
            writes = WriteBatch()
            writes.insert(Probe(n=1, note="one"))
            writes.insert(Probe(n=2, note="two"))
            writes.send()
        with transaction.atomic():
            first, second = read_together((BY_N, (1,)), (BY_N, (2,)))
            first[0].note = "first"
            writes.update(first[0], ["note"])
            writes.insert(Probe(n=2))  # n is unique: the batch fails
            try:
                writes.send()
            except IntegrityError:
                print("refused")
                raise
    except IntegrityError:
        pass
    with transaction.atomic():
        first, second = read_together((BY_N, (1,)), (BY_N, (2,)))
        print("rows", first[0].note, second[0].note, Probe.objects.count())
    released.set()
    other.join()
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE spielpost_batch_probe")
    """
    )
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def pgbouncer() -> Iterator[str]:
    """Start PgBouncer before DATABASE_URL's server; yield its URL (database postgres)."""
    server = urllib.parse.urlsplit(DATABASE_URL)
    user = server.username or "postgres"
    port = _free_port()
    folder = Path(tempfile.mkdtemp(prefix="spielpost-pgbouncer-"))
    # PgBouncer refuses to run as root: it drops to the postgres user, who
    # must read its configuration.
    folder.chmod(0o755)
    (folder / "users.txt").write_text(f'"{user}" ""\n')
    (folder / "pgbouncer.ini").write_text(
        textwrap.dedent(
            f"""
            [databases]
            * = host={server.hostname or "127.0.0.1"} port={server.port or 5432}

            [pgbouncer]
            listen_addr = 127.0.0.1
            listen_port = {port}
            unix_socket_dir =
            auth_type = trust
            auth_file = {folder / "users.txt"}
            pool_mode = transaction
            default_pool_size = 2
            server_round_robin = 0
            """
        )
    )
    for path in folder.iterdir():
        path.chmod(0o644)
    command = [str(PGBOUNCER), str(folder / "pgbouncer.ini")]
    if os.geteuid() == 0:
        command += ["-u", "postgres"]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError as error:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    output = process.stdout.read() if process.stdout else ""
                    raise RuntimeError(f"PgBouncer did not start:\n{output}") from error
        yield f"postgres://{user}@127.0.0.1:{port}/postgres"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def _scenario(
    database_url: str, pgbouncer_setting: str, scenario: str = SCENARIO
) -> str:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "DATABASE_POOL": "0",
        "PGBOUNCER": pgbouncer_setting,
    }
    return python_output(scenario, env=env, timeout=120).strip().splitlines()[-1]


def test_iterating_through_pgbouncer_works_with_the_switch(pgbouncer):
    found = _scenario(pgbouncer, "1")

    assert found.startswith("rows ")
    assert "'pg_catalog'" in found
    assert "'public'" in found


def test_without_the_switch_the_cursor_is_lost(pgbouncer):
    # Why the switch exists: the FETCH ran on the other server connection.
    found = _scenario(pgbouncer, "0")

    assert found.startswith("error InvalidCursorName cursor"), found
    assert found.endswith("does not exist")


def test_a_moves_writes_and_reads_sent_together_work_through_pgbouncer(pgbouncer):
    # The failed batch rolled its whole transaction back (the update
    # with it), and the connection served the next transaction.
    found = _scenario(pgbouncer, "1", BATCH_SCENARIO)

    assert found == "rows one two 2", found
