// Store Phase 1 candidates as pending contradictions, once per pair of the tenant
// ((tenant_id, pair_key) is unique: schema 016). Both memories must still be in the
// tenant, so a concurrent forget leaves no orphan behind.
UNWIND $rows AS row
MATCH (a:Memory {id: row.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: row.memory_id_b}) WHERE b.tenant_id = $tenant_id
MERGE (p:PendingContradiction {tenant_id: $tenant_id, pair_key: row.pair_key})
ON CREATE SET p.pending_id = row.pending_id,
  p.memory_id_a = a.id, p.memory_id_b = b.id,
  p.content_a_snippet = row.content_a_snippet, p.content_b_snippet = row.content_b_snippet,
  p.content_a_sha256 = a.content_sha256, p.content_b_sha256 = b.content_sha256,
  p.classifier_score = row.classifier_score, p.classifier_method = row.classifier_method,
  p.signals = row.signals, p.reasoning = row.reasoning, p.similarity = row.similarity,
  p.suggested_verdict = row.suggested_verdict, p.created_at = $now
RETURN p.pending_id AS pending_id, p.pending_id = row.pending_id AS created
