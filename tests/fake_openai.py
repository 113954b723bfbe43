"""A fake OpenAI-compatible server on 127.0.0.1: real sockets, SSE, latency and fault modes.

In tests:   with FakeOpenAI(reply="Hello there") as server: ...server.base_url...
            server.fail("chat", Fault(status=401))            # next chat request gets a 401
As a process (benchmarks, end-to-end CLI tests):
            python tests/fake_openai.py --port 0 --first-token-delay 0.3 --token-delay 0.02 --extract-delay 0.8
            → prints "READY http://127.0.0.1:PORT/v1" and serves until killed.

Chat (streaming) and extraction (JSON) calls are told apart by the request's `stream` flag, so each can
be slowed or broken on its own.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Fault:
    """What goes wrong with one request. Leave everything default for a normal answer."""

    status: int = 200
    body: Any = None  # error body (dict → JSON) for status >= 400
    retry_after: str | None = None
    hang: bool = False  # never send headers (until the client gives up or the server stops)
    drop_after: int | None = None  # chat: close the socket abruptly after this many tokens
    error_event_after: int | None = None  # chat: send an SSE {"error": …} after this many tokens
    garbage: bool = False  # invalid JSON (chat: in an SSE event; json: as the body)
    oversize: int | None = None  # bytes of padding to send
    drip: float | None = None  # seconds between bytes
    reject_modes: tuple[str, ...] = ()  # json: response_format types refused …
    reject_status: int = 400  # … with this status (llama.cpp's server says 500)
    content: str | None = None  # json: the message content to return instead of the default


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any


@dataclass
class Script:
    reply: str = "Hello! How can I help you today?"
    facts: Any = field(default_factory=lambda: {"facts": []})
    first_token_delay: float = 0.0
    token_delay: float = 0.0
    extract_delay: float = 0.0
    usage: bool = True


class FakeOpenAI:
    def __init__(self, reply: str | None = None, facts: Any = None, **timing: float) -> None:
        self.script = Script(
            **({"reply": reply} if reply is not None else {}),
            **({"facts": facts} if facts is not None else {}),
            **timing,
        )
        self.requests: list[Recorded] = []
        self.disconnects: list[str] = []
        self._faults: dict[str, list[Fault]] = {"chat": [], "json": []}
        self._always: dict[str, Fault | None] = {"chat": None, "json": None}
        self._lock = threading.Lock()
        self.stopping = threading.Event()
        self.server_errors: list[str] = []
        self._bind(0)

    def _bind(self, port: int) -> None:
        fake = self

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: object, client_address: object) -> None:
                fake.server_errors.append(repr(sys.exc_info()[1]))  # a client that went away: expected here

        self._server = Server(("127.0.0.1", port), _handler(self))
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def fail(self, kind: str, fault: Fault, times: int = 1) -> None:
        """The next `times` requests of `kind` ("chat" or "json") get `fault`."""
        with self._lock:
            self._faults[kind].extend([fault] * times)

    def always(self, kind: str, fault: Fault | None) -> None:
        with self._lock:
            self._always[kind] = fault

    def next_fault(self, kind: str) -> Fault:
        with self._lock:
            if self._faults[kind]:
                return self._faults[kind].pop(0)
            return self._always[kind] or Fault()

    def calls(self, kind: str | None = None) -> list[Recorded]:
        def kind_of(r: Recorded) -> str:
            return "chat" if isinstance(r.body, dict) and r.body.get("stream") else "json"

        return [r for r in self.requests if kind is None or kind_of(r) == kind]


def unused_port() -> int:
    """A port with nothing listening on it (for connection-refused tests)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _handler(fake: FakeOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:  # quiet
            return

        def _send(
            self,
            status: int,
            payload: bytes,
            content_type: str = "application/json",
            headers: dict[str, str] | None = None,
            drip: float | None = None,
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            if drip:
                for i in range(len(payload)):
                    self.wfile.write(payload[i : i + 1])
                    self.wfile.flush()
                    time.sleep(drip)
            else:
                self.wfile.write(payload)

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, json.dumps({"data": [{"id": "fake-model", "object": "model"}]}).encode())
            else:
                self._send(404, b'{"error": {"message": "not found"}}')

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw)
            except json.JSONDecodeError:
                body = raw.decode("utf-8", "replace")
            fake.requests.append(Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            stream = isinstance(body, dict) and body.get("stream") is True
            fault = fake.next_fault("chat" if stream else "json")
            if fault.hang:
                while not fake.stopping.wait(0.05):
                    try:
                        self.connection.setblocking(False)
                        if self.connection.recv(1, socket.MSG_PEEK) == b"":
                            break
                    except BlockingIOError:
                        pass
                    except OSError:
                        break
                    finally:
                        self.connection.setblocking(True)
                fake.disconnects.append("hang")
                self.close_connection = True
                return
            if fault.status >= 400:
                error = fault.body if fault.body is not None else {"error": {"message": f"fake error {fault.status}"}}
                headers = {"Retry-After": fault.retry_after} if fault.retry_after else {}
                self._send(fault.status, json.dumps(error).encode(), headers=headers)
                return
            if stream:
                self._stream(body, fault)
            else:
                self._json(body, fault)

        def _json(self, body: dict[str, Any], fault: Fault) -> None:
            fmt = (body.get("response_format") or {}).get("type")
            if fmt in fault.reject_modes:
                message = {"error": {"message": f"body.response_format.type: {fmt!r} is not supported"}}
                self._send(fault.reject_status, json.dumps(message).encode())
                return
            time.sleep(fake.script.extract_delay)
            if fault.garbage:
                self._send(200, b'{"choices": [ this is not json', drip=fault.drip)
                return
            content = fault.content if fault.content is not None else json.dumps(fake.script.facts)
            answer = {
                "id": "fake",
                "object": "chat.completion",
                "model": body.get("model", "fake"),
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
                ],
            }
            payload = json.dumps(answer).encode()
            if fault.oversize:
                payload = payload[:-1] + b', "padding": "' + b"x" * fault.oversize + b'"}'
            self._send(200, payload, drip=fault.drip)

        def _chunk(self, data: bytes, drip: float | None = None) -> None:
            frame = f"{len(data):x}\r\n".encode() + data + b"\r\n"
            if drip:
                for i in range(len(frame)):
                    self.wfile.write(frame[i : i + 1])
                    self.wfile.flush()
                    time.sleep(drip)
            else:
                self.wfile.write(frame)
                self.wfile.flush()

        def _stream(self, body: dict[str, Any], fault: Fault) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                self._chunk(b": keep-alive comment\n\n")
                time.sleep(fake.script.first_token_delay)
                words = fake.script.reply.split(" ")
                for i, word in enumerate(words):
                    if fake.stopping.is_set():
                        return
                    if fault.drop_after is not None and i >= fault.drop_after:
                        self.connection.shutdown(socket.SHUT_RDWR)
                        self.close_connection = True
                        return
                    if fault.error_event_after is not None and i >= fault.error_event_after:
                        self._chunk(b'data: {"error": {"message": "upstream model overloaded", "code": 502}}\n\n')
                        self._chunk(b"")
                        return
                    if fault.garbage and i == 1:
                        self._chunk(b"data: {not json at all\n\n")
                    text = word if i == 0 else " " + word
                    event = {"choices": [{"index": 0, "delta": {"content": text}}]}
                    self._chunk(f"data: {json.dumps(event)}\n\n".encode(), drip=fault.drip)
                    if fault.oversize and i == 0:
                        pad = {"choices": [{"index": 0, "delta": {"content": "x" * fault.oversize}}]}
                        self._chunk(f"data: {json.dumps(pad)}\n\n".encode())
                    time.sleep(fake.script.token_delay)
                if fake.script.usage:
                    usage = {"choices": [], "usage": {"prompt_tokens": 42, "completion_tokens": len(words)}}
                    self._chunk(f"data: {json.dumps(usage)}\n\n".encode())
                self._chunk(b"data: [DONE]\n\n")
                self._chunk(b"")
            except (BrokenPipeError, ConnectionResetError):
                fake.disconnects.append("stream")
                self.close_connection = True

    return Handler


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--first-token-delay", type=float, default=0.0)
    parser.add_argument("--token-delay", type=float, default=0.0)
    parser.add_argument("--extract-delay", type=float, default=0.0)
    parser.add_argument("--reply", default=Script().reply)
    parser.add_argument("--facts-json", default='{"facts": []}')
    args = parser.parse_args()
    fake = FakeOpenAI(
        reply=args.reply,
        facts=json.loads(args.facts_json),
        first_token_delay=args.first_token_delay,
        token_delay=args.token_delay,
        extract_delay=args.extract_delay,
    )
    if args.port:
        fake._server.server_close()
        fake._bind(args.port)
    fake.start()
    print(f"READY {fake.base_url}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        fake.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
