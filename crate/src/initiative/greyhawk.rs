//! Greyhawk Initiative (docs/rules.md §1): initiative dice from declared activities, rolled every
//! round, low → high.
//!
//! This module builds and rolls the dice pool of one declaration (GH-DICE-01..04,
//! GH-INIT-03..05, GH-VAR-01) and orders simultaneous effect expiries (GH-DICE-05). Declaration
//! phases, ties, delay, surprise and control live in the encounter state machine.

pub use super::activity::{Activity, INITIATIVE_DICE};
pub use super::options::{EmptyDeclaration, GreyhawkOptions, StepTarget};

use crate::dice::RollMode;
use crate::dice::{DieRoller, DieSize, RolledDie};
use crate::effects::DurationRules;
use crate::effects::SimultaneousOrder;
use crate::error::{Error, ErrorCode, Result};
use crate::initiative::limits::{
    MAX_ACTIVITIES, MAX_PARTICIPANTS, MAX_STEPS, MAX_TIE_DRAWS, MAX_WEAPON_DICE,
};
use crate::initiative::roll::{InitiativeDie, RollDice, roll_one};
use crate::initiative::rules::{
    ActionEconomy, ControlRule, DeclarationKind, DisruptionRule, InitiativeOptions,
    InitiativeRules, OpeningRoll, OrderFacts, ReadyRule, RoundRoll, SurpriseRule,
};
use crate::initiative::system::InitiativeSystem;

/// Whether a die step comes from an initiative bonus (die shrinks) or penalty (die grows).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum StepEffect {
    Bonus,
    Penalty,
}

/// GH-DICE-03: one effect that would give a bonus or penalty to initiative steps one die one
/// step, whatever the size of the numeric bonus.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DieStep {
    pub effect: StepEffect,
    /// The die to step, when the roller chooses (G-03); it must be in the pool. Without it the
    /// preset's [`StepTarget`] decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<DieSize>,
}

/// GH-VAR-01: a weapon's base damage dice, which replace the d4/d8 attack die under Weapon
/// Speed. The PHB weapon table is not in the sources, so the caller supplies the dice.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WeaponDice {
    pub count: u8,
    pub die: DieSize,
}

/// A declaration's activities: up to [`MAX_ACTIVITIES`] (all [`GhDeclaration::validate`]
/// allows) kept inline, so reading, storing and copying a declaration allocates nothing (a
/// 500-combatant round declares 500).
pub type Activities = crate::lists::InlineList<Activity, MAX_ACTIVITIES>;

/// What a creature plans for the coming round (GH-INIT-08): categories only.
#[crate::boundary(state)]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct GhDeclaration {
    /// Planned activities in the order they are declared (dice are rolled in this order).
    /// An action category listed more than once, or several action categories, means extra
    /// actions without a bonus action (Action Surge): only the largest action die is rolled
    /// (GH-INIT-05).
    #[serde(default, skip_serializing_if = "Activities::is_empty")]
    #[cfg_attr(feature = "wasm-base", tsify(type = "Activity[]"))]
    pub activities: Activities,
    /// GH-INIT-04: a planned bonus action adds one more die of its category.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus_action: Option<Activity>,
    /// GH-DICE-03: initiative bonuses and penalties, one step each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<DieStep>,
    /// GH-DICE-04: advantage or disadvantage on the largest die.
    #[serde(default, skip_serializing_if = "RollMode::is_normal")]
    pub mode: RollMode,
    /// GH-VAR-01: the attacking weapon's damage dice (needed only with Weapon Speed on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<WeaponDice>,
}

impl GhDeclaration {
    /// A declaration of these activities and nothing else.
    pub fn of(activities: impl IntoIterator<Item = Activity>) -> Self {
        Self {
            activities: activities.into_iter().collect(),
            ..Self::default()
        }
    }

    pub fn with_bonus_action(mut self, activity: Activity) -> Self {
        self.bonus_action = Some(activity);
        self
    }

    /// Whether the declaration is its activities and nothing else (the short form events
    /// write as a bare list).
    pub fn is_activities_only(&self) -> bool {
        self.bonus_action.is_none()
            && self.steps.is_empty()
            && self.mode.is_normal()
            && self.weapon.is_none()
    }

    /// Whether nothing at all is planned (GH-INIT-16).
    pub fn is_empty(&self) -> bool {
        self.activities.is_empty() && self.bonus_action.is_none()
    }

    /// Whether a spell is planned (GH-VAR-02 needs it).
    pub fn casts_spell(&self) -> bool {
        self.activities.contains(&Activity::Spell) || self.bonus_action == Some(Activity::Spell)
    }

    /// Every category the creature may use on its turn, with repeats for extra actions
    /// (GH-INIT-09): the declared activities plus the bonus action.
    pub fn allowed(&self) -> Vec<Activity> {
        self.activities
            .iter()
            .copied()
            .chain(self.bonus_action)
            .collect()
    }

    /// Check the declaration's shape against the documented limits.
    pub fn validate(&self) -> Result<()> {
        if self.activities.len() > MAX_ACTIVITIES {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_ACTIVITIES} activities may be declared"),
            ));
        }
        for once in [Activity::Move, Activity::Swap] {
            if self.activities.iter().filter(|a| **a == once).count() > 1 {
                return Err(Error::invalid_argument(format!(
                    "{} is declared once: it adds one die whatever is planned (GH-INIT-03)",
                    once.label()
                )));
            }
        }
        if let Some(bonus) = self.bonus_action
            && !bonus.is_action()
        {
            return Err(Error::invalid_argument(format!(
                "a bonus action is an action category, not {} (GH-INIT-04)",
                bonus.label()
            )));
        }
        if self.steps.len() > MAX_STEPS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("at most {MAX_STEPS} initiative bonuses and penalties may apply"),
            ));
        }
        if let Some(w) = self.weapon
            && (w.count == 0 || w.count > MAX_WEAPON_DICE)
        {
            return Err(Error::invalid_argument(format!(
                "a weapon rolls 1 to {MAX_WEAPON_DICE} dice (GH-VAR-01)"
            )));
        }
        Ok(())
    }
}

/// One die of a pool before it is rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolDie {
    pub size: DieSize,
    pub activity: Activity,
}

/// The dice of one action: `count` dice of one size (several only for a weapon's damage dice
/// under Weapon Speed, GH-VAR-01). Kept as a count rather than a list, so building a pool
/// allocates nothing per action: a 500-creature round builds 500 pools.
#[derive(Debug, Clone, Copy)]
struct ActionDice {
    size: DieSize,
    count: u8,
    activity: Activity,
}

impl ActionDice {
    /// The highest total the dice can show, which picks the largest action (GH-INIT-05).
    fn max_total(self) -> u32 {
        self.size.sides().saturating_mul(u32::from(self.count))
    }

    fn push_into(self, out: &mut Vec<PoolDie>) {
        out.extend((0..self.count).map(|_| PoolDie {
            size: self.size,
            activity: self.activity,
        }));
    }
}

fn attack_dice(
    activity: Activity,
    decl: &GhDeclaration,
    opts: &GreyhawkOptions,
) -> Result<ActionDice> {
    let weapon_attack = matches!(activity, Activity::Ranged | Activity::Melee);
    if opts.weapon_speed && weapon_attack {
        let w = decl.weapon.ok_or_else(|| {
            Error::invalid_argument(
                "Weapon Speed is on: a declared attack needs the weapon's damage dice (GH-VAR-01)",
            )
        })?;
        return Ok(ActionDice {
            size: w.die,
            count: w.count,
            activity,
        });
    }
    Ok(ActionDice {
        size: activity.die(),
        count: 1,
        activity,
    })
}

/// Whether [`pool`] accepts `decl`, which has passed [`GhDeclaration::validate`]. Only die
/// steps (GH-DICE-03) and Weapon Speed (GH-VAR-01) can fail once the declaration itself is
/// valid, so only they need the pool built; a 500-creature declaration phase checks every plan,
/// each already validated when the encounter found it declarable.
pub fn check_validated(decl: &GhDeclaration, opts: &GreyhawkOptions) -> Result<()> {
    if decl.steps.is_empty() && !opts.weapon_speed {
        Ok(())
    } else {
        pool(decl, opts).map(|_| ())
    }
}

/// Build the pool of a declaration (GH-INIT-03..05, GH-INIT-07, GH-VAR-01) and apply its die
/// steps (GH-DICE-03). Dice follow the declared order; extra actions collapse into the largest
/// action die at the position of the first action; the bonus-action die comes last.
pub fn pool(decl: &GhDeclaration, opts: &GreyhawkOptions) -> Result<Vec<PoolDie>> {
    let mut out = Vec::new();
    pool_into(decl, opts, &mut out)?;
    Ok(out)
}

/// [`pool`] built in `out` (cleared first), so a caller building many pools reuses one list.
fn pool_into(decl: &GhDeclaration, opts: &GreyhawkOptions, out: &mut Vec<PoolDie>) -> Result<()> {
    out.clear();
    decl.validate()?;
    let mut best: Option<ActionDice> = None;
    for a in decl.activities.iter().filter(|a| a.is_action()) {
        let dice = attack_dice(*a, decl, opts)?;
        if best.is_none_or(|b| dice.max_total() > b.max_total()) {
            best = Some(dice);
        }
    }
    out.reserve(decl.activities.len().saturating_add(2));
    let mut action_placed = false;
    for a in &decl.activities {
        if a.is_action() {
            if !action_placed {
                if let Some(b) = best {
                    b.push_into(out);
                }
                action_placed = true;
            }
        } else {
            out.push(PoolDie {
                size: a.die(),
                activity: *a,
            });
        }
    }
    if let Some(bonus) = decl.bonus_action {
        attack_dice(bonus, decl, opts)?.push_into(out);
    }
    for step in &decl.steps {
        apply_step(out, *step, opts)?;
    }
    Ok(())
}

fn apply_step(pool: &mut [PoolDie], step: DieStep, opts: &GreyhawkOptions) -> Result<()> {
    let delta = match step.effect {
        StepEffect::Bonus => -1,
        StepEffect::Penalty => 1,
    };
    let chain = opts.step_chain;
    let index = match step.die {
        Some(size) => pool.iter().position(|d| d.size == size).ok_or_else(|| {
            Error::invalid_argument(format!(
                "cannot step a d{}: the pool has none (GH-DICE-03)",
                size.sides()
            ))
        })?,
        None => {
            let target = match step.effect {
                StepEffect::Bonus => opts.bonus_target,
                StepEffect::Penalty => opts.penalty_target,
            };
            let movable = |d: &PoolDie| chain.step(d.size, delta).is_ok_and(|s| s != d.size);
            let pick = |only_movable: bool| {
                let candidates = pool
                    .iter()
                    .enumerate()
                    .filter(|(_, d)| !only_movable || movable(d));
                match target {
                    StepTarget::Smallest => candidates
                        .min_by(|(i, a), (j, b)| a.size.cmp(&b.size).then(i.cmp(j)))
                        .map(|(i, _)| i),
                    StepTarget::Largest => candidates
                        .max_by(|(i, a), (j, b)| a.size.cmp(&b.size).then(j.cmp(i)))
                        .map(|(i, _)| i),
                }
            };
            match pick(true).or_else(|| pick(false)) {
                Some(i) => i,
                // An empty pool has nothing to step.
                None => return Ok(()),
            }
        }
    };
    if let Some(d) = pool.get_mut(index) {
        d.size = chain.step(d.size, delta)?;
    }
    Ok(())
}

/// Roll a declaration's pool. GH-DICE-04: advantage or disadvantage rolls the (first) largest
/// die twice; advantage keeps the LOWER face, disadvantage the higher, because low is good.
/// GH-DICE-02: no modifier is added here.
pub fn roll(
    decl: &GhDeclaration,
    opts: &GreyhawkOptions,
    dice: &mut dyn DieRoller,
) -> Result<RollDice> {
    roll_with(decl, opts, dice, &mut Vec::new())
}

/// [`roll`] with its pool built in `scratch`: a round rolls for hundreds of creatures, and a
/// pool allocated and freed for each was a tenth of the roll's allocations.
pub fn roll_with(
    decl: &GhDeclaration,
    opts: &GreyhawkOptions,
    dice: &mut dyn DieRoller,
    scratch: &mut Vec<PoolDie>,
) -> Result<RollDice> {
    pool_into(decl, opts, scratch)?;
    let pool: &[PoolDie] = scratch;
    // The die rolled twice: only with advantage or disadvantage (most plans have neither).
    let largest = if decl.mode.is_normal() {
        None
    } else {
        pool.iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| a.size.cmp(&b.size).then(j.cmp(i)))
            .map(|(i, _)| i)
    };
    let mut out = RollDice::new();
    for (i, d) in pool.iter().enumerate() {
        let first = roll_one(dice, d.size.sides())?;
        if Some(i) == largest {
            let second = roll_one(dice, d.size.sides())?;
            let keep_first = match decl.mode {
                RollMode::Advantage => first.face <= second.face,
                _ => first.face >= second.face,
            };
            out.push(InitiativeDie {
                die: first,
                dropped: !keep_first,
                activity: Some(d.activity),
            });
            out.push(InitiativeDie {
                die: second,
                dropped: keep_first,
                activity: Some(d.activity),
            });
        } else {
            out.push(InitiativeDie {
                die: first,
                dropped: false,
                activity: Some(d.activity),
            });
        }
    }
    Ok(out)
}

/// GH-DICE-05 / GH-DUR-03: the d20s that order simultaneous effect expiries. `rolls[i]` are the
/// faces effect `i` rolled (the first, then any roll-off faces).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ExpiryOrder {
    pub rolls: Vec<Vec<RolledDie>>,
    /// Effect indices, first to expire first (ascending rolls).
    pub order: Vec<u32>,
}

/// Roll a d20 per effect and reroll ties; lowest ends first (GH-DICE-05, GH-DUR-03). Tied
/// effects roll off among themselves and keep their place relative to the others.
pub fn expiry_order(effects: u32, dice: &mut dyn DieRoller) -> Result<ExpiryOrder> {
    if effects as usize > MAX_PARTICIPANTS {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            "too many effects to order",
        ));
    }
    let mut rolls: Vec<Vec<RolledDie>> = Vec::with_capacity(effects as usize);
    for _ in 0..effects {
        rolls.push(vec![roll_one(dice, 20)?]);
    }
    let contenders = rolls
        .iter()
        .enumerate()
        .map(|(i, r)| crate::initiative::ties::Contender {
            key: [0; 4],
            unit: u32::try_from(i).unwrap_or(u32::MAX),
            draws: r.iter().map(|d| d.face).collect(),
        })
        .collect();
    // The first roll counts as a draw, so the limit allows one more.
    crate::initiative::ties::settle(contenders, MAX_TIE_DRAWS + 1, |units| {
        let mut faces = Vec::with_capacity(units.len());
        for u in units {
            let die = roll_one(dice, 20)?;
            faces.push(die.face);
            rolls
                .get_mut(*u as usize)
                .ok_or_else(|| Error::invalid_argument("effect index out of range"))?
                .push(die);
        }
        Ok(faces)
    })?;
    let mut by_faces: Vec<usize> = (0..effects as usize).collect();
    crate::sorting::sort_indices(&mut by_faces, &mut |a, b| {
        let fa = rolls
            .get(a)
            .map(|r| r.iter().map(|d| d.face).collect::<Vec<_>>());
        let fb = rolls
            .get(b)
            .map(|r| r.iter().map(|d| d.face).collect::<Vec<_>>());
        fa.cmp(&fb)
    });
    let order = by_faces
        .into_iter()
        .filter_map(|i| u32::try_from(i).ok())
        .collect();
    Ok(ExpiryOrder { rolls, order })
}

/// Greyhawk Initiative as the encounter sees it (GH-*): declarations and a dice pool each
/// round, counts running up, Delay but no Ready, end-of-round resolution for the fallen.
pub struct GreyhawkRules;

impl InitiativeRules for GreyhawkRules {
    fn system(&self) -> InitiativeSystem {
        InitiativeSystem::Greyhawk
    }

    fn ascending(&self) -> bool {
        true
    }

    /// GH-INIT-02 low first; GH-INIT-10 higher Dex score first.
    fn order_key(&self, p: &OrderFacts, _options: &InitiativeOptions<'_>) -> [i32; 4] {
        [p.count, p.rank, p.dex_score.saturating_neg(), 0]
    }

    /// GH-INIT-12: a creature that cannot act has no turn.
    fn skips_unable(&self) -> bool {
        true
    }

    fn joins_among_pending(&self) -> bool {
        true
    }

    fn declares_each_round(&self) -> bool {
        true
    }

    fn opening_roll(&self) -> OpeningRoll {
        OpeningRoll::EachRound
    }

    fn round_roll(&self, _options: &InitiativeOptions<'_>) -> RoundRoll {
        RoundRoll::DeclaredDice
    }

    fn declaration(&self) -> Option<DeclarationKind> {
        Some(DeclarationKind::Greyhawk)
    }

    fn delay_refusal(&self) -> Option<&'static str> {
        None
    }

    fn delayers_cut_in(&self) -> bool {
        true
    }

    fn ready(&self) -> ReadyRule {
        ReadyRule::Refused("Greyhawk forbids the Ready action; delay instead (GH-INIT-13)")
    }

    fn action_economy(&self) -> ActionEconomy {
        ActionEconomy::Activities
    }

    fn control(&self) -> ControlRule {
        ControlRule::OwnTurns
    }

    fn surprise(&self) -> SurpriseRule {
        SurpriseRule::UntilRoundEnd
    }

    fn resolves_unable_at_round_end(&self) -> bool {
        true
    }

    fn spell_disruption(&self, options: &InitiativeOptions<'_>) -> Option<DisruptionRule> {
        options
            .greyhawk
            .spell_disruption
            .then_some(DisruptionRule::CantripsOnDamage)
    }

    /// GH-DUR-01..03: round boundaries, and d20s for simultaneous expiries unless switched off.
    fn duration_rules(&self, options: &InitiativeOptions<'_>) -> DurationRules {
        let mut rules = DurationRules::greyhawk();
        if !options.greyhawk.order_expiries {
            rules.simultaneous = SimultaneousOrder::Applied;
        }
        rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;

    fn sizes(p: &[PoolDie]) -> Vec<u32> {
        p.iter().map(|d| d.size.sides()).collect()
    }

    #[test]
    fn gh_dice_01_table_every_row() {
        let expected = [
            (Activity::Ranged, 4),
            (Activity::Move, 6),
            (Activity::Swap, 6),
            (Activity::Other, 6),
            (Activity::Melee, 8),
            (Activity::Spell, 10),
        ];
        assert_eq!(INITIATIVE_DICE.len(), expected.len());
        for (a, sides) in expected {
            assert_eq!(a.die().sides(), sides, "{a:?}");
        }
        // `Activity::ALL` lists the table's activities in its order.
        assert!(
            Activity::ALL
                .iter()
                .eq(INITIATIVE_DICE.iter().map(|(a, _)| a))
        );
    }

    #[test]
    fn gh_init_05_extra_actions_roll_only_the_largest_action_die() {
        let o = GreyhawkOptions::default();
        let d = GhDeclaration::of([Activity::Move, Activity::Melee, Activity::Melee]);
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![6, 8]);
        let d = GhDeclaration::of([Activity::Ranged, Activity::Spell]);
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![10]);
    }

    #[test]
    fn gh_init_04_bonus_action_adds_its_die() {
        let o = GreyhawkOptions::default();
        let d = GhDeclaration::of([Activity::Ranged, Activity::Move])
            .with_bonus_action(Activity::Spell);
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![4, 6, 10]);
        let bad = GhDeclaration::of([]).with_bonus_action(Activity::Move);
        assert!(pool(&bad, &o).is_err());
    }

    #[test]
    fn gh_dice_03_default_targets_and_explicit_choice() {
        let o = GreyhawkOptions::default();
        let mut d = GhDeclaration::of([Activity::Move, Activity::Melee]);
        d.steps = vec![DieStep {
            effect: StepEffect::Bonus,
            die: None,
        }];
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![4, 8]);
        d.steps = vec![DieStep {
            effect: StepEffect::Bonus,
            die: Some(DieSize::D8),
        }];
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![6, 6]);
        d.steps = vec![DieStep {
            effect: StepEffect::Penalty,
            die: None,
        }];
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![6, 10]);
        d.steps = vec![DieStep {
            effect: StepEffect::Penalty,
            die: Some(DieSize::D4),
        }];
        assert!(pool(&d, &o).is_err());
    }

    /// GH-DICE-03: a bonus goes to the smallest die that can still shrink; one already at the
    /// end of the chain (a d3 on the source chain) passes it on to the next smallest.
    #[test]
    fn gh_dice_03_a_step_skips_a_die_at_the_end_of_the_chain() {
        let o = GreyhawkOptions::default();
        let bonus = DieStep {
            effect: StepEffect::Bonus,
            die: None,
        };
        let mut d = GhDeclaration::of([Activity::Ranged, Activity::Move]);
        d.steps = vec![bonus];
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![3, 6]);
        d.steps = vec![bonus, bonus];
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![3, 4]);
        // No die can shrink any more: the step changes nothing and is no error.
        let mut lone = GhDeclaration::of([Activity::Ranged]);
        lone.steps = vec![bonus, bonus];
        assert_eq!(sizes(&pool(&lone, &o).unwrap()), vec![3]);
        // Penalties likewise pass over a d12 (the source chain's top) to the next largest.
        let penalty = DieStep {
            effect: StepEffect::Penalty,
            die: None,
        };
        let mut big = GhDeclaration::of([Activity::Move, Activity::Spell]);
        big.steps = vec![penalty, penalty];
        assert_eq!(sizes(&pool(&big, &o).unwrap()), vec![8, 12]);
        // A pool of dice off the chain (a d20 weapon under Weapon Speed) cannot take a step:
        // an error, not a step silently lost.
        let speed = GreyhawkOptions {
            weapon_speed: true,
            ..Default::default()
        };
        let mut d20 = GhDeclaration::of([Activity::Melee]);
        d20.weapon = Some(WeaponDice {
            count: 1,
            die: DieSize::D20,
        });
        d20.steps = vec![bonus];
        assert_eq!(
            pool(&d20, &speed).unwrap_err().code,
            ErrorCode::InvalidArgument
        );
    }

    /// GH-INIT-05 under Weapon Speed (GH-VAR-01): two attacks with the same weapon dice tie,
    /// and the first declared keeps its place and its category.
    #[test]
    fn gh_init_05_tied_extra_actions_keep_the_first() {
        let o = GreyhawkOptions {
            weapon_speed: true,
            ..Default::default()
        };
        let mut d = GhDeclaration::of([Activity::Ranged, Activity::Melee]);
        d.weapon = Some(WeaponDice {
            count: 1,
            die: DieSize::D8,
        });
        assert_eq!(
            pool(&d, &o).unwrap(),
            vec![PoolDie {
                size: DieSize::D8,
                activity: Activity::Ranged
            }]
        );
        // A larger die wins whatever its place.
        let spell_last = GhDeclaration::of([Activity::Other, Activity::Spell]);
        assert_eq!(
            pool(&spell_last, &GreyhawkOptions::default()).unwrap(),
            vec![PoolDie {
                size: DieSize::D10,
                activity: Activity::Spell
            }]
        );
    }

    #[test]
    fn gh_dice_02_total_is_the_plain_sum() {
        let o = GreyhawkOptions::default();
        let d = GhDeclaration::of([Activity::Move, Activity::Melee]);
        let mut dice = SuppliedDice::new([5, 7]);
        let r = roll(&d, &o, &mut dice).unwrap();
        assert_eq!(
            crate::initiative::InitiativeRoll::computed_total(&r, 0),
            Some(12)
        );
    }

    #[test]
    fn gh_var_01_weapon_speed_replaces_attack_dice() {
        let o = GreyhawkOptions {
            weapon_speed: true,
            ..Default::default()
        };
        let mut d = GhDeclaration::of([Activity::Melee]);
        assert!(pool(&d, &o).is_err(), "weapon dice are required");
        d.weapon = Some(WeaponDice {
            count: 2,
            die: DieSize::D6,
        });
        assert_eq!(sizes(&pool(&d, &o).unwrap()), vec![6, 6]);
        let spell = GhDeclaration::of([Activity::Spell]);
        assert_eq!(sizes(&pool(&spell, &o).unwrap()), vec![10]);
    }

    /// GH-DICE-05's limits: up to `MAX_PARTICIPANTS` effects are ordered at once, and a tie
    /// may be rerolled `MAX_TIE_DRAWS` times after the first roll before it is an error.
    #[test]
    fn gh_dice_05_expiry_order_limits_are_exact() {
        use crate::dice::SeededDice;
        use crate::initiative::limits::{MAX_PARTICIPANTS, MAX_TIE_DRAWS};
        let n = MAX_PARTICIPANTS as u32;
        let e = expiry_order(n, &mut SeededDice::new(5).unwrap()).unwrap();
        assert_eq!(e.order.len(), MAX_PARTICIPANTS);
        let e = expiry_order(n + 1, &mut SeededDice::new(5).unwrap()).unwrap_err();
        assert_eq!(e.code, ErrorCode::LimitExceeded);

        let ties = |rerolls: usize, last: [u32; 2]| {
            let mut faces = vec![5, 5];
            for _ in 0..rerolls {
                faces.extend([7, 7]);
            }
            faces.extend(last);
            expiry_order(2, &mut SuppliedDice::new(faces))
        };
        let settled = ties(MAX_TIE_DRAWS - 1, [9, 3]).unwrap();
        assert_eq!(settled.order, vec![1, 0]);
        assert_eq!(settled.rolls[0].len(), MAX_TIE_DRAWS + 1);
        let e = ties(MAX_TIE_DRAWS, [9, 3]).unwrap_err();
        assert_eq!(e.code, ErrorCode::LimitExceeded);
    }

    #[test]
    fn gh_dice_05_expiry_order_rerolls_ties() {
        // EX-GH-08: 12, 4, 12 → the two 12s reroll 7 and 15 → order (4), (7), (15).
        let mut dice = SuppliedDice::new([12, 4, 12, 7, 15]);
        let e = expiry_order(3, &mut dice).unwrap();
        assert_eq!(e.order, vec![1, 0, 2]);
        assert_eq!(e.rolls[0].len(), 2);
        assert_eq!(e.rolls[1].len(), 1);
    }
}
