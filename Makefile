# Everyday commands. Every target builds what it needs, so on a fresh machine
# `make app` or `make test` is enough.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Written after a successful install; pip runs again only when pyproject.toml changes.
STAMP := $(VENV)/.installed
LAB_STAMP := $(VENV)/.installed-lab

# The compiled engine (rftg_nb/_native.py): the rules, the robot and the random player built by
# mypyc in place, beside their sources, and built again whenever one of them changes; the app,
# the tests and JupyterLab then run it. The build records the digest of the sources it
# compiled, and a build that no longer matches them is never used (the package falls back to
# the Python engine), so an edit is never shadowed by an old build. Where it cannot be built
# (no C compiler), the Python engine runs, and this says so.
NATIVE_RECORD := rftg_nb/_native_build.json
NATIVE_SOURCES := $(shell $(PYTHON) -c "import runpy; print(' '.join(runpy.run_path('rftg_nb/_native.py')['NATIVE_MODULES']))")

LINT_DIRS := rftg_nb tests benchmarks binder setup.py docs scripts
BENCHMARKS := $(sort $(wildcard benchmarks/*.py))

.PHONY: venv install test check app lab lock bench clean docs

venv: $(BIN)/python

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

install: $(STAMP) $(NATIVE_RECORD)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,native]'
	touch $@

# Profile-guided: built once counting what its code does (RFTG_NB_PROFILE=generate), trained on
# random games of every kind (scripts/train_build.py), then built again laid out by the counts
# (RFTG_NB_PROFILE=use; about 8% faster games). Where any step of that fails (a compiler other
# than GCC), the engine is built once without counts.
BUILD_NATIVE := RFTG_NB_COMPILE=1 $(BIN)/python setup.py --quiet build_ext --inplace --force
$(NATIVE_RECORD): $(STAMP) $(NATIVE_SOURCES) rftg_nb/_native.py setup.py scripts/train_build.py
	@echo "Compiling the engine with mypyc, twice, trained on random games between (about three minutes)..."
	@{ RFTG_NB_PROFILE=generate $(BUILD_NATIVE) && $(BIN)/python scripts/train_build.py \
		&& RFTG_NB_PROFILE=use $(BUILD_NATIVE); } > build-native.log 2>&1 \
		|| { echo "(built again without a profile)"; $(BUILD_NATIVE); } >> build-native.log 2>&1 \
		&& echo "The compiled engine is built." \
		|| { find rftg_nb -name '*.so' -delete; rm -f $@; \
		     echo "Note: the compiled engine could not be built (see build-native.log); the Python engine runs."; }

$(LAB_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,native,lab]'
	touch $@

# Lint, then the unit tests, every notebook run headless (tests/test_notebooks.py) and the browser
# tests, in one pytest run on the engine the app runs (compiled where it could be built); then
# the rules' tests again on the Python engine (PURE_TESTS). Two pytest-xdist workers, each
# test file whole on one of them: a browser test mostly waits on its page, and the reference
# machine has two cores.
XDIST := -n 2 --dist loadfile
test: install
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/python -c "import rftg_nb; print('engine:', rftg_nb.ENGINE)"
	$(BIN)/python -m pytest $(XDIST) tests
	RFTG_NB_PURE=1 $(BIN)/python -m pytest $(XDIST) -p no:cacheprovider $(PURE_TESTS)

# The quick loop while working: lint, then every test but the browser and notebook ones (the
# markers are set by place in tests/conftest.py).
check: install
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/python -m pytest $(XDIST) tests -m "not browser and not notebook"

# The Python engine too (RFTG_NB_PURE=1: the sources run even where the compiled build matches
# them), as a machine without a C compiler runs it: the rulings, the robot, the golden games,
# fuzzing, saves, loaders, cards and the AI's legality.
PURE_TESTS := tests/rules tests/robot tests/cards tests/test_engine_golden.py tests/test_fuzz.py \
	tests/test_save_undo.py tests/test_scores_independent.py tests/test_draft_fuzz.py \
	tests/test_goals_fuzz.py tests/test_loader_fuzz.py tests/test_custom_cards_fuzz.py \
	tests/ai/test_legal.py tests/ai/test_caches.py tests/test_native.py

# The start page at http://127.0.0.1:8866/ links the pages: play (the dashboard), table (2-5
# players), learn (the lessons), lab (simulations), designer (custom cards), cards (the card
# browser) and history (your games: replay, review, share), each at /voila/render/<name>.ipynb.
# The `rftg-nb` command (rftg_nb/cli.py) that `pip install .` installs: Voila on notebooks/ with
# the settings of binder/voila.py.
app: install
	$(BIN)/rftg-nb --no-browser --port=8866

# The documentation (docs/: Sphinx, MyST, the PyData theme) into docs/_build/html, warnings as
# errors; tests/test_docs.py builds it the same way and runs every example in it.
docs: install
	$(BIN)/python -m sphinx -W --keep-going -b html docs docs/_build/html
	@echo "The docs are in docs/_build/html/index.html"

# JupyterLab on notebooks/, on http://127.0.0.1:8888 (the URL with its token is printed).
# Jupyter refuses to run as root unless told to; CI and these containers run as root.
LAB_ROOT := $(if $(filter 0,$(shell id -u)),--ServerApp.allow_root=True)
lab: $(LAB_STAMP) $(NATIVE_RECORD)
	$(BIN)/jupyter lab --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=notebooks $(LAB_ROOT)

# Pin every package Binder installs (binder/requirements.txt), as pip resolves them today.
lock: install
	$(BIN)/python binder/lock.py

bench: install
	@set -e; for f in $(BENCHMARKS); do echo "== $$f"; $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache test-artifacts build-native.log \
		docs/_build
	find rftg_nb -name '*.so' -delete
	rm -f $(NATIVE_RECORD)
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
