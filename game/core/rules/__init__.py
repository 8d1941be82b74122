"""The headless rules core: pure functions and small value types, no pygame, no clock."""
