#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on loopback as an unprivileged user and prints its URL.
# Usage: .ci/start-postgres.sh <dir> <port>
set -euo pipefail
dir=${1:-/tmp/pulseboard-pg}
port=${2:-55432}
bin=/usr/lib/postgresql/15/bin
user=pulseboard-ci
# Two of Hasura's test setups run `SET lc_monetary TO "en_US.utf-8"`: the server needs that OS locale.
if ! locale -a 2>/dev/null | grep -qi '^en_US\.utf-\?8$' && [ "$(id -u)" = 0 ]; then
  localedef -i en_US -f UTF-8 en_US.UTF-8 >/dev/null 2>&1 || echo "warning: could not generate en_US.UTF-8" >&2
fi
id -u "$user" >/dev/null 2>&1 || useradd --system --no-create-home "$user"
rm -rf "$dir" && mkdir -p "$dir" && chown "$user" "$dir"
run() { if [ "$(id -u)" = 0 ]; then runuser -u "$user" -- "$@"; else "$@"; fi; }
run "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
run "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c timezone=UTC -c max_connections=300 -c fsync=off" start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres"
