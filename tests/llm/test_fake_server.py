"""The fake server itself: as a subprocess (READY line, faults from flags, clean exit) and a clean in-process stop."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

from museum_tui.llm import AuthError
from tests.fake_openai import FakeOpenAI

from .conftest import collect, provider_for

REPO = Path(__file__).resolve().parents[2]


def spawn(*args: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "tests/fake_openai.py", "--port", "0", *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    assert line.startswith("READY http://127.0.0.1:"), line
    return proc, line.split()[1]


def stop(proc: subprocess.Popen[str]) -> int:
    proc.terminate()
    try:
        return proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()


async def test_as_a_subprocess_it_serves_models_chat_and_json() -> None:
    from museum_tui.llm.client import ChatClient

    proc, base_url = spawn("--reply", "Hi from a process", "--facts-json", '{"facts": [1]}')
    try:
        async with httpx.AsyncClient() as http:
            models = (await http.get(f"{base_url}/models")).json()
        assert models["data"][0]["id"] == "fake-model"
        async with ChatClient(provider_for(base_url)) as client:
            assert (await collect(client))[0] == "Hi from a process"
            assert await client.complete_json([{"role": "user", "content": "x"}]) == {"facts": [1]}
    finally:
        assert stop(proc) == 0, "SIGTERM is a clean exit"


async def test_as_a_subprocess_faults_come_from_flags() -> None:
    from museum_tui.llm.client import ChatClient

    proc, base_url = spawn("--chat-fault", '{"status": 401}')
    try:
        async with ChatClient(provider_for(base_url)) as client:
            with pytest.raises(AuthError):
                await collect(client)
    finally:
        stop(proc)


def test_stop_closes_keep_alive_connections_and_leaves_no_threads() -> None:
    before = set(threading.enumerate())
    with httpx.Client() as http, FakeOpenAI(reply="hello there") as server:  # the server stops first
        body = {"model": "m", "messages": [], "stream": True}
        for _ in range(2):  # keep-alive: the second request reuses the connection, whose thread stays waiting
            assert "hello" in http.post(f"{server.base_url}/chat/completions", json=body).text
    assert set(threading.enumerate()) - before == set()


def test_stop_without_start_and_unknown_paths() -> None:
    FakeOpenAI().stop()
    with FakeOpenAI() as server:
        assert httpx.post(f"{server.base_url}/embeddings", json={}).status_code == 404
        assert server.calls() == [], "only chat completions count as calls"
        assert [r.path for r in server.requests] == ["/v1/embeddings"]
