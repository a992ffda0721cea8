//! OSE attack rolls (OSE-ATK-01, -06..-11, -13, -17, -18 and OSE-COMBAT-04..07): one d20,
//! modifiers, then the attack matrix, THAC0 arithmetic or ascending AC — a three-way choice
//! (C-34) with the matrix as the default. Bombing (OSE-ATK-11) is its own roll.

use crate::dice::{DiceSpec, DieSize};
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::procedures::limits::{MAX_DC, check_dc, check_modifier};
use crate::procedures::ose::combat::{
    MissileRange, OseCover, RETREAT_ATTACK_BONUS, melee_possible, missile_possible,
};
use crate::procedures::ose::matrix::{
    OseAttacker, ascending_from_descending, thac0_arithmetic_needed,
};
use crate::procedures::ose::running::EXHAUSTED_ATTACK_PENALTY;

/// C-34: how an attack roll is compared with the target's armour.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub enum AttackResolution {
    /// OSE-ATK-06: look the roll up in the attack matrix (capped at 20, floor 2).
    #[default]
    Matrix,
    /// OSE-ATK-08 `[OPT]`: roll needed = THAC0 − AC, uncapped.
    Thac0Arithmetic,
    /// OSE-ATK-07 `[OPT]`: roll + attack bonus ≥ the target's ascending AC.
    AscendingAc,
}

/// The kind of attack.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum OseAttackKind {
    Melee,
    Missile,
    /// Resolved like melee (OSE-ATK-16).
    Unarmed,
}

impl OseAttackKind {
    pub const fn is_melee(self) -> bool {
        matches!(self, Self::Melee | Self::Unarmed)
    }
}

/// Everything that shapes one OSE attack roll. Only `attacker`, `kind` and `targetAc` are
/// required; every other field defaults to "does not apply".
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseAttackInput {
    pub attacker: OseAttacker,
    pub kind: OseAttackKind,
    /// The target's descending AC, shield included.
    pub target_ac: i32,
    /// The target's ascending AC for [`AttackResolution::AscendingAc`]; when absent it is
    /// derived as 19 − AC.
    #[serde(default)]
    pub target_ascending_ac: Option<i32>,
    /// How much of the target's AC comes from a shield (ignored when the target retreats or is
    /// attacked from behind).
    #[serde(default)]
    pub target_shield_bonus: u32,
    /// STR modifier for melee and unarmed, DEX modifier for missiles (the ability tables are not
    /// in the source, so the caller supplies the number).
    #[serde(default)]
    pub ability_modifier: i32,
    /// OSE-COMBAT-06: missile range band (missiles only).
    #[serde(default)]
    pub range: Option<MissileRange>,
    /// OSE-COMBAT-07: the referee's cover ruling.
    #[serde(default)]
    pub cover: OseCover,
    /// OSE-COMBAT-04: the target is retreating this round (+2, shield ignored).
    #[serde(default)]
    pub target_retreating: bool,
    /// OSE-ATK-09: attacking from behind negates the shield.
    #[serde(default)]
    pub from_behind: bool,
    /// OSE-ATK-17: an unstable surface gives missiles −4.
    #[serde(default)]
    pub unstable_surface: bool,
    /// OSE-PURSUIT-02: the attacker is exhausted from running (−2).
    #[serde(default)]
    pub attacker_exhausted: bool,
    /// OSE-ATK-18 `[ADJ]`: the referee's penalty for fighting in water (0 or less).
    #[serde(default)]
    pub water_penalty: i32,
    /// Any other modifier the referee applies.
    #[serde(default)]
    pub referee_modifier: i32,
    /// OSE-ATK-10: a blind character cannot attack.
    #[serde(default)]
    pub attacker_blind: bool,
    /// OSE-COMBAT-04: a combatant retreating this round cannot attack.
    #[serde(default)]
    pub attacker_retreating: bool,
    /// OSE-ATK-13: the target is paralysed or helpless (melee hits automatically).
    #[serde(default)]
    pub target_helpless: bool,
    /// OSE-COMBAT-05/10: feet between the opponents, when known.
    #[serde(default)]
    pub distance_ft: Option<u32>,
    #[serde(default)]
    pub resolution: AttackResolution,
}

impl OseAttackInput {
    /// A plain attack with nothing else applying.
    pub const fn new(attacker: OseAttacker, kind: OseAttackKind, target_ac: i32) -> Self {
        Self {
            attacker,
            kind,
            target_ac,
            target_ascending_ac: None,
            target_shield_bonus: 0,
            ability_modifier: 0,
            range: None,
            cover: OseCover::None,
            target_retreating: false,
            from_behind: false,
            unstable_surface: false,
            attacker_exhausted: false,
            water_penalty: 0,
            referee_modifier: 0,
            attacker_blind: false,
            attacker_retreating: false,
            target_helpless: false,
            distance_ft: None,
            resolution: AttackResolution::Matrix,
        }
    }
}

/// Where a modifier to the attack roll came from.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum AttackModifierSource {
    Ability,
    Range,
    Cover,
    TargetRetreating,
    UnstableSurface,
    Exhaustion,
    Water,
    Referee,
}

/// One modifier applied to the roll.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct AttackModifier {
    pub source: AttackModifierSource,
    pub value: i32,
}

/// Why the attack hit or missed.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum HitBasis {
    /// Compared with the matrix, THAC0 or AAC.
    Roll,
    /// A natural 20 always hits (OSE-ATK-01).
    Natural20,
    /// A natural 1 always misses (OSE-ATK-01).
    Natural1,
    /// A paralysed or helpless target is hit automatically in melee (OSE-ATK-13).
    HelplessTarget,
}

/// An attack roll and its outcome. Natural 20 and 1 have no further effect in OSE (no critical
/// damage).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct OseAttackResult {
    /// The d20 (none for an automatic hit).
    pub die: Option<RolledDie>,
    pub modifiers: Vec<AttackModifier>,
    /// Natural roll plus modifiers (plus the attack bonus for ascending AC).
    pub total: Option<i32>,
    pub thac0: u32,
    pub attack_bonus: i32,
    pub resolution: AttackResolution,
    /// The AC (descending, or ascending for AAC) the attack was compared with, after a shield
    /// was ignored where the rules say so.
    pub compared_ac: i32,
    /// The roll needed (matrix or THAC0 arithmetic).
    pub needed: Option<i64>,
    /// The best AC this roll hits: the matrix column (OSE-ATK-06), THAC0 − total (OSE-ATK-08),
    /// or the total itself as an ascending AC (OSE-ATK-07).
    pub ac_hit: Option<i64>,
    pub hit: bool,
    pub basis: HitBasis,
}

fn validate(input: &OseAttackInput) -> Result<Vec<AttackModifier>> {
    if input.attacker_blind {
        return Err(Error::not_allowed("a blind character cannot attack"));
    }
    if input.attacker_retreating {
        return Err(Error::not_allowed(
            "a combatant retreating this round cannot attack",
        ));
    }
    check_dc("target AC", input.target_ac)?;
    if let Some(aac) = input.target_ascending_ac {
        check_dc("target ascending AC", aac)?;
    }
    if input.target_shield_bonus > MAX_DC.unsigned_abs() {
        return Err(Error::invalid_argument("shield bonus out of range"));
    }
    check_modifier("ability modifier", input.ability_modifier)?;
    check_modifier("referee modifier", input.referee_modifier)?;
    check_modifier("water penalty", input.water_penalty)?;
    if input.water_penalty > 0 {
        return Err(Error::invalid_argument(
            "fighting in water is a penalty (0 or less)",
        ));
    }
    if let Some(distance) = input.distance_ft {
        if input.kind.is_melee() && !melee_possible(distance) {
            return Err(Error::not_allowed(
                "melee attacks need opponents 5 ft or less apart",
            ));
        }
        if input.kind == OseAttackKind::Missile && !missile_possible(distance) {
            return Err(Error::not_allowed(
                "missile attacks need opponents more than 5 ft apart",
            ));
        }
    }
    let mut mods = Vec::new();
    let mut add = |source, value: i32| {
        if value != 0 {
            mods.push(AttackModifier { source, value });
        }
    };
    add(AttackModifierSource::Ability, input.ability_modifier);
    if input.kind == OseAttackKind::Missile {
        if let Some(range) = input.range {
            add(AttackModifierSource::Range, range.modifier()?);
        }
        if input.unstable_surface {
            add(
                AttackModifierSource::UnstableSurface,
                UNSTABLE_SURFACE_MISSILE_PENALTY,
            );
        }
    } else if input.range.is_some() {
        return Err(Error::invalid_argument(
            "range bands apply to missile attacks only",
        ));
    }
    add(AttackModifierSource::Cover, input.cover.modifier()?);
    if input.target_retreating {
        add(AttackModifierSource::TargetRetreating, RETREAT_ATTACK_BONUS);
    }
    if input.attacker_exhausted {
        add(AttackModifierSource::Exhaustion, EXHAUSTED_ATTACK_PENALTY);
    }
    add(AttackModifierSource::Water, input.water_penalty);
    add(AttackModifierSource::Referee, input.referee_modifier);
    Ok(mods)
}

/// OSE-ATK-17: missile attacks from an unstable surface take −4.
pub const UNSTABLE_SURFACE_MISSILE_PENALTY: i32 = -4;

/// Roll one OSE attack (OSE-ATK-01, -06..-10, -13, -17, -18; OSE-COMBAT-04..07). Impossible
/// attacks (blind or retreating attacker, complete cover, beyond long range, wrong distance)
/// are `NOT_ALLOWED` errors and roll nothing.
pub fn roll_ose_attack(
    roller: &mut dyn DieRoller,
    input: &OseAttackInput,
) -> Result<OseAttackResult> {
    let modifiers = validate(input)?;
    let (thac0, attack_bonus) = input.attacker.thac0_and_bonus()?;
    let shield_ignored = input.target_retreating || input.from_behind;
    let shield = if shield_ignored {
        i32::try_from(input.target_shield_bonus).unwrap_or(0)
    } else {
        0
    };
    // A shield lowers descending AC and raises ascending AC; ignoring it undoes that.
    let descending = input.target_ac.saturating_add(shield);
    let ascending = input
        .target_ascending_ac
        .unwrap_or_else(|| ascending_from_descending(input.target_ac))
        .saturating_sub(shield);
    let compared_ac = match input.resolution {
        AttackResolution::AscendingAc => ascending,
        AttackResolution::Matrix | AttackResolution::Thac0Arithmetic => descending,
    };
    let row = match input.resolution {
        AttackResolution::Matrix => {
            let row = input.attacker.matrix_row()?;
            row.needed_against(descending)?;
            Some(row)
        }
        AttackResolution::Thac0Arithmetic | AttackResolution::AscendingAc => None,
    };
    let mut result = OseAttackResult {
        die: None,
        modifiers,
        total: None,
        thac0,
        attack_bonus,
        resolution: input.resolution,
        compared_ac,
        needed: None,
        ac_hit: None,
        hit: true,
        basis: HitBasis::HelplessTarget,
    };
    if input.target_helpless && input.kind.is_melee() {
        return Ok(result);
    }
    let natural = roller.roll_die(20)?;
    result.die = Some(RolledDie {
        sides: 20,
        face: natural,
    });
    let modifier_sum = result
        .modifiers
        .iter()
        .fold(0i32, |acc, m| acc.saturating_add(m.value));
    let modified = i32::try_from(natural)
        .unwrap_or(0)
        .saturating_add(modifier_sum);
    let hits_by_roll = match (input.resolution, row) {
        (AttackResolution::Matrix, Some(row)) => {
            let needed = row.needed_against(descending)?;
            result.needed = Some(i64::from(needed));
            result.ac_hit = row.best_ac_hit(modified).map(i64::from);
            result.total = Some(modified);
            i64::from(modified) >= i64::from(needed)
        }
        (AttackResolution::Thac0Arithmetic, _) | (AttackResolution::Matrix, None) => {
            let needed = thac0_arithmetic_needed(thac0, descending);
            result.needed = Some(needed);
            result.ac_hit = Some(i64::from(thac0) - i64::from(modified));
            result.total = Some(modified);
            i64::from(modified) >= needed
        }
        (AttackResolution::AscendingAc, _) => {
            let total = modified.saturating_add(attack_bonus);
            result.ac_hit = Some(i64::from(total));
            result.total = Some(total);
            total >= ascending
        }
    };
    let (hit, basis) = match natural {
        20 => (true, HitBasis::Natural20),
        1 => (false, HitBasis::Natural1),
        _ => (hits_by_roll, HitBasis::Roll),
    };
    result.hit = hit;
    result.basis = basis;
    Ok(result)
}

/// OSE-ATK-11: flyers drop objects from at most 300 ft.
pub const BOMBING_MAX_ALTITUDE_FT: u32 = 300;
/// OSE-ATK-11: a bomb hits on 16 or more on 1d20.
pub const BOMBING_HITS_ON: u32 = 16;
/// OSE-ATK-11: the example bomb of a flyer able to carry a human: 2d6 to every creature in a
/// 10 ft × 10 ft area (other bombs are the referee's call).
pub const HUMAN_CARRIER_BOMB: DiceSpec = DiceSpec::new(2, DieSize::D6);
/// OSE-ATK-11: the side of the square area that example bomb covers, in feet.
pub const HUMAN_CARRIER_BOMB_AREA_FT: u32 = 10;

/// A bombing roll.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct BombingResult {
    pub die: RolledDie,
    pub hit: bool,
}

/// OSE-ATK-11: drop a bomb from `altitude_ft` (at most 300); it hits on 16+.
pub fn roll_bombing(roller: &mut dyn DieRoller, altitude_ft: u32) -> Result<BombingResult> {
    if altitude_ft > BOMBING_MAX_ALTITUDE_FT {
        return Err(Error::not_allowed(format!(
            "bombs are dropped from at most {BOMBING_MAX_ALTITUDE_FT} ft, not {altitude_ft} ft"
        )));
    }
    let face = roller.roll_die(20)?;
    Ok(BombingResult {
        die: RolledDie { sides: 20, face },
        hit: face >= BOMBING_HITS_ON,
    })
}

/// OSE-ATK-03: a character attacks once per round (monsters as their description says), and may
/// move and attack in the same round.
pub const CHARACTER_ATTACKS_PER_ROUND: u32 = 1;

/// OSE-ATK-12 `[OPT]`: Hit Dice from which a monster can hurt monsters harmed only by magical or
/// silver weapons.
pub const INVULNERABILITY_PIERCING_HD: u32 = 5;

/// What an attacker brings against a monster harmed only by magical or silver weapons.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct InvulnerabilityAttacker {
    /// The weapon is magical or silver (as the monster requires).
    pub suitable_weapon: bool,
    /// The attacker is a monster.
    pub is_monster: bool,
    /// The attacking monster is itself invulnerable to normal weapons.
    pub is_invulnerable_monster: bool,
    /// The attacking monster's whole Hit Dice.
    pub hit_dice: u32,
}

/// OSE-ATK-02/12: whether an attack can hurt a monster harmed only by magical or silver weapons.
/// With the optional rule on, another invulnerable monster or a monster of 5 HD or more can.
pub const fn can_harm_invulnerable(attacker: InvulnerabilityAttacker, optional_rule: bool) -> bool {
    attacker.suitable_weapon
        || (optional_rule
            && attacker.is_monster
            && (attacker.is_invulnerable_monster
                || attacker.hit_dice >= INVULNERABILITY_PIERCING_HD))
}
