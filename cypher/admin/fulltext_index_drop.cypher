// Drop memory_content to build it again with another analyzer (schema.py).
DROP INDEX memory_content IF EXISTS
