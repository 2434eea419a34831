"""The LLM layer against a real HTTP server speaking the OpenAI and Ollama wire formats."""

from __future__ import annotations

import time

import pytest
from pydantic import BaseModel

from hebbs_graph.llm import (
    LLMBadOutput,
    LLMError,
    LLMNotConfigured,
    build_llm,
    extract_json,
    parse_json,
)
from hebbs_graph.llm.retrying import classify
from hebbs_graph.settings import Settings
from tests.support.scripted_llm import Reply, ScriptedLLM


def settings_for(server: ScriptedLLM, provider: str, **extra: object) -> Settings:
    url = server.ollama_url if provider == "ollama" else server.openai_url
    fields: dict[str, object] = {
        "llm_provider": provider,
        "llm_model": "scripted-model",
        "llm_base_url": url,
        "llm_api_key": "test-key",
        "llm_timeout_s": 0.5,
        "llm_max_retries": 2,
        "llm_retry_backoff_s": 0.01,
    }
    return Settings(**(fields | extra))  # type: ignore[arg-type]


# -- build_llm ------------------------------------------------------------------------


def test_no_provider_means_no_llm() -> None:
    assert build_llm(Settings(llm_provider=None)) is None
    assert build_llm(Settings(llm_provider="  ")) is None


def test_unknown_provider_is_refused_by_name() -> None:
    with pytest.raises(LLMNotConfigured, match="HEBBS_LLM_PROVIDER"):
        build_llm(Settings(llm_provider="parrot"))


def test_openai_compatible_needs_a_base_url_and_model() -> None:
    with pytest.raises(LLMNotConfigured, match="HEBBS_LLM_BASE_URL"):
        build_llm(Settings(llm_provider="openai-compatible", llm_model="m", llm_base_url=None))
    with pytest.raises(LLMNotConfigured, match="HEBBS_LLM_MODEL"):
        build_llm(Settings(llm_provider="ollama", llm_model=None))


# -- the wire formats -----------------------------------------------------------------


@pytest.mark.parametrize("provider", ["openai-compatible", "openai", "ollama"])
async def test_complete_sends_both_prompts_and_the_temperature(
    llm_server: ScriptedLLM, provider: str
) -> None:
    llm = build_llm(settings_for(llm_server, provider))
    assert llm is not None
    llm_server.script('{"ok": true}')
    answer = await llm.complete("you are terse", "say ok", temperature=0.3, max_tokens=77)
    assert answer == '{"ok": true}'
    [request] = llm_server.requests
    assert request.system == "you are terse"
    assert request.user == "say ok"
    assert request.temperature == pytest.approx(0.3)
    assert request.body["model"] == "scripted-model"
    if provider == "ollama":
        assert request.path == "/api/chat"
        assert request.body["options"]["num_predict"] == 77
    else:
        assert request.path == "/v1/chat/completions"
        length_key = "max_completion_tokens" if provider == "openai" else "max_tokens"
        assert request.body[length_key] == 77


@pytest.mark.parametrize("provider", ["openai-compatible", "ollama"])
async def test_429_then_an_answer_is_retried(llm_server: ScriptedLLM, provider: str) -> None:
    llm = build_llm(settings_for(llm_server, provider))
    assert llm is not None
    llm_server.script(Reply(status=429, text="slow down"), Reply(status=503), "fine")
    assert await llm.complete("s", "u", temperature=0.1) == "fine"
    assert len(llm_server.requests) == 3


@pytest.mark.parametrize("provider", ["openai-compatible", "ollama"])
async def test_a_stall_past_the_timeout_is_retried(llm_server: ScriptedLLM, provider: str) -> None:
    llm = build_llm(settings_for(llm_server, provider, llm_timeout_s=0.3))
    assert llm is not None
    llm_server.script(Reply(text="too late", delay_s=1.0), "in time")
    started = time.perf_counter()
    assert await llm.complete("s", "u", temperature=0.1) == "in time"
    assert time.perf_counter() - started < 1.0


async def test_retries_give_up_with_llm_error(llm_server: ScriptedLLM) -> None:
    llm = build_llm(settings_for(llm_server, "openai-compatible", llm_max_retries=2))
    assert llm is not None
    llm_server.script(*[Reply(status=500)] * 3, "never reached")
    with pytest.raises(LLMError, match="HTTP 500") as info:
        await llm.complete("s", "u", temperature=0.1)
    assert "3 attempts" in info.value.message
    assert len(llm_server.requests) == 3


async def test_a_client_error_is_not_retried(llm_server: ScriptedLLM) -> None:
    llm = build_llm(settings_for(llm_server, "openai-compatible"))
    assert llm is not None
    llm_server.script(Reply(status=400, text="bad model"), "never reached")
    with pytest.raises(LLMError, match="HTTP 400"):
        await llm.complete("s", "u", temperature=0.1)
    assert len(llm_server.requests) == 1


async def test_retry_after_is_honoured(llm_server: ScriptedLLM) -> None:
    llm = build_llm(settings_for(llm_server, "openai-compatible"))
    assert llm is not None
    llm_server.script(Reply(status=429, headers={"retry-after": "0.3"}), "ok")
    started = time.perf_counter()
    assert await llm.complete("s", "u", temperature=0.1) == "ok"
    assert time.perf_counter() - started >= 0.3


async def test_nobody_listening_is_an_llm_error() -> None:
    dead = ScriptedLLM()  # bound but never serving: connections are refused or hang
    port = dead.port
    dead.stop()
    settings = Settings(
        llm_provider="ollama",
        llm_model="m",
        llm_base_url=f"http://127.0.0.1:{port}",
        llm_timeout_s=0.3,
        llm_max_retries=1,
        llm_retry_backoff_s=0.01,
    )
    llm = build_llm(settings)
    assert llm is not None
    with pytest.raises(LLMError):
        await llm.complete("s", "u", temperature=0.1)


def test_classify_sorts_transient_from_permanent() -> None:
    assert classify(TimeoutError())[0]
    assert classify(ConnectionRefusedError("no"))[0]
    assert not classify(ValueError("bad"))[0]


# -- reading the answer ---------------------------------------------------------------


class Answer(BaseModel):
    verdict: str
    confidence: float


@pytest.mark.parametrize(
    "text",
    [
        '{"verdict": "keep", "confidence": 0.9}',
        '```json\n{"verdict": "keep", "confidence": 0.9}\n```',
        'Sure! Here it is: {"verdict": "keep", "confidence": 0.9} Hope that helps.',
    ],
)
def test_json_is_found_in_chatter_and_fences(text: str) -> None:
    assert parse_json(text, Answer) == Answer(verdict="keep", confidence=0.9)


def test_not_json_is_bad_output() -> None:
    with pytest.raises(LLMBadOutput, match="not JSON"):
        extract_json("I think the customer likes cheese.")


def test_wrong_shape_is_bad_output_naming_the_field() -> None:
    with pytest.raises(LLMBadOutput, match="confidence"):
        parse_json('{"verdict": "keep"}', Answer)
