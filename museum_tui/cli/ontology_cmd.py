"""`museum-tui ontology check PATH` and `museum-tui ontology show [PATH]`."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from museum_tui import config
from museum_tui.memory import PERSISTENCE_CLASSES, TIER, Ontology, OntologyError, load_ontology
from museum_tui.safetext import one_line, plural


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("ontology", help="check or show an ontology (what the assistant can remember)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check", help="validate an ontology file and the venue file it names (every cross-reference); exit 1 on errors"
    )
    check.add_argument("path", type=Path)
    check.set_defaults(handler=check_cmd)
    show = actions.add_parser("show", help="list the concepts the assistant can remember")
    show.add_argument("path", type=Path, nargs="?", help="default: the bundled museum ontology")
    show.set_defaults(handler=show_cmd)


def check_cmd(args: argparse.Namespace) -> int:
    try:
        onto = load_ontology(args.path)
    except OntologyError as exc:
        print(f"{args.path}: {plural(len(exc.problems), 'error')}", file=sys.stderr)
        for problem in exc.problems:
            print(f"  error: {one_line(str(problem))}", file=sys.stderr)
        return 1
    from museum_tui.extraction import check_cues

    cue_problems = check_cues(onto)
    if cue_problems:
        print(f"{args.path}: {plural(len(cue_problems), 'error')} in extractor cues", file=sys.stderr)
        for problem in cue_problems:
            print(f"  error: {one_line(problem)}", file=sys.stderr)
        return 1
    venue_line = ""
    if onto.venue:
        from museum_tui.concierge import VenueError, check_venue

        try:
            venue, agents = check_venue(onto)
        except VenueError as exc:
            print(f"{args.path}: {plural(len(exc.problems), 'error')} in the venue file", file=sys.stderr)
            for problem in exc.problems:
                print(f"  error: {one_line(problem, 300)}", file=sys.stderr)
            return 1
        venue_line = (
            f"; venue {venue.source.name if venue.source else ''}: OK, {plural(len(venue.exhibitions), 'exhibition')}, "
            f"{plural(len(agents), 'agent')}"
        )
    for warning in onto.warnings:
        print(f"  warning: {one_line(str(warning))}", file=sys.stderr)
    tiers = Counter(c.persistence_class for c in onto.concepts.values())
    summary = ", ".join(f"{tiers[c]} {c}" for c in PERSISTENCE_CLASSES if tiers[c])
    print(
        f"{args.path}: OK, {len(onto.concepts)} concepts ({summary}), "
        f"{plural(len(onto.warnings), 'warning')}{venue_line}"
    )
    print(f"  {cue_sources(onto)}")
    return 0


def cue_sources(onto: Ontology) -> str:
    """Where the built-in extractor's cues for each concept come from: an author cannot see it otherwise
    (the lexicon, cues borrowed by meaning from the shipped museum's shared needs, or labels and examples)."""
    from museum_tui.extraction.borrowed import borrowed_cues

    own = sorted(cid for cid, c in onto.concepts.items() if c.cues)
    borrowed = sorted(borrowed_cues(onto))
    bare = sorted(set(onto.concepts) - set(own) - set(borrowed))
    source = onto.lexicon_source.name if onto.lexicon_source else "no lexicon file"
    parts = [f"cues: {len(own)} concept(s) from {source}"]
    if borrowed:
        parts.append(f"{len(borrowed)} borrowed by meaning from the shipped museum ({', '.join(borrowed)})")
    if bare:
        parts.append(f"{len(bare)} read from labels and examples only ({', '.join(bare)})")
    return "; ".join(parts)


def show_cmd(args: argparse.Namespace) -> int:
    path = args.path or config.default_ontology_path()
    try:
        onto = load_ontology(path)
    except OntologyError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    title = onto.name or path.name
    print(f"What the assistant can remember ({title}, {len(onto.concepts)} concepts):")
    for cls in PERSISTENCE_CLASSES:
        concepts = [c for c in onto.concepts.values() if c.persistence_class == cls]
        if not concepts:
            continue
        tier = TIER[cls]
        print(f"\n{tier.title}: {'kept across visits' if tier.kept else 'this visit only'}, {tier.pace}")
        for c in concepts:
            flags = " · sensitive" if c.sensitive else ""
            count = "any number" if c.cardinality is None else f"up to {c.cardinality}"
            print(f"  {c.id}: {one_line(c.short_label)} ({count}, {c.eviction}{flags})")
            if c.examples:
                print(f"      e.g. {one_line('; '.join(c.examples), 100)}")
    return 0
