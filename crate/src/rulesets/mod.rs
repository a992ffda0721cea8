//! Ruleset presets (docs/design.md principle 4): each preset chooses an initiative system, a round
//! length and the sources' options; a user may override any of them (A5E with Greyhawk
//! initiative). Presets are not forks: everything is one serde struct, [`RulesetConfig`].

pub mod tables;

use crate::conditions::ConditionSet;
use crate::creature::CreatureRules;
use crate::error::{Error, Result};
use crate::initiative::InitiativeSystem;
use crate::initiative::ability_check::AbilityCheckOptions;
use crate::initiative::dex_score::DexScoreOptions;
use crate::initiative::greyhawk::GreyhawkOptions;
use crate::initiative::rules::InitiativeOptions;
use crate::initiative::side::SideOptions;
use crate::initiative::standard::StandardOptions;

pub use crate::clock::RoundLength;

/// The rulesets of docs/rules.md, plus standard 5e.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preset {
    /// Greyhawk Initiative over a 5e base (C-20).
    #[serde(rename = "gh5e")]
    Gh5e,
    /// Level Up Advanced 5e.
    #[serde(rename = "a5e")]
    A5e,
    /// The OSR/5e hybrid.
    #[serde(rename = "hyb")]
    Hyb,
    /// Old-School Essentials.
    #[serde(rename = "ose")]
    Ose,
    /// Standard 5e initiative.
    #[serde(rename = "standard")]
    Standard,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 5] = [Self::Gh5e, Self::A5e, Self::Hyb, Self::Ose, Self::Standard];

    /// The preset's initiative system (§5.1 "Initiative method").
    pub const fn initiative(self) -> InitiativeSystem {
        match self {
            Self::Gh5e => InitiativeSystem::Greyhawk,
            Self::A5e => InitiativeSystem::AbilityCheck,
            Self::Hyb => InitiativeSystem::DexScore,
            Self::Ose => InitiativeSystem::Side,
            Self::Standard => InitiativeSystem::Standard,
        }
    }

    /// The preset's round length (C-01): GH-TIME-01 and A5E-TBA-03 6 s, OSE 10 s, HYB not
    /// stated (6 s by default, a parameter), standard 5e 6 s.
    pub const fn round_length(self) -> RoundLength {
        match self {
            Self::Ose => RoundLength::TEN_SECONDS,
            _ => RoundLength::SIX_SECONDS,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Self::Gh5e => "gh5e",
            Self::A5e => "a5e",
            Self::Hyb => "hyb",
            Self::Ose => "ose",
            Self::Standard => "standard",
        }
    }
}

/// A preset plus overrides: everything an encounter needs to know about its rules.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RulesetConfig {
    pub preset: Preset,
    /// Use another initiative system than the preset's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<InitiativeSystem>,
    /// Override the round length where the preset allows it (A5E-TBA-03, HYB).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_length: Option<RoundLength>,
    #[serde(default, skip_serializing_if = "GreyhawkOptions::is_default")]
    pub greyhawk: GreyhawkOptions,
    #[serde(default, skip_serializing_if = "AbilityCheckOptions::is_default")]
    pub a5e: AbilityCheckOptions,
    #[serde(default, skip_serializing_if = "DexScoreOptions::is_default")]
    pub hyb: DexScoreOptions,
    #[serde(default, skip_serializing_if = "SideOptions::is_default")]
    pub ose: SideOptions,
    #[serde(default, skip_serializing_if = "StandardOptions::is_default")]
    pub standard: StandardOptions,
    /// The damage, death and healing rules of the participants' creatures, with their options
    /// (A5E for a5e, gh5e and standard, or 5e (`srd5e`) for gh5e and standard; HYB; OSE). Left out: the preset's, with docs/rules.md's
    /// default readings ([`RulesetConfig::creature_rules`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<CreatureRules>,
    /// The built-in condition set (`"a5e"`, `"srd5e"` or `"ose"`). Left out: the one the
    /// creature rules imply, as before there was a choice (5e's under `srd5e`, A5E's
    /// otherwise), so a snapshot saved without it keeps its conditions; a new OSE encounter
    /// names OSE's own ([`Self::for_new_encounter`]). Any set goes with any preset: a table
    /// may play OSE with A5E's conditions by naming them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conditions: Option<ConditionSet>,
}

/// Hashed as before `creature` and `conditions` existed while they are unset, so digests and
/// snapshot checksums written by earlier versions still match.
impl crate::Digestible for RulesetConfig {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.preset.feed(d);
        self.initiative.feed(d);
        self.round_length.feed(d);
        self.greyhawk.feed(d);
        self.a5e.feed(d);
        self.hyb.feed(d);
        self.ose.feed(d);
        self.standard.feed(d);
        if let Some(c) = &self.creature {
            c.feed(d);
        }
        if let Some(c) = &self.conditions {
            c.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for RulesetConfig {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.preset.hash(h);
        self.initiative.hash(h);
        self.round_length.hash(h);
        self.greyhawk.hash(h);
        self.a5e.hash(h);
        self.hyb.hash(h);
        self.ose.hash(h);
        self.standard.hash(h);
        if let Some(c) = &self.creature {
            c.hash(h);
        }
        if let Some(c) = &self.conditions {
            c.hash(h);
        }
    }
}

impl RulesetConfig {
    /// A preset with all its defaults.
    pub fn preset(preset: Preset) -> Self {
        Self {
            preset,
            initiative: None,
            round_length: None,
            greyhawk: GreyhawkOptions::default(),
            a5e: AbilityCheckOptions::default(),
            hyb: DexScoreOptions::default(),
            ose: SideOptions::default(),
            standard: StandardOptions::default(),
            creature: None,
            conditions: None,
        }
    }

    /// Name the built-in condition set (any set with any preset).
    pub fn with_conditions(mut self, set: ConditionSet) -> Self {
        self.conditions = Some(set);
        self
    }

    /// The condition set a new encounter of this preset gets when its config names none:
    /// OSE's own for `ose` (its combat rules' blinded, helpless, paralyzed and retreating;
    /// OSE-ATK-10, OSE-ATK-13, OSE-COMBAT-04); for the other presets, none, because what the
    /// creature rules imply is already their set.
    pub fn default_condition_set(preset: Preset) -> Option<ConditionSet> {
        match preset {
            Preset::Ose => Some(ConditionSet::Ose),
            Preset::A5e | Preset::Gh5e | Preset::Hyb | Preset::Standard => None,
        }
    }

    /// The built-in condition set in force: the one named, else the one the creature rules
    /// imply (5e's under `srd5e`, A5E's otherwise), as every snapshot without `conditions`
    /// was played.
    pub fn condition_set(&self) -> ConditionSet {
        self.conditions.unwrap_or(match self.creature_rules() {
            CreatureRules::Srd5e(_) => ConditionSet::Srd5e,
            CreatureRules::A5e(_) | CreatureRules::Hyb(_) | CreatureRules::Ose(_) => {
                ConditionSet::A5e
            }
        })
    }

    /// Set the creature rules (and their options) for the participants.
    pub fn with_creature_rules(mut self, rules: CreatureRules) -> Self {
        self.creature = Some(rules);
        self
    }

    /// The creature rules in force: the ones set, or the preset's with their defaults.
    /// The creature rules a new encounter of this preset gets when its config names none:
    /// 5e's own (SRD) under Greyhawk initiative and the standard preset, which are 5e
    /// variants (C-20); each ruleset's own elsewhere. [`crate::encounter::Encounter::new`]
    /// writes this into the config, so what a snapshot stores is explicit.
    pub fn default_creature_rules(preset: Preset) -> CreatureRules {
        match preset {
            Preset::Hyb => CreatureRules::hyb(),
            Preset::Ose => CreatureRules::ose(),
            Preset::A5e => CreatureRules::a5e(),
            Preset::Gh5e | Preset::Standard => CreatureRules::srd5e(),
        }
    }

    /// This config for a new encounter: the preset's default creature rules filled in where
    /// they differ from what an absent `creature` means in a stored config (A5E's, for every
    /// snapshot written before 5e's rules became the Greyhawk and standard default), and OSE's
    /// condition set for `ose` where none is named (an absent `conditions` reads as A5E's
    /// there, for every OSE snapshot written before OSE had its own). Whatever the table named
    /// stays; presets whose defaults an absent field already means are left as they are, so
    /// their snapshots and digests do not change.
    pub fn for_new_encounter(mut self) -> Self {
        if self.creature.is_none() {
            let default = Self::default_creature_rules(self.preset);
            if default != self.creature_rules() {
                self.creature = Some(default);
            }
        }
        if self.conditions.is_none() {
            self.conditions = Self::default_condition_set(self.preset);
        }
        self
    }

    /// The creature rules in force. An absent `creature` reads as it always has (A5E's for
    /// gh5e and standard), so snapshots saved before 5e's rules became those presets'
    /// default keep their rules; new encounters store theirs ([`Self::for_new_encounter`]).
    pub fn creature_rules(&self) -> CreatureRules {
        self.creature.unwrap_or(match self.preset {
            Preset::Hyb => CreatureRules::hyb(),
            Preset::Ose => CreatureRules::ose(),
            Preset::A5e | Preset::Gh5e | Preset::Standard => CreatureRules::a5e(),
        })
    }

    /// Override the initiative system.
    pub fn with_initiative(mut self, system: InitiativeSystem) -> Self {
        self.initiative = Some(system);
        self
    }

    /// The initiative system in force.
    pub fn system(&self) -> InitiativeSystem {
        self.initiative.unwrap_or(self.preset.initiative())
    }

    /// Every initiative system's options, for the system in force to read its own.
    pub fn initiative_options(&self) -> InitiativeOptions<'_> {
        InitiativeOptions {
            greyhawk: &self.greyhawk,
            a5e: &self.a5e,
            hyb: &self.hyb,
            ose: &self.ose,
            standard: &self.standard,
        }
    }

    /// The round length in force.
    pub fn round_length(&self) -> RoundLength {
        self.round_length.unwrap_or(self.preset.round_length())
    }

    /// Whether `length` may be chosen under this preset: A5E allows the Narrator's four
    /// lengths (A5E-TBA-03), HYB any length (its sources don't state one), the others only
    /// their fixed length (GH-TIME-01, C-01).
    pub fn check_round_length(&self, length: RoundLength) -> Result<()> {
        let ok = match self.preset {
            Preset::A5e => RoundLength::A5E_CHOICES.contains(&length),
            Preset::Hyb => true,
            other => length == other.round_length(),
        };
        if ok {
            Ok(())
        } else {
            Err(Error::invalid_argument(format!(
                "the {} preset does not allow a {}-second round",
                self.preset.name(),
                length.seconds()
            )))
        }
    }

    /// Validate the overrides. `conditions` needs no check: serde only reads the sets that
    /// exist, and any set may go with any preset (an OSE table may keep A5E's conditions).
    pub fn validate(&self) -> Result<()> {
        if let Some(l) = self.round_length {
            self.check_round_length(l)?;
        }
        if let Some(rules) = self.creature {
            let fits = matches!(
                (self.preset, rules),
                (Preset::Hyb, CreatureRules::Hyb(_))
                    | (Preset::Ose, CreatureRules::Ose(_))
                    | (
                        Preset::A5e | Preset::Gh5e | Preset::Standard,
                        CreatureRules::A5e(_)
                    )
                    // Greyhawk initiative and standard initiative sit on plain 5e (C-20).
                    | (Preset::Gh5e | Preset::Standard, CreatureRules::Srd5e(_))
            );
            if !fits {
                return Err(Error::invalid_argument(
                    "creature rules must be the preset's own (A5E for a5e; A5E or 5e for gh5e and standard)",
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_choose_system_and_round_length() {
        let c = RulesetConfig::preset(Preset::Ose);
        assert_eq!(c.system(), InitiativeSystem::Side);
        assert_eq!(c.round_length().seconds(), 10);
        let c = RulesetConfig::preset(Preset::A5e).with_initiative(InitiativeSystem::Greyhawk);
        assert_eq!(c.system(), InitiativeSystem::Greyhawk);
        assert_eq!(
            serde_json::to_string(&RulesetConfig::preset(Preset::Gh5e)).unwrap(),
            r#"{"preset":"gh5e"}"#
        );
    }

    #[test]
    fn a5e_tba_03_narrator_round_lengths() {
        let c = RulesetConfig::preset(Preset::A5e);
        for s in [6, 10, 60, 600] {
            assert!(c.check_round_length(RoundLength::new(s).unwrap()).is_ok());
        }
        assert!(c.check_round_length(RoundLength::new(30).unwrap()).is_err());
        let gh = RulesetConfig::preset(Preset::Gh5e);
        assert!(gh.check_round_length(RoundLength::TEN_SECONDS).is_err());
        let hyb = RulesetConfig::preset(Preset::Hyb);
        assert!(
            hyb.check_round_length(RoundLength::new(12).unwrap())
                .is_ok()
        );
    }
}
