"""Network play (issue 21): two machines play one battle by lockstep, exchanging only commands
(docs/formats.md#network-play). Above the runner, the files and the AI, below the window: the
core never imports it."""
