"""The memory wing: writing, revising, listing and forgetting memories; conversations;
backup and restore."""
