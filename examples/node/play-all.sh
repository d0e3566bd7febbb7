#!/usr/bin/env bash
# Runs the Node.js client once per game against a real tigerden server: starts
# `tigerden serve` on a free loopback port with a throwaway database and no bot delay, waits
# until it listens, runs `node play.js --game GAME` for each game (and once more by unary Act),
# and stops the server. `make node-example` runs it (after `npm ci`). The last line counts the
# matches that ended with final scores; any failure exits non-zero.
#
#   examples/node/play-all.sh [TIGERDEN_COMMAND]     (default: tigerden on PATH)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
tigerden="${1:-tigerden}"
work="$(mktemp -d)"
log="$work/server.log"

# Port 0: the server binds a free port itself (no race) and prints it.
"$tigerden" serve --host 127.0.0.1 --port 0 --db "$work/tigerden.sqlite" --bot-delay 0 \
  --no-advertise --no-web >"$log" 2>&1 &
server=$!

stop_server() {
  kill "$server" 2>/dev/null || true # SIGTERM: the server shuts down gracefully
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap stop_server EXIT

# The server prints "tigerden serving on 127.0.0.1:PORT ..." once it is listening.
port=""
for _ in $(seq 300); do
  port="$(sed -n 's/^tigerden serving on 127\.0\.0\.1:\([0-9][0-9]*\) .*/\1/p' "$log")"
  [ -n "$port" ] && break
  if ! kill -0 "$server" 2>/dev/null; then
    cat "$log" >&2
    echo "play-all.sh: the server exited before it listened" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$port" ]; then
  cat "$log" >&2
  echo "play-all.sh: the server did not listen within 30 s" >&2
  exit 1
fi
echo "tigerden server on 127.0.0.1:$port"

passed=0
failed=0
run() {
  if node "$here/play.js" --server "127.0.0.1:$port" "$@" | tee "$work/out.txt" \
    && grep -q '^lobby: match .* pushed as MATCH_STATUS_WAITING' "$work/out.txt" \
    && grep -q '(spectator): watching from the sofa' "$work/out.txt"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAILED: node play.js $*" >&2
  fi
}
for game in doors koikoi tiger-dragon; do
  run --game "$game"
done
run --game doors --act
# The host controls on a table of two people: FreeSeat, ReplaceSeatWithBot, the spectator
# count (CountSpectators), AbortMatch, and the replay of the aborted match.
if node "$here/play.js" --server "127.0.0.1:$port" --host-controls | tee "$work/out.txt" \
  && grep -q '^host controls: match .* MATCH_ENDING_ABORTED' "$work/out.txt" \
  && grep -q '^spectators: 1 (CountSpectators)' "$work/out.txt"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAILED: node play.js --host-controls" >&2
fi
echo "node-example: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
