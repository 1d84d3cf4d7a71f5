# Everyday commands. Every target builds what it needs, so on a fresh machine
# `make app` or `make test` is enough.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Written after a successful install; pip runs again only when pyproject.toml changes.
STAMP := $(VENV)/.installed
LAB_STAMP := $(VENV)/.installed-lab

LINT_DIRS := rftg_nb tests benchmarks binder setup.py
BENCHMARKS := $(sort $(wildcard benchmarks/*.py))
# Server settings shared by `make app`, the browser tests and Binder (kernels end with their page).
VOILA_CONFIG := --Voila.config_file_paths=binder

.PHONY: venv install test check app lab lock bench clean native test-native

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

# The optional compiled engine (setup.py, RFTG_NB_COMPILE=1): a copy of the package and the
# tests in build/native with the rules modules compiled by mypyc, rebuilt when a source changes.
# The package itself stays plain Python; nothing else uses the copy unless pointed at it
# (`benchmarks/engine.py --baseline REV --tree build/native`).
NATIVE := build/native
NATIVE_SOURCES := $(shell find rftg_nb -name '*.py') setup.py
native: $(NATIVE)/.built

$(NATIVE)/.built: $(STAMP) $(NATIVE_SOURCES)
	$(BIN)/python -m pip install --quiet 'mypy>=1.10'
	rm -rf $(NATIVE)
	mkdir -p $(NATIVE)
	cp -r rftg_nb tests setup.py $(NATIVE)/
	cd $(NATIVE) && RFTG_NB_COMPILE=1 $(CURDIR)/$(BIN)/python setup.py --quiet build_ext --inplace
	touch $@

# The rules' tests against the compiled copy: rulings, the robot, golden games, fuzzing, saves,
# loaders and cards (the AI, app and lab tests reach into classes a compiled build closes).
NATIVE_TESTS := tests/rules tests/robot tests/cards tests/test_engine_golden.py tests/test_fuzz.py \
	tests/test_save_undo.py tests/test_scores_independent.py tests/test_draft_fuzz.py \
	tests/test_goals_fuzz.py tests/test_loader_fuzz.py tests/test_custom_cards_fuzz.py
test-native: native
	cd $(NATIVE) && PYTHONPATH=$(CURDIR)/$(NATIVE) $(CURDIR)/$(BIN)/python -c \
		"import rftg_nb.engine.game as g; assert g.__file__.endswith('.so'), g.__file__"
	cd $(NATIVE) && PYTHONPATH=$(CURDIR)/$(NATIVE) $(CURDIR)/$(BIN)/python -m pytest \
		-p no:cacheprovider $(NATIVE_TESTS)

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
