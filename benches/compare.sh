#!/usr/bin/env bash
# Side by side in one run: the C++ and C reference solvers (see the README's
# References), this crate's examples on the same inputs, the exhaustive atlases,
# 横刀立马 through `blocks` beside `klotski`, and the paired rounds against the
# `pathfinding` crate (benches/benches/versus.rs).
#
#   benches/compare.sh  RUNS=21 (whole-process runs per row), ROUNDS=11 (versus
#                          rounds), ATLAS=0 skips the atlases, VERSUS=0 the versus
#                          bench, BLOCKS=0 the blocks bench, BASELINES=path/to/baselines
#
# Whole-process times are medians of RUNS runs (nanosecond clock), peak memory
# from /usr/bin/time. The machine may be shared: compare the ratios of one run.
set -euo pipefail
cd "$(dirname "$0")/.."   # the repository root
baselines=${BASELINES:-../shared/baselines}
runs=${RUNS:-21}
rounds=${ROUNDS:-11}
boards=tests/data/knights_hard.txt
korf2=$(mktemp)
korf12=$(mktemp)
trap 'rm -f "$korf2" "$korf12"' EXIT
# Korf's instance 2 (55 moves), with its number first, as the reference reads it.
echo "2 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6" >"$korf2"
# The first 12 of Korf's instances that take the Manhattan distance fewer than
# 70 M nodes (235 M nodes in all, about two seconds): long enough for a ratio.
awk '!/^#/ && $3 < 70000000 { print $1 }' tests/data/korf100.ans | head -n 12 |
  awk 'NR == FNR { keep[$1]; next } !/^#/ && ($1 in keep)' - tests/data/korf100.txt >"$korf12"
target=${CARGO_TARGET_DIR:-target}/release/examples

maze=tests/data/movingai/maze512-32-9.map
maze_scen=tests/data/movingai/maze512-32-9.sample100.map.scen

cargo build --release --quiet --example klotski --example knights --example sliding --example atlas --example grid --example blocks
"$baselines/run.sh" klotski >/dev/null           # builds the references on first use
echo 0 | "$baselines/run.sh" knights >/dev/null
"$baselines/run.sh" fifteen <"$korf2" >/dev/null
"$baselines/run.sh" grid "$maze" "$maze_scen" >/dev/null

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

# median_of COMMAND...: the median of the numbers COMMAND prints, one a run.
median_of() {
  for _ in $(seq "$runs"); do "$@"; done | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2)'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }

row() { # LABEL INPUT COMMAND...: prints the row, keeps the median in $last
  local label=$1; shift
  last=$(median_ms "$@")
  printf '| %s | %s ms | %s KiB |\n' "$label" "$last" "$(peak_kib "$@")"
}

echo "## Whole process (median of $runs runs)"
echo
echo "| whole process | median | peak memory |"
echo "| --- | --- | --- |"
row "C++ klotski_bfs, 横刀立马" /dev/null "$baselines/run.sh" klotski; cpp_klotski=$last
row "klotski example (bfs), 横刀立马" /dev/null "$target/klotski"; ours_klotski=$last
row "klotski example (bidir), 横刀立马" /dev/null "$target/klotski" --engine bidir
row "C++ knights_dfs, 1,000 hard boards" "$boards" "$baselines/run.sh" knights; cpp_knights=$last
row "knights example (idastar), 1,000 hard boards" "$boards" "$target/knights"; ours_knights=$last
row "knights example (astar), 1,000 hard boards" "$boards" "$target/knights" --engine astar
row "C fifteen_ida, Korf instance 2" "$korf2" "$baselines/run.sh" fifteen; c_fifteen=$last
# One thread, as the C loop has: the example would search the boards on every core.
row "sliding example (idastar, Manhattan, one thread), Korf instance 2" "$korf2" "$target/sliding" --heuristic manhattan --threads 1; ours_fifteen=$last
row "C fifteen_ida, 12 Korf instances" "$korf12" "$baselines/run.sh" fifteen; c_twelve=$last
row "sliding example (idastar, Manhattan, one thread), 12 Korf instances" "$korf12" "$target/sliding" --heuristic manhattan --threads 1; ours_twelve=$last
row "sliding example (idastar, Manhattan, two threads), 12 Korf instances" "$korf12" "$target/sliding" --heuristic manhattan --threads 2
row "C grid_astar, maze512-32-9, 100 scenarios" /dev/null "$baselines/run.sh" grid "$maze" "$maze_scen"; c_grid=$last
row "grid example (astar), the same" /dev/null "$target/grid" "$maze" "$maze_scen"; ours_grid=$last
row "grid example (astar --jps), the same" /dev/null "$target/grid" --jps "$maze" "$maze_scen"; ours_jps=$last
row "blocks example, Fogleman's 51 Rush Hour puzzles" /dev/null "$target/blocks" --rush tests/data/rush/fogleman50.txt
echo
echo "Whole-process ratios (theirs / ours): 横刀立马 $(ratio "$cpp_klotski" "$ours_klotski"), knights $(ratio "$cpp_knights" "$ours_knights"), 15-puzzle: Korf 2 $(ratio "$c_fifteen" "$ours_fifteen"), 12 Korf instances $(ratio "$c_twelve" "$ours_twelve"), maze A* $(ratio "$c_grid" "$ours_grid"), maze A* with jump points $(ratio "$c_grid" "$ours_jps")."

cpp_search=$(median_of sh -c "\"$baselines/run.sh\" klotski | sed -n 's/^cost time:\([0-9.]*\)ms/\1/p'")
ours_search=$(median_of sh -c "\"$target/klotski\" --json | sed 's/.*\"elapsed_us\":\([0-9]*\).*/\1/'" | awk '{ printf "%.3f", $1 / 1000 }')
echo
echo "Search time alone, 横刀立马, one solve per process (each program's own clock, median of $runs):"
echo "C++ klotski_bfs ${cpp_search} ms, klotski example ${ours_search} ms: $(ratio "$cpp_search" "$ours_search")."

if [ "${ATLAS:-1}" != 0 ]; then
  echo
  echo "## The atlases (one run each, whole process)"
  echo
  echo "| atlas | threads | whole process | distances | components | peak memory |"
  echo "| --- | --- | --- | --- | --- | --- |"
  json=$(mktemp)
  for args in "klotski --threads 1" "klotski" "klotski --metric step" "klotski --metric slide" "knights"; do
    start=$(date +%s%N)
    mem=$(/usr/bin/time -f '%M' "$target/atlas" $args --json "$json" 2>&1 >/dev/null | tail -n 1)
    end=$(date +%s%N)
    phases=$(sed -n 's/.*"distances_ms":\([0-9]*\),"components_ms":\([0-9]*\).*/\1 ms | \2 ms/p' "$json")
    threads=$(echo "$args" | sed -n 's/.*--threads \([0-9]*\).*/\1/p')
    printf '| atlas %s | %s | %.2f s | %s | %s KiB |\n' "$args" "${threads:-all}" \
      "$(( (end - start) / 1000000 ))e-3" "${phases:-— | —}" "$mem"
  done
  rm -f "$json"
fi

if [ "${BLOCKS:-1}" != 0 ]; then
  echo
  echo "## 横刀立马 by BFS, blocks beside klotski (criterion)"
  echo
  cargo bench --quiet -p puzzle-search-benches --bench blocks -- blocks-vs-klotski 2>/dev/null |
    awk '/^blocks-vs-klotski/ { name = $1 } /time:/ { print name, $(NF-3), $(NF-2) }'
fi

if [ "${VERSUS:-1}" != 0 ]; then
  echo
  echo "## Against pathfinding, same successor function ($rounds paired rounds)"
  echo
  ROUNDS=$rounds cargo bench --quiet -p puzzle-search-benches --bench versus 2>/dev/null
fi
