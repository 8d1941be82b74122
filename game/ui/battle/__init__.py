"""The battle screen: its session (the battle, its commands and undo), its input, modes and lesson player, and the screens it hands over to a player."""
