"""The docs' examples run as written, read from the Markdown files themselves (not
copies), against a live API on the test's own tenant: the Python client's example
(docs/python-client.md), and docs/agent-skill.md's review flow (§5, in §7's order) through the MCP
tools. A doc that stops working fails here.

The API serves with a generous default wait for the contradiction checks (30 s instead
of 2 s): the examples rely on the default, and a loaded machine must not make them
flaky.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hebbs_graph.client import HebbsClient
from hebbs_graph.embedding import Embedder
from hebbs_graph.models.contradict import PrepareOut
from hebbs_graph.models.memory import Memory
from hebbs_graph.settings import Settings
from tests.api.test_mcp_http import mcp_client
from tests.live import LiveApi

ROOT = Path(__file__).resolve().parents[2]
PYTHON_CLIENT = ROOT / "docs" / "python-client.md"
SKILL = ROOT / "docs" / "agent-skill.md"
PLACEHOLDER = "…"


def section(path: Path, heading: str) -> str:
    """The text under ``heading`` (a whole line) up to the next heading of its level or
    above."""
    lines = path.read_text(encoding="utf-8").splitlines()
    level = len(heading) - len(heading.lstrip("#"))
    start = lines.index(heading) + 1
    above = re.compile(rf"#{{1,{level}}} ")
    end = next((n for n in range(start, len(lines)) if above.match(lines[n])), len(lines))
    return "\n".join(lines[start:end])


def code_blocks(text: str, language: str) -> list[str]:
    return re.findall(r"^```" + language + r"\n(.*?)^```", text, flags=re.S | re.M)


def skill_json(heading: str) -> list[Any]:
    return [json.loads(block) for block in code_blocks(section(SKILL, heading), "json")]


@pytest.fixture(scope="module")
def docs_api(settings: Settings, embedder: Embedder) -> Iterator[LiveApi]:
    generous = settings.model_copy(update={"contradiction_prepare_wait_s": 30.0})
    api = LiveApi(generous, embedder).start()
    yield api
    api.stop()


@pytest.fixture
def docs_key(docs_api: LiveApi, tenant: str) -> Iterator[str]:
    key = docs_api.key_for(tenant)
    yield key
    docs_api.keys.pop(key, None)


async def test_the_python_client_example_finds_and_commits_a_revision(
    docs_api: LiveApi, docs_key: str
) -> None:
    [code, *_] = code_blocks(section(PYTHON_CLIENT, "# For Python: the client"), "python")
    # Its two placeholders: where the API is, and the key (None: a server without keys).
    url, key = '"http://127.0.0.1:8000"', "api_key=None"
    assert code.count(url) == 1, "the example no longer names the API's URL once"
    assert code.count(key) == 1, "the example no longer passes api_key=None once"
    code = code.replace(url, repr(docs_api.url)).replace(key, f"api_key={docs_key!r}")
    compiled = compile(code, str(PYTHON_CLIENT), "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    names: dict[str, Any] = {}
    ran = eval(compiled, names)  # the page's own example, on purpose
    if inspect.iscoroutine(ran):
        await ran
    pending, memory = names["pending"], names["memory"]
    assert isinstance(pending, PrepareOut)
    assert isinstance(memory, Memory)
    assert (pending.total, pending.checks_pending) == (1, 0), pending
    [pair] = pending.pending
    assert pair.memory_id_a == memory.id  # the $5,000 memory, the older side
    async with HebbsClient(docs_api.url, api_key=docs_key) as client:
        assert (await client.get(memory.id)).superseded_by == pair.memory_id_b
        assert (await client.contradiction_prepare()).total == 0


async def test_the_agent_skill_review_flow_through_the_mcp_tools(
    docs_api: LiveApi, docs_key: str
) -> None:
    """§7's order: prime (§1), remember what came up (§5's two memories), then
    contradiction_prepare and contradiction_commit (§5) with the placeholders filled
    from prepare's answer; recall (§2) no longer finds the older budget."""
    [prime] = skill_json("## 1. Start every conversation with `prime`")
    [recall] = skill_json("## 2. `recall` before answering about the past")
    review = skill_json("## 5. Review contradictions, silently")
    assert len(review) == 4, "§5's examples changed: two remembers, a prepare, a commit"
    older, newer, prepare, commit = review

    async with mcp_client(docs_api, docs_key) as client:

        async def call(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
            result = await client.call_tool(tool, arguments)
            assert not result.is_error, (tool, result.content)
            data: dict[str, Any] = result.structured_content
            return data

        await call("prime", prime)
        first = await call("remember", older)
        second = await call("remember", newer)
        prepared = await call("contradiction_prepare", prepare)
        assert prepared["checks_pending"] == 0, prepared
        pairs = prepared["pending"]
        assert [(p["memory_id_a"], p["memory_id_b"]) for p in pairs] == [
            (first["id"], second["id"])
        ]
        verdicts = commit["verdicts"]
        assert [v["pending_id"] for v in verdicts] == [PLACEHOLDER] * len(pairs)
        for verdict, pair in zip(verdicts, pairs, strict=True):
            verdict["pending_id"] = pair["pending_id"]
        done = await call("contradiction_commit", commit)
        assert done["revisions_created"] == 1
        found = await call("recall", recall)
        ids = {r["id"] for r in found["results"]}
        assert second["id"] in ids
        assert first["id"] not in ids  # superseded: left out of recall
