"""The bots' worker's entry point (static/host/bots.js starts it once a bot's move proved slow): `think` works
out a bot's move for the table's worker, so a bot thinking never keeps a tap waiting."""
from ludotheque.web.thinker import start, think

__export__ = ["start", "think"]
