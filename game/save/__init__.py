"""Saves and replays as JSON, written atomically."""
