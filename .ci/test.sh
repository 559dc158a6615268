#!/usr/bin/env bash
# `npm test`: lint, type checks, unit tests, the server's integration suites (embedded default:
# SQLite file + built-in MQTT broker), the web build and the browser tests, each phase timed.
# Under .ci/run the phases join its table; alone, the table is printed at the end.
set -uo pipefail
cd "$(dirname "$0")/.."
nested=${PHASE_LOG:+1}
source .ci/phases.sh

# eslint and tsc are single-threaded: on two cores they run side by side (.ci/side-by-side.sh).
phase "lint + typecheck, side by side" bash .ci/side-by-side.sh lint "npm run lint" typecheck "npm run typecheck"
phase "unit (domain, simulator, web)" npx vitest run --project domain --project simulator --project web --project web-mocks
report=$(mktemp --suffix=.json)
phase "integration on SQLite + embedded broker" npx vitest run --project server \
  --reporter=default --reporter=json --outputFile="$report"
node .ci/slowest.mjs "$report" 12 || true
phase "web build" npm run build
phase "e2e (Chromium)" npm run test -w e2e

[ -n "$nested" ] || phase_table
