// The schema migrations applied so far (graph/schema.py).
MATCH (s:SchemaMigration) RETURN s.name AS name
