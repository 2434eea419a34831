"""session: what was said in one conversation session, newest first; R = 1 − rank/n.

An opt-in strategy (HEBBS_RECALL_EXTRA_STRATEGIES=session), and the example of adding
one: this module and cypher/recall/session.cypher are all it took.
"""

from __future__ import annotations

import json
from typing import ClassVar, Final, Literal

from pydantic import Field

from hebbs_graph.models.recall import SpecBase
from hebbs_graph.services.recall.scope import Candidate
from hebbs_graph.services.recall.strategies.base import Ask, Tools
from hebbs_graph.services.records import to_memory

STRATEGY: Final = "session"
OPT_IN = True


class SessionSpec(SpecBase):
    """The memories of one conversation session (POST /v1/conversations stores each turn
    with its session_id), newest first. Needs session_id, no cue. Opt-in: on where
    HEBBS_RECALL_EXTRA_STRATEGIES names it."""

    strategy: Literal["session"]
    searches_by_meaning: ClassVar[bool] = False
    session_id: str = Field(min_length=1, max_length=200)


async def run(tools: Tools, ask: Ask) -> list[Candidate]:
    scope, spec = ask.scope, ask.spec_as(SessionSpec)
    needle = '"session_id":' + json.dumps(spec.session_id, ensure_ascii=False)
    rows = await tools.store.read_rows(
        "recall/session", needle=needle, fetch=2 * ask.k, **scope.params()
    )
    memories = [to_memory(r["memory"]) for r in rows]
    # The needle also matches text inside other contexts: keep exact matches only.
    kept = [m for m in memories if m.context.get("session_id") == spec.session_id][: ask.k]
    n = len(kept)
    return [Candidate(m, 1.0 - rank / n, {STRATEGY}) for rank, m in enumerate(kept)]
