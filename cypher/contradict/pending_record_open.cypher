// The numpy path without the LLM, in one step: of the neighbour pairs the classifier
// flagged, those still open (both memories current, not linked ($linked_types), not
// dismissed: as pairs_open) become pending contradictions (as pending_create), once
// per pair. (older, newer) by occurred_at, then created_at, then id, as by_age in
// detect.py. The classifier reads a pair in that order, so each row carries its
// verdict both ways round: `if_older` for memory_id the older, `if_newer` for it the
// newer; a pair is recorded only if the verdict for its order reaches $min_confidence.
UNWIND $rows AS row
MATCH (m:Memory {id: row.memory_id}) WHERE m.tenant_id = $tenant_id
MATCH (n:Memory {id: row.other_id}) WHERE n.tenant_id = $tenant_id
// The detector's kept vectors may be a few seconds behind another process's verdicts.
  AND n.superseded_by IS NULL AND m.superseded_by IS NULL
// ... and the entity of either may have changed since (a revision in another process).
  AND ($tenant_wide OR coalesce(m.entity_id, '') = coalesce(n.entity_id, ''))
// A memory deleted while this reads it (a forget, a purge) reads as nulls: left out.
  AND m.id IS NOT NULL AND n.id IS NOT NULL
WITH row, m, n,
     CASE WHEN m.id < n.id THEN m.id + ':' + n.id ELSE n.id + ':' + m.id END AS pair_key
WHERE NOT EXISTS { MATCH (m)-[r]-(n) WHERE type(r) IN $linked_types }
  AND NOT (pair_key + '@' + m.content_sha256 + n.content_sha256) IN coalesce(m.dismissed_pairs, [])
  AND NOT (pair_key + '@' + n.content_sha256 + m.content_sha256) IN coalesce(m.dismissed_pairs, [])
WITH row, pair_key, m, n,
     [m.occurred_at, m.created_at, m.id] <= [n.occurred_at, n.created_at, n.id] AS m_older
WITH row, pair_key, m_older,
     CASE WHEN m_older THEN m ELSE n END AS a, CASE WHEN m_older THEN n ELSE m END AS b,
     CASE WHEN m_older THEN row.if_older ELSE row.if_newer END AS verdict
WHERE verdict.score >= $min_confidence
MERGE (p:PendingContradiction {tenant_id: $tenant_id, pair_key: pair_key})
ON CREATE SET p.pending_id = row.pending_id,
  p.memory_id_a = a.id, p.memory_id_b = b.id,
  p.content_a_snippet = CASE WHEN m_older THEN row.snippet_m ELSE row.snippet_n END,
  p.content_b_snippet = CASE WHEN m_older THEN row.snippet_n ELSE row.snippet_m END,
  p.content_a_sha256 = a.content_sha256, p.content_b_sha256 = b.content_sha256,
  p.classifier_score = verdict.score, p.classifier_method = 'heuristic',
  p.signals = verdict.signals, p.similarity = row.similarity,
  p.suggested_verdict = verdict.suggested, p.created_at = $now
RETURN sum(CASE WHEN p.pending_id = row.pending_id THEN 1 ELSE 0 END) AS created
