"""The table page: its Flask blueprint, its static files and template, and the font subset."""
