//! The error codes are a public contract shared by Rust, the TypeScript facade and the docs.
//! This test reads the `as_str` table in error.rs and checks every code is declared in the
//! facade's `ErrorCode` type and documented in the package README, so they cannot drift apart.

const ERROR_RS: &str = include_str!("../src/error.rs");
const FACADE: &str = include_str!("../../js-package/src/core/errors.ts");
const README: &str = include_str!("../../js-package/README.md");

fn codes() -> Vec<&'static str> {
    ERROR_RS
        .lines()
        .filter(|l| l.contains("=> \""))
        .filter_map(|l| l.split('"').nth(1))
        .collect()
}

#[test]
fn every_code_is_typed_in_the_facade_and_documented() {
    let codes = codes();
    assert!(codes.len() >= 14, "found only {codes:?}");
    for code in &codes {
        assert!(
            FACADE.contains(&format!("\"{code}\"")),
            "{code} missing from errors.ts"
        );
        assert!(
            README.contains(&format!("`{code}`")),
            "{code} missing from js-package/README.md"
        );
    }
}

#[test]
fn codes_round_trip_through_serde_as_their_string() {
    use turnkeeper::ErrorCode;
    for code in [
        ErrorCode::NotationSyntax,
        ErrorCode::SnapshotInvalid,
        ErrorCode::DivisionByZero,
    ] {
        let json = serde_json::to_string(&code).unwrap();
        assert_eq!(json, format!("\"{}\"", code.as_str()));
        assert_eq!(serde_json::from_str::<ErrorCode>(&json).unwrap(), code);
    }
}
