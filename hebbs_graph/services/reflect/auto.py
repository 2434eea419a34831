"""Auto-reflect: a background worker that runs due reflections with the configured LLM.

It starts with the API (only when an LLM is configured and ``HEBBS_REFLECT_AUTO`` is
on), polls every ``reflect_auto_poll_s`` seconds, and reflects each due entity under
a lease in Neo4j, so several API workers on one database never reflect the same
scope at once. Without an LLM nothing runs; prime and /v1/health/ready report what
is due so the calling agent can reflect through the agent route.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

from hebbs_graph.errors import Conflict, GraphUnavailable, LLMError
from hebbs_graph.models.reflect import ReflectIn, ReflectStatus
from hebbs_graph.services.reflect.service import ReflectService
from hebbs_graph.timeutil import utcnow

log = logging.getLogger(__name__)

# Entities looked at per tenant and poll.
CANDIDATES_PER_POLL = 100
# A scope due only for stale insights is not re-run sooner than this (an LLM that keeps
# answering junk for one insight must not be asked again on every poll).
STALE_ONLY_COOLDOWN = timedelta(hours=1)


def api_tenants(service: ReflectService) -> list[str]:
    """The tenants an API serves: one per API key, or ``default`` without keys."""
    keys = service.settings.api_keys
    return sorted(set(keys.values())) if keys else ["default"]


class AutoReflector:
    def __init__(self, service: ReflectService, tenants: list[str]) -> None:
        self.service = service
        self.tenants = tenants
        self.poll_s = service.settings.reflect_auto_poll_s
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def for_api(cls, service: ReflectService) -> AutoReflector | None:
        """Start the worker if an LLM is configured and auto-reflect is on; else None."""
        if service.llm is None or not service.settings.reflect_auto:
            return None
        worker = cls(service, api_tenants(service))
        worker.start()
        service.auto = worker
        return worker

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.create_task(self._loop(), name="hebbs-auto-reflect")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is None:
            return
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        if self.service.auto is self:
            self.service.auto = None

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.poll_s)
            try:
                await self.tick()
            except GraphUnavailable as exc:
                log.warning("auto-reflect: Neo4j unavailable, trying again later: %s", exc)
            except Exception:
                log.exception("auto-reflect: a poll failed")

    async def tick(self) -> list[tuple[str, str | None]]:
        """One poll: reflect every due entity of every tenant; returns what ran."""
        ran: list[tuple[str, str | None]] = []
        for tenant in self.tenants:
            for status in await self.service.due_entities(tenant, CANDIDATES_PER_POLL):
                if not self._worth_running(status):
                    continue
                try:
                    request = ReflectIn(
                        entity_id=status.entity_id, limit=self.service.settings.reflect_limit
                    )
                    out = await self.service.reflect(tenant, request)
                except Conflict:  # another worker holds this scope's lease
                    continue
                except LLMError as exc:  # the provider is down: stop this poll
                    log.warning("auto-reflect: the LLM failed, trying again later: %s", exc)
                    return ran
                ran.append((tenant, status.entity_id))
                log.info(
                    "auto-reflect %s/%s (%s): %d episodes, %d insights, %d stale judged",
                    tenant,
                    status.entity_id,
                    ",".join(status.reasons),
                    out.memories_processed,
                    len(out.insights),
                    len(out.stale),
                )
        return ran

    @staticmethod
    def _worth_running(status: ReflectStatus) -> bool:
        if status.reasons != ["stale_insights"] or status.last_reflected_at is None:
            return True
        return utcnow() - status.last_reflected_at >= STALE_ONLY_COOLDOWN
