#!/usr/bin/env bash
# A throwaway PostgreSQL primary and a streaming replica of it, for the read-replica tests:
# `pg-replica.sh start HANDLE PRIMARY_PORT REPLICA_PORT` prints the primary's URL, then the replica's (one a line);
# `pg-replica.sh stop HANDLE` stops both. The primary is pg-cluster.sh's cluster (initdb's trust rules already let
# local connections replicate); the replica is its `pg_basebackup -R` copy (standby.signal and primary_conninfo
# written by pg_basebackup), so PostgreSQL's own streaming replication keeps it up to date.
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?handle}; primary_port=${3:-55442}; replica_port=${4:-55443}
here=$(cd "$(dirname "$0")" && pwd)

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)

stop_replica() {
  local data
  data=$(cat "$dir.replica-datadir" 2>/dev/null || true)
  if [ -n "$data" ] && [ -d "$data" ]; then
    as_owner "'$bin/pg_ctl' -D '$data' -m immediate -w stop" >/dev/null 2>&1 || true
    rm -rf "$data"
  fi
  rm -f "$dir.replica-datadir"
}

case "$cmd" in
  start)
    stop_replica
    primary_url=$(bash "$here/pg-cluster.sh" start "$dir" "$primary_port")
    if [ "$(id -u)" = 0 ]; then tmp=/tmp; else tmp=${TMPDIR:-/tmp}; fi
    data=$(mktemp -d "$tmp/wms-pg-replica.XXXXXX")
    if [ "$(id -u)" = 0 ]; then chown postgres "$data"; fi
    chmod 700 "$data"
    echo "$data" >"$dir.replica-datadir"
    as_owner "'$bin/pg_basebackup' -h 127.0.0.1 -p $primary_port -U app -D '$data' -R -X stream --no-sync" >/dev/null
    as_owner "'$bin/pg_ctl' -D '$data' -l '$data/server.log' -o \"-p $replica_port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" -w start" >/dev/null
    echo "$primary_url"
    echo "postgres://app@127.0.0.1:$replica_port/postgres"
    ;;
  stop)
    stop_replica
    bash "$here/pg-cluster.sh" stop "$dir"
    ;;
  *) echo "usage: $0 start|stop HANDLE [PRIMARY_PORT REPLICA_PORT]" >&2; exit 2 ;;
esac
