//! What a stand-alone creature (a character sheet) can be told to do, as one typed command per
//! operation (issue 37). A command is the JSON the facade sends and the record a creature event
//! keeps, so another client replays exactly the operation that ran.
//!
//! Before this type, an operation was a name with a number and two JSON texts
//! ([`LegacyCreatureOp`]); events recorded that way still load, converted by
//! [`CreatureCommand::from_legacy`] with the rules that read them then.

use super::{
    Ability, DamageChoices, DamageInstance, DiceSpec, DoomDeadline, GameTime, LongRest,
    NightlyRest, OngoingDamage, OseRestDay, RollMode, StabilizeMethod, TempHpChoice,
};
use crate::error::{Error, ErrorCode, Result};
// Rust's own `{}` for a float would bring the standard library's float formatting (Grisu
// and Dragon, about 14 KB of the core) for these three messages alone.
use crate::text::float::display_f64;
use crate::wire::FromWire;

/// One operation on a creature sheet.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CreatureCommand {
    /// Damage with the attacker's, target's or Narrator's choices (A5E-DMG-*, HYB-DMG-*, OSE).
    Damage {
        damage: DamageInstance,
        #[serde(default)]
        choices: DamageChoices,
    },
    /// A5E-DMG-06: a tick of ongoing damage.
    OngoingDamage {
        ongoing: OngoingDamage,
        #[serde(default)]
        choices: DamageChoices,
    },
    Heal {
        amount: i32,
    },
    HealDice {
        dice: DiceSpec,
    },
    GrantTempHp {
        amount: i32,
        #[serde(default)]
        choice: TempHpChoice,
    },
    DeathSave {
        #[serde(default)]
        modifier: i32,
        #[serde(default)]
        mode: RollMode,
    },
    Stabilize {
        method: StabilizeMethod,
    },
    GainFatigue {
        levels: i32,
    },
    GainStrife {
        levels: i32,
    },
    RemoveFatigue {
        levels: i32,
    },
    RemoveStrife {
        levels: i32,
    },
    /// SRD-EXH-01.
    GainExhaustion {
        levels: i32,
    },
    RemoveExhaustion {
        levels: i32,
    },
    Doom {
        #[serde(default)]
        deadline: DoomDeadline,
    },
    LiftDoom,
    Kill,
    Raise {
        hp: i32,
        #[serde(default)]
        lifts_doom: bool,
    },
    /// Set the sheet's clock (nothing happens to the creature).
    SetTime {
        now: GameTime,
        #[serde(default)]
        in_encounter: bool,
    },
    AdvanceTime {
        now: GameTime,
    },
    /// End the fight, at `now` or, left out, at the sheet's time.
    EndEncounter {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now: Option<GameTime>,
    },
    SpendHitDie,
    FinishShortRest,
    LongRest {
        rest: LongRest,
    },
    HybNightlyRest {
        rest: NightlyRest,
    },
    /// OSE-HEAL-01: `days` one by one, or `completeDays` days of complete rest.
    OseNaturalHealing {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        days: Option<Vec<OseRestDay>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        complete_days: Option<u32>,
    },
    AddAdventuringHours {
        hours: i32,
    },
    SetResilienceReduction {
        hours: i32,
    },
    ResilienceCheck {
        #[serde(default)]
        mode: RollMode,
    },
    Exhaust,
    HybMundaneCare,
    LoseAbilityPoints {
        ability: Ability,
        points: i32,
    },
    RecoverAbilityPoints {
        ability: Ability,
        points: i32,
    },
}

/// An operation as creature events recorded it before [`CreatureCommand`]: its name, its number
/// (absent for none) and its two other arguments as JSON text (`null` when left out).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LegacyCreatureOp {
    pub op: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<f64>,
    pub a: String,
    pub b: String,
}

/// JSON text as `T`, `INVALID_ARGUMENT` naming `what` when it is not one.
pub(crate) fn parse<T: FromWire>(json: &str, what: &str) -> Result<T> {
    crate::wire::from_json(json, what, ErrorCode::InvalidArgument)
}

/// An optional argument (JSON `null` when left out): its type's default then.
pub(crate) fn or_default<T: FromWire + Default>(json: &str, what: &str) -> Result<T> {
    Ok(parse::<Option<T>>(json, what)?.unwrap_or_default())
}

/// A whole number within `min..=max`.
fn whole(n: f64, min: f64, max: f64) -> Option<f64> {
    (n.fract() == 0.0 && (min..=max).contains(&n)).then_some(n)
}

/// A whole number in the range of `i32`.
fn int(n: Option<f64>) -> Result<i32> {
    let n = n.unwrap_or(f64::NAN);
    whole(n, f64::from(i32::MIN), f64::from(i32::MAX))
        .map(|n| n as i32)
        .ok_or_else(|| {
            Error::invalid_argument(format!("{} is not a whole number in range", display_f64(n)))
        })
}

/// Game time in whole seconds, 0 to 2^32 − 1.
fn seconds(n: Option<f64>) -> Result<GameTime> {
    let n = n.unwrap_or(f64::NAN);
    whole(n, 0.0, f64::from(u32::MAX))
        .map(|n| GameTime(n as u32))
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "game time must be whole seconds from 0 to {}, not {}",
                u32::MAX,
                display_f64(n)
            ))
        })
}

/// A number of complete days of rest, 0 to 2^32 − 1.
fn days(n: Option<f64>) -> Result<u32> {
    let n = n.unwrap_or(f64::NAN);
    whole(n, 0.0, f64::from(u32::MAX))
        .map(|n| n as u32)
        .ok_or_else(|| {
            Error::invalid_argument(format!(
                "days of rest must be a whole number from 0, not {}",
                display_f64(n)
            ))
        })
}

impl CreatureCommand {
    /// The command a [`LegacyCreatureOp`] meant, read as it was read when it was recorded (an
    /// argument of the wrong type is `INVALID_ARGUMENT`, as it was then).
    pub fn from_legacy(op: &LegacyCreatureOp) -> Result<Self> {
        let (n, a, b) = (op.n, op.a.as_str(), op.b.as_str());
        Ok(match op.op.as_str() {
            "damage" => Self::Damage {
                damage: parse(a, "damage")?,
                choices: or_default(b, "choices")?,
            },
            "ongoingDamage" => Self::OngoingDamage {
                ongoing: parse(a, "ongoing")?,
                choices: or_default(b, "choices")?,
            },
            "heal" => Self::Heal { amount: int(n)? },
            "healDice" => Self::HealDice {
                dice: parse(a, "dice")?,
            },
            "grantTempHp" => Self::GrantTempHp {
                amount: int(n)?,
                choice: or_default(a, "choice")?,
            },
            "deathSave" => Self::DeathSave {
                modifier: int(n)?,
                mode: or_default(a, "mode")?,
            },
            "stabilize" => Self::Stabilize {
                method: parse(a, "method")?,
            },
            "gainFatigue" => Self::GainFatigue { levels: int(n)? },
            "gainStrife" => Self::GainStrife { levels: int(n)? },
            "removeFatigue" => Self::RemoveFatigue { levels: int(n)? },
            "removeStrife" => Self::RemoveStrife { levels: int(n)? },
            "gainExhaustion" => Self::GainExhaustion { levels: int(n)? },
            "removeExhaustion" => Self::RemoveExhaustion { levels: int(n)? },
            "doom" => Self::Doom {
                deadline: or_default(a, "deadline")?,
            },
            "liftDoom" => Self::LiftDoom,
            "kill" => Self::Kill,
            "raise" => Self::Raise {
                hp: int(n)?,
                lifts_doom: or_default(a, "liftsDoom")?,
            },
            "setTime" => Self::SetTime {
                now: seconds(n)?,
                in_encounter: or_default(a, "inEncounter")?,
            },
            "advanceTime" => Self::AdvanceTime { now: seconds(n)? },
            "endEncounter" => Self::EndEncounter {
                now: n.map(|n| seconds(Some(n))).transpose()?,
            },
            "spendHitDie" => Self::SpendHitDie,
            "finishShortRest" => Self::FinishShortRest,
            "longRest" => Self::LongRest {
                rest: parse(a, "rest")?,
            },
            "hybNightlyRest" => Self::HybNightlyRest {
                rest: parse(a, "rest")?,
            },
            "oseNaturalHealing" => match parse::<Option<Vec<OseRestDay>>>(a, "days")? {
                Some(days) => Self::OseNaturalHealing {
                    days: Some(days),
                    complete_days: None,
                },
                None => Self::OseNaturalHealing {
                    days: None,
                    complete_days: Some(days(n)?),
                },
            },
            "addAdventuringHours" => Self::AddAdventuringHours { hours: int(n)? },
            "setResilienceReduction" => Self::SetResilienceReduction { hours: int(n)? },
            "resilienceCheck" => Self::ResilienceCheck {
                mode: or_default(a, "mode")?,
            },
            "exhaust" => Self::Exhaust,
            "hybMundaneCare" => Self::HybMundaneCare,
            "loseAbilityPoints" => Self::LoseAbilityPoints {
                ability: parse(a, "ability")?,
                points: int(n)?,
            },
            "recoverAbilityPoints" => Self::RecoverAbilityPoints {
                ability: parse(a, "ability")?,
                points: int(n)?,
            },
            other => {
                return Err(Error::invalid_argument(format!(
                    "unknown creature operation \"{other}\""
                )));
            }
        })
    }
}
