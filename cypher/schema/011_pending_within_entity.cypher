// Contradiction detection now compares a memory only with memories of its own entity,
// and a tenant-wide memory (no entity) only with the tenant-wide ones
// (settings.contradiction_scope, docs/decisions/0013). Pending pairs found before
// across two entities, or between an entity's memory and a tenant-wide one, are
// dropped: both sides can be true ("Acme's budget is $5,000" / "Initech's budget is
// $9,000"). CONTRADICTS edges stay: an agent or the LLM confirmed them.
MATCH (p:PendingContradiction)
CALL (p) {
  MATCH (a:Memory {id: p.memory_id_a}) WHERE a.tenant_id = p.tenant_id
  MATCH (b:Memory {id: p.memory_id_b}) WHERE b.tenant_id = p.tenant_id
  WITH p, a, b
  WHERE coalesce(a.entity_id, '') <> coalesce(b.entity_id, '')
  DELETE p
} IN TRANSACTIONS OF 1000 ROWS;
