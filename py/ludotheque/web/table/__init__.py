"""The shared table every game is played at: the session (one open game: it decides), the view
(the banner, toolbar, log, cover and ending around a board: it draws), `GameTable` (what a game's
board adds), the review, the boards' registry, the guided game, and opening a game at its table."""
