#!/usr/bin/env python3
"""Extract every roll formula from a Foundry VTT system's compendium sources.

    python3 scripts/extract-foundry-formulas.py SYSTEM GIT_DIR [REV] > tests/fixtures/foundry/SYSTEM-formulas.json

SYSTEM is one of `dnd5e` (github.com/foundryvtt/dnd5e, packs/_source/**/*.yml), `a5e`
(github.com/Pjb518/FoundryVTT-Level-Up-Official, packs/**/*.json) or `ose` (the Old-School
Essentials system, github.com/vttred/ose, ships no compendium; its community content module
github.com/vttred/ose-content, packs/*.db, is read instead). GIT_DIR is a clone (bare or not) of
that repository, REV a commit (default HEAD). The files are read with `git show`, so no work tree
is needed. Needs PyYAML for dnd5e.

The output lists each distinct formula once, with the fields it was found in, how many times, and
one file holding it. Which fields are formulas is decided per system below, from the system's own
data models (dnd5e: every `FormulaField` and damage part; a5e: roll, damage, healing, uses and
consumer formulas; ose: roll, damage and hit dice), plus inline rolls written in any text
(`[[/r 1d6 + 2]]`, `[[1d6]]`), which Foundry itself reads as roll formulas. The test
`crate/tests/dice_foundry_formulas.rs` rolls every one.
"""

import html
import json
import re
import subprocess
import sys
from collections import defaultdict


def git(git_dir, *args):
    return subprocess.run(
        ["git", "-C", git_dir, *args], capture_output=True, text=True, check=True
    ).stdout


def blobs(git_dir, rev, prefix, suffix):
    """(path, text) of every file under `prefix` ending in `suffix`, read in one `git cat-file`."""
    listing = git(git_dir, "ls-tree", "-r", rev, prefix).split("\n")
    wanted = []
    for line in listing:
        if not line:
            continue
        meta, path = line.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind == "blob" and path.endswith(suffix):
            wanted.append((path, sha))
    proc = subprocess.run(
        ["git", "-C", git_dir, "cat-file", "--batch"],
        input="".join(f"{sha}\n" for _, sha in wanted).encode(),
        capture_output=True,
        check=True,
    )
    out, at = proc.stdout, 0
    for path, _ in wanted:
        header_end = out.index(b"\n", at)
        size = int(out[at:header_end].split()[2])
        body = out[header_end + 1 : header_end + 1 + size]
        at = header_end + 1 + size + 1
        yield path, body.decode("utf-8")


def leaves(value, path=()):
    """Every (path, value) of a JSON-like tree; list levels are left out of the path."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (str(key),))
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item, path)
    else:
        yield path, value


def nodes(value, path=()):
    """Every dict of a tree with its path (list levels left out)."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from nodes(item, path + (str(key),))
    elif isinstance(value, list):
        for item in value:
            yield from nodes(item, path)


# Inline rolls: `[[/r formula # flavor]]`, `[[/roll …]]`, `[[/gmr …]]`, `[[/br …]]`,
# `[[/sr …]]`, and `[[formula]]`. Enrichers such as `[[/damage …]]` or `[[lookup …]]` have their
# own syntax and are not roll formulas.
ENRICHER = re.compile(r"^\s*(/|lookup\b|@)")


def inline_rolls(text):
    for m in re.finditer(r"\[\[(.*?)\]\]", text):
        inner = m.group(1)
        command = re.match(r"/(r|roll|gmr|br|sr|publicroll|gmroll|blindroll|selfroll)\s+(.*)$", inner, re.S)
        if command:
            formula = command.group(2)
        elif ENRICHER.match(inner):
            continue
        else:
            formula = inner
        # Rich text keeps `>` as `&gt;`; Foundry reads the text, not the markup.
        formula = html.unescape(formula.split("#", 1)[0]).strip()
        # `[["1d6", "cold"]]` is a JSON list of damage parts (old effect values), not a roll.
        if formula and not formula.startswith('"'):
            yield formula


class Collector:
    def __init__(self):
        self.found = defaultdict(lambda: {"fields": set(), "count": 0, "example": None})
        self.fields = defaultdict(int)

    def add(self, formula, field, where):
        if not isinstance(formula, str):
            return
        formula = formula.strip()
        if not formula:
            return
        entry = self.found[formula]
        entry["fields"].add(field)
        entry["count"] += 1
        if entry["example"] is None:
            entry["example"] = where
        self.fields[field] += 1

    def inline(self, doc, where):
        for path, value in leaves(doc):
            if isinstance(value, str) and "[[" in value:
                for formula in inline_rolls(value):
                    self.add(formula, "inline roll", where)

    def output(self, source):
        formulas = [
            {
                "formula": f,
                "fields": sorted(e["fields"]),
                "count": e["count"],
                "example": e["example"],
            }
            for f, e in sorted(self.found.items())
        ]
        return {
            "source": source,
            "fields": dict(sorted(self.fields.items())),
            "distinct": len(formulas),
            "occurrences": sum(e["count"] for e in formulas),
            "formulas": formulas,
        }


# ---- dnd5e ----

def dnd5e_field(path):
    """The dnd5e field name of a leaf path, with ids, abilities and skills as `*`; None when the
    field is not a formula. `items.` (items inside actors) is left out."""
    parts = list(path)
    while parts and parts[0] == "items":
        parts = parts[1:]
    name = ".".join(parts)
    name = re.sub(r"\bactivities\.[^.]+", "activities.*", name)
    name = re.sub(r"\badvancement\.[^.]+", "advancement.*", name)
    name = re.sub(r"\b(abilities|skills|tools)\.[^.]+", r"\1.*", name)
    name = re.sub(r"\bdm\.amount\.[^.]+", "dm.amount.*", name)
    for pattern in DND5E_FIELDS:
        if re.fullmatch(pattern, name):
            return name
    return None


# Every `FormulaField` of dnd5e's data models (module/data/**), as paths in the documents.
DND5E_FIELDS = [
    # activities
    r"system\.activities\.\*\.attack\.bonus",
    r"system\.activities\.\*\.damage\.critical\.bonus",
    r"system\.activities\.\*\.consumption\.scaling\.max",
    r"system\.activities\.\*\.consumption\.targets\.value",
    r"system\.activities\.\*\.consumption\.targets\.scaling\.formula",
    r"system\.activities\.\*\.(check|save)\.dc\.formula",
    r"system\.activities\.\*\.bonuses\.(ac|hd|hp|attackDamage|saveDamage|healing)",
    r"system\.activities\.\*\.profiles\.(count|cr)",
    r"system\.activities\.\*\.tempHP",
    r"system\.activities\.\*\.roll\.formula",
    r"system\.activities\.\*\.uses\.(max|recovery\.formula)",
    r"system\.activities\.\*\.(duration|range)\.value",
    r"system\.activities\.\*\.target\.(template\.(count|size|width|height)|affects\.count)",
    # items
    r"system\.uses\.(max|recovery\.formula)",
    r"system\.(duration|range)\.value",
    r"system\.target\.(template\.(count|size|width|height)|affects\.count)",
    r"system\.(armor\.)?magicalBonus",
    r"system\.spellcasting\.preparation\.formula",
    r"system\.wealth",
    r"system\.bonus",
    r"system\.hd\.additional",
    r"system\.advancement\.\*\.configuration\.spell\.uses\.max",
    r"system\.advancement\.\*\.spell\.uses\.max",
    # actors
    r"system\.attributes\.hp\.(formula|bonuses\.(level|overall))",
    r"system\.attributes\.death\.bonuses\.save",
    r"system\.attributes\.ac\.formula",
    r"system\.attributes\.init\.bonus",
    r"system\.attributes\.concentration\.bonuses\.save",
    r"system\.attributes\.movement\.(walk|burrow|climb|fly|swim|bonus)",
    r"system\.abilities\.\*\.bonuses\.(check|save)",
    r"system\.bonuses\.abilities\.(check|save|skill)",
    r"system\.bonuses\.spell\.dc",
    r"system\.bonuses\.(mwak|rwak|msak|rsak)\.(attack|damage)",
    r"system\.skills\.\*\.bonuses\.(check|passive)",
    r"system\.tools\.\*\.bonuses\.check",
    r"system\.traits\.dm\.amount\.\*",
    r"system\.formula",
]

# Damage parts (`DamageField`): where they sit.
DND5E_DAMAGE = [
    r"system\.activities\.\*\.damage\.parts",
    r"system\.activities\.\*\.healing",
    r"system\.damage\.(base|versatile)",
]


def dnd5e_damage(part):
    """What dnd5e rolls for a damage part (`DamageData#formula`), and its scaling formula."""
    custom = part.get("custom") or {}
    if custom.get("enabled"):
        formula = custom.get("formula") or ""
    else:
        number, denomination, bonus = part.get("number"), part.get("denomination"), part.get("bonus")
        formula = f"{number}d{denomination}" if number and denomination else ""
        if bonus:
            formula = f"{formula} + {bonus}" if formula else str(bonus)
    scaling = (part.get("scaling") or {}).get("formula") or ""
    return formula, scaling


# Effect changes name a field as `system.…` or `activities[type].…`.
def dnd5e_change_field(key):
    key = re.sub(r"^activities\[[^\]]*\]\.", "system.activities.*.", key)
    return dnd5e_field(tuple(key.split(".")))


def extract_dnd5e(git_dir, rev):
    import yaml

    out = Collector()
    for name, text in blobs(git_dir, rev, "packs/_source", ".yml"):
        if name.endswith("_folder.yml"):
            continue
        doc = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        if not isinstance(doc, dict):
            continue
        for path, value in leaves(doc):
            field = dnd5e_field(path)
            if field is not None:
                out.add(value, field, name)
        for path, node in nodes(doc):
            parts = list(path)
            while parts and parts[0] == "items":
                parts = parts[1:]
            where = re.sub(r"\bactivities\.[^.]+", "activities.*", ".".join(parts))
            if any(re.fullmatch(p, where) for p in DND5E_DAMAGE) and isinstance(node, dict):
                formula, scaling = dnd5e_damage(node)
                out.add(formula, f"{where} (damage part)", name)
                out.add(scaling, f"{where}.scaling.formula", name)
            # Active effect changes on formula fields.
            if "changes" in node and isinstance(node["changes"], list):
                for change in node["changes"]:
                    if isinstance(change, dict) and isinstance(change.get("key"), str):
                        field = dnd5e_change_field(change["key"])
                        if field is not None:
                            out.add(str(change.get("value", "")), f"effect change {field}", name)
        # Roll tables.
        if isinstance(doc.get("results"), list) and isinstance(doc.get("formula"), str):
            out.add(doc["formula"], "table formula", name)
        out.inline(doc, name)
    return out, "packs/_source/**/*.yml"


# ---- a5e ----

A5E_FIELDS = [
    r"system\.actions\.\*\.rolls\.\*\.(formula|bonus|scaling\.formula)",
    r"system\.actions\.\*\.prompts\.\*\.saveDC\.bonus",
    r"system\.actions\.\*\.consumers\.\*\.formula",
    r"system\.actions\.\*\.uses\.(max|recharge\.formula)",
    r"system\.uses\.(max|recharge\.formula)",
    r"system\.resources\.\w+\.(max|recharge\.formula)",
    r"system\.(attributes\.)?ac\.(baseFormula|formula)",
    r"system\.attributes\.initiative\.bonus",
    r"system\.spellcasting\.maxPreparedFormula",
    r"system\.bonuses\.\w+\.\*\.formula",
]


def a5e_field(path):
    parts = list(path)
    while parts and parts[0] == "items":
        parts = parts[1:]
    name = ".".join(parts)
    name = re.sub(r"\b(actions|rolls|consumers|prompts)\.[^.]+", r"\1.*", name)
    name = re.sub(r"\bbonuses\.(\w+)\.[^.]+", r"bonuses.\1.*", name)
    for pattern in A5E_FIELDS:
        if re.fullmatch(pattern, name):
            return name
    return None


def extract_a5e(git_dir, rev):
    out = Collector()
    for name, text in blobs(git_dir, rev, "packs", ".json"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError:
            continue
        if not isinstance(doc, dict):
            continue
        for path, value in leaves(doc):
            field = a5e_field(path)
            if field is not None:
                out.add(value, field, name)
        for path, node in nodes(doc):
            if isinstance(node.get("changes"), list):
                for change in node["changes"]:
                    key = change.get("key") if isinstance(change, dict) else None
                    if isinstance(key, str) and re.search(r"bonus|formula", key, re.I):
                        value = str(change.get("value", ""))
                        # Only what reads as a formula: A5E also keeps labels and JSON there.
                        if re.fullmatch(r"[-+*/()@\w.\s,\[\]]+", value) and not re.fullmatch(r"[A-Za-z]+", value):
                            out.add(value, f"effect change {key}", name)
        if isinstance(doc.get("results"), list) and isinstance(doc.get("formula"), str):
            out.add(doc["formula"], "table formula", name)
        out.inline(doc, name)
    return out, "packs/**/*.json"


# ---- ose (ose-content) ----

OSE_FIELDS = [
    r"data\.roll",
    r"data\.damage",
    r"data\.hp\.hd",
    r"data\.bonus",
    r"formula",
]


def extract_ose(git_dir, rev):
    out = Collector()
    for name, text in blobs(git_dir, rev, "packs", ".db"):
        for line in text.split("\n"):
            if not line.strip():
                continue
            try:
                doc = json.loads(line)
            except json.JSONDecodeError:
                continue
            for path, value in leaves(doc):
                parts = list(path)
                while parts and parts[0] == "items":
                    parts = parts[1:]
                field = ".".join(parts)
                if field == "formula" and not isinstance(doc.get("results"), list):
                    continue
                if any(re.fullmatch(p, field) for p in OSE_FIELDS):
                    out.add(value if isinstance(value, str) else None, field, name)
            out.inline(doc, name)
    return out, "packs/*.db"


SYSTEMS = {
    "dnd5e": ("foundryvtt/dnd5e", extract_dnd5e),
    "a5e": ("Pjb518/FoundryVTT-Level-Up-Official", extract_a5e),
    "ose": ("vttred/ose-content", extract_ose),
}


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in SYSTEMS:
        sys.exit(__doc__)
    system, git_dir = sys.argv[1], sys.argv[2]
    rev = sys.argv[3] if len(sys.argv) == 4 else "HEAD"
    repository, extract = SYSTEMS[system]
    commit = git(git_dir, "rev-parse", rev).strip()
    out, paths = extract(git_dir, commit)
    source = {
        "repository": f"https://github.com/{repository}",
        "commit": commit,
        "paths": paths,
        "extracted_by": f"python3 scripts/extract-foundry-formulas.py {system} <clone> {commit}",
    }
    json.dump(out.output(source), sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
