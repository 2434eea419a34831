// BM25 over content. tenant_key / entity_key are single opaque tokens (hashes) so a
// fulltext query can be restricted to one tenant or entity inside Lucene itself.
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.tenant_key, m.entity_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}};
