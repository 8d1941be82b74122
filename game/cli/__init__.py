"""The command line, `rout` (docs/command-line.md).

`main` is what every run of `rout` imports: the parser, `rout check` and the errors reported in
one line, nothing heavy. Each command's body is imported when that command runs: `simulate`
(with `sweep`, its runs on generated fields), `replay`, `window` (`rout play` and `rout
screenshot`) and `net` (`rout host` and `rout join`, whose parser is `net_args`, so that the
parser loads no websockets); `gif`, `generate`, `price` and `sandbox` hold their command's parser
beside its body, importing the rest as it runs. `bounds` limits the numbers a command takes,
`outputs` checks and writes the files it makes, `signals` turns SIGTERM into an exception.

This module imports nothing, so `game.cli.outputs` comes without the parser (game/play/cluster.py).
"""
