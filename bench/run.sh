#!/usr/bin/env bash
# Benchmark learn against cat, grep and goldmark's bare parse on generated
# memory files of fixed sizes, from several generators. Prints a markdown
# report (machine, ratios, tables) on stdout and progress on stderr. Needs
# only Go and coreutils.
#
#   bash bench/run.sh                      # 100 KB, 1 MB, 10 MB; 5 runs a cell; every generator
#   bash bench/run.sh --quick              # 1 MB and 10 MB, 3 runs a cell
#   bash bench/run.sh --generators "default zipf"
#   bash bench/run.sh --append bench/RESULTS.md
set -euo pipefail

usage() {
	cat <<'USAGE'
usage: bash bench/run.sh [flags]

  --runs N         timed runs per cell, after one warm-up run (default 5)
  --big-runs N     timed runs for store and compact on files of 5 MB or more (default 3)
  --sizes "LIST"   file sizes, bytes or with a k/m suffix (default "100k 1m 10m")
  --seed N         generator seed; the same seed gives the same files (default 1)
  --generators "LIST"
                   generators to run, from: default zipf long sparse paths intl agent prose
                   (default all of them; see bench/README.md for what each makes)
  --budget S       stop adding runs to a cell once they took S seconds (default 30);
                   a warm-up slower than that is the cell's only run
  --timeout S      kill a run after S seconds and show the cell as a timeout (default 60)
  --quick          same as --runs 3 --big-runs 1 --sizes "1m 10m" --budget 15
  --results FILE   also write the report to FILE, replacing it
  --append FILE    also append the report to FILE under a heading with the
                   date, commit and load (e.g. bench/RESULTS.md)
  --learn PATH     time this learn binary instead of building ./cmd/learn
  --keep           keep the work directory (generated files, binaries)
  -h, --help       show this help

Every cell is the median wall time and the median CPU time (user + system)
of N runs of a separate process, measured by bench/timeit (which also
reports peak RSS), so learn, cat, grep and the goldmark helper are timed
the same way. A command that fails shows as
"n/a (exit N)" and the run goes on, so commands not implemented yet do not
break the script.
USAGE
}

runs=5 big_runs=3 sizes="100k 1m 10m" seed=1 budget=30 timeout=60 results="" append="" learn_bin="" keep=0
all_generators="default zipf long sparse paths intl agent prose"
generators=$all_generators
while (($#)); do
	case $1 in
	--runs) runs=$2; shift ;;
	--big-runs) big_runs=$2; shift ;;
	--sizes) sizes=$2; shift ;;
	--seed) seed=$2; shift ;;
	--budget) budget=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--generators) generators=$2; shift ;;
	--quick) runs=3 big_runs=1 sizes="1m 10m" budget=15 ;;
	--results) results=$2; shift ;;
	--append) append=$2; shift ;;
	--learn) learn_bin=$(realpath "$2"); shift ;;
	--keep) keep=1 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "run.sh: unknown flag $1 (see --help)" >&2; exit 2 ;;
	esac
	shift
done

for g in $generators; do
	[[ " $all_generators " == *" $g "* ]] || { echo "run.sh: unknown generator $g (want some of: $all_generators)" >&2; exit 2; }
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

# A word most generated files contain, and one none does: search reads the
# whole file either way.
hit_word=retry
miss_word=zyzzyvaquux

# cell NAME SIZE RUNS [timeit flags] -- command...; keys are GEN|NAME|SIZE.
cell() {
	local name=$1 size=$2 n=$3 line kind a b e r o c key
	shift 3
	key="$gen|$name|$size"
	[[ " ${names[*]} " == *" $name "* ]] || names+=("$name")
	line=$("$timeit" -n "$n" -budget "${budget}s" -timeout "${timeout}s" "$@" 2>&1) ||
		line="fail ? ${line//$'\n'/ }"
	read -r kind a b _ e r o c <<<"$line"
	if [[ $kind == ok ]]; then
		nruns[$key]=$r
		minimum[$key]=$b
		med[$key]=$a
		rss[$key]=$e
		stdout_bytes[$key]=$o
		cpu_ms[$key]=$c
		status[$key]=ok
		say "  $(printf '%-24s %10s ms %10s ms CPU' "$name" "$a" "$c")  (runs $r, min $b ms, max RSS $e KiB, stdout $o B)"
	elif [[ $kind == timeout ]]; then
		status[$key]="> $a s (killed)"
		say "  $(printf '%-24s' "$name") killed after $a s"
	else
		status[$key]="n/a (exit $a)"
		say "  $(printf '%-24s' "$name") n/a: exit ${line#fail }"
	fi
}

for gen in $generators; do
	mode=$gen
	[[ $mode == default ]] && mode=""
	for size in $sizes; do
		dir=$work/$gen/$size
		mkdir -p "$dir/.tmp"
		master=$dir/master.md
		file=$dir/.tmp/memory-learnings.md
		"$work/bin/genmem" -seed "$seed" -size "$size" -mode "$mode" -o "$master"
		cp "$master" "$file"
		"$work/bin/genmem" -seed "$seed" -candidates "$master" -n 6 -o "$dir/candidates.md"
		"$work/bin/genmem" -seed "$((seed + 1000))" -session -n 4 -o "$dir/session.md"
		# A README for summarise to check candidates against, as in a real project.
		{
			printf '# Bench project\n\nNotes the team keeps.\n\n'
			"$work/bin/genmem" -seed "$((seed + 2000))" -session -n 40
		} >"$dir/README.md"
		goldinfo+=("$gen, $(label "$size"): $("$work/bin/goldparse" "$master")")

		n_big=$runs
		(($(bytes_of "$size") >= 5 * 1024 * 1024)) && n_big=$big_runs

		say "$gen, $(label "$size") ($(wc -c <"$master") bytes), $runs runs a cell"
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
		cell "learn search WORD" "$size" "$runs" -expect-output -- "$learn" search --file "$file" "$hit_word"
		# A word no generator writes: search still reads the whole file.
		cell "learn search (no match)" "$size" "$runs" -expect-output -- "$learn" search --file "$file" "$miss_word"
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
done

ratio() { # ratio A B -> "A/B×" with sensible precision
	awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) { printf "n/a"; exit } r = a / b; if (r >= 10) printf "%.0f×", r; else if (r >= 0.1) printf "%.1f×", r; else printf "%.2f×", r }'
}

ms() { # 0.98 -> 0.98, 41.72 -> 41.7, 1367.92 -> 1368
	awk -v v="$1" 'BEGIN { if (v < 10) printf "%.2f", v; else if (v < 100) printf "%.1f", v; else printf "%.0f", v }'
}

kib() { awk -v v="$1" -v d="$2" 'BEGIN { printf "%.1f", v / d }'; }

# wallcpu GEN A B SIZE -> "W× (C× CPU)" for command A against command B.
wallcpu() {
	local a="$1|$2|$4" b="$1|$3|$4"
	if [[ ${status[$a]:-} == ok && ${status[$b]:-} == ok ]]; then
		printf '%s (%s CPU)' "$(ratio "${med[$a]}" "${med[$b]}")" "$(ratio "${cpu_ms[$a]}" "${cpu_ms[$b]}")"
	elif [[ -n ${status[$a]:-} && ${status[$a]} != ok ]]; then
		printf '%s' "${status[$a]}"
	else
		printf 'n/a'
	fi
}

# The ratios issue 24 sets goals for: "command|against|goal|which size".
# "big" is the largest size of the run, "1m" the 1 MB file (or the
# smallest size when the run has no 1 MB file).
ratio_rows=(
	"learn search WORD|learn recall|≤ 1.2×|big"
	"learn search (no match)|learn recall|≤ 1.2×|big"
	"learn lint|learn recall|≤ 2×|big"
	"learn stats|learn recall|≤ 2×|big"
	"learn improve-docs|learn recall|≤ 2×|big"
	"learn compact|learn recall|≤ 3×|big"
	"learn recall|goldmark parse|≤ 0.5×|1m"
	"learn store|goldmark parse|≤ 0.5×|1m"
)

report() {
	local cpu mem
	cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//') ||
		cpu=$(sysctl -n machdep.cpu.brand_string 2>/dev/null) || cpu=unknown
	mem=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null) || mem=unknown

	echo "# Benchmark results"
	echo
	echo "Produced by \`bash bench/run.sh --runs $runs --big-runs $big_runs --sizes \"$sizes\" --generators \"$generators\" --seed $seed --budget $budget --timeout $timeout\`."
	echo
	local cpus
	cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
	if awk -v a="${load_before%% *}" -v b="${load_after%% *}" -v n="$cpus" 'BEGIN { exit !(a + 0 > n || b + 0 > n) }'; then
		echo "> Warning: the machine was busy (load average ${load_before%% *} before, ${load_after%% *} after, on $cpus CPUs)"
		echo "> while this ran, so wall times are slower than on an idle machine; trust the CPU ratios more."
		echo
	fi
	echo "## Machine"
	echo
	echo "- Date: $run_date"
	echo "- CPU: ${cpu:-unknown}, $cpus logical CPUs"
	echo "- Memory: $mem"
	echo "- OS: $(uname -sr)"
	echo "- Load average (1, 5, 15 min) before the run: $load_before; after: $load_after"
	echo "- Go: $(go version | cut -d' ' -f3-)"
	echo "- learn: commit $commit"
	echo "- goldmark in-process parse (one run):"
	for g in "${goldinfo[@]}"; do echo "  - $g"; done
	echo

	local size name key g c row cmd against goal which at big small gen
	big=${sizes##* }
	small=${sizes%% *}
	[[ " $sizes " == *" 1m "* ]] && small=1m
	echo "## Ratios by generator"
	echo
	echo "Each command against another on the same file, by median wall time and, in brackets,"
	echo "by median CPU time (user + system), which a busy machine distorts less. The goals are"
	echo "issue 24's."
	echo
	printf '| command | against | file | goal |'
	for gen in $generators; do printf ' %s |' "$gen"; done
	printf '\n|---|---|---|---|'
	for gen in $generators; do printf -- '--:|'; done
	printf '\n'
	for row in "${ratio_rows[@]}"; do
		IFS='|' read -r cmd against goal which <<<"$row"
		at=$big
		[[ $which == 1m ]] && at=$small
		printf '| `%s` | `%s` | %s | %s |' "$cmd" "$against" "$(label "$at")" "$goal"
		for gen in $generators; do printf ' %s |' "$(wallcpu "$gen" "$cmd" "$against" "$at")"; done
		printf '\n'
	done
	echo

	for gen in $generators; do
		echo "## Generator \`$gen\`"
		echo
		echo "Median wall time in ms of each command as a separate process, and in brackets its"
		echo "median CPU time (user + system) in ms."
		echo
		printf '| command |'
		for size in $sizes; do printf ' %s |' "$(label "$size")"; done
		printf '\n|---|'
		for size in $sizes; do printf -- '--:|'; done
		printf '\n'
		for name in "${names[@]}"; do
			printf '| `%s` |' "$name"
			for size in $sizes; do
				key="$gen|$name|$size"
				if [[ ${status[$key]:-} == ok ]]; then
					printf ' %s (%s) |' "$(ms "${med[$key]}")" "$(ms "${cpu_ms[$key]}")"
				else
					printf ' %s |' "${status[$key]:-n/a}"
				fi
			done
			printf '\n'
		done
		echo
		echo "Every ratio row above, at every size, wall (CPU):"
		echo
		printf '| command | against |'
		for size in $sizes; do printf ' %s |' "$(label "$size")"; done
		printf '\n|---|---|'
		for size in $sizes; do printf -- '--:|'; done
		printf '\n'
		for row in "${ratio_rows[@]}"; do
			IFS='|' read -r cmd against goal which <<<"$row"
			printf '| `%s` | `%s` |' "$cmd" "$against"
			for size in $sizes; do printf ' %s |' "$(wallcpu "$gen" "$cmd" "$against" "$size")"; done
			printf '\n'
		done
		echo
	done

	echo "## Details"
	echo
	echo "Median wall time of separate processes: one warm-up run, then up to $runs timed runs"
	echo "($big_runs for store and compact on files of 5 MB or more; each of those runs starts"
	echo "from a fresh copy of the file, copied outside the timing). A cell stops adding runs"
	echo "once they took $budget s, and a warm-up slower than that is its only run (see"
	echo "\"runs\"); a run still going after $timeout s is killed. \"× goldmark\" divides by"
	echo "the goldmark helper's median on the same file (a process that reads the file and"
	echo "parses it with goldmark's default parser, nothing else); \"× cat\" by \`cat\`'s."
	echo "CPU is the median user + system time. Max RSS is the highest peak resident memory"
	echo "over the timed runs; stdout is what the command printed (through a pipe; \`cat\`"
	echo "writes to /dev/null)."
	echo
	echo "| generator | command | file | median ms | CPU ms | min ms | runs | × goldmark | × cat | max RSS MiB | stdout KiB |"
	echo "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"
	for gen in $generators; do
		for size in $sizes; do
			g=${med[$gen|goldmark parse|$size]:-}
			c=${med[$gen|cat|$size]:-}
			for name in "${names[@]}"; do
				key="$gen|$name|$size"
				if [[ ${status[$key]:-} != ok ]]; then
					echo "| $gen | \`$name\` | $(label "$size") | ${status[$key]:-n/a} | | | | | | | |"
					continue
				fi
				printf '| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$gen" "$name" "$(label "$size")" \
					"$(ms "${med[$key]}")" "$(ms "${cpu_ms[$key]}")" "$(ms "${minimum[$key]}")" "${nruns[$key]}" \
					"$([[ -n $g ]] && ratio "${med[$key]}" "$g")" \
					"$([[ -n $c ]] && ratio "${med[$key]}" "$c")" \
					"$(kib "${rss[$key]}" 1024)" "$(kib "${stdout_bytes[$key]}" 1024)"
			done
		done
	done
}

load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
run_date=$(date -u '+%Y-%m-%d %H:%M UTC')
out=$(report)
printf '%s\n' "$out"
if [[ -n $results ]]; then
	printf '%s\n' "$out" >"$results"
fi
if [[ -n $append ]]; then
	# One level down, under a heading that names the run, so earlier runs stay.
	{
		printf '\n# Run of %s, commit %s, load %s\n' "$run_date" "$commit" "$load_before"
		printf '%s\n' "$out" | sed -e '1,2d' -e 's/^#/##/'
	} >>"$append"
fi
