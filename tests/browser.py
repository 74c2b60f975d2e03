"""The real stack for the browser tests: Daphne, a Celery worker, chromium.

A pytest plugin (tests/conftest.py loads it with `pytest_plugins`), so the
browser tests of every folder share it: tests/e2e/ for the platform,
tests/games/<slug>/test_browser*.py for each game. Tests import the helpers
(`log_in`, `create_form`, `screenshot`, `Stack`...) from here.

A session fixture migrates a fresh database (a temporary SQLite file, or a
new PostgreSQL database `spielpost_e2e_<pid>` when DATABASE_URL points to
PostgreSQL, dropped afterwards), creates the demo accounts and starts
`daphne` and `celery worker --beat` from this virtual environment, each in
its own process group, as `make run` does: through config/devredis.py,
on the embedded Redis it starts in the temporary folder, or on REDIS_URL's
Redis when that is set (under pytest-xdist, each worker's stack on a Redis
database of its own). E-mails go to files the tests read.

Chromium is Debian's (CHROMIUM_PATH or /usr/bin/chromium): browser tests
skip without it, but fail when CI is set.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from config.devredis import server_url
from config.stores import redis_url_of

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "test-results"
DEMO_PASSWORD = "spielpost-demo"  # accounts/management/commands/demo_accounts.py
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STARTUP_SECONDS = 90
# pytest-xdist's name for this process ("gw0", "gw1", ...), empty without it:
# `make test` runs the browser tests in TEST_WORKERS processes, each with a
# stack of its own.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
PR_SET_PDEATHSIG = 1


@dataclass
class Stack:
    """The running Spielpost: its address and where its e-mails land."""

    url: str
    mail_dir: Path
    logs: dict[str, Path] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)

    def shell(self, code: str) -> str:
        """Run Python `code` in `manage.py shell` against the stack's database.

        For what a test cannot wait for, such as a clock running out: the
        code stands in for time passing, not for a person.
        """
        result = subprocess.run(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if result.returncode != 0:
            pytest.fail(f"manage.py shell failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def game_slugs(self) -> list[str]:
        """Return the slugs of the games the stack offers, in registry order.

        The real games and the test-only Toy (tests/settings_browser.py): for
        the checks that every game's pages keep a site-wide promise.
        """
        code = "from games.rules.registry import GAMES\nprint(' '.join(GAMES))"
        return self.shell(code).strip().splitlines()[-1].split()

    def log_tail(self, lines: int = 40) -> str:
        """Return the last lines of every process log, for failure messages."""
        parts = []
        for name, path in self.logs.items():
            text = path.read_text(errors="replace") if path.exists() else ""
            parts.append(f"--- {name} ---\n" + "\n".join(text.splitlines()[-lines:]))
        return "\n".join(parts)

    def api(
        self, method: str, path: str, token: str | None = None, body: Any = None
    ) -> tuple[int, Any]:
        """Send a JSON request to the API; return (status, parsed body)."""
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Token {token}"
        request = urllib.request.Request(
            self.url + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raw = error.read()
            try:
                return error.code, json.loads(raw or b"null")
            except ValueError:
                return error.code, raw.decode(errors="replace")

    def token(self, username: str) -> str:
        """Return demo account `username`'s API token (POST /api/token/)."""
        status, body = self.api(
            "POST",
            "/api/token/",
            body={"username": username, "password": DEMO_PASSWORD},
        )
        assert status == 200, body
        return str(body["token"])

    def match_seated(
        self, game: str, tokens: list[str], *, seats: int | None = None
    ) -> tuple[dict[str, Any], str]:
        """Create a `game` match as `tokens[0]` and seat the others; return (match, its API path).

        `seats` defaults to one per token (the match is then under way).
        """
        status, match = self.api(
            "POST",
            "/api/matches/",
            tokens[0],
            {"game": game, "seats": seats or len(tokens)},
        )
        assert status == 201, match
        path = f"/api/matches/{match['id']}/"
        for token in tokens[1:]:
            status, match = self.api("POST", path + "join/", token)
            assert status == 200, match
        return match, path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run(args: list[str], env: dict[str, str]) -> None:
    result = subprocess.run(
        args,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")


def _die_with_parent() -> None:
    """Ask Linux to TERM this child when pytest dies (even by SIGKILL)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a process group started by the stack: TERM, then KILL."""
    if process.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


@contextlib.contextmanager
def _database(tmp: Path) -> Iterator[str]:
    """Yield the DATABASE_URL of a fresh database; drop it afterwards."""
    outer = os.environ.get("DATABASE_URL", "")
    if not outer.startswith(("postgres://", "postgresql://")):
        yield f"sqlite:///{tmp / 'e2e.sqlite3'}"
        return
    import psycopg

    parts = urllib.parse.urlsplit(outer)
    name = f"spielpost_e2e_{os.getpid()}"
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield parts._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _wait_healthy(stack: Stack, processes: dict[str, subprocess.Popen[bytes]]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    last = ""
    while time.monotonic() < deadline:
        for name, process in processes.items():
            if process.poll() is not None:
                pytest.fail(
                    f"{name} exited with {process.returncode}\n{stack.log_tail()}"
                )
        try:
            with urllib.request.urlopen(stack.url + "/healthz", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError) as error:
            last = str(error)
        time.sleep(0.3)
    pytest.fail(
        f"/healthz was not 200 within {STARTUP_SECONDS}s ({last})\n{stack.log_tail()}"
    )


@pytest.fixture(scope="session")
def stack() -> Iterator[Stack]:
    """Run Spielpost as a person meets it: Daphne + Celery worker with beat.

    One stack for the whole run: the browser tests live in several folders
    (tests/e2e/, each game's own), and starting one takes many seconds.
    """
    tmp = Path(tempfile.mkdtemp(prefix="spielpost-e2e-"))
    port = _free_port()
    stack = Stack(url=f"http://127.0.0.1:{port}", mail_dir=tmp / "mail")
    stack.mail_dir.mkdir()
    processes: dict[str, subprocess.Popen[bytes]] = {}
    if _WORKER in ("", "gw0"):
        for stale in RESULTS.glob("failed-*.png"):
            stale.unlink()
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield from _run_stack(stack, tmp, port, processes)
    finally:
        signal.signal(signal.SIGTERM, previous)
    shutil.rmtree(tmp, ignore_errors=True)


def _interrupt(signum: int, frame: Any) -> None:
    """Turn SIGTERM into KeyboardInterrupt, so fixtures still tear down."""
    raise KeyboardInterrupt


def _run_stack(
    stack: Stack, tmp: Path, port: int, processes: dict[str, subprocess.Popen[bytes]]
) -> Iterator[Stack]:
    with _database(tmp) as database_url:
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("PYTEST_", "DJANGO_"))
        }
        env.update(
            DJANGO_SETTINGS_MODULE="tests.settings_browser",
            DATABASE_URL=database_url,
            SPIELPOST_VAR=str(tmp / "var"),
            EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
            EMAIL_FILE_PATH=str(stack.mail_dir),
            SITE_URL=stack.url,
            LIVE_POLL_SECONDS=os.environ.get("LIVE_POLL_SECONDS", "0"),
            LOG_LEVEL="WARNING",
            PYTHONUNBUFFERED="1",
        )
        env.pop("ACCOUNT_EMAIL_VERIFICATION", None)
        env.pop("CELERY_TASK_ALWAYS_EAGER", None)
        stack.env = env
        python = sys.executable
        _run([python, "manage.py", "migrate", "--noinput", "-v", "0"], env)
        _run([python, "manage.py", "demo_accounts"], env)
        # Daphne and the worker wait for Redis and get its REDIS_URL.
        launch = [python, "-m", "config.devredis", "run", "--", python, "-m"]
        commands = {
            "redis": [python, "-m", "config.devredis", "serve"],
            "daphne": [*launch, "config.wsserver", "-b", "127.0.0.1", "-p", str(port),
                       "config.asgi:application"],
            "celery": [*launch, "celery", "-A", "config", "worker", "--beat",
                       "-l", "warning", "--concurrency", "2"],
        }  # fmt: skip
        if env.get("REDIS_URL"):
            del commands["redis"]
            if _WORKER:
                env["REDIS_URL"] = _own_redis(env["REDIS_URL"])
        else:
            # Also for the commands a test runs with stack.env.
            env["REDIS_URL"] = server_url(tmp / "var")
        try:
            for name, args in commands.items():
                log = tmp / f"{name}.log"
                stack.logs[name] = log
                with log.open("wb") as out:
                    processes[name] = subprocess.Popen(
                        args,
                        cwd=ROOT,
                        env=env,
                        stdin=subprocess.DEVNULL,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                        preexec_fn=_die_with_parent,
                    )
            _wait_healthy(stack, processes)
            yield stack
        finally:
            for process in processes.values():
                _stop(process)
            # Keep the logs next to the screenshots for a person to read.
            RESULTS.mkdir(exist_ok=True)
            for name, path in stack.logs.items():
                if path.exists():
                    suffix = f"-{_WORKER}" if _WORKER else ""
                    shutil.copy(path, RESULTS / f"e2e-{name}{suffix}.log")


def _own_redis(url: str) -> str:
    """Return this xdist worker's Redis database on `url`'s server, emptied.

    Two stacks on one database would share Celery's queue and the channel
    groups: one stack's worker would play the other's robot moves on the
    wrong database. The worker's database is config/stores.py's
    `redis_url_of` (the same the worker's own settings use, kept for the
    test processes): nothing else writes it, so it is flushed first (the
    parallel run before may have left rate-limit counts in it).
    """
    import redis

    own = redis_url_of(url, xdist_worker=_WORKER)
    client = redis.Redis.from_url(own)
    try:
        client.flushdb()
    finally:
        client.close()
    return own


def chromium_path() -> str:
    """Return Debian's chromium; skip without it (fail when CI is set)."""
    path = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
    if Path(path).is_file() and os.access(path, os.X_OK):
        return path
    reason = f"no chromium at {path} (apt-get install chromium, or set CHROMIUM_PATH)"
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        pytest.fail(reason)
    pytest.skip(reason)
    raise AssertionError  # unreachable: skip raises


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Debian chromium driven by Playwright (sync API)."""
    executable = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    """Remember each phase's report on the item (for failure screenshots).

    A failed test's report also shows the end of each open page's socket
    journal (CI prints the report; test-results/ has the whole journal).
    """
    report = yield
    setattr(item, f"report_{report.when}", report)
    if report.when == "call" and report.failed and _JOURNALS:
        tails = (
            f"page {i}:\n" + "\n".join(journal[-JOURNAL_TAIL:])
            for i, journal in enumerate(_JOURNALS.values())
        )
        report.sections.append(("page sockets", "\n".join(tails)))
    return report


@dataclass
class PageWatch:
    """What a page did wrong: console errors, uncaught exceptions, failed loads.

    "Failed to load resource" console lines are left out: a refused move (a
    4xx answer to htmx) is part of the site's design. Failed loads are
    judged from the responses instead: any 5xx, and any 4xx for a script,
    stylesheet, image or font.
    """

    problems: list[str] = field(default_factory=list)
    # Texts of problems the test brings about on purpose (`problem_expect`).
    expected: list[str] = field(default_factory=list)
    # What the page's sockets did (opened, closed, each frame's size and
    # board version), seconds since the watch began: written next to the
    # screenshots of a failed test, where a push that never came shows.
    sockets: list[str] = field(default_factory=list)
    began: float = field(default_factory=time.monotonic)

    def attach(self, page: Any) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("response", self._response)
        page.on("websocket", self._socket)

    def _note(self, text: str) -> None:
        self.sockets.append(f"{time.monotonic() - self.began:8.2f}s {text}")

    def _socket(self, socket: Any) -> None:
        url = socket.url
        self._note(f"open {url}")
        socket.on("framereceived", lambda frame: self._frame("in", url, frame))
        socket.on("framesent", lambda frame: self._frame("out", url, frame))
        socket.on("socketerror", lambda error: self._note(f"error {url}: {error}"))
        socket.on("close", lambda _socket: self._note(f"close {url}"))

    def _frame(self, direction: str, url: str, frame: Any) -> None:
        text = frame if isinstance(frame, str) else repr(frame)
        version = re.search(r'id="board"[^>]*data-version="(\d+)"', text)
        board = f" board v{version.group(1)}" if version else ""
        self._note(f"{direction} {url} {len(text)} chars{board}")

    def _console(self, message: Any) -> None:
        if message.type != "error" or message.text.startswith(
            "Failed to load resource"
        ):
            return
        self.problems.append(f"console error: {message.text} ({message.location})")

    def _response(self, response: Any) -> None:
        status = response.status
        kind = response.request.resource_type
        if status >= 500 or (
            status >= 400 and kind in {"script", "stylesheet", "image", "font"}
        ):
            self.problems.append(f"{status} for {kind} {response.url}")


def assert_no_sideways_scroll(page: Any) -> None:
    """Fail when the page is wider than the viewport (a horizontal scrollbar)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    if width > viewport:
        culprits = page.evaluate(WIDE_ELEMENTS_JS)
        raise AssertionError(
            f"{page.url} scrolls sideways at {viewport} px: {width} px wide; "
            f"widest elements: {culprits}"
        )


# The deepest elements that reach past the right edge: where to look first.
WIDE_ELEMENTS_JS = """
() => {
  const right = window.innerWidth;
  const wide = [...document.querySelectorAll('body *')].filter(
    (el) => el.getBoundingClientRect().right > right + 0.5
      && ![...el.children].some((c) => c.getBoundingClientRect().right > right + 0.5));
  return wide.slice(0, 5).map((el) => el.tagName.toLowerCase()
    + (el.id ? '#' + el.id : '') + (el.className ? '.' + String(el.className).split(' ').join('.') : '')
    + ' ' + Math.round(el.getBoundingClientRect().right) + 'px');
}
"""


@pytest.fixture
def new_page(
    browser: Any, stack: Stack, request: pytest.FixtureRequest
) -> Iterator[Any]:
    """Return a function that opens a page in a fresh browser context.

    `make(locale=..., width=...)`: the viewport is `width` x 900 px (1280 by
    default; 390 is a phone). Every page fails the test on a console error,
    an uncaught exception or a failed asset load, and on a page that scrolls
    sideways when the test ends. When the test fails, every page it opened
    is saved to test-results/.
    """
    contexts = []
    watches: list[tuple[Any, PageWatch]] = []

    def make(locale: str = "en-GB", width: int = 1280) -> Any:
        context = browser.new_context(
            base_url=stack.url, locale=locale, viewport={"width": width, "height": 900}
        )
        context.set_default_timeout(20_000)
        contexts.append(context)
        page = context.new_page()
        watch = PageWatch()
        watch.attach(page)
        watches.append((page, watch))
        _JOURNALS[id(page)] = watch.sockets
        _WATCHES[id(page)] = watch
        return page

    yield make
    report = getattr(request.node, "report_call", None)
    passed = report is not None and report.passed
    try:
        if passed:
            problems = [
                p
                for _page, watch in watches
                for p in watch.problems
                if not any(text in p for text in watch.expected)
            ]
            assert not problems, "the browser reported:\n" + "\n".join(problems)
            for page, _watch in watches:
                if not page.is_closed():
                    assert_no_sideways_scroll(page)
    finally:
        if report is not None and report.failed:
            for i, context in enumerate(contexts):
                for j, page in enumerate(context.pages):
                    with contextlib.suppress(Exception):
                        screenshot(page, f"failed-{request.node.name}-{i}-{j}")
            RESULTS.mkdir(exist_ok=True)
            for i, (_page, watch) in enumerate(watches):
                journal = RESULTS / f"failed-{request.node.name}-{i}-sockets.txt"
                journal.write_text("\n".join(watch.sockets) + "\n")
        for context in contexts:
            context.close()
        for page, _watch in watches:
            _JOURNALS.pop(id(page), None)
            _WATCHES.pop(id(page), None)


def problem_expect(page: Any, text: str) -> None:
    """Let `page` report problems containing `text`: the test causes them.

    E.g. a request the test makes fail: htmx logs it as a console error.
    """
    _WATCHES[id(page)].expected.append(text)


# The socket journals of the pages `new_page` opened, by id(page), and how
# many of their last lines a failure report shows.
_JOURNALS: dict[int, list[str]] = {}
_WATCHES: dict[int, PageWatch] = {}
JOURNAL_TAIL = 40


# The version of the board a page shows (the CSP allows no string eval:
# waits pass the version as an argument).
BOARD_VERSION_JS = "Number(document.querySelector('#board').dataset.version)"


def board_version(page: Any) -> int:
    """Return the version of the board `page` shows."""
    return int(page.evaluate(BOARD_VERSION_JS))


def wait_board_past(page: Any, version: int, timeout: float = 20) -> None:
    """Wait until `page` shows a board newer than `version` (`timeout` seconds)."""
    page.wait_for_function(
        f"v => {BOARD_VERSION_JS} > v", arg=version, timeout=timeout * 1000
    )


def seat_click(page: Any, button: Any) -> None:
    """Click a seat action's `button` (take a seat, add a robot) and wait for the page load.

    Its answer is a redirect (HX-Redirect: a whole page load). A board the
    socket pushes meanwhile lands on the page being left: a check made on
    it sees an element vanish, a flag set on it is lost.
    """
    with page.expect_navigation():
        button.click()


def move_click(page: Any, selector: str) -> None:
    """Click the move button at `selector`; wait for the newer board; fail on a refusal."""
    version = board_version(page)
    page.locator(selector).click()
    wait_board_past(page, version)
    assert page.locator("#flash .message.error").count() == 0, page.locator(
        "#flash"
    ).inner_text()


def log_in(page: Any, username: str, password: str = DEMO_PASSWORD) -> None:
    """Log in through allauth's form and land on the lobby."""
    page.goto("/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password)
    page.locator("form:has(input[name=login]) button[type=submit]").click()
    page.wait_for_url("**/play/")


def create_form(page: Any, slug: str) -> Any:
    """Open the lobby's "New match" entry of game `slug`; return its form's locator.

    The lobby shows one game's form at a time: a person clicks the game first.
    """
    page.locator(f"details.create-game[data-game={slug}] > summary").click()
    form = page.locator(f"form.create-form[data-game={slug}]")
    form.wait_for(state="visible")
    return form


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-results/ and return its path."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# As tests/games/helpers.py `state_store` stores a position, through the
# services' own bookkeeping of whose turn it is (to-move columns, clocks);
# the version stays, so the pages post moves against it as usual.
STORE_STATE = """
import json
from django.db import transaction
from games.services.core import match_lock, match_seats, to_move_record
with transaction.atomic():
    match = match_lock({match_id})
    if match.version != {version}:
        raise SystemExit(f"the match moved on: version {{match.version}}")
    rules = match.rules
    before = rules.to_move(match.game_state())
    state = rules.state_from_json(json.loads({state!r}))
    match.game_state_set(state)
    match.rules_version = rules.info.version
    match.save(update_fields=["state", "rules_version"])
    to_move_record(
        match, before=before, after=rules.to_move(state), mover=None,
        seats=match_seats(match),
    )
print("stored")
"""


# Records the newest board version the page has had from the server: as
# loaded, from the answer to each of its requests, and from each socket push,
# held or not (static/js/spielpost.js holds a push while the page's own move
# is in flight and swaps it after the answer). The socket does not push the
# page's own move: its answer shows it. Add it with `page.add_init_script`
# before the page loads.
SERVER_VERSION_JS = """
window.__serverVersion = -1;
const serverVersionNote = (html) => {
  const found = /id="board"[^>]*?data-version="(\\d+)"/.exec(html || '');
  if (found) {
    window.__serverVersion = Math.max(window.__serverVersion, Number(found[1]));
  }
};
document.addEventListener('DOMContentLoaded', () => {
  const loaded = Number(document.querySelector('#board')?.dataset.version);
  if (!Number.isNaN(loaded)) {
    window.__serverVersion = Math.max(window.__serverVersion, loaded);
  }
});
document.addEventListener('htmx:wsBeforeMessage', (event) => {
  serverVersionNote(event.detail.message);
});
document.addEventListener('htmx:afterRequest', (event) => {
  serverVersionNote(event.detail.xhr?.responseText);
});
"""


_CONTRAST_JS = """(name) => {
  const lum = (hex) => {
    const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const style = getComputedStyle(document.documentElement);
  const a = lum(style.getPropertyValue(name).trim());
  const b = lum(style.getPropertyValue("--paper").trim());
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def css_var_contrast(page: Any, name: str) -> float:
    """Return the contrast ratio of CSS variable `name` (a #rrggbb colour) on
    the page's `--paper`, as WCAG 2.2 computes it (1 to 21)."""
    return float(page.evaluate(_CONTRAST_JS, name))
