#!/usr/bin/env bash
# bench/soak.sh: long-running soaks (docs/SOAK.md).
#
# usage: bench/soak.sh chat [DURATION]
#        bench/soak.sh storm [DURATION]
#
#   chat     examples/chat under `spindle run` with 10,000 clients that
#            leave, rejoin and talk for DURATION (bench/chatsoak): every
#            client must get every line broadcast while it was a member
#            exactly once; the server's RSS, descriptors and CPU are
#            sampled. Without DURATION, a quick check: 1000 clients for 1m.
#   storm    the cross-shard message storm with random cancels
#            (soak_test.go, TestStorm) under the race detector for
#            DURATION (default 10s).
#
# DURATION is a Go duration (90s, 10m).
#
# environment:
#   SPINDLE_BIN    chat: use this spindle binary instead of building ./cmd/spindle
#   CHAT_CONNS     chat: clients (default 10000, or 1000 for the quick check)
#   CHAT_FLAGS     chat: more flags for bench/chatsoak (-churn, -msgs,
#                  -probes, -abrupt, -sample, -idle, -seed; see its -help)
#   STORM_SHARDS   storm: shards per run (default 4)
set -euo pipefail

SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
ROOT=$(dirname "$(dirname "$SELF")")
cd "$ROOT"

usage() {
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$SELF"
	exit "${1:-0}"
}

(($# >= 1 && $# <= 2)) || usage 2
what=$1
dur=${2:-}
if [[ -n $dur ]] && ! [[ $dur =~ ^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$ ]]; then
	echo "soak.sh: bad duration $dur" >&2
	exit 2
fi

case $what in
chat)
	conns=${CHAT_CONNS:-10000}
	if [[ -z $dur ]]; then
		dur=1m
		conns=${CHAT_CONNS:-1000}
	fi
	TMP=$(mktemp -d "${TMPDIR:-/tmp}/chatsoak.XXXXXX")
	trap 'rm -rf "$TMP"' EXIT
	go build -o "$TMP/chatsoak" ./bench/chatsoak
	SPINDLE=${SPINDLE_BIN:-}
	if [[ -z $SPINDLE ]]; then
		echo "soak.sh: building spindle..." >&2
		go build -o "$TMP/spindle" ./cmd/spindle
		SPINDLE=$TMP/spindle
	fi
	# The harness raises its own descriptor limit to the hard limit; the
	# server (a Go program) raises its own too.
	echo "soak.sh: chat, $conns clients, $dur; $(nproc) CPUs; ulimit -Hn $(ulimit -Hn); $(go version | cut -d' ' -f3); spindle $(git rev-parse --short HEAD 2>/dev/null || echo '?')" >&2
	# shellcheck disable=SC2086 # CHAT_FLAGS is a list of flags
	"$TMP/chatsoak" -bin "$SPINDLE" -conns "$conns" -duration "$dur" ${CHAT_FLAGS:-}
	;;
storm)
	dur=${dur:-10s}
	echo "soak.sh: storm for $dur, under the race detector; $(nproc) CPUs; $(go version | cut -d' ' -f3); spindle $(git rev-parse --short HEAD 2>/dev/null || echo '?')" >&2
	SPINDLE_STORM=$dur SPINDLE_STORM_SHARDS=${STORM_SHARDS:-4} go test -race -count=1 -run '^TestStorm$' -v -timeout 0 .
	;;
-h | -help | --help) usage 0 ;;
*) usage 2 ;;
esac
