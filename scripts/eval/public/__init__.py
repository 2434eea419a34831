"""Converters that turn public evaluation data sets into the normalised JSON of the evals."""
