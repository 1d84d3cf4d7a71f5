# Everyday commands. Every target builds what it needs, so on a fresh machine
# `make app` or `make test` is enough.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Written after a successful install; pip runs again only when pyproject.toml changes.
STAMP := $(VENV)/.installed

LINT_DIRS := rftg_nb tests benchmarks
BENCHMARKS := $(sort $(wildcard benchmarks/*.py))

.PHONY: venv install test app bench clean

venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

install: $(STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# Lint, then the unit tests and every notebook (run headless by nbmake) in one pytest run.
test: install
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/python -m pytest --nbmake --nbmake-timeout=300 tests notebooks

app: install
	$(BIN)/voila notebooks/play.ipynb --no-browser --port=8866 --Voila.ip=127.0.0.1

bench: install
	@set -e; for f in $(BENCHMARKS); do echo "== $$f"; $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
