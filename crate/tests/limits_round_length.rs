//! Issue 37, one limit per meaning: the longest round is the config's (`RoundLength::MAX_SECONDS`,
//! one day), and the effect tracker and creature clocks take the same. Before, effects stopped at
//! 10 minutes a round and creatures at an hour, so under the hybrid rules (which let a table
//! set any round length) a 1-hour round ran effect durations six times too fast.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::clock::RoundLength;
use turnkeeper::effects::{Duration, EffectSpec};
use turnkeeper::encounter::{EncounterCommand, EncounterEvent};
use turnkeeper::rulesets::{Preset, RulesetConfig};

#[test]
fn every_round_limit_is_the_configs() {
    assert_eq!(
        turnkeeper::effects::MAX_SECONDS_PER_ROUND,
        RoundLength::MAX_SECONDS
    );
    assert_eq!(
        turnkeeper::creature::limits::MAX_SECONDS_PER_ROUND,
        RoundLength::MAX_SECONDS
    );
}

fn ended(events: &[EncounterEvent]) -> bool {
    events
        .iter()
        .any(|e| matches!(e, EncounterEvent::EffectsEnded { .. }))
}

#[test]
fn an_hour_long_hybrid_round_counts_an_hour_for_effects() {
    let mut config = RulesetConfig::preset(Preset::Hyb);
    config.round_length = Some(RoundLength::new(3600).unwrap());
    let mut t = Table::new(config);
    t.add(newp("a", "x", 14));
    t.add(newp("b", "y", 10));
    t.run(start(), &[]);
    t.run(
        EncounterCommand::AddEffects {
            effects: vec![EffectSpec::named(
                pid("b"),
                "hasted",
                Duration::Seconds { seconds: 7200 },
            )],
            ongoing: None,
        },
        &[],
    );
    let mut rounds_until_it_ends = 0;
    for round in 1..=20 {
        let events = t.run(EncounterCommand::NextRound, &[]);
        if ended(&events) {
            rounds_until_it_ends = round;
            break;
        }
    }
    assert_eq!(rounds_until_it_ends, 2, "two hours are two 1-hour rounds");
    assert_eq!(t.enc.round(), 3, "it ends as round 2 ends");
}
