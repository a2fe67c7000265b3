#!/usr/bin/env bash
# The chain's own certificate authority and a certificate for each of its machines (issue 29;
# ADR 23), with openssl:
#   installer/server/make-certs.sh DIR NAME=ADDRESS[,ADDRESS…] …
#   e.g. installer/server/make-certs.sh ./chain-tls db1=10.0.0.1 db2=10.0.0.2 witness=10.0.0.3
# DIR/ca.crt and DIR/ca.key are the authority (made once, then kept and reused: every machine
# trusts ca.crt; keep ca.key off the servers). For each NAME, DIR/NAME.key and DIR/NAME.crt,
# signed by it, valid for the name, its addresses, localhost and 127.0.0.1, as a TLS server and
# as a TLS client alike. On that machine the one certificate serves
#   * etcd: its clients (https, a client certificate required) and its peers;
#   * Patroni's REST API (https, a client certificate required for anything that changes the
#     cluster), and Patroni as a client of etcd and of the other node's REST API, and patronictl.
# The certificates carry no common name (the machine's name is their OU and subjectAltName): etcd
# would take a client certificate's common name for an etcd user signed in without a password, and
# etcd 3.4 refuses any request to its HTTP gateway (the one Patroni speaks) from a certificate that
# has one. A certificate proves a machine of the chain; only a password gives rights in etcd
# (etcd-auth.sh).
# A NAME whose files exist already is left alone; to renew one, delete its two files and run it
# again (a certificate is valid for 825 days, the authority for 10 years).
set -euo pipefail
[ "$#" -ge 2 ] || { echo "usage: make-certs.sh DIR NAME=ADDRESS[,ADDRESS…] …" >&2; exit 2; }
command -v openssl >/dev/null || { echo "make-certs.sh: openssl is missing (apt-get install -y openssl)" >&2; exit 1; }
dir="$1"; shift
mkdir -p "$dir"
umask 077

if [ ! -f "$dir/ca.crt" ] || [ ! -f "$dir/ca.key" ]; then
    openssl req -x509 -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 -days 3650 \
        -keyout "$dir/ca.key" -out "$dir/ca.crt" -subj "/O=SalonDesk chain/CN=SalonDesk chain CA" \
        -addext "basicConstraints=critical,CA:TRUE,pathlen:0" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
fi
chmod 644 "$dir/ca.crt"

for spec in "$@"; do
    name="${spec%%=*}"; addresses="${spec#*=}"
    case "$name" in
        ""|*[!A-Za-z0-9.-]*) echo "make-certs.sh: '$name' is not a machine name" >&2; exit 2 ;;
    esac
    [ "$spec" != "$name" ] && [ -n "$addresses" ] || { echo "make-certs.sh: $spec: NAME=ADDRESS expected" >&2; exit 2; }
    [ -f "$dir/$name.crt" ] && [ -f "$dir/$name.key" ] && continue
    san="DNS:$name,DNS:localhost,IP:127.0.0.1"
    IFS=',' read -ra list <<< "$addresses"
    for a in "${list[@]}"; do
        [ "$a" = 127.0.0.1 ] && continue
        if [[ "$a" =~ ^[0-9.]+$ || "$a" == *:* ]]; then san+=",IP:$a"; else san+=",DNS:$a"; fi
    done
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -sha256 \
        -keyout "$dir/$name.key" -out "$dir/$name.csr" -subj "/O=SalonDesk chain/OU=$name" 2>/dev/null
    openssl x509 -req -sha256 -days 825 -in "$dir/$name.csr" -CA "$dir/ca.crt" -CAkey "$dir/ca.key" \
        -set_serial "0x$(openssl rand -hex 16)" -out "$dir/$name.crt" -extfile <(printf '%s\n' \
            "subjectAltName=$san" \
            "basicConstraints=critical,CA:FALSE" \
            "keyUsage=critical,digitalSignature,keyEncipherment" \
            "extendedKeyUsage=serverAuth,clientAuth") 2>/dev/null
    rm -f "$dir/$name.csr"
    chmod 644 "$dir/$name.crt"
    echo "make-certs.sh: $dir/$name.crt for $san"
done
