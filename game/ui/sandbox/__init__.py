"""The sandbox: set up a situation by hand and step through it."""
