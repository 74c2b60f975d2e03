# The command names everyone uses (STYLE.md B10). `make run` and `make test`
# are the two set-up commands of the README: each creates the virtual
# environment and installs what it needs first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install lint fmt typecheck check redis worker web soak migrate demo playthroughs messages bench clean

$(STAMP): requirements.txt requirements-dev.txt
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py demo_accounts

# An embedded Redis (config/devredis.py: a Valkey server from the virtualenv,
# on a Unix socket under var/), then Web (Daphne: HTTP + websockets) and a
# Celery worker with beat, both on that Redis once it answers. With REDIS_URL
# set, your Redis instead. E-mails are files in var/mail/ (one line each).
run: demo
	$(BIN)/honcho start -f Procfile.dev $(if $(REDIS_URL),web worker)

# The three processes of `make run`, one per terminal.
redis: install
	$(BIN)/python -m config.devredis serve

web: install
	$(BIN)/python -m config.devredis run -- $(BIN)/python -m config.wsserver --no-server-name -v 0 -b 127.0.0.1 -p $${SPIELPOST_PORT:-8000} config.asgi:application

worker: install
	$(BIN)/python -m config.devredis run -- $(BIN)/celery -A config -q worker --beat -l info --concurrency 2 --without-mingle --without-gossip

# A soak test of `make run`'s stack (bench/soak.py): MINUTES of robot matches.
MINUTES ?= 30

soak: install
	$(BIN)/python bench/soak.py --minutes $(MINUTES)

# Everything but the browser and stack tests in TEST_WORKERS processes
# (pytest-xdist; work stealing, so a process that is done takes tests from the
# other instead of waiting for its long tail), then the browser and stack
# tests, also in TEST_WORKERS processes: each starts its own stack (Daphne,
# Celery worker, database, Redis database) and takes whole files, so a
# file's chromium and cluster start once. They wait on the stack most of
# the time (about 0.8 of a core each).
TEST_WORKERS ?= 2

test: install
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal -m "not browser and not stack"
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile -m "browser or stack"

lint: install
	$(BIN)/ruff format --check . && $(BIN)/ruff check . && $(BIN)/lint-imports --no-cache

fmt: install
	$(BIN)/ruff format . && $(BIN)/ruff check --fix .

typecheck: install
	$(BIN)/mypy .

check: lint typecheck test

playthroughs: install
	$(BIN)/python manage.py write_playthroughs

messages: install
	$(BIN)/python manage.py makemessages -l de --no-obsolete --ignore=".venv/*" --ignore="staticfiles/*" --ignore="tests/*"
	$(BIN)/python manage.py compilemessages --ignore=".venv/*"

bench: install
	$(BIN)/python bench/engines.py
	$(BIN)/python bench/renders.py 1
	$(BIN)/python bench/robots.py 20
	$(BIN)/python bench/sweep.py
	$(BIN)/python bench/timeouts.py

clean:
	rm -rf $(VENV) var staticfiles db.sqlite3*
