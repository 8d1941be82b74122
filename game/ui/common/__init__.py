"""Shared pieces of every screen: colours, widgets, the camera, the art, the animated view of a battle, its words."""
