"""Building fulltext (Lucene) queries from free text, safely.

The cue is cut into words (letters and digits only), so no Lucene syntax from a
caller ever reaches the parser; the tenant and entity restrictions are opaque
hash tokens that the index holds beside the content.
"""

from __future__ import annotations

import re

from hebbs_graph.services.records import entity_key, tenant_key

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
MAX_TERMS = 64


def cue_terms(cue: str) -> list[str]:
    """Distinct lowercase words of the cue, in order, at most MAX_TERMS."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(cue.lower()):
        seen.setdefault(word, None)
        if len(seen) >= MAX_TERMS:
            break
    return list(seen)


def fulltext_query(cue: str, tenant_id: str, entity_id: str | None) -> str | None:
    """``+tenant_key:… [+entity_key:…] +(content:a content:b …)``, or None if no words."""
    terms = cue_terms(cue)
    if not terms:
        return None
    content = " ".join(f"content:{t}" for t in terms)
    parts = [f"+tenant_key:{tenant_key(tenant_id)}"]
    key = entity_key(tenant_id, entity_id)
    if key is not None:
        parts.append(f"+entity_key:{key}")
    parts.append(f"+({content})")
    return " ".join(parts)
