"""A user's script type-checks against the client: ``mypy --strict`` refuses a wrong keyword
or a wrong type, and passes the right calls (the client is typed, and says so)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RIGHT = """
    import asyncio
    from datetime import UTC, datetime

    from hebbs_graph.client import HebbsClient, HebbsSyncClient, Memory, RecallOut


    async def main() -> None:
        async with HebbsClient("http://127.0.0.1:8000") as client:
            memory: Memory = await client.remember(
                "Acme signed", entity_id="acme", importance=0.7, context={"deal": 1},
                occurred_at=datetime(2024, 1, 1, tzinfo=UTC), tags=["sales"],
            )
            found: RecallOut = await client.recall("Acme?", top_k=3, on_conflict="current")
            await client.forget(memory_ids=[memory.id], kind="episode")
            await client.revise(memory.id, context_mode="replace", context={})
            await client.link(memory.id, found.results[0].memory.id, "CAUSED_BY")
            await client.reflect_prepare(entity_id="acme_corp")


    def blocking() -> None:
        with HebbsSyncClient() as client:
            memory: Memory = client.remember("Acme signed", importance=0.7)
            ids: list[str] = client.remember_batch([{"content": "x"}])
            print(memory.id, ids, client.prime("acme", max_memories=5).recent)
            for line in client.export_backup(entity_id="acme"):
                print(line.strip())


    asyncio.run(main())
"""

# Each line marked "# wrong" must be reported by mypy.
WRONG = """
    from hebbs_graph.client import HebbsClient, HebbsSyncClient


    async def main() -> None:
        async with HebbsClient() as client:
            await client.remember("x", importanse=0.5)  # wrong
            await client.remember("x", importance="high")  # wrong
            await client.recall("x", top_k="ten")  # wrong
            await client.recall("x", on_conflict="drop")  # wrong
            await client.forget(kind="snapshot")  # wrong
            memory = await client.get("0" * 32)
            memory.contnet  # wrong


    def blocking() -> None:
        with HebbsSyncClient() as client:
            client.remember("x", entity="acme")  # wrong
            client.prime(entity_id=42)  # wrong
            count: int = client.recall("x")  # wrong
"""


def mypy(script: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), str(script)],
        capture_output=True,
        text=True,
        cwd=script.parent,
        env=env,
        timeout=600,
    )


def test_mypy_strict_refuses_wrong_calls_and_passes_right_ones(tmp_path: Path) -> None:
    right, wrong = tmp_path / "right.py", tmp_path / "wrong.py"
    right.write_text(textwrap.dedent(RIGHT))
    wrong.write_text(textwrap.dedent(WRONG))

    passed = mypy(right, tmp_path / "cache")
    assert passed.returncode == 0, passed.stdout
    failed = mypy(wrong, tmp_path / "cache")
    assert failed.returncode == 1, failed.stdout

    marked = {
        n for n, line in enumerate(wrong.read_text().splitlines(), 1) if line.endswith("# wrong")
    }
    reported = {int(m) for m in re.findall(r"^wrong\.py:(\d+): error", failed.stdout, re.M)}
    assert reported == marked, failed.stdout
