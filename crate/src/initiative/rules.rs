//! What an encounter asks of its initiative system, as one trait.
//!
//! The encounter's round and turn machine (`crate::encounter`) is shared by every system; where
//! the systems differ it asks [`InitiativeRules`] instead of naming a system. Each system's
//! module implements the trait, and [`InitiativeSystem::rules`] is the one place that maps the
//! saved tag to its rules. The answers are plain facts and small vocabularies (an
//! [`ActionEconomy`], a [`SurpriseRule`]…) so that this layer needs nothing from the encounter,
//! and a new system built from existing pieces needs no change to the encounter at all
//! (docs/adding-an-initiative-system.md).

pub use super::options::InitiativeOptions;

use crate::effects::DurationRules;
use crate::initiative::system::{InitiativeSystem, TieRule};

/// The die of a random roll-off: A5E-INIT-03 says d20; Greyhawk (GH-INIT-10 "at random"), HYB
/// and 5e use the same d20. OSE rerolls its own d6 instead (OSE-INIT-02).
pub const ROLL_OFF_DIE: u32 = 20;

/// What the ordering rules may look at for one participant: the encounter fills it in, the
/// system turns it into a sort key. Kept to plain values so the initiative layer never sees
/// an encounter type.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OrderFacts {
    /// The initiative count (0 before any roll).
    pub count: i32,
    /// The GM's placement on that count (0 unless a GM moved someone).
    pub rank: i32,
    pub dex_score: i32,
    pub dex_modifier: i32,
    /// A non-player creature (for "player characters first" ties).
    pub npc: bool,
    /// It declared a slow weapon this round (OSE-INIT-03).
    pub slow_weapon: bool,
    /// Round 1 of an encounter that began with an ambush, on a side that did not ambush.
    pub ambushed: bool,
    /// It has a controller (A5E-CTRL-01, GH-INIT-14).
    pub controlled: bool,
}

impl OrderFacts {
    /// The part of the key that settles equal counts before chance, under `rule`.
    pub fn tie_key(&self, rule: TieRule) -> i32 {
        match rule {
            TieRule::RollOff => 0,
            TieRule::PcsFirst => i32::from(self.npc),
            TieRule::DexModifier => self.dex_modifier.saturating_neg(),
        }
    }
}

/// How a system gives out counts when the encounter starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningRoll {
    /// Nothing at the start: counts come each round, after declarations.
    EachRound,
    /// A d20 once, with advantage allowed at the start (A5E-SURP-03); `ability_check` when the
    /// modifier is an ability check rather than the Dex modifier (A5E-INIT-02/04).
    D20 { ability_check: bool },
    /// No roll: the Dex score is the count (HYB-INIT-01), and ambushers may be named.
    DexScore,
}

/// How a system rolls at the start of each round, once declarations are in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundRoll {
    /// It does not roll each round.
    None,
    /// Greyhawk's dice pools from the declared activities (GH-INIT-01..05).
    DeclaredDice,
    /// One d6 + Dex adjustment per participant (OSE-INIT-04).
    Individual,
    /// One d6 per side (OSE-INIT-01).
    PerSide,
}

/// The kind of declaration a system takes before its roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclarationKind {
    /// Activity categories (GH-INIT-01).
    Greyhawk,
    /// Spell, retreat, slow weapon, melee movement (OSE-COMBAT-01).
    Ose,
}

/// The slots a creature spends during its turn, and when they come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionEconomy {
    /// No slots tracked: the side's phases order the round (OSE-COMBAT-02).
    Phases,
    /// Declared activities, with the reaction as the only slot (GH-INIT-06, GH-INIT-09).
    Activities,
    /// Action, bonus action, movement, reaction and an object interaction, back at the start
    /// of each of the creature's turns (A5E-TURN-02/03).
    Slots,
    /// Active, movement and quick actions, back each round (HYB-ACT-01..05).
    ActiveMovementQuick,
}

impl ActionEconomy {
    /// Whether the slots come back when a round starts (HYB-ACT-01, GH-INIT-06).
    pub const fn refreshed_each_round(self) -> bool {
        matches!(self, Self::Activities | Self::ActiveMovementQuick)
    }

    /// Whether the slots come back when the creature's turn starts (A5E-TURN-02).
    pub const fn refreshed_each_turn(self) -> bool {
        matches!(self, Self::Slots)
    }

    /// Whether movement may be split across a turn rather than spent once (A5E-TURN-02).
    pub const fn splits_movement(self) -> bool {
        matches!(self, Self::Slots)
    }

    /// Whether a reaction is one of the slots kept (A5E-TURN-02, GH-INIT-06); OSE keeps none
    /// and HYB's off-turn actions are quick actions (HYB-ACT-05).
    pub const fn has_reaction(self) -> bool {
        matches!(self, Self::Slots | Self::Activities)
    }

    /// Whether releasing a readied action spends the reaction (A5E-ACT-11).
    pub const fn ready_releases_with_reaction(self) -> bool {
        matches!(self, Self::Slots)
    }
}

/// What the Ready action costs, or why there is none (C-09).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadyRule {
    Refused(&'static str),
    /// It takes the action (A5E-ACT-11).
    Action,
    /// It takes a quick action (HYB-ACT-05).
    Quick,
}

/// How surprise works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SurpriseRule {
    /// Surprise is rolled per side (OSE-SURP-02); it is never set by hand.
    SideRoll { by_hand: &'static str },
    /// No surprise at all; the text says what to use instead.
    Absent { by_hand: &'static str },
    /// Set by hand before each round's roll, lasting until the end of the round (GH-SURP-01).
    UntilRoundEnd,
    /// Set by hand before initiative; the creature's first turn is cut short and the surprise
    /// ends with it (A5E-SURP-01/02).
    FirstTurn,
}

/// Where creatures with a controller take their turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControlRule {
    /// The system has no rules for controlled creatures.
    Unsupported,
    /// They keep turns of their own in the order (GH-INIT-14, HYB).
    OwnTurns,
    /// They act on their controller's turn, when commanded (A5E-CTRL-01/02).
    ControllersTurn,
}

/// What happens to a caster's pending spell when it is harmed before its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DisruptionRule {
    /// Damage lets it cast only cantrips this round (Greyhawk option).
    CantripsOnDamage,
    /// Any harm loses the spell (OSE-COMBAT-08).
    Lost,
}

/// Everything the encounter asks of an initiative system. The defaults describe a plain
/// "roll once, high to low, no extras" system; a system overrides what differs.
pub trait InitiativeRules: Sync {
    /// The tag the system is saved under.
    fn system(&self) -> InitiativeSystem;

    // ---- order ----

    /// C-03: whether counts run low → high.
    fn ascending(&self) -> bool {
        false
    }

    /// The primary sort key, ascending: everything the rules compare before chance.
    fn order_key(&self, p: &OrderFacts, options: &InitiativeOptions<'_>) -> [i32; 4];

    /// The die of a roll-off between equal keys.
    fn roll_off_die(&self) -> u32 {
        ROLL_OFF_DIE
    }

    /// Whether equal keys stay equal and act together instead of rolling off.
    fn leaves_ties(&self, _options: &InitiativeOptions<'_>) -> bool {
        false
    }

    /// Whether a participant with a count takes a turn of its own this round.
    fn own_turn(&self, p: &OrderFacts, _options: &InitiativeOptions<'_>) -> bool {
        !(p.controlled && self.control() == ControlRule::ControllersTurn)
    }

    /// Whether a creature unable to act loses its turn (it keeps it when death saves or turn
    /// anchors need that turn).
    fn skips_unable(&self) -> bool {
        false
    }

    /// Whether someone joining mid-round is placed only among those still waiting (Greyhawk's
    /// counts run up, so the join must not land behind turns already taken).
    fn joins_among_pending(&self) -> bool {
        false
    }

    // ---- rolls ----

    /// C-04: whether the round begins with declarations and a fresh roll.
    fn declares_each_round(&self) -> bool {
        false
    }

    /// How counts are given at the start.
    fn opening_roll(&self) -> OpeningRoll;

    /// How the round's roll is made, for systems that declare each round.
    fn round_roll(&self, _options: &InitiativeOptions<'_>) -> RoundRoll {
        RoundRoll::None
    }

    /// The declaration the system takes, if any.
    fn declaration(&self) -> Option<DeclarationKind> {
        None
    }

    // ---- turns ----

    /// C-09: why Delay is refused, or `None` where a creature may delay.
    fn delay_refusal(&self) -> Option<&'static str> {
        Some("this ruleset has no Delay; use Ready instead (C-09)")
    }

    /// Whether other delayers with lower counts may cut in when one resumes (GH-INIT-13).
    fn delayers_cut_in(&self) -> bool {
        false
    }

    /// C-09: what Ready costs.
    fn ready(&self) -> ReadyRule;

    /// The slots a creature spends.
    fn action_economy(&self) -> ActionEconomy;

    /// Where controlled creatures act.
    fn control(&self) -> ControlRule;

    /// How surprise works.
    fn surprise(&self) -> SurpriseRule;

    /// Whether creatures that cannot act are resolved at the end of the round, death saves
    /// included (GH-INIT-12).
    fn resolves_unable_at_round_end(&self) -> bool {
        false
    }

    /// What harm does to a pending spell, if anything.
    fn spell_disruption(&self, _options: &InitiativeOptions<'_>) -> Option<DisruptionRule> {
        None
    }

    /// Whether the retreat action exists (HYB-RETREAT-01).
    fn has_retreat_action(&self) -> bool {
        false
    }

    /// Whether turns go by side, through phases (OSE-COMBAT-02).
    fn side_phases(&self) -> bool {
        false
    }

    /// C-08: how effects end under this system (the encounter sets the round length).
    fn duration_rules(&self, options: &InitiativeOptions<'_>) -> DurationRules;
}

#[cfg(test)]
mod tests;
