//! Reading and re-blessing the shared vector files in the top-level `tests/vectors/` (the JS
//! tests replay the same files through wasm).

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The vector `file` and the path it was read from.
pub fn load<V: DeserializeOwned>(file: &str) -> (String, V) {
    let path = format!("{}/../tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let vector = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    (path, vector)
}

/// With `TURNKEEPER_BLESS_VECTORS` set, write `vector` (now holding what was measured) back to
/// `path` and return true: the caller then skips its comparison.
pub fn blessed<V: Serialize>(path: &str, vector: &V) -> bool {
    if std::env::var_os("TURNKEEPER_BLESS_VECTORS").is_none() {
        return false;
    }
    let text = serde_json::to_string_pretty(vector).unwrap() + "\n";
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
    true
}
