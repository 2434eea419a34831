"""The palace's map of meaning: a 2-D projection of an entity's vectors, its named
regions, cached per entity and updated as memories arrive."""
