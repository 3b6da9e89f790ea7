#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test run: `pg-cluster.sh start HANDLE PORT` prints its DATABASE_URL,
# `pg-cluster.sh stop HANDLE` stops it. Uses the machine's PostgreSQL binaries (installed with apt when missing).
# The cluster's data directory is one this script creates in the system temp dir (owned by postgres when run as
# root), never HANDLE itself: the checkout may sit in a 0700 home directory the postgres user cannot enter.
# HANDLE.datadir records where it is, and HANDLE.initdb.log keeps initdb's output. PG_SYNCHRONOUS_COMMIT (default
# off: nothing here needs durability) is set to remote_apply by pg-replica.sh's sync mode.
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?data dir}; port=${3:-55432}

find_bin() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$bin" ] && command -v apt-get >/dev/null; then
    echo "PostgreSQL binaries missing: installing with apt-get" >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  [ -n "$bin" ] || { echo "No PostgreSQL binaries found" >&2; exit 1; }
  echo "$bin"
}

# initdb refuses to run as root: run the server as the postgres user then.
as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

bin=$(find_bin)
stop_cluster() {
  local data
  data=$(cat "$dir.datadir" 2>/dev/null || true)
  if [ -n "$data" ] && [ -d "$data" ]; then
    as_owner "'$bin/pg_ctl' -D '$data' -m fast -w stop" >/dev/null 2>&1 || true
    rm -rf "$data"
  fi
  rm -f "$dir.datadir"
}

case "$cmd" in
  start)
    stop_cluster
    mkdir -p "$(dirname "$dir")"
    # As root the postgres user must reach it: /tmp (1777), not a TMPDIR that may sit in a private home.
    if [ "$(id -u)" = 0 ]; then tmp=/tmp; else tmp=${TMPDIR:-/tmp}; fi
    data=$(mktemp -d "$tmp/wms-pg.XXXXXX")
    if [ "$(id -u)" = 0 ]; then chown postgres "$data"; fi
    echo "$data" >"$dir.datadir"
    as_owner "'$bin/initdb' -D '$data' -U app --auth=trust --no-sync" >"$dir.initdb.log" 2>&1
    as_owner "'$bin/pg_ctl' -D '$data' -l '$data/server.log' -o \"-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=${PG_SYNCHRONOUS_COMMIT:-off} -c full_page_writes=off -c max_connections=200\" -w start" >/dev/null
    echo "postgres://app@127.0.0.1:$port/postgres"
    ;;
  stop)
    stop_cluster
    rm -f "$dir.initdb.log"
    ;;
  *) echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2 ;;
esac
