"""The headless campaign (issue 40): a named company carried from battle to battle.

`tables` holds the book's numbers (experience, hit dice, spells by level), `company` the company
and its members as plain values, `advance` experience and levels, `prices` what hiring, healing and
ransom cost, `spec` and `check` a campaign's file, `field` a battle set up with the company in it,
`aftermath` what a battle did to the company, `steward` the AI that decides for the company,
`play` a whole campaign played headless, and `saves` where it stands, kept between battles.
"""
