"""The load benchmark behind bench/load.py (see its docstring).

stack: servers, database, Redis, cleanup; cpu: their CPU time; client:
HTTP and socket plumbing; turns: the API turn loop and minimal commit;
fanout: spectators and lobby; report: percentiles, printing, goals; run:
the phases in order. Imported by the started servers too (server_settings,
server_urls, fixtures), so this file imports nothing.
"""
