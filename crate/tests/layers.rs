//! docs/design.md's layering, enforced: a module of `crate/src` imports only from its own layer or
//! a lower one (the table is in `src/lib.rs`). An upward import is how an encounter type ends
//! up needed by the effect tracker, and the layers stop meaning anything.

use std::fs;
use std::path::Path;

const LAYERS: &[(&str, u8)] = &[
    ("error", 0),
    ("wire", 0),
    ("units", 0),
    ("ids", 0),
    ("ability", 0),
    ("messages", 0),
    ("sorting", 0),
    ("digest", 0),
    ("dice", 1),
    ("engine", 1),
    ("clock", 2),
    ("conditions", 3),
    ("creature", 3),
    ("effects", 4),
    ("initiative", 4),
    ("rulesets", 5),
    ("encounter", 6),
    ("procedures", 7),
    ("exploration", 8),
    ("wasm", 9),
    // Tests only: the digest's oracle replays states of every kind.
    ("digest_oracle", 9),
];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|(_, l)| *l)
}

/// Every `crate::<module>` named in code (comments skipped) of one file.
fn imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

/// The top-level module a file under `src/` belongs to (`lib` for `lib.rs`).
fn top_module(rel: &Path) -> String {
    rel.components()
        .next()
        .and_then(|c| c.as_os_str().to_str())
        .map(|s| s.trim_end_matches(".rs").to_string())
        .expect("top module")
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_imports_from_a_higher_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut upward = Vec::new();
    let mut unknown = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(&src).expect("under src");
        let top = top_module(rel);
        if top == "lib" {
            continue;
        }
        let Some(own) = layer(&top) else {
            unknown.push(top);
            continue;
        };
        let text = fs::read_to_string(path).expect("read file");
        for import in imports(&text) {
            // Names that are not modules (`crate::Error`, `crate::Result`) are root re-exports.
            if layer(&import).is_some_and(|l| l > own) {
                upward.push(format!("{} imports crate::{import}", rel.display()));
            }
        }
    }
    unknown.sort();
    unknown.dedup();
    assert!(
        unknown.is_empty(),
        "modules missing from the layer table: {unknown:?}"
    );
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
}

/// The top-level modules each module imports (itself left out), by module.
fn module_graph() -> Vec<(String, Vec<String>)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut graph: Vec<(String, Vec<String>)> = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(&src).expect("under src");
        let top = top_module(rel);
        if top == "lib" {
            continue;
        }
        let text = fs::read_to_string(path).expect("read file");
        let imported: Vec<String> = imports(&text)
            .into_iter()
            .filter(|m| *m != top && layer(m).is_some())
            .collect();
        match graph.iter_mut().find(|(m, _)| *m == top) {
            Some((_, deps)) => deps.extend(imported),
            None => graph.push((top, imported)),
        }
    }
    for (_, deps) in &mut graph {
        deps.sort();
        deps.dedup();
    }
    graph
}

/// A cycle in `graph` if there is one, as the modules along it.
fn find_cycle(graph: &[(String, Vec<String>)]) -> Option<Vec<String>> {
    fn visit(
        graph: &[(String, Vec<String>)],
        node: &str,
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.iter().any(|m| m == node) {
            return None;
        }
        path.push(node.to_string());
        let deps = graph
            .iter()
            .find(|(m, _)| m == node)
            .map(|(_, d)| d.clone())
            .unwrap_or_default();
        for dep in deps {
            if let Some(cycle) = visit(graph, &dep, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.push(node.to_string());
        None
    }
    let mut done = Vec::new();
    for (module, _) in graph {
        if let Some(cycle) = visit(graph, module, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

/// Issue 37: within a layer too, no two modules import each other, directly or around a
/// longer loop (`error` and `wire` did, and `conditions` and `creature`): a cycle means
/// neither can be understood, tested or moved without the other.
#[test]
fn no_two_modules_import_each_other() {
    let graph = module_graph();
    assert!(graph.len() >= LAYERS.len() - 1, "{graph:?}");
    assert_eq!(find_cycle(&graph), None);
}

#[test]
fn the_cycle_check_sees_a_cycle() {
    let graph = |edges: &[(&str, &[&str])]| -> Vec<(String, Vec<String>)> {
        edges
            .iter()
            .map(|(m, d)| (m.to_string(), d.iter().map(|s| s.to_string()).collect()))
            .collect()
    };
    let acyclic = graph(&[
        ("error", &[]),
        ("wire", &["error"]),
        ("dice", &["wire", "error"]),
    ]);
    assert_eq!(find_cycle(&acyclic), None);
    let cyclic = graph(&[
        ("error", &["dice"]),
        ("wire", &["error"]),
        ("dice", &["wire"]),
    ]);
    assert_eq!(
        find_cycle(&cyclic),
        Some(vec![
            "error".into(),
            "dice".into(),
            "wire".into(),
            "error".into()
        ])
    );
}

#[test]
fn the_layer_check_sees_an_upward_import() {
    // The scanner itself: code is seen, comments are not.
    assert_eq!(
        imports("use crate::encounter::Label; // crate::wasm"),
        vec!["encounter"]
    );
    assert!(imports("//! the state machine is in `crate::encounter`").is_empty());
}
