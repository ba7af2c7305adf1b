#!/usr/bin/env bash
# Starts (or stops) a throw-away PostgreSQL cluster on 127.0.0.1 for the test suite.
#   scripts/pg-test-server.sh start [PORT]   -> prints the TEST_DATABASE_URL
#   scripts/pg-test-server.sh stop  [PORT]
# Needs Debian's postgresql package (.ci/run installs it). PostgreSQL refuses to run as root, so the cluster
# belongs to the postgres user.
set -euo pipefail
cmd=${1:-start}
port=${2:-5433}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=/tmp/pfotenbuch-pg-$port
case "$cmd" in
  start)
    if [ -f "$dir/db/postmaster.pid" ] && runuser -u postgres -- "$bin/pg_ctl" -D "$dir/db" status >/dev/null 2>&1; then
      echo "postgres://postgres@127.0.0.1:$port/postgres"; exit 0
    fi
    rm -rf "$dir"; mkdir -p "$dir"; chown postgres "$dir"
    runuser -u postgres -- "$bin/initdb" -D "$dir/db" -A trust -U postgres >/dev/null
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/db" -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" -l "$dir/log" -w start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/db" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop [port]" >&2; exit 2 ;;
esac
