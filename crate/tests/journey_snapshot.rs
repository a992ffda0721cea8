//! Journey snapshots: compact, versioned, checksummed JSON that refuses tampering.

use turnkeeper::ErrorCode;
use turnkeeper::clock::{Ident, LightSpec};
use turnkeeper::dice::SuppliedDice;
use turnkeeper::exploration::hyb::travel::Caution;
use turnkeeper::exploration::journey::{
    Journey, JourneyCommand, JourneyConfig, JourneyMode, Member, StartTime, TravelTurnPlan,
};

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

fn fnv1a(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn journey() -> Journey {
    let mut j = Journey::new(JourneyConfig::default()).unwrap();
    let mut dice = SuppliedDice::new([2, 3, 9, 10, 11]);
    for cmd in [
        JourneyCommand::AddMember {
            member: Member::new(id("pc-a")),
        },
        JourneyCommand::Start {
            mode: JourneyMode::HybDungeon,
            day: 1,
            start: StartTime::TimeDice {
                count: 2,
                offset_hours: 0,
            },
        },
        JourneyCommand::AddLight {
            id: id("lantern"),
            spec: LightSpec::hyb_lantern(),
            label: None,
            place: None,
        },
        JourneyCommand::Light { id: id("lantern") },
        JourneyCommand::TravelTurn {
            plan: TravelTurnPlan {
                caution: Caution::Careless,
                overland: None,
            },
        },
        JourneyCommand::RecordScene {
            plan: TravelTurnPlan::default(),
        },
    ] {
        j.execute(cmd, &mut dice).unwrap();
    }
    j
}

type Edit = Box<dyn Fn(&mut serde_json::Value)>;

/// Re-sums a snapshot after editing its journey, as a deliberate tamperer would.
fn resum(snapshot: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(snapshot).unwrap();
    edit(&mut v["journey"]);
    let body = v["journey"].to_string();
    // the checksum covers the journey as the crate writes it; rebuild it the same way
    let parsed: Result<Journey, _> = serde_json::from_str(&body);
    let canonical = match parsed {
        Ok(j) => serde_json::to_string(&j).unwrap(),
        Err(_) => body.clone(),
    };
    format!(
        r#"{{"v":1,"journey":{},"sum":"{}"}}"#,
        canonical,
        fnv1a(canonical.as_bytes())
    )
}

#[test]
fn snapshot_round_trips_exactly_and_is_compact() {
    let j = journey();
    let json = j.to_json().unwrap();
    assert!(json.starts_with(r#"{"v":1,"journey":{"#));
    assert!(json.len() < 2_000, "snapshot is {} bytes", json.len());
    let back = Journey::from_json(&json).unwrap();
    assert_eq!(back, j);
    assert_eq!(back.to_json().unwrap(), json);
    // a fresh, unstarted journey too
    let fresh = Journey::new(JourneyConfig::ose()).unwrap();
    assert_eq!(
        Journey::from_json(&fresh.to_json().unwrap()).unwrap(),
        fresh
    );
}

#[test]
fn restored_journey_continues_identically() {
    let mut a = journey();
    let mut b = Journey::from_json(&a.to_json().unwrap()).unwrap();
    let cmd = JourneyCommand::RecordScene {
        plan: TravelTurnPlan::default(),
    };
    let ea = a.execute(cmd.clone(), &mut SuppliedDice::new([])).unwrap();
    let eb = b.execute(cmd, &mut SuppliedDice::new([])).unwrap();
    assert_eq!(ea, eb);
    assert_eq!(a.to_json().unwrap(), b.to_json().unwrap());
}

#[test]
fn edited_snapshot_fails_the_checksum() {
    let json = journey().to_json().unwrap();
    let edited = json.replace(r#""travelTurnsAway":1"#, r#""travelTurnsAway":0"#);
    assert_ne!(edited, json);
    assert_eq!(
        Journey::from_json(&edited).unwrap_err().code,
        ErrorCode::SnapshotInvalid
    );
}

#[test]
fn corrupt_or_foreign_snapshots_are_refused() {
    let json = journey().to_json().unwrap();
    let cases = [
        String::new(),
        "null".to_string(),
        "{}".to_string(),
        json[..json.len() / 2].to_string(),
        json.replacen(r#""v":1"#, r#""v":2"#, 1),
        json.replacen(r#"{"v":1,"#, r#"{"v":1,"extra":true,"#, 1),
        "x".repeat(2 << 20),
    ];
    for (i, bad) in cases.iter().enumerate() {
        let err = Journey::from_json(bad).unwrap_err();
        assert_eq!(err.code, ErrorCode::SnapshotInvalid, "case {i}");
    }
}

#[test]
fn re_summed_snapshots_with_impossible_state_are_refused() {
    let json = journey().to_json().unwrap();
    // sanity: re-summing an unedited snapshot is accepted
    assert!(Journey::from_json(&resum(&json, |_| {})).is_ok());
    let edits: Vec<Edit> = vec![
        Box::new(|j| j["scenes"] = 9.into()),
        Box::new(|j| j["clock"]["lights"][0]["remaining"] = 99_999.into()),
        Box::new(|j| j["members"][0]["id"] = "bad id".into()),
        Box::new(|j| j["members"][0]["bestModifier"] = 1_000.into()),
        Box::new(|j| {
            let m = j["members"][0].clone();
            j["members"].as_array_mut().unwrap().push(m);
        }),
        Box::new(|j| j["unknownField"] = 1.into()),
        Box::new(|j| j["dungeon"]["turnsSinceRest"] = 5.into()),
        Box::new(|j| j["config"]["scenesPerTravelTurn"] = 7.into()),
        Box::new(|j| j["mode"] = "hybSpace".into()),
        Box::new(|j| j["clock"]["lights"][0]["spec"]["burn"] = serde_json::Value::Null),
    ];
    for (i, edit) in edits.into_iter().enumerate() {
        let bad = resum(&json, edit);
        let err = Journey::from_json(&bad).unwrap_err();
        assert_eq!(err.code, ErrorCode::SnapshotInvalid, "edit {i}: {err}");
    }
}
