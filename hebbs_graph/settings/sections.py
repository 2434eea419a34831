"""Settings per wing: frozen views of ``Settings`` holding the fields one wing reads.

A section's fields keep the flat names of ``Settings`` (so ``HEBBS_RECALL_TIME_BOOST``
is ``recall_time_boost`` everywhere, and a grep finds every reader). Sections carry no
defaults or bounds of their own: ``Settings`` is the one source of truth, reads the
environment and checks the bounds, and builds each section from its own fields
(``settings.recall``, ``settings.contradiction``, ...). A service takes its section.
"""

from __future__ import annotations

from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict


class Section(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @classmethod
    def of(cls: type[S], source: object) -> S:
        """This section's fields, read off ``source`` (a ``Settings``) by name."""
        return cls.model_validate({name: getattr(source, name) for name in cls.model_fields})


S = TypeVar("S", bound=Section)


class RecallSettings(Section):
    """recall and prime (services/recall/): limits, scoring, the searches, fusion."""

    default_top_k: int
    max_top_k: int
    recency_horizon_days: float
    vector_search_expansion: float
    hybrid_fusion: Literal["score", "rrf"]
    hybrid_vector_weight: float
    hybrid_text_weight: float
    hybrid_candidates: int
    rrf_k: int
    fulltext_stopwords: bool
    fulltext_scope_idf: bool
    fulltext_term_hits: int
    fulltext_hit_budget: int
    recall_neighbour_share: float
    recall_neighbours: Literal["turns", "all"]
    recall_spread_candidates: int
    recall_insight_share: float
    recall_time_boost: float
    recall_supersession_classifier: bool
    recall_supersession_slots: bool
    recall_supersession_cue: bool
    recall_supersession_closest: bool
    recall_current_recency: float
    recall_extra_strategies: list[str]
    prime_per_section: int
    recall_concurrency: int


class SubscribeSettings(Section):
    """Streaming recall (services/recall/subscribe.py and the WebSocket door)."""

    subscribe_max_recalls_per_s: float
    subscribe_debounce_ms: int
    subscribe_max_delay_ms: int
    subscribe_window_lines: int
    subscribe_window_chars: int
    subscribe_max_subscriptions: int
    subscribe_max_frame_bytes: int
    subscribe_send_queue: int
    subscribe_scope_timeout_s: float


class ContradictionSettings(Section):
    """Detection, the check queue, the LLM judge and the scan (services/contradict/)."""

    contradiction_detection: bool
    contradiction_detection_mode: Literal["async", "sync"]
    contradiction_checker: Literal["auto", "inline", "process"]
    contradiction_checker_nice: int
    contradiction_checker_poll_s: float
    contradiction_check_sweep_s: float
    contradiction_check_quiet_s: float
    contradiction_check_max_wait_s: float
    contradiction_check_claim_s: float
    contradiction_check_heartbeat_s: float
    contradiction_check_retry_s: float
    contradiction_check_retry_max_s: float
    contradiction_prepare_wait_s: float
    contradiction_scope: Literal["entity", "tenant"]
    contradiction_k: int
    contradiction_min_similarity: float
    contradiction_whole_scope: int
    contradiction_min_confidence: float
    contradiction_heuristic_cap: float
    contradiction_chunk: int
    contradiction_exact_max: int
    contradiction_numpy_min_batch: int
    contradiction_numpy_max: int
    contradiction_vector_cache_rows: int
    contradiction_llm_on_ingest: bool
    contradiction_llm_max_calls_per_write: int
    contradiction_llm_min_confidence: float
    contradiction_scan_batch: int
    vector_search_expansion: float  # its vector-index searches widen as recall's do


class ReflectSettings(Section):
    """Reflection (services/reflect/): clustering, sessions, the LLM route, auto-reflect,
    and what insight storage shares with memories (content limit, snapshots kept)."""

    reflect_limit: int
    reflect_min_episodes: int
    reflect_min_cluster: int
    reflect_max_k: int
    reflect_seed: int
    reflect_time_weight: float
    reflect_time_scale_s: float
    reflect_session_ttl_s: float
    reflect_prompt_chars: int
    reflect_max_stale: int
    reflect_auto: bool
    reflect_auto_episodes: int
    reflect_auto_interval_s: float
    reflect_auto_importance: float
    reflect_auto_poll_s: float
    reflect_lease_ttl_s: float
    llm_max_tokens: int  # per LLM answer on the LLM route
    max_content_bytes: int  # an insight is content too
    max_snapshots: int  # kept per revised insight
    api_keys: dict[str, str]  # auto-reflect walks the tenants the API's keys serve


class MemorySettings(Section):
    """remember, batch, revise, conversations and forget (services/memory/)."""

    max_content_bytes: int
    max_context_bytes: int
    max_batch_items: int
    max_snapshots: int
    forget_batch_size: int
