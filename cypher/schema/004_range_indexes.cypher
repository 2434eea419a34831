// Range indexes for tenant / entity timelines, kinds, and tombstones.
CREATE INDEX memory_tenant_entity_time IF NOT EXISTS FOR (m:Memory) ON (m.tenant_id, m.entity_id, m.occurred_at);
CREATE INDEX memory_tenant_time IF NOT EXISTS FOR (m:Memory) ON (m.tenant_id, m.occurred_at);
CREATE INDEX memory_kind IF NOT EXISTS FOR (m:Memory) ON (m.kind);
CREATE INDEX tombstone_tenant IF NOT EXISTS FOR (t:Tombstone) ON (t.tenant_id, t.memory_id);
