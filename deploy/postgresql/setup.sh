#!/bin/sh
# Creates (or re-keys) the station's PostgreSQL role and database on this machine and prints
# the database URL for station.toml. Run as root:  deploy/postgresql/setup.sh [role] [database]
# The station creates its tables itself (migrations) on first start.
set -eu
role="${1:-basestation}"
db="${2:-basestation}"
case "$role$db" in *[!a-z0-9_]*) echo "role and database: a-z, 0-9 and _ only" >&2; exit 2 ;; esac
password="$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
as_postgres() { runuser -u postgres -- psql -v ON_ERROR_STOP=1 -qtA "$@"; }

if [ "$(as_postgres -c "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" = "1" ]; then
    verb=ALTER
else
    verb=CREATE
fi
# The password goes to psql on its standard input, never on a command line (ps shows those).
as_postgres <<EOF
$verb ROLE $role WITH LOGIN PASSWORD '$password';
EOF
if [ "$(as_postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" != "1" ]; then
    as_postgres -c "CREATE DATABASE $db OWNER $role ENCODING 'UTF8' TEMPLATE template0"
fi
echo "postgresql+psycopg://$role:$password@127.0.0.1:5432/$db"
