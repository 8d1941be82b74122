"""Battles played on without the window: the batch runner, games on generated fields and on a
cluster, lessons followed, and many games added up."""
