"""Middleware of the site as a whole (the ASGI server's needs)."""


class SyncMiddlewareChain:
    """Keeps the whole middleware chain synchronous under ASGI: the last (innermost) middleware.

    Django adapts each middleware to the mode of the one inside it. With any sync-only one in the
    list (WhiteNoise, the hostile-input check) and async-capable ones around it, a request hops
    between the event loop and a thread at each change of mode, and each MiddlewareMixin in
    async mode hops again for its own hooks: ~1 ms a request on this 2-core machine. Sync-only
    and innermost, this makes every middleware run in one thread per request, as under WSGI; an
    async view (the board's event stream) is still awaited on the event loop.
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
