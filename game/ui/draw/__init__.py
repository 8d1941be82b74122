"""Drawing a battle: the board, the tokens, the overlays, the bars and panels (used by the battle screen, the viewer and the sandbox)."""
