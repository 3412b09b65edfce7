#!/usr/bin/env bash
# The client examples and the generated-client contract check (issue 19, point 7), against a
# running server:
#   1. clients/python/example.py (standard library only) and clients/js/example.mjs (Node.js
#      18 or later, built-in fetch) run and check their answers;
#   2. openapi-python-client generates a client from openapi/openapi.json into a temporary
#      directory; it is byte-compiled, clients/generated/smoke.py is type-checked against it
#      with mypy --strict, then run.
#
# Usage: bash .ci/clients.sh BASE_URL PYTHON
#   PYTHON: the interpreter of a virtualenv the pinned tools are installed into.
# Node.js is installed with apt-get when missing.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

OPENAPI_PYTHON_CLIENT_VERSION=0.29.1
MYPY_VERSION=2.4.1

base_url="$1"
python="$2"
run() {
    printf '\n+ %s\n' "$*"
    "$@"
}

run python3 clients/python/example.py "$base_url"

if ! command -v node >/dev/null; then
    run apt-get install -y --no-install-recommends nodejs
fi
run node --version
run node clients/js/example.mjs "$base_url"

run "$python" -m pip install --quiet --disable-pip-version-check \
    "openapi-python-client==$OPENAPI_PYTHON_CLIENT_VERSION" "mypy==$MYPY_VERSION"
generated="$(mktemp -d "${TMPDIR:-/tmp}/shogi-arbiter-client.XXXXXX")"
trap 'rm -rf "$generated"' EXIT
bin="$(dirname "$python")"
# ruff (a dependency of the generator) formats the generated code; it is found on PATH.
(
    cd "$generated"
    PATH="$bin:$PATH" run "$bin/openapi-python-client" generate \
        --path "$OLDPWD/openapi/openapi.json" --meta none --fail-on-warning \
        --config "$OLDPWD/clients/generated/config.yaml"
)
run "$python" -m compileall -q "$generated/shogi_arbiter_client"
cp clients/generated/smoke.py "$generated/smoke.py"
(
    cd "$generated"
    MYPYPATH="$generated" run "$bin/mypy" --strict --follow-imports=silent --no-incremental smoke.py
    PYTHONPATH="$generated" run "$python" smoke.py "$base_url"
)
echo "clients: the examples and the generated client agree with the server"
