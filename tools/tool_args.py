"""A tool's command line: its module docstring is its --help, and an argument it does not take
is a one-line usage error before anything is written (a tool run with `--help` once wrote its
pictures into a folder named `--help`)."""

from __future__ import annotations

import argparse


def parser(doc: str | None) -> argparse.ArgumentParser:
    return argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
