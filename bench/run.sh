#!/usr/bin/env bash
# bench/run.sh: run the spindle benchmark workloads natively and under
# spindle, and print a table of per-operation costs.
#
# usage: bench/run.sh [-quick] [name[=N]...]
#
#   -quick       use problem sizes 10x smaller (fib: N-5, ~11x fewer calls)
#   name         run only these workloads (default: all); hello always runs
#   name=N       run this workload with problem size N
#
# environment:
#   SPINDLE_BIN        use this spindle binary instead of building ./cmd/spindle
#   BENCH_RUNS         timed spindle runs per measurement, best is kept
#                      (default 3)
#   NATIVE_RUNS        the same for native runs (default 5; they are cheap)
#   HELLO_RUNS         the same for the start-up runs (hello, and each
#                      workload's base run at size 1; default 10)
#   BENCH_TIMEOUT      limit for one run, in seconds (default 120)
#   NATIVE_GOMAXPROCS  if set, GOMAXPROCS for the native runs only
#   RSS_METHOD         "time" (/usr/bin/time -f %M) or "proc" (poll VmHWM);
#                      default: time if /usr/bin/time is GNU time, else proc
#   BENCH_TSV          if set, also append machine-readable rows to this file
#
# See bench/README.md for what each workload measures and how the numbers
# are computed.
set -euo pipefail

SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
ROOT=$(dirname "$(dirname "$SELF")")
cd "$ROOT"

ALL=(fib loop words bytes json hashzip pingpong ring spawn skynet parked)
declare -A SIZE=(
	[fib]=32 [loop]=50000000 [words]=1000000 [bytes]=200000 [json]=5 [hashzip]=16 [pingpong]=1000000
	[ring]=1000000 [spawn]=100000 [skynet]=1000000 [parked]=100000
)
declare -A QUICK=(
	[fib]=27 [loop]=5000000 [words]=100000 [bytes]=20000 [json]=1 [hashzip]=2 [pingpong]=100000
	[ring]=100000 [spawn]=10000 [skynet]=100000 [parked]=10000
)
# Each workload's own start-up run (problem size BASEN): its best time is
# the base subtracted from the workload's (words, bytes and json use their setup
# runs).
declare -A BASEN=(
	[fib]=1 [loop]=1 [pingpong]=2 [ring]=1 [spawn]=1 [skynet]=1 [parked]=1
)
declare -A UNIT=(
	[fib]=call [loop]=iteration [words]=word [bytes]=line [json]=trip [hashzip]=MB [pingpong]=message
	[ring]=hop [spawn]=goroutine [skynet]=goroutine [parked]=goroutine
)

usage() {
	sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$SELF"
	exit "${1:-0}"
}

quick=0
names=()
declare -A OVERRIDE=()
for arg in "$@"; do
	case $arg in
	-quick | --quick) quick=1 ;;
	-h | -help | --help) usage 0 ;;
	-*) echo "run.sh: unknown option $arg" >&2 && usage 2 ;;
	*)
		name=${arg%%=*}
		if [[ -z ${UNIT[$name]+x} ]]; then
			echo "run.sh: unknown workload $name (have: ${ALL[*]})" >&2
			exit 2
		fi
		if [[ $arg == *=* ]]; then
			n=${arg#*=}
			if ! [[ $n =~ ^[0-9]+$ ]]; then
				echo "run.sh: bad size in $arg" >&2
				exit 2
			fi
			OVERRIDE[$name]=$n
		fi
		names+=("$name")
		;;
	esac
done
if ((${#names[@]} == 0)); then
	names=("${ALL[@]}")
fi

RUNS=${BENCH_RUNS:-3}
NATIVE_RUNS=${NATIVE_RUNS:-5}
HELLO_RUNS=${HELLO_RUNS:-10}
TIMEOUT=${BENCH_TIMEOUT:-120}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/spindle-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# ---------------------------------------------------------------- helpers

# now_ns sets NOW to the wall clock in nanoseconds. $EPOCHREALTIME
# (bash 5) avoids forking date(1) around every run; date +%s%N is the
# fallback. (It sets a variable rather than printing so that callers need
# no command substitution, which would fork.)
now_ns() {
	if [[ -n ${EPOCHREALTIME:-} ]]; then
		local t=${EPOCHREALTIME//[!0-9]/}
		NOW=$((10#$t * 1000))
	else
		NOW=$(date +%s%N)
	fi
}

# fibnum n: the n-th Fibonacci number.
fibnum() {
	local a=0 b=1 i t
	for ((i = 0; i < $1; i++)); do
		t=$((a + b))
		a=$b
		b=$t
	done
	echo "$a"
}

# ops name n: the number of operations (of unit UNIT[name]) in one run.
ops() {
	local name=$1 n=$2
	case $name in
	fib) echo $((2 * $(fibnum $((n + 1))) - 1)) ;;           # calls(n)
	pingpong) echo $((2 * (n / 2))) ;;                      # messages
	skynet) echo $(((10 * n - 1) / 9)) ;;                   # goroutines in the tree
	*) echo "$n" ;;
	esac
}

# set_cmd runner name: set the CMD array to the command (minus the
# workload's arguments) that runs workload name under runner (native or
# spindle). Spindle runs are `spindle run bench/NAME/main.go ARGS...`,
# from the repository root.
set_cmd() {
	local runner=$1 name=$2
	if [[ $runner == native ]]; then
		CMD=("$WORK/native/$name")
	else
		CMD=("$SPINDLE" run "bench/$name/main.go")
	fi
}

# run_once runner outfile args...: run the command set by set_cmd with
# args, stdout to outfile (stderr to outfile.err). Sets ELAPSED (ns) and RC.
run_once() {
	local runner=$1 out=$2
	shift 2
	local s
	RC=0
	now_ns
	s=$NOW
	if [[ $runner == native && -n ${NATIVE_GOMAXPROCS:-} ]]; then
		GOMAXPROCS=$NATIVE_GOMAXPROCS timeout "$TIMEOUT" "${CMD[@]}" "$@" \
			>"$out" 2>"$out.err" </dev/null || RC=$?
	else
		timeout "$TIMEOUT" "${CMD[@]}" "$@" >"$out" 2>"$out.err" </dev/null || RC=$?
	fi
	now_ns
	ELAPSED=$((NOW - s))
}

# measure runner name tag args...: best-of-N wall time of workload
# name under runner. Sets BEST (ns, empty on failure), OUT (the stdout
# file of the first run) and WHY (failure reason). If the runner is
# spindle, every run's stdout is compared with the native one in
# $WORK/native-$tag.out; a difference is a MISMATCH.
measure() {
	local runner=$1 name=$2 tag=$3
	shift 3
	set_cmd "$runner" "$name"
	BEST='' WHY='' OUT=$WORK/$runner-$tag.out
	local i f runs=$RUNS
	if [[ $name == hello || $tag == *-base ]]; then
		runs=$HELLO_RUNS
	elif [[ $runner == native ]]; then
		runs=$NATIVE_RUNS
	fi
	for ((i = 0; i < runs; i++)); do
		f=$OUT
		((i == 0)) || f=$WORK/$runner-$tag.out.$i
		run_once "$runner" "$f" "$@"
		if ((RC != 0)); then
			if ((RC == 124)); then
				WHY="FAIL(timeout ${TIMEOUT}s)"
			else
				WHY="FAIL(exit $RC)"
			fi
			echo "  $runner $name $*: $WHY; stderr:" >&2
			head -n 5 "$f.err" | sed 's/^/    /' >&2
			BEST=
			return
		fi
		if [[ $runner == spindle && -z $WHY ]] && ! cmp -s "$f" "$WORK/native-$tag.out"; then
			WHY=MISMATCH
			{
				echo "  MISMATCH $name $* (native vs spindle output):"
				{ diff "$WORK/native-$tag.out" "$f" || true; } | head -n 10 | sed "s/^/    /"
			} >&2
		fi
		if [[ -z $BEST ]] || ((ELAPSED < BEST)); then
			BEST=$ELAPSED
		fi
	done
}

# peak_rss runner name args...: peak RSS in KiB of one run. Sets RSS
# (empty on failure).
peak_rss() {
	local runner=$1 name=$2
	shift 2
	set_cmd "$runner" "$name"
	local env=()
	if [[ $runner == native && -n ${NATIVE_GOMAXPROCS:-} ]]; then
		env=(env "GOMAXPROCS=$NATIVE_GOMAXPROCS")
	fi
	RSS=
	local out=$WORK/rss.out rc=0
	if [[ $RSS_METHOD == time ]]; then
		"${env[@]}" /usr/bin/time -f %M -o "$WORK/rss.time" \
			timeout "$TIMEOUT" "${CMD[@]}" "$@" >"$out" 2>"$out.err" </dev/null || rc=$?
		# timeout(1) is the child of time(1); its own child is the
		# workload. %M is the largest maxrss among the waited-for
		# descendants, i.e. the workload's.
		if ((rc == 0)); then
			RSS=$(tail -n 1 "$WORK/rss.time")
		fi
	else
		# Poll VmHWM (the kernel's own peak-RSS counter) every ~2ms until
		# the process exits; HWM only grows, so the last value read is
		# the peak, give or take growth in the final poll interval. No
		# forks in the loop: read from /proc with the read builtin, and
		# sleep with a timed read on a pipe that never gets data. No
		# timeout(1) here: the polled pid must be the workload itself.
		"${env[@]}" "${CMD[@]}" "$@" >"$out" 2>"$out.err" </dev/null &
		local pid=$! hwm=0 k v _ pfd
		exec {pfd}<> <(:)
		while kill -0 "$pid" 2>/dev/null; do
			while read -r k v _; do
				if [[ $k == VmHWM: ]]; then
					((v > hwm)) && hwm=$v
					break
				fi
			done 2>/dev/null <"/proc/$pid/status" || true
			read -r -t 0.002 -u "$pfd" _ || true
		done
		exec {pfd}>&-
		wait "$pid" || rc=$?
		if ((rc == 0)); then
			RSS=$hwm
		fi
	fi
	if ((rc != 0)); then
		echo "  $runner $name $* (rss run): FAIL(exit $rc)" >&2
	fi
}

# per_op total_ns base_ns ops: ns per operation, or "~0" if the net time
# is not positive.
per_op() {
	awk -v t="$1" -v b="$2" -v n="$3" 'BEGIN {
		d = t - b
		if (d <= 0 || n <= 0) { print "~0"; exit }
		v = d / n
		if (v >= 100) printf "%.0f\n", v
		else if (v >= 10) printf "%.1f\n", v
		else printf "%.2f\n", v
	}'
}

ratio() {
	if [[ $1 == "~0" || $2 == "~0" || $1 == - || $2 == - ]]; then
		echo "n/a"
		return
	fi
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx\n", b / a }'
}

FMT="%-9s %11s  %-10s %12s %12s %9s  %s\n"
row() {
	# shellcheck disable=SC2059
	printf "$FMT" "$@"
	if [[ -n ${BENCH_TSV:-} && $1 != -------- ]]; then
		local IFS=$'\t'
		echo "$*" >>"$BENCH_TSV"
	fi
}

# ------------------------------------------------------------------ build

if [[ -z ${RSS_METHOD:-} ]]; then
	if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
		RSS_METHOD='time'
	else
		RSS_METHOD=proc
	fi
fi

echo "building native workloads..." >&2
mkdir -p "$WORK/native"
for name in hello "${names[@]}"; do
	go build -o "$WORK/native/$name" "./bench/$name"
done

have_spindle=1
if [[ -n ${SPINDLE_BIN:-} ]]; then
	SPINDLE=$SPINDLE_BIN
	if [[ ! -x $SPINDLE ]]; then
		echo "run.sh: SPINDLE_BIN=$SPINDLE is not executable" >&2
		exit 2
	fi
else
	echo "building spindle..." >&2
	SPINDLE=$WORK/spindle
	if ! go build -o "$SPINDLE" ./cmd/spindle; then
		echo "run.sh: building ./cmd/spindle failed; native numbers only" >&2
		have_spindle=0
	fi
fi

# ------------------------------------------------------------------ run

echo "$(nproc 2>/dev/null || echo '?') CPUs, $(go version | cut -d' ' -f3-)," \
	"best of $RUNS spindle / $NATIVE_RUNS native / $HELLO_RUNS hello runs${NATIVE_GOMAXPROCS:+, native GOMAXPROCS=$NATIVE_GOMAXPROCS}"
echo
row workload N unit "native ns/op" "spindle ns/op" ratio note
row -------- - ---- ------------ ------------- ----- ----

# Start-up cost of each runner: subtracted from every other workload.
measure native hello hello
nat_base=$BEST
if [[ -z $nat_base ]]; then
	echo "run.sh: native hello failed" >&2
	exit 1
fi
spi_base='' spi_note=''
if ((have_spindle)); then
	measure spindle hello hello
	spi_base=$BEST
	spi_note=$WHY
else
	spi_note="FAIL(build)"
fi
if [[ -n $spi_base ]]; then
	row hello 1 start-up "$nat_base" "$spi_base" "$(ratio "$nat_base" "$spi_base")" \
		"${spi_note:-whole run, not subtracted}"
else
	row hello 1 start-up "$nat_base" - n/a "$spi_note"
fi

for name in "${names[@]}"; do
	if [[ -n ${OVERRIDE[$name]+x} ]]; then
		n=${OVERRIDE[$name]}
	elif ((quick)); then
		n=${QUICK[$name]}
	else
		n=${SIZE[$name]}
	fi
	nops=$(ops "$name" "$n")
	unit=${UNIT[$name]}

	# words, bytes, json and hashzip: the "setup" run (same start-up, no work) is the base
	# instead of hello.
	measure native "$name" "$name" "$n"
	nat_t=$BEST
	note=${WHY:+native $WHY}
	nat_b=$nat_base
	if [[ ($name == words || $name == bytes || $name == json || $name == hashzip) && -n $nat_t ]]; then
		measure native "$name" "$name-setup" "$n" setup
		nat_b=$BEST
	elif [[ -n ${BASEN[$name]+x} && -n $nat_t ]]; then
		measure native "$name" "$name-base" "${BASEN[$name]}"
		nat_b=$BEST
	fi
	if [[ -z $nat_t || -z $nat_b ]]; then
		row "$name" "$n" "$unit" FAIL - n/a "native failed"
		continue
	fi
	nat_op=$(per_op "$nat_t" "$nat_b" "$nops")

	spi_op=-
	if [[ -z $spi_base ]]; then
		note=${note:-$spi_note}
	else
		measure spindle "$name" "$name" "$n"
		spi_t=$BEST
		spi_why=$WHY
		spi_b=$spi_base
		if [[ ($name == words || $name == bytes || $name == json || $name == hashzip) && -n $spi_t ]]; then
			measure spindle "$name" "$name-setup" "$n" setup
			spi_b=$BEST
			spi_why=${spi_why:-$WHY}
		elif [[ -n ${BASEN[$name]+x} && -n $spi_t ]]; then
			measure spindle "$name" "$name-base" "${BASEN[$name]}"
			spi_b=$BEST
			spi_why=${spi_why:-$WHY}
		fi
		if [[ -n $spi_t && -n $spi_b ]]; then
			spi_op=$(per_op "$spi_t" "$spi_b" "$nops")
		else
			spi_op=FAIL
		fi
		note=${spi_why:-$note}
	fi
	if [[ $spi_op == FAIL ]]; then
		r=n/a
	else
		r=$(ratio "$nat_op" "$spi_op")
	fi
	if [[ -z $note ]]; then
		note="out: $(head -n 1 "$WORK/native-$name.out")"
	fi
	row "$name" "$n" "$unit" "$nat_op" "$spi_op" "$r" "$note"
done

# ---------------------------------------------------------------- memory

for name in "${names[@]}"; do
	[[ $name == parked ]] || continue
	n=${OVERRIDE[parked]:-}
	if [[ -z $n ]]; then
		if ((quick)); then n=${QUICK[parked]}; else n=${SIZE[parked]}; fi
	fi
	echo
	echo "memory: peak RSS of parked N vs parked 1 (via $RSS_METHOD)"
	printf "%-8s %10s %12s %12s %14s\n" runner N "RSS(N) KiB" "RSS(1) KiB" "bytes/goroutine"
	for runner in native spindle; do
		if [[ $runner == spindle && -z $spi_base ]]; then
			printf "%-8s %10s %12s %12s %14s\n" "$runner" "$n" - - FAIL
			continue
		fi
		peak_rss "$runner" parked "$n"
		big=$RSS
		peak_rss "$runner" parked 1
		small=$RSS
		if [[ -n $big && -n $small ]] && ((n > 0)); then
			per=$(((big - small) * 1024 / n))
			printf "%-8s %10s %12s %12s %14s\n" "$runner" "$n" "$big" "$small" "$per"
			if [[ -n ${BENCH_TSV:-} ]]; then
				printf "parked-rss\t%s\t%s\t%s\t%s\t%s\n" "$runner" "$n" "$big" "$small" "$per" >>"$BENCH_TSV"
			fi
		else
			printf "%-8s %10s %12s %12s %14s\n" "$runner" "$n" "${big:--}" "${small:--}" FAIL
		fi
	done
done

# Whole-run peak RSS of the workloads that hold data (words' map, bytes'
# buffers), against native's.
rss_names=()
for name in "${names[@]}"; do
	[[ $name == words || $name == bytes ]] && rss_names+=("$name")
done
if ((${#rss_names[@]})); then
	echo
	echo "memory: peak RSS of the whole run (via $RSS_METHOD)"
	printf "%-8s %10s %14s %14s %9s\n" workload N "native KiB" "spindle KiB" ratio
	for name in "${rss_names[@]}"; do
		n=${OVERRIDE[$name]:-}
		if [[ -z $n ]]; then
			if ((quick)); then n=${QUICK[$name]}; else n=${SIZE[$name]}; fi
		fi
		peak_rss native "$name" "$n"
		nat=$RSS
		spi=
		if [[ -n $spi_base ]]; then
			peak_rss spindle "$name" "$n"
			spi=$RSS
		fi
		r=n/a
		if [[ -n $nat && -n $spi ]]; then
			r=$(awk -v a="$nat" -v b="$spi" 'BEGIN { printf "%.1fx\n", b / a }')
		fi
		printf "%-8s %10s %14s %14s %9s\n" "$name" "$n" "${nat:--}" "${spi:-FAIL}" "$r"
		if [[ -n ${BENCH_TSV:-} ]]; then
			printf "%s-rss\t%s\t%s\t%s\t%s\n" "$name" "$n" "${nat:--}" "${spi:-FAIL}" "$r" >>"$BENCH_TSV"
		fi
	done
fi
