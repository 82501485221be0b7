"""The page's entry point: start the app once Pyodide has loaded the ludotheque package."""
from ludotheque.web import app

app.start()
