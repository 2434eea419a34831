// Restore memories exactly as exported. row.label is a MemoryKind's label (an enum in
// Python, never caller text); tenant_key and entity_key are this tenant's, set for the
// kinds that carry them. The caption is derived from the content, not restored, and so
// is an episode's content_key (row.content_key: remember finds duplicates by it) and
// the number the vector index filters visibility on (@hidden; snapshots have none).
UNWIND $rows AS row
CREATE (m:Memory)
SET m = row.properties, m.tenant_id = $tenant_id
SET m.name = @caption(m), m.content_key = row.content_key
SET m:$(row.label)
SET m.tenant_key = CASE WHEN row.keyed THEN $tenant_key ELSE null END,
    m.entity_key = CASE WHEN row.keyed THEN row.entity_key ELSE null END,
    m.hidden = CASE WHEN row.keyed THEN @hidden(m) ELSE null END
WITH m, row
CALL (m, row) {
  WITH m, row WHERE row.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
}
RETURN count(*) AS created
