# SPDX-License-Identifier: GPL-2.0-only
"""Bad input, as every tool in scripts/ answers it: one line naming the
tool, on stderr, and exit status 2."""
import argparse
import sys


def die_as(prog):
    """die(msg) for tool @prog: "prog: msg", exit 2."""
    def die(msg):
        print(f"{prog}: {msg}", file=sys.stderr)
        sys.exit(2)
    return die


def parser_class(die):
    """An ArgumentParser class whose usage errors, its subcommands' too,
    go to @die: one line, not argparse's usage and exit 2."""
    class Parser(argparse.ArgumentParser):
        def error(self, message):
            die(message)
    return Parser
