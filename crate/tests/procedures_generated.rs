//! The files written from the procedure definitions (`turnkeeper::procedures::registry`): the
//! facade's TypeScript types and call lists (`js-package/src/core/procedures-generated.ts`) and
//! the docs' list of procedures (`docs/procedures.md`). Each name, its input and result types
//! and its rule IDs are written once, in the definition; these files are made from it.
//!
//! The test fails when a checked-in file differs from what the definitions give. To rewrite
//! them: `TURNKEEPER_BLESS_GENERATED=1 cargo test -q --test procedures_generated`.

use std::fmt::Write as _;
use std::path::Path;

use turnkeeper::exploration::procedures::{CATALOGUE, DESCRIPTIONS_CATALOGUE};
use turnkeeper::procedures::registry::{Description as Procedure, Facade};

const TS_FILE: &str = "js-package/src/core/procedures-generated.ts";
const DOCS_FILE: &str = "docs/procedures.md";

/// Every procedure's description, in catalogue order.
fn all() -> Vec<&'static Procedure> {
    DESCRIPTIONS_CATALOGUE
        .iter()
        .flat_map(|t| t.iter())
        .collect()
}

/// A Rust type as `stringify!` wrote it, split into identifiers and punctuation.
fn tokens(rust: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in rust.chars() {
        if c.is_alphanumeric() || c == '_' || c == '\'' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    // `a :: b` → one path; keep only its last segment.
    let mut merged: Vec<String> = Vec::new();
    let mut i = 0;
    while i < out.len() {
        if out[i] == ":" && out.get(i + 1).is_some_and(|t| t == ":") {
            merged.pop();
            i += 2;
            continue;
        }
        merged.push(out[i].clone());
        i += 1;
    }
    merged
}

/// One Rust type (from `tokens[*at]`) as TypeScript.
fn ts_type(tokens: &[String], at: &mut usize) -> String {
    let t = tokens[*at].clone();
    *at += 1;
    if t == "&" {
        if tokens[*at].starts_with('\'') {
            *at += 1;
        }
        return ts_type(tokens, at);
    }
    if t == "[" {
        let inner = ts_type(tokens, at);
        assert_eq!(tokens[*at], "]");
        *at += 1;
        return array(&inner);
    }
    let mut args = Vec::new();
    if tokens.get(*at).is_some_and(|n| n == "<") {
        *at += 1;
        loop {
            args.push(ts_type(tokens, at));
            let sep = tokens[*at].clone();
            *at += 1;
            if sep == ">" {
                break;
            }
            assert_eq!(sep, ",", "{tokens:?}");
        }
    }
    match (t.as_str(), args.as_slice()) {
        ("Vec", [inner]) => array(inner),
        ("Option", [inner]) => format!("{inner} | undefined"),
        ("bool", []) => "boolean".into(),
        ("String" | "str", []) => "string".into(),
        (
            "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "f32" | "f64",
            [],
        ) => "number".into(),
        ("NoInput", []) => "Record<string, never>".into(),
        (name, []) => format!("W.{name}"),
        (name, args) => format!("W.{name}<{}>", args.join(", ")),
    }
}

fn array(inner: &str) -> String {
    if inner.contains(' ') {
        format!("({inner})[]")
    } else {
        format!("{inner}[]")
    }
}

/// A Rust type as TypeScript, the wasm module's types under `W.`.
fn ts(rust: &str) -> String {
    let tokens = tokens(rust);
    let mut at = 0;
    let out = ts_type(&tokens, &mut at);
    assert_eq!(at, tokens.len(), "{rust}: {tokens:?}");
    out
}

/// A facade input type (`Omit<RunningInput, "turns">`): its type names under `W.`, TypeScript's
/// own (`Omit`, `Pick`) and the contents of string literals as they are.
fn ts_written(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            in_string = c != '"';
            out.push(c);
            continue;
        }
        if c == '"' {
            in_string = true;
            out.push(c);
            continue;
        }
        if c.is_ascii_uppercase() && !out.ends_with(|p: char| p.is_alphanumeric() || p == '.') {
            let mut word = c.to_string();
            while let Some(&n) = chars.peek().filter(|n| n.is_alphanumeric()) {
                word.push(n);
                chars.next();
            }
            if !matches!(word.as_str(), "Omit" | "Pick" | "Partial" | "Record") {
                out.push_str("W.");
            }
            out.push_str(&word);
            continue;
        }
        out.push(c);
    }
    out
}

fn input_ts(p: &Procedure) -> String {
    p.ts_input.map_or_else(|| ts(p.input), ts_written)
}

/// The doc comment's text: rule IDs, then what it does.
fn doc_text(p: &Procedure) -> String {
    let doc = p.doc.lines().map(str::trim).collect::<Vec<_>>().join("\n");
    let rules = p.rules.join(", ");
    match (rules.is_empty(), doc.is_empty()) {
        (true, _) => doc,
        (false, true) => rules,
        (false, false) => format!("{rules}: {doc}"),
    }
}

fn jsdoc(out: &mut String, indent: &str, text: &str) {
    if text.is_empty() {
        return;
    }
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() == 1 {
        let _ = writeln!(out, "{indent}/** {} */", lines[0]);
    } else {
        let _ = writeln!(out, "{indent}/**");
        for line in lines {
            let _ = writeln!(out, "{indent} * {line}");
        }
        let _ = writeln!(out, "{indent} */");
    }
}

/// One call's signature: `reaction(input?: W.ReactionInput, dice?: Dice): W.ReactionRoll;`.
fn signature(p: &Procedure, short: &str) -> String {
    let result = ts(p.result);
    let dice = if p.rolls || p.facade == Facade::LegacyDice {
        ", dice?: Dice"
    } else {
        ""
    };
    if p.input == "NoInput" {
        return if p.rolls {
            format!("{short}(input?: Record<string, never>{dice}): {result};")
        } else {
            format!("{short}(): {result};")
        };
    }
    let optional = if p.facade == Facade::OptionalInput {
        "?"
    } else {
        ""
    };
    format!("{short}(input{optional}: {}{dice}): {result};", input_ts(p))
}

/// The interface of one ruleset's generated calls, dotted names nested.
fn calls_interface(out: &mut String, ruleset: &str, name: &str, doc: &str) {
    let calls: Vec<&Procedure> = all()
        .into_iter()
        .filter(|p| p.name.split('.').next() == Some(ruleset) && p.facade != Facade::ByHand)
        .collect();
    jsdoc(out, "", doc);
    let _ = writeln!(out, "export interface {name} {{");
    let mut done = Vec::new();
    for p in &calls {
        let parts: Vec<&str> = p.name.split('.').collect();
        match parts.as_slice() {
            [_, call] => {
                jsdoc(out, "  ", &doc_text(p));
                let _ = writeln!(out, "  {}", signature(p, call));
            }
            [_, group, _] if !done.contains(group) => {
                done.push(*group);
                let doc = p.group_doc.unwrap_or_default();
                jsdoc(
                    out,
                    "  ",
                    &doc.lines().map(str::trim).collect::<Vec<_>>().join("\n"),
                );
                let _ = writeln!(out, "  {group}: {{");
                for q in &calls {
                    if let [_, g, call] = q.name.split('.').collect::<Vec<_>>().as_slice()
                        && g == group
                    {
                        jsdoc(out, "    ", &doc_text(q));
                        let _ = writeln!(out, "    {}", signature(q, call));
                    }
                }
                let _ = writeln!(out, "  }};");
            }
            [_, _, _] => {}
            _ => panic!("{}: one or two dots", p.name),
        }
    }
    let _ = writeln!(out, "}}\n");
}

/// What a generated call does with an input left out, as each call always has: the A5E calls
/// and the exploration rules (one generic wrapper from the start) take `undefined` and `null` as
/// an empty input; the other OSE and HYB calls pass what they are given, unless their input
/// may be left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leftout {
    Given,
    Optional,
    Lenient,
}

fn leftout(p: &Procedure) -> Leftout {
    let exploration = DESCRIPTIONS_CATALOGUE
        .last()
        .is_some_and(|t| t.iter().any(|q| q.name == p.name));
    if p.name.starts_with("a5e.") || exploration {
        Leftout::Lenient
    } else if p.facade == Facade::OptionalInput {
        Leftout::Optional
    } else {
        Leftout::Given
    }
}

fn typescript() -> String {
    let mut out = String::from(
        "// Generated from the procedure definitions (crate/src/procedures/*/procedures.rs and\n\
         // crate/src/exploration/procedures.rs) by crate/tests/procedures_generated.rs: do not\n\
         // edit. Rewrite with `TURNKEEPER_BLESS_GENERATED=1 cargo test -q --test procedures_generated`.\n\
         import type * as W from \"../wasm/procedures.js\";\n\
         import type { Dice } from \"./dice.js\";\n\n",
    );
    out.push_str("/** Every procedure by name: its input and its result. */\nexport interface ProcedureTypes {\n");
    for p in all() {
        let _ = writeln!(
            out,
            "  \"{}\": {{ input: {}; result: {} }};",
            p.name,
            input_ts(p),
            ts(p.result)
        );
    }
    out.push_str(
        "}\n\n/** A procedure's name. */\nexport type ProcedureName = keyof ProcedureTypes;\n\n",
    );
    calls_interface(
        &mut out,
        "ose",
        "OseProcedureCalls",
        "The generated calls of the `ose` namespace (the pursuits and the morale tracker are classes beside them).",
    );
    calls_interface(
        &mut out,
        "hyb",
        "HybProcedureCalls",
        "The generated calls of the `hyb` namespace (`hyb.morale` takes its trigger apart, beside them).",
    );
    calls_interface(
        &mut out,
        "a5e",
        "A5eProcedures",
        "Level Up Advanced 5e procedures (docs/rules.md §2). Functions that roll take an optional `dice`\n(crypto dice when omitted); tables take nothing.",
    );
    out.push_str(
        "/**\n * The names each namespace's generated calls are built from (dotted names nest), by what a\n \
         * left-out input becomes: `given` passes it as it is (so `undefined` and `null` are refused),\n \
         * `optional` makes `undefined` an empty input, and `lenient` makes `undefined` and `null` one.\n \
         */\nexport const PROCEDURE_CALLS = {\n",
    );
    for ruleset in ["ose", "hyb", "a5e"] {
        let _ = writeln!(out, "  {ruleset}: {{");
        for (kind, of_kind) in [
            ("given", Leftout::Given),
            ("optional", Leftout::Optional),
            ("lenient", Leftout::Lenient),
        ] {
            let names: Vec<String> = all()
                .into_iter()
                .filter(|p| {
                    p.name.split('.').next() == Some(ruleset)
                        && p.facade != Facade::ByHand
                        && leftout(p) == of_kind
                })
                .map(|p| format!("\"{}\"", &p.name[ruleset.len() + 1..]))
                .collect();
            let _ = writeln!(out, "    {kind}: [{}],", names.join(", "));
        }
        out.push_str("  },\n");
    }
    out.push_str("} as const;\n");
    out
}

fn markdown() -> String {
    let mut out = String::from(
        "# Procedures\n\n\
         Every rule procedure the package runs by name, generated from the definitions beside the\n\
         rules (`crate/src/procedures/*/procedures.rs`, `crate/src/exploration/procedures.rs`) by\n\
         `crate/tests/procedures_generated.rs`; do not edit by hand. In JavaScript each is a call of\n\
         the `ose`, `hyb` or `a5e` namespace (`ose.evasion.dungeon(input)` for\n\
         `ose.evasion.dungeon`), or `runProcedure(name, input, dice?)`. Types are the package's\n\
         TypeScript types; \"rolls\" marks the procedures that take dice. Rule IDs are those of\n\
         [rules.md](rules.md).\n",
    );
    for (ruleset, title) in [
        ("ose", "Old-School Essentials (`ose`)"),
        ("hyb", "OSR/5e hybrid (`hyb`)"),
        ("a5e", "Level Up Advanced 5e (`a5e`)"),
    ] {
        let _ = write!(
            out,
            "\n## {title}\n\n| Name | Input | Result | Rolls | Rules | What it does |\n|---|---|---|---|---|---|\n"
        );
        for p in all()
            .into_iter()
            .filter(|p| p.name.split('.').next() == Some(ruleset))
        {
            let cell = |s: String| s.replace("W.", "").replace('|', "\\|").replace('\n', " ");
            let doc = p.doc.lines().map(str::trim).collect::<Vec<_>>().join(" ");
            let _ = writeln!(
                out,
                "| `{}` | `{}` | `{}` | {} | {} | {} |",
                p.name,
                cell(input_ts(p)),
                cell(ts(p.result)),
                if p.rolls { "yes" } else { "" },
                p.rules.join(", "),
                cell(doc)
            );
        }
    }
    out
}

fn check(path: &str, text: &str) {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    if std::env::var_os("TURNKEEPER_BLESS_GENERATED").is_some() {
        std::fs::write(&full, text).unwrap_or_else(|e| panic!("{path}: {e}"));
        return;
    }
    let on_disk = std::fs::read_to_string(&full).unwrap_or_default();
    assert!(
        on_disk == text,
        "{path} is stale: it differs from what the procedure definitions give. Rewrite it with \
         `TURNKEEPER_BLESS_GENERATED=1 cargo test -q --test procedures_generated` and commit it."
    );
}

#[test]
fn the_facades_procedure_types_are_generated_from_the_definitions() {
    check(TS_FILE, &typescript());
}

#[test]
fn the_docs_list_of_procedures_is_generated_from_the_definitions() {
    check(DOCS_FILE, &markdown());
}

/// Each name is defined once, is `ruleset.call` or `ruleset.group.call`, and has rule IDs.
#[test]
fn every_name_is_defined_once_with_its_rules() {
    let procedures = all();
    assert_eq!(procedures.len(), 178);
    for (i, p) in procedures.iter().enumerate() {
        assert!(
            !procedures[..i].iter().any(|q| q.name == p.name),
            "{} twice",
            p.name
        );
        let parts: Vec<&str> = p.name.split('.').collect();
        assert!(
            matches!(parts.first(), Some(&("ose" | "hyb" | "a5e")))
                && (2..=3).contains(&parts.len()),
            "{}",
            p.name
        );
        assert!(!p.rules.is_empty(), "{} names no rule", p.name);
    }
    // The tables that run are the tables described, name for name.
    let run: Vec<&str> = CATALOGUE
        .iter()
        .flat_map(|t| t.iter())
        .map(|p| p.name)
        .collect();
    let described: Vec<&str> = procedures.iter().map(|p| p.name).collect();
    assert_eq!(run, described);
}

#[test]
fn rust_types_read_as_typescript() {
    assert_eq!(ts("Vec < Option < u32 > >"), "(number | undefined)[]");
    assert_eq!(ts("& 'static [SizeRow]"), "W.SizeRow[]");
    assert_eq!(
        ts("StateStep < WorldFeatureState, Option < RechargeRoll > >"),
        "W.StateStep<W.WorldFeatureState, W.RechargeRoll | undefined>"
    );
    assert_eq!(ts("crate :: clock :: LightLevel"), "W.LightLevel");
    assert_eq!(
        ts_written("Omit<A5eGroundInput, \"creature\" | \"target\">"),
        "Omit<W.A5eGroundInput, \"creature\" | \"target\">"
    );
    assert_eq!(
        ts_written("{ budget: MovementBudget } & { step: MoveStep }"),
        "{ budget: W.MovementBudget } & { step: W.MoveStep }"
    );
}
