#!/usr/bin/env bash
# Stops what deploy/local/up.sh started (nginx, both instances, the SMTP server, the bucket,
# PostgreSQL), by the process ids it wrote. Keeps the state directory (database, bucket, mail,
# certificate) unless given --purge.
set -uo pipefail
STATE=${PALCO_DEPLOY_DIR:-/tmp/palco-deploy}
[ -d "$STATE" ] || exit 0
stop_group() {
  local file=$STATE/pids/$1.pid
  [ -f "$file" ] || return 0
  local pid
  pid=$(cat "$file")
  # Each was started with setsid: its process group holds its children (ffmpeg, workers).
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$file"
}
if [ -f "$STATE/pids/nginx.pid" ]; then
  kill -QUIT "$(cat "$STATE/pids/nginx.pid")" 2>/dev/null
  for _ in $(seq 1 25); do [ -f "$STATE/pids/nginx.pid" ] || break; sleep 0.2; done
  rm -f "$STATE/pids/nginx.pid"
fi
stop_group app2
stop_group app1
stop_group smtp
stop_group s3
if [ -f "$STATE/ports.env" ]; then
  # shellcheck disable=SC1091
  . "$STATE/ports.env"
  if id postgres >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$STATE/pg" -m fast stop >/dev/null 2>&1
  else
    "$PGBIN/pg_ctl" -D "$STATE/pg" -m fast stop >/dev/null 2>&1
  fi
  rm -f "$STATE/ports.env"
fi
[ "${1:-}" = --purge ] && rm -rf "$STATE"
exit 0
