//! Random journey commands for the property tests: mostly plausible (the shapes of the shared
//! journey vectors, with varied values), sometimes refused (unknown ids, the wrong mode).

use proptest::prelude::*;
use turnkeeper::dice::DiceSource;
use turnkeeper::engine::Engine;
use turnkeeper::exploration::journey::{Journey, JourneyConfig};

const MEMBERS: [&str; 3] = ["ana", "bo", "ghost"];
const LIGHTS: [&str; 2] = ["torch", "lamp"];
const MODES: [&str; 4] = ["oseDungeon", "oseWilderness", "hybDungeon", "hybTravel"];
const TERRAINS: [&str; 4] = ["clear", "forest", "hills", "swamp"];

/// A journey for `preset` (`hyb` or `ose`) on seeded dice.
pub fn journey(preset: &str, seed: u64) -> Engine<Journey> {
    let config = match preset {
        "hyb" => JourneyConfig::default(),
        _ => JourneyConfig::ose(),
    };
    Engine::new(
        Journey::new(config).unwrap(),
        DiceSource::seeded(seed).unwrap(),
    )
}

/// One journey command as the JSON a client would send.
pub fn journey_command() -> impl Strategy<Value = String> {
    let member = prop::sample::select(&MEMBERS[..]);
    let light = prop::sample::select(&LIGHTS[..]);
    prop_oneof![
        3 => (member.clone(), -1i32..4, 60u32..150).prop_map(|(id, best, movement)| format!(
            r#"{{"type":"addMember","member":{{"id":"{id}","bestModifier":{best},"strModifier":0,"encumbered":false,"movement":{movement}}}}}"#
        )),
        1 => member.clone().prop_map(|id| format!(r#"{{"type":"removeMember","id":"{id}"}}"#)),
        3 => (prop::sample::select(&MODES[..]), 0u32..3, 0u8..24).prop_map(|(mode, day, hour)| format!(
            r#"{{"type":"start","mode":"{mode}","day":{day},"start":{{"type":"at","hour":{hour},"minute":0}}}}"#
        )),
        1 => prop::sample::select(&MODES[..]).prop_map(|mode| format!(r#"{{"type":"changeMode","mode":"{mode}"}}"#)),
        2 => (light.clone(), any::<bool>()).prop_map(|(id, torch)| if torch {
            format!(r#"{{"type":"addLight","id":"{id}","spec":{{"kind":"torch","level":"dim","radius":30,"burn":3600}}}}"#)
        } else {
            format!(r#"{{"type":"addLight","id":"{id}","spec":{{"kind":"lantern","level":"bright","radius":30,"burn":null}}}}"#)
        }),
        2 => light.clone().prop_map(|id| format!(r#"{{"type":"light","id":"{id}"}}"#)),
        1 => light.clone().prop_map(|id| format!(r#"{{"type":"douse","id":"{id}"}}"#)),
        1 => light.prop_map(|id| format!(r#"{{"type":"removeLight","id":"{id}"}}"#)),
        1 => (0u32..10).prop_map(|n| format!(
            r#"{{"type":"addSupply","id":"sup","kind":"sup","amount":{n},"tick":{{"every":3600,"uses":1}}}}"#
        )),
        1 => (0u32..4).prop_map(|n| format!(r#"{{"type":"consume","id":"sup","amount":{n}}}"#)),
        2 => (1u32..4).prop_map(|n| format!(r#"{{"type":"advance","span":{{"type":"hours","count":{n}}}}}"#)),
        1 => (1u32..20).prop_map(|n| format!(r#"{{"type":"advance","span":{{"type":"rounds","count":{n},"length":6}}}}"#)),
        3 => any::<bool>().prop_map(|c| format!(
            r#"{{"type":"travelTurn","plan":{{"caution":"{}"}}}}"#, if c { "cautious" } else { "ordinary" }
        )),
        1 => Just(r#"{"type":"rollToReturn","path":"arduous","who":[]}"#.to_string()),
        1 => Just(r#"{"type":"reachSafety"}"#.to_string()),
        4 => any::<bool>().prop_map(|rest| if rest {
            r#"{"type":"dungeonTurn","action":{"type":"rest"}}"#.to_string()
        } else {
            r#"{"type":"dungeonTurn","action":{"type":"explore","familiarity":{"type":"unknown"}}}"#.to_string()
        }),
        1 => any::<bool>().prop_map(|s| format!(r#"{{"type":"encounterDistance","eitherSideSurprised":{s}}}"#)),
        3 => (prop::sample::select(&TERRAINS[..]), 0u32..3).prop_map(|(terrain, checks)| format!(
            r#"{{"type":"wildernessDay","plan":{{"route":{{"terrain":"{terrain}","road":false,"pace":"normal","flying":false}},"activity":"travel","wanderChecks":{checks},"wayfinding":{{"followingTrailRoadOrLandmark":false,"reliableGuide":false}},"forage":false}}}}"#
        )),
        1 => Just(r#"{"type":"triggerTrap"}"#.to_string()),
    ]
}
