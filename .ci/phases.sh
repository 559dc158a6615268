# Timed phases for `npm test` and `.ci/run`: `phase NAME CMD...` runs CMD, records its seconds in
# $PHASE_LOG (one "name<TAB>seconds<TAB>status" line each) and stops the run on a failure after
# printing the table; `phase_table` prints where the time went. Sourced, never run.
: "${PHASE_LOG:=$(mktemp)}"
export PHASE_LOG

phase_table() {
  echo
  echo "== where the time went"
  awk -F'\t' '{ printf "  %-44s %6d s  %s\n", $1, $2, $3; total += $2 }
    END { printf "  %-44s %6d s  (%d min %d s)\n", "total", total, total / 60, total % 60 }' "$PHASE_LOG"
}

phase() {
  local name=$1
  shift
  local start=$SECONDS
  echo
  echo "== $name: $*"
  if "$@"; then
    printf '%s\t%d\t%s\n' "$name" $((SECONDS - start)) ok >>"$PHASE_LOG"
  else
    local rc=$?
    printf '%s\t%d\t%s\n' "$name" $((SECONDS - start)) "FAILED ($rc)" >>"$PHASE_LOG"
    phase_table
    exit "$rc"
  fi
}
