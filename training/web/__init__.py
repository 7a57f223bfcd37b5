"""``doubloon serve``: play any game in the browser against bots, trained agents or Jean.

One job per module: ``match`` (a game in play, its checked moves), ``store`` (the games
held, bounded), ``view`` (what a seat's page reads), ``app`` (the Starlette endpoints),
``page`` (the HTML and script), ``server`` (uvicorn, the address and its warning).
Starlette and uvicorn are the ``web`` extra (``pip install 'doubloon[web]'``).
"""
