#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster (creating it if needed) and prints a URL for a user that may
# CREATE DATABASE. Everything else goes to stderr.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -p $port" && break
  sleep 1
done
su postgres -c "psql -q -p $port -v ON_ERROR_STOP=1" >&2 <<SQL
do \$\$ begin
  if not exists (select from pg_roles where rolname = 'pathwise_ci') then
    create role pathwise_ci login password 'pathwise_ci' createdb;
  end if;
end \$\$;
select 'create database pathwise_ci owner pathwise_ci' where not exists (select from pg_database where datname = 'pathwise_ci') \gexec
SQL
echo "postgres://pathwise_ci:pathwise_ci@127.0.0.1:$port/pathwise_ci"
