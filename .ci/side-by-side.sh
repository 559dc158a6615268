#!/usr/bin/env bash
# `side-by-side.sh NAME1 CMD1 NAME2 CMD2`: runs two single-threaded checks at once (CI has two
# cores; eslint and tsc each keep one busy), prints each one's output whole after it ends, with
# its own seconds, and fails when either failed. Used for lint + typecheck (docs/ci-time.md).
set -uo pipefail
name1=$1 cmd1=$2 name2=$3 cmd2=$4
out1=$(mktemp) out2=$(mktemp)
start=$(date +%s)
(
  bash -c "$cmd1" >"$out1" 2>&1
  echo "$? $(($(date +%s) - start))" >"$out1.rc"
) &
pid1=$!
(
  bash -c "$cmd2" >"$out2" 2>&1
  echo "$? $(($(date +%s) - start))" >"$out2.rc"
) &
pid2=$!
wait "$pid1" "$pid2"
status=0
for i in 1 2; do
  name_var="name$i" out_var="out$i"
  read -r rc secs <"${!out_var}.rc"
  echo "-- ${!name_var} ($secs s, exit $rc)"
  cat "${!out_var}"
  [ "$rc" -eq 0 ] || status=$rc
  rm -f "${!out_var}" "${!out_var}.rc"
done
exit "$status"
