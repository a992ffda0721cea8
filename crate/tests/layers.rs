//! docs/design.md's layering, enforced: a module of `crate/src` imports only from its own layer or
//! a lower one (the table is in `src/lib.rs`). An upward import is how an encounter type ends
//! up needed by the effect tracker, and the layers stop meaning anything. Within and across
//! layers, no two modules and no two files need each other (issue 37).

use std::fs;
use std::path::Path;

const LAYERS: &[(&str, u8)] = &[
    ("error", 0),
    ("wire", 0),
    ("units", 0),
    ("ids", 0),
    ("lists", 0),
    ("ability", 0),
    ("messages", 0),
    ("sorting", 0),
    ("digest", 0),
    ("text", 0),
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

// ---------------------------------------------------------------------------------------------
// Files: which file of `crate/src` needs which other file.
//
// The module check above cannot see a loop inside one module (`a/x.rs` needing `a/y.rs`
// needing `a/x.rs`), and such a loop ties files together as surely as one between modules
// does. The graph below has one node per file and an edge
// `a.rs → b.rs` when code in `a.rs` names an item that `b.rs` defines.
//
// How a path is resolved to a file: every path that starts with `crate::`, `super::`, `self::`,
// a child module's name or a name the module imports (in a `use` or in code) is followed down
// the module tree to the deepest module that has a file (`a/b.rs` or `a/b/mod.rs`). If that
// module only imports the next name (it `use`s it, or it comes in through a glob), the path is
// followed on through that import, so `crate::wire::Reader` leads to the file that defines
// `Reader` (`wire/reader.rs`), not to `wire/mod.rs` which re-exports it. A glob (`use super::*`) cannot say
// which names it brings, so it is an edge to the module it names.
//
// A parent and its children: a `mod child;` declaration is not an edge, and neither is a
// re-export (`pub use child::Thing;`, any `pub(..)`): the parent only passes the name on, and
// whoever names `parent::Thing` gets the edge to the child instead. Otherwise every child that
// uses `super::Something` would make a cycle with its parent. What is an edge is the parent
// *using* a child's item: naming it in its own code (`child::helper()`, a private `use`, or a
// re-exported name that the parent's own code also mentions). So a parent that needs a child
// and a child that needs the parent (or a sibling that needs the first child) form a cycle, and
// the fix is the same as between modules: the item on the back edge moves down, below the
// files that need it, or the lower file stops needing the higher one.
//
// Test modules (`mod tests { .. }` inline or in their own file) count like any other code.
//
// What the scan cannot see: a method or an associated item reached through a value or a type
// that another file's `impl` block adds (`InitiativeSystem::ALL` resolves to the file that
// defines the enum, not to the one holding the `impl`), and code a derive or a macro writes.
// Names are read from the text, not resolved by the compiler; a path it cannot place (a
// local variable, `Self::`, another crate) is left out rather than guessed.
// ---------------------------------------------------------------------------------------------

use std::collections::{BTreeMap, BTreeSet};

/// One token of Rust source; comments and literals are dropped, except string literals that are
/// a whole path (`"crate::a::read"` in `#[serde(with = ..)]`), whose tokens are kept.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut i = 0;
    // Skips a string body from just after its opening quote (`hashes` for raw strings), and
    // returns its content.
    let string = |mut i: usize, hashes: Option<usize>| -> (usize, String) {
        let start = i;
        loop {
            match (at(i), hashes) {
                ('\0', _) => return (i, c[start..i].iter().collect()),
                ('\\', None) => i += 2,
                ('"', None) => return (i + 1, c[start..i].iter().collect()),
                ('"', Some(n)) if (1..=n).all(|k| at(i + k) == '#') => {
                    return (i + 1 + n, c[start..i].iter().collect());
                }
                _ => i += 1,
            }
        }
    };
    let path_string = |s: &str, out: &mut Vec<Tok>| {
        let is_path = ["crate::", "super::", "self::"]
            .iter()
            .any(|p| s.starts_with(p))
            && s.chars().all(|ch| is_ident_char(ch) || ch == ':');
        if is_path {
            out.extend(tokens(s));
        }
    };
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if at(i) == '\0' {
                    break;
                } else if at(i) == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if at(i) == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            let (next, s) = string(i + 1, None);
            path_string(&s, &mut out);
            i = next;
        } else if ch == '\'' {
            if at(i + 1) == '\\' {
                i += 2;
                while at(i) != '\'' && at(i) != '\0' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                // A lifetime: its name lexes as an identifier, which is harmless.
                i += 1;
            }
        } else if is_ident_char(ch) {
            let start = i;
            while i < c.len() && is_ident_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let raw = word == "r" || word == "br";
            if (raw || word == "b") && at(i) == '"' {
                let (next, _) = string(i + 1, if raw { Some(0) } else { None });
                i = next;
            } else if raw && at(i) == '#' {
                let mut n = 0;
                while at(i + n) == '#' {
                    n += 1;
                }
                if at(i + n) == '"' {
                    let (next, _) = string(i + n + 1, Some(n));
                    i = next;
                } else {
                    // A raw identifier (`r#type`).
                    i += 1;
                }
            } else if word == "b" && at(i) == '\'' {
                i += 1;
                if at(i) == '\\' {
                    i += 1;
                }
                i += 1;
                while at(i) != '\'' && at(i) != '\0' {
                    i += 1;
                }
                i += 1;
            } else {
                out.push(Tok::Ident(word));
            }
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Tok::PathSep);
            i += 2;
        } else if ch == '$' {
            // `$crate` in a macro body reads as `crate`.
            i += 1;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

/// What one path in a file is used for.
#[derive(Debug, Clone, PartialEq)]
enum RefKind {
    /// A `use` that binds this name; `public` when the `use` is `pub`/`pub(..)`.
    Import { name: String, public: bool },
    /// `use path::*`.
    Glob,
    /// A path written in code.
    Code,
}

#[derive(Debug, Clone)]
struct Ref {
    /// The module the path is written in (inline modules included).
    scope: Vec<String>,
    segments: Vec<String>,
    kind: RefKind,
}

/// What a module (a file's, or an inline `mod x { .. }`) defines and imports at item level.
#[derive(Debug, Default)]
struct Scope {
    file: usize,
    defines: BTreeSet<String>,
    /// Name → the paths it is imported from, as written (read in this module). A name can be
    /// imported twice, once per namespace (`FromWire` the trait and `FromWire` the derive).
    imports: BTreeMap<String, Vec<Vec<String>>>,
    globs: Vec<Vec<String>>,
}

/// One `use` tree, flattened to (path, bound name or `None` for a glob).
fn use_tree(
    toks: &[Tok],
    i: &mut usize,
    prefix: &[String],
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix.to_vec();
    loop {
        match toks.get(*i) {
            Some(Tok::Ident(s)) if s == "as" => {
                *i += 1;
                if let Some(Tok::Ident(alias)) = toks.get(*i) {
                    *i += 1;
                    out.push((path.clone(), Some(alias.clone())));
                }
                return;
            }
            Some(Tok::Ident(s)) => {
                path.push(s.clone());
                *i += 1;
            }
            Some(Tok::PathSep) => *i += 1,
            Some(Tok::Punct('*')) => {
                *i += 1;
                out.push((path, None));
                return;
            }
            Some(Tok::Punct('{')) => {
                *i += 1;
                loop {
                    match toks.get(*i) {
                        Some(Tok::Punct('}')) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Punct(',')) => *i += 1,
                        None => return,
                        _ => use_tree(toks, i, &path, out),
                    }
                }
            }
            _ => {
                // `a::b::{self, C}`: `self` names `a::b`.
                if path.last().is_some_and(|s| s == "self") {
                    path.pop();
                }
                if let Some(name) = path.last().cloned() {
                    out.push((path, Some(name)));
                }
                return;
            }
        }
    }
}

const ITEM_KEYWORDS: &[&str] = &[
    "struct", "enum", "fn", "trait", "type", "const", "static", "union", "mod",
];

/// The module path of a file under `src/`: `a/b.rs` and `a/b/mod.rs` are `a::b`, `lib.rs` is
/// the crate root.
fn module_path(rel: &str) -> Vec<String> {
    let rel = rel.trim_end_matches(".rs");
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The parsed crate: every module's scope, every path each file writes, and the names each
/// file mentions in code outside its `use` declarations.
struct Crate {
    files: Vec<String>,
    scopes: BTreeMap<Vec<String>, Scope>,
    refs: Vec<Vec<Ref>>,
    mentions: Vec<BTreeSet<String>>,
}

impl Crate {
    fn parse(sources: &[(String, String)]) -> Crate {
        // In path order, so that cycles are reported the same way whatever order files come in.
        let mut sources = sources.to_vec();
        sources.sort();
        let mut krate = Crate {
            files: sources.iter().map(|(rel, _)| rel.clone()).collect(),
            scopes: BTreeMap::new(),
            refs: Vec::new(),
            mentions: Vec::new(),
        };
        for (file, (rel, text)) in sources.iter().enumerate() {
            let (refs, mentions) = krate.parse_file(file, &module_path(rel), text);
            krate.refs.push(refs);
            krate.mentions.push(mentions);
        }
        krate
    }

    fn parse_file(
        &mut self,
        file: usize,
        module: &[String],
        text: &str,
    ) -> (Vec<Ref>, BTreeSet<String>) {
        let toks = tokens(text);
        let mut refs = Vec::new();
        let mut mentions = BTreeSet::new();
        // (module path, brace depth of its items)
        let mut stack: Vec<(Vec<String>, usize)> = vec![(module.to_vec(), 0)];
        self.scopes.entry(module.to_vec()).or_default().file = file;
        let mut depth = 0;
        let mut i = 0;
        while i < toks.len() {
            let (scope, base) = stack.last().cloned().expect("module stack");
            let item_level = depth == base;
            let ident = |k: usize| match toks.get(k) {
                Some(Tok::Ident(s)) => Some(s.as_str()),
                _ => None,
            };
            match &toks[i] {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if stack.len() > 1 && depth < base {
                        stack.pop();
                    }
                }
                Tok::Ident(kw) if kw == "mod" && toks.get(i + 2) == Some(&Tok::Punct('{')) => {
                    if let Some(name) = ident(i + 1) {
                        let mut path = scope.clone();
                        path.push(name.to_string());
                        self.scopes.entry(path.clone()).or_default().file = file;
                        self.scopes
                            .entry(scope.clone())
                            .or_default()
                            .defines
                            .insert(name.to_string());
                        stack.push((path, depth + 1));
                        i += 2;
                        continue;
                    }
                }
                Tok::Ident(kw) if kw == "use" => {
                    let public = match i.checked_sub(1).map(|k| &toks[k]) {
                        Some(Tok::Ident(p)) => p == "pub",
                        Some(Tok::Punct(')')) => {
                            let open = toks[..i].iter().rposition(|t| *t == Tok::Punct('('));
                            open.and_then(|o| o.checked_sub(1)).and_then(ident) == Some("pub")
                        }
                        _ => false,
                    };
                    i += 1;
                    let mut paths = Vec::new();
                    use_tree(&toks, &mut i, &[], &mut paths);
                    for (segments, name) in paths {
                        let entry = self.scopes.entry(scope.clone()).or_default();
                        let kind = match name {
                            Some(name) => {
                                if item_level {
                                    entry
                                        .imports
                                        .entry(name.clone())
                                        .or_default()
                                        .push(segments.clone());
                                }
                                RefKind::Import { name, public }
                            }
                            None => {
                                if item_level {
                                    entry.globs.push(segments.clone());
                                }
                                RefKind::Glob
                            }
                        };
                        refs.push(Ref {
                            scope: scope.clone(),
                            segments,
                            kind,
                        });
                    }
                    continue;
                }
                Tok::Ident(kw) if item_level && ITEM_KEYWORDS.contains(&kw.as_str()) => {
                    if let Some(name) = ident(i + 1).filter(|n| !ITEM_KEYWORDS.contains(n)) {
                        self.scopes
                            .entry(scope.clone())
                            .or_default()
                            .defines
                            .insert(name.to_string());
                    }
                }
                Tok::Ident(kw) if item_level && kw == "macro_rules" => {
                    if let Some(name) = ident(i + 2) {
                        self.scopes
                            .entry(scope.clone())
                            .or_default()
                            .defines
                            .insert(name.to_string());
                    }
                }
                Tok::Ident(first)
                    if toks.get(i + 1) == Some(&Tok::PathSep)
                        && i.checked_sub(1).map(|k| &toks[k]) != Some(&Tok::PathSep) =>
                {
                    let mut segments = vec![first.clone()];
                    i += 1;
                    while toks.get(i) == Some(&Tok::PathSep) {
                        let Some(next) = ident(i + 1) else { break };
                        segments.push(next.to_string());
                        i += 2;
                    }
                    mentions.extend(segments.iter().cloned());
                    refs.push(Ref {
                        scope,
                        segments,
                        kind: RefKind::Code,
                    });
                    continue;
                }
                Tok::Ident(name) => {
                    mentions.insert(name.clone());
                }
                _ => {}
            }
            i += 1;
        }
        (refs, mentions)
    }

    /// The absolute module-tree path (without `crate`) a path written in `scope` names, or
    /// `None` when it leaves the crate (`std::..`, `serde::..`) or names nothing known.
    fn resolve(&self, scope: &[String], segments: &[String], hops: u8) -> Option<Vec<String>> {
        let (first, rest) = segments.split_first()?;
        match first.as_str() {
            "crate" => Some(rest.to_vec()),
            "self" => Some([scope, rest].concat()),
            "super" => {
                let parent = scope.split_last().map(|(_, p)| p)?;
                self.resolve(parent, &[&["self".to_string()][..], rest].concat(), hops)
            }
            name => {
                let found = self.lookup(scope, name, hops)?;
                Some([&found[..], rest].concat())
            }
        }
    }

    /// Where a name in scope in `module` comes from, as an absolute path.
    fn lookup(&self, module: &[String], name: &str, hops: u8) -> Option<Vec<String>> {
        if hops > 16 {
            return None;
        }
        let scope = self.scopes.get(module)?;
        let own = [module, &[name.to_string()]].concat();
        if scope.defines.contains(name) || self.scopes.contains_key(&own) {
            return Some(own);
        }
        if let Some(found) = scope
            .imports
            .get(name)
            .and_then(|paths| paths.iter().find_map(|p| self.resolve(module, p, hops + 1)))
        {
            return Some(found);
        }
        scope.globs.iter().find_map(|glob| {
            let from = self.resolve(module, glob, hops + 1)?;
            let scope = self.scopes.get(&from)?;
            let known = scope.defines.contains(name)
                || scope.imports.contains_key(name)
                || !scope.globs.is_empty();
            if known {
                self.lookup(&from, name, hops + 1)
            } else {
                None
            }
        })
    }

    /// The file that defines what an absolute path names: the deepest module on it that has a
    /// scope, followed on through that module's imports when the next name is only imported.
    fn file_of(&self, path: &[String], hops: u8) -> Option<usize> {
        let (len, scope) = (0..=path.len())
            .rev()
            .find_map(|n| self.scopes.get(&path[..n]).map(|s| (n, s)))?;
        if let Some(name) = path.get(len) {
            if hops < 16 && !scope.defines.contains(name) {
                if let Some(to) = self.lookup(&path[..len], name, hops + 1) {
                    if to[..] != path[..=len] {
                        return self.file_of(&[&to[..], &path[len + 1..]].concat(), hops + 1);
                    }
                }
            }
        }
        Some(scope.file)
    }

    /// Edges between files, each with the first path that made it (for the failure message).
    fn edges(&self) -> BTreeMap<(usize, usize), String> {
        let mut edges = BTreeMap::new();
        for (from, refs) in self.refs.iter().enumerate() {
            for r in refs {
                if let RefKind::Import { name, public: true } = &r.kind {
                    if !self.mentions[from].contains(name) {
                        continue; // passed on, not used here
                    }
                }
                let Some(to) = self
                    .resolve(&r.scope, &r.segments, 0)
                    .and_then(|p| self.file_of(&p, 0))
                else {
                    continue;
                };
                if to != from {
                    edges
                        .entry((from, to))
                        .or_insert_with(|| r.segments.join("::"));
                }
            }
        }
        edges
    }

    /// Every cycle, one per group of files that all reach each other, as
    /// `a.rs → b.rs (path) → a.rs (path)`.
    fn cycles(&self) -> Vec<String> {
        self.knots().into_iter().map(|k| k.cycle).collect()
    }

    /// Every group of files that all reach each other (a knot), with one cycle through it.
    fn knots(&self) -> Vec<Knot> {
        let edges = self.edges();
        let n = self.files.len();
        let next = |a: usize| edges.range((a, 0)..(a + 1, 0)).map(|((_, b), _)| *b);
        // reach[a] = files reachable from a (small crate: a search from each file is fast).
        let reach: Vec<BTreeSet<usize>> = (0..n)
            .map(|a| {
                let mut seen = BTreeSet::new();
                let mut todo = vec![a];
                while let Some(x) = todo.pop() {
                    for y in next(x) {
                        if seen.insert(y) {
                            todo.push(y);
                        }
                    }
                }
                seen
            })
            .collect();
        let mut reported = BTreeSet::new();
        let mut out = Vec::new();
        for a in 0..n {
            if !reach[a].contains(&a) || reported.contains(&a) {
                continue;
            }
            let group: BTreeSet<usize> = (0..n)
                .filter(|b| reach[a].contains(b) && reach[*b].contains(&a))
                .collect();
            reported.extend(group.iter().copied());
            // The shortest way round from `a`, inside the group.
            let mut back: BTreeMap<usize, usize> = BTreeMap::new();
            let mut queue = std::collections::VecDeque::from([a]);
            'search: while let Some(x) = queue.pop_front() {
                for y in next(x).filter(|y| group.contains(y)) {
                    if y == a {
                        back.insert(a, x);
                        break 'search;
                    }
                    if let std::collections::btree_map::Entry::Vacant(slot) = back.entry(y) {
                        slot.insert(x);
                        queue.push_back(y);
                    }
                }
            }
            let mut ring = vec![a];
            let mut x = back[&a];
            while x != a {
                ring.push(x);
                x = back[&x];
            }
            ring.push(a);
            ring.reverse();
            let mut line = self.files[a].clone();
            for pair in ring.windows(2) {
                line += &format!(
                    " → {} ({})",
                    self.files[pair[1]],
                    edges[&(pair[0], pair[1])]
                );
            }
            if group.len() > ring.len() - 1 {
                let others: Vec<&str> = group
                    .iter()
                    .filter(|f| !ring.contains(f))
                    .map(|f| self.files[*f].as_str())
                    .collect();
                line += &format!("; also in this knot: {}", others.join(", "));
            }
            let files = group.iter().map(|f| self.files[*f].clone()).collect();
            let mut all = String::new();
            for ((x, y), why) in &edges {
                if group.contains(x) && group.contains(y) {
                    all += &format!("\n    {} → {} ({why})", self.files[*x], self.files[*y]);
                }
            }
            out.push(Knot {
                files,
                cycle: line,
                edges: all,
            });
        }
        out
    }
}

/// Files that all need each other, one way round or another.
struct Knot {
    /// In path order.
    files: Vec<String>,
    /// The shortest loop from the first file, with the path that makes each step.
    cycle: String,
    /// Every edge between two of its files, one per line.
    edges: String,
}

fn crate_sources() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    all.sort();
    all.iter()
        .map(|path| {
            let rel = path.strip_prefix(&src).expect("under src");
            let rel = rel.to_str().expect("utf-8 path").replace('\\', "/");
            (rel, fs::read_to_string(path).expect("read file"))
        })
        .collect()
}

/// Issue 37: no file needs a file that needs it back, directly or around a longer loop. The
/// rules for what counts as a need are at the top of this section.
#[test]
fn no_two_files_need_each_other() {
    let krate = Crate::parse(&crate_sources());
    let edges = krate.edges();
    // The scanner sees the crate: most files need another one.
    assert!(edges.len() > krate.files.len(), "{} edges", edges.len());
    let knots: Vec<String> = krate
        .knots()
        .into_iter()
        .map(|knot| format!("[{}]\n{}{}", knot.files.join(", "), knot.cycle, knot.edges))
        .collect();
    assert!(
        knots.is_empty(),
        "{} file cycles:\n{}",
        knots.len(),
        knots.join("\n")
    );
}

#[test]
fn the_file_check_sees_a_cycle() {
    let sources = |files: &[(&str, &str)]| -> Vec<(String, String)> {
        files
            .iter()
            .map(|(rel, text)| (rel.to_string(), text.to_string()))
            .collect()
    };
    let cycles = |files: &[(&str, &str)]| Crate::parse(&sources(files)).cycles();
    let lib = "pub mod a; pub mod b; pub use a::Thing;";
    // A parent that declares a child and re-exports from it, and a child that uses the parent:
    // no cycle (the comment, the string and the doc mention of the child are not code).
    let parent = "mod child; pub use child::Thing; pub struct Config;\n\
                  // child::helper()\n/// [`child::helper`]\nconst S: &str = \"child::helper\";";
    let child = "use super::Config; pub struct Thing(Config); pub fn helper() {}";
    let b = "use crate::Thing; pub struct Other(Thing);";
    assert_eq!(
        cycles(&[
            ("lib.rs", lib),
            ("a/mod.rs", parent),
            ("a/child.rs", child),
            ("b.rs", b)
        ]),
        Vec::<String>::new()
    );
    // The parent calling the child as well: a cycle.
    let calling = format!("{parent}\npub fn run() {{ child::helper() }}");
    assert_eq!(
        cycles(&[
            ("lib.rs", lib),
            ("a/mod.rs", &calling),
            ("a/child.rs", child),
            ("b.rs", b)
        ]),
        vec!["a/child.rs → a/mod.rs (super::Config) → a/child.rs (child::helper)"]
    );
    // A re-export is followed to the file that defines the item: `b.rs` needs `a/child.rs`
    // (through `crate::Thing` and `a/mod.rs`), so the child needing `b.rs` closes a loop that
    // leaves `a/mod.rs` out.
    let child_needs_b = format!("{child}\npub fn other() -> crate::b::Other {{ todo!() }}");
    assert_eq!(
        cycles(&[
            ("lib.rs", lib),
            ("a/mod.rs", parent),
            ("a/child.rs", &child_needs_b),
            ("b.rs", b)
        ]),
        vec!["a/child.rs → b.rs (crate::b::Other) → a/child.rs (crate::Thing)"]
    );
    // A glob import of the parent is a use of the parent; a test module's `use super::*` is a
    // use of its own file.
    let globbing = "use super::*; pub struct Thing(Config); pub fn helper() {}\n\
                    #[cfg(test)] mod tests { use super::*; }";
    assert_eq!(
        cycles(&[
            ("lib.rs", lib),
            ("a/mod.rs", &calling),
            ("a/child.rs", globbing),
            ("b.rs", b)
        ]),
        vec!["a/child.rs → a/mod.rs (super) → a/child.rs (child::helper)"]
    );
    assert_eq!(
        cycles(&[
            ("lib.rs", lib),
            ("a/mod.rs", parent),
            ("a/child.rs", globbing),
            ("b.rs", b)
        ]),
        Vec::<String>::new()
    );
}
