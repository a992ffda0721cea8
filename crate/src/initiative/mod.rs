//! Initiative systems, one module each (docs/design.md "Initiative systems"):
//!
//! | module | rules | roll | order | rerolled |
//! |---|---|---|---|---|
//! | [`greyhawk`] | GH-* | dice pool from declared activities | low → high | every round |
//! | [`ability_check`] | A5E-INIT/SURP/TURN | d20 + ability | high → low | once |
//! | [`dex_score`] | HYB-INIT/ACT | none: Dex score | high → low | never |
//! | [`side`] | OSE-INIT/COMBAT/SURP | 1d6 per side | high → low | every round |
//! | [`standard`] | 5e | d20 + Dex modifier | high → low | once |
//!
//! These modules hold the rules that do not depend on encounter state (dice pools, checks,
//! tables, options), and each implements [`InitiativeRules`] ([`rules`]): what the round/turn
//! state machine in `crate::encounter` asks where the systems differ. [`InitiativeSystem::rules`]
//! registers them; docs/adding-an-initiative-system.md lists what a new system touches.

pub mod ability_check;
mod activity;
pub mod dex_score;
pub mod greyhawk;
pub mod limits;
mod options;
mod roll;
pub mod rules;
pub mod side;
pub mod standard;
mod system;
pub mod ties;

pub use roll::{InitiativeDie, InitiativeRoll, RollDice, RollSource};
pub(crate) use roll::{roll_d20, roll_one};
pub use rules::InitiativeRules;
pub use system::{InitiativeSystem, TieRule};

impl InitiativeSystem {
    /// Every system, in the order the rule tables list them.
    pub const ALL: [Self; 5] = [
        Self::Greyhawk,
        Self::AbilityCheck,
        Self::DexScore,
        Self::Side,
        Self::Standard,
    ];

    /// The registration: the rules each saved tag stands for. This is the one `match` on the
    /// tag; everything else asks the rules (docs/adding-an-initiative-system.md).
    pub fn rules(self) -> &'static dyn InitiativeRules {
        match self {
            Self::Greyhawk => &greyhawk::GreyhawkRules,
            Self::AbilityCheck => &ability_check::AbilityCheckRules,
            Self::DexScore => &dex_score::DexScoreRules,
            Self::Side => &side::SideRules,
            Self::Standard => &standard::StandardRules,
        }
    }

    /// C-03: Greyhawk runs low → high; every other system high → low.
    pub fn ascending(self) -> bool {
        self.rules().ascending()
    }

    /// C-04: Greyhawk and OSE roll every round, after a declaration phase.
    pub fn declares_each_round(self) -> bool {
        self.rules().declares_each_round()
    }

    /// C-09: whether a creature may delay (GH-INIT-13, HYB-INIT-02). A5E and 5e have Ready
    /// instead; OSE defines neither.
    pub fn allows_delay(self) -> bool {
        self.rules().delay_refusal().is_none()
    }
}

pub use crate::dice::RollMode;
pub use greyhawk::Activity;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SuppliedDice;
    use crate::ids::ParticipantId;

    #[test]
    fn d20_advantage_keeps_higher_and_disadvantage_lower() {
        let mut d = SuppliedDice::new([4, 17, 4, 17]);
        let adv = roll_d20(&mut d, RollMode::Advantage).unwrap();
        assert_eq!(InitiativeRoll::computed_total(&adv, 0), Some(17));
        let dis = roll_d20(&mut d, RollMode::Disadvantage).unwrap();
        assert_eq!(InitiativeRoll::computed_total(&dis, 2), Some(6));
    }

    /// C-03: Greyhawk's counts go up (low acts first); every other system's go down.
    #[test]
    fn c_03_only_greyhawk_acts_low_to_high() {
        use InitiativeSystem::*;
        assert!(Greyhawk.ascending());
        for system in [AbilityCheck, DexScore, Side, Standard] {
            assert!(!system.ascending(), "{system:?}");
        }
    }

    /// C-04: Greyhawk and OSE declare and roll every round; the others do not.
    #[test]
    fn c_04_greyhawk_and_ose_declare_every_round() {
        use InitiativeSystem::*;
        assert!(Greyhawk.declares_each_round() && Side.declares_each_round());
        for system in [AbilityCheck, DexScore, Standard] {
            assert!(!system.declares_each_round(), "{system:?}");
        }
    }

    /// Events and snapshots carry many rolls: a zero modifier and a rolled source (the usual
    /// case) are left out of the JSON and read back as such; anything else is written.
    #[test]
    fn an_initiative_roll_leaves_out_a_zero_modifier_and_a_rolled_source() {
        let plain = InitiativeRoll {
            participants: crate::ids::ParticipantIds::one(ParticipantId::new("a").unwrap()),
            dice: RollDice::new(),
            modifier: 0,
            total: 7,
            source: RollSource::Rolled,
        };
        let text = crate::wire::to_json(&plain);
        assert_eq!(text, r#"{"participants":["a"],"total":7}"#);
        let fixed = InitiativeRoll {
            modifier: 3,
            source: RollSource::FixedCount,
            ..plain.clone()
        };
        let text = crate::wire::to_json(&fixed);
        assert_eq!(
            text,
            r#"{"participants":["a"],"modifier":3,"total":7,"source":"fixedCount"}"#
        );
        for roll in [plain, fixed] {
            let back: InitiativeRoll = crate::wire::read_all(&crate::wire::to_json(&roll)).unwrap();
            assert_eq!(back, roll);
        }
    }

    #[test]
    fn advantage_and_disadvantage_cancel() {
        assert_eq!(
            RollMode::Advantage.combine(RollMode::Disadvantage),
            RollMode::Normal
        );
        assert_eq!(
            RollMode::Normal.combine(RollMode::Advantage),
            RollMode::Advantage
        );
    }
}
