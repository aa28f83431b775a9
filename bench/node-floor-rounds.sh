#!/usr/bin/env bash
# The engine beside the peers benchmark's Node floor (../shared/peers-bench: node:http + pg running
# Hasura's SQL, no GraphQL), in alternating rounds. Both servers run at once on one PostgreSQL 15
# holding the peers dataset; each round loads one of them with wrk for SECONDS per query, then the
# other, so that the machine's slow and fast spells fall on both alike (a single peers run, one
# server after the other, moved the engine / Node floor ratio by ±0.3 on this shared machine).
# Prints per query the requests per second of each over all rounds, their ratio, and the lowest
# and highest ratio of one round's pair. BASELINE_DIR, a checkout of another commit with its
# node_modules, adds that engine to every round: before and after a change, in one run.
#
#   bench/node-floor-rounds.sh [rounds=5] [seconds=5]      env: CONNS (16), PEERS_BENCH_DIR, BASELINE_DIR
set -euo pipefail

ROUNDS=${1:-5}
SECONDS_PER_ROUND=${2:-5}
CONNS=${CONNS:-16}
PROJECT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PEERS=$(cd "${PEERS_BENCH_DIR:-$PROJECT/../shared/peers-bench}" && pwd)
cd "$PEERS"
source lib/pg.sh

export WORK_DIR
WORK_DIR=$(mktemp -d -t node-floor-rounds.XXXXXX)
chmod 755 "$WORK_DIR"
SERVER_PIDS=()
cleanup() {
  for pid in "${SERVER_PIDS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  pg_stop "$WORK_DIR/pg"
  rm -rf "$WORK_DIR"
}
trap cleanup EXIT
log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

[ -d node_modules/pg ] || npm ci --no-audit --no-fund >&2
PG_PORT=$(free_port)
pg_start "$WORK_DIR/pg" "$PG_PORT"
export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/bench"
psql=("$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U postgres)
"${psql[@]}" -d postgres -c 'CREATE DATABASE bench'
log "loading the peers dataset"
"${psql[@]}" -d bench -f sql/dataset.sql
node lib/prepare.mjs >&2

export HASURA_GRAPHQL_ADMIN_SECRET
HASURA_GRAPHQL_ADMIN_SECRET=$(node -e 'console.log(require("crypto").randomBytes(16).toString("hex"))')
ADMIN="x-hasura-admin-secret: $HASURA_GRAPHQL_ADMIN_SECRET"
node -e 'console.log(JSON.stringify({ type: "replace_metadata", args: require(process.argv[1]) }))' \
  "$WORK_DIR/hasura-metadata.json" >"$WORK_DIR/replace_metadata.json"

# start NAME DIR COMMAND: serves COMMAND from DIR on a free port with the peers' metadata; prints the port.
start() {
  local name="$1" dir="$2" command="$3" port
  port=$(free_port)
  (cd "$dir" && export PORT="$port" PG_POOL_MAX="$CONNS" && exec setsid bash -c "$command") >"$WORK_DIR/$name.log" 2>&1 &
  SERVER_PIDS+=($!)
  node lib/http.mjs wait "http://127.0.0.1:$port/healthz" 120 "$!" >&2
  AUTH_HEADER="$ADMIN" node lib/http.mjs post "http://127.0.0.1:$port/v1/metadata" "$WORK_DIR/replace_metadata.json" >&2
  node lib/verify.mjs hasura "http://127.0.0.1:$port/v1/graphql" "$name" >&2
  echo "$port"
}
mkdir -p "$WORK_DIR/project"
FLOOR_PORT=$(start node-floor "$PEERS" 'node lib/node-floor.mjs')
ENGINE_PORT=$(start engine "$PROJECT" "PULSEBOARD_PROJECT_DIR=$WORK_DIR/project PULSEBOARD_DEMO=0 npm run -s backend")
SERVERS=(floor engine)
if [ -n "${BASELINE_DIR:-}" ]; then
  BASELINE_PORT=$(start baseline "$BASELINE_DIR" "PULSEBOARD_PROJECT_DIR=$WORK_DIR/project PULSEBOARD_DEMO=0 npm run -s backend")
  SERVERS+=(baseline)
fi

# load SERVER QUERY SECONDS: one wrk run; prints requests and microseconds.
load() {
  local port
  case "$1" in floor) port=$FLOOR_PORT ;; engine) port=$ENGINE_PORT ;; *) port=$BASELINE_PORT ;; esac
  BODIES="$WORK_DIR/bodies/hasura/$2.jsonl" GQL_PATH=/v1/graphql AUTH_HEADER="$ADMIN" \
    wrk -t1 -c"$CONNS" -d"$3s" -s lib/wrk-graphql.lua "http://127.0.0.1:$port/v1/graphql" |
    sed -n 's/^WRK_RESULT //p' | node -e 'const r = JSON.parse(require("fs").readFileSync(0, "utf8")); if (r.graphql_or_http_errors + r.socket_errors > 0) throw new Error(`failures: ${JSON.stringify(r)}`); console.log(r.requests, r.duration_us)'
}

log "warm-up: 3 s per query and server"
for q in q1 q2 q3; do for server in "${SERVERS[@]}"; do load "$server" "$q" 3 >/dev/null; done; done
: >"$WORK_DIR/rounds.txt"
for round in $(seq 1 "$ROUNDS"); do
  log "round $round of $ROUNDS"
  for q in q1 q2 q3; do
    for server in "${SERVERS[@]}"; do echo "$q $server $round $(load "$server" "$q" "$SECONDS_PER_ROUND")" >>"$WORK_DIR/rounds.txt"; done
  done
done

echo "$ROUNDS rounds of ${SECONDS_PER_ROUND} s per query and server, $CONNS connections, $(nproc) cores, engine at $(git -C "$PROJECT" rev-parse --short HEAD)${BASELINE_DIR:+, baseline at $(git -C "$BASELINE_DIR" rev-parse --short HEAD)}"
echo
node -e '
const lines = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split(" "))
const servers = [...new Set(lines.map((l) => l[1]))].filter((s) => s !== "floor")
const of = (q, server) => lines.filter((l) => l[0] === q && l[1] === server).map((l) => ({ requests: Number(l[3]), us: Number(l[4]) }))
const rate = (runs) => runs.reduce((s, r) => s + r.requests, 0) / (runs.reduce((s, r) => s + r.us, 0) / 1e6)
console.log(`| query | Node floor req/s | ${servers.map((s) => `${s} req/s | ${s} / Node floor | lowest / highest round`).join(" | ")} |`)
console.log(`|---|---:|${servers.map(() => "---:|---:|---|").join("")}`)
for (const q of ["q1", "q2", "q3"]) {
  const floor = of(q, "floor")
  const cells = servers.map((server) => {
    const runs = of(q, server)
    const ratios = runs.map((r, i) => r.requests / r.us / (floor[i].requests / floor[i].us))
    return `${rate(runs).toFixed(0)} | ${(rate(runs) / rate(floor)).toFixed(2)} | ${Math.min(...ratios).toFixed(2)} / ${Math.max(...ratios).toFixed(2)}`
  })
  console.log(`| ${q} | ${rate(floor).toFixed(0)} | ${cells.join(" | ")} |`)
}' "$WORK_DIR/rounds.txt"
