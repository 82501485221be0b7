"""The screens around the tables: the home, the new-game form and its dialogs, how to play,
several devices, backup and restore."""
