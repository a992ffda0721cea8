//! The JSON shape of journey commands and configuration, as a JavaScript caller sends them.

use turnkeeper::dice::SuppliedDice;
use turnkeeper::exploration::journey::{Journey, JourneyCommand, JourneyConfig, JourneyEvent};

fn cmd(json: &str) -> JourneyCommand {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

#[test]
fn empty_config_means_the_rules_md_defaults() {
    let config: JourneyConfig = serde_json::from_str("{}").unwrap();
    assert_eq!(config, JourneyConfig::default());
    assert!(config.overland_daily);
    assert_eq!(config.scenes_per_travel_turn, 3);
    assert!(serde_json::from_str::<JourneyConfig>(r#"{"nope":1}"#).is_err());
}

#[test]
fn commands_parse_from_plain_json_with_defaults() {
    let mut j = Journey::new(JourneyConfig::default()).unwrap();
    let script = [
        r#"{"type":"addMember","member":{"id":"ana","bestModifier":3}}"#,
        r#"{"type":"start","mode":"hybDungeon","start":{"type":"timeDice","count":2,"offsetHours":0}}"#,
        r#"{"type":"addLight","id":"torch","spec":{"kind":"torch","level":"dim","radius":30,"burn":3600}}"#,
        r#"{"type":"light","id":"torch"}"#,
        r#"{"type":"addSupply","id":"sup","kind":"sup","amount":4,"tick":{"every":3600,"uses":1}}"#,
        r#"{"type":"travelTurn","plan":{"caution":"cautious"}}"#,
        r#"{"type":"recordScene"}"#,
        r#"{"type":"advance","span":{"type":"rounds","count":10,"length":6}}"#,
        r#"{"type":"rollToReturn","path":"arduous"}"#,
    ];
    let mut dice = SuppliedDice::new([3, 2, 9, 14, 18]);
    let mut events = Vec::new();
    for line in script {
        events.extend(j.execute(cmd(line), &mut dice).unwrap());
    }
    assert_eq!(dice.remaining(), 0);
    let json = serde_json::to_string(&events).unwrap();
    assert!(json.contains(r#"{"type":"started","mode":"hybDungeon","at":18000"#));
    assert!(json.contains(r#""type":"returnRolled","path":"arduous""#));
    assert!(
        matches!(events.last(), Some(JourneyEvent::ReturnRolled { results, .. }) if results[0].success)
    );
}

#[test]
fn ose_day_plans_parse_with_defaults() {
    let c =
        cmd(r#"{"type":"wildernessDay","plan":{"route":{"terrain":"hills"},"activity":"travel"}}"#);
    match c {
        JourneyCommand::WildernessDay { plan } => {
            assert_eq!(plan.wander_checks, 1);
            assert!(!plan.forage && !plan.route.road && !plan.route.flying);
        }
        other => panic!("{other:?}"),
    }
    let c = cmd(
        r#"{"type":"waterDay","plan":{"waters":{"type":"sea","inSightOfLand":false},"navigator":true}}"#,
    );
    assert!(matches!(c, JourneyCommand::WaterDay { .. }));
    let c = cmd(
        r#"{"type":"dungeonTurn","action":{"type":"search","attempts":[{"by":"ana","target":"a1","kind":"secretDoor","present":true}]}}"#,
    );
    assert!(matches!(c, JourneyCommand::DungeonTurn { .. }));
    for bad in [
        r#"{"type":"teleport"}"#,
        r#"{"type":"light","id":"has space"}"#,
        r#"{"type":"setHour"}"#,
    ] {
        assert!(
            serde_json::from_str::<JourneyCommand>(bad).is_err(),
            "{bad}"
        );
    }
}

/// Fuzz regression (events_journey smoke): a member whose modifier is the most negative
/// number is refused with a typed error, not an overflow.
#[test]
fn a_member_with_the_most_negative_modifier_is_refused_fuzz_regression() {
    for field in ["bestModifier", "strModifier"] {
        let text = format!(
            r#"{{"type":"addMember","member":{{"id":"ana","{field}":{}}}}}"#,
            i32::MIN
        );
        let command: turnkeeper::exploration::journey::JourneyCommand =
            turnkeeper::wire::read_all(&text).unwrap();
        let mut j = turnkeeper::exploration::journey::Journey::new(
            turnkeeper::exploration::journey::JourneyConfig::ose(),
        )
        .unwrap();
        let err = j
            .execute(command, &mut turnkeeper::dice::SuppliedDice::new([]))
            .unwrap_err();
        assert_eq!(err.code, turnkeeper::ErrorCode::InvalidArgument, "{field}");
    }
}
