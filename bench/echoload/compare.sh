#!/usr/bin/env bash
# bench/echoload/compare.sh: alternating rounds of the echo load against
# several servers, each started fresh, reporting throughput, p99 and the
# CPU seconds of the server and of the load generator for each run. On a
# 2-core machine both share the cores, so a server that needs less CPU per
# message leaves more to the load generator: the CPU columns show where
# the time went.
#
# usage: bench/echoload/compare.sh [SERVER...]
#
#   SERVER  native        the native Go server (bench/echoload/native)
#           spindle       examples/echo on one shard (SPINDLE_IO as set)
#           spindle-epoll the same with SPINDLE_IO=epoll (no batching)
#           sharded       examples/shardecho on every shard
#           (default: native spindle spindle-epoll sharded)
#
# environment: ROUNDS (default 5), CONNS (1000), MSGS per connection (300),
# SPINDLE_BIN (default: build ./cmd/spindle), PORT (first port, 18600).
set -euo pipefail
cd "$(dirname "$0")/../.."
SERVERS=("$@")
((${#SERVERS[@]})) || SERVERS=(native spindle spindle-epoll sharded)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/native" ./bench/echoload/native
go build -o "$tmp/echoload" ./bench/echoload
BIN=${SPINDLE_BIN:-}
if [[ -z $BIN ]]; then
	go build -o "$tmp/spindle" ./cmd/spindle
	BIN=$tmp/spindle
fi
port=${PORT:-18600}
cpu() { awk '{print $14+$15}' "/proc/$1/stat"; } # utime+stime, clock ticks
tck=$(getconf CLK_TCK)
printf '%-5s %-14s %8s %8s %9s %8s %8s\n' round server msgs/s p99_ms srv_cpu_s lg_cpu_s wall_s
for round in $(seq "${ROUNDS:-5}"); do
	for srv in "${SERVERS[@]}"; do
		port=$((port + 1))
		a=127.0.0.1:$port
		case $srv in
		native) "$tmp/native" -addr "$a" >/dev/null 2>&1 & ;;
		spindle) SPINDLE_SHARDS=1 SPINDLE_STARVE_WARNING=0 "$BIN" run examples/echo/main.go -addr "$a" >/dev/null 2>&1 & ;;
		spindle-epoll) SPINDLE_IO=epoll SPINDLE_SHARDS=1 SPINDLE_STARVE_WARNING=0 "$BIN" run examples/echo/main.go -addr "$a" >/dev/null 2>&1 & ;;
		sharded) SPINDLE_PIN=1 SPINDLE_STARVE_WARNING=0 "$BIN" run examples/shardecho/main.go -- -addr "$a" >/dev/null 2>&1 & ;;
		*) echo "compare.sh: unknown server $srv" >&2 && exit 2 ;;
		esac
		pid=$!
		"$tmp/echoload" -addr "$a" -probe >/dev/null
		t0=$(cpu $pid)
		out=$({ /usr/bin/env time -f "lg_cpu=%U+%S" "$tmp/echoload" -addr "$a" -conns "${CONNS:-1000}" -msgs "${MSGS:-300}"; } 2>&1)
		t1=$(cpu $pid)
		kill $pid
		wait $pid 2>/dev/null || true
		tput=$(sed -n 's/.*msgs_per_s=\([0-9]*\).*/\1/p' <<<"$out")
		p99=$(sed -n 's/.*p99_us=\([0-9]*\).*/\1/p' <<<"$out")
		wall=$(sed -n 's/.*wall_s=\([0-9.]*\).*/\1/p' <<<"$out")
		lg=$(sed -n 's/.*lg_cpu=\(.*\)/\1/p' <<<"$out" | bc -l)
		printf '%-5s %-14s %8s %8.1f %9.2f %8.2f %8s\n' "$round" "$srv" "$tput" "$(bc -l <<<"$p99/1000")" "$(bc -l <<<"($t1-$t0)/$tck")" "$lg" "$wall"
	done
done
