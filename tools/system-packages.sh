#!/usr/bin/env bash
# The Debian packages the tests need besides Node, PostgreSQL and Redis: Chromium (browser tests),
# nginx (the front door of the browser and system tests), poppler's pdftoppm (PDF checks), curl,
# the Liberation fonts (stable text in screenshots and PDFs), Caddy (the TLS edge in front of
# nginx, with on-demand certificates for customers' custom short domains; the tests' DNS server is
# a Node library, dns2), PgBouncer (the services checked through a pooler in transaction mode),
# redis-server and redis-cli (the fault suite's own Redis, and the Redis Cluster of
# `redis-cluster.spec.ts`, made with `redis-cli --cluster create`), wrk (the load of `npm run bench`:
# an HTTP client in C that costs a fraction of the server it loads). `npm test` and `.ci/run` both start here. Missing
# ones are installed with apt-get when this runs as root and apt-get exists, unless
# SYSTEM_PACKAGES_INSTALL=0 or --check; otherwise it stops at once, naming the command that does.
set -euo pipefail

install=${SYSTEM_PACKAGES_INSTALL:-1}
[ "${1:-}" = "--check" ] && install=0

missing() {
  local packages=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || command -v chromium >/dev/null 2>&1 || packages+=(chromium)
  [ -x "${NGINX_PATH:-/usr/sbin/nginx}" ] || command -v nginx >/dev/null 2>&1 || packages+=(nginx-light)
  [ -x /usr/bin/pdftoppm ] || packages+=(poppler-utils)
  command -v curl >/dev/null 2>&1 || packages+=(curl)
  [ -e /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || packages+=(fonts-liberation)
  [ -x /usr/bin/caddy ] || packages+=(caddy)
  [ -x /usr/sbin/pgbouncer ] || packages+=(pgbouncer)
  command -v redis-server >/dev/null 2>&1 || packages+=(redis-server)
  command -v redis-cli >/dev/null 2>&1 || packages+=(redis-tools)
  command -v wrk >/dev/null 2>&1 || packages+=(wrk)
  echo "${packages[@]}"
}

needed=$(missing)
[ -z "$needed" ] && exit 0

if [ "$install" != 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the system packages the tests need: $needed"
  apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $needed
  needed=$(missing)
  [ -z "$needed" ] && exit 0
fi

{
  echo "The tests need these system packages, which are missing: $needed"
  echo "Install them with this one command (Debian or Ubuntu), then run the tests again:"
  echo
  echo "  sudo tools/system-packages.sh"
  echo
  echo "(It runs apt-get install --no-install-recommends $needed.)"
} >&2
exit 1
