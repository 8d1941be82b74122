"""The rules core: the battle, its world, its systems and rules, the queries, events and commands.

Headless and deterministic: it never reaches the AI, the files, the window, the command line, the
batch runner, the history or the player's machine (tests/test_layers.py)."""
