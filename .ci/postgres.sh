# shellcheck shell=bash
# Sourced by .ci/run: makes a PostgreSQL server answer on 127.0.0.1 and sets PG_URL to a URL that connects to it
# as `postgres` without a password. Needs `as_root` and `apt_install` from .ci/run, and `pg` in node_modules.
#
# Uses, in this order: a server that already answers on the port; the Debian cluster installed on this machine
# (started, with trust auth for local TCP); a PostgreSQL installed from Debian right now.
# CI_PG_PORT (5432) and CI_PG_CLUSTER (main) exist only to try this out on a throwaway cluster.

pg_port="${CI_PG_PORT:-5432}"
pg_cluster="${CI_PG_CLUSTER:-main}"

# True when something accepts connections on 127.0.0.1:$1.
pg_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p "$1" -t 2
  else
    timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
  fi
}

# Connects with the `pg` driver and prints the server's version; the error otherwise.
pg_sql_ok() {
  node -e '
    const { Client } = require("pg");
    const client = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    client
      .connect()
      .then(() => client.query("SELECT version()"))
      .then((r) => { console.log(r.rows[0].version); return client.end(); })
      .catch((e) => { console.error(e.message); process.exit(1); });
  ' "$1"
}

pg_installed() {
  command -v pg_ctlcluster >/dev/null 2>&1 && [ -n "$(ls -A /etc/postgresql 2>/dev/null)" ]
}

# The newest PostgreSQL version with a cluster configuration under /etc/postgresql.
pg_version() {
  find /etc/postgresql -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort -V | tail -n 1
}

# Puts trust rules for 127.0.0.1 and ::1 first in the cluster's pg_hba.conf (once).
pg_trust_local_tcp() {
  local hba="/etc/postgresql/$1/$2/pg_hba.conf"
  if as_root grep -qE '^host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    return 0
  fi
  echo "Trusting local TCP connections in $hba"
  local rules='# Added by .ci/run: CI connects over TCP as postgres without a password.
host    all    all    127.0.0.1/32    trust
host    all    all    ::1/128         trust'
  { printf '%s\n' "$rules"; as_root cat "$hba"; } | as_root tee "$hba.ci-new" >/dev/null
  # Writing through the existing file keeps its owner and mode.
  as_root sh -c "cat '$hba.ci-new' > '$hba' && rm -f '$hba.ci-new'"
}

ensure_postgres() {
  if pg_answers "$pg_port"; then
    echo "A PostgreSQL server answers on 127.0.0.1:$pg_port: using it."
  else
    if pg_installed; then
      echo "PostgreSQL is installed but does not answer on 127.0.0.1:$pg_port: starting it."
    else
      echo "PostgreSQL is not installed: installing it from Debian."
      # The cluster the package creates takes its encoding from the locale: make it UTF-8.
      LANG=C.UTF-8 LC_ALL=C.UTF-8 apt_install postgresql
    fi
    local version
    version="$(pg_version)"
    if [ ! -d "/etc/postgresql/$version/$pg_cluster" ]; then
      as_root pg_createcluster --locale C.UTF-8 --port "$pg_port" "$version" "$pg_cluster"
    fi
    local configured
    configured="$(pg_lsclusters --no-header | awk -v v="$version" -v c="$pg_cluster" '$1 == v && $2 == c { print $3 }')"
    pg_port="${configured:-$pg_port}"
    pg_trust_local_tcp "$version" "$pg_cluster"
    if as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$pg_cluster" status >/dev/null 2>&1; then
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$pg_cluster" reload
    else
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$pg_cluster" start
    fi
    local waited=0
    until pg_answers "$pg_port"; do
      if [ "$waited" -ge 60 ]; then
        echo "PostgreSQL $version/$pg_cluster did not answer on 127.0.0.1:$pg_port within 60 s." >&2
        as_root tail -n 30 "/var/log/postgresql/postgresql-$version-$pg_cluster.log" >&2 || true
        return 1
      fi
      sleep 1
      waited=$((waited + 1))
    done
  fi

  PG_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
  local tries=0
  until pg_sql_ok "$PG_URL"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 15 ]; then
      echo "PostgreSQL answers on 127.0.0.1:$pg_port, but $PG_URL does not connect (see the error above)." >&2
      echo "CI needs the user postgres to connect over TCP without a password (trust auth)." >&2
      return 1
    fi
    sleep 2
  done
}
