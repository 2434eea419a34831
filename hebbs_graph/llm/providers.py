"""The providers, one entry each in ``PROVIDERS``: what builds its neo4j-graphrag LLM
class, its default model, its names for temperature and answer length, and the extra
that installs its SDK. Adding a provider is one ``Provider`` here (docs/architecture.md).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hebbs_graph.errors import LLMNotConfigured
from hebbs_graph.llm.base import LLMClient
from hebbs_graph.llm.retrying import GraphRagLLM, short
from hebbs_graph.settings import Settings

DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434"


@dataclass(frozen=True)
class Provider:
    name: str
    make: Callable[[str, Settings], Any]  # (model, settings) -> a neo4j-graphrag LLM
    length_param: str  # what the provider calls the answer's length in tokens
    extra: str  # pip install 'hebbs-graph[<extra>]' brings its SDK
    default_model: str | None = None
    temperature_param: str = "temperature"
    needs_base_url: str | None = None  # an example URL, when HEBBS_LLM_BASE_URL is required


def _no_retry() -> Any:
    from neo4j_graphrag.utils.rate_limit import NoOpRateLimitHandler

    return NoOpRateLimitHandler()


def _openai(model: str, settings: Settings, *, compatible: bool) -> Any:
    from neo4j_graphrag.llm.openai_llm import OpenAILLM

    # A local OpenAI-compatible server usually wants no key; the SDK insists on one.
    key = settings.llm_api_key or ("unused" if compatible else None)
    return OpenAILLM(
        model,
        rate_limit_handler=_no_retry(),
        base_url=settings.llm_base_url,
        api_key=key,
        timeout=settings.llm_timeout_s,
        max_retries=0,
    )


def _anthropic(model: str, settings: Settings) -> Any:
    from neo4j_graphrag.llm.anthropic_llm import AnthropicLLM

    return AnthropicLLM(
        model,
        rate_limit_handler=_no_retry(),
        base_url=settings.llm_base_url,
        api_key=settings.llm_api_key,
        timeout=settings.llm_timeout_s,
        max_retries=0,
    )


def _gemini(model: str, settings: Settings) -> Any:
    from neo4j_graphrag.llm.google_genai_llm import GeminiLLM

    return GeminiLLM(
        model,
        rate_limit_handler=_no_retry(),
        base_url=settings.llm_base_url,
        api_key=settings.llm_api_key,
        http_options={"timeout": int(settings.llm_timeout_s * 1000)},
    )


def _ollama(model: str, settings: Settings) -> Any:
    from neo4j_graphrag.llm.ollama_llm import OllamaLLM

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        llm = OllamaLLM(
            model,
            rate_limit_handler=_no_retry(),
            host=settings.llm_base_url or DEFAULT_OLLAMA_HOST,
            timeout=settings.llm_timeout_s,
        )
    # OllamaLLM's v2 call sends {**model_params, **kwargs} as `options`; the legacy
    # wrapping it does at construction would nest an "options" key inside options.
    llm.model_params = {}
    return llm


PROVIDERS: dict[str, Provider] = {
    p.name: p
    for p in (
        Provider(
            "openai",
            lambda model, s: _openai(model, s, compatible=False),
            length_param="max_completion_tokens",
            extra="openai",
            default_model="gpt-4o-mini",
        ),
        Provider(
            "openai-compatible",
            lambda model, s: _openai(model, s, compatible=True),
            length_param="max_tokens",
            extra="openai",
            needs_base_url="http://host:8080/v1",
        ),
        Provider(
            "anthropic",
            _anthropic,
            length_param="max_tokens",
            extra="anthropic",
            default_model="claude-3-5-haiku-latest",
        ),
        Provider(
            "gemini",
            _gemini,
            length_param="max_output_tokens",
            extra="gemini",
            default_model="gemini-2.0-flash",
        ),
        Provider("ollama", _ollama, length_param="num_predict", extra="ollama"),
    )
}


def build_llm(settings: Settings) -> LLMClient | None:
    """The configured provider, or None when ``HEBBS_LLM_PROVIDER`` is unset.

    Raises LLMNotConfigured when the settings name an unknown provider, lack a model
    or URL the provider needs, or the provider's SDK is not installed.
    """
    name = (settings.llm_provider or "").strip().lower()
    if not name:
        return None
    provider = PROVIDERS.get(name)
    if provider is None:
        raise LLMNotConfigured(
            f"HEBBS_LLM_PROVIDER={settings.llm_provider!r} is not one of {', '.join(PROVIDERS)}",
            details={"setting": "HEBBS_LLM_PROVIDER"},
        )
    model = settings.llm_model or provider.default_model
    if not model:
        raise LLMNotConfigured(
            f"provider {name} needs HEBBS_LLM_MODEL", details={"setting": "HEBBS_LLM_MODEL"}
        )
    if provider.needs_base_url and not settings.llm_base_url:
        raise LLMNotConfigured(
            f"provider {name} needs HEBBS_LLM_BASE_URL (e.g. {provider.needs_base_url})",
            details={"setting": "HEBBS_LLM_BASE_URL"},
        )
    try:
        llm = provider.make(model, settings)
    except ImportError as exc:
        raise LLMNotConfigured(
            f"provider {name} needs its SDK: pip install 'hebbs-graph[{provider.extra}]'",
            details={"setting": "HEBBS_LLM_PROVIDER"},
        ) from exc
    except Exception as exc:  # SDK constructors refuse e.g. a missing API key
        raise LLMNotConfigured(
            f"provider {name} could not be set up: {short(exc)}",
            details={"setting": "HEBBS_LLM_API_KEY"},
        ) from exc
    return GraphRagLLM(
        llm,
        provider=name,
        model=model,
        settings=settings,
        call_params=(provider.temperature_param, provider.length_param),
    )
