# Everyday commands. Every target builds what it needs, so on a fresh machine
# `make app` or `make test` is enough.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Written after a successful install; pip runs again only when pyproject.toml changes.
STAMP := $(VENV)/.installed
LAB_STAMP := $(VENV)/.installed-lab

LINT_DIRS := rftg_nb tests benchmarks binder
BENCHMARKS := $(sort $(wildcard benchmarks/*.py))
# Server settings shared by `make app`, the browser tests and Binder (kernels end with their page).
VOILA_CONFIG := --Voila.config_file_paths=binder

.PHONY: venv install test check app lab lock bench clean

venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

install: $(STAMP)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

$(LAB_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,lab]'
	touch $@

# Lint, then the unit tests, every notebook run headless (tests/test_notebooks.py) and the browser
# tests, in one pytest run.
test: install
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/python -m pytest tests

# The quick loop while working: lint, then every test but the browser and notebook ones (the
# markers are set by place in tests/conftest.py).
check: install
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/python -m pytest tests -m "not browser and not notebook"

# The start page at http://127.0.0.1:8866/ links the pages: play (the dashboard), table (2-5
# players), learn (the lessons), lab (simulations), designer (custom cards) and cards (the card
# browser), each at /voila/render/<name>.ipynb.
app: install
	$(BIN)/voila notebooks/ --no-browser --port=8866 --Voila.ip=127.0.0.1 $(VOILA_CONFIG)

# JupyterLab on notebooks/, on http://127.0.0.1:8888 (the URL with its token is printed).
# Jupyter refuses to run as root unless told to; CI and these containers run as root.
LAB_ROOT := $(if $(filter 0,$(shell id -u)),--ServerApp.allow_root=True)
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=notebooks $(LAB_ROOT)

# Pin every package Binder installs (binder/requirements.txt), as pip resolves them today.
lock: install
	$(BIN)/python binder/lock.py

bench: install
	@set -e; for f in $(BENCHMARKS); do echo "== $$f"; $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
