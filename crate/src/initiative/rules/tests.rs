//! Every registered system answered through [`InitiativeRules`], as the encounter asks: tests
//! of the registration in `initiative/mod.rs` as much as of this file, so they sit apart from
//! the trait, which the systems implement.

use super::*;
use crate::initiative::options::{
    AbilityCheckOptions, DexScoreOptions, GreyhawkOptions, SideOptions, StandardOptions,
};

/// Every system answers for the tag it is registered under.
#[test]
fn each_registered_rules_name_their_own_system() {
    for system in InitiativeSystem::ALL {
        assert_eq!(system.rules().system(), system);
    }
}

/// The answers that shape a round, per system, written out from the rules (C-03, C-04,
/// C-09; GH-INIT-06/13/14, A5E-TURN-02, A5E-CTRL-01, A5E-SURP-01/02, HYB-ACT-01/05,
/// OSE-COMBAT-02, OSE-SURP-02), with every option at its default.
#[test]
fn each_system_answers_as_its_rules_say() {
    use crate::initiative::InitiativeSystem::*;
    let gh = GreyhawkOptions::default();
    let a5e = AbilityCheckOptions::default();
    let hyb = DexScoreOptions::default();
    let ose = SideOptions::default();
    let standard = StandardOptions::default();
    let options = InitiativeOptions {
        greyhawk: &gh,
        a5e: &a5e,
        hyb: &hyb,
        ose: &ose,
        standard: &standard,
    };
    let d20 = |ability_check| OpeningRoll::D20 { ability_check };
    let rows = [
        (
            Greyhawk,
            OpeningRoll::EachRound,
            RoundRoll::DeclaredDice,
            ActionEconomy::Activities,
            ControlRule::OwnTurns,
            None,
        ),
        (
            AbilityCheck,
            d20(true),
            RoundRoll::None,
            ActionEconomy::Slots,
            ControlRule::ControllersTurn,
            Some(ReadyRule::Action),
        ),
        (
            DexScore,
            OpeningRoll::DexScore,
            RoundRoll::None,
            ActionEconomy::ActiveMovementQuick,
            ControlRule::OwnTurns,
            Some(ReadyRule::Quick),
        ),
        (
            Side,
            OpeningRoll::EachRound,
            RoundRoll::PerSide,
            ActionEconomy::Phases,
            ControlRule::Unsupported,
            None,
        ),
        (
            Standard,
            d20(false),
            RoundRoll::None,
            ActionEconomy::Slots,
            ControlRule::ControllersTurn,
            Some(ReadyRule::Action),
        ),
    ];
    for (system, opening, round, economy, control, ready) in rows {
        let rules = system.rules();
        assert_eq!(rules.opening_roll(), opening, "{system:?}");
        assert_eq!(rules.round_roll(&options), round, "{system:?}");
        assert_eq!(rules.action_economy(), economy, "{system:?}");
        assert_eq!(rules.control(), control, "{system:?}");
        match ready {
            Some(r) => assert_eq!(rules.ready(), r, "{system:?}"),
            None => assert!(matches!(rules.ready(), ReadyRule::Refused(_)), "{system:?}"),
        }
        // Only the systems that roll each round take declarations, and vice versa.
        assert_eq!(
            rules.declaration().is_some(),
            rules.declares_each_round(),
            "{system:?}"
        );
    }
    assert_eq!(Greyhawk.rules().surprise(), SurpriseRule::UntilRoundEnd);
    assert_eq!(AbilityCheck.rules().surprise(), SurpriseRule::FirstTurn);
    assert!(matches!(
        Side.rules().surprise(),
        SurpriseRule::SideRoll { .. }
    ));
    assert!(matches!(
        DexScore.rules().surprise(),
        SurpriseRule::Absent { .. }
    ));
    // OSE-INIT-02 rerolls the d6; everyone else rolls off on a d20.
    assert_eq!(Side.rules().roll_off_die(), 6);
    assert_eq!(Greyhawk.rules().roll_off_die(), ROLL_OFF_DIE);
    // Individual OSE initiative gives creatures their own turns.
    let individual = SideOptions {
        individual: true,
        ..ose
    };
    let options = InitiativeOptions {
        ose: &individual,
        ..options
    };
    assert_eq!(Side.rules().round_roll(&options), RoundRoll::Individual);
    assert!(Side.rules().own_turn(&OrderFacts::default(), &options));
}

#[test]
fn tie_keys_follow_the_rule() {
    let pc = OrderFacts {
        dex_modifier: 3,
        ..OrderFacts::default()
    };
    let npc = OrderFacts {
        npc: true,
        dex_modifier: 1,
        ..OrderFacts::default()
    };
    assert!(pc.tie_key(TieRule::PcsFirst) < npc.tie_key(TieRule::PcsFirst));
    assert!(pc.tie_key(TieRule::DexModifier) < npc.tie_key(TieRule::DexModifier));
    assert_eq!(pc.tie_key(TieRule::RollOff), npc.tie_key(TieRule::RollOff));
}

/// Only the five-slot economy refreshes per turn; the reaction-only and HYB ones per round.
#[test]
fn economies_refresh_when_their_rules_say() {
    use ActionEconomy::*;
    assert!(Slots.refreshed_each_turn() && !Slots.refreshed_each_round());
    assert!(Activities.refreshed_each_round() && ActiveMovementQuick.refreshed_each_round());
    assert!(!Phases.refreshed_each_round() && !Phases.refreshed_each_turn());
}
