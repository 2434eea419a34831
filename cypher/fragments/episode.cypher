// A new episode's properties, from one of $rows (written @episode(row) in CREATE, by
// memory/create and memory/store). Every row already carries its id, embedding (set
// apart, with db.create.setNodeVectorProperty) and hashes; occurred_at is an ISO 8601
// string (or a datetime): the driver's own conversion of a Python datetime costs ~40 µs.
// restated_at: when a later item of the same call said it again (else null).
{
  id: __node__.id, tenant_id: $tenant_id, tenant_key: $tenant_key,
  entity_id: __node__.entity_id, entity_key: __node__.entity_key, kind: 'episode',
  content: __node__.content, content_sha256: __node__.content_sha256,
  content_key: __node__.content_key, importance: __node__.importance,
  context_json: __node__.context_json, tags: __node__.tags,
  occurred_at: datetime(__node__.occurred_at), restated_at: datetime(__node__.restated_at),
  created_at: $now, updated_at: $now,
  last_accessed_at: $now, access_count: 0, decay_score: __node__.importance, version: 1,
  hidden: 0
}
