//! The rule tables a user interface needs, from the rules themselves: what each preset chooses,
//! how each initiative system orders and what it allows, Greyhawk's activity dice, the damage
//! types and each condition set. The package exports them (`ruleTables()`), so a GM screen
//! offers what the engine takes instead of keeping copies that drift (issue 37).

use super::{Preset, RoundLength, RulesetConfig};
use crate::conditions::{ConditionCatalog, ConditionListing, ConditionSet};
use crate::creature::{CreatureRules, DamageType};
use crate::dice::DieSize;
use crate::initiative::greyhawk::INITIATIVE_DICE;
use crate::initiative::{Activity, InitiativeSystem};

/// Every table, in one value.
#[crate::boundary(output)]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RuleTables {
    pub presets: Vec<PresetTable>,
    pub initiative_systems: Vec<InitiativeSystemTable>,
    /// GH-DICE-01, every row.
    pub greyhawk_activities: Vec<ActivityDie>,
    /// A5E-DMG-05.
    pub damage_types: Vec<DamageType>,
    pub condition_sets: Vec<ConditionSetTable>,
}

/// What a new encounter of a preset runs under when its config overrides nothing.
#[crate::boundary(output)]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PresetTable {
    pub preset: Preset,
    pub initiative: InitiativeSystem,
    /// C-01: seconds in a combat round.
    pub round_length: RoundLength,
    /// Whose rules for hit points, dying and rests (C-20: 5e's under gh5e and standard).
    pub creature: CreatureRules,
    pub conditions: ConditionSet,
}

/// How an initiative system runs a round.
#[crate::boundary(output)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InitiativeSystemTable {
    pub system: InitiativeSystem,
    /// C-03: the lowest count acts first (Greyhawk); otherwise the highest.
    pub ascending: bool,
    /// C-04: everyone declares and rolls again every round.
    pub declares_each_round: bool,
    /// C-09: a creature may hold its turn (`delay`, then `resume`).
    pub allows_delay: bool,
}

/// One row of GH-DICE-01: the die an activity adds to a Greyhawk initiative roll.
#[crate::boundary(output)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ActivityDie {
    pub activity: Activity,
    pub die: DieSize,
    /// An action (not movement or swapping gear): extra actions roll only the largest action
    /// die (GH-INIT-05), and it may be the bonus action (GH-INIT-04).
    pub action: bool,
}

/// A condition set's built-in conditions, as a picker lists them.
#[crate::boundary(output)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ConditionSetTable {
    pub set: ConditionSet,
    pub conditions: Vec<ConditionListing>,
}

/// Every initiative system (the registration's list).
pub const INITIATIVE_SYSTEMS: [InitiativeSystem; InitiativeSystem::ALL.len()] =
    InitiativeSystem::ALL;

/// Every condition set.
pub const CONDITION_SETS: [ConditionSet; 3] =
    [ConditionSet::A5e, ConditionSet::Srd5e, ConditionSet::Ose];

/// The tables, built from the rules' own definitions.
pub fn rule_tables() -> RuleTables {
    RuleTables {
        presets: Preset::ALL
            .iter()
            .map(|&preset| {
                let config = RulesetConfig::preset(preset).for_new_encounter();
                PresetTable {
                    preset,
                    initiative: config.system(),
                    round_length: config.round_length(),
                    creature: config.creature_rules(),
                    conditions: config.condition_set(),
                }
            })
            .collect(),
        initiative_systems: INITIATIVE_SYSTEMS
            .iter()
            .map(|&system| InitiativeSystemTable {
                system,
                ascending: system.ascending(),
                declares_each_round: system.declares_each_round(),
                allows_delay: system.allows_delay(),
            })
            .collect(),
        greyhawk_activities: INITIATIVE_DICE
            .iter()
            .map(|&(activity, die)| ActivityDie {
                activity,
                die,
                action: activity.is_action(),
            })
            .collect(),
        damage_types: DamageType::ALL.to_vec(),
        condition_sets: CONDITION_SETS
            .iter()
            .map(|&set| ConditionSetTable {
                set,
                conditions: ConditionCatalog::new(set).listing(),
            })
            .collect(),
    }
}
