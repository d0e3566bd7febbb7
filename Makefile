# tigerden: every target creates .venv and installs from pyproject.toml when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PROTOS := $(wildcard proto/tigerden/v1/*.proto)
ARGS ?=
PROTO_BASELINE := proto/baseline/tigerden-v1.binpb
NODE_EXAMPLE := examples/node
NODE_STAMP := $(NODE_EXAMPLE)/node_modules/.installed

.PHONY: i18n screens playthroughs play serve test test-slow lint proto proto-breaking proto-release node-example bench clean web web-screens compiled

# The fast build (setup.py): the hot modules compiled by mypyc into C extensions, in a folder of
# its own that only `make test`, `BUILD=compiled` and the benchmarks use, rebuilt whenever a
# source file changes, so that it never stands in for edited source. With no C compiler it holds
# the plain source (`tigerden --version` says which).
COMPILED := build/mypyc
COMPILED_STAMP := $(COMPILED)/.built
PACKAGE_FILES := $(shell find engine server bots cli client discovery proto/tigerden -type f -not -path '*/__pycache__/*')
# Imports find the compiled build first, then this tree for what it lacks (tests/, bench/, tools/).
IN_COMPILED := PYTHONSAFEPATH=1 PYTHONPATH=$(CURDIR)/$(COMPILED):$(CURDIR)
RUN := $(if $(filter compiled,$(BUILD)),$(IN_COMPILED) )
# What `make test` also runs against the compiled build: the engine contract, the leak audit and
# the server (bots and hints pickle compiled states into their worker processes), and that the
# compiled search decides as the source does (bench-ai plays on it).
COMPILED_TESTS ?= tests/engine tests/server tests/bots/test_hints.py tests/bots/test_builds.py

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(COMPILED_STAMP): $(STAMP) setup.py pyproject.toml $(PACKAGE_FILES)
	rm -rf $(COMPILED) && mkdir -p build
	$(BIN)/python setup.py --quiet build --build-lib $(COMPILED) >build/mypyc.log 2>&1 \
		|| { cat build/mypyc.log; exit 1; }
	@! grep -B50 "mypyc refused" build/mypyc.log  # a type error here is a bug: fix it
	@$(IN_COMPILED) $(BIN)/python -m cli --version
	touch $@

compiled: $(COMPILED_STAMP) ## The fast build in build/mypyc (mypyc; interpreted without a C compiler)

play: $(STAMP) $(if $(RUN),$(COMPILED_STAMP)) ## Start a local server and play Doors against the AI (GAME=koikoi etc.; BUILD=compiled: the fast build)
	$(RUN)$(BIN)/tigerden play $(or $(GAME),doors) $(ARGS)

serve: $(STAMP) $(if $(RUN),$(COMPILED_STAMP)) ## Serve on the LAN (port 50051, database tigerden.sqlite; BUILD=compiled: the fast build)
	$(RUN)$(BIN)/tigerden serve --host 0.0.0.0 $(ARGS)

BGIO := bench/bgio
BGIO_STAMP := $(BGIO)/node_modules/.installed

$(BGIO_STAMP): $(BGIO)/package.json $(BGIO)/package-lock.json
	cd $(BGIO) && npm ci --no-audit --no-fund
	touch $@

test: $(STAMP) $(BGIO_STAMP) $(COMPILED_STAMP) ## The whole fast suite (what CI runs; its bench smoke test runs the boardgame.io peer), then COMPILED_TESTS against the compiled build
	$(BIN)/python -m pytest $(ARGS)
	@if $(IN_COMPILED) $(BIN)/python -m cli --version | grep -q compiled; then \
		echo "$(IN_COMPILED) $(BIN)/python -m pytest --import-mode=append $(COMPILED_TESTS)"; \
		$(IN_COMPILED) $(BIN)/python -m pytest --import-mode=append $(COMPILED_TESTS); \
	else \
		grep "building interpreted" build/mypyc.log; echo "so the interpreted run was all"; \
	fi

test-slow: $(STAMP) $(BGIO_STAMP) ## Everything, slow tests included, with property tests exploring new examples
	HYPOTHESIS_PROFILE=explore $(BIN)/python -m pytest -m "slow or not slow" $(ARGS)

lint: $(STAMP) ## ruff + mypy + import layers + buf (lint, format, breaking changes)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy engine server client cli bots discovery bench tools tests
	$(BIN)/lint-imports --no-cache
	$(BIN)/buf lint
	$(BIN)/buf format --diff --exit-code
	@$(MAKE) --no-print-directory proto-breaking

proto-breaking: $(STAMP) ## proto/ against the contract of the last release (docs/protocol.md)
	@if [ -f $(PROTO_BASELINE) ]; then \
		echo "$(BIN)/buf breaking --against $(PROTO_BASELINE)"; \
		$(BIN)/buf breaking --against $(PROTO_BASELINE); \
	else \
		echo "proto-breaking: no $(PROTO_BASELINE) yet (no release); nothing to compare against"; \
	fi

proto-release: $(STAMP) ## At a release: record proto/ as the baseline later changes must not break
	mkdir -p $(dir $(PROTO_BASELINE))
	$(BIN)/buf build --exclude-source-info -o $(PROTO_BASELINE)
	@echo "wrote $(PROTO_BASELINE): commit it with the release tag"

i18n: $(STAMP) ## Extract the client's strings, merge them into client/locale/*/.po, compile the .mo
	$(BIN)/python -m tools.catalog

playthroughs: $(STAMP) ## Rewrite the golden playthroughs (tests/engine/playthroughs/) after an intended change of views, events or moves; review the diff
	$(BIN)/python -m tests.engine.playthrough

screens: $(STAMP) ## Rewrite docs/screens.md (and the README screenshot) from real 80x24 tmux captures
	$(BIN)/python -m tools.screens

proto: $(STAMP) ## Regenerate the Python modules from proto/
	$(BIN)/python proto/generate.py

$(NODE_STAMP): $(NODE_EXAMPLE)/package.json $(NODE_EXAMPLE)/package-lock.json
	cd $(NODE_EXAMPLE) && npm ci --no-audit --no-fund
	touch $@

WEB := web
WEB_STAMP := $(WEB)/node_modules/.installed

$(WEB_STAMP): $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

web: $(STAMP) $(WEB_STAMP) ## Rebuild the browser client: TypeScript from proto/, the catalog from client/locale, web/dist/ (committed)
	cd $(WEB) && ../$(BIN)/buf generate
	$(BIN)/python -m tools.web catalog
	cd $(WEB) && node_modules/.bin/tsc -p . && node build.mjs
	$(BIN)/python -m tools.web stamp

web-screens: $(STAMP) ## Rewrite docs/web.md's phone-size screenshots of the browser client (headless Chromium)
	$(BIN)/python -m tools.web_screens

node-example: $(STAMP) $(NODE_STAMP) ## The Node.js client (examples/node) plays each game against a local server
	$(NODE_EXAMPLE)/play-all.sh $(BIN)/tigerden

clean:
	rm -rf $(VENV) build *.egg-info

.PHONY: bench-engine bench-ai bench-hints bench-hostile bench-server bench-web

bench-engine: $(STAMP) $(COMPILED_STAMP) ## Random playouts per second per game, one core, interpreted and compiled (bench/results/engine.csv)
	$(BIN)/python -m bench.engine --compiled $(COMPILED) $(ARGS)

bench-ai: $(STAMP) $(COMPILED_STAMP) ## The goal table: paired matches until a sequential test decides each pairing, on the compiled build, resumable, at nice 10 (bench/results/ai.csv; ARGS="--config koikoi-2 --pair hard-easy --workers 2"; ARGS=--plan for the hours it takes)
	nice -n 10 $(BIN)/python -m bench.ai --compiled $(COMPILED) $(ARGS)

bench-hints: $(STAMP) ## Hint calibration: estimated chances of winning against what the matches then give, by bucket, resumable, at nice 19 (bench/results/hints.csv; ARGS="--config koikoi-2 --positions 50 --workers 2"; ARGS=--show to table the log)
	nice -n 19 $(BIN)/python -m bench.calibration $(ARGS)

bench-hostile: $(STAMP) ## Server memory and other tables' latency under a never-reading Play client (10 s)
	$(BIN)/python -m bench.hostile $(ARGS)

bench-server: $(STAMP) $(BGIO_STAMP) ## Server CPU per move at 64 tables against the bare gRPC floor and boardgame.io, with the goals (bench/results/server.csv; ARGS="--tables 8 --seconds 1" for a quick run)
	$(BIN)/python -m bench.server $(ARGS)

bench-web: $(STAMP) ## The browser client's bundle size (as built and as sent) and cold first page loads on loopback
	$(BIN)/python -m bench.web_page $(ARGS)

bench: bench-engine bench-ai ## Both benchmarks
