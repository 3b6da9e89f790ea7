#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test run: `pg-cluster.sh start DIR PORT` prints its DATABASE_URL,
# `pg-cluster.sh stop DIR` stops it. Uses the machine's PostgreSQL binaries (installed with apt when missing).
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
case "$cmd" in
  start)
    rm -rf "$dir"
    if [ "$(id -u)" = 0 ]; then install -d -o postgres "$dir"; else mkdir -p "$dir"; fi
    as_owner "'$bin/initdb' -D '$dir' -U app --auth=trust --no-sync" >"$dir.initdb.log" 2>&1
    as_owner "'$bin/pg_ctl' -D '$dir' -l '$dir/server.log' -o \"-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200\" -w start" >/dev/null
    echo "postgres://app@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir" ] && as_owner "'$bin/pg_ctl' -D '$dir' -m fast -w stop" >/dev/null 2>&1 || true
    rm -rf "$dir" "$dir.initdb.log"
    ;;
  *) echo "usage: $0 start|stop DIR [PORT]" >&2; exit 2 ;;
esac
