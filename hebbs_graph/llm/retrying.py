"""One retry policy for every provider, over neo4j-graphrag's LLM classes.

neo4j-graphrag's own rate-limit handler and the SDKs' built-in retries are switched
off: hebbs-graph retries here, on time-outs, connection trouble, 429 and 5xx, with
exponential backoff (honouring Retry-After), so every provider behaves alike.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from hebbs_graph.errors import LLMError
from hebbs_graph.settings import Settings

log = logging.getLogger(__name__)


class GraphRagLLM:
    """An ``LLMClient`` over a neo4j-graphrag LLM (its v2 message interface)."""

    def __init__(
        self,
        llm: Any,
        *,
        provider: str,
        model: str,
        settings: Settings,
        call_params: tuple[str, str] = ("temperature", "max_tokens"),
    ) -> None:
        """``call_params``: the provider's names for temperature and answer length."""
        self._llm = llm
        self.provider = provider
        self.model = model
        self.timeout_s = settings.llm_timeout_s
        self.max_retries = max(0, settings.llm_max_retries)
        self.backoff_s = settings.llm_retry_backoff_s
        self.backoff_max_s = settings.llm_retry_backoff_max_s
        self._temperature, self._max_tokens = call_params

    async def complete(
        self, system: str, user: str, *, temperature: float, max_tokens: int = 1024
    ) -> str:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        params = {self._temperature: temperature, self._max_tokens: max_tokens}
        attempt = 0
        while True:
            try:
                async with asyncio.timeout(self.timeout_s):
                    response = await self._llm.ainvoke(messages, **params)
                return str(response.content or "")
            except Exception as exc:  # SDKs raise many kinds; classify() sorts them
                transient, why = classify(exc)
                if not transient or attempt >= self.max_retries:
                    raise LLMError(
                        f"{self.provider} model {self.model}: {why} "
                        f"(gave up after {attempt + 1} attempt{'s' if attempt else ''})",
                        details={"provider": self.provider, "model": self.model, "cause": why},
                    ) from exc
                delay = self._delay(attempt, retry_after(exc))
                log.warning(
                    "%s: %s; retry %d of %d in %.2fs",
                    self.provider,
                    why,
                    attempt + 1,
                    self.max_retries,
                    delay,
                )
                await asyncio.sleep(delay)
                attempt += 1

    def _delay(self, attempt: int, hinted: float | None) -> float:
        delay: float = min(self.backoff_max_s, self.backoff_s * float(2**attempt))
        delay *= 0.5 + random.random() / 2  # jitter, so workers do not retry in step
        if hinted is not None:
            delay = max(delay, min(hinted, self.backoff_max_s))
        return delay

    async def aclose(self) -> None:
        close = getattr(self._llm, "aclose", None)
        if close is None:
            return
        try:
            await close()
        except Exception:  # closing is best effort at shutdown
            log.debug("closing the %s client failed", self.provider, exc_info=True)


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception, what it wraps (args[0], cause, context), a few levels deep."""
    seen: list[BaseException] = []
    todo: list[BaseException | None] = [exc]
    while todo and len(seen) < 8:
        e = todo.pop(0)
        if e is None or any(e is s for s in seen):
            continue
        seen.append(e)
        first = e.args[0] if e.args else None
        todo += [first if isinstance(first, BaseException) else None, e.__cause__, e.__context__]
    return seen


def _status(e: BaseException) -> int | None:
    for attr in ("status_code", "code", "status"):
        value = getattr(e, attr, None)
        if isinstance(value, int) and 100 <= value < 600:
            return value
    response = getattr(e, "response", None)
    value = getattr(response, "status_code", None)
    return value if isinstance(value, int) else None


def classify(exc: BaseException) -> tuple[bool, str]:
    """(transient?, why): time-outs, connection trouble, 429 and 5xx are worth a retry."""
    for e in _chain(exc):
        if isinstance(e, TimeoutError) or "timeout" in type(e).__name__.lower():
            return True, "timed out"
        status = _status(e)
        if status is not None:
            transient = status == 429 or status >= 500
            return transient, f"HTTP {status}: {short(e)}"
        name = type(e).__name__.lower()
        if isinstance(e, ConnectionError) or "connect" in name or "transport" in name:
            return True, f"could not connect: {short(e)}"
    return False, f"{type(exc).__name__}: {short(exc)}"


def retry_after(exc: BaseException) -> float | None:
    """The Retry-After header of an HTTP error in the chain, in seconds, if numeric."""
    for e in _chain(exc):
        headers = getattr(getattr(e, "response", None), "headers", None)
        if headers is None:
            continue
        try:
            return float(headers.get("retry-after"))
        except (TypeError, ValueError):
            return None
    return None


def short(e: BaseException, width: int = 200) -> str:
    """The exception in one line of at most ``width`` characters."""
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= width else text[: width - 1] + "…"
