// The states of the named indexes (readiness).
SHOW INDEXES YIELD name, state WHERE name IN $names RETURN collect(state) AS states
