"""The main menu, the pause menu and the result screen."""
