#!/usr/bin/env bash
# Benchmark learn against cat, grep and goldmark's bare parse on generated
# memory files of fixed sizes. Prints a markdown report (machine + table) on
# stdout and progress on stderr. Needs only Go and coreutils.
#
#   bash bench/run.sh                      # 100 KB, 1 MB, 10 MB; 5 runs a cell
#   bash bench/run.sh --quick              # 100 KB and 1 MB, 3 runs a cell
#   bash bench/run.sh --results bench/RESULTS.md
set -euo pipefail

usage() {
	cat <<'USAGE'
usage: bash bench/run.sh [flags]

  --runs N         timed runs per cell, after one warm-up run (default 5)
  --big-runs N     timed runs for store and compact on files of 5 MB or more (default 3)
  --sizes "LIST"   file sizes, bytes or with a k/m suffix (default "100k 1m 10m")
  --seed N         generator seed; the same seed gives the same files (default 1)
  --budget S       stop adding runs to a cell once they took S seconds (default 30);
                   a warm-up slower than that is the cell's only run
  --timeout S      kill a run after S seconds and show the cell as a timeout (default 60)
  --quick          same as --runs 3 --sizes "100k 1m"
  --results FILE   also write the report to FILE (e.g. bench/RESULTS.md)
  --learn PATH     time this learn binary instead of building ./cmd/learn
  --keep           keep the work directory (generated files, binaries)
  -h, --help       show this help

Every cell is the median wall time of N runs of a separate process, measured
by bench/timeit (which also reports peak RSS), so learn, cat, grep and the
goldmark helper are timed the same way. A command that fails shows as
"n/a (exit N)" and the run goes on, so commands not implemented yet do not
break the script.
USAGE
}

runs=5 big_runs=3 sizes="100k 1m 10m" seed=1 budget=30 timeout=60 results="" learn_bin="" keep=0
while (($#)); do
	case $1 in
	--runs) runs=$2; shift ;;
	--big-runs) big_runs=$2; shift ;;
	--sizes) sizes=$2; shift ;;
	--seed) seed=$2; shift ;;
	--budget) budget=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--quick) runs=3 sizes="100k 1m" ;;
	--results) results=$2; shift ;;
	--learn) learn_bin=$(realpath "$2"); shift ;;
	--keep) keep=1 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "run.sh: unknown flag $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/learn-bench.XXXXXX")
cleanup() {
	if ((keep)); then echo "work directory kept: $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

say() { echo "$*" >&2; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
# The commit is read now, from the tree learn is built from: the report's
# own file, rewritten at the end, must not count as a change.
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
[[ -n $(git -C "$root" status --porcelain 2>/dev/null) ]] && commit="$commit (with uncommitted changes)"
say "building into $work/bin"
mkdir -p "$work/bin"
(
	cd "$root"
	go build -o "$work/bin/timeit" ./bench/timeit
	go build -o "$work/bin/goldparse" ./bench/goldparse
	go build -o "$work/bin/genmem" ./bench/genmem
	if [[ -z $learn_bin ]]; then go build -o "$work/bin/learn" ./cmd/learn; fi
)
learn=${learn_bin:-$work/bin/learn}
timeit=$work/bin/timeit

label() { # 100k -> 100 KB, 1m -> 1 MB
	local s=${1,,}
	case $s in
	*k) echo "${s%k} KB" ;;
	*m) echo "${s%m} MB" ;;
	*) echo "$s B" ;;
	esac
}

bytes_of() {
	local s=${1,,}
	case $s in
	*k) echo $((${s%k} * 1024)) ;;
	*m) echo $((${s%m} * 1024 * 1024)) ;;
	*) echo "$s" ;;
	esac
}

declare -A med minimum rss stdout_bytes nruns status cpu_ms
names=()
goldinfo=()

# cell NAME SIZE RUNS [timeit flags] -- command...
cell() {
	local name=$1 size=$2 n=$3 line kind a b e r o c
	shift 3
	[[ " ${names[*]} " == *" $name "* ]] || names+=("$name")
	line=$("$timeit" -n "$n" -budget "${budget}s" -timeout "${timeout}s" "$@" 2>&1) ||
		line="fail ? ${line//$'\n'/ }"
	read -r kind a b _ e r o c <<<"$line"
	if [[ $kind == ok ]]; then
		nruns[$name/$size]=$r
		minimum[$name/$size]=$b
		med[$name/$size]=$a
		rss[$name/$size]=$e
		stdout_bytes[$name/$size]=$o
		cpu_ms[$name/$size]=$c
		status[$name/$size]=ok
		say "  $(printf '%-24s %10s ms' "$name" "$a")  (runs $r, min $b ms, max RSS $e KiB, stdout $o B)"
	elif [[ $kind == timeout ]]; then
		status[$name/$size]="> $a s (killed)"
		say "  $(printf '%-24s' "$name") killed after $a s"
	else
		status[$name/$size]="n/a (exit $a)"
		say "  $(printf '%-24s' "$name") n/a: exit ${line#fail }"
	fi
}

for size in $sizes; do
	dir=$work/$size
	mkdir -p "$dir/.tmp"
	master=$dir/master.md
	file=$dir/.tmp/memory-learnings.md
	"$work/bin/genmem" -seed "$seed" -size "$size" -o "$master"
	cp "$master" "$file"
	"$work/bin/genmem" -seed "$seed" -candidates "$master" -n 6 -o "$dir/candidates.md"
	"$work/bin/genmem" -seed "$((seed + 1000))" -session -n 4 -o "$dir/session.md"
	# A README for summarise to check candidates against, as in a real project.
	{
		printf '# Bench project\n\nNotes the team keeps.\n\n'
		"$work/bin/genmem" -seed "$((seed + 2000))" -session -n 40
	} >"$dir/README.md"
	goldinfo+=("$(label "$size"): $("$work/bin/goldparse" "$master")")

	n_big=$runs
	(($(bytes_of "$size") >= 5 * 1024 * 1024)) && n_big=$big_runs

	say "$(label "$size") ($(wc -c <"$master") bytes), $runs runs a cell"
	cd "$dir"
	cell "cat" "$size" "$runs" -null -- cat "$file"
	cell "grep -c (search floor)" "$size" "$runs" -- grep -c -i retry "$file"
	cell "goldmark parse" "$size" "$runs" -- "$work/bin/goldparse" "$file"
	cell "learn --version" "$size" "$runs" -expect-output -- "$learn" --version
	cell "learn recall" "$size" "$runs" -expect-output -- "$learn" recall --file "$file"
	cell "learn recall (context)" "$size" "$runs" -expect-output -- "$learn" recall --file "$file" \
		--task 'retry the sync client on gateway timeouts' --paths internal/sync/client.go,docs/api.md --branch fix/sync-retry
	cell "learn recall --all" "$size" "$runs" -expect-output -- "$learn" recall --all --file "$file"
	cell "learn summarise" "$size" "$runs" -expect-output -- "$learn" summarise --file "$file"
	cell "learn summarise -" "$size" "$runs" -expect-output -stdin "$dir/candidates.md" -- \
		"$learn" summarise --file "$file" -
	cell "learn search" "$size" "$runs" -expect-output -- "$learn" search --file "$file" retry timeout
	# lint exits 1 when it finds problems; the generated file has near-duplicates on purpose.
	cell "learn lint" "$size" "$runs" -expect-output -ok 0,1 -- "$learn" lint --file "$file"
	cell "learn stats" "$size" "$runs" -expect-output -- "$learn" stats --file "$file"
	cell "learn improve-docs" "$size" "$runs" -expect-output -- "$learn" improve-docs --file "$file"
	cell "learn store" "$size" "$n_big" -expect-output -copy "$master:$file" -stdin "$dir/session.md" -- \
		"$learn" store --file "$file" --focus "Benchmark session" --project bench
	cell "learn compact" "$size" "$n_big" -expect-output -copy "$master:$file" -- "$learn" compact --file "$file"
	cp "$master" "$file"
	cd "$root"
done

ratio() { # ratio A B -> "A/B×" with sensible precision
	awk -v a="$1" -v b="$2" 'BEGIN { r = a / b; if (r >= 10) printf "%.0f×", r; else if (r >= 0.1) printf "%.1f×", r; else printf "%.2f×", r }'
}

ms() { # 0.98 -> 0.98, 41.72 -> 41.7, 1367.92 -> 1368
	awk -v v="$1" 'BEGIN { if (v < 10) printf "%.2f", v; else if (v < 100) printf "%.1f", v; else printf "%.0f", v }'
}

kib() { awk -v v="$1" -v d="$2" 'BEGIN { printf "%.1f", v / d }'; }

report() {
	local cpu mem
	cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//') ||
		cpu=$(sysctl -n machdep.cpu.brand_string 2>/dev/null) || cpu=unknown
	mem=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null) || mem=unknown

	echo "# Benchmark results"
	echo
	echo "Produced by \`bash bench/run.sh --runs $runs --big-runs $big_runs --sizes \"$sizes\" --seed $seed --budget $budget --timeout $timeout\`."
	echo
	local cpus load_after
	cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
	load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
	if awk -v a="${load_before%% *}" -v b="${load_after%% *}" -v n="$cpus" 'BEGIN { exit !(a + 0 > n || b + 0 > n) }'; then
		echo "> Warning: the machine was busy (load average ${load_before%% *} before, ${load_after%% *} after, on $cpus CPUs)"
		echo "> while this ran, so these numbers are slower than on an idle machine."
		echo
	fi
	echo "## Machine"
	echo
	echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "- CPU: ${cpu:-unknown}, $cpus logical CPUs"
	echo "- Memory: $mem"
	echo "- OS: $(uname -sr)"
	echo "- Load average (1, 5, 15 min) before the run: $load_before; after: $load_after"
	echo "- Go: $(go version | cut -d' ' -f3-)"
	echo "- learn: commit $commit"
	echo "- goldmark in-process parse (one run):"
	for g in "${goldinfo[@]}"; do echo "  - $g"; done
	echo
	echo "## Summary"
	echo
	echo "Median wall time in ms of each command as a separate process (details below)."
	echo
	local size name key g c
	printf '| command |'
	for size in $sizes; do printf ' %s |' "$(label "$size")"; done
	printf '\n|---|'
	for size in $sizes; do printf -- '--:|'; done
	printf '\n'
	for name in "${names[@]}"; do
		printf '| `%s` |' "$name"
		for size in $sizes; do
			key=$name/$size
			if [[ ${status[$key]:-} == ok ]]; then
				printf ' %s |' "$(ms "${med[$key]}")"
			else
				printf ' %s |' "${status[$key]:-n/a}"
			fi
		done
		printf '\n'
	done
	echo
	echo "The whole-file commands against \`learn recall\` on the same file (goal: within 3×), by"
	echo "wall time and, in brackets, by CPU time (user + system), which a busy machine distorts less:"
	echo
	printf '| command |'
	for size in $sizes; do printf ' %s |' "$(label "$size")"; done
	printf '\n|---|'
	for size in $sizes; do printf -- '--:|'; done
	printf '\n'
	for name in "learn lint" "learn stats" "learn improve-docs"; do
		printf '| `%s` |' "$name"
		for size in $sizes; do
			key=$name/$size
			if [[ ${status[$key]:-} == ok && ${status[learn recall/$size]:-} == ok ]]; then
				printf ' %s (%s CPU) |' "$(ratio "${med[$key]}" "${med[learn recall/$size]}")" \
					"$(ratio "${cpu_ms[$key]}" "${cpu_ms[learn recall/$size]}")"
			else
				printf ' n/a |'
			fi
		done
		printf '\n'
	done
	echo
	echo "## Details"
	echo
	echo "Median wall time of separate processes: one warm-up run, then up to $runs timed runs"
	echo "($big_runs for store and compact on files of 5 MB or more; each of those runs starts"
	echo "from a fresh copy of the file, copied outside the timing). A cell stops adding runs"
	echo "once they took $budget s, and a warm-up slower than that is its only run (see"
	echo "\"runs\"); a run still going after $timeout s is killed. \"× goldmark\" divides by"
	echo "the goldmark helper's median on the same file (a process that reads the file and"
	echo "parses it with goldmark's default parser, nothing else); \"× cat\" by \`cat\`'s."
	echo "Max RSS is the highest peak resident memory over the timed runs; stdout is what"
	echo "the command printed (through a pipe; \`cat\` writes to /dev/null)."
	echo
	echo "| command | file | median ms | min ms | runs | × goldmark | × cat | max RSS MiB | stdout KiB |"
	echo "|---|---|--:|--:|--:|--:|--:|--:|--:|"
	for size in $sizes; do
		g=${med[goldmark parse/$size]:-}
		c=${med[cat/$size]:-}
		for name in "${names[@]}"; do
			key=$name/$size
			if [[ ${status[$key]:-} != ok ]]; then
				echo "| \`$name\` | $(label "$size") | ${status[$key]:-n/a} | | | | | | |"
				continue
			fi
			printf '| `%s` | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$(label "$size")" \
				"$(ms "${med[$key]}")" "$(ms "${minimum[$key]}")" "${nruns[$key]}" \
				"$([[ -n $g ]] && ratio "${med[$key]}" "$g")" \
				"$([[ -n $c ]] && ratio "${med[$key]}" "$c")" \
				"$(kib "${rss[$key]}" 1024)" "$(kib "${stdout_bytes[$key]}" 1024)"
		done
	done
}

if [[ -n $results ]]; then
	report | tee "$results"
else
	report
fi
