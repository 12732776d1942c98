"""The text ruling for a referee at the table, the money line by line, and names made inert."""
