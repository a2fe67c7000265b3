#!/usr/bin/env bash
# Brings the reference deployment up on this one machine, on loopback ports (chain-env.sh):
# etcd, two PostgreSQL 15 nodes managed by Patroni (a primary and a synchronous standby), a
# PgBouncer in front of each, the SalonDesk schema (db migrate), the demo salon, an admin login,
# the online server's login and the live relay's (liverelay). The control plane locked as on real
# machines (issue 29): a certificate authority of the trial's own and a certificate for each
# "machine" (make-certs.sh), etcd over TLS with client certificates and its authentication on
# (etcd-auth.sh), Patroni's REST API over TLS with a password and an allow-list. From Debian 12's packages:
#   apt-get install -y patroni etcd-server etcd-client pgbouncer postgresql postgresql-contrib pgbackrest curl procps openssl
# pgBackRest archives every WAL segment into a repository of the trial's own ($CHAIN_DIR/backups,
# encrypted) and its stanza is made here: backups and restore.sh --to TIME work from the start (ADR 41).
# Run it as root (it runs everything as the postgres account) or as the postgres account itself:
# Patroni's superuser is postgres, admitted over the Unix socket by peer authentication only.
# It starts nothing of the Debian packages' own (no default cluster, no systemd units).
# Stop it with down.sh (down.sh --clean also deletes its data). Needs app/target/salondesk.jar
# (mvn -q -DskipTests package) for the schema.
set -euo pipefail
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"
repo="$(cd "$CHAIN_SRC/../.." && pwd)"
jar="${SALONDESK_JAR:-$repo/app/target/salondesk.jar}"

for tool in etcd etcdctl patroni patronictl pgbouncer pgbackrest psql curl ps python3 java openssl; do
    command -v "$tool" >/dev/null || { echo "up.sh: $tool is missing (apt-get install -y patroni etcd-server etcd-client pgbouncer postgresql postgresql-contrib pgbackrest curl procps openssl default-jre-headless)" >&2; exit 1; }
done
if [ "$CHAIN_USER" != postgres ]; then
    # pg_hba.conf admits Patroni's superuser (postgres) over the socket by peer only: the
    # operating-system account must be postgres too, or Patroni cannot sign in to its own server
    echo "up.sh: run it as root or as the postgres account, not as $CHAIN_USER (pg_hba.conf admits Patroni's superuser postgres by peer only)" >&2
    exit 1
fi
[ -x "$PG_BIN/postgres" ] || { echo "up.sh: no PostgreSQL in $PG_BIN (apt-get install -y postgresql-15 postgresql-contrib)" >&2; exit 1; }
[ -f "$jar" ] || { echo "up.sh: $jar is missing: build it first (mvn -q -DskipTests package)" >&2; exit 1; }
superuser_sql="$repo/db/src/main/resources/db/superuser.sql"
[ -f "$superuser_sql" ] || { echo "up.sh: $superuser_sql is missing" >&2; exit 1; }
if [ -f "$CHAIN_DIR/pids/etcd.pid" ] && kill -0 "$(cat "$CHAIN_DIR/pids/etcd.pid")" 2>/dev/null; then
    echo "up.sh: the trial is running already in $CHAIN_DIR (down.sh stops it)" >&2
    exit 1
fi

mkdir -p "$CHAIN_DIR"
chmod 700 "$CHAIN_DIR"
rm -f "$CHAIN_DIR/stopping"
mkdir -p "$CHAIN_DIR/pids" "$CHAIN_DIR/bouncer" "$CHAIN_DIR/node1/log" "$CHAIN_DIR/node2/log" "$CHAIN_DIR/etcd" \
    "$CHAIN_DIR/backups" "$CHAIN_DIR/pgbackrest/log" "$CHAIN_DIR/pgbackrest/lock"
chmod 700 "$CHAIN_DIR/node1" "$CHAIN_DIR/node2" "$CHAIN_DIR/etcd" "$CHAIN_DIR/backups" "$CHAIN_DIR/pgbackrest"

# Passwords, made once and kept with the data (readable by the owner only); one that a trial
# made by an older up.sh lacks is added. RESTAPI_PASSWORD: Patroni's REST API (user patroni);
# ETCD_ROOT_PASSWORD and ETCD_PATRONI_PASSWORD: etcd's users root and patroni; RELAY_PASSWORD:
# the live relay's login (liverelay); BACKUP_CIPHER_PASSWORD: the backup repository's passphrase.
umask 077
touch "$CHAIN_DIR/secrets.env"
gen() { python3 -c 'import secrets; print(secrets.token_urlsafe(24))'; }
for name in SUPERUSER_PASSWORD REPLICATION_PASSWORD REWIND_PASSWORD OWNER_PASSWORD BOUNCER_PASSWORD \
        ADMIN_PASSWORD ONLINE_PASSWORD RELAY_PASSWORD RESTAPI_PASSWORD ETCD_ROOT_PASSWORD ETCD_PATRONI_PASSWORD \
        BACKUP_CIPHER_PASSWORD; do
    grep -q "^$name=" "$CHAIN_DIR/secrets.env" || echo "$name=$(gen)" >> "$CHAIN_DIR/secrets.env"
done
umask 022
chain_secrets

# The trial's certificate authority and one certificate for each of its "machines" (all on
# loopback): etcd1 for etcd, node1 and node2 for each node's Patroni (its REST API, and as a
# client of etcd and of the other node). On real machines: README, "A shared server for a chain".
"$CHAIN_SRC/make-certs.sh" "$TLS_DIR" etcd1=127.0.0.1 node1=127.0.0.1 node2=127.0.0.1 >/dev/null

render() {   # render TEMPLATE OUT [NAME=VALUE…]: the template with @NAME@ replaced
    local template="$1" out="$2"; shift 2
    local script=""
    local pair
    for pair in "CHAIN_DIR=$CHAIN_DIR" "PG_BIN=$PG_BIN" "ETCD_CLIENT_PORT=$ETCD_CLIENT_PORT" "ETCD_PEER_PORT=$ETCD_PEER_PORT" \
        "NODE1_PG_PORT=$NODE1_PG_PORT" "NODE2_PG_PORT=$NODE2_PG_PORT" "NODE1_API_PORT=$NODE1_API_PORT" "NODE2_API_PORT=$NODE2_API_PORT" \
        "NODE1_BOUNCER_PORT=$NODE1_BOUNCER_PORT" "NODE2_BOUNCER_PORT=$NODE2_BOUNCER_PORT" \
        "SUPERUSER_PASSWORD=$SUPERUSER_PASSWORD" "REPLICATION_PASSWORD=$REPLICATION_PASSWORD" "REWIND_PASSWORD=$REWIND_PASSWORD" \
        "TLS_DIR=$TLS_DIR" "RESTAPI_PASSWORD=$RESTAPI_PASSWORD" "ETCD_PATRONI_PASSWORD=$ETCD_PATRONI_PASSWORD" "$@"; do
        script+="s|@${pair%%=*}@|${pair#*=}|g;"
    done
    sed -e "$script" "$CHAIN_SRC/$template" > "$out"
    chmod 600 "$out"
}
render etcd.yml "$CHAIN_DIR/etcd.yml"
render node1.yml "$CHAIN_DIR/node1.yml"
render node2.yml "$CHAIN_DIR/node2.yml"
render pg_hba.conf "$CHAIN_DIR/pg_hba.conf"
render pgbackrest.conf "$CHAIN_DIR/node1/pgbackrest.conf" NODE=node1 PG_PORT="$NODE1_PG_PORT" BACKUP_CIPHER_PASSWORD="$BACKUP_CIPHER_PASSWORD"
render pgbackrest.conf "$CHAIN_DIR/node2/pgbackrest.conf" NODE=node2 PG_PORT="$NODE2_PG_PORT" BACKUP_CIPHER_PASSWORD="$BACKUP_CIPHER_PASSWORD"
render bouncer_hba.conf "$CHAIN_DIR/bouncer_hba.conf"
render pgbouncer.ini "$CHAIN_DIR/pgbouncer-node1.ini" NODE=node1 PG_PORT="$NODE1_PG_PORT" BOUNCER_PORT="$NODE1_BOUNCER_PORT"
render pgbouncer.ini "$CHAIN_DIR/pgbouncer-node2.ini" NODE=node2 PG_PORT="$NODE2_PG_PORT" BOUNCER_PORT="$NODE2_BOUNCER_PORT"
# pgbouncer: the login its auth_query runs as. postgres: the admin console's user (peer over the
# socket, so its password is never asked); listed here so that PgBouncer never runs auth_query
# for it — PgBouncer 1.18 exits ("put_in_order: found existing elem") when the admin console's
# user has to be looked up that way.
{
    printf '"pgbouncer" "%s"\n' "$BOUNCER_PASSWORD"
    printf '"postgres" "%s"\n' "$(python3 -c 'import secrets; print(secrets.token_urlsafe(24))')"
} > "$CHAIN_DIR/bouncer_users.txt"
chmod 600 "$CHAIN_DIR/bouncer_users.txt"
cp "$CHAIN_SRC/bootstrap.sql" "$superuser_sql" "$CHAIN_SRC/post-bootstrap.sh" "$CHAIN_SRC/on-role-change.sh" "$CHAIN_DIR/"
chown -R "$CHAIN_USER" "$CHAIN_DIR"

wait_for() {   # wait_for SECONDS WHAT COMMAND…
    local seconds="$1" what="$2"; shift 2
    local until=$((SECONDS + seconds))
    until "$@" >/dev/null 2>&1; do
        if [ "$SECONDS" -ge "$until" ]; then
            chain_log "$what did not come up within $seconds s; logs in $CHAIN_DIR"
            exit 1
        fi
        sleep 0.5
    done
}

chain_log "etcd on https://127.0.0.1:$ETCD_CLIENT_PORT (client certificates, authentication)"
chain_start etcd etcd --config-file "$CHAIN_DIR/etcd.yml"
wait_for 30 etcd chain_etcdctl endpoint health
ETCD_ROOT_PASSWORD="$ETCD_ROOT_PASSWORD" ETCD_PATRONI_PASSWORD="$ETCD_PATRONI_PASSWORD" \
    ETCDCTL_ENDPOINTS="$ETCD_URL" ETCDCTL_CACERT="$TLS_DIR/ca.crt" ETCDCTL_CERT="$TLS_DIR/node1.crt" ETCDCTL_KEY="$TLS_DIR/node1.key" \
    "$CHAIN_SRC/etcd-auth.sh" /salondesk/ >&2

if [ -f "$CHAIN_DIR/node1/data/PG_VERSION" ] && [ -f "$CHAIN_DIR/node2/data/PG_VERSION" ]; then
    # a trial that down.sh stopped and kept: either node may have been the primary (a switchover
    # or a failover since), and Patroni lets only the one that was lead again, so both start at once
    chain_log "Patroni node1 and node2 (their data kept): the one that was the primary leads again"
    chain_start patroni-node1 patroni "$CHAIN_DIR/node1.yml"
    chain_start patroni-node2 patroni "$CHAIN_DIR/node2.yml"
else
    chain_log "Patroni node1 (PostgreSQL on 127.0.0.1:$NODE1_PG_PORT)"
    chain_start patroni-node1 patroni "$CHAIN_DIR/node1.yml"
    wait_for 120 "node1 as the primary" chain_api "$NODE1_API_PORT" /primary
    chain_log "Patroni node2 (PostgreSQL on 127.0.0.1:$NODE2_PG_PORT), cloned from node1"
    chain_start patroni-node2 patroni "$CHAIN_DIR/node2.yml"
fi
chain_wait_healthy 120

# the backup repository's stanza (again on a kept trial: it then only checks that the
# repository matches the cluster), and a check that a WAL segment reaches it end to end
chain_log "pgBackRest: stanza salondesk in $CHAIN_DIR/backups, WAL archiving checked"
leader="$(chain_leader)"
chain_pgbackrest "$leader" stanza-create >&2
chain_pgbackrest "$leader" check >&2

chain_log "PgBouncer on 127.0.0.1:$NODE1_BOUNCER_PORT and 127.0.0.1:$NODE2_BOUNCER_PORT"
chain_start_bouncer node1
chain_start_bouncer node2
wait_for 10 "PgBouncer" test -S "$CHAIN_DIR/bouncer/.s.PGSQL.$NODE2_BOUNCER_PORT"

salondesk() {   # the app's command line, signed in as the login in $1 with the password in $2
    local login="$1" password="$2"; shift 2
    SALONDESK_DB_PASSWORD="$password" SALONDESK_HOME="$CHAIN_DIR/desk-home" java -jar "$jar" --user "$login" "$@"
}
chain_log "the SalonDesk schema (db migrate, straight to the primary)"
salondesk salondesk "$OWNER_PASSWORD" --db-url "$DIRECT_URL" db migrate
if ! salondesk salondesk "$OWNER_PASSWORD" --db-url "$DIRECT_URL" salons list 2>/dev/null | grep -q .; then
    chain_log "the demo salon, its admin olena, the online server's login bookingweb and the live relay's liverelay"
    salondesk salondesk "$OWNER_PASSWORD" --db-url "$DIRECT_URL" demo
    printf '%s\n' "$ADMIN_PASSWORD" | salondesk salondesk "$OWNER_PASSWORD" --db-url "$DIRECT_URL" \
        users add --tenant 1 --login olena --name "Olena Kovalenko" --role admin --password-stdin
    printf '%s\n' "$ONLINE_PASSWORD" | salondesk salondesk "$OWNER_PASSWORD" --db-url "$DIRECT_URL" \
        users add --login bookingweb --role online --password-stdin
    # the live relay of serve --live-port signs in as its own login, never the online one (ADR 25)
    printf '%s\n' "$RELAY_PASSWORD" | salondesk salondesk "$OWNER_PASSWORD" --db-url "$DIRECT_URL" \
        users add --login liverelay --role relay --password-stdin
fi

patronictl_chain list
cat <<TXT
The shared server is up (data, logs and passwords in $CHAIN_DIR; secrets.env holds the passwords).
A desk, through PgBouncer, following whichever node is the primary (its live updates straight
to PostgreSQL, past PgBouncer's transaction pooling):
  SALONDESK_LIVE_URL='$DIRECT_URL' SALONDESK_DB_PASSWORD=\$ADMIN_PASSWORD java -jar $jar --user olena \\
      --db-url '$DESK_URL'
Migrations and LISTEN go straight to PostgreSQL: $DIRECT_URL
Switch the primary over (patronictl signs in to the REST API with node1.yml's certificate and password):
  patronictl -c $CHAIN_DIR/node1.yml switchover --force
Try the control plane as an attacker would: $CHAIN_SRC/control-plane-test.sh
Back it up (WAL is archived all along): $CHAIN_SRC/backup.sh full (or incr); restore to a moment:
  $CHAIN_SRC/restore.sh --to '$(date '+%F %T%z')' --yes
Stop it: $CHAIN_SRC/down.sh [--clean]
TXT
