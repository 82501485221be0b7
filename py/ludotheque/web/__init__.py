"""The page: the only code that touches the browser (through pyscript/js, imported in events.py and
the modules it names). Pure helpers here (dom, saves, i18n) also run and are tested on CPython."""
