"""Matches between two AI levels (`rout match`, issue 36): games played in pairs on the same field,
seed and armies with the sides swapped, scored as an Elo difference with its interval, and a
sequential test that stops once it can say which is stronger."""


class EnginesDiffer(RuntimeError):
    """The other checkout's engine saw another battle (`rout match --against`): the match cannot go on."""
