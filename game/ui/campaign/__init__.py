"""Campaigns in the window (issue 40): the campaigns offered, a campaign's graph of battles, the camp
between battles, the deployment, the battle and the debrief."""
