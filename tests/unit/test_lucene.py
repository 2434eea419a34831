from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hebbs_graph.services.recall.lucene import MAX_TERMS, cue_terms, fulltext_query
from hebbs_graph.services.records import entity_key, tenant_key

LUCENE_SYNTAX = set('+-&|!(){}[]^"~*?:\\/')


def test_terms_are_words_only() -> None:
    assert cue_terms('What is "Acme\'s" budget? (AND OR) title:x*') == [
        "what",
        "is",
        "acme",
        "s",
        "budget",
        "and",
        "or",
        "title",
        "x",
    ]


def test_query_restricts_tenant_and_entity() -> None:
    q = fulltext_query("budget", "t1", "acme")
    assert (
        q
        == f"+tenant_key:{tenant_key('t1')} +entity_key:{entity_key('t1', 'acme')} +(content:budget)"
    )
    assert fulltext_query("?!", "t1", None) is None


def test_keys_differ_per_tenant_and_entity() -> None:
    assert tenant_key("a") != tenant_key("b")
    assert entity_key("a", "x") != entity_key("b", "x")
    assert entity_key("a", None) is None


@given(st.text(max_size=500))
def test_no_caller_syntax_reaches_lucene(cue: str) -> None:
    terms = cue_terms(cue)
    assert len(terms) <= MAX_TERMS
    for term in terms:
        assert term
        assert not (set(term) & LUCENE_SYNTAX)
        assert " " not in term
