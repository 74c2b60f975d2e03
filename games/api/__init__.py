"""The JSON API for bots and other clients (Django REST framework).

Thin like the HTML views: each endpoint calls one service or selector. A
match body carries `view` and `legal_moves` exactly as the engine gives them
for the caller's seat, never more. Every error answers `{"detail": str}`
(ErrorSerializer) with a status the schema documents for its endpoint; no
input produces a 500.

Modules: `serializers` (request and response bodies, declared for the
schema), `views` (the endpoints and the bodies they answer), `errors` (the
exception handler and the JSON 404). URLs: games/api_urls.py.
"""
