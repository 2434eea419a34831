"""Reading JSON out of an LLM's answer, and refusing what is not the shape asked for."""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from hebbs_graph.errors import LLMBadOutput

M = TypeVar("M", bound=BaseModel)

_FENCE = re.compile(r"^```[a-zA-Z0-9_-]*\s*\n(.*?)\n?```\s*$", re.DOTALL)


def _preview(text: str, width: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def extract_json(text: str) -> Any:
    """The first JSON object or array in ``text`` (code fences and chatter around it allowed)."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        return json.loads(body)
    except ValueError:
        pass
    decoder = json.JSONDecoder()
    for match in re.finditer(r"[\[{]", body):
        try:
            value, _ = decoder.raw_decode(body, match.start())
        except ValueError:
            continue
        return value
    raise LLMBadOutput(
        f"the LLM's answer is not JSON: {_preview(text)!r}", details={"answer": _preview(text)}
    )


def parse_json(text: str, model: type[M]) -> M:
    """``extract_json`` and validate it as ``model``; LLMBadOutput names what is wrong."""
    value = extract_json(text)
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'answer'}: {e['msg']}" for e in exc.errors()[:5]
        )
        raise LLMBadOutput(
            f"the LLM's answer does not have the expected shape ({model.__name__}): {problems}",
            details={"answer": _preview(text)},
        ) from exc
