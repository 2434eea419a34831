// Remember finds a duplicate (the same words as a current episode of the same entity)
// by content_key: the hash of the content trimmed and with its whitespace collapsed
// (services/records.content_key), set on every episode stored or revised from now on.
// This index makes that lookup a seek. Memories stored before it have no content_key
// and are not found as duplicates until they are revised.
CREATE INDEX memory_tenant_content_key IF NOT EXISTS FOR (m:Memory) ON (m.tenant_id, m.content_key);
