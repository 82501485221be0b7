"""What the page keeps in the browser's storage, as pure logic over any object with the Web Storage
methods (so it runs and is tested on CPython too): saves, the reading of any stored or imported
value, the keeper of an open game, backups, the people who play here, statistics."""
