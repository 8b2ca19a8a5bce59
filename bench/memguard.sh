#!/usr/bin/env bash
# bench/memguard.sh: what the memory limit's accounting costs (issue 20).
#
# Runs workloads under cachegrind with the run's memory limit off
# (SPINDLE_MEMLIMIT=off) and on (the default limit), on one shard with
# GOMAXPROCS=1 and the host's collector off (GOGC=off: a collection's
# instruction count depends on its timing; the guard's own work after one
# is one metrics read), and prints the host instructions per operation each way:
# the workload at size N minus its start-up run (size BASEN, or its setup
# run), so that compiling is not counted. Instruction counts, unlike
# times, do not move with the machine's load.
#
#   bench/memguard.sh                 # words bytes spawn skynet pingpong
#   bench/memguard.sh words=200000    # NAME=N sets a workload's size
#   SPINDLE_BIN=/path/to/spindle bench/memguard.sh
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A SIZE=([words]=100000 [bytes]=20000 [spawn]=10000 [skynet]=100000 [pingpong]=100000)
declare -A BASE=([words]="100000 setup" [bytes]="20000 setup" [spawn]=1 [skynet]=1 [pingpong]=2)
names=()
for arg in "$@"; do
	case $arg in
	*=*)
		w=${arg%%=*}
		SIZE[$w]=${arg#*=}
		[[ ${BASE[$w]} != *setup ]] || BASE[$w]="${arg#*=} setup"
		names+=("$w")
		;;
	*) names+=("$arg") ;;
	esac
done
[ ${#names[@]} -gt 0 ] || names=(words bytes spawn skynet pingpong)

bin=${SPINDLE_BIN:-}
if [ -z "$bin" ]; then
	bin=$(mktemp -d)/spindle
	go build -o "$bin" ./cmd/spindle
fi

# irefs LIMIT ARGS...: the run's instruction count.
irefs() {
	local limit=$1
	shift
	GOGC=off SPINDLE_MEMLIMIT=$limit GOMAXPROCS=1 SPINDLE_SHARDS=1 valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file=/dev/null "$bin" run "$@" 2>&1 >/dev/null |
		sed -n 's/.*I *refs: *//p' | tr -d ,
}

printf '%-9s %8s %14s %14s %9s\n' workload N 'instr/op off' 'instr/op on' overhead
for w in "${names[@]}"; do
	n=${SIZE[$w]}
	read -r -a base <<<"${BASE[$w]}"
	ops=$n
	[ "${base[1]:-}" = setup ] || ops=$((n - base[0]))
	declare -A per=()
	for limit in off ''; do
		full=$(irefs "$limit" "bench/$w/main.go" "$n")
		start=$(irefs "$limit" "bench/$w/main.go" "${base[@]}")
		per[${limit:-on}]=$(echo "scale=2; ($full - $start) / $ops" | bc)
	done
	printf '%-9s %8s %14s %14s %8s%%\n' "$w" "$n" "${per[off]}" "${per[on]}" \
		"$(echo "scale=2; 100 * (${per[on]} - ${per[off]}) / ${per[off]}" | bc)"
done
