"""Settings per environment, in the style of cookiecutter-django: base.py holds what they share;
local.py (make run, manage.py), test.py (pytest and the workers it starts), production.py.
Empty on purpose: importing config.settings.production must not run the local settings."""
