//! A5E-MOVE-03/04/05/06/07/08/13/16/20, A5E-ACT-03, A5E-SCEN-02: a movement budget for one
//! creature's turn that enforces movement costs, switching speeds, Dash, mounting and jumping.
//!
//! Costs are worked out per foot and rounded so that no step is ever cheaper than the rules
//! allow: a step's cost is rounded up, and the farthest reachable distance is rounded down
//! (EX-A5E-05: 30 ft climbing in difficult terrain → 7 ft).

use super::limits;
use crate::error::{Error, Result};

/// How a creature moves.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum MoveMode {
    Walk,
    /// With a climb speed, or with the walking speed at extra cost.
    Climb,
    /// With a swim speed, or with the walking speed at extra cost.
    Swim,
    /// Crawling (prone): the walking speed at extra cost.
    Crawl,
    /// Needs a fly speed (A5E-MOVE-06).
    Fly,
    /// Needs a burrow speed (A5E-MOVE-05).
    Burrow,
}

/// A creature's speeds in feet per round (A5E-MOVE-21), after every modifier (fatigue,
/// conditions, spells) except Dash, which the budget applies.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Speeds {
    pub walk: u32,
    pub climb: Option<u32>,
    pub swim: Option<u32>,
    pub fly: Option<u32>,
    pub burrow: Option<u32>,
}

impl Speeds {
    /// A creature with only a walking speed.
    pub const fn walking(walk: u32) -> Self {
        Self {
            walk,
            climb: None,
            swim: None,
            fly: None,
            burrow: None,
        }
    }

    fn validate(&self) -> Result<()> {
        limits::check_speed("walk", self.walk)?;
        for (name, speed) in [
            ("climb", self.climb),
            ("swim", self.swim),
            ("fly", self.fly),
            ("burrow", self.burrow),
        ] {
            if let Some(s) = speed {
                limits::check_speed(name, s)?;
            }
        }
        Ok(())
    }

    /// The speed a mode uses (before Dash), or `None` when the creature lacks the speed that
    /// mode needs (A5E-MOVE-05/06).
    pub const fn for_mode(&self, mode: MoveMode) -> Option<u32> {
        match mode {
            MoveMode::Walk | MoveMode::Crawl => Some(self.walk),
            MoveMode::Climb => match self.climb {
                Some(s) => Some(s),
                None => Some(self.walk),
            },
            MoveMode::Swim => match self.swim {
                Some(s) => Some(s),
                None => Some(self.walk),
            },
            MoveMode::Fly => self.fly,
            MoveMode::Burrow => self.burrow,
        }
    }

    /// True when moving this way pays the extra foot per foot (A5E-MOVE-03/04): climbing or
    /// swimming without the matching speed, and crawling.
    pub const fn is_special(&self, mode: MoveMode) -> bool {
        match mode {
            MoveMode::Climb => self.climb.is_none(),
            MoveMode::Swim => self.swim.is_none(),
            MoveMode::Crawl => true,
            MoveMode::Walk | MoveMode::Fly | MoveMode::Burrow => false,
        }
    }
}

/// C-29 / A5E-MOVE-04: the cost of climbing, swimming or crawling in difficult terrain.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum SpecialTerrainCost {
    /// docs/rules.md's reading (default): 4 ft per foot — halve, halve again — which reproduces the
    /// source's example (30 ft → 7 ft).
    #[default]
    Quadruple,
    /// The additive reading of A5E-MOVE-16 (1 + 1 extra + 1 extra): 3 ft per foot (30 → 10).
    Triple,
}

/// Options for a movement budget.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct MovementOptions {
    pub special_terrain_cost: SpecialTerrainCost,
}

/// One stretch of movement. Left out: no difficult terrain, no ally, level (a plain stretch,
/// as [`MoveStep::new`]).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MoveStep {
    pub mode: MoveMode,
    pub distance_ft: u32,
    /// How many features make this stretch difficult terrain. Several in one space don't stack
    /// (A5E-MOVE-16): any number above 0 counts once.
    #[serde(default)]
    pub difficult_hazards: u32,
    /// Dragging a willing ally along (A5E-MOVE-13): every foot costs 2 extra feet.
    #[serde(default)]
    pub pulling_ally: bool,
    /// Willingly moving straight down while aloft (A5E-SCEN-02): half cost.
    #[serde(default)]
    pub downward_aloft: bool,
}

impl MoveStep {
    /// A plain stretch: no difficult terrain, no ally, level.
    pub const fn new(mode: MoveMode, distance_ft: u32) -> Self {
        Self {
            mode,
            distance_ft,
            difficult_hazards: 0,
            pulling_ally: false,
            downward_aloft: false,
        }
    }

    /// The same stretch in difficult terrain.
    pub const fn difficult(self) -> Self {
        Self {
            difficult_hazards: 1,
            ..self
        }
    }
}

/// Feet of movement per foot moved, as a fraction `numerator / denominator`.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CostRate {
    pub numerator: u32,
    pub denominator: u32,
}

impl CostRate {
    /// Movement spent to cover `distance_ft`, rounded up. A zero denominator (never produced
    /// by [`cost_rate`]) counts as an unpayable cost.
    pub fn cost(self, distance_ft: u32) -> u64 {
        let n = u64::from(distance_ft) * u64::from(self.numerator);
        if self.denominator == 0 {
            return u64::MAX;
        }
        n.div_ceil(u64::from(self.denominator))
    }

    /// Farthest distance `budget_ft` of movement covers, rounded down.
    pub fn reach(self, budget_ft: u32) -> u32 {
        let n = (u64::from(budget_ft) * u64::from(self.denominator))
            .checked_div(u64::from(self.numerator))
            .unwrap_or(u64::from(u32::MAX));
        u32::try_from(n).unwrap_or(u32::MAX)
    }
}

/// The movement-cost rate for a step (A5E-MOVE-03/04/13/16, C-29, A5E-SCEN-02).
pub fn cost_rate(speeds: &Speeds, step: &MoveStep, options: &MovementOptions) -> CostRate {
    let difficult = step.difficult_hazards > 0;
    let base = match (speeds.is_special(step.mode), difficult) {
        (false, false) => 1,
        (false, true) | (true, false) => 2,
        (true, true) => match options.special_terrain_cost {
            SpecialTerrainCost::Quadruple => 4,
            SpecialTerrainCost::Triple => 3,
        },
    };
    CostRate {
        numerator: base + if step.pulling_ally { 2 } else { 0 },
        denominator: if step.downward_aloft { 2 } else { 1 },
    }
}

/// What one step cost.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MoveReport {
    pub cost_ft: u32,
    pub spent_ft: u32,
    /// Movement left in the mode just used.
    pub remaining_ft: u32,
}

/// A5E-MOVE-17/20: the most feet a jump may cover on this turn.
///
/// A jump within Speed simply spends movement. When the creature's jump distance exceeds its
/// Speed it may leap up to twice its Speed, but only if it has taken no other movement this
/// turn (a run-up counts as part of the jump).
pub const fn max_leap_ft(jump_ft: u32, speed_ft: u32, other_movement_ft: u32) -> u32 {
    if jump_ft <= speed_ft {
        return jump_ft;
    }
    if other_movement_ft > 0 {
        return speed_ft;
    }
    let double = speed_ft.saturating_mul(2);
    if jump_ft < double { jump_ft } else { double }
}

/// Movement left in one turn for one creature.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct MovementBudget {
    pub speeds: Speeds,
    pub options: MovementOptions,
    /// Dash actions taken this turn; each adds the Speed once more (one Dash doubles it).
    pub dashes: u32,
    /// Feet of movement spent this turn, in any mode.
    pub spent_ft: u32,
    /// The mode used last, if any.
    pub mode: Option<MoveMode>,
    /// Feet walked immediately before now (a jump's run-up).
    pub run_up_ft: u32,
    /// Mounting or dismounting already done this turn (A5E-MOVE-08: once per turn).
    pub mounted_this_turn: bool,
    /// Set by a leap beyond Speed (A5E-MOVE-20): no more movement this turn.
    pub ended: bool,
}

impl MovementBudget {
    pub fn new(speeds: Speeds, options: MovementOptions) -> Result<Self> {
        speeds.validate()?;
        Ok(Self {
            speeds,
            options,
            dashes: 0,
            spent_ft: 0,
            mode: None,
            run_up_ft: 0,
            mounted_this_turn: false,
            ended: false,
        })
    }

    /// A fresh budget for the creature's next turn, with the same speeds.
    pub fn next_turn(&self) -> Self {
        Self {
            speeds: self.speeds,
            options: self.options,
            dashes: 0,
            spent_ft: 0,
            mode: None,
            run_up_ft: 0,
            mounted_this_turn: false,
            ended: false,
        }
    }

    /// A mode's speed this turn, Dash included (A5E-ACT-03: doubled after all other modifiers).
    pub fn speed(&self, mode: MoveMode) -> Option<u32> {
        self.speeds
            .for_mode(mode)
            .map(|s| s.saturating_mul(self.dashes.saturating_add(1)))
    }

    /// A5E-MOVE-07: movement left in `mode` = its speed − movement already spent this turn,
    /// floored at 0. `None` if the creature lacks the speed.
    pub fn remaining(&self, mode: MoveMode) -> Option<u32> {
        if self.ended {
            return Some(0);
        }
        self.speed(mode).map(|s| s.saturating_sub(self.spent_ft))
    }

    /// The farthest a step like `step` (its distance ignored) could go now.
    pub fn max_distance(&self, step: &MoveStep) -> u32 {
        let rate = cost_rate(&self.speeds, step, &self.options);
        self.remaining(step.mode).map_or(0, |r| rate.reach(r))
    }

    /// The movement `step` would cost.
    pub fn cost(&self, step: &MoveStep) -> Result<u32> {
        limits::check_distance("distanceFt", step.distance_ft)?;
        let rate = cost_rate(&self.speeds, step, &self.options);
        u32::try_from(rate.cost(step.distance_ft))
            .map_err(|_| Error::invalid_argument("movement cost out of range"))
    }

    /// Move: checks the mode is available (A5E-MOVE-05/06), that switching to it leaves more than
    /// 0 ft (A5E-MOVE-07), and that the step's cost fits; on any failure nothing changes.
    pub fn apply(&mut self, step: &MoveStep) -> Result<MoveReport> {
        let cost = self.cost(step)?;
        if self.ended {
            return Err(Error::not_allowed(
                "no more movement after a leap beyond Speed this turn (A5E-MOVE-20)",
            ));
        }
        let remaining = self.remaining(step.mode).ok_or_else(|| {
            Error::not_allowed(format!(
                "{:?} needs the matching movement speed (A5E-MOVE-05/06)",
                step.mode
            ))
        })?;
        if remaining == 0 {
            return Err(Error::not_allowed(
                if self.mode.is_some_and(|m| m != step.mode) {
                    "switching to this speed leaves 0 ft or less this turn (A5E-MOVE-07)"
                } else {
                    "no movement left this turn"
                },
            ));
        }
        if cost > remaining {
            return Err(Error::not_allowed(format!(
                "this move costs {cost} ft but only {remaining} ft remain"
            )));
        }
        self.spent_ft = self.spent_ft.saturating_add(cost);
        self.run_up_ft = if step.mode == MoveMode::Walk {
            self.run_up_ft.saturating_add(step.distance_ft)
        } else {
            0
        };
        self.mode = Some(step.mode);
        Ok(MoveReport {
            cost_ft: cost,
            spent_ft: self.spent_ft,
            remaining_ft: remaining - cost,
        })
    }

    /// A5E-ACT-03: Dash doubles Speed for this turn, after every other modifier. A creature
    /// suffering any fatigue can't Dash (C-31).
    pub fn dash(&mut self, fatigue_level: u32) -> Result<()> {
        limits::check_track_level("fatigueLevel", fatigue_level)?;
        if fatigue_level >= 1 {
            return Err(Error::not_allowed(
                "a creature suffering fatigue can't Dash (A5E-ACT-03)",
            ));
        }
        self.dashes = self.dashes.saturating_add(1);
        Ok(())
    }

    /// Spend half the walking Speed in force this turn (Dash included, since Dash doubles the
    /// Speed itself), rounded up: to stand up from prone (A5E-COND-22) or to mount or dismount
    /// (A5E-MOVE-08).
    fn spend_half_speed(&mut self, what: &str) -> Result<u32> {
        let speed = self.speed(MoveMode::Walk).unwrap_or(0);
        let cost = speed.div_ceil(2);
        let remaining = self.remaining(MoveMode::Walk).unwrap_or(0);
        if self.ended || cost > remaining || speed == 0 {
            return Err(Error::not_allowed(format!(
                "{what} costs {cost} ft but only {remaining} ft remain"
            )));
        }
        self.spent_ft = self.spent_ft.saturating_add(cost);
        self.run_up_ft = 0;
        Ok(cost)
    }

    /// A5E-MOVE-08: mounting or dismounting costs half the rider's movement, once per turn.
    /// Returns the feet spent.
    pub fn mount_or_dismount(&mut self) -> Result<u32> {
        if self.mounted_this_turn {
            return Err(Error::not_allowed(
                "mounting or dismounting can be done only once per turn (A5E-MOVE-08)",
            ));
        }
        let cost = self.spend_half_speed("mounting or dismounting")?;
        self.mounted_this_turn = true;
        Ok(cost)
    }

    /// A5E-COND-22: standing up from prone costs half the creature's movement.
    pub fn stand_up(&mut self) -> Result<u32> {
        self.spend_half_speed("standing up")
    }

    /// A5E-MOVE-17/20: jump `distance_ft`, where `jump_ft` is how far this creature can jump
    /// (see [`super::jump`]). Each foot costs a foot. A jump longer than the movement left is
    /// allowed only as a leap beyond Speed: the creature's jump distance exceeds its Speed, it
    /// took no movement this turn other than its run-up, and the leap is at most 2 × Speed;
    /// after it, the creature can't move again this turn.
    pub fn jump(&mut self, distance_ft: u32, jump_ft: u32) -> Result<MoveReport> {
        limits::check_distance("distanceFt", distance_ft)?;
        limits::check_distance("jumpFt", jump_ft)?;
        if distance_ft > jump_ft {
            return Err(Error::not_allowed(format!(
                "this creature can jump {jump_ft} ft, not {distance_ft} ft"
            )));
        }
        let remaining = self.remaining(MoveMode::Walk).unwrap_or(0);
        if !self.ended && distance_ft <= remaining {
            self.spent_ft = self.spent_ft.saturating_add(distance_ft);
            self.run_up_ft = 0;
            self.mode = Some(MoveMode::Walk);
            return Ok(MoveReport {
                cost_ft: distance_ft,
                spent_ft: self.spent_ft,
                remaining_ft: remaining - distance_ft,
            });
        }
        let speed = self.speed(MoveMode::Walk).unwrap_or(0);
        let other = self.spent_ft.saturating_sub(self.run_up_ft);
        if self.ended || distance_ft > max_leap_ft(jump_ft, speed, other) {
            return Err(Error::not_allowed(format!(
                "a {distance_ft} ft jump doesn't fit the {remaining} ft left (A5E-MOVE-20)"
            )));
        }
        self.spent_ft = self.spent_ft.saturating_add(distance_ft);
        self.run_up_ft = 0;
        self.mode = Some(MoveMode::Walk);
        self.ended = true;
        Ok(MoveReport {
            cost_ft: distance_ft,
            spent_ft: self.spent_ft,
            remaining_ft: 0,
        })
    }
}
