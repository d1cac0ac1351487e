"""Writes of the games app, one module per thing it does (in the style of Zulip's `actions/`).

decks: saved and ready-made decks. challenges: create, accept, decline, start a duel.
moves: the move path (submit, resolve, requeue) and resigning. bots: the bot seat's turn.
clocks: more time, vacations, losing on time. notifications: the site's notices and e-mails.
duel_state: writing a duel's new state (shared). workers: task messages and the heartbeat.
players: profiles. Refusals are `games.errors.DuelError`.
"""
