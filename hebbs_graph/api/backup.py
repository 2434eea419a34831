"""REST handlers for backup and restore: the export streams NDJSON, the import reads it."""

from __future__ import annotations

import json
import tempfile
from collections.abc import AsyncIterator, Iterator
from typing import IO, Any

from litestar import Controller, Request, get, post
from litestar.response import Stream

from hebbs_graph.api.params import entity_param
from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.backup import RestoreOut
from hebbs_graph.services.memory.backup import BackupService
from hebbs_graph.services.memory.restore import RestoreService

NDJSON = "application/x-ndjson"
# Bodies up to this size stay in memory while they are read; larger ones go to a file.
_SPOOL_BYTES = 8 * 1024 * 1024


def _utf8_lines(spool: IO[bytes]) -> Iterator[str]:
    spool.seek(0)
    for n, raw in enumerate(spool, start=1):
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(
                f"line {n}: not UTF-8 text", details={"line": n, "field": "line"}
            ) from None


class BackupController(Controller):
    path = "/v1"
    tags = ["backup"]

    @get("/export", media_type=NDJSON)
    async def export(
        self,
        backup: BackupService,
        tenant_id: str,
        entity_id: str | None = entity_param(),
        embeddings: bool = True,
    ) -> Stream:
        """A backup of the tenant (or one entity) as NDJSON: a header line, then every
        memory, relationship, pending contradiction, tombstone, entity and reflect cursor,
        then an end line with the counts (a file without it was cut off)."""
        records = backup.export(tenant_id, entity_id, embeddings=embeddings)

        async def lines() -> AsyncIterator[bytes]:
            async for record in records:
                yield (json.dumps(record, ensure_ascii=False) + "\n").encode()

        return Stream(lines(), media_type=NDJSON)

    @post("/import", status_code=201)
    async def restore(
        self,
        request: Request[Any, Any, Any],
        restore: RestoreService,
        tenant_id: str,
        allow_non_empty: bool = False,
        re_embed: bool = False,
    ) -> RestoreOut:
        """Restore a backup (the body, as GET /v1/export wrote it) into this tenant, all or
        nothing. Refused: a bad line (named), ids already stored, a non-empty target
        unless allow_non_empty, embeddings of another model unless re_embed."""
        with tempfile.SpooledTemporaryFile(max_size=_SPOOL_BYTES) as spool:
            async for chunk in request.stream():
                spool.write(chunk)
            return await restore.restore(
                tenant_id,
                lambda: _utf8_lines(spool),
                allow_non_empty=allow_non_empty,
                re_embed=re_embed,
            )
