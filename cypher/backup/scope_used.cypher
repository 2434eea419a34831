// Does the scope already hold anything a restore would write (memories, pending pairs,
// tombstones)?
RETURN EXISTS {
    MATCH (m:Memory) WHERE m.tenant_id = $tenant_id
      AND ($entity_id IS NULL OR m.entity_id = $entity_id) }
  OR EXISTS {
    MATCH (t:Tombstone) WHERE t.tenant_id = $tenant_id
      AND ($entity_id IS NULL OR t.entity_id = $entity_id) }
  OR ($entity_id IS NULL AND EXISTS {
    MATCH (p:PendingContradiction) WHERE p.tenant_id = $tenant_id }) AS used
