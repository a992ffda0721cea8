//! OSE side initiative (docs/rules.md §4.12, §4.14): 1d6 per side each round, high → low
//! (OSE-INIT-01); ties reroll or act simultaneously (OSE-INIT-02); slow weapons act last
//! (OSE-INIT-03); optional individual 1d6 + Dex modifier (OSE-INIT-04); declarations of spells
//! and melee movement before the roll (OSE-COMBAT-01); phase order within a side
//! (OSE-COMBAT-02); spell disruption (OSE-COMBAT-09); surprise (OSE-SURP-01..03).

pub use super::options::{OseTies, SideOptions};

use crate::effects::DurationRules;
use crate::initiative::rules::{
    ActionEconomy, ControlRule, DeclarationKind, DisruptionRule, InitiativeOptions,
    InitiativeRules, OpeningRoll, OrderFacts, ReadyRule, RoundRoll, SurpriseRule,
};
use crate::initiative::system::InitiativeSystem;

/// OSE-INIT-01: the initiative die of a side (and of an individual, OSE-INIT-04).
pub const INITIATIVE_DIE: u32 = 6;
/// OSE-SURP-02: the surprise die.
pub const SURPRISE_DIE: u32 = 6;
/// OSE-SURP-02: a surprise roll at or below this is surprised (1 or 2).
pub const SURPRISED_AT_MOST: u32 = 2;

/// OSE-SURP-02: whether a surprise face means surprised.
pub const fn is_surprised(face: u32) -> bool {
    face <= SURPRISED_AT_MOST
}

/// OSE-INIT-04: the initiative column of OSE's Dexterity table, which differs from the 5e
/// formula at most scores (Dex 3 is −2 here, −4 there; Dex 18 is +2 here, +4 there). The table
/// covers 3 to 18; the engine accepts scores from 1 to 30, so lower scores read as 3 and
/// higher ones as 18.
pub const fn ose_dex_initiative_modifier(dex: u8) -> i8 {
    match dex {
        0..=3 => -2,
        4..=8 => -1,
        9..=12 => 0,
        13..=17 => 1,
        _ => 2,
    }
}

/// OSE-INIT-04: the modifier an individual initiative roll adds, from a participant's Dex score
/// and the Dex modifier the encounter keeps for it.
///
/// The encounter stores one modifier per participant: the caller's `dexMod`, or the 5e
/// default ⌊(dex − 10) / 2⌋ when none was given. Neither the `participantAdded` event nor the
/// snapshot records which it was (the snapshot writes the modifier only when it differs from
/// that default), so the choice is made here, at roll time, without changing what is stored:
/// a modifier equal to the 5e default of the score counts as not given and OSE's own table
/// ([`ose_dex_initiative_modifier`]) applies; any other modifier is one the referee set (OSE
/// lets the referee give very fast or slow monsters their own) and is used as it is. Where the
/// two tables agree (Dex 8, 10, 11 and 13) the reading makes no difference; a caller who means
/// the 5e value at another score cannot say so (docs/rules.md G-48).
pub const fn ose_individual_initiative_modifier(dex: u8, stored: i8) -> i8 {
    // `ability::modifier` of a u8 score lies between −5 and +122, so the narrowing is exact.
    let five_e = crate::ability::modifier(dex as u32) as i8;
    if stored == five_e {
        ose_dex_initiative_modifier(dex)
    } else {
        stored
    }
}

/// OSE-COMBAT-02 step 3: the order a side acts in once it has the initiative.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum OsePhase {
    /// (a) monster morale (G-43: every side, not only the winner).
    Morale,
    /// (b) movement.
    Movement,
    /// (c) missile attacks.
    Missiles,
    /// (d) spell casting.
    Spells,
    /// (e) melee attacks.
    Melee,
}

/// OSE-COMBAT-02 steps 3a–3e in order, every row.
pub const PHASE_ORDER: [OsePhase; 5] = [
    OsePhase::Morale,
    OsePhase::Movement,
    OsePhase::Missiles,
    OsePhase::Spells,
    OsePhase::Melee,
];

/// OSE-INIT-03: slow-weapon attackers act last, so their step only has the attack phases.
pub const SLOW_PHASES: [OsePhase; 2] = [OsePhase::Missiles, OsePhase::Melee];

impl OsePhase {
    /// The phase after this one in `phases`, if any.
    pub fn next_in(self, phases: &[OsePhase]) -> Option<OsePhase> {
        let i = phases.iter().position(|p| *p == self)?;
        phases.get(i.saturating_add(1)).copied()
    }
}

/// OSE-COMBAT-04: the two ways to move while in melee.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum MeleeMovement {
    /// Back away at up to half the encounter movement rate; needs a clear path behind.
    FightingWithdrawal,
    /// Turn and flee at up to the full encounter rate. That round the retreating combatant
    /// can't attack, and attackers get +2 against it and ignore its shield.
    Retreat,
}

/// OSE-COMBAT-01: what must be declared before initiative, plus the weapon speed that decides
/// whether the combatant acts last (OSE-INIT-03).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct OseDeclaration {
    /// Intends to cast a spell.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub spell: bool,
    /// Intends to move while in melee.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub melee_movement: Option<MeleeMovement>,
    /// Attacks with a slow weapon (two-handed melee weapon, some missile weapons).
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub slow_weapon: bool,
}

/// OSE side initiative as the encounter sees it: declarations and a d6 each round, per side
/// (or per creature, OSE-INIT-04), sides acting through phases, neither Delay nor Ready.
pub struct SideRules;

impl InitiativeRules for SideRules {
    fn system(&self) -> InitiativeSystem {
        InitiativeSystem::Side
    }

    /// OSE-INIT-04 individual 1d6 + Dex, high first; OSE-INIT-03 slow weapons last.
    fn order_key(&self, p: &OrderFacts, _options: &InitiativeOptions<'_>) -> [i32; 4] {
        [
            i32::from(p.slow_weapon),
            p.count.saturating_neg(),
            p.rank,
            0,
        ]
    }

    /// OSE-INIT-02: ties reroll the d6.
    fn roll_off_die(&self) -> u32 {
        INITIATIVE_DIE
    }

    fn leaves_ties(&self, options: &InitiativeOptions<'_>) -> bool {
        options.ose.ties == OseTies::Simultaneous
    }

    /// Per side, the sides take the turns; only individual initiative gives creatures their own.
    fn own_turn(&self, _p: &OrderFacts, options: &InitiativeOptions<'_>) -> bool {
        options.ose.individual
    }

    fn skips_unable(&self) -> bool {
        true
    }

    fn declares_each_round(&self) -> bool {
        true
    }

    fn opening_roll(&self) -> OpeningRoll {
        OpeningRoll::EachRound
    }

    fn round_roll(&self, options: &InitiativeOptions<'_>) -> RoundRoll {
        if options.ose.individual {
            RoundRoll::Individual
        } else {
            RoundRoll::PerSide
        }
    }

    fn declaration(&self) -> Option<DeclarationKind> {
        Some(DeclarationKind::Ose)
    }

    fn delay_refusal(&self) -> Option<&'static str> {
        Some("OSE does not define Delay (C-09)")
    }

    fn ready(&self) -> ReadyRule {
        ReadyRule::Refused("OSE does not define Ready (C-09)")
    }

    fn action_economy(&self) -> ActionEconomy {
        ActionEconomy::Phases
    }

    fn control(&self) -> ControlRule {
        ControlRule::Unsupported
    }

    fn surprise(&self) -> SurpriseRule {
        SurpriseRule::SideRoll {
            by_hand: "OSE rolls surprise per side (OSE-SURP-02): use rollSurprise",
        }
    }

    fn spell_disruption(&self, options: &InitiativeOptions<'_>) -> Option<DisruptionRule> {
        options.ose.spell_disruption.then_some(DisruptionRule::Lost)
    }

    fn side_phases(&self) -> bool {
        true
    }

    fn duration_rules(&self, _options: &InitiativeOptions<'_>) -> DurationRules {
        DurationRules::ose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ose_combat_02_phase_order_every_row() {
        assert_eq!(
            PHASE_ORDER,
            [
                OsePhase::Morale,
                OsePhase::Movement,
                OsePhase::Missiles,
                OsePhase::Spells,
                OsePhase::Melee
            ]
        );
        assert_eq!(
            OsePhase::Morale.next_in(&PHASE_ORDER),
            Some(OsePhase::Movement)
        );
        assert_eq!(OsePhase::Melee.next_in(&PHASE_ORDER), None);
        assert_eq!(
            OsePhase::Missiles.next_in(&SLOW_PHASES),
            Some(OsePhase::Melee)
        );
    }

    #[test]
    fn ose_surp_02_one_or_two_is_surprised() {
        let surprised: Vec<u32> = (1..=6).filter(|f| is_surprised(*f)).collect();
        assert_eq!(surprised, vec![1, 2]);
    }

    #[test]
    fn ose_init_04_dex_table_every_score() {
        let table: Vec<i8> = (1..=30).map(ose_dex_initiative_modifier).collect();
        let mut expected = vec![-2, -2, -2, -1, -1, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2];
        expected.resize(30, 2);
        assert_eq!(table, expected);
        // The 5e default reads as not given; anything else is the referee's own modifier.
        assert_eq!(ose_individual_initiative_modifier(3, -4), -2);
        assert_eq!(ose_individual_initiative_modifier(18, 4), 2);
        assert_eq!(ose_individual_initiative_modifier(18, 2), 2);
        assert_eq!(ose_individual_initiative_modifier(18, 3), 3);
        assert_eq!(ose_individual_initiative_modifier(10, 3), 3);
        assert_eq!(ose_individual_initiative_modifier(10, 0), 0);
        assert_eq!(ose_individual_initiative_modifier(30, 10), 2);
    }
}
