#!/bin/sh
# Start-up, cold and warm: each program run with an empty compile cache
# (cold: every run type-checks, compiles and writes the entry) and with the cache its first
# run filled (warm), N runs each (default 5), whole-process wall time from
# /usr/bin/time, min-max. Programs: hello world (spindle's own std), a
# program importing encoding/json and text/template, an httptest server
# and an http.Get of it (net/http), and a module of 20 packages of its own
# (testdata/tree, through go list). Prints a markdown table.
#
#   SPINDLE_BIN=/tmp/sf bench/startup/startup.sh [N]
set -e
cd "$(dirname "$0")"
bin=${SPINDLE_BIN:-spindle}
n=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# walltimes DIR ARGS...: N wall times of spindle run ARGS in DIR, sorted.
walltimes() {
	d=$1
	shift
	i=0
	while [ $i -lt $n ]; do
		[ -z "$fresh" ] || rm -rf "$SPINDLE_CACHE"
		(cd "$d" && /usr/bin/time -f %e -o "$tmp/t" "$bin" run "$@" >/dev/null 2>&1)
		cat "$tmp/t"
		i=$((i + 1))
	done | sort -n | awk 'NR==1{a=$1} {b=$1} END{printf "%s-%s s", a, b}'
}
echo "| program | cold | warm |"
echo "| --- | --- | --- |"
for p in "hello:../../examples/hello:main.go" "json + template:testdata/jsontemplate:main.go" "net/http:testdata/nethttp:main.go" "20-package module:testdata/tree:."; do
	name=${p%%:*}
	rest=${p#*:}
	dir=${rest%%:*}
	arg=${rest#*:}
	export SPINDLE_CACHE="$tmp/cold"
	cold=$(fresh=1 walltimes "$dir" "$arg")
	export SPINDLE_CACHE="$tmp/cache"
	(cd "$dir" && "$bin" run "$arg" >/dev/null 2>&1) || true
	warm=$(walltimes "$dir" "$arg")
	unset SPINDLE_CACHE
	echo "| $name | $cold | $warm |"
done
