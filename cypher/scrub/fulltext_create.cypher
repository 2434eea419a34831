// The fulltext index, built again from the store (as schema/003 creates it, with the
// analyzer it had or the one the settings choose: graph/reindex.py, graph/schema.py):
// its new segments hold only what is stored now.
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.tenant_key, m.entity_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: $analyzer, `fulltext.eventually_consistent`: false}}
