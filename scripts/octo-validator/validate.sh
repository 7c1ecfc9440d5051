#!/usr/bin/env bash
# Runs the OCTO validator's supplier scenarios (octotravel/validator, backend/src/common/validation/supplier)
# unchanged against a production build of this app: a fresh data folder, a reseller key, the server on
# PORT, the scenarios, then the server stopped. See docs/octo-validation.md.
#
#   scripts/octo-validator/validate.sh <validator: a checkout or a bare git dir> [test|live] [port]
#
# Build first: NODE_ENV=production RIHLA_TEST_ROUTES=1 npm run build
set -euo pipefail
SOURCE=${1:?path to the validator (a checkout, or a bare git directory)}
MODE=${2:-test}
PORT=${3:-3221}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK="$ROOT/.cache/octo-validator"

# The validator's supplier code, its two shared schemas, and our runner; the rest of its backend is not needed.
rm -rf "$WORK/src" && mkdir -p "$WORK/src/common/validation" "$WORK/src/common/schemas" "$WORK/src/api/supplier/validate" "$WORK/src/common/di"
if [ -d "$SOURCE/backend" ]; then TREE="$SOURCE"; else TREE=$(mktemp -d); git --git-dir="$SOURCE" archive HEAD backend | tar -x -C "$TREE"; fi
cp -r "$TREE/backend/src/common/validation/supplier" "$WORK/src/common/validation/"
cp "$TREE/backend/src/common/schemas/Booking.ts" "$WORK/src/common/schemas/"
cp "$TREE/backend/src/api/supplier/validate/ValidationSchema.ts" "$WORK/src/api/supplier/validate/"
echo 'export const asyncLocalStorage = { getStore: (): any => undefined };' > "$WORK/src/common/di/asyncLocalStorage.ts"
cp "$ROOT/scripts/octo-validator/run.ts" "$WORK/run.ts"
rm -rf "$WORK/core-stub" && cp -r "$ROOT/scripts/octo-validator/core-stub" "$WORK/core-stub"
cat > "$WORK/package.json" <<'JSON'
{ "name": "octo-validator-run", "private": true, "type": "commonjs",
  "dependencies": { "@octocloud/types": "2.0.4", "@octocloud/core": "file:./core-stub", "date-fns": "4.1.0", "date-fns-tz": "3.2.0",
    "ramda": "0.28.0", "uuid": "9.0.0", "yup": "0.32.11", "tsx": "4.20.6", "@types/ramda": "0.28.25" } }
JSON
(cd "$WORK" && npm install --no-audit --no-fund --silent)

DATA=$(mktemp -d)
FLAGS=(--reseller "Validator ($MODE)" --rate-limit 100000)
[ "$MODE" = test ] && FLAGS+=(--test)
KEY=$(cd "$ROOT" && DATA_DIR=$DATA NODE_ENV=production npm run --silent octo:key -- "${FLAGS[@]}" | grep '^rihla_octo_')
(cd "$ROOT" && PORT=$PORT DATA_DIR=$DATA NODE_ENV=production SITE_URL=http://127.0.0.1:$PORT exec node server.js > "$WORK/server.log" 2>&1) &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$DATA"' EXIT
for _ in $(seq 1 150); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/readyz" && break; sleep 2; done
(cd "$WORK" && npx tsx run.ts "http://127.0.0.1:$PORT/octo/v1" "$KEY") | grep -v '^20..-..-..T' | tee "$WORK/result-$MODE.txt"
