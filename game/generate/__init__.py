"""Battlefields made from a seed: `rout generate` (docs/scenarios.md, "Generated battlefields").

`spec` says what may be asked for, `land` lays the ground and its features, `forces` the zones
and the armies, `tmx_text` writes the Tiled map, and `make` ties them together and checks that
what it made can be played. Nothing here reads a clock or a global generator: the same request
gives the same map, byte for byte.
"""
