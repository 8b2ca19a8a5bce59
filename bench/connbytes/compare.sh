#!/usr/bin/env bash
# bench/connbytes/compare.sh: alternating rounds of bench/connbytes (the
# heap bytes of one idle connection: its state plus the goroutine parked
# in io.Copy) natively and on spindle (one shard), each server started
# fresh. Prints one line per run: round, server, bytes per connection.
#
# usage: bench/connbytes/compare.sh [SERVER...]   (native spindle; default both)
#
# environment: ROUNDS (default 3), CONNS (1000), SHAPE (echo, chat or bufio:
# connbytes -shape), SPINDLE_BIN (default: build ./cmd/spindle), PORT
# (first port, 18700); SPINDLE_* settings pass through.
set -euo pipefail
cd "$(dirname "$0")/../.."
SERVERS=("$@")
((${#SERVERS[@]})) || SERVERS=(native spindle)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/connbytes" ./bench/connbytes
go build -o "$tmp/echoload" ./bench/echoload
BIN=${SPINDLE_BIN:-}
if [[ -z $BIN ]]; then
	go build -o "$tmp/spindle" ./cmd/spindle
	BIN=$tmp/spindle
fi
port=${PORT:-18700}
n=${CONNS:-1000}
printf '%-5s %-8s %14s\n' round server bytes_per_conn
for round in $(seq "${ROUNDS:-3}"); do
	for srv in "${SERVERS[@]}"; do
		port=$((port + 1))
		a=127.0.0.1:$port
		out=$tmp/out
		case $srv in
		native) "$tmp/connbytes" -n "$n" -addr "$a" -shape "${SHAPE:-echo}" >"$out" 2>&1 & ;;
		spindle) SPINDLE_SHARDS=1 SPINDLE_STARVE_WARNING=0 "$BIN" run bench/connbytes/main.go -- -n "$n" -addr "$a" -shape "${SHAPE:-echo}" >"$out" 2>&1 & ;;
		*) echo "unknown server $srv" >&2; exit 2 ;;
		esac
		pid=$!
		"$tmp/echoload" -addr "$a" -probe >/dev/null
		# The load starts once the server has measured its base.
		until grep -q '^base=' "$out"; do
			kill -0 "$pid" 2>/dev/null || { cat "$out" >&2; exit 1; }
			sleep 0.05
		done
		"$tmp/echoload" -addr "$a" -conns "$n" -idle 5s >/dev/null
		wait "$pid"
		printf '%-5s %-8s %14s\n' "$round" "$srv" "$(sed -n 's/.*bytes_per_conn=\([0-9-]*\).*/\1/p' "$out")"
	done
done
