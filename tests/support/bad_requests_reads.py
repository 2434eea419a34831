"""Bad requests, part two: recall, revise, review, reflection and the rest (the same
shape as bad_requests_writes.py)."""

from __future__ import annotations

from tests.support.bad_requests import BAD, CURSOR_ROUTES, MISSING, W0, b64

CASES = [
    (
        "recall_negative_weight",
        "POST",
        "/v1/recall",
        {"cue": "x", "weights": {**W0, "relevance": -1, "recency": 1}},
        BAD,
        "weights",
    ),
    ("recall_zero_weights", "POST", "/v1/recall", {"cue": "x", "weights": W0}, BAD, "weights"),
    (
        "recall_partial_weights",
        "POST",
        "/v1/recall",
        {"cue": "x", "weights": {"relevance": 1}},
        BAD,
        "weights",
    ),
    (
        "recall_weights_and_preset",
        "POST",
        "/v1/recall",
        {"cue": "x", "preset": "semantic", "weights": {**W0, "relevance": 1}},
        BAD,
        "preset",
    ),
    ("recall_unknown_preset", "POST", "/v1/recall", {"cue": "x", "preset": "loud"}, BAD, "preset"),
    (
        "recall_similarity_without_cue",
        "POST",
        "/v1/recall",
        {"strategies": [{"strategy": "similarity"}]},
        BAD,
        "cue",
    ),
    ("recall_default_without_cue", "POST", "/v1/recall", {}, BAD, "cue"),
    ("recall_blank_cue", "POST", "/v1/recall", {"cue": "   "}, BAD, "cue"),
    ("recall_top_k_0", "POST", "/v1/recall", {"cue": "x", "top_k": 0}, BAD, "top_k"),
    ("recall_top_k_1001", "POST", "/v1/recall", {"cue": "x", "top_k": 1001}, BAD, "top_k"),
    (
        "recall_unknown_strategy",
        "POST",
        "/v1/recall",
        {"cue": "x", "strategies": [{"strategy": "telepathy"}]},
        BAD,
        "strategy",
    ),
    (
        "recall_reversed_range",
        "POST",
        "/v1/recall",
        {
            "strategies": [
                {
                    "strategy": "temporal",
                    "time_range": {"start": "2024-02-01T00:00:00Z", "end": "2024-01-01T00:00:00Z"},
                }
            ]
        },
        BAD,
        "time_range",
    ),
    ("revise_nothing", "PUT", "/v1/revise/{a}", {}, BAD, None),
    ("revise_bad_id", "PUT", "/v1/revise/xyz", {"importance": 0.1}, (400,), "id"),
    ("revise_unknown_id", "PUT", f"/v1/revise/{MISSING}", {"importance": 0.1}, (404,), None),
    ("revise_importance_5", "PUT", "/v1/revise/{a}", {"importance": 5}, BAD, "importance"),
    (
        "revise_bad_mode",
        "PUT",
        "/v1/revise/{a}",
        {"context": {}, "context_mode": "append"},
        BAD,
        "context_mode",
    ),
    (
        "revise_content_over_64k",
        "PUT",
        "/v1/revise/{a}",
        {"content": "a" * 70_000},
        (413,),
        "content",
    ),
    (
        "revise_unknown_field",
        "PUT",
        "/v1/revise/{a}",
        {"importance": 0.2, "tags": ["x"]},
        BAD,
        "tags",
    ),
    ("forget_no_criteria", "POST", "/v1/forget", {}, (400,), None),
    ("forget_bad_id", "POST", "/v1/forget", {"memory_ids": ["nope"]}, (400,), "memory_ids"),
    (
        "forget_negative_count",
        "POST",
        "/v1/forget",
        {"access_count_below": -1},
        BAD,
        "access_count_below",
    ),
    ("forget_snapshot_kind", "POST", "/v1/forget", {"kind": "snapshot"}, BAD, "kind"),
    # Times with no UTC form, wherever a time is accepted.
    *[
        (f"time_overflow_{name}_{i}", method, path, body_of(t), BAD, name)
        for i, t in enumerate(("0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"))
        for name, method, path, body_of in (
            ("occurred_at", "POST", "/v1/memories", lambda t: {"content": "x", "occurred_at": t}),
            ("older_than", "POST", "/v1/forget", lambda t: {"older_than": t}),
            ("since", "POST", "/v1/contradictions/scan", lambda t: {"since": t}),
            ("since", "POST", "/v1/reflect/prepare", lambda t: {"since": t}),
            (
                "time_range",
                "POST",
                "/v1/recall",
                lambda t: {"strategies": [{"strategy": "temporal", "time_range": {"end": t}}]},
            ),
        )
    ],
    *[
        (f"time_overflow_query_{name}", "GET", f"/v1/memories?{name}={t}", None, (400,), name)
        for name, t in (
            ("since", "0001-01-01T00:00:00%2B05:00"),
            ("until", "9999-12-31T23:59:59-05:00"),
        )
    ],
    # Forged or malformed cursors, on list and on scan.
    *[
        (f"forged_cursor_{i}_{where}", method, path(cursor), body(cursor), (400,), "cursor")
        for i, cursor in enumerate(
            b64(raw)
            for raw in (
                '["2020-01-01T00:00:00+00:00", 5]',
                '["2020-01-01T00:00:00+00:00", null]',
                "[" * 5000,
                '{"a": 1}',
                '["0001-01-01T00:00:00+05:00", "' + "0" * 32 + '"]',
            )
        )
        for where, method, path, body in CURSOR_ROUTES
    ],
    ("cursor_too_long", "GET", "/v1/memories?cursor=" + "A" * 4000, None, (400,), "cursor"),
    # Windows and weights.
    (
        "prime_huge_window",
        "POST",
        "/v1/prime",
        {"entity_id": "x", "recency_window": "P999999999D"},
        BAD,
        "recency_window",
    ),
    (
        "prime_negative_window",
        "POST",
        "/v1/prime",
        {"entity_id": "x", "recency_window": -5},
        BAD,
        "recency_window",
    ),
    (
        "prime_zero_window",
        "POST",
        "/v1/prime",
        {"entity_id": "x", "recency_window": 0},
        BAD,
        "recency_window",
    ),
    (
        "recall_overflowing_weights",
        "POST",
        "/v1/recall",
        {"cue": "x", "weights": dict.fromkeys(W0, 1e308)},
        BAD,
        "weights",
    ),
    # How long a review waits for the contradiction checks: 0 to 30 s, a number.
    *[
        (
            f"{name}_wait_{label}",
            "POST",
            path,
            {**body, "wait_for_checks_s": value},
            BAD,
            "wait_for_checks_s",
        )
        for name, path, body in (
            ("prepare", "/v1/contradictions/prepare", {}),
            ("prime", "/v1/prime", {"entity_id": "x"}),
        )
        for label, value in (("negative", -1), ("too_long", 31), ("text", "soon"), ("true", True))
    ],
    # Booleans are not numbers.
    (
        "importance_true",
        "POST",
        "/v1/memories",
        {"content": "x", "importance": True},
        BAD,
        "importance",
    ),
    ("top_k_true", "POST", "/v1/recall", {"cue": "x", "top_k": True}, BAD, "top_k"),
    (
        "confidence_false",
        "POST",
        "/v1/memories/{a}/edges",
        {"target_id": "{b}", "edge_type": "RELATED_TO", "confidence": False},
        BAD,
        "confidence",
    ),
    # Control characters where they can only be mistakes.
    ("nul_in_content", "POST", "/v1/memories", {"content": "a\u0000b"}, BAD, "content"),
    ("bell_in_content", "POST", "/v1/memories", {"content": "a\u0007b"}, BAD, "content"),
    (
        "nul_in_entity",
        "POST",
        "/v1/memories",
        {"content": "ab", "entity_id": "a\u0000b"},
        BAD,
        "entity_id",
    ),
    ("newline_in_tag", "POST", "/v1/memories", {"content": "ab", "tags": ["a\nb"]}, BAD, "tags"),
    ("nul_in_revision", "PUT", "/v1/revise/{a}", {"content": "a\u0000b"}, BAD, "content"),
    # Context bounded in depth as well as size.
    (
        "context_33_deep",
        "POST",
        "/v1/memories",
        b'{"content": "x", "context": ' + b'{"a": ' * 33 + b"1" + b"}" * 34,
        BAD,
        "context",
    ),
    (
        "context_300_deep",
        "POST",
        "/v1/memories",
        b'{"content": "x", "context": ' + b'{"a": ' * 300 + b"1" + b"}" * 301,
        BAD,
        "context",
    ),
    (
        "body_1200_deep",
        "POST",
        "/v1/memories",
        b'{"content": "x", "context": ' + b'{"a": ' * 1200 + b"1" + b"}" * 1201,
        (400,),
        "body",
    ),
    (
        "revise_context_40_deep",
        "PUT",
        "/v1/revise/{a}",
        b'{"context": ' + b'{"a": ' * 40 + b"1" + b"}" * 41,
        BAD,
        "context",
    ),
    # One meaning per query parameter.
    (
        "repeated_until",
        "GET",
        "/v1/memories?until=2020-01-01T00:00:00Z&until=2030-01-01T00:00:00Z",
        None,
        (400,),
        "until",
    ),
    ("repeated_limit", "GET", "/v1/insights?limit=1&limit=2", None, (400,), "limit"),
    # The map's since is an earlier answer's stamp, nothing else.
    (
        "map_since_not_a_stamp",
        "GET",
        "/v1/map?entity_id=acme&since=yesterday",
        None,
        BAD,
        "since",
    ),
    (
        "map_since_too_long",
        "GET",
        "/v1/map?entity_id=acme&since=" + "9" * 65,
        None,
        BAD,
        "since",
    ),
    ("map_without_entity", "GET", "/v1/map", None, BAD, "entity_id"),
]
