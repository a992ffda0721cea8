//! HYB nightly rest: HP by the safety of the camp (HYB-HEAL-02), exhaustion cured only by safe
//! rest with food (HYB-RES-04), the resilience count restarted (HYB-RES-01), and the injury
//! disadvantage that lasts "until rest" (HYB-DEATH-03).

use crate::creature::hyb::hyb_rules;
use crate::creature::log::{Log, NoDice};
use crate::creature::outcome::{Outcome, Report};
use crate::creature::rules::{CreatureRules, InjuryRest};
use crate::creature::state::Creature;
use crate::error::{Error, Result};

/// HYB-HEAL-02: where the night was spent.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum RestSafety {
    /// A safe place: 1 HP per level.
    Safe,
    /// A dungeon or hostile wilderness: 1 HP.
    Unsafe,
}

/// One night of HYB rest.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct NightlyRest {
    pub safety: RestSafety,
    /// Sufficient food was eaten (HYB-RES-04).
    pub ate_food: bool,
}

/// HYB-HEAL-02 / EX-HYB-05: HP regained for one night (level 4: 4 safe, 1 unsafe). A level of 0
/// (not set) counts as 1, since every PC has a level.
pub fn hyb_nightly_healing(level: u32, safety: RestSafety) -> u32 {
    match safety {
        RestSafety::Safe => level.max(1),
        RestSafety::Unsafe => 1,
    }
}

impl Creature {
    /// One night of HYB rest. The creature must be alive and not lying incapacitated at 0 HP
    /// (stabilise it first). The night restarts the resilience count; a safe night with food
    /// cures exhaustion; the injury disadvantage ends per [`InjuryRest`].
    pub fn hyb_nightly_rest(&mut self, rules: &CreatureRules, rest: NightlyRest) -> Result<Report> {
        self.validate()?;
        let hyb = hyb_rules(rules, "nightly healing")?;
        self.require_not_dead("resting")?;
        if self.is_incapacitated() {
            return Err(Error::out_of_order(
                "an incapacitated creature must be stabilised before it can rest (HYB-DEATH-02)",
            ));
        }
        let mut next = self.clone();
        let mut no_dice = NoDice;
        let mut log = Log::new(&mut no_dice);
        let owed = next.hyb.unhealable;
        let gained = next.regain_hp(hyb_nightly_healing(next.level, rest.safety), &mut log);
        // HYB-RETURN-02: rest mends first the wounds nothing else can. What is still owed
        // stays within the HP missing: it was on entry (`validate`), and the HP regained
        // come off both.
        next.hyb.unhealable = owed.saturating_sub(gained);
        let safe = rest.safety == RestSafety::Safe;
        if next.hyb.disadvantage_until_rest && (safe || hyb.injury_rest == InjuryRest::AnyRest) {
            next.hyb.disadvantage_until_rest = false;
            log.push(Outcome::DisadvantageEnded);
        }
        if next.hyb.exhausted && safe && rest.ate_food {
            next.hyb.exhausted = false;
            log.push(Outcome::ExhaustionCured);
        }
        next.hyb.hours_adventured = 0;
        *self = next;
        Ok(log.into_report())
    }
}
