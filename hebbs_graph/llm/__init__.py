"""LLM providers behind one small protocol; off unless ``HEBBS_LLM_PROVIDER`` is set.

    llm = build_llm(settings)          # None when no provider is configured
    if llm is not None:
        text = await llm.complete(system, user, temperature=0.3)
        data = parse_json(text, MyAnswer)   # LLMBadOutput when it is not MyAnswer

Providers come from neo4j-graphrag's LLM classes (OpenAI and any OpenAI-compatible
endpoint, Anthropic, Gemini, Ollama). Time-outs, retries with backoff on 429/5xx and
connection trouble are handled here, the same way for every provider.
"""

from hebbs_graph.errors import LLMBadOutput, LLMError, LLMNotConfigured
from hebbs_graph.llm.base import LLMClient
from hebbs_graph.llm.output import extract_json, parse_json
from hebbs_graph.llm.providers import PROVIDERS, Provider, build_llm
from hebbs_graph.llm.retrying import GraphRagLLM

__all__ = [
    "PROVIDERS",
    "GraphRagLLM",
    "LLMBadOutput",
    "LLMClient",
    "LLMError",
    "LLMNotConfigured",
    "Provider",
    "build_llm",
    "extract_json",
    "parse_json",
]
