"""The database's migrations (Alembic), run by :class:`ulti.server.store.Store` when it opens a
database: ``env.py`` takes the open connection from the config's ``attributes``; there is no
``alembic.ini``.  Each revision is frozen once released: a change of the schema is a new
revision in ``versions/``."""
