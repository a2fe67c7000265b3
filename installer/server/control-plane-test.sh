#!/usr/bin/env bash
# The chain's control plane, tried as an attacker on the network would (issue 29; ADR 23), against
# the trial up.sh brought up (the failover test runs it before its storms and after them):
#   installer/server/control-plane-test.sh
# Patroni's REST API: plain HTTP, no client certificate, a certificate of another authority, no
# password or a wrong one, another address — each refused, and the leader stays; with everything
# right, the request gets past the door (a switchover to a node that does not exist: 412). etcd:
# plain HTTP, no client certificate, a certificate but no password (its v3 API and its HTTP
# gateway), a wrong password, the v2 API — none reads or writes the leader key; Patroni's etcd user
# reads it and can write nowhere else. PostgreSQL and PgBouncer: PgBouncer's lookup answers for a
# staff and the online login and for nobody else (owner, superuser, replication, rewind, PgBouncer
# logins, a login SalonDesk did not make), so the owner and such a stranger cannot sign in through
# PgBouncer while a staff login can; rewinder enters postgres only, with pg_rewind's rights and no
# more; superuser.sql holds (no pg_locks, advisory locks, large objects or postgres database for a
# staff login). One line per check, then
#   control-plane: checks=N failed=0
# and exit 0 only if every check held.
set -uo pipefail
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"
chain_secrets
# nothing from the caller's environment signs etcdctl in or lends it a certificate
unset ETCDCTL_USER ETCDCTL_CERT ETCDCTL_KEY ETCDCTL_CACERT ETCDCTL_ENDPOINTS ETCDCTL_INSECURE_SKIP_TLS_VERIFY

checks=0; failed=0
out="$(mktemp)"; rogue="$(mktemp -d)"
trap 'rm -rf "$out" "$rogue"' EXIT
verdict() {   # verdict NAME OK? DETAIL
    checks=$((checks + 1))
    if [ "$2" = yes ]; then
        echo "control-plane: ok   $1"
    else
        failed=$((failed + 1))
        echo "control-plane: FAIL $1 — $3"
    fi
}
expect() {    # expect NAME PATTERN ACTUAL: ACTUAL matches the glob PATTERN
    if [[ "$3" == $2 ]]; then verdict "$1" yes ""; else verdict "$1" no "expected $2, got: ${3:0:300}"; fi
}

leader="$(chain_leader)" || { echo "control-plane: FAIL no leader to try"; echo "control-plane: checks=1 failed=1"; exit 1; }
other=node1; [ "$leader" = node1 ] && other=node2
port_of() { case "$1" in node1) echo "$2" ;; *) echo "$3" ;; esac; }
leader_api="$(port_of "$leader" "$NODE1_API_PORT" "$NODE2_API_PORT")"
other_api="$(port_of "$other" "$NODE1_API_PORT" "$NODE2_API_PORT")"
leader_pg="$(port_of "$leader" "$NODE1_PG_PORT" "$NODE2_PG_PORT")"
leader_bouncer="$(port_of "$leader" "$NODE1_BOUNCER_PORT" "$NODE2_BOUNCER_PORT")"
echo "control-plane: $leader leads; trying its REST API (:$leader_api), etcd (:$ETCD_CLIENT_PORT), PostgreSQL (:$leader_pg), PgBouncer (:$leader_bouncer)"

# An attacker's own authority and certificate, made the same way as the chain's
"$CHAIN_SRC/make-certs.sh" "$rogue" intruder=127.0.0.1 >/dev/null
member_cert=(--cert "$TLS_DIR/$other.crt" --key "$TLS_DIR/$other.key")

# ---- Patroni's REST API ----------------------------------------------------------------------
api() {   # api METHOD PORT PATH BODY [curl options…]: the HTTP status (000: no HTTP answer)
    local method="$1" port="$2" path="$3" body="$4"; shift 4
    : > "$out"
    curl -s -o "$out" -w '%{http_code}' -m 10 --cacert "$TLS_DIR/ca.crt" -X "$method" \
        -H 'Content-Type: application/json' --data "$body" "$@" "https://127.0.0.1:$port$path" 2>/dev/null || true
}
# The requests are real ones, and those that ask for more than the door are made so that, should
# the door ever open, they change nothing: a switchover or failover to a node that does not exist,
# a restart only if one is pending, a reinitialisation of the leader (which Patroni never does), the
# configuration written as it is. Only the one that matters most asks for the real move — the
# leader to the standby — so that a REST API open to a member's certificate without the password
# would fail this test by the switchover itself.
switch_body="{\"leader\": \"$leader\", \"candidate\": \"$other\"}"
nobody_body="{\"leader\": \"$leader\", \"candidate\": \"nobody\"}"
expect "REST API: plain HTTP is not answered" "000" \
    "$(curl -s -o /dev/null -w '%{http_code}' -m 10 -X POST --data "$nobody_body" "http://127.0.0.1:$leader_api/switchover" 2>/dev/null || true)"
expect "REST API: POST /switchover without a client certificate is refused (403)" "403" \
    "$(api POST "$leader_api" /switchover "$nobody_body" -u "patroni:$RESTAPI_PASSWORD")"
expect "REST API: a client certificate of another authority is refused at the handshake" "000" \
    "$(api POST "$leader_api" /switchover "$nobody_body" --cert "$rogue/intruder.crt" --key "$rogue/intruder.key" -u "patroni:$RESTAPI_PASSWORD")"
expect "REST API: POST /switchover ($leader to $other) with a member's certificate but no password is refused (401)" "401" \
    "$(api POST "$leader_api" /switchover "$switch_body" "${member_cert[@]}")"
expect "REST API: POST /switchover with a wrong password is refused (401)" "401" \
    "$(api POST "$leader_api" /switchover "$nobody_body" "${member_cert[@]}" -u "patroni:not-the-password")"
expect "REST API: POST /failover without a password is refused (401)" "401" \
    "$(api POST "$other_api" /failover '{"candidate": "nobody"}' "${member_cert[@]}")"
expect "REST API: POST /restart without a password is refused (401)" "401" \
    "$(api POST "$leader_api" /restart '{"restart_pending": true}' "${member_cert[@]}")"
expect "REST API: POST /reinitialize without a password is refused (401)" "401" \
    "$(api POST "$leader_api" /reinitialize '{}' "${member_cert[@]}")"
config="$(chain_api "$leader_api" /config)"
expect "REST API: PATCH /config without a password is refused (401)" "401" \
    "$(api PATCH "$leader_api" /config '{"ttl": 10}' "${member_cert[@]}")"
expect "REST API: PUT /config without a password is refused (401)" "401" \
    "$(api PUT "$leader_api" /config "$config" "${member_cert[@]}")"
expect "REST API: POST /reload without a password is refused (401)" "401" \
    "$(api POST "$leader_api" /reload '' "${member_cert[@]}")"
expect "REST API: from an address outside the allow-list (127.0.0.2), even with certificate and password, refused (403)" "403" \
    "$(api POST "$leader_api" /switchover "$nobody_body" "${member_cert[@]}" -u "patroni:$RESTAPI_PASSWORD" --interface 127.0.0.2)"
code="$(api POST "$leader_api" /switchover "$nobody_body" "${member_cert[@]}" -u "patroni:$RESTAPI_PASSWORD")"
expect "REST API: with certificate and password the request is heard (a switchover to no such node: 412, $(tr -d '\n' < "$out"))" "412" "$code"
expect "REST API: reads stay open (GET /patroni without certificate or password)" "200" \
    "$(curl -s -o /dev/null -w '%{http_code}' -m 10 --cacert "$TLS_DIR/ca.crt" "https://127.0.0.1:$leader_api/patroni" || true)"
expect "REST API: the configuration is unchanged (ttl 10, synchronous_mode true)" "10 True" \
    "$(chain_api "$leader_api" /config | python3 -c 'import json, sys; c = json.load(sys.stdin); print(c.get("ttl"), c.get("synchronous_mode"))' 2>&1)"

# ---- etcd --------------------------------------------------------------------------------------
leader_key=/salondesk/salondesk/leader
b64() { printf '%s' "$1" | base64 | tr -d '\n'; }
# The writes are tried as transactions whose condition never holds (the leader key at version
# 999999999): etcd checks the rights of every operation in a transaction before it looks at the
# condition, so without the rights they are refused, and should a right ever be there the
# transaction still changes nothing — a broken lock fails this test without wrecking the cluster.
never_put="{\"compare\": [{\"key\": \"$(b64 "$leader_key")\", \"target\": \"VERSION\", \"version\": \"999999999\"}], \"success\": [{\"requestPut\": {\"key\": \"$(b64 "$leader_key")\", \"value\": \"$(b64 "$other")\"}}]}"
never() {   # never OPERATION…: an etcdctl transaction of OPERATION under that condition, as nobody
    printf 'version("%s") = "999999999"\n\n%s\n\n\n' "$leader_key" "$*" | chain_etcdctl --dial-timeout 3s --command-timeout 5s txn 2>&1 | tail -n1
}
gateway() {   # gateway PATH BODY [curl options…]: what etcd's HTTP gateway answers (or the curl error)
    local path="$1" body="$2"; shift 2
    curl -sS -m 10 -X POST --data "$body" "$@" "$ETCD_URL$path" 2>&1 || true
}
expect "etcd: plain HTTP gets no answer" "000" \
    "$(curl -s -o /dev/null -w '%{http_code}' -m 10 -X POST --data "{\"key\": \"$(b64 "$leader_key")\"}" "http://127.0.0.1:$ETCD_CLIENT_PORT/v3/kv/range" 2>/dev/null || true)"
expect "etcd: HTTPS without a client certificate is refused at the handshake" "curl: *" \
    "$(gateway /v3/kv/range "{\"key\": \"$(b64 "$leader_key")\"}" --cacert "$TLS_DIR/ca.crt")"
expect "etcd: a client certificate of another authority is refused at the handshake" "curl: *" \
    "$(gateway /v3/kv/range "{\"key\": \"$(b64 "$leader_key")\"}" --cacert "$TLS_DIR/ca.crt" --cert "$rogue/intruder.crt" --key "$rogue/intruder.key")"
tls=(--cacert "$TLS_DIR/ca.crt" --cert "$TLS_DIR/$other.crt" --key "$TLS_DIR/$other.key")
expect "etcd: the gateway with a member's certificate but no password reads nothing" "*user name is empty*" \
    "$(gateway /v3/kv/range "{\"key\": \"$(b64 "$leader_key")\"}" "${tls[@]}")"
expect "etcd: the gateway with a member's certificate but no password writes nothing" "*user name is empty*" \
    "$(gateway /v3/kv/txn "$never_put" "${tls[@]}")"
expect "etcd: the v2 API is not served" "*404*" "$(curl -sS -m 10 "${tls[@]}" "$ETCD_URL/v2/keys/salondesk/salondesk/leader" 2>&1 || true)"
expect "etcd: etcdctl without a client certificate gets nothing" "*rror*" \
    "$(ETCDCTL_API=3 etcdctl --endpoints "$ETCD_URL" --cacert "$TLS_DIR/ca.crt" --dial-timeout 3s --command-timeout 5s get "$leader_key" 2>&1 | tail -n1)"
expect "etcd: etcdctl with a member's certificate but no password may not read the leader key" "*permission denied*" \
    "$(chain_etcdctl --dial-timeout 3s --command-timeout 5s get "$leader_key" 2>&1 | tail -n1)"
expect "etcd: etcdctl with a member's certificate but no password may not write the leader key" "*permission denied*" \
    "$(never put "$leader_key" "$other")"
expect "etcd: etcdctl with a member's certificate but no password may not delete the leader key" "*permission denied*" \
    "$(never del "$leader_key")"
expect "etcd: a wrong password for patroni signs nobody in" "*authentication failed*" \
    "$(ETCDCTL_USER="patroni:not-the-password" chain_etcdctl --dial-timeout 3s --command-timeout 5s get "$leader_key" 2>&1 | tail -n1)"
expect "etcd: a wrong password for root signs nobody in" "*authentication failed*" \
    "$(ETCDCTL_USER="root:not-the-password" chain_etcdctl --dial-timeout 3s --command-timeout 5s user list 2>&1 | tail -n1)"
expect "etcd: Patroni's user may write nowhere outside /salondesk/" "*permission denied*" \
    "$(ETCDCTL_USER="patroni:$ETCD_PATRONI_PASSWORD" chain_etcdctl --dial-timeout 3s --command-timeout 5s put /elsewhere x 2>&1 | tail -n1)"
ETCDCTL_USER="root:$ETCD_ROOT_PASSWORD" chain_etcdctl del /elsewhere >/dev/null 2>&1 || true
expect "etcd: Patroni's user may not manage etcd's users" "*permission denied*" \
    "$(ETCDCTL_USER="patroni:$ETCD_PATRONI_PASSWORD" chain_etcdctl --dial-timeout 3s --command-timeout 5s user add intruder --interactive=false --new-user-password=x 2>&1 | tail -n1)"
ETCDCTL_USER="root:$ETCD_ROOT_PASSWORD" chain_etcdctl user delete intruder >/dev/null 2>&1 || true
expect "etcd: the leader key, read as Patroni's user, still names $leader" "$leader" \
    "$(ETCDCTL_USER="patroni:$ETCD_PATRONI_PASSWORD" chain_etcdctl --dial-timeout 3s --command-timeout 5s get --print-value-only "$leader_key" 2>&1 | tail -n1)"
expect "REST API and etcd: $leader still leads" "$leader" "$(chain_leader || echo nobody)"

# ---- PostgreSQL and PgBouncer --------------------------------------------------------------------
sql() {   # sql USER PASSWORD PORT DATABASE QUERY: the first line of the answer (columns apart by a space), or of the error
    PGPASSWORD="$2" PGCONNECT_TIMEOUT=5 psql -X -At -F ' ' -v ON_ERROR_STOP=1 "host=127.0.0.1 port=$3 dbname=$4 user=$1" -c "$5" 2>&1 | head -n1
}
superuser() {   # as Patroni's superuser over the primary's socket
    as_chain psql -X -At -v ON_ERROR_STOP=1 -h "$CHAIN_DIR/$leader" -p "$leader_pg" -d salondesk -c "$1" 2>&1
}
stranger_password="$(python3 -c 'import secrets; print(secrets.token_urlsafe(18))')"
superuser "DROP OWNED BY chain_stranger" >/dev/null 2>&1; superuser "DROP ROLE IF EXISTS chain_stranger" >/dev/null
# a login SalonDesk did not make, that may enter the salon's database: PgBouncer must not know it
superuser "CREATE ROLE chain_stranger LOGIN PASSWORD '$stranger_password'; GRANT CONNECT ON DATABASE salondesk TO chain_stranger" >/dev/null
lookup() { sql pgbouncer "$BOUNCER_PASSWORD" "$leader_pg" salondesk "SELECT count(*), coalesce(min(left(phash, 14)), '-') FROM pgbouncer.user_lookup('$1')"; }
for login in salondesk postgres replicator rewinder pgbouncer chain_stranger; do
    expect "PgBouncer's lookup gives nothing for $login" "0 -" "$(lookup "$login")"
done
expect "PgBouncer's lookup gives a staff login's verifier (olena)" "1 SCRAM-SHA-256\$" "$(lookup olena)"
expect "PgBouncer's lookup gives the online login's verifier (bookingweb)" "1 SCRAM-SHA-256\$" "$(lookup bookingweb)"
expect "a staff login may not call PgBouncer's lookup" "*permission denied*" \
    "$(sql olena "$ADMIN_PASSWORD" "$leader_pg" salondesk "SELECT phash FROM pgbouncer.user_lookup('salondesk')")"
expect "through PgBouncer the owner cannot sign in" "*FATAL*" "$(sql salondesk "$OWNER_PASSWORD" "$leader_bouncer" salondesk "SELECT current_user")"
expect "through PgBouncer PgBouncer's own login cannot sign in (bouncer_hba.conf)" "*login rejected*" \
    "$(sql pgbouncer "$BOUNCER_PASSWORD" "$leader_bouncer" salondesk "SELECT current_user")"
expect "through PgBouncer a login SalonDesk did not make cannot sign in" "*FATAL*" \
    "$(sql chain_stranger "$stranger_password" "$leader_bouncer" salondesk "SELECT current_user")"
expect "… though straight to PostgreSQL it can (the lookup is what refuses it)" "chain_stranger" \
    "$(sql chain_stranger "$stranger_password" "$leader_pg" salondesk "SELECT current_user")"
expect "through PgBouncer a staff login signs in" "olena" "$(sql olena "$ADMIN_PASSWORD" "$leader_bouncer" salondesk "SELECT current_user")"
superuser "DROP OWNED BY chain_stranger; DROP ROLE chain_stranger" >/dev/null
expect "the owner goes straight to PostgreSQL (and reads pg_locks, granted by superuser.sql)" "salondesk t" \
    "$(sql salondesk "$OWNER_PASSWORD" "$leader_pg" salondesk "SELECT current_user, count(*) >= 0 FROM pg_locks")"
expect "rewinder may not enter the salon's database" "*pg_hba.conf rejects*" \
    "$(sql rewinder "$REWIND_PASSWORD" "$leader_pg" salondesk "SELECT 1")"
expect "rewinder may not enter template1" "*pg_hba.conf rejects*" "$(sql rewinder "$REWIND_PASSWORD" "$leader_pg" template1 "SELECT 1")"
expect "rewinder enters postgres with what pg_rewind needs (pg_ls_dir, pg_stat_file, pg_read_binary_file)" "t t t" \
    "$(sql rewinder "$REWIND_PASSWORD" "$leader_pg" postgres "SELECT (SELECT count(*) > 0 FROM pg_ls_dir('global', false, false)), (pg_stat_file('global/pg_control', false)).size > 0, length(pg_read_binary_file('global/pg_control', 0, 16, false)) = 16")"
expect "rewinder may not read pg_locks in postgres" "*permission denied*" "$(sql rewinder "$REWIND_PASSWORD" "$leader_pg" postgres "SELECT count(*) FROM pg_locks")"
expect "rewinder may not take an advisory lock in postgres" "*permission denied*" "$(sql rewinder "$REWIND_PASSWORD" "$leader_pg" postgres "SELECT pg_advisory_lock(42)")"
expect "rewinder may not read a file as text (pg_read_file)" "*permission denied*" "$(sql rewinder "$REWIND_PASSWORD" "$leader_pg" postgres "SELECT pg_read_file('postgresql.conf')")"
expect "rewinder may not make a temporary table in postgres" "*permission denied*" "$(sql rewinder "$REWIND_PASSWORD" "$leader_pg" postgres "CREATE TEMP TABLE t (x int)")"
expect "replicator may not enter the salon's database" "*pg_hba.conf rejects*" "$(sql replicator "$REPLICATION_PASSWORD" "$leader_pg" salondesk "SELECT 1")"
expect "PgBouncer's login may not enter postgres" "*pg_hba.conf rejects*" "$(sql pgbouncer "$BOUNCER_PASSWORD" "$leader_pg" postgres "SELECT 1")"
expect "a staff login may not read pg_locks (superuser.sql)" "*permission denied*" "$(sql olena "$ADMIN_PASSWORD" "$leader_pg" salondesk "SELECT count(*) FROM pg_locks")"
expect "a staff login may not take an advisory lock (superuser.sql)" "*permission denied*" "$(sql olena "$ADMIN_PASSWORD" "$leader_pg" salondesk "SELECT pg_try_advisory_lock(42)")"
expect "a staff login may not make a large object (superuser.sql)" "*permission denied*" "$(sql olena "$ADMIN_PASSWORD" "$leader_pg" salondesk "SELECT lo_from_bytea(0, 'x')")"
expect "a staff login has no CONNECT on postgres or template1 (superuser.sql)" "f f" \
    "$(sql olena "$ADMIN_PASSWORD" "$leader_pg" salondesk "SELECT has_database_privilege('postgres', 'CONNECT'), has_database_privilege('template1', 'CONNECT')")"

echo "control-plane: checks=$checks failed=$failed"
[ "$failed" -eq 0 ]
