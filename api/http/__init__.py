"""The HTTP API (Flask, flask-smorest) and ``referee serve``: the app, its routes and OpenAPI, keys,
the cut, reviews, pairing a phone, how it meets clients."""
