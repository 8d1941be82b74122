"""A battle's history: a save or replay brought back, checked against this machine's, laid out as
a timeline, undone and redone."""
