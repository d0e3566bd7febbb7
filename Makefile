# tigerden: every target creates .venv and installs from pyproject.toml when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PROTOS := $(wildcard proto/tigerden/v1/*.proto)
ARGS ?=

.PHONY: play serve test test-slow lint proto bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP) ## Start a local server and play Doors against the AI (GAME=koikoi etc.)
	$(BIN)/tigerden play $(or $(GAME),doors) $(ARGS)

serve: $(STAMP) ## Serve on the LAN (port 50051, database tigerden.sqlite)
	$(BIN)/tigerden serve --host 0.0.0.0 $(ARGS)

test: $(STAMP) ## The whole fast suite (what CI runs)
	$(BIN)/python -m pytest $(ARGS)

test-slow: $(STAMP) ## Long soak, load and kill tests
	$(BIN)/python -m pytest -m slow $(ARGS)

lint: $(STAMP) ## ruff + mypy
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy engine server client tests

proto: $(STAMP) ## Regenerate the Python modules from proto/
	$(BIN)/python proto/generate.py

clean:
	rm -rf $(VENV) build *.egg-info
