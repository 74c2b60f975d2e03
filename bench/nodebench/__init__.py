"""Several nodes behind HAProxy for bench/nodes.py and tests/stack/.

cluster: the nodes (gunicorn, Daphne, Celery worker with beat each), HAProxy
on deploy/haproxy.cfg, the database and Redis, built on bench/loadbench/stack.py.
"""
