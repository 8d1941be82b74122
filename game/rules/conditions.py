"""The names of the timed conditions a creature may be under, as a type: a misspelt one is a mypy
error, and each is written to the event log as the same string (docs/rules.md#status)."""

from __future__ import annotations

from typing import Literal

# hasted, slowed, blessed: haste, slow, bless; hampered or tangled: entangle (saved or not); held:
# hold person; charging: a charger until its next activation (docs/rules.md#charge); set_vs_charge:
# set to receive a charge; hindered: 'hindered (tangled, climbing, held) -3' (seed 002).
Condition = Literal[
    "hasted", "slowed", "blessed", "hampered", "tangled", "held", "charging", "set_vs_charge", "hindered"
]  # fmt: skip
