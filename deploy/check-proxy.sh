#!/usr/bin/env bash
# Tries deploy/nginx/okuu.conf for real on this machine: two instances (STORAGE=postgres, TRUST_PROXY=true) on a
# throwaway database, nginx with a self-signed certificate in a temporary prefix, then checks through the proxy:
# HTTPS redirect, readiness, /metrics out of reach under any spelling (it has a port of its own), one HSTS header, a
# Secure cookie, an upload read back through both instances, the chat WebSocket, X-Forwarded-For not spoofable, writes
# with an Idempotency-Key stored once each while an instance is killed under them, and requests still served while one
# instance stops.
# Needs nginx, openssl, curl and a PostgreSQL server: CHECK_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres).
# Ports: CHECK_PORT_BASE (18400): instances on +81/+82 (their /metrics on +1081/+1082), nginx on +80 (HTTP) and +43
# (HTTPS).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
base_url="${CHECK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
p="${CHECK_PORT_BASE:-18400}"
http=$((p + 80)) https=$((p + 43)) one=$((p + 81)) two=$((p + 82))
tmp="$(mktemp -d /tmp/okuu-proxy-check.XXXXXX)"
db="okuu_proxy_check_$$"
db_url="${base_url%/*}/$db"
pids=()

cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$tmp/nginx.pid" ] && kill "$(cat "$tmp/nginx.pid")" 2>/dev/null || true
  sleep 1
  node -e 'const {Client}=require("pg");const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.query(`DROP DATABASE IF EXISTS ${process.argv[2]} WITH (FORCE)`)).finally(()=>c.end())' "$base_url" "$db" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
pass() { echo "ok    $*"; }
fail() { echo "FAIL  $*"; exit 1; }

cd "$root"
node -e 'const {Client}=require("pg");const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.query(`CREATE DATABASE ${process.argv[2]}`)).then(()=>c.end())' "$base_url" "$db"

start_instance() {
  local port=$1
  (cd apps/server && PORT=$port HOST=127.0.0.1 DATABASE_URL="$db_url" STORAGE=postgres TRUST_PROXY=true \
    PUBLIC_URL="https://localhost:$https" METRICS_PORT=$((port + 1000)) \
    DATA_DIR="$tmp/data-$port" DEMO_STUDENTS=50 LOG_LEVEL=info PAYMENT_CALLBACK_SECRET=0123456789abcdef0123456789abcdef \
    exec node --import tsx src/main.ts >>"$tmp/server-$port.log" 2>&1) &
  pids+=($!)
}
wait_ready() {
  for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$1/readyz" >/dev/null && break; sleep 1; done
  curl -fs "http://127.0.0.1:$1/readyz" >/dev/null || { cat "$tmp/server-$1.log"; fail "instance $1 did not start"; }
}
start_instance $one
start_instance $two
wait_ready $one
wait_ready $two
pass "two instances ready (migrations and seed ran once, under the advisory locks)"

mkdir -p "$tmp/conf" "$tmp/logs"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -keyout "$tmp/portal.key" -out "$tmp/portal.crt" 2>/dev/null
cp deploy/nginx/okuu-proxy.conf "$tmp/conf/"
sed -e "s|/etc/nginx/okuu-proxy.conf|$tmp/conf/okuu-proxy.conf|" \
  -e "s|/etc/letsencrypt/live/portal.example.edu/fullchain.pem|$tmp/portal.crt|" \
  -e "s|/etc/letsencrypt/live/portal.example.edu/privkey.pem|$tmp/portal.key|" \
  -e "s|127.0.0.1:8081|127.0.0.1:$one|; s|127.0.0.1:8082|127.0.0.1:$two|" \
  -e "s|listen 80;|listen $http;|; s|listen \[::\]:80;|listen [::]:$http;|; s|:443 ssl|:$https ssl|; s|listen 443 ssl|listen $https ssl|" \
  -e "s|return 301 https://\$host\$request_uri;|return 301 https://\$host:$https\$request_uri;|" \
  deploy/nginx/okuu.conf >"$tmp/conf/okuu.conf"
cat >"$tmp/conf/nginx.conf" <<CONF
pid $tmp/nginx.pid;
error_log $tmp/logs/error.log;
events {}
http {
  access_log $tmp/logs/access.log;
  client_body_temp_path $tmp/body; proxy_temp_path $tmp/proxy; fastcgi_temp_path $tmp/fcgi;
  uwsgi_temp_path $tmp/uwsgi; scgi_temp_path $tmp/scgi;
  include $tmp/conf/okuu.conf;
}
CONF
nginx -p "$tmp" -c "$tmp/conf/nginx.conf"
sleep 1
pass "nginx -t and start with deploy/nginx/okuu.conf"

u="https://localhost:$https"
c=(curl -sk --resolve "localhost:$https:127.0.0.1")
[ "$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$http/lms")" = "301 https://127.0.0.1:$https/lms" ] &&
  pass "HTTP redirects to HTTPS" || fail "no redirect to HTTPS"
[ "$("${c[@]}" -o /dev/null -w '%{http_code}' "$u/readyz")" = 200 ] && pass "/readyz through nginx: 200" || fail "/readyz"
for path in /metrics /metrics/ '/metrics?x=1' /%6detrics /%6Detrics/ //metrics /./metrics /api/../metrics; do
  got="$("${c[@]}" --path-as-is -o "$tmp/metrics.out" -w '%{http_code}' "$u$path")"
  { [ "$got" != 200 ] && ! grep -q okuu_ "$tmp/metrics.out"; } || fail "$path through nginx answers the metrics"
  got="$(curl -s --path-as-is -o "$tmp/metrics.out" -w '%{http_code}' "http://127.0.0.1:$one$path")"
  { [ "$got" != 200 ] && ! grep -q okuu_ "$tmp/metrics.out"; } || fail "$path on the portal's port answers the metrics"
done
pass "/metrics under 8 spellings: not through nginx, not on the portal's port"
curl -s -o "$tmp/metrics.out" "http://127.0.0.1:$((one + 1000))/metrics"
grep -q '^okuu_http_requests_total' "$tmp/metrics.out" && pass "/metrics on its own port (METRICS_PORT): there" ||
  fail "/metrics on METRICS_PORT"
[ "$("${c[@]}" -D - -o /dev/null "$u/lms/login" | grep -ci '^strict-transport-security:')" = 1 ] &&
  pass "one Strict-Transport-Security header through nginx" || fail "not exactly one HSTS header"

headers="$("${c[@]}" -D - -o /dev/null -H 'content-type: application/json' -H 'x-forwarded-for: 203.0.113.9' \
  -d '{"login":"teacher1","password":"Okuu2026!"}' "$u/api/auth/orize.json")"
cookie="$(echo "$headers" | grep -i '^set-cookie: token=' | sed -E 's/^[Ss]et-[Cc]ookie: (token=[^;]*).*/\1/' | tr -d '\r')"
[ -n "$cookie" ] || fail "sign-in through nginx"
echo "$headers" | grep -i '^set-cookie: token=' | grep -qi 'secure' && pass "sign-in through nginx; the cookie is Secure (X-Forwarded-Proto)" || fail "cookie not Secure"

# The client's own X-Forwarded-For is replaced by nginx: the instances log the client's real address (127.0.0.1).
sleep 1.5 # the request log is flushed every second
grep -q '203.0.113.9' "$tmp"/server-*.log && fail "a client-chosen X-Forwarded-For reached the server"
grep -h '"url":"/api/auth/orize.json"' "$tmp"/server-*.log | grep -q '"ip":"127.0.0.1"' &&
  pass "X-Forwarded-For set by nginx, the client's own ignored" || fail "sign-in not logged with the client's address"

head -c 3000000 /dev/urandom >"$tmp/upload.bin"
sum="$(sha256sum <"$tmp/upload.bin" | cut -c1-64)"
book="$("${c[@]}" -H "cookie: $cookie" -F name=Proxy -F author=Check -F id_bookCategory=2 \
  -F "files=@$tmp/upload.bin;filename=upload.zip" "$u/api/library/insertupdatebook.json")"
id="$(echo "$book" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.id_eBook))')"
for i in 1 2 3 4; do
  got="$("${c[@]}" -H "cookie: $cookie" "$u/api/library/download.file?id=$id" | sha256sum | cut -c1-64)"
  [ "$got" = "$sum" ] || fail "download $i differs"
done
for port in $one $two; do
  got="$(curl -s -H "cookie: $cookie" "http://127.0.0.1:$port/api/library/download.file?id=$id" | sha256sum | cut -c1-64)"
  [ "$got" = "$sum" ] || fail "instance $port does not have the file"
done
pass "a 3 MB upload through nginx downloads intact from both instances (STORAGE=postgres)"

# A file over UPLOAD_MAX_MB (20) passes nginx's limit and gets the server's own 413, naming the limit.
head -c 22000000 /dev/zero >"$tmp/big.bin"
big="$("${c[@]}" -H "cookie: $cookie" -F name=Big -F author=Check -F id_bookCategory=2 \
  -F "files=@$tmp/big.bin;filename=big.zip" -w ' %{http_code}' "$u/api/library/insertupdatebook.json")"
case "$big" in *'"code":"'*' 413') pass "a 22 MB file: the server's 413 (${big:0:60}…)" ;; *) fail "oversized upload: $big" ;; esac

node -e '
const WebSocket = require("ws");
const [url, cookie] = process.argv.slice(1);
const ws = new WebSocket(url, { headers: { cookie, origin: url.replace("wss:", "https:").replace(/\/api.*/, "") }, rejectUnauthorized: false });
const timer = setTimeout(() => { console.error("no ready"); process.exit(1); }, 5000);
ws.on("message", (m) => { if (JSON.parse(m).type === "ready") { clearTimeout(timer); ws.close(); process.exit(0); } });
ws.on("error", (e) => { console.error(e.message); process.exit(1); });
' "wss://localhost:$https/api/chat/ws" "$cookie" && pass "the chat WebSocket upgrades through nginx" || fail "WebSocket"

# Writes with an Idempotency-Key while the second instance is killed under them (kill -9): nginx sends those it cannot
# deliver, or that die in flight, to the first with the same key; each is answered, and stored exactly once.
marker="proxy-check-$$"
node -e '
const [url, cookie, marker, pid] = process.argv.slice(1);
process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
let next = 0, killed = false;
const codes = {};
async function sender() {
  while (next < 240) {
    const i = next++;
    if (i === 60 && !killed) { killed = true; process.kill(Number(pid), "SIGKILL"); }
    const form = new FormData();
    form.append("text", `${marker} ${i}`);
    form.append("audience", "all");
    const res = await fetch(`${url}/api/news/insert.json`, {
      method: "POST", body: form, headers: { cookie, "idempotency-key": `${marker}-${i}` },
    }).catch((e) => ({ status: e.message }));
    codes[res.status] = (codes[res.status] ?? 0) + 1;
  }
}
Promise.all(Array.from({ length: 16 }, sender)).then(() => { console.log(JSON.stringify(codes)); process.exit(codes[200] === 240 ? 0 : 1); });
' "$u" "$cookie" "$marker" "${pids[1]}" >"$tmp/keyed.out" 2>/dev/null || { cat "$tmp/keyed.out"; fail "keyed writes failed while an instance died"; }
stored="$(node -e 'const {Client}=require("pg");const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.query("select count(*)::int n, count(distinct text)::int d from news where text like $1",[process.argv[2]+" %"])).then(r=>{console.log(r.rows[0].n+" "+r.rows[0].d);return c.end()})' "$db_url" "$marker")"
[ "$stored" = "240 240" ] && pass "240 writes with an Idempotency-Key while an instance was killed: all 200 ($(cat "$tmp/keyed.out")), each stored once" ||
  fail "keyed writes stored: $stored (of 240, distinct)"
start_instance $two
wait_ready $two
# nginx counts the killed instance out for fail_timeout (10 s) after its failures: it takes requests again after that.
sleep 11

# One instance stops (SIGTERM, as systemd does): requests keep being answered by the other.
kill -TERM "${pids[0]}"
codes=""
for _ in $(seq 1 40); do codes+="$("${c[@]}" -o /dev/null -w '%{http_code} ' "$u/readyz")"; sleep 0.05; done
[ "$(echo "$codes" | tr ' ' '\n' | grep -c '^200$')" = 40 ] && pass "40 requests while one instance stops: all 200" ||
  { echo "$codes"; fail "requests failed while an instance stopped"; }
echo "all checks passed"
