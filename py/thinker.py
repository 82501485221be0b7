"""The bots' worker's entry point (static/host.js starts it once the app is ready): `think` works
out a bot's move for the table's worker, so a bot thinking never keeps a tap waiting."""
from ludotheque.web.thinker import start, think

__export__ = ["start", "think"]
