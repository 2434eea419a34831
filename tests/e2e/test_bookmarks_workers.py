"""Bookmarks through `serve --workers 2` (issue 33, item 2): a write answered by whichever
worker, read back through fresh connections (so either worker) with its bookmark; a
bookmark the server has not reached makes the read wait, then answer 503, whichever
worker takes it. The wait itself is proven in tests/api/test_bookmarks.py; this is the
same through real worker processes, each with its own driver."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from hebbs_graph.models.bookmarks import HEADER
from tests.support.bookmarks import ahead, header, received
from tests.support.served import served

WAIT_S = 2.0


def test_a_worker_honours_the_bookmark_another_worker_answered(
    tenant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEBBS_NEO4J_BOOKMARK_WAIT_S", str(WAIT_S))
    with served(tenant, tmp_path / "serve.log", "--workers", "2") as (url, key, _):
        auth = {"Authorization": f"Bearer {key}"}
        with httpx.Client(headers=auth, timeout=60) as http:
            made = http.post(f"{url}/v1/memories", json={"content": "the kiln's new fuse"})
        assert made.status_code == 201, made.text
        mark = made.headers[HEADER]
        mid = made.json()["id"]
        for _ in range(6):  # fresh connections: both workers take some
            with httpx.Client(headers={**auth, HEADER: mark}, timeout=60) as http:
                got = http.get(f"{url}/v1/memories/{mid}")
            assert got.status_code == 200, got.text
            assert got.headers.get(HEADER), "a read answers its bookmarks too"
        future = header(ahead(received(mark)[0], 10**9))
        for _ in range(2):
            with httpx.Client(headers={**auth, **future}, timeout=60) as http:
                started = time.monotonic()
                late = http.get(f"{url}/v1/memories/{mid}")
                waited = time.monotonic() - started
            assert late.status_code == 503, late.text
            assert late.json()["error"]["code"] == "bookmark_not_reached"
            assert waited >= WAIT_S * 0.9, waited
