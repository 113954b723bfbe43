"""A fake OpenAI-compatible server on 127.0.0.1: real sockets, SSE, latency and fault modes.

In tests:   with FakeOpenAI(reply="Hello there") as server: ...server.base_url...
            server.fail("chat", Fault(status=401))            # next chat request gets a 401
            server.always("json", Fault(reject_modes=("json_schema",)))
            server.calls("chat")[0].headers["authorization"]   # what the client sent
As a process (benchmarks, end-to-end CLI tests):
            python tests/fake_openai.py --port 0 --first-token-delay 0.3 --token-delay 0.02 --extract-delay 0.8
                [--chat-fault '{"status": 401}'] [--json-fault '{"reject_modes": ["json_schema"]}']
            → prints "READY http://127.0.0.1:PORT/v1" and serves until SIGTERM / SIGINT.

Chat (streaming) and extraction (JSON) calls are told apart by the request's `stream` flag, so each can
be slowed or broken on its own. Stopping the server closes every open connection and joins every thread.

Llama-like mode (`FakeOpenAI(llama=LlamaLike())`, or `--llama '{"n_ctx": 2048}'`) behaves like
llama-cpp-python's server with its default settings: one slot, so requests run one at a time; a request that
arrives while a reply streams cuts that stream (`interrupt_requests=True`: the stream ends with `[DONE]`, no
finish_reason); a prompt over `n_ctx` tokens gets an empty 200 stream (chat) or a 400 naming the context
window (JSON); without `max_tokens` a reply runs on in a loop until the context is full (finish_reason
"length"); with it, a longer reply stops there with finish_reason "length". `props=True` adds llama.cpp's
`GET /props`. Tokens are counted as words and punctuation marks, 4 more per message.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import select
import signal
import socket
import sys
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Fault:
    """What goes wrong with one request. Leave everything default for a normal answer."""

    status: int = 200
    body: Any = None  # status >= 400: the error body; 200: sent as the JSON answer instead of the normal one
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
    sse: str | None = None  # chat: this exact event-stream text instead of the generated one
    no_done: bool = False  # chat: end the stream cleanly without `data: [DONE]`
    no_finish: bool = False  # chat: send no finish_reason (some servers never do)


@dataclass
class LlamaLike:
    """A single-slot local server (see the module docstring)."""

    n_ctx: int = 2048
    interrupt: bool = True  # llama-cpp-python's `interrupt_requests` default
    props: bool = False  # llama.cpp (C++) serves GET /props; llama-cpp-python does not
    runaway: int = 400  # tokens a reply runs to when no max_tokens is sent (capped by the context)
    slots: int = 1
    json_late: float = 0.0  # seconds before a JSON request asks for a slot (so a reply sent with it goes first)


def count_tokens(messages: Any) -> int:
    """The fake's tokenizer: words and punctuation marks, plus 4 per message."""
    if not isinstance(messages, list):
        return 0
    total = 0
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else None
        total += 4 + len(re.findall(r"\w+|[^\w\s]", content if isinstance(content, str) else ""))
    return total


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]  # names lower-cased
    body: Any  # parsed JSON, or the raw text if it was not JSON


# A canned extraction answer several tests share: the visitor is allergic to peanuts.
PEANUT_ALLERGY = {
    "facts": [
        {
            "concept": "SpecialNeed.Allergy",
            "value": "peanuts",
            "polarity": "asserted",
            "evidence": "allergic to peanuts",
        }
    ]
}


@dataclass
class Script:
    reply: str = "Hello! How can I help you today?"
    facts: Any = field(default_factory=lambda: {"facts": []})
    first_token_delay: float = 0.0
    token_delay: float = 0.0
    extract_delay: float = 0.0
    usage: bool = True


class FakeOpenAI:
    def __init__(
        self,
        reply: str | None = None,
        facts: Any = None,
        *,
        port: int = 0,
        llama: LlamaLike | None = None,
        ollama_show: Any = None,
        **timing: Any,
    ) -> None:
        self.script = Script(
            **({"reply": reply} if reply is not None else {}),
            **({"facts": facts} if facts is not None else {}),
            **timing,
        )
        self.requests: list[Recorded] = []
        self.disconnects: list[str] = []  # "stream" / "hang": the client went away mid-answer
        self.server_errors: list[str] = []
        self._faults: dict[str, list[Fault]] = {"chat": [], "json": []}
        self._always: dict[str, Fault | None] = {"chat": None, "json": None}
        self._lock = threading.Lock()
        self._conns: set[socket.socket] = set()
        self._threads: list[threading.Thread] = []
        self.stopping = threading.Event()
        self.llama = llama
        self.ollama_show = ollama_show  # the answer to POST /api/show, if any
        self.interrupted = 0  # streams cut short because another request arrived (llama-like mode)
        self.cut_before_text = 0  # those of them cut before their first word
        self.overflows = 0  # requests refused because the prompt did not fit n_ctx
        self.max_busy = 0  # the most requests that were being answered at once
        self._slots = llama.slots if llama else 1000
        self._turn = threading.Condition(self._lock)
        self._tickets = self._served = (
            0  # first come, first served: a retried stream queues behind the request that cut it
        )
        self._gone: set[int] = set()
        self._busy = 0
        self._waiting = 0  # requests waiting for a slot: a running stream is cut if this is > 0
        self._bind(port)

    def _bind(self, port: int) -> None:
        fake = self

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            allow_reuse_address = True

            def process_request(self, request: Any, client_address: Any) -> None:
                thread = threading.Thread(
                    target=self.process_request_thread, args=(request, client_address), daemon=True
                )
                with fake._lock:
                    fake._conns.add(request)
                    fake._threads = [t for t in fake._threads if t.is_alive()] + [thread]
                thread.start()

            def shutdown_request(self, request: Any) -> None:
                with fake._lock:
                    fake._conns.discard(request)
                super().shutdown_request(request)

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
        """Stop serving, cut every open connection (keep-alive ones too) and join every thread."""
        self.stopping.set()
        if self._thread.is_alive():
            self._server.shutdown()
        with self._lock:
            conns, threads = list(self._conns), list(self._threads)
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
        self._server.server_close()
        for thread in [*threads, self._thread]:
            if thread.ident is not None:
                thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def fail(self, kind: str, fault: Fault, times: int = 1) -> None:
        """The next `times` requests of `kind` ("chat" or "json") get `fault`."""
        with self._lock:
            self._faults[kind].extend([fault] * times)

    def always(self, kind: str, fault: Fault | None) -> None:
        """Every request of `kind` gets `fault` (after any queued by `fail`); None to heal."""
        with self._lock:
            self._always[kind] = fault

    def next_fault(self, kind: str) -> Fault:
        with self._lock:
            if self._faults[kind]:
                return self._faults[kind].pop(0)
            return self._always[kind] or Fault()

    @contextlib.contextmanager
    def slot(self) -> Any:
        """Hold one of the server's slots while answering, waiting in line (in order of arrival) if need be."""
        with self._turn:
            ticket = self._tickets
            self._tickets += 1
            self._waiting += 1
            try:
                while ticket != self._served or self._busy >= self._slots:
                    if self.stopping.is_set():
                        raise ConnectionAbortedError("stopping")
                    self._turn.wait(0.02)
            except BaseException:
                self._gone.add(ticket)  # never hold up the line behind a request that left it
                self._skip_gone()
                self._turn.notify_all()
                raise
            finally:
                self._waiting -= 1
            self._served += 1
            self._skip_gone()
            self._busy += 1
            self.max_busy = max(self.max_busy, self._busy)
            self._turn.notify_all()
        try:
            yield
        finally:
            with self._turn:
                self._busy -= 1
                self._turn.notify_all()

    def _skip_gone(self) -> None:
        while self._served in self._gone:
            self._gone.discard(self._served)
            self._served += 1

    def wanted(self) -> bool:
        """Llama-like with interrupts: another request is waiting, so the running stream must stop."""
        with self._lock:
            return bool(self.llama and self.llama.interrupt and self._waiting)

    def calls(self, kind: str | None = None) -> list[Recorded]:
        """Recorded requests to /chat/completions, optionally only chat (streamed) or json ones."""

        def kind_of(r: Recorded) -> str:
            return "chat" if isinstance(r.body, dict) and r.body.get("stream") else "json"

        with self._lock:
            recorded = list(self.requests)
        return [r for r in recorded if r.path.endswith("/chat/completions") and kind in (None, kind_of(r))]


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

        def _write(self, data: bytes, drip: float | None = None) -> None:
            if not drip:
                self.wfile.write(data)
                self.wfile.flush()
                return
            for i in range(len(data)):
                if fake.stopping.is_set():
                    return
                self.wfile.write(data[i : i + 1])
                self.wfile.flush()
                fake.stopping.wait(drip)

        def _send(self, status: int, payload: bytes, headers: dict[str, str] | None = None, drip: float | None = None):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            for key, value in (headers or {}).items():
                self.send_header(key, value)
            self.end_headers()
            try:
                self._write(payload, drip)
            except (BrokenPipeError, ConnectionResetError):
                fake.disconnects.append("body")
                self.close_connection = True

        def do_GET(self) -> None:
            with fake._lock:
                fake.requests.append(Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, None))
            if fake.llama and fake.llama.props and self.path.rstrip("/") == "/props":
                props = {"default_generation_settings": {"n_ctx": fake.llama.n_ctx}, "total_slots": fake.llama.slots}
                self._send(200, json.dumps(props).encode())
            elif self.path.rstrip("/").endswith("/models"):
                self._send(
                    200, json.dumps({"object": "list", "data": [{"id": "fake-model", "object": "model"}]}).encode()
                )
            else:
                self._send(404, b'{"error": {"message": "not found"}}')

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                body = json.loads(raw)
            except json.JSONDecodeError:
                body = raw.decode("utf-8", "replace")
            with fake._lock:
                fake.requests.append(Recorded(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            if self.path.rstrip("/") == "/api/show" and fake.ollama_show is not None:
                self._send(200, json.dumps(fake.ollama_show).encode())
                return
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, b'{"error": {"message": "not found"}}')
                return
            stream = isinstance(body, dict) and body.get("stream") is True
            fault = fake.next_fault("chat" if stream else "json")
            if fake.llama is None:
                self._answer(body, stream, fault)
                return
            if not stream and fake.stopping.wait(fake.llama.json_late):
                return
            try:
                with fake.slot():
                    self._answer(body, stream, fault)
            except ConnectionAbortedError:
                self.close_connection = True

        def _answer(self, body: Any, stream: bool, fault: Fault) -> None:
            if fake.llama is not None and isinstance(body, dict):
                prompt = count_tokens(body.get("messages"))
                if prompt >= fake.llama.n_ctx:
                    with fake._lock:
                        fake.overflows += 1
                    if stream:  # what the app saw: a 200 with an empty event stream
                        fault = Fault(sse="")
                    else:
                        message = (
                            f"This model's maximum context length is {fake.llama.n_ctx} tokens. However, you "
                            f"requested {prompt} tokens ({prompt} in the messages, 0 in the completion). Please "
                            "reduce the length of the messages or completion."
                        )
                        error = {"error": {"message": message, "type": "invalid_request_error"}}
                        error["error"]["code"] = "context_length_exceeded"
                        self._send(400, json.dumps(error).encode())
                        return
            if fault.hang:
                self._hang()
            elif fault.status >= 400:
                error = fault.body if fault.body is not None else {"error": {"message": f"fake error {fault.status}"}}
                headers = {"Retry-After": fault.retry_after} if fault.retry_after else {}
                self._send(fault.status, json.dumps(error).encode(), headers=headers)
            elif fault.body is not None:
                self._send(200, json.dumps(fault.body).encode(), drip=fault.drip)
            elif stream:
                self._stream(fault, body if isinstance(body, dict) else {})
            else:
                self._json(body if isinstance(body, dict) else {}, fault)

        def _hang(self) -> None:
            """Send nothing until the client closes the connection or the server stops."""
            while not fake.stopping.is_set():
                try:
                    readable, _, _ = select.select([self.connection], [], [], 0.05)
                    if readable and self.connection.recv(1, socket.MSG_PEEK) == b"":
                        break
                except (OSError, ValueError):
                    break
            fake.disconnects.append("hang")
            self.close_connection = True

        def _json(self, body: dict[str, Any], fault: Fault) -> None:
            fmt = (body.get("response_format") or {}).get("type")
            if fmt in fault.reject_modes:
                message = {"error": {"message": f"body.response_format.type: {fmt!r} is not supported"}}
                self._send(fault.reject_status, json.dumps(message).encode())
                return
            if fake.stopping.wait(fake.script.extract_delay):
                return
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
                "usage": {"prompt_tokens": 42, "completion_tokens": 7},
            }
            payload = json.dumps(answer).encode()
            if fault.oversize:
                payload = payload[:-1] + b', "padding": "' + b"x" * fault.oversize + b'"}'
            self._send(200, payload, drip=fault.drip)

        def _chunk(self, data: bytes, drip: float | None = None) -> None:
            self._write(f"{len(data):x}\r\n".encode() + data + b"\r\n", drip)

        def _event(self, data: Any, drip: float | None = None) -> None:
            self._chunk(f"data: {json.dumps(data)}\n\n".encode(), drip)

        def _words(self, body: dict[str, Any]) -> tuple[list[str], str]:
            """The reply's tokens and its finish_reason, as the request's max_tokens (and, llama-like, the
            context left) allow."""
            words = fake.script.reply.split(" ")
            limit = body.get("max_tokens") if isinstance(body.get("max_tokens"), int) else None
            llama = fake.llama
            if llama is not None:
                room = max(1, llama.n_ctx - count_tokens(body.get("messages")))
                if limit is None:  # a small model with no cap loops until the context is full
                    limit = min(llama.runaway, room)
                    words = (words * (limit // max(1, len(words)) + 1))[:limit]
                limit = min(limit, room)
            if limit is not None and len(words) >= limit:
                return words[:limit], "length"
            return words, "stop"

        def _stream(self, fault: Fault, body: dict[str, Any]) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                if fault.sse is not None:
                    if fault.sse:
                        self._chunk(fault.sse.encode(), fault.drip)
                    self._chunk(b"")
                    return
                self._chunk(b": keep-alive comment\n\n")
                if fake.stopping.wait(fake.script.first_token_delay):
                    return
                words, finish = self._words(body)
                for i, word in enumerate(words):
                    if fake.wanted():  # llama-cpp-python: another request is waiting, this stream gives way
                        with fake._lock:
                            fake.interrupted += 1
                            fake.cut_before_text += i == 0
                        self._chunk(b"data: [DONE]\n\n")
                        self._chunk(b"")
                        return
                    if fault.drop_after is not None and i >= fault.drop_after:
                        self.connection.shutdown(socket.SHUT_RDWR)
                        self.close_connection = True
                        return
                    if fault.error_event_after is not None and i >= fault.error_event_after:
                        self._event({"error": {"message": "upstream model overloaded", "code": 502}})
                        self._chunk(b"")
                        return
                    if fault.garbage and i == 1:
                        self._chunk(b"data: {not json at all\n\n")
                    self._event(
                        {"choices": [{"index": 0, "delta": {"content": word if i == 0 else " " + word}}]}, fault.drip
                    )
                    if fault.oversize and i == 0:
                        self._event({"choices": [{"index": 0, "delta": {"content": "x" * fault.oversize}}]})
                    if fake.stopping.wait(fake.script.token_delay):
                        return
                if not fault.no_finish:
                    self._event({"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
                if fake.script.usage:
                    self._event({"choices": [], "usage": {"prompt_tokens": 42, "completion_tokens": len(words)}})
                if not fault.no_done:
                    self._chunk(b"data: [DONE]\n\n")
                self._chunk(b"")
            except (BrokenPipeError, ConnectionResetError):
                fake.disconnects.append("stream")
                self.close_connection = True

    return Handler


def _fault(text: str | None) -> Fault | None:
    if not text:
        return None
    fields = json.loads(text)
    if "reject_modes" in fields:
        fields["reject_modes"] = tuple(fields["reject_modes"])
    return Fault(**fields)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--first-token-delay", type=float, default=0.0, metavar="S")
    parser.add_argument("--token-delay", type=float, default=0.0, metavar="S")
    parser.add_argument("--extract-delay", type=float, default=0.0, metavar="S")
    parser.add_argument("--reply", default=Script().reply, metavar="TEXT")
    parser.add_argument("--facts-json", default='{"facts": []}', metavar="JSON")
    parser.add_argument("--chat-fault", metavar="JSON", help='Fault fields for every chat call, e.g. {"status": 401}')
    parser.add_argument("--json-fault", metavar="JSON", help="Fault fields for every JSON (extraction) call")
    parser.add_argument(
        "--llama", metavar="JSON", help='llama-like mode with these LlamaLike fields, e.g. {"n_ctx": 2048}'
    )
    args = parser.parse_args(argv)
    fake = FakeOpenAI(
        reply=args.reply,
        facts=json.loads(args.facts_json),
        port=args.port,
        first_token_delay=args.first_token_delay,
        token_delay=args.token_delay,
        extract_delay=args.extract_delay,
        llama=LlamaLike(**json.loads(args.llama)) if args.llama else None,
    )
    fake.always("chat", _fault(args.chat_fault))
    fake.always("json", _fault(args.json_fault))
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    fake.start()
    print(f"READY {fake.base_url}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        while not done.wait(0.5):
            pass
    fake.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
