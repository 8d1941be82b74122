"""Quick battle (issue 20): a generated field, an army bought to a budget, deployment, then the
battle. `choices` and `army_lists` are what is remembered between runs, `field` makes the map
the battle is played on; `setup`, `army` and `deploy` are the three screens before it."""
