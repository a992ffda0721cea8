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

/// `ErrorCode` in errors.ts is closed (no `string & {}` arm): every code it lists is one the
/// core raises or one the facade raises itself, so a `switch` over it is exhaustive.
#[test]
fn the_facade_union_is_closed_and_lists_only_real_codes() {
    let codes = codes();
    let start = FACADE
        .find("export type ErrorCode =")
        .expect("the ErrorCode type");
    let body = &FACADE[start..];
    let end = body.find(';').expect("the end of the type");
    let union = &body[..end];
    assert!(!union.contains("string &"), "ErrorCode must stay closed");
    const FACADE_ONLY: [&str; 3] = ["NOT_INITIALIZED", "INIT_FAILED", "TIMEOUT"];
    let listed: Vec<&str> = union.split('"').skip(1).step_by(2).collect();
    assert_eq!(listed.len(), codes.len() + FACADE_ONLY.len(), "{listed:?}");
    for code in listed {
        assert!(
            codes.contains(&code) || FACADE_ONLY.contains(&code),
            "{code} in errors.ts is not a code anything raises"
        );
        assert!(
            README.contains(&format!("`{code}`")),
            "{code} missing from js-package/README.md"
        );
    }
}
