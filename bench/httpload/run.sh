#!/usr/bin/env bash
# bench/httpload/run.sh: HTTP/1.1 keep-alive throughput, latency and idle
# memory, native Go net/http (bench/httpload/native) against spindle
# running examples/http/main.go on one shard and with a server on every
# shard (-pershard, SPINDLE_SHARDS shards, default: the number of CPUs),
# and, when a yaegi host is at hand, yaegi interpreting the native server.
#
# usage: bench/httpload/run.sh [CONNS[=REQS]...]
#
#   CONNS        run with this many concurrent connections (default: 1000)
#   CONNS=REQS   ... and REQS requests per connection (defaults: 1000=100,
#                otherwise 100000/CONNS, at least 1)
#
# For each connection count and each server (native, spindle, sharded,
# yaegi) it starts a fresh server on a loopback port, waits until it has
# printed "listening on" (at most START_TIMEOUT seconds) and answers a
# request (the load generator's -probe), measures the server's RSS idle and
# with IDLE_CONNS idle keep-alive connections open, runs the load
# generator HTTP_RUNS times, keeping the fastest run, and stops the
# server. Then it prints two tables.
#
# environment:
#   SPINDLE_BIN    use this spindle binary instead of building ./cmd/spindle
#   SPINDLE_SHARDS shards for the sharded row (default: the number of CPUs)
#   YAEGI_BIN      the yaegi host (../shared/peers/yaegi) to run the native
#                  server under; unset: build it from YAEGI_SRC (default
#                  ../shared/peers/yaegi, next to the repository) if that
#                  exists; empty: no yaegi row
#   HTTP_HOST      loopback address to listen on (default 127.0.0.1; ::1 works)
#   HTTP_PORT      first port to use (default 18180; one more per server start)
#   IDLE_CONNS     idle connections for the memory measurement (default
#                  1000; 0 skips it)
#   HTTP_RUNS      load-generator runs per server, the one with the highest
#                  throughput is reported (default 3)
#   LOAD_TIMEOUT   seconds allowed for one load-generator run (default 300)
#   START_TIMEOUT  seconds allowed for a server to come up (default 60;
#                  spindle compiles net/http first, about 3 s)
#
# See bench/httpload/README.md for how the numbers are computed.
set -euo pipefail

SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
ROOT=$(dirname "$(dirname "$(dirname "$SELF")")")
cd "$ROOT"

usage() {
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$SELF"
	exit "${1:-0}"
}

CONNS=()
declare -A REQS=([1000]=100)
for arg in "$@"; do
	case $arg in
	-h | -help | --help) usage 0 ;;
	-*) echo "run.sh: unknown option $arg" >&2 && usage 2 ;;
	*)
		c=${arg%%=*}
		if ! [[ $c =~ ^[1-9][0-9]*$ ]]; then
			echo "run.sh: bad connection count in $arg" >&2
			exit 2
		fi
		if [[ $arg == *=* ]]; then
			m=${arg#*=}
			if ! [[ $m =~ ^[1-9][0-9]*$ ]]; then
				echo "run.sh: bad request count in $arg" >&2
				exit 2
			fi
			REQS[$c]=$m
		fi
		CONNS+=("$c")
		;;
	esac
done
((${#CONNS[@]})) || CONNS=(1000)
for c in "${CONNS[@]}"; do
	[[ -n ${REQS[$c]+x} ]] || REQS[$c]=$((100000 / c > 0 ? 100000 / c : 1))
done

HOST=${HTTP_HOST:-127.0.0.1}
case $HOST in
127.* | ::1 | localhost) ;;
*) echo "run.sh: HTTP_HOST must be a loopback address" >&2 && exit 2 ;;
esac
PORT=${HTTP_PORT:-18180}
IDLE=${IDLE_CONNS:-1000}
LTIMEOUT=${LOAD_TIMEOUT:-300}
STIMEOUT=${START_TIMEOUT:-60}
RUNS=${HTTP_RUNS:-3}
SHARDS=${SPINDLE_SHARDS:-$(nproc)}
for v in PORT IDLE LTIMEOUT STIMEOUT RUNS SHARDS; do
	if ! [[ ${!v} =~ ^[0-9]+$ ]]; then
		echo "run.sh: $v must be a number, not '${!v}'" >&2
		exit 2
	fi
done
((RUNS > 0 && SHARDS > 0 && STIMEOUT > 0 && LTIMEOUT > 0)) || { echo "run.sh: HTTP_RUNS, SPINDLE_SHARDS and the timeouts must be positive" >&2 && exit 2; }

# Descriptors: each side of a connection is one descriptor in its own
# process, so N connections need a bit over N in each process.
maxc=$IDLE
for c in "${CONNS[@]}"; do
	if ((c > maxc)); then maxc=$c; fi
done
need=$((maxc + 256))
hard=$(ulimit -Hn)
if [[ $hard != unlimited ]] && ((hard < need)); then
	ulimit -Hn "$need" 2>/dev/null || true
	hard=$(ulimit -Hn)
fi
if [[ $hard == unlimited ]] || ((hard >= 65536)); then
	ulimit -n 65536
elif ((hard >= need)); then
	ulimit -n "$hard"
else
	echo "run.sh: need $need open files per process, but the hard limit (ulimit -Hn) is $hard" >&2
	exit 1
fi

TMP=$(mktemp -d "${TMPDIR:-/tmp}/httpload.XXXXXX")
PIDS=() # children still running (or not yet reaped); see forget
# forget PID: drops a reaped child from PIDS, so that cleanup never
# signals a process id the system may have reused.
forget() {
	local p keep=()
	for p in "${PIDS[@]}"; do
		[[ $p == "$1" ]] || keep+=("$p")
	done
	PIDS=("${keep[@]}")
}
cleanup() {
	local p
	for p in "${PIDS[@]}"; do
		kill -KILL "$p" 2>/dev/null || true
	done
	for p in "${PIDS[@]}"; do
		wait "$p" 2>/dev/null || true
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log() { printf '%s\n' "$*" >&2; }

# bg OUT CMD...: runs CMD in the background (stdout to OUT, stderr to
# $TMP/err), so that a signal's trap runs at once and kills it, and waits.
bg() {
	local out=$1
	shift
	"$@" >"$out" 2>"$TMP/err" &
	local p=$! rc=0
	PIDS+=("$p")
	wait "$p" || rc=$?
	forget "$p"
	return "$rc"
}

log "building load generator and native server..."
go build -o "$TMP/httpload" ./bench/httpload
go build -o "$TMP/native" ./bench/httpload/native
SPINDLE=${SPINDLE_BIN:-}
if [[ -z $SPINDLE ]]; then
	log "building spindle..."
	if go build -o "$TMP/spindle" ./cmd/spindle; then
		SPINDLE=$TMP/spindle
	else
		log "run.sh: building spindle failed; no spindle rows"
	fi
fi
YAEGI=${YAEGI_BIN-auto}
if [[ $YAEGI == auto ]]; then
	YAEGI=
	ysrc=${YAEGI_SRC:-$ROOT/../shared/peers/yaegi}
	if [[ -f $ysrc/go.mod ]]; then
		log "building the yaegi host from $ysrc..."
		if (cd "$ysrc" && go build -o "$TMP/yaegi-host" .); then
			YAEGI=$TMP/yaegi-host
		else
			log "run.sh: building the yaegi host failed; no yaegi row"
		fi
	fi
fi
SERVERS=(native)
[[ -n $SPINDLE ]] && SERVERS+=(spindle sharded)
[[ -n $YAEGI ]] && SERVERS+=(yaegi)

addr() {
	if [[ $HOST == *:* ]]; then printf '[%s]:%s' "$HOST" "$1"; else printf '%s:%s' "$HOST" "$1"; fi
}

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# start_server NAME ADDR: starts it in the background; sets SPID.
start_server() {
	# Empty the log here: the child truncates it only once it runs, and
	# wait_ready must not find the last server's "listening on" meanwhile.
	: >"$TMP/server.log"
	case $1 in
	native) "$TMP/native" -addr "$2" >"$TMP/server.log" 2>&1 & ;;
	spindle) SPINDLE_STARVE_WARNING=0 "$SPINDLE" run -shards 1 examples/http/main.go -addr "$2" >"$TMP/server.log" 2>&1 & ;;
	sharded) SPINDLE_PIN=1 SPINDLE_STARVE_WARNING=0 "$SPINDLE" run -shards "$SHARDS" examples/http/main.go -pershard -addr "$2" >"$TMP/server.log" 2>&1 & ;;
	yaegi)
		# The yaegi host passes no arguments to the program it interprets,
		# so the address goes in as the program's default.
		sed "s|^const defaultAddr = .*|const defaultAddr = \"$2\"|" bench/httpload/native/main.go >"$TMP/yaegi-http.go"
		"$YAEGI" "$TMP/yaegi-http.go" >"$TMP/server.log" 2>&1 &
		;;
	esac
	SPID=$!
	PIDS+=("$SPID")
}

# stop_server PID: SIGTERM, then SIGKILL after 5 s (nothing if PID has
# been reaped already).
stop_server() {
	local i
	[[ " ${PIDS[*]} " == *" $1 "* ]] || return 0
	kill -TERM "$1" 2>/dev/null || true
	for ((i = 0; i < 100; i++)); do
		kill -0 "$1" 2>/dev/null || break
		sleep 0.05
	done
	kill -KILL "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
	forget "$1"
}

# alive PID: the process exists and is not a zombie (an exited child
# stays a zombie until bash reaps it).
alive() {
	local st
	st=$(awk '{sub(/.*\) /, ""); print $1}' "/proc/$1/stat" 2>/dev/null) || return 1
	[[ -n $st && $st != Z ]]
}

# elapsed T0: seconds since $EPOCHREALTIME was T0.
elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.1f", b - a}'; }

# wait_ready PID ADDR: waits (at most START_TIMEOUT s) until the server has
# printed "listening on" (so it, not some other process, holds the port,
# and with -pershard every shard listens), then until it answers one
# request; returns 1 if it does not.
wait_ready() {
	local pid=$1 a=$2 t0=$EPOCHREALTIME end=$((EPOCHSECONDS + STIMEOUT))
	: >"$TMP/err"
	while ((EPOCHSECONDS < end)); do
		grep -qs 'listening on' "$TMP/server.log" && break
		alive "$pid" || break
		sleep 0.05
	done
	if ! grep -qs 'listening on' "$TMP/server.log"; then
		if alive "$pid"; then
			echo "no \"listening on\" after $(elapsed "$t0") s; still running" >"$TMP/err"
		else
			local rc=0
			wait "$pid" || rc=$?
			forget "$pid"
			echo "server exited (status $rc) after $(elapsed "$t0") s" >"$TMP/err"
		fi
		return 1
	fi
	bg /dev/null "$TMP/httpload" -probe -addr "$a" -pid "$pid" -timeout "${STIMEOUT}s" && alive "$pid"
}

# idle_rss PID ADDR: sets R0 and R1 to the server's RSS in KiB with 0 and
# with $IDLE idle connections, or returns 1.
idle_rss() {
	local pid=$1 a=$2 lp i
	sleep 0.2
	R0=$(rss_kb "$pid")
	rm -f "$TMP/idle.out" "$TMP/idle.err" # no stale "idle:" line from the last server
	"$TMP/httpload" -addr "$a" -conns "$IDLE" -idle 5s -timeout 60s >"$TMP/idle.out" 2>"$TMP/idle.err" &
	lp=$!
	PIDS+=("$lp")
	# Wait (at most 60 s) until every connection has had its answer.
	for ((i = 0; i < 1200; i++)); do
		grep -qs '^idle:' "$TMP/idle.out" && break
		[[ -s $TMP/idle.err ]] && break # it failed
		sleep 0.05
	done
	if ! grep -qs '^idle:' "$TMP/idle.out"; then
		kill -KILL "$lp" 2>/dev/null || true
		wait "$lp" 2>/dev/null || true
		forget "$lp"
		log "  idle measurement failed: $(cat "$TMP/idle.err" 2>/dev/null)"
		return 1
	fi
	sleep 0.5
	R1=$(rss_kb "$pid")
	wait "$lp" || true
	forget "$lp"
}

# overflows: the namespace's TcpExt ListenOverflows counter (connections
# dropped because an accept queue was full), or 0.
overflows() {
	awk '/^TcpExt:/ {
		if (!h) { for (i = 2; i <= NF; i++) n[i] = $i; h = 1 }
		else for (i = 2; i <= NF; i++) if (n[i] == "ListenOverflows") v = $i
	} END { print v + 0 }' /proc/net/netstat 2>/dev/null || echo 0
}

# field KEY LINE: the value of KEY=value in LINE.
field() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$2"; }

declare -A TPUT P50 P99 MAXL WALL CONN OVF RSS0 RSS1 STATUS
for c in "${CONNS[@]}"; do
	for s in "${SERVERS[@]}"; do
		k="$s/$c"
		a=$(addr "$PORT")
		PORT=$((PORT + 1))
		log "$s: $c connections x ${REQS[$c]} requests on $a"
		start_server "$s" "$a"
		pid=$SPID
		if ! wait_ready "$pid" "$a"; then
			STATUS[$k]="FAIL(start)"
			log "  server did not come up: $(cat "$TMP/err" "$TMP/server.log" 2>/dev/null)"
			stop_server "$pid"
			continue
		fi
		if ((IDLE > 0)) && idle_rss "$pid" "$a"; then
			RSS0[$k]=$R0
			RSS1[$k]=$R1
			log "  idle RSS: $R0 KiB, $R1 KiB with $IDLE connections"
		fi
		for ((run = 1; run <= RUNS; run++)); do
			ovf0=$(overflows)
			if ! bg "$TMP/load.out" "$TMP/httpload" -addr "$a" -conns "$c" -reqs "${REQS[$c]}" \
				-timeout "${LTIMEOUT}s"; then
				STATUS[$k]="FAIL(load)"
				log "  load failed: $(cat "$TMP/err")"
				break
			fi
			ovf=$(($(overflows) - ovf0))
			line=$(cat "$TMP/load.out")
			log "  $line listen_overflows=$ovf"
			t=$(field reqs_per_s "$line")
			if [[ ${STATUS[$k]:-} != ok ]] || ((t > TPUT[$k])); then
				TPUT[$k]=$t
				P50[$k]=$(field p50_us "$line")
				P99[$k]=$(field p99_us "$line")
				MAXL[$k]=$(field max_us "$line")
				WALL[$k]=$(field wall_s "$line")
				CONN[$k]=$(field connect_s "$line")
				OVF[$k]=$ovf
				STATUS[$k]=ok
			fi
		done
		alive "$pid" || { STATUS[$k]="FAIL(server died)" && log "  $(cat "$TMP/server.log")"; }
		stop_server "$pid"
	done
done

ms() { awk -v u="$1" 'BEGIN {printf "%.2f", u / 1000}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}'; }

echo
echo "GET / keep-alive; best of $RUNS runs; sharded: $SHARDS shards; $(nproc) CPUs; $(go version | cut -d' ' -f3); ulimit -n $(ulimit -n); load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %6s %8s %7s %6s %7s %10s %9s %9s %9s %8s %8s\n' \
	server conns reqs conn_s ovf wall_s reqs/s p50_ms p99_ms max_ms tput_x p99_x
for c in "${CONNS[@]}"; do
	for s in "${SERVERS[@]}"; do
		k="$s/$c"
		if [[ ${STATUS[$k]:-} != ok ]]; then
			printf '%-8s %6s %8s %s\n' "$s" "$c" $((c * REQS[$c])) "${STATUS[$k]:-FAIL}"
			continue
		fi
		tx=- px=-
		if [[ $s != native && ${STATUS[native/$c]:-} == ok ]]; then
			tx=$(ratio "${TPUT[$k]}" "${TPUT[native/$c]}")
			px=$(ratio "${P99[$k]}" "${P99[native/$c]}")
		fi
		printf '%-8s %6s %8s %7s %6s %7s %10s %9s %9s %9s %8s %8s\n' "$s" "$c" $((c * REQS[$c])) \
			"${CONN[$k]}" "${OVF[$k]}" "${WALL[$k]}" "${TPUT[$k]}" "$(ms "${P50[$k]}")" "$(ms "${P99[$k]}")" \
			"$(ms "${MAXL[$k]}")" "$tx" "$px"
	done
done
if ((IDLE > 0)); then
	echo
	echo "idle memory: server RSS (KiB) with 0 and with $IDLE idle keep-alive connections (one"
	echo "request answered on each), measured on the fresh server of each row above, before its load runs"
	printf '%-8s %6s %10s %10s %14s\n' server conns rss0_kb "rss${IDLE}_kb" bytes/idle_conn
	for c in "${CONNS[@]}"; do
		for s in "${SERVERS[@]}"; do
			k="$s/$c"
			if [[ -z ${RSS1[$k]:-} ]]; then
				printf '%-8s %6s %s\n' "$s" "$c" "-"
				continue
			fi
			printf '%-8s %6s %10s %10s %14s\n' "$s" "$c" "${RSS0[$k]}" "${RSS1[$k]}" \
				$(((RSS1[$k] - RSS0[$k]) * 1024 / IDLE))
		done
	done
fi
