"""``referee audit``: the run (processes or Dask), the work of one item, duplicates, the exit
status and the --html page."""
