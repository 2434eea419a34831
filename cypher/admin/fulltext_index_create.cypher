// memory_content as migration 003 builds it, with the analyzer the settings choose
// (schema.py; docs/decisions/0006): BM25 over content, tenant_key / entity_key as single
// opaque tokens so a query is restricted to its scope inside Lucene.
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.tenant_key, m.entity_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: $analyzer, `fulltext.eventually_consistent`: false}}
