"""The bots' worker's entry point (static/host/bots.js starts it once a bot's move proved slow): `think` works
out a bot's move for the table's worker, so a bot thinking never keeps a tap waiting; `judge` a part
of a review during the game, so the review at the end is soon ready."""
from ludotheque.web.thinker import judge, start, think

__export__ = ["judge", "start", "think"]
