#!/usr/bin/env bash
# Brings Palco's production topology up on this machine (docs/deployment.md "Locally, with one
# command"): nginx with TLS in front of two Palco instances on PostgreSQL, media in an S3-compatible
# bucket (s3rver), mail through a real SMTP server (aiosmtpd, writing a Maildir). Everything lives
# under $PALCO_DEPLOY_DIR (default /tmp/palco-deploy); deploy/local/down.sh stops it all.
# Prints `READY https://127.0.0.1:PORT` once the demo owner can sign in through nginx.
#
# The same steps as the Dockerfile: Debian's ffmpeg, the built app (npm run build), bin/serve.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
export DEBIAN_FRONTEND=noninteractive
STATE=${PALCO_DEPLOY_DIR:-/tmp/palco-deploy}
HTTPS_PORT=${PALCO_DEPLOY_PORT:-8443}
mkdir -p "$STATE"
STATE=$(cd "$STATE" && pwd)
log() { echo "up.sh: $*" >&2; }

if [ -f "$STATE/ports.env" ] && [ -f "$STATE/pids/nginx.pid" ]; then
  log "already up ($STATE); run deploy/local/down.sh first"
  exit 1
fi

# What Debian provides: nginx, PostgreSQL, ffmpeg, the SMTP server, openssl. Installed when missing.
need=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || need+=(nginx)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || need+=(postgresql)
command -v ffmpeg >/dev/null || need+=(ffmpeg)
/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null || need+=(python3-aiosmtpd)
command -v openssl >/dev/null || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
export PATH="$ROOT/node_modules/.bin:$PATH"

# The first free TCP port from $1 (another run or service may hold one).
free_port() {
  local port=$1
  while (echo >/dev/tcp/127.0.0.1/"$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}
PG_PORT=$(free_port "${PALCO_DEPLOY_PG_PORT:-55500}")
S3_PORT=$(free_port "${PALCO_DEPLOY_S3_PORT:-45680}")
SMTP_PORT=$(free_port "${PALCO_DEPLOY_SMTP_PORT:-25250}")
APP1_PORT=$(free_port "${PALCO_DEPLOY_APP_PORT:-18081}")
APP2_PORT=$(free_port $((APP1_PORT + 1)))
RTMP_PORT=$(free_port "${PALCO_DEPLOY_RTMP_PORT:-19350}")
if (echo >/dev/tcp/127.0.0.1/"$HTTPS_PORT") 2>/dev/null; then
  log "port $HTTPS_PORT is taken (set PALCO_DEPLOY_PORT)"
  exit 1
fi
mkdir -p "$STATE"/{pids,logs,mail/tmp,mail/new,mail/cur,s3,nginx/cache,nginx/tmp,app1,app2,tls}
cat >"$STATE/ports.env" <<PORTS
HTTPS_PORT=$HTTPS_PORT
PG_PORT=$PG_PORT
S3_PORT=$S3_PORT
SMTP_PORT=$SMTP_PORT
APP1_PORT=$APP1_PORT
APP2_PORT=$APP2_PORT
RTMP_PORT=$RTMP_PORT
PGBIN=$PGBIN
PORTS

# The built app, as the Dockerfile builds it: the console when it is missing (a minute or more), the
# server every time (esbuild, seconds), so a changed server is what runs.
# NODE_ENV=production whatever the caller's (a test runner sets `test`, and Vite then builds a console
# that is not a production build: no service worker).
if [ ! -f dist/index.html ]; then
  log "building the app (npm run build)"
  NODE_ENV=production npm run --silent build >"$STATE/logs/build.log" 2>&1
else
  NODE_ENV=production npm run --silent build:server >"$STATE/logs/build.log" 2>&1
fi

# A self-signed certificate for 127.0.0.1 and localhost (kept across runs).
if [ ! -f "$STATE/tls/cert.pem" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=palco-local" \
    -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" \
    -keyout "$STATE/tls/key.pem" -out "$STATE/tls/cert.pem" >/dev/null 2>&1
fi

# PostgreSQL on its own port and data directory, run by the postgres user as Debian's package does.
if [ ! -f "$STATE/pg/PG_VERSION" ]; then
  mkdir -p "$STATE/pg"
  id postgres >/dev/null 2>&1 && chown postgres "$STATE/pg"
  as_pg() { if id postgres >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  as_pg "$PGBIN/initdb" -D "$STATE/pg" -A trust -U postgres >/dev/null
fi
as_pg() { if id postgres >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
as_pg "$PGBIN/pg_ctl" -D "$STATE/pg" -l "$STATE/pg/postgres.log" -w \
  -o "-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1" start >/dev/null
"$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "select 1 from pg_database where datname = 'palco'" |
  grep -q 1 || "$PGBIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres palco

# The bucket (s3rver) and the SMTP server, each in its own process group (down.sh ends the group).
start() {
  local name=$1
  shift
  setsid "$@" >"$STATE/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$STATE/pids/$name.pid"
}
start s3 s3rver -d "$STATE/s3" -a 127.0.0.1 -p "$S3_PORT" --configure-bucket palco-media
start smtp /usr/bin/python3 -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" -c aiosmtpd.handlers.Mailbox "$STATE/mail"

wait_port() {
  for _ in $(seq 1 "${2:-100}"); do
    (echo >/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0
    sleep 0.2
  done
  log "nothing listens on $1"
  return 1
}
wait_port "$S3_PORT"
wait_port "$SMTP_PORT"

# One secret for both instances (sessions signed by one are read by the other).
[ -f "$STATE/jwt-secret" ] || openssl rand -hex 32 >"$STATE/jwt-secret"
[ -f "$STATE/metrics-token" ] || openssl rand -hex 24 >"$STATE/metrics-token"
# WEBHOOK_ALLOW_PRIVATE: local topology only, so webhooks reach a receiver on this machine (the fault
# tests' one); never in production (docs/webhooks.md "Addresses (SSRF)", deploy/README.md).
cat >"$STATE/palco.env" <<ENV
DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/palco
JWT_SECRET=$(cat "$STATE/jwt-secret")
PUBLIC_URL=https://127.0.0.1:$HTTPS_PORT
STORAGE=s3
S3_BUCKET=palco-media
S3_ENDPOINT=http://127.0.0.1:$S3_PORT
S3_FORCE_PATH_STYLE=true
AWS_ACCESS_KEY_ID=S3RVER
AWS_SECRET_ACCESS_KEY=S3RVER
SMTP_URL=smtp://127.0.0.1:$SMTP_PORT
TRUST_PROXY=127.0.0.1
METRICS_TOKEN=$(cat "$STATE/metrics-token")
WEBHOOK_ALLOW_PRIVATE=true
STATIC_DIR=$ROOT/dist
HOST=127.0.0.1
LOG_LEVEL=${LOG_LEVEL:-info}
ENV

# Instance $1 on port $2 with its own DATA_DIR (scratch only: media is in the bucket).
start_app() {
  local n=$1 port=$2 ingest=$3
  (
    set -a
    # shellcheck disable=SC1091
    . "$STATE/palco.env"
    set +a
    export PORT=$port DATA_DIR="$STATE/app$n" INGEST_PORT=$ingest
    exec setsid "$ROOT/bin/serve" >>"$STATE/logs/app$n.log" 2>&1 </dev/null
  ) &
  echo $! >"$STATE/pids/app$n.pid"
}
wait_ready() {
  for _ in $(seq 1 "${2:-600}"); do
    curl -fsS -o /dev/null "http://127.0.0.1:$1/readyz" 2>/dev/null && return 0
    sleep 0.5
  done
  log "instance on $1 never became ready; see $STATE/logs"
  return 1
}
# One after the other: the first migrates and seeds the database, the second finds it done.
start_app 1 "$APP1_PORT" "$RTMP_PORT"
wait_ready "$APP1_PORT"
start_app 2 "$APP2_PORT" off
wait_ready "$APP2_PORT"

# nginx with deploy/nginx/palco.conf, its placeholders filled in.
# (Comment lines are left as they are: they name the placeholders.)
sed -e "/^ *#/!s#__LISTEN__#$HTTPS_PORT#" -e "/^ *#/!s#__SERVER_NAME__#127.0.0.1 localhost#" \
  -e "/^ *#/!s#__CERT__#$STATE/tls/cert.pem#" -e "/^ *#/!s#__KEY__#$STATE/tls/key.pem#" \
  -e "/^ *#/!s#__CACHE_DIR__#$STATE/nginx/cache#" \
  -e "/^ *#/!s#__UPSTREAMS__#server 127.0.0.1:$APP1_PORT max_fails=1 fail_timeout=5s;\n    server 127.0.0.1:$APP2_PORT max_fails=1 fail_timeout=5s;#" \
  deploy/nginx/palco.conf >"$STATE/nginx/palco.conf"
cat >"$STATE/nginx/nginx.conf" <<NGINX
# Written by deploy/local/up.sh: a private nginx (its own pid, logs and temporary files).
worker_processes 1;
pid $STATE/pids/nginx.pid;
error_log $STATE/logs/nginx-error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    access_log $STATE/logs/nginx-access.log;
    client_body_temp_path $STATE/nginx/tmp/body;
    proxy_temp_path $STATE/nginx/tmp/proxy;
    fastcgi_temp_path $STATE/nginx/tmp/fastcgi;
    uwsgi_temp_path $STATE/nginx/tmp/uwsgi;
    scgi_temp_path $STATE/nginx/tmp/scgi;
    include $STATE/nginx/palco.conf;
}
NGINX
"$NGINX" -t -c "$STATE/nginx/nginx.conf" -e "$STATE/logs/nginx-error.log" >"$STATE/logs/nginx-test.log" 2>&1 ||
  { cat "$STATE/logs/nginx-test.log" >&2; exit 1; }
"$NGINX" -c "$STATE/nginx/nginx.conf" -e "$STATE/logs/nginx-error.log"

# Ready once a browser could sign in: the demo owner's login through nginx, over HTTPS.
for _ in $(seq 1 100); do
  if curl -fsS --cacert "$STATE/tls/cert.pem" -o /dev/null -H 'content-type: application/json' \
    -d '{"login":"owner@palco.test","password":"palco123"}' "https://127.0.0.1:$HTTPS_PORT/api/user/login"; then
    echo "READY https://127.0.0.1:$HTTPS_PORT"
    exit 0
  fi
  sleep 0.3
done
log "sign-in through nginx failed; see $STATE/logs"
exit 1
