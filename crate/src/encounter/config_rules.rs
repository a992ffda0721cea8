//! What an encounter's config means for its creatures, conditions and effects: the condition
//! set, the creature rules and the duration rules a preset brings (C-08, C-20). The encounter's
//! state is built from these, so they sit below it.

use crate::creature::CreatureRules;
use crate::effects::{DurationRules, MAX_SECONDS_PER_ROUND};
use crate::rulesets::RulesetConfig;

/// The built-in conditions an encounter uses: the set its config names (new OSE encounters
/// name OSE's: OSE-ATK-10, OSE-ATK-13, OSE-COMBAT-04), else 5e's (SRD-COND-01..14) when its
/// creatures follow the `srd5e` rules and A5E's otherwise (C-20: the 5e-like base of gh5e and
/// standard), as configs saved without `conditions` were played.
pub fn condition_set(config: &RulesetConfig) -> crate::conditions::ConditionSet {
    config.condition_set()
}

/// The creature rules of a preset (C-20: Greyhawk initiative sits on the 5e-like A5E base).
pub fn creature_rules(config: &RulesetConfig) -> CreatureRules {
    config.creature_rules()
}

/// The duration rules of an initiative system (C-08): Greyhawk converts turn anchors to round
/// boundaries and orders simultaneous expiries with d20s (GH-DUR-01..03); OSE counts rounds;
/// the others keep creature-turn anchors (A5E-DUR-01). The round length is the encounter's.
pub fn duration_rules(config: &RulesetConfig) -> DurationRules {
    let mut rules = config
        .system()
        .rules()
        .duration_rules(&config.initiative_options());
    rules.seconds_per_round = config
        .round_length()
        .seconds()
        .clamp(1, MAX_SECONDS_PER_ROUND);
    rules
}
