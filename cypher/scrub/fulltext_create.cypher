// The fulltext index, built again from the store (as schema/003 creates it): its new
// segments hold only what is stored now.
CREATE FULLTEXT INDEX memory_content IF NOT EXISTS
FOR (m:Memory) ON EACH [m.content, m.tenant_key, m.entity_key]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english', `fulltext.eventually_consistent`: false}}
