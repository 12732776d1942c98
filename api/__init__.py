"""Every way in from outside: the HTTP app, the command line, the input schemas and the store."""
