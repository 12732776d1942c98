"""The documents: reading JSON, loading a document (the fast path, else the variant's schema of
record in ``schemas/``), ruling it, cutting it, and the error lines every way in shares."""
