#!/usr/bin/env bash
# The project's test command (README.md; .ci/run calls exactly this).
# Fresh-machine safe: needs only Go; modules come from the Go proxy, and
# Debian's chromium (the trace viewer's browser check) from apt.
set -euo pipefail
cd "$(dirname "$0")"

# Install the browser in the background while gofmt and vet run.
browser_pid=
if ! command -v chromium >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/tmp/spindle-apt.log 2>&1 &
	browser_pid=$!
fi

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './_std/*'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

if [ -n "$browser_pid" ]; then
	wait "$browser_pid" || { echo "installing chromium failed:"; tail -20 /tmp/spindle-apt.log; exit 1; }
fi
if command -v apt-get >/dev/null || command -v chromium >/dev/null; then
	export SPINDLE_BROWSER_TESTS=1 # a missing browser fails the viewer's test
fi

echo "== go test"
go test -count=1 -timeout 20m ./...

echo "== conformance with dead registers cleared at every park (internal/vm/liveness.go)"
SPINDLE_STRESS_LIVENESS=1 go test -count=1 -timeout 20m -run 'TestConformance$' .

echo "== go test -race (scheduler, VM, embedding)"
go test -count=1 -race -timeout 20m ./internal/... 
go test -count=1 -race -timeout 20m -run 'Concurrent|Cancel|Hostile|Example|Blocking|Pool|Shutdown|RunningDump|Idle|Shards|Signal|Storm' .

echo "ok"
