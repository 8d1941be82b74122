"""The pygame-ce client: the only package that imports pygame."""
