#!/usr/bin/env bash
# // The conformance kit against a running server: `bash .ci/conformance.sh BASE_URL`.
# // Checks that (1) every JSON file of conformance/ validates against its schema, and a
# // deliberately broken copy does not (the schema can fail); (2) `shogi-arbiter conformance
# // --against BASE_URL --fuzz 20` agrees on every perft line, rule vector and game fixture
# // of the kit, and on the legal moves of every ply of 20 random games.
# // Environment: BINARY (default target/release/shogi-arbiter), PYTHON (a python with
# // jsonschema, default python3).
set -euo pipefail

base_url="${1:?usage: .ci/conformance.sh BASE_URL}"
binary="${BINARY:-${CARGO_TARGET_DIR:-target}/release/shogi-arbiter}"
python="${PYTHON:-python3}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

"$python" conformance/validate.py conformance

broken="$(mktemp -d "${TMPDIR:-/tmp}/kit-broken.XXXXXX")"
trap 'rm -rf "$broken"' EXIT
mkdir -p "$broken/vectors"
cp -r conformance/schema "$broken/"
# A vector without its expectation and with a move number of 0 must be refused.
"$python" - conformance/vectors/chu.json "$broken/vectors/chu.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
del doc["vectors"][0]["expect"]
doc["vectors"][1]["position"] = doc["vectors"][1]["position"].rsplit(" ", 1)[0] + " 0"
json.dump(doc, open(sys.argv[2], "w"))
PY
if "$python" conformance/validate.py "$broken" "$broken/vectors/chu.json"; then
    echo "error: the schema accepted a broken vector file" >&2
    exit 1
fi
echo "the broken copy was refused, as it must be"

start=$(date +%s%N)
"$binary" conformance --against "$base_url" --fuzz 20
echo "conformance run: $(( ($(date +%s%N) - start) / 1000000 )) ms"
