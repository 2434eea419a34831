"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions and Ollama
/api/chat wire formats and answers from a script.

The code under test talks to it exactly as it would talk to a provider: the same SDKs,
the same retries and time-outs. Each request takes the next scripted ``Reply`` (an
answer, an HTTP error, a stall past the client's time-out); with the queue empty it
asks ``responder`` (if set) or fails the test loudly with HTTP 599.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    text: str = ""
    status: int = 200
    delay_s: float = 0.0
    raw_body: str | None = None  # sent as is instead of the wire-format envelope
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Request:
    path: str
    body: dict[str, Any]

    @property
    def system(self) -> str:
        return next((m["content"] for m in self.messages if m["role"] == "system"), "")

    @property
    def user(self) -> str:
        return next((m["content"] for m in self.messages if m["role"] == "user"), "")

    @property
    def messages(self) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = self.body.get("messages", [])
        return messages

    @property
    def temperature(self) -> float | None:
        if "options" in self.body:
            value = self.body["options"].get("temperature")
        else:
            value = self.body.get("temperature")
        return float(value) if value is not None else None


Responder = Callable[[Request], Reply]


class ScriptedLLM:
    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[Request] = []
        self.responder: Responder | None = None
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._server.block_on_close = False
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def openai_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def ollama_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ScriptedLLM:
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread.is_alive():
            self._server.shutdown()
        self._server.server_close()

    def reset(self) -> None:
        with self._lock:
            self.replies.clear()
            self.requests.clear()
            self.responder = None

    def script(self, *replies: Reply | str) -> None:
        with self._lock:
            for r in replies:
                self.replies.append(Reply(text=r) if isinstance(r, str) else r)

    def _next(self, request: Request) -> Reply:
        with self._lock:
            self.requests.append(request)
            if self.replies:
                return self.replies.popleft()
            responder = self.responder
        if responder is not None:
            return responder(request)
        return Reply(status=599, raw_body='{"error": "the script has no answer left"}')

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        llm = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                request = Request(path=self.path, body=body)
                reply = llm._next(request)
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                payload = (
                    reply.raw_body if reply.raw_body is not None else _envelope(request, reply)
                )
                data = payload.encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (time-out test)
                    pass

        return Handler


def _envelope(request: Request, reply: Reply) -> str:
    model = request.body.get("model", "scripted")
    ollama = request.path.startswith("/api/")
    if reply.status >= 400:
        message = reply.text or f"scripted HTTP {reply.status}"
        error: Any = message if ollama else {"message": message, "type": "scripted"}
        return json.dumps({"error": error})
    if ollama:
        return json.dumps(
            {
                "model": model,
                "created_at": "2024-03-01T12:00:00Z",
                "message": {"role": "assistant", "content": reply.text},
                "done": True,
                "done_reason": "stop",
                "prompt_eval_count": 10,
                "eval_count": 10,
            }
        )
    return json.dumps(
        {
            "id": "chatcmpl-scripted",
            "object": "chat.completion",
            "created": 1_709_294_400,
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": reply.text},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        }
    )
