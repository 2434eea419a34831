// How many pending contradictions a tenant has (pending_count_entity: one entity).
// Counted from the records alone (the tenant index, ~10 ms at 15,000): every path that
// creates one has both memories (pending_create matches them, a restore checks they are
// in the file) and a forget deletes a memory's records with it. Seeking both memories
// of each record, as the list does, took ~150 ms at 15,000.
MATCH (p:PendingContradiction)
WHERE p.tenant_id = $tenant_id
RETURN count(p) AS total
