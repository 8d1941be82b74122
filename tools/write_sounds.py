"""Write the game's sound effects as WAV files, to listen to them without the game.

    python tools/write_sounds.py DIR

The game does not read these files: it synthesises the same effects when its mixer opens
(game/ui/common/sound_synth.py), so no sample ships with it.
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ui.common.sound_synth import MAKERS, samples  # the repository's own game

RATE = 22050


def write(folder: Path) -> list[Path]:
    """One mono 16-bit WAV an effect, named after it; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in MAKERS:
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(samples(name, RATE, 1))
        out.append(path)
    return out


if __name__ == "__main__":
    from tool_args import parser  # beside this script

    ap = parser(__doc__)
    ap.add_argument("folder", type=Path, help="where the sounds go")
    for p in write(ap.parse_args().folder):
        print(p)
