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

# Lucene's English analyzer drops these itself; a term query made of one of them would
# match every memory of the scope with score 0, so per-term queries never use them.
LUCENE_ENGLISH_STOP_WORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is",
    "it", "no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there",
    "these", "they", "this", "to", "was", "will", "with",
})  # fmt: skip
# Function words that carry no topic in a cue: Lucene's own list, plus the question
# words, auxiliaries, pronouns and connectives an agent's cue is full of ("What did
# she say about ...?"). Only cue terms are filtered; stored content is untouched.
CUE_STOP_WORDS = LUCENE_ENGLISH_STOP_WORDS | frozenset({
    "what", "when", "where", "which", "who", "whom", "whose", "why", "how",
    "am", "been", "being", "were", "do", "does", "did", "doing", "done",
    "has", "have", "had", "having", "would", "could", "should", "can", "may", "might",
    "must", "shall",
    "i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself",
    "he", "him", "his", "himself", "she", "her", "hers", "herself",
    "we", "us", "our", "ours", "ourselves", "them", "theirs", "themselves", "its", "itself",
    "about", "any", "some", "all", "both", "each", "few", "more", "most", "other", "own",
    "same", "so", "than", "too", "very", "just", "also", "only", "from", "up", "down",
    "out", "off", "over", "under", "again", "further", "once", "here", "s", "t", "don",
})  # fmt: skip


def cue_terms(cue: str) -> list[str]:
    """Distinct lowercase words of the cue, in order, at most MAX_TERMS."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(cue.lower()):
        seen.setdefault(word, None)
        if len(seen) >= MAX_TERMS:
            break
    return list(seen)


def content_terms(cue: str, *, drop_stop_words: bool = True) -> list[str]:
    """The cue's words worth searching for: cue_terms without function words.

    Words Lucene's analyzer would drop are always left out (see term_query).
    """
    stop = CUE_STOP_WORDS if drop_stop_words else LUCENE_ENGLISH_STOP_WORDS
    return [t for t in cue_terms(cue) if t not in stop]


def scope_clause(tenant_id: str, entity_id: str | None) -> str:
    """``+tenant_key:…^0 [+entity_key:…^0]``: the scope, required and scoring nothing."""
    parts = [f"+tenant_key:{tenant_key(tenant_id)}^0"]
    key = entity_key(tenant_id, entity_id)
    if key is not None:
        parts.append(f"+entity_key:{key}^0")
    return " ".join(parts)


def term_query(term: str, tenant_id: str, entity_id: str | None) -> str:
    """``+tenant_key:…^0 [+entity_key:…^0] +content:term``: one term, scoped, scored alone.

    The scope clauses carry boost 0, so a hit's score is that term's BM25 in content
    and nothing else. ``term`` must come from content_terms (a word, not a stop word).
    """
    return f"{scope_clause(tenant_id, entity_id)} +content:{term}"


def fulltext_query(
    cue: str, tenant_id: str, entity_id: str | None, *, drop_stop_words: bool = False
) -> str | None:
    """``+tenant_key:… [+entity_key:…] +(content:a content:b …)``, or None if no words."""
    terms = content_terms(cue) if drop_stop_words else cue_terms(cue)
    if not terms:
        return None
    content = " ".join(f"content:{t}" for t in terms)
    parts = [f"+tenant_key:{tenant_key(tenant_id)}"]
    key = entity_key(tenant_id, entity_id)
    if key is not None:
        parts.append(f"+entity_key:{key}")
    parts.append(f"+({content})")
    return " ".join(parts)
