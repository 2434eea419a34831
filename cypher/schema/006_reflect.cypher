// Reflection: one session per id, one cursor per (tenant, scope), one lease per name;
// insights by tenant and entity; episodes by tenant in storage order (the cursor's key).
CREATE CONSTRAINT reflect_session_id IF NOT EXISTS FOR (s:ReflectSession) REQUIRE s.session_id IS UNIQUE;
CREATE CONSTRAINT reflect_cursor_scope IF NOT EXISTS FOR (c:ReflectCursor) REQUIRE (c.tenant_id, c.scope) IS UNIQUE;
CREATE CONSTRAINT lease_name IF NOT EXISTS FOR (l:Lease) REQUIRE l.name IS UNIQUE;
CREATE INDEX insight_tenant_entity IF NOT EXISTS FOR (i:Insight) ON (i.tenant_id, i.entity_id);
CREATE INDEX memory_tenant_created IF NOT EXISTS FOR (m:Memory) ON (m.tenant_id, m.created_at);
