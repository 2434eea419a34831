"""A real API on a free 127.0.0.1 port, in a background thread with its own event loop.

It opens its own services (the Neo4j driver belongs to one loop) but shares the session's
embedder. API keys are on, so no test ever writes to tenant ``default``: each test
registers a key for its own tenant with ``LiveApi.key_for``.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import uuid
from dataclasses import dataclass, field

import uvicorn

from hebbs_graph.api.app import create_app
from hebbs_graph.embedding import Embedder
from hebbs_graph.services.container import open_services
from hebbs_graph.settings import Settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class LiveApi:
    settings: Settings
    embedder: Embedder
    keys: dict[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    # The checker's periodic sweep claims waiting checks of every tenant. A session-long
    # API on the shared Neo4j would take checks that a test leaves for its own workers,
    # so it sweeps only when a test asks (one with a Neo4j of its own).
    sweeps: bool = False
    _server: uvicorn.Server | None = None
    _thread: threading.Thread | None = None
    _error: BaseException | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def key_for(self, tenant_id: str) -> str:
        """A fresh API key that maps to ``tenant_id`` (the server reads keys per request)."""
        key = f"key-{uuid.uuid4().hex}"
        self.keys[key] = tenant_id
        return key

    def start(self, timeout_s: float = 120.0) -> LiveApi:
        # A key nobody uses keeps auth on from the first request.
        self.keys.setdefault(f"unused-{uuid.uuid4().hex}", "test-unused")
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self._thread.start()
        if not ready.wait(timeout_s) or self._error is not None:
            raise RuntimeError(f"the live API did not start: {self._error!r}")
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=30)

    def _run(self, ready: threading.Event) -> None:
        try:
            asyncio.run(self._serve(ready))
        except BaseException as exc:  # surfaced by start()
            self._error = exc
            ready.set()

    async def _serve(self, ready: threading.Event) -> None:
        update: dict[str, object] = {"api_keys": self.keys, "port": self.port}
        if not self.sweeps:
            update["contradiction_check_sweep_s"] = 86_400.0
        settings = self.settings.model_copy(update=update)
        services = await open_services(settings, embedder=self.embedder, wait_s=30)
        try:
            app = create_app(services=services)
            config = uvicorn.Config(
                app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"
            )
            self._server = uvicorn.Server(config)
            serving = asyncio.create_task(self._server.serve())
            while not self._server.started:
                if serving.done():
                    serving.result()
                await asyncio.sleep(0.05)
            ready.set()
            await serving
        finally:
            await services.close()
