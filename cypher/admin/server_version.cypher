// The server's version and edition: filtered vector search needs 2026.06.
CALL dbms.components() YIELD name, versions, edition
RETURN versions[0] AS version, edition
