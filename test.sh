#!/usr/bin/env bash
# The project's test command (README.md; .ci/run calls exactly this).
# Fresh-machine safe: needs only Go; modules come from the Go proxy.
set -euo pipefail
cd "$(dirname "$0")"

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './_std/*'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== go test"
go test -count=1 -timeout 20m ./...

echo "== go test -race (scheduler, VM, embedding)"
go test -count=1 -race -timeout 20m ./internal/... 
go test -count=1 -race -timeout 20m -run 'Concurrent|Cancel|Hostile|Example|Blocking|Pool|Shutdown|RunningDump|Idle|Shards|Signal' .

echo "ok"
