"""What a creature is worth, measured: `rout price` (docs/scenarios.md, "Points").

`fit` finds, from games at several sizes of a reference force, the size an army of one kind
beats half the time; `ladder` chooses which sizes to play; `duel` makes the fields and plays the
games; `table` reads and writes the points file the catalogue's prices come from.
"""
