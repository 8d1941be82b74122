"""The replay viewer, the hand-over recap, taking over a replay, and the GIF."""
