#!/usr/bin/env bash
# A throwaway PostgreSQL primary and a streaming replica of it:
#   pg-replica.sh start HANDLE PRIMARY_PORT REPLICA_PORT [async|sync]   prints the primary's URL, then the replica's
#   pg-replica.sh stop HANDLE                                          stops both and removes their data
#   pg-replica.sh stop-replica-server HANDLE    stops only the replica's server, as a crash would (-m immediate)
#   pg-replica.sh start-replica-server HANDLE   starts it again on the same data (it resumes streaming)
# The primary is pg-cluster.sh's cluster (initdb's trust rules already let local connections replicate); the replica
# is its `pg_basebackup -R` copy (standby.signal and primary_conninfo written by pg_basebackup), so PostgreSQL's own
# streaming replication keeps it up to date.
# async (default): a commit does not wait for the replica, whose replay the read-replica tests pause to tell which
# database answered. sync: the replica is a synchronous standby and every session commits with
# synchronous_commit = remote_apply, so a commit returns only once the replica has applied it: any read after a write
# sees it on either database (the API suite on PostgreSQL runs so, scripts/test.sh). Pausing replay there would
# block every commit.
set -euo pipefail
cmd=${1:?start|stop|stop-replica-server|start-replica-server}; dir=${2:?handle}
primary_port=${3:-55442}; replica_port=${4:-55443}; mode=${5:-async}
here=$(cd "$(dirname "$0")" && pwd)

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
replica_data() { cat "$dir.replica-datadir" 2>/dev/null || true; }

stop_replica_server() {
  local data
  data=$(replica_data)
  [ -n "$data" ] && [ -d "$data" ] || return 0
  as_owner "'$bin/pg_ctl' -D '$data' -m immediate -w stop" >/dev/null 2>&1 || true
}
start_replica_server() {
  local data
  data=$(replica_data)
  [ -n "$data" ] && [ -d "$data" ] || { echo "No replica for $dir" >&2; exit 1; }
  as_owner "'$bin/pg_ctl' -D '$data' -l '$data/server.log' -w start" >/dev/null
}
remove_replica() {
  local data
  stop_replica_server
  data=$(replica_data)
  if [ -n "$data" ] && [ -d "$data" ]; then rm -rf "$data"; fi
  rm -f "$dir.replica-datadir"
}

case "$cmd" in
  start)
    [[ $mode == async || $mode == sync ]] || { echo "mode: async or sync, not $mode" >&2; exit 2; }
    remove_replica
    if [ "$mode" = sync ]; then export PG_SYNCHRONOUS_COMMIT=remote_apply; fi
    primary_url=$(bash "$here/pg-cluster.sh" start "$dir" "$primary_port")
    if [ "$(id -u)" = 0 ]; then tmp=/tmp; else tmp=${TMPDIR:-/tmp}; fi
    data=$(mktemp -d "$tmp/wms-pg-replica.XXXXXX")
    if [ "$(id -u)" = 0 ]; then chown postgres "$data"; fi
    chmod 700 "$data"
    echo "$data" >"$dir.replica-datadir"
    as_owner "'$bin/pg_basebackup' -h 127.0.0.1 -p $primary_port -U app -D '$data' -R -X stream --no-sync" >/dev/null
    # In the replica's own configuration file (not pg_ctl -o), so start-replica-server brings it back the same.
    # hot_standby_feedback: the primary's vacuum keeps the rows a replica query still reads, so replay never waits
    # for (or cancels) that query; a waiting replay would hold every remote_apply commit in sync mode.
    cat >>"$data/postgresql.conf" <<CONF
port = $replica_port
unix_socket_directories = '/tmp'
listen_addresses = '127.0.0.1'
fsync = off
max_connections = 200
hot_standby_feedback = on
CONF
    start_replica_server
    if [ "$mode" = sync ]; then
      psql=("$bin/psql" "$primary_url" -XAtq -v ON_ERROR_STOP=1)
      "${psql[@]}" -c "alter system set synchronous_standby_names = '*'" -c "select pg_reload_conf()" >/dev/null
      for _ in $(seq 1 300); do
        [ "$("${psql[@]}" -c "select count(*) from pg_stat_replication where sync_state = 'sync'")" = 1 ] && break
        sleep 0.1
      done
      [ "$("${psql[@]}" -c "select count(*) from pg_stat_replication where sync_state = 'sync'")" = 1 ] ||
        { echo "The replica did not become a synchronous standby" >&2; exit 1; }
    fi
    echo "$primary_url"
    echo "postgres://app@127.0.0.1:$replica_port/postgres"
    ;;
  stop)
    remove_replica
    bash "$here/pg-cluster.sh" stop "$dir"
    ;;
  stop-replica-server) stop_replica_server ;;
  start-replica-server) start_replica_server ;;
  *) echo "usage: $0 start|stop|stop-replica-server|start-replica-server HANDLE [PRIMARY_PORT REPLICA_PORT [async|sync]]" >&2; exit 2 ;;
esac
