//! OSE evasion (OSE-EVADE-01..06): fleeing before combat, in the dungeon (speed comparison),
//! on water (the speed-difference table) and in the wilderness (the group-size × pursuers
//! table, surprise, modifiers and the 5% floor). Pursuits that follow a failed evasion are in
//! [`super::pursuit`].

use crate::dice::DieRoller;
use crate::error::{Error, Result};
use crate::procedures::limits::{MAX_GROUP_SIZE, check_modifier, check_speed};
use crate::procedures::ose::movement::MovementRate;
use crate::procedures::rolls::{Percent, PercentileRoll, roll_percent};

/// How an evasion attempt ended.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EvasionOutcome {
    /// The fleeing side got away; the encounter is avoided.
    Escaped,
    /// The evasion failed: a pursuit follows.
    Pursuit,
    /// The fleeing side was surprised and the referee allows it no chance (OSE-EVADE-04).
    CannotEvade,
}

/// What happens once a side decides to flee (OSE-EVADE-01).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum EvasionStart {
    /// Nobody pursues: the evasion succeeds automatically.
    Unopposed,
    /// The other side gives chase: resolve by environment (dungeon, waterborne, wilderness).
    Pursued,
}

/// OSE-EVADE-01: evasion is only possible before combat begins. Players decide freely whether
/// to pursue; the referee decides for monsters (a low reaction roll may suggest pursuit). If
/// nobody pursues, the evasion succeeds.
pub fn begin_evasion(combat_begun: bool, other_side_pursues: bool) -> Result<EvasionStart> {
    if combat_begun {
        return Err(Error::not_allowed(
            "evasion is only possible before combat has begun",
        ));
    }
    Ok(if other_side_pursues {
        EvasionStart::Pursued
    } else {
        EvasionStart::Unopposed
    })
}

/// OSE-EVADE-02: in the dungeon a faster fleeing side escapes automatically unless it is forced
/// to stop; otherwise (including equal speed) a pursuit happens.
pub fn dungeon_evasion(
    fleeing: MovementRate,
    pursuers: MovementRate,
    fleeing_forced_to_stop: bool,
) -> Result<EvasionOutcome> {
    let fleeing = fleeing.validate()?;
    let pursuers = pursuers.validate()?;
    Ok(if fleeing > pursuers && !fleeing_forced_to_stop {
        EvasionOutcome::Escaped
    } else {
        EvasionOutcome::Pursuit
    })
}

/// How the fleeing side's speed compares with the pursuers' (rows of OSE-EVADE-03).
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SpeedComparison {
    /// Faster than the pursuers.
    Faster,
    /// Slower by `from` to `to` ft per round (inclusive; `to: None` means "or more").
    SlowerBy { from: u32, to: Option<u32> },
}

/// One row of the waterborne evasion table.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterborneEvasionRow {
    pub fleeing: SpeedComparison,
    /// Chance of evasion, in percent.
    pub chance: u32,
}

/// OSE-EVADE-03: waterborne evasion chance by speed difference, every row (rebuilt from the
/// flattened source, G-39). "0–30 slower" includes equal speed.
pub const WATERBORNE_EVASION_TABLE: [WaterborneEvasionRow; 6] = [
    WaterborneEvasionRow {
        fleeing: SpeedComparison::Faster,
        chance: 80,
    },
    WaterborneEvasionRow {
        fleeing: SpeedComparison::SlowerBy {
            from: 0,
            to: Some(30),
        },
        chance: 50,
    },
    WaterborneEvasionRow {
        fleeing: SpeedComparison::SlowerBy {
            from: 31,
            to: Some(60),
        },
        chance: 40,
    },
    WaterborneEvasionRow {
        fleeing: SpeedComparison::SlowerBy {
            from: 61,
            to: Some(90),
        },
        chance: 35,
    },
    WaterborneEvasionRow {
        fleeing: SpeedComparison::SlowerBy {
            from: 91,
            to: Some(120),
        },
        chance: 25,
    },
    WaterborneEvasionRow {
        fleeing: SpeedComparison::SlowerBy {
            from: 121,
            to: None,
        },
        chance: 10,
    },
];

/// OSE-EVADE-03: the waterborne evasion chance. Rates are in feet per round (a vessel's
/// encounter rate, ⅓ of its base rate).
pub fn waterborne_evasion_chance(
    fleeing_per_round: u32,
    pursuers_per_round: u32,
) -> Result<Percent> {
    check_speed("fleeing speed", fleeing_per_round)?;
    check_speed("pursuers' speed", pursuers_per_round)?;
    let faster = fleeing_per_round > pursuers_per_round;
    let slower_by = pursuers_per_round.saturating_sub(fleeing_per_round);
    let row = WATERBORNE_EVASION_TABLE
        .iter()
        .find(|row| match row.fleeing {
            SpeedComparison::Faster => faster,
            SpeedComparison::SlowerBy { from, to } => {
                !faster && slower_by >= from && to.is_none_or(|to| slower_by <= to)
            }
        });
    let chance = row.map(|r| r.chance).ok_or_else(|| {
        Error::new(
            crate::error::ErrorCode::InvalidData,
            "the waterborne evasion table has no row for this speed difference",
        )
    })?;
    Percent::new(chance)
}

/// A percentile evasion attempt.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterborneEvasion {
    pub roll: PercentileRoll,
    pub outcome: EvasionOutcome,
    /// On success the pursuers cannot try to catch up until the next day, and then only if a
    /// random-encounter roll indicates an encounter (OSE-EVADE-03).
    pub pursuers_wait_for_next_day_encounter: bool,
}

/// OSE-EVADE-03: roll a waterborne evasion.
pub fn roll_waterborne_evasion(
    roller: &mut dyn DieRoller,
    fleeing_per_round: u32,
    pursuers_per_round: u32,
) -> Result<WaterborneEvasion> {
    let chance = waterborne_evasion_chance(fleeing_per_round, pursuers_per_round)?;
    let roll = roll_percent(roller, chance)?;
    Ok(WaterborneEvasion {
        roll,
        outcome: if roll.success {
            EvasionOutcome::Escaped
        } else {
            EvasionOutcome::Pursuit
        },
        pursuers_wait_for_next_day_encounter: roll.success,
    })
}

/// One row of the wilderness evasion base-chance table.
#[crate::boundary(output, rust_only)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WildernessEvasionRow {
    pub fleeing_from: u32,
    /// `None`: "or more".
    pub fleeing_to: Option<u32>,
    pub pursuers_from: u32,
    /// `None`: "or more".
    pub pursuers_to: Option<u32>,
    /// Chance of evasion, in percent.
    pub chance: u32,
}

const fn wild(
    fleeing_from: u32,
    fleeing_to: Option<u32>,
    pursuers_from: u32,
    pursuers_to: Option<u32>,
    chance: u32,
) -> WildernessEvasionRow {
    WildernessEvasionRow {
        fleeing_from,
        fleeing_to,
        pursuers_from,
        pursuers_to,
        chance,
    }
}

/// OSE-EVADE-05: wilderness evasion base chance by fleeing group size and number of pursuers,
/// every row (rebuilt from the flattened source, G-40).
pub const WILDERNESS_EVASION_TABLE: [WildernessEvasionRow; 12] = [
    wild(1, Some(4), 1, Some(1), 50),
    wild(1, Some(4), 2, Some(3), 70),
    wild(1, Some(4), 4, None, 90),
    wild(5, Some(12), 1, Some(3), 35),
    wild(5, Some(12), 4, Some(8), 50),
    wild(5, Some(12), 9, None, 70),
    wild(13, Some(24), 1, Some(6), 25),
    wild(13, Some(24), 7, Some(16), 35),
    wild(13, Some(24), 17, None, 50),
    wild(25, None, 1, Some(10), 10),
    wild(25, None, 11, Some(30), 25),
    wild(25, None, 31, None, 35),
];

/// OSE-EVADE-05: the base chance for `fleeing` creatures evading `pursuers` (both at least 1).
pub fn wilderness_base_chance(fleeing: u32, pursuers: u32) -> Result<Percent> {
    for (what, n) in [("fleeing group", fleeing), ("pursuers", pursuers)] {
        if n == 0 || n > MAX_GROUP_SIZE {
            return Err(Error::invalid_argument(format!(
                "{what} must number 1 to {MAX_GROUP_SIZE}, not {n}"
            )));
        }
    }
    let within = |n: u32, from: u32, to: Option<u32>| n >= from && to.is_none_or(|to| n <= to);
    let row = WILDERNESS_EVASION_TABLE.iter().find(|r| {
        within(fleeing, r.fleeing_from, r.fleeing_to)
            && within(pursuers, r.pursuers_from, r.pursuers_to)
    });
    let chance = row.map(|r| r.chance).ok_or_else(|| {
        Error::new(
            crate::error::ErrorCode::InvalidData,
            "the wilderness evasion table has no row for these group sizes",
        )
    })?;
    Percent::new(chance)
}

/// OSE-EVADE-06: percentage points for one side moving at double the other's rate.
pub const DOUBLE_SPEED_POINTS: i32 = 25;
/// OSE-EVADE-06: the chance of evasion is always at least 5%.
pub const MIN_WILDERNESS_EVASION_CHANCE: u32 = 5;
/// OSE-EVADE-04: the referee's example chance for a surprised side in dense woodland.
pub const DENSE_WOODLAND_SURPRISED_CHANCE: u32 = 10;
/// OSE-EVADE-06: the referee's example environment modifier for dense woods, in points.
pub const DENSE_WOODS_POINTS: i32 = 25;

/// OSE-EVADE-04: the surprise situation of a wilderness evasion.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum WildernessSurprise {
    /// Neither side surprised: the chance comes from the group sizes (OSE-EVADE-05).
    #[default]
    NoneSurprised,
    /// The fleeing side is surprised: generally it cannot evade, but the referee may allow a
    /// small chance from the environment (e.g. 10% in dense woodland). `None`: no chance.
    /// A chance given here is used as is, without the OSE-EVADE-06 modifiers or floor.
    FleeingSideSurprised { referee_chance: Option<Percent> },
    /// The fleeing side surprised the other: it evades automatically, unnoticed.
    FleeingSideHasSurprise,
}

/// What the referee knows about a wilderness evasion.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WildernessEvasionInput {
    /// Creatures in the fleeing group.
    pub fleeing_size: u32,
    /// Creatures pursuing.
    pub pursuers: u32,
    pub fleeing_rate: MovementRate,
    pub pursuer_rate: MovementRate,
    /// OSE-EVADE-06 `[ADJ]`: the referee's environment modifier in percentage points (dense
    /// woods +25).
    #[serde(default)]
    pub environment_points: i32,
    #[serde(default)]
    pub surprise: WildernessSurprise,
}

/// Why a percentage-point modifier applies.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ChanceModifierSource {
    /// The pursuers move at least twice as fast (−25).
    PursuersTwiceAsFast,
    /// The fleeing side moves at least twice as fast (+25).
    FleeingTwiceAsFast,
    /// The referee's environment modifier.
    Environment,
    /// Raised to the 5% minimum.
    MinimumChance,
}

/// One modifier to an evasion chance, in percentage points.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChanceModifier {
    pub source: ChanceModifierSource,
    pub points: i32,
}

/// How a wilderness evasion is decided, before any roll.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum WildernessEvasionPlan {
    /// The fleeing side surprised the other: it escapes without a roll.
    Automatic,
    /// The fleeing side is surprised and has no chance.
    NotPossible,
    /// Roll percentile against `chance`.
    Roll {
        /// The table chance (none for a referee's surprise chance).
        base: Option<Percent>,
        modifiers: Vec<ChanceModifier>,
        chance: Percent,
    },
}

/// OSE-EVADE-04..06: work out the chance of a wilderness evasion. The ±25 modifiers are
/// percentage points (`[AMBIG]` in docs/rules.md); "double" is read as at least twice the other's
/// rate. The chance never goes below 5% nor above 100%.
pub fn wilderness_evasion_plan(input: &WildernessEvasionInput) -> Result<WildernessEvasionPlan> {
    let fleeing_rate = input.fleeing_rate.validate()?;
    let pursuer_rate = input.pursuer_rate.validate()?;
    check_modifier("environment modifier", input.environment_points)?;
    let base = wilderness_base_chance(input.fleeing_size, input.pursuers)?;
    match input.surprise {
        WildernessSurprise::FleeingSideHasSurprise => return Ok(WildernessEvasionPlan::Automatic),
        WildernessSurprise::FleeingSideSurprised {
            referee_chance: None,
        } => return Ok(WildernessEvasionPlan::NotPossible),
        WildernessSurprise::FleeingSideSurprised {
            referee_chance: Some(chance),
        } => {
            return Ok(WildernessEvasionPlan::Roll {
                base: None,
                modifiers: Vec::new(),
                chance,
            });
        }
        WildernessSurprise::NoneSurprised => {}
    }
    let mut modifiers = Vec::new();
    let (fleeing, pursuing) = (
        u64::from(fleeing_rate.per_turn().0),
        u64::from(pursuer_rate.per_turn().0),
    );
    if pursuing > 0 && pursuing >= fleeing.saturating_mul(2) {
        modifiers.push(ChanceModifier {
            source: ChanceModifierSource::PursuersTwiceAsFast,
            points: -DOUBLE_SPEED_POINTS,
        });
    } else if fleeing > 0 && fleeing >= pursuing.saturating_mul(2) {
        modifiers.push(ChanceModifier {
            source: ChanceModifierSource::FleeingTwiceAsFast,
            points: DOUBLE_SPEED_POINTS,
        });
    }
    if input.environment_points != 0 {
        modifiers.push(ChanceModifier {
            source: ChanceModifierSource::Environment,
            points: input.environment_points,
        });
    }
    let raw = modifiers.iter().fold(i64::from(base.value()), |acc, m| {
        acc.saturating_add(i64::from(m.points))
    });
    let floor = i64::from(MIN_WILDERNESS_EVASION_CHANCE);
    if raw < floor {
        modifiers.push(ChanceModifier {
            source: ChanceModifierSource::MinimumChance,
            points: i32::try_from(floor.saturating_sub(raw)).unwrap_or(i32::MAX),
        });
    }
    Ok(WildernessEvasionPlan::Roll {
        base: Some(base),
        modifiers,
        chance: Percent::clamped(raw.max(floor)),
    })
}

/// A wilderness evasion attempt.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WildernessEvasion {
    pub plan: WildernessEvasionPlan,
    pub roll: Option<PercentileRoll>,
    pub outcome: EvasionOutcome,
}

/// OSE-EVADE-04..06: attempt a wilderness evasion. A failed roll means a pursuit
/// ([`super::pursuit::WildernessPursuit`]).
pub fn roll_wilderness_evasion(
    roller: &mut dyn DieRoller,
    input: &WildernessEvasionInput,
) -> Result<WildernessEvasion> {
    let plan = wilderness_evasion_plan(input)?;
    let (roll, outcome) = match &plan {
        WildernessEvasionPlan::Automatic => (None, EvasionOutcome::Escaped),
        WildernessEvasionPlan::NotPossible => (None, EvasionOutcome::CannotEvade),
        WildernessEvasionPlan::Roll { chance, .. } => {
            let roll = roll_percent(roller, *chance)?;
            let outcome = if roll.success {
                EvasionOutcome::Escaped
            } else {
                EvasionOutcome::Pursuit
            };
            (Some(roll), outcome)
        }
    };
    Ok(WildernessEvasion {
        plan,
        roll,
        outcome,
    })
}
