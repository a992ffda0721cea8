//! The replay property, for every initiative system: for any command sequence, a second
//! encounter that applies the first's events (never rolling) reaches an identical state, and
//! every snapshot along the way restores exactly. Failing commands leave the state unchanged.
//! Sequences are pseudo-random from fixed seeds.

#[path = "encounter_support.rs"]
mod support;

use support::*;
use turnkeeper::dice::{DieSize, SeededDice};
use turnkeeper::encounter::{
    ActionKind, Declaration, Encounter, EncounterCommand, GroupId, Harm, Label, Name, PlanCause,
    Recharge, RetreatCheck, TurnStatus, WorldAction, WorldActionId,
};
use turnkeeper::initiative::Activity;
use turnkeeper::initiative::greyhawk::{DieStep, GhDeclaration, StepEffect};
use turnkeeper::initiative::side::{OseDeclaration, OseTies};
use turnkeeper::initiative::{InitiativeSystem, RollMode, TieRule};
use turnkeeper::rulesets::{Preset, RulesetConfig};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn coin(&mut self) -> bool {
        self.next() % 2 == 0
    }
}

const KINDS: [ActionKind; 7] = [
    ActionKind::Action,
    ActionKind::BonusAction,
    ActionKind::Movement,
    ActionKind::Reaction,
    ActionKind::Active,
    ActionKind::Quick,
    ActionKind::Interaction,
];

fn random_gh(rng: &mut Lcg) -> GhDeclaration {
    let mut d = GhDeclaration::default();
    if rng.coin() {
        d.activities.push(Activity::Move);
    }
    for _ in 0..rng.below(3) {
        let a = Activity::ALL[rng.below(Activity::ALL.len())];
        if a != Activity::Move && !(a == Activity::Swap && d.activities.contains(&a)) {
            d.activities.push(a);
        }
    }
    if rng.below(4) == 0 {
        d.bonus_action = Some(Activity::Spell);
    }
    if rng.below(5) == 0 {
        d.steps.push(DieStep {
            effect: if rng.coin() {
                StepEffect::Bonus
            } else {
                StepEffect::Penalty
            },
            die: None,
        });
    }
    if rng.below(5) == 0 {
        d.mode = if rng.coin() {
            RollMode::Advantage
        } else {
            RollMode::Disadvantage
        };
    }
    d
}

fn random_command(t: &Table, rng: &mut Lcg, next_id: &mut u32) -> EncounterCommand {
    let ids: Vec<String> = t
        .enc
        .participants()
        .iter()
        .map(|p| p.id.as_str().to_string())
        .collect();
    let any = |rng: &mut Lcg| {
        pid(ids
            .get(rng.below(ids.len()))
            .map(String::as_str)
            .unwrap_or("nobody"))
    };
    let current = t.enc.current_participant().cloned();
    let cur_or_any = |rng: &mut Lcg| current.clone().unwrap_or_else(|| any(rng));
    let system = t.enc.system();
    match rng.below(24) {
        0..=5 => EncounterCommand::EndTurn,
        6 => EncounterCommand::RollInitiative { no_actions: false },
        7..=9 => {
            let declaration = match system {
                InitiativeSystem::Side => Declaration::Ose(OseDeclaration {
                    spell: rng.coin(),
                    melee_movement: None,
                    slow_weapon: rng.below(3) == 0,
                }),
                _ => Declaration::Greyhawk(random_gh(rng)),
            };
            EncounterCommand::Declare {
                participant: any(rng),
                declaration,
            }
        }
        10 => EncounterCommand::Delay {
            participant: cur_or_any(rng),
        },
        11 => {
            let delayed = t.enc.delayed();
            let who = delayed
                .get(rng.below(delayed.len()))
                .cloned()
                .unwrap_or_else(|| any(rng));
            let cut_in = delayed
                .into_iter()
                .filter(|d| d != &who && rng.coin())
                .collect();
            EncounterCommand::Resume {
                participant: who,
                cut_in,
            }
        }
        12 => EncounterCommand::UseAction {
            participant: any(rng),
            kind: KINDS[rng.below(KINDS.len())],
            slot: if rng.below(4) == 0 {
                Some(KINDS[rng.below(KINDS.len())])
            } else {
                None
            },
        },
        13 => EncounterCommand::UseAction {
            participant: cur_or_any(rng),
            kind: KINDS[rng.below(KINDS.len())],
            slot: None,
        },
        14 => EncounterCommand::Act {
            participant: cur_or_any(rng),
            activity: Activity::ALL[rng.below(Activity::ALL.len())],
        },
        15 => {
            *next_id += 1;
            let mut p = newp(
                &format!("n{next_id}"),
                if rng.coin() { "party" } else { "foes" },
                3 + rng.below(18) as u8,
            );
            if rng.below(3) == 0 {
                p.group = Some(GroupId::new("grp").unwrap());
            }
            if rng.below(6) == 0 {
                p.fixed_count = Some(20);
            }
            EncounterCommand::AddParticipant { participant: p }
        }
        16 => EncounterCommand::RemoveParticipant {
            participant: any(rng),
        },
        17 => EncounterCommand::SetCanAct {
            participant: any(rng),
            can_act: rng.below(3) != 0,
        },
        18 => EncounterCommand::Harm {
            participant: any(rng),
            harm: [Harm::Damage, Harm::Hit, Harm::FailedSave][rng.below(3)],
        },
        19 => match rng.below(4) {
            0 => EncounterCommand::NextRound,
            1 => EncounterCommand::AdvancePhase,
            2 => EncounterCommand::Ready {
                participant: cur_or_any(rng),
                trigger: Label::new("it moves").unwrap(),
            },
            _ => EncounterCommand::TriggerReady {
                participant: any(rng),
            },
        },
        20 => match rng.below(4) {
            0 => EncounterCommand::AddWorldAction {
                action: WorldAction {
                    id: WorldActionId::new(format!("w{}", rng.below(3))).unwrap(),
                    name: Name::new("Falling Rocks").unwrap(),
                    recharge: if rng.coin() {
                        Some(Recharge::new(5).unwrap())
                    } else {
                        None
                    },
                },
            },
            1 | 2 => EncounterCommand::UseWorldAction {
                action: WorldActionId::new(format!("w{}", rng.below(3))).unwrap(),
                targets: current.iter().cloned().collect(),
            },
            _ => EncounterCommand::EndWorldPhase,
        },
        21 => match rng.below(3) {
            0 => EncounterCommand::Retreat {
                participant: cur_or_any(rng),
                followers: vec![],
            },
            _ => EncounterCommand::ResolveRetreat {
                participant: any(rng),
                check: if rng.coin() {
                    Some(RetreatCheck {
                        modifier: 1,
                        dc: 11,
                    })
                } else {
                    None
                },
            },
        },
        22 => match rng.below(3) {
            0 => EncounterCommand::ForcePlan {
                participant: any(rng),
                declaration: random_gh(rng),
                cause: PlanCause::Participant {
                    participant: cur_or_any(rng),
                },
            },
            1 => EncounterCommand::SetController {
                participant: any(rng),
                controller: if rng.coin() { Some(any(rng)) } else { None },
            },
            _ => EncounterCommand::CommandControlled {
                controller: cur_or_any(rng),
                targets: vec![any(rng)],
            },
        },
        _ => EncounterCommand::ChangeSide {
            participant: any(rng),
            side: side(if rng.coin() { "party" } else { "foes" }),
        },
    }
}

fn play(cfg: RulesetConfig, seed: u64, steps: usize) -> (usize, usize) {
    let mut rng = Lcg(seed);
    let mut dice = SeededDice::new(seed).unwrap();
    let mut t = Table::new(cfg.clone());
    let initial = t.enc.clone();
    for i in 0..5u8 {
        let mut p = newp(
            &format!("p{i}"),
            if i % 2 == 0 { "party" } else { "foes" },
            8 + i * 2,
        );
        if i >= 3 {
            p.group = Some(GroupId::new("grp").unwrap());
            p.npc = true;
        }
        t.add(p);
    }
    if matches!(cfg.system(), InitiativeSystem::Side) {
        let _ = t.run_with(
            EncounterCommand::RollSurprise {
                sides: vec![side("foes")],
            },
            &mut dice,
        );
    }
    t.run_with(start(), &mut dice).unwrap();
    let mut next_id = 0;
    let (mut ok, mut failed) = (0, 0);
    for _ in 0..steps {
        let cmd = random_command(&t, &mut rng, &mut next_id);
        match t.run_with(cmd, &mut dice) {
            Ok(_) => ok += 1,
            Err(_) => failed += 1,
        }
        // Invariants a VTT relies on.
        if let Some(cur) = t.enc.current_participant() {
            let status = t.enc.participant(cur).unwrap().turn;
            assert!(matches!(status, TurnStatus::Started | TurnStatus::Resumed));
        }
    }
    // A fresh encounter that applies the whole log converges without rolling.
    let mut replay = initial;
    replay.apply_all(&t.log).unwrap();
    assert_eq!(replay.to_json(), t.enc.to_json());
    assert_eq!(Encounter::from_json(&t.enc.to_json()).unwrap(), t.enc);
    (ok, failed)
}

fn check_system(cfg: RulesetConfig) {
    let mut total_ok = 0;
    for seed in 1..=8 {
        let (ok, failed) = play(cfg.clone(), seed, 300);
        assert!(ok > 0 && failed > 0);
        total_ok += ok;
    }
    assert!(
        total_ok > 300,
        "too few commands succeeded ({total_ok}) to exercise the system"
    );
}

#[test]
fn replay_property_greyhawk() {
    check_system(RulesetConfig::preset(Preset::Gh5e));
    let mut cfg = RulesetConfig::preset(Preset::Gh5e);
    cfg.greyhawk.spell_disruption = true;
    cfg.greyhawk.step_chain = turnkeeper::dice::StepChain::Extended;
    check_system(cfg);
}

#[test]
fn replay_property_ability_check() {
    check_system(RulesetConfig::preset(Preset::A5e));
    let mut cfg = RulesetConfig::preset(Preset::A5e);
    cfg.a5e.rolling_movement = true;
    check_system(cfg);
}

#[test]
fn replay_property_dex_score() {
    check_system(RulesetConfig::preset(Preset::Hyb));
    let mut cfg = RulesetConfig::preset(Preset::Hyb);
    cfg.hyb.tie_rule = TieRule::RollOff;
    check_system(cfg);
}

#[test]
fn replay_property_side() {
    check_system(RulesetConfig::preset(Preset::Ose));
    let mut cfg = RulesetConfig::preset(Preset::Ose);
    cfg.ose.ties = OseTies::Simultaneous;
    check_system(cfg);
    let mut cfg = RulesetConfig::preset(Preset::Ose);
    cfg.ose.individual = true;
    check_system(cfg);
}

#[test]
fn replay_property_standard() {
    check_system(RulesetConfig::preset(Preset::Standard));
}

#[test]
fn replay_property_a5e_with_greyhawk_initiative() {
    check_system(RulesetConfig::preset(Preset::A5e).with_initiative(InitiativeSystem::Greyhawk));
}

#[test]
fn weapon_dice_sizes_are_plain_data() {
    // Weapon dice travel through commands as JSON.
    let d = GhDeclaration {
        weapon: Some(turnkeeper::initiative::greyhawk::WeaponDice {
            count: 2,
            die: DieSize::D6,
        }),
        ..GhDeclaration::of([Activity::Melee])
    };
    let json = serde_json::to_string(&Declaration::Greyhawk(d.clone())).unwrap();
    assert_eq!(
        json,
        r#"{"system":"greyhawk","activities":["melee"],"weapon":{"count":2,"die":"d6"}}"#
    );
    assert_eq!(
        serde_json::from_str::<Declaration>(&json).unwrap(),
        Declaration::Greyhawk(d)
    );
}
