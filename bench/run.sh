#!/bin/sh
# Launcher of the relay benchmark: raises the soft open-files limit as far as the hard limit
# allows (9,000 held streams need about 18,000 descriptors in one proxy process), says what it
# got, then runs bench/run.mjs with the same arguments.
hard=$(ulimit -Hn)
if [ "$hard" = "unlimited" ]; then
  # An unlimited hard limit still stops at fs.nr_open.
  hard=$(cat /proc/sys/fs/nr_open 2>/dev/null || echo 1048576)
fi
ulimit -n "$hard" 2>/dev/null || true
echo "bench: open files soft limit $(ulimit -n) (hard $(ulimit -Hn))"
BENCH_LAUNCHED=1 exec node "$(dirname "$0")/run.mjs" "$@"
