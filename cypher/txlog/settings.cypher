// The server's transaction log and checkpoint settings (database-wide, no tenant).
SHOW SETTINGS YIELD name, value
WHERE name IN $names
RETURN name, value
