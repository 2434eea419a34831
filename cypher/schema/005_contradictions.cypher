// Pending contradictions: one record per pair of memories (pair_key = the two ids in
// order), found by id, by tenant (newest work first) and by either memory.
CREATE CONSTRAINT pending_contradiction_id IF NOT EXISTS FOR (p:PendingContradiction) REQUIRE p.pending_id IS UNIQUE;
CREATE CONSTRAINT pending_contradiction_pair IF NOT EXISTS FOR (p:PendingContradiction) REQUIRE p.pair_key IS UNIQUE;
CREATE INDEX pending_contradiction_tenant IF NOT EXISTS FOR (p:PendingContradiction) ON (p.tenant_id, p.created_at);
CREATE INDEX pending_contradiction_memory_a IF NOT EXISTS FOR (p:PendingContradiction) ON (p.memory_id_a);
CREATE INDEX pending_contradiction_memory_b IF NOT EXISTS FOR (p:PendingContradiction) ON (p.memory_id_b);
