"""One system per concern; each reads and changes the battle's context and emits events."""
