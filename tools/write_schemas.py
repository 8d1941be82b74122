"""Write the parts of game/data/schemas/*.schema.json that follow from declarations in the code.

    python tools/write_schemas.py          # rewrite them
    python tools/write_schemas.py --check  # exit 1 if a schema is out of date

The rule options (`$defs/options`, and the battle_start event's list of them) come from
game/core/options.py, the end-of-round steps (the end_step event's `step`) from game/core/round_end.py, the
announced conditions (the condition event's `condition`) from their records, game/core/rules/conditions.py.
The rest of each file is written by hand and kept as it is, line for line.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core import options, round_end  # the repository's own game, not an installed one
from game.core.rules import conditions

SCHEMAS = ROOT / "game" / "data" / "schemas"


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def options_block(indent: str) -> str:
    """$defs/options, laid out as the hand-written rest of the file: one option a line."""
    s = options.schema()
    inner = indent + "  "
    props = ",\n".join(f'{inner}  "{k}": {_compact(v)}' for k, v in s["properties"].items())
    head = "".join(f'{inner}"{k}": {_compact(s[k])},\n' for k in ("description", "type", "additionalProperties"))
    return f'{indent}"options": {{\n{head}{inner}"properties": {{\n{props}\n{inner}}}\n{indent}}}'


def written(text: str) -> str:
    """The schema's text with its derived parts as the code declares them now."""
    text = re.sub(
        r'^(?P<i> *)"options": \{\n(?P=i)  "description": "Rule options by name\.",\n.*?\n(?P=i)\}',
        lambda m: options_block(m["i"]),
        text,
        count=1,
        flags=re.MULTILINE | re.DOTALL,
    )
    names = sorted(r.name for r in options.declared())
    text = re.sub(
        r'(?<="\$ref": "#/\$defs/options",\n)(?P<i> *)"required": \[.*?\]',
        lambda m: f'{m["i"]}"required": {_compact(names)}',
        text,
    )
    steps = [str(s.step) for s in round_end.STEPS]
    text = re.sub(r'("step": \{"enum": )\[.*?\]', lambda m: m[1] + _compact(steps), text)
    announced = conditions.announced()
    return re.sub(r'("condition": \{"enum": )\[.*?\]', lambda m: m[1] + _compact(announced), text)


def main(argv: list[str]) -> int:
    stale = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        old = path.read_text(encoding="utf-8")
        new = written(old)
        if new != old:
            stale.append(path.name)
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    if stale:
        print(("out of date: " if "--check" in argv else "wrote ") + ", ".join(stale))
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    ap = parser(__doc__)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a schema is out of date")
    sys.exit(main(["--check"] if ap.parse_args().check else []))
