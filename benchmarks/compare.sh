#!/usr/bin/env bash
# Side by side in one run: the C++ reference solvers of ../shared/baselines and
# this crate's examples on the same inputs, whole process (median of RUNS runs,
# nanosecond clock) and peak memory (/usr/bin/time).
#
#   benchmarks/compare.sh            # RUNS=21 by default; BASELINES=path/to/baselines
set -euo pipefail
cd "$(dirname "$0")/.."   # the repository root
baselines=${BASELINES:-../shared/baselines}
runs=${RUNS:-21}
boards=tests/data/knights_hard.txt
examples=${CARGO_TARGET_DIR:-target}/release/examples

cargo build --release --quiet --example klotski --example knights
"$baselines/run.sh" klotski >/dev/null           # builds the C++ on first use
echo 0 | "$baselines/run.sh" knights >/dev/null

# median_ms INPUT COMMAND...: the median wall time of RUNS runs, in milliseconds.
median_ms() {
  local input=$1; shift
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$@" <"$input" >/dev/null
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2) { printf "%.2f", $1 / 1000 }'
}

# peak_kib INPUT COMMAND...: the maximum resident set size of one run.
peak_kib() {
  local input=$1; shift
  /usr/bin/time -f '%M' "$@" <"$input" 2>&1 >/dev/null | tail -n 1
}

row() { # LABEL INPUT COMMAND...
  local label=$1; shift
  printf '| %s | %s ms | %s KiB |\n' "$label" "$(median_ms "$@")" "$(peak_kib "$@")"
}

echo "| whole process | median | peak memory |"
echo "| --- | --- | --- |"
row "C++ klotski_bfs, 横刀立马" /dev/null "$baselines/run.sh" klotski
row "puzzle-search klotski (bfs), 横刀立马" /dev/null "$examples"/klotski
row "puzzle-search klotski (bidir), 横刀立马" /dev/null "$examples"/klotski --engine bidir
row "C++ knights_dfs, 1,000 hard boards" "$boards" "$baselines/run.sh" knights
row "puzzle-search knights (idastar), 1,000 hard boards" "$boards" "$examples"/knights
row "puzzle-search knights (astar), 1,000 hard boards" "$boards" "$examples"/knights --engine astar

echo
echo "Search time alone, 横刀立马 (median of $runs):"
cpp=$(for _ in $(seq "$runs"); do "$baselines/run.sh" klotski | sed -n 's/^cost time:\([0-9.]*\)ms/\1/p'; done | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2)')
ours=$(for _ in $(seq "$runs"); do "$examples"/klotski --json | sed 's/.*"elapsed_us":\([0-9]*\).*/\1/'; done | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2) { printf "%.3f", $1 / 1000 }')
echo "  C++ klotski_bfs: ${cpp} ms"
echo "  puzzle-search bfs: ${ours} ms"
