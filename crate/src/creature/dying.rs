//! Death saving throws (A5E-DEATH-03, -04) and stabilising (A5E-DEATH-09, HYB-DEATH-02).

use crate::creature::a5e_damage::DEATH_SAVES_TO_RESOLVE;
use crate::creature::log::Log;
use crate::creature::outcome::{Outcome, Report, TrackKind};
use crate::creature::roll::{CheckKind, CheckRoll, RollMode, check_dc, check_modifier};
use crate::creature::rules::CreatureRules;
use crate::creature::state::{Creature, DeathState};
use crate::creature::time::Moment;
use crate::creature::tracked::a5e_rules;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// A5E-DEATH-03: a death save succeeds on 10 or more.
pub const DEATH_SAVE_DC: i32 = 10;

/// A5E-DICE-05 / A5E-DEATH-04, read as G-50: whether a death save with this d20 face and total
/// succeeds. A natural 20 always does and a natural 1 never does, whatever the modifiers;
/// any other face needs a total of 10 or more. The creature sheet and the stateless
/// `a5e.deathSave` both decide with this, so they cannot disagree (5e's natural 1, two
/// failures, fails in the same cases).
pub(crate) fn death_save_succeeds(natural: u32, total: i32) -> bool {
    match natural {
        20 => true,
        1 => false,
        _ => total >= DEATH_SAVE_DC,
    }
}

/// Roll a death save and record it, its `success` decided by [`death_save_succeeds`] (a plain
/// check knows nothing of natural 1s and 20s, so its record would call a natural 1 with +9 a
/// success while the save failed).
pub(crate) fn roll_death_save_check(
    log: &mut Log<'_>,
    modifier: i32,
    mode: RollMode,
) -> Result<CheckRoll> {
    let mut save = log
        .dice
        .check(CheckKind::DeathSave, modifier, DEATH_SAVE_DC, mode)?;
    save.success = death_save_succeeds(save.natural, save.total);
    log.checks.push(save.clone());
    Ok(save)
}
/// A5E-DEATH-09: DC of the Wisdom (Medicine) check to stabilise.
pub const STABILIZE_DC: i32 = 10;

/// How someone tries to stabilise a creature at 0 HP.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum StabilizeMethod {
    /// A check by the helper with its `modifier`. A5E: the DC 10 Wisdom (Medicine) check of
    /// A5E-DEATH-09, so `dc` must be left out. HYB: a modified ability check whose DC the GM
    /// sets (HYB-DEATH-02 [ADJ]), so `dc` is required.
    Check {
        /// The helper's modifier (0 when left out).
        #[serde(default)]
        modifier: i32,
        #[serde(default)]
        mode: RollMode,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dc: Option<i32>,
    },
    /// A spell, feature or other means that stabilises without a roll.
    Automatic,
}

impl Creature {
    /// A5E-DEATH-03 / -04: the death save a dying creature makes at the start of its turn.
    /// `modifier` carries any effect that modifies saving throws. Natural 20: 1 HP and awake.
    /// Natural 1: a failure whatever the modifier (G-50), plus a level of fatigue and one of
    /// strife. Three successes: stable (regaining 1 HP after 1d4 hours, rolled now). Three
    /// failures: dead.
    pub fn death_save(
        &mut self,
        rules: &CreatureRules,
        modifier: i32,
        mode: RollMode,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        if let CreatureRules::Srd5e(_) = rules {
            return self.srd5e_death_save(modifier, mode, at, roller);
        }
        let rules = a5e_rules(rules, "a death saving throw")?;
        check_modifier(modifier, "a death-save modifier")?;
        let DeathState::Dying {
            successes,
            failures,
        } = self.death
        else {
            return Err(Error::out_of_order(
                "only a dying creature (0 HP, not stable) makes death saves (A5E-DEATH-03)",
            ));
        };
        let mut next = self.clone();
        let mut log = Log::new(roller);
        let save = roll_death_save_check(&mut log, modifier, mode)?;
        if save.natural == 20 {
            next.regain_hp(1, &mut log);
        } else if !save.success {
            if save.natural == 1 {
                next.add_levels(TrackKind::Fatigue, 1, &rules, at, &mut log)?;
                next.add_levels(TrackKind::Strife, 1, &rules, at, &mut log)?;
            }
            next.add_death_save_failure(&mut log);
        } else {
            let successes = successes.saturating_add(1);
            log.push(Outcome::DeathSaveSucceeded { successes });
            if successes >= DEATH_SAVES_TO_RESOLVE {
                next.become_stable(at, &mut log)?;
            } else {
                next.death = DeathState::Dying {
                    successes,
                    failures,
                };
            }
        }
        *self = next;
        Ok(log.into_report())
    }

    /// Stabilise a creature at 0 HP.
    ///
    /// A5E (A5E-DEATH-09): a dying creature; on a DC 10 Medicine success (or automatically) it
    /// becomes stable and will regain 1 HP after 1d4 hours (A5E-DEATH-10, rolled now).
    ///
    /// HYB (HYB-DEATH-02, -03): an incapacitated creature; on success a PC rolls on the injury
    /// table and, unless it dies, returns to 1 HP (or 1d8 HP on a 20).
    ///
    /// A failed check changes nothing but is reported in `checks`.
    pub fn stabilize(
        &mut self,
        rules: &CreatureRules,
        method: StabilizeMethod,
        at: Moment,
        roller: &mut dyn DieRoller,
    ) -> Result<Report> {
        self.validate()?;
        let mut next = self.clone();
        let mut log = Log::new(roller);
        match rules {
            // 5e's Medicine check to stabilise is the same DC 10 check.
            CreatureRules::A5e(_) | CreatureRules::Srd5e(_) => {
                if !matches!(next.death, DeathState::Dying { .. }) {
                    return Err(Error::out_of_order(
                        "only a dying creature can be stabilised (A5E-DEATH-09)",
                    ));
                }
                let success = match method {
                    StabilizeMethod::Automatic => true,
                    StabilizeMethod::Check { dc: Some(_), .. } => {
                        return Err(Error::invalid_argument(
                            "the A5E stabilising check is always DC 10 (A5E-DEATH-09)",
                        ));
                    }
                    StabilizeMethod::Check { modifier, mode, .. } => {
                        check_modifier(modifier, "a Medicine modifier")?;
                        log.check(CheckKind::MedicineCheck, modifier, STABILIZE_DC, mode)?
                            .success
                    }
                };
                if success {
                    next.become_stable(at, &mut log)?;
                }
            }
            CreatureRules::Hyb(r) => {
                if !next.is_incapacitated() {
                    return Err(Error::out_of_order(
                        "only an incapacitated creature can be stabilised (HYB-DEATH-02)",
                    ));
                }
                next.require_injury_data(r)?;
                let success = match method {
                    StabilizeMethod::Automatic => true,
                    StabilizeMethod::Check { dc: None, .. } => {
                        return Err(Error::invalid_argument(
                            "the GM sets the DC of the HYB stabilising check (HYB-DEATH-02)",
                        ));
                    }
                    StabilizeMethod::Check {
                        modifier,
                        mode,
                        dc: Some(dc),
                    } => {
                        check_modifier(modifier, "a check modifier")?;
                        check_dc(dc)?;
                        log.check(CheckKind::HybStabilizeCheck, modifier, dc, mode)?
                            .success
                    }
                };
                if success {
                    next.hyb_stabilized(r, &mut log)?;
                }
            }
            CreatureRules::Ose(_) => {
                return Err(Error::not_allowed(
                    "OSE has no stabilising: 0 HP is death (OSE-DMG-01)",
                ));
            }
        }
        *self = next;
        Ok(log.into_report())
    }
}
