# The judge's table. Two commands: `make run` and `make test` (see README.md).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
# Runtime (requirements.txt, what the Docker image installs) plus tests and tools (requirements-dev.txt).
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)

.PHONY: run test test-external loadtest lint bench eval stop venv clean-var

$(STAMP): requirements.txt requirements-dev.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 not found: install it or run make PYTHON=/path/to/python3.11"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

venv: $(STAMP)

## Set up, load the bundled data, serve on http://127.0.0.1:8000/ with a Celery worker and beat.
run: $(STAMP)
	$(PY) -m config.launcher

## The whole suite: lint, then pytest (unit, integration on real services, browser).
test: $(STAMP) lint
	$(PY) -m pytest $(PYTEST_ARGS)

## The production path: the integration suite (worker, races, duels over HTTP, the compose
## commands) against Debian's postgresql and redis-server, started on loopback for the run.
EXTERNAL_TESTS := tests/test_foundation.py tests/test_production_settings.py tests/test_deployment_commands.py \
	tests/games/test_races.py tests/games/test_duel_over_http.py tests/rulings/test_rulings_db.py
test-external: $(STAMP)
	.ci/with-external-services $(PY) -m pytest $(EXTERNAL_TESTS) -m "not browser" -p no:cacheprovider $(PYTEST_ARGS)

## Seed the scaled database jt_loadtest once (100,000 rulings, 20,000 users, 55,000 duels), serve it,
## drive a mixed load with locust for LOADTEST_TIME on loopback, print per-endpoint req/s and p50/p99.
LOADTEST_TIME ?= 600s
LOADTEST_USERS ?= 10
loadtest: $(STAMP)
	$(PY) -m loadtest.run --time $(LOADTEST_TIME) --users $(LOADTEST_USERS) $(LOADTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

bench: $(STAMP)
	@for script in benchmarks/[!_]*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

## Search quality: recall@1, recall@5 and MRR of the judge questions in rulings/data/search_eval.toml.
eval: $(STAMP)
	$(PY) -m rulings.evaluation $(EVAL_ARGS)

## Stop the embedded PostgreSQL and Redis, whoever started them.
stop: $(STAMP)
	$(PY) -c "from config import embedded; embedded.stop_all()"
