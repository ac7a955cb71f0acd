#!/usr/bin/env bash
# Installs and starts what the test suites need beyond npm: Debian's Chromium (for the
# browser tests; never a downloaded browser), PostgreSQL (for the storage contract on
# PostgreSQL), with a database `test` reachable on 127.0.0.1:5432 without a password, and
# Redis on 127.0.0.1:6379 (pub/sub of live events between server processes), and socat (pty
# pairs for the wheel driver tests).
# Idempotent: uses what is already installed and running. Needs root (or sudo).
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v socat >/dev/null 2>&1 || missing+=(socat)
command -v setpriv >/dev/null 2>&1 || missing+=(util-linux) # setpriv --pdeathsig: the demo wheel's socat dies with the server
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "setup: starting PostgreSQL $version"
  # trust on loopback: a throwaway test cluster, as on the project's CI machine
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  if ! $SUDO grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    $SUDO sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  fi
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
if ! psql -h 127.0.0.1 -U postgres -d postgres -tAc "select 1 from pg_database where datname='test'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -d postgres -c 'create database test' >/dev/null
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "setup: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
echo "setup: chromium $(/usr/bin/chromium --version 2>/dev/null | head -n 1); postgresql ready on 127.0.0.1:5432; redis $(redis-cli -h 127.0.0.1 -p 6379 ping)"
