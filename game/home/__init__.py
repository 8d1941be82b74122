"""What Rout keeps on the player's machine and finds there: the settings, the user's folders, the
bundled maps and art, the hot-seat names, crash logs."""
