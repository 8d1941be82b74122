"""Rout: a tactical grid battle game under AD&D 2e Combat & Tactics-style rules."""
