//! The HYB procedures callable by name (`hyb.check`, `hyb.chase`…): one definition each in
//! [`PROCEDURES`], with the small input and result bundles for rules that take separate
//! arguments or answer with more than one part. See [`crate::procedures::registry`].

use crate::procedures::hyb::attack::HybAttackResult;
use crate::procedures::hyb::attack::HybDamage;
use crate::procedures::hyb::chase::ChaseResult;
use crate::procedures::hyb::check::HybCheckResult;
use crate::procedures::hyb::morale::HybMoraleCheck;
use crate::procedures::hyb::morale::MoraleUnit;
use crate::procedures::hyb::morale::MoraleUnitCheck;
use crate::procedures::hyb::retreat::RetreatResult;
use crate::procedures::hyb::trap::DangerousCheck;
use crate::procedures::hyb::trap::TrapResult;

use crate::dice::DiceSpec;
use crate::error::Error;
use crate::procedures::hyb::attack::roll_hyb_damage;
use crate::procedures::hyb::attack::{HybAttackInput, roll_hyb_attack};
use crate::procedures::hyb::chase::{ChaseInput, chase_dc, roll_chase};
use crate::procedures::hyb::check::{HybCheckInput, Stealth, roll_hyb_check};
use crate::procedures::hyb::morale::{
    GroupRoller, HybMoraleInput, HybMoraleTrigger, MoraleGrouping, MoraleParticipant,
    plan_morale_rolls, roll_follower_morale, roll_hyb_morale, roll_hyb_morale_for,
};
use crate::procedures::hyb::retreat::{RetreatInput, resolve_retreat};
use crate::procedures::hyb::trap::{TrapInput, resolve_trap, roll_dangerous_check};

use crate::procedures::registry::StateStep;

/// For HYB-LIGHT-02/03: a light level, and whether the creature has darksight.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybLightInput {
    pub level: crate::clock::LightLevel,
    #[serde(default)]
    pub darksight: bool,
}

/// For HYB-LIGHT-02/03: the checks the light gives advantage and disadvantage on.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybLightEffects {
    pub advantage_on: Vec<String>,
    pub disadvantage_on: Vec<String>,
}

/// For HYB-CHASE-02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChaseDcInput {
    pub opponent_speed_ft: u32,
    #[serde(default)]
    pub adjustment: i32,
}

/// For HYB-MORALE-01/02: the check's modifiers, and what called for it.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct HybMoraleCall {
    pub morale: HybMoraleInput,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger: Option<HybMoraleTrigger>,
}

/// For HYB-MORALE-01..03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybGroupMoraleInput {
    pub participants: Vec<MoraleParticipant>,
    #[serde(default)]
    pub grouping: MoraleGrouping,
    #[serde(default)]
    pub group_roller: GroupRoller,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<HybMoraleTrigger>,
}

/// For HYB-DMG-03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DangerousCheckInput {
    pub check: HybCheckInput,
    /// A PC's natural 1 doubles the damage (true unless given).
    #[serde(default = "yes")]
    pub for_pc: bool,
}

const fn yes() -> bool {
    true
}

/// For HYB-DMG-01/02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybDamageInput {
    pub dice: DiceSpec,
    /// The ability modifier (and any other fixed bonus).
    #[serde(default)]
    pub modifier: i32,
    #[serde(default)]
    pub critical: bool,
}

/// For HYB-CHK-04.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StealthInput {
    #[serde(default)]
    pub stealth: Stealth,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<HybCheckInput>,
}

crate::procedures! {
    pub const PROCEDURES, DESCRIPTIONS = [
    // ---- HYB checks, traps, stealth ----
    /// d20 + modifiers (+ proficiency) ≥ DC, with advantage or disadvantage.
    "hyb.check" ["HYB-CHK-01..03"]
        |i: HybCheckInput, d| -> HybCheckResult {
            roll_hyb_check(d, &i)
        }
    "hyb.stealth.attempt" ["HYB-CHK-04"] group "HYB-CHK-04: a check hides the character (it can't be targeted); attacking ends it." ts "StealthInput & { check: HybCheckInput }"
        |i: StealthInput, d| -> StateStep<Stealth, HybCheckResult> {
            let mut i = i;
            let check = i
                .check
                .ok_or_else(|| Error::invalid_argument("missing field `check`"))?;
            let result = i.stealth.attempt(d, &check)?;
            Ok(StateStep {
                state: i.stealth,
                result,
            })
        }
    /// The result: whether it was hidden.
    "hyb.stealth.attack" ["HYB-CHK-04"] (legacy_dice) ts "Pick<StealthInput, \"stealth\">"
        |i: StealthInput| -> StateStep<Stealth, bool> {
            let mut i = i;
            let was_hidden = i.stealth.attack();
            Ok(StateStep {
                state: i.stealth,
                result: was_hidden,
            })
        }
    /// a check against danger; a PC's natural 1 doubles the damage.
    "hyb.dangerousCheck" ["HYB-DMG-03"]
        |i: DangerousCheckInput, d| -> DangerousCheck {
            roll_dangerous_check(d, &i.check, i.for_pc)
        }
    /// a trap as a dangerous check; a PC's natural 1 doubles the damage.
    "hyb.trap" ["HYB-TRAP-01", "HYB-DMG-03"]
        |i: TrapInput, d| -> TrapResult {
            resolve_trap(d, &i)
        }
    // ---- HYB attacks and damage ----
    /// total ≥ AC hits; a natural 20 is a critical.
    "hyb.attack" ["HYB-ATK-01..04", "HYB-DMG-02"]
        |i: HybAttackInput, d| -> HybAttackResult {
            roll_hyb_attack(d, &i)
        }
    /// dice + modifier, doubled on a critical.
    "hyb.damage" ["HYB-DMG-01/02"]
        |i: HybDamageInput, d| -> HybDamage {
            roll_hyb_damage(d, i.dice, i.modifier, i.critical)
        }
    // ---- HYB chases, morale, retreat ----
    /// DC 11 ± 1 per 5 ft of the other side's speed beyond 30 ft.
    "hyb.chase" ["HYB-CHASE-01..05"]
        |i: ChaseInput, d| -> ChaseResult {
            roll_chase(d, &i)
        }
    /// the chase DC alone.
    "hyb.chaseDc" ["HYB-CHASE-02"]
        |i: ChaseDcInput| -> i32 {
            chase_dc(i.opponent_speed_ft, i.adjustment)
        }
    /// d20 + WIS + proficiency + HD bonus against DC 11.
    "hyb.morale" ["HYB-MORALE-01/02"] (by_hand)
        |i: HybMoraleCall, d| -> HybMoraleCheck {
            roll_hyb_morale(d, &i.morale, i.trigger)
        }
    /// followers of a retreating PC check at disadvantage and rout on a failure.
    "hyb.followerMorale" ["HYB-MORALE-04"] (optional)
        |i: HybMoraleInput, d| -> HybMoraleCheck {
            roll_follower_morale(d, &i)
        }
    /// what a light level gives advantage and disadvantage on (darksight reverses darkness).
    "hyb.light" ["HYB-LIGHT-02/03"] (legacy_dice)
        |i: HybLightInput| -> HybLightEffects {
            let e = crate::clock::light::hyb_light_effects(i.level, i.darksight);
            let owned = |v: Vec<&str>| v.into_iter().map(str::to_string).collect();
            Ok(HybLightEffects {
                advantage_on: owned(e.advantage_on),
                disadvantage_on: owned(e.disadvantage_on),
            })
        }
    /// which rolls a side, group or individual grouping makes, and who rolls.
    "hyb.planMorale" ["HYB-MORALE-03"] (legacy_dice)
        |i: HybGroupMoraleInput| -> Vec<MoraleUnit> {
            plan_morale_rolls(&i.participants, i.grouping, i.group_roller)
        }
    /// every planned roll, made with its roller's modifiers.
    "hyb.moraleFor" ["HYB-MORALE-01..03"]
        |i: HybGroupMoraleInput, d| -> Vec<MoraleUnitCheck> {
            roll_hyb_morale_for(d, &i.participants, i.grouping, i.group_roller, i.trigger)
        }
    /// the GM's check first, then any hit stops the retreat.
    "hyb.retreat" ["HYB-RETREAT-01/02"] (optional)
        |i: RetreatInput, d| -> RetreatResult {
            resolve_retreat(d, &i)
        }
    ];
}
