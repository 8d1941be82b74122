"""Scenarios: the unit catalogue, Tiled maps and their validation."""
