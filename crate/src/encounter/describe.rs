//! One log line per event, for a VTT chat log, from the message catalogue (crate::messages):
//! every sentence is a key with parameters, so a caller's catalogue translates it.

use crate::ability::Ability;
use crate::encounter::command::TbaCall;
use crate::encounter::describe_vitals::{self as vitals, name};
use crate::encounter::event::{EncounterEvent, FollowerMoraleRoll, RetreatRoll, TieUnit};
use crate::encounter::participant::{ActionKind, Declaration, Harm, SkipReason, SpellDisruption};
use crate::encounter::state::Encounter;
use crate::ids::ParticipantId;
use crate::initiative::ability_check::InitiativeCheck;
use crate::initiative::greyhawk::Activity;
use crate::initiative::side::{MeleeMovement, OsePhase};
use crate::initiative::{InitiativeDie, InitiativeRoll, RollSource};
use crate::messages::Catalogue;
use crate::messages::words::{ability, join};
use crate::msg;

/// Several names, joined by the catalogue's list separator.
pub(crate) fn names(cat: &Catalogue, enc: &Encounter, ids: &[ParticipantId]) -> String {
    join(cat, ids.iter().map(|i| name(enc, i)))
}

fn activity(cat: &Catalogue, a: Activity) -> String {
    match a {
        Activity::Ranged => msg!(cat, "activity.ranged"),
        Activity::Move => msg!(cat, "activity.move"),
        Activity::Swap => msg!(cat, "activity.swap"),
        Activity::Other => msg!(cat, "activity.other"),
        Activity::Melee => msg!(cat, "activity.melee"),
        Activity::Spell => msg!(cat, "activity.spell"),
    }
}

fn action_kind(cat: &Catalogue, k: ActionKind) -> String {
    match k {
        ActionKind::Action => msg!(cat, "actionKind.action"),
        ActionKind::BonusAction => msg!(cat, "actionKind.bonusAction"),
        ActionKind::Movement => msg!(cat, "actionKind.movement"),
        ActionKind::Reaction => msg!(cat, "actionKind.reaction"),
        ActionKind::Active => msg!(cat, "actionKind.active"),
        ActionKind::Quick => msg!(cat, "actionKind.quick"),
        ActionKind::Interaction => msg!(cat, "actionKind.interaction"),
    }
}

fn phase(cat: &Catalogue, p: OsePhase) -> String {
    match p {
        OsePhase::Morale => msg!(cat, "osePhase.morale"),
        OsePhase::Movement => msg!(cat, "osePhase.movement"),
        OsePhase::Missiles => msg!(cat, "osePhase.missiles"),
        OsePhase::Spells => msg!(cat, "osePhase.spells"),
        OsePhase::Melee => msg!(cat, "osePhase.melee"),
    }
}

fn dice_text(cat: &Catalogue, dice: &[InitiativeDie]) -> String {
    dice.iter()
        .map(|d| {
            let base = match d.activity {
                Some(a) => msg!(
                    cat,
                    "dice.dieFor",
                    sides = d.die.sides,
                    face = d.die.face,
                    activity = activity(cat, a)
                ),
                None => msg!(cat, "dice.die", sides = d.die.sides, face = d.die.face),
            };
            if d.dropped {
                msg!(cat, "dice.dropped", die = base)
            } else {
                base
            }
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A participant's declared plan, as a sentence.
fn plan_text(
    cat: &Catalogue,
    enc: &Encounter,
    participant: &ParticipantId,
    declaration: &Declaration,
) -> String {
    let who = name(enc, participant);
    match declaration {
        Declaration::Greyhawk(d) => {
            let mut parts: Vec<String> = d.activities.iter().map(|a| activity(cat, *a)).collect();
            if let Some(b) = d.bonus_action {
                parts.push(msg!(cat, "activity.bonus", activity = activity(cat, b)));
            }
            if parts.is_empty() {
                msg!(cat, "encounter.plans.nothing", who = who)
            } else {
                msg!(
                    cat,
                    "encounter.plans",
                    who = who,
                    plan = join(cat, parts.into_iter())
                )
            }
        }
        Declaration::Ose(d) => {
            let mut parts = Vec::new();
            if d.spell {
                parts.push(msg!(cat, "oseDeclaration.spell"));
            }
            match d.melee_movement {
                Some(MeleeMovement::FightingWithdrawal) => {
                    parts.push(msg!(cat, "oseDeclaration.fightingWithdrawal"));
                }
                Some(MeleeMovement::Retreat) => parts.push(msg!(cat, "oseDeclaration.retreat")),
                None => {}
            }
            if d.slow_weapon {
                parts.push(msg!(cat, "oseDeclaration.slowWeapon"));
            }
            if parts.is_empty() {
                msg!(cat, "encounter.declares.nothing", who = who)
            } else {
                msg!(
                    cat,
                    "encounter.declares",
                    who = who,
                    plan = join(cat, parts.into_iter())
                )
            }
        }
    }
}

fn signed(n: impl Into<i64>) -> String {
    let n: i64 = n.into();
    format!("{n:+}")
}

fn roll_text(cat: &Catalogue, enc: &Encounter, r: &InitiativeRoll) -> String {
    let who = names(cat, enc, &r.participants);
    match r.source {
        RollSource::SurpriseCheck => {
            msg!(cat, "initiative.surpriseCheck", who = who, total = r.total)
        }
        RollSource::FixedCount => msg!(cat, "initiative.fixedCount", who = who, total = r.total),
        RollSource::DexScore => msg!(cat, "initiative.dexScore", who = who, total = r.total),
        RollSource::Rolled => {
            let dice = if r.dice.is_empty() {
                msg!(cat, "dice.none")
            } else {
                dice_text(cat, &r.dice)
            };
            if r.modifier == 0 {
                msg!(
                    cat,
                    "initiative.rolled",
                    who = who,
                    dice = dice,
                    total = r.total
                )
            } else {
                msg!(
                    cat,
                    "initiative.rolledWithModifier",
                    who = who,
                    dice = dice,
                    modifier = signed(r.modifier),
                    total = r.total
                )
            }
        }
    }
}

impl EncounterEvent {
    /// An English log line for this event (see [`EncounterEvent::describe_in`]).
    pub fn describe(&self, enc: &Encounter) -> String {
        self.describe_in(enc, &Catalogue::english())
    }

    /// A log line for this event in `cat`'s language. Call it on the encounter as it is after
    /// the event; a removed participant is named by the name its event recorded.
    ///
    /// Each family of events has its own function below, grouped as the encounter applies
    /// them (`apply/*.rs`), the creature and effect ones in `describe_vitals`; the match lists
    /// every event so a new one must be given a family.
    pub fn describe_in(&self, enc: &Encounter, cat: &Catalogue) -> String {
        match self {
            EncounterEvent::ParticipantAdded { .. }
            | EncounterEvent::ParticipantRemoved { .. }
            | EncounterEvent::ParticipantRenamed { .. }
            | EncounterEvent::SideChanged { .. }
            | EncounterEvent::GroupChanged { .. }
            | EncounterEvent::CanActChanged { .. }
            | EncounterEvent::ControllerChanged { .. }
            | EncounterEvent::InitiativeCheckChanged { .. }
            | EncounterEvent::HiddenChanged { .. }
            | EncounterEvent::RoundLengthChanged { .. }
            | EncounterEvent::WorldActionAdded { .. }
            | EncounterEvent::WorldActionRemoved { .. } => roster_line(self, enc, cat),
            EncounterEvent::SurpriseChanged { .. }
            | EncounterEvent::SurpriseCheckRolled { .. }
            | EncounterEvent::SideSurpriseRolled { .. }
            | EncounterEvent::EncounterStarted { .. } => surprise_line(self, enc, cat),
            EncounterEvent::DeclarationsOpened { .. }
            | EncounterEvent::Declared { .. }
            | EncounterEvent::DeclaredMany { .. }
            | EncounterEvent::InitiativeRolled { .. }
            | EncounterEvent::SideInitiativeRolled { .. }
            | EncounterEvent::TiesBroken { .. }
            | EncounterEvent::JoinedOrder { .. }
            | EncounterEvent::PlanForced { .. } => initiative_line(self, enc, cat),
            EncounterEvent::RechargeRolled { .. }
            | EncounterEvent::WorldPhaseStarted { .. }
            | EncounterEvent::WorldActionUsed { .. }
            | EncounterEvent::WorldPhaseEnded { .. } => world_line(self, enc, cat),
            EncounterEvent::RoundStarted { .. }
            | EncounterEvent::SideTurnStarted { .. }
            | EncounterEvent::PhaseStarted { .. }
            | EncounterEvent::TurnStarted { .. }
            | EncounterEvent::TurnDelayed { .. }
            | EncounterEvent::DelayResumed { .. }
            | EncounterEvent::TurnResumed { .. }
            | EncounterEvent::TurnSkipped { .. }
            | EncounterEvent::TurnGranted { .. }
            | EncounterEvent::TurnEnded { .. }
            | EncounterEvent::SideTurnEnded { .. }
            | EncounterEvent::EndOfRoundResolution { .. }
            | EncounterEvent::RoundEnded { .. }
            | EncounterEvent::EncounterEnded { .. } => turn_line(self, enc, cat),
            EncounterEvent::ActivityUsed { .. }
            | EncounterEvent::ActionUsed { .. }
            | EncounterEvent::Readied { .. }
            | EncounterEvent::ReadyTriggered { .. }
            | EncounterEvent::ControlledCommanded { .. } => action_line(self, enc, cat),
            EncounterEvent::Harmed { .. }
            | EncounterEvent::SpellDisrupted { .. }
            | EncounterEvent::RetreatStarted { .. }
            | EncounterEvent::FollowersMoraleChecked { .. }
            | EncounterEvent::RetreatResolved { .. } => harm_line(self, enc, cat),
            EncounterEvent::CountSet { .. }
            | EncounterEvent::MovedInOrder { .. }
            | EncounterEvent::Restored { .. } => correction_line(self, enc, cat),
            EncounterEvent::CreatureSet { .. }
            | EncounterEvent::ConditionImmunitiesSet { .. }
            | EncounterEvent::Damaged { .. }
            | EncounterEvent::CreatureUpdated { .. }
            | EncounterEvent::Incapacitated { .. } => vitals::creature_line(self, enc, cat),
            EncounterEvent::EffectsAdded { .. }
            | EncounterEvent::EffectRemoved { .. }
            | EncounterEvent::ConcentrationDropped { .. }
            | EncounterEvent::ConditionsLoaded { .. }
            | EncounterEvent::EffectsEnded { .. } => vitals::effect_line(self, enc, cat),
            EncounterEvent::Rested { .. } | EncounterEvent::ClockAdvanced { .. } => {
                vitals::rest_line(self, cat)
            }
        }
    }
}

/// Roster events: who is in the encounter, on which side, under whose control, and the
/// encounter's own settings (round length, world actions).
fn roster_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::ParticipantAdded { participant } => msg!(
            cat,
            "encounter.participantAdded",
            who = participant.name,
            side = participant.side
        ),
        EncounterEvent::ParticipantRemoved { participant, name } => msg!(
            cat,
            "encounter.participantRemoved",
            who = name
                .as_ref()
                .map_or_else(|| participant.to_string(), ToString::to_string)
        ),
        EncounterEvent::ParticipantRenamed {
            participant,
            name: n,
        } => msg!(
            cat,
            "encounter.participantRenamed",
            id = participant,
            name = n
        ),
        EncounterEvent::SideChanged { participant, side } => {
            msg!(
                cat,
                "encounter.sideChanged",
                who = who(participant),
                side = side
            )
        }
        EncounterEvent::GroupChanged { participant, group } => match group {
            Some(g) => msg!(
                cat,
                "encounter.groupJoined",
                who = who(participant),
                group = g
            ),
            None => msg!(cat, "encounter.groupLeft", who = who(participant)),
        },
        EncounterEvent::CanActChanged {
            participant,
            can_act,
        } => {
            if *can_act {
                msg!(cat, "encounter.canAct", who = who(participant))
            } else {
                msg!(cat, "encounter.cannotAct", who = who(participant))
            }
        }
        EncounterEvent::ControllerChanged {
            participant,
            controller,
        } => match controller {
            Some(c) => msg!(
                cat,
                "encounter.controlled",
                who = who(participant),
                controller = who(c)
            ),
            None => msg!(cat, "encounter.uncontrolled", who = who(participant)),
        },
        EncounterEvent::InitiativeCheckChanged { participant, check } => {
            initiative_check_text(cat, who(participant), check.as_ref())
        }
        EncounterEvent::HiddenChanged {
            participant,
            hidden,
        } => {
            if *hidden {
                msg!(cat, "encounter.hidden", who = who(participant))
            } else {
                msg!(cat, "encounter.revealed", who = who(participant))
            }
        }
        EncounterEvent::RoundLengthChanged { length } => {
            msg!(cat, "encounter.roundLength", seconds = length.seconds())
        }
        EncounterEvent::WorldActionAdded { action } => {
            msg!(cat, "encounter.worldActionAdded", action = action.name)
        }
        EncounterEvent::WorldActionRemoved { action } => {
            msg!(cat, "encounter.worldActionRemoved", action = action)
        }
        _ => String::new(),
    }
}

/// The ability (and skill) a participant now rolls initiative with (A5E-INIT-02); clearing the
/// check goes back to the default, a Dexterity check.
fn initiative_check_text(cat: &Catalogue, who: String, check: Option<&InitiativeCheck>) -> String {
    match check {
        Some(c) => match &c.skill {
            Some(s) => msg!(
                cat,
                "encounter.initiativeCheckWithSkill",
                who = who,
                ability = ability(cat, c.ability),
                skill = s
            ),
            None => msg!(
                cat,
                "encounter.initiativeCheck",
                who = who,
                ability = ability(cat, c.ability)
            ),
        },
        None => msg!(
            cat,
            "encounter.initiativeCheck",
            who = who,
            ability = ability(cat, Ability::Dex)
        ),
    }
}

/// Surprise and the start of the encounter: who is surprised, the dice that said so, and
/// why turn-based action was called (A5E-TBA-01).
fn surprise_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::SurpriseChanged {
            participant,
            surprised,
        } => {
            if *surprised {
                msg!(cat, "encounter.surprised", who = who(participant))
            } else {
                msg!(cat, "encounter.notSurprised", who = who(participant))
            }
        }
        EncounterEvent::SurpriseCheckRolled {
            participant,
            dice,
            modifier,
            total,
        } => msg!(
            cat,
            "encounter.surpriseCheck",
            who = who(participant),
            dice = dice_text(cat, dice),
            modifier = signed(*modifier),
            total = total
        ),
        EncounterEvent::SideSurpriseRolled {
            side,
            die,
            surprised,
        } => {
            if *surprised {
                msg!(cat, "encounter.sideSurprised", side = side, face = die.face)
            } else {
                msg!(
                    cat,
                    "encounter.sideNotSurprised",
                    side = side,
                    face = die.face
                )
            }
        }
        EncounterEvent::EncounterStarted {
            called_for: Some(call),
            ..
        } => msg!(cat, "encounter.startedFor", why = tba_call(cat, *call)),
        EncounterEvent::EncounterStarted { .. } => msg!(cat, "encounter.started"),
        _ => String::new(),
    }
}

/// Why the Narrator called for turn-based action (A5E-TBA-01).
fn tba_call(cat: &Catalogue, call: TbaCall) -> String {
    match call {
        TbaCall::HostileAction => msg!(cat, "tbaCall.hostileAction"),
        TbaCall::PrecariousSituation => msg!(cat, "tbaCall.precariousSituation"),
        TbaCall::Competition => msg!(cat, "tbaCall.competition"),
        TbaCall::MethodicalAction => msg!(cat, "tbaCall.methodicalAction"),
    }
}

/// Declarations and initiative: plans, every roll and tie-break draw, late joiners, and a
/// plan a failed check forced.
fn initiative_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::DeclarationsOpened { round } => {
            msg!(cat, "encounter.declarationsOpened", round = round)
        }
        EncounterEvent::DeclaredMany { declarations } => match declarations.as_slice() {
            [one] => plan_text(cat, enc, &one.participant, &one.declaration),
            many => msg!(cat, "encounter.declaredMany", count = many.len()),
        },
        EncounterEvent::Declared {
            participant,
            declaration,
        } => plan_text(cat, enc, participant, declaration),
        EncounterEvent::InitiativeRolled { rolls } => msg!(
            cat,
            "encounter.initiativeRolled",
            rolls = rolls
                .iter()
                .map(|r| roll_text(cat, enc, r))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        EncounterEvent::SideInitiativeRolled { rolls } => msg!(
            cat,
            "encounter.sideInitiativeRolled",
            rolls = join(
                cat,
                rolls.iter().map(|r| format!("{} {}", r.side, r.die.face))
            )
        ),
        EncounterEvent::TiesBroken { draws } => msg!(
            cat,
            "encounter.tiesBroken",
            draws = join(
                cat,
                draws.iter().map(|d| {
                    let who = match &d.unit {
                        TieUnit::Participants { participants } => names(cat, enc, participants),
                        TieUnit::Side { side } => side.to_string(),
                    };
                    format!("{who} {}", d.die.face)
                })
            )
        ),
        EncounterEvent::JoinedOrder { participant } => {
            match enc.participant(participant).and_then(|p| p.count()) {
                Some(count) => msg!(
                    cat,
                    "encounter.joinedOrder",
                    who = who(participant),
                    count = count
                ),
                None => msg!(cat, "encounter.joinedOrderNoCount", who = who(participant)),
            }
        }
        EncounterEvent::PlanForced {
            participant, roll, ..
        } => msg!(
            cat,
            "encounter.planForced",
            who = who(participant),
            roll = roll_text(cat, enc, roll)
        ),
        _ => String::new(),
    }
}

/// The world's own actions: recharge rolls and the world-action phase (A5E).
fn world_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::RechargeRolled {
            action,
            die,
            recharged,
        } => {
            if *recharged {
                msg!(cat, "encounter.recharged", action = action, face = die.face)
            } else {
                msg!(
                    cat,
                    "encounter.notRecharged",
                    action = action,
                    face = die.face
                )
            }
        }
        EncounterEvent::WorldPhaseStarted { participant, .. } => match participant {
            Some(p) => msg!(cat, "encounter.worldPhaseBefore", who = who(p)),
            None => msg!(cat, "encounter.worldPhase"),
        },
        EncounterEvent::WorldActionUsed { action, targets } => {
            let n = enc
                .world_actions()
                .iter()
                .find(|w| &w.action.id == action)
                .map_or_else(|| action.to_string(), |w| w.action.name.to_string());
            if targets.is_empty() {
                msg!(cat, "encounter.worldActionUsed", action = n)
            } else {
                msg!(
                    cat,
                    "encounter.worldActionUsedOn",
                    action = n,
                    targets = names(cat, enc, targets)
                )
            }
        }
        EncounterEvent::WorldPhaseEnded { .. } => msg!(cat, "encounter.worldPhaseEnded"),
        _ => String::new(),
    }
}

/// The round and turn flow: rounds, side turns and OSE phases, each participant's turn and
/// how it started, waited, was skipped or ended.
fn turn_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::RoundStarted { round } => {
            msg!(cat, "encounter.roundStarted", round = round)
        }
        EncounterEvent::SideTurnStarted { sides, slow, .. } => {
            let s = sides_text(cat, sides);
            if *slow {
                msg!(cat, "encounter.slowWeapons", sides = s)
            } else {
                msg!(cat, "encounter.sideTurn", sides = s)
            }
        }
        EncounterEvent::PhaseStarted { phase: p, .. } => {
            msg!(cat, "encounter.phase", phase = phase(cat, *p))
        }
        EncounterEvent::TurnStarted { participant, round } => {
            msg!(
                cat,
                "encounter.turnStarted",
                who = who(participant),
                round = round
            )
        }
        EncounterEvent::TurnDelayed { participant, .. } => {
            msg!(cat, "encounter.delayed", who = who(participant))
        }
        EncounterEvent::DelayResumed {
            participant,
            cut_in,
        } => {
            if cut_in.is_empty() {
                msg!(cat, "encounter.delayResumed", who = who(participant))
            } else {
                msg!(
                    cat,
                    "encounter.delayResumedCutIn",
                    who = who(participant),
                    others = names(cat, enc, cut_in)
                )
            }
        }
        EncounterEvent::TurnResumed { participant, .. } => {
            msg!(cat, "encounter.turnResumed", who = who(participant))
        }
        EncounterEvent::TurnSkipped {
            participant,
            reason,
            ..
        } => match reason {
            SkipReason::Dead => msg!(cat, "encounter.turnSkippedDead", who = who(participant)),
            SkipReason::UnableToAct => {
                msg!(cat, "encounter.turnSkippedUnable", who = who(participant))
            }
        },
        EncounterEvent::TurnGranted { participant, .. } => {
            msg!(cat, "encounter.turnGranted", who = who(participant))
        }
        EncounterEvent::TurnEnded { participant, .. } => {
            msg!(cat, "encounter.turnEnded", who = who(participant))
        }
        EncounterEvent::SideTurnEnded { sides, .. } => {
            msg!(
                cat,
                "encounter.sideTurnEnded",
                sides = sides_text(cat, sides)
            )
        }
        EncounterEvent::EndOfRoundResolution { participants, .. } => msg!(
            cat,
            "encounter.endOfRound",
            who = names(cat, enc, participants)
        ),
        EncounterEvent::RoundEnded { round } => {
            msg!(cat, "encounter.roundEnded", round = round)
        }
        EncounterEvent::EncounterEnded { round } => {
            msg!(cat, "encounter.ended", round = round)
        }
        _ => String::new(),
    }
}

/// What a participant spent on its turn: activities, action slots, readied actions and
/// commands to the creatures it controls.
fn action_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::ActivityUsed {
            participant,
            activity: a,
        } => msg!(
            cat,
            "encounter.activityUsed",
            who = who(participant),
            activity = activity(cat, *a)
        ),
        EncounterEvent::ActionUsed {
            participant,
            kind,
            slot,
        } => {
            if kind == slot {
                msg!(
                    cat,
                    "encounter.actionUsed",
                    who = who(participant),
                    kind = action_kind(cat, *kind)
                )
            } else {
                msg!(
                    cat,
                    "encounter.actionTraded",
                    who = who(participant),
                    slot = action_kind(cat, *slot),
                    kind = action_kind(cat, *kind)
                )
            }
        }
        EncounterEvent::Readied {
            participant,
            trigger,
        } => msg!(
            cat,
            "encounter.readied",
            who = who(participant),
            trigger = trigger
        ),
        EncounterEvent::ReadyTriggered { participant } => {
            msg!(cat, "encounter.readyTriggered", who = who(participant))
        }
        EncounterEvent::ControlledCommanded {
            controller,
            targets,
        } => msg!(
            cat,
            "encounter.commanded",
            who = who(controller),
            targets = names(cat, enc, targets)
        ),
        _ => String::new(),
    }
}

/// Harm and its consequences: a participant hurt (which can disrupt a spell), and the
/// retreats and followers' morale checks that follow (HYB).
fn harm_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::Harmed { participant, harm } => match harm {
            Harm::Damage => msg!(cat, "encounter.harmed.damage", who = who(participant)),
            Harm::Hit => msg!(cat, "encounter.harmed.hit", who = who(participant)),
            Harm::FailedSave => {
                msg!(cat, "encounter.harmed.failedSave", who = who(participant))
            }
        },
        EncounterEvent::SpellDisrupted {
            participant,
            disruption,
        } => match disruption {
            SpellDisruption::CantripsOnly => {
                msg!(
                    cat,
                    "encounter.spellDisrupted.cantripsOnly",
                    who = who(participant)
                )
            }
            SpellDisruption::Lost => {
                msg!(cat, "encounter.spellDisrupted.lost", who = who(participant))
            }
        },
        EncounterEvent::RetreatStarted { participant } => {
            msg!(cat, "encounter.retreatStarted", who = who(participant))
        }
        EncounterEvent::FollowersMoraleChecked { leader, checks } => {
            let parts: Vec<String> = checks.iter().map(|c| follower_check(cat, enc, c)).collect();
            msg!(
                cat,
                "encounter.followersMorale",
                leader = name(enc, leader),
                checks = parts.join("; ")
            )
        }
        EncounterEvent::RetreatResolved {
            participant,
            check,
            escaped,
            ..
        } => retreat_text(cat, who(participant), check.as_ref(), *escaped),
        _ => String::new(),
    }
}

/// One follower's morale check after its leader fell: the dice, modifier and whether it routs.
fn follower_check(cat: &Catalogue, enc: &Encounter, c: &FollowerMoraleRoll) -> String {
    let faces: Vec<String> = c.dice.iter().map(|d| d.face.to_string()).collect();
    let (who, faces, modifier) = (
        name(enc, &c.participant),
        faces.join(", "),
        signed(c.modifier),
    );
    if c.routed {
        msg!(
            cat,
            "encounter.followerRouts",
            who = who,
            faces = faces,
            modifier = modifier
        )
    } else {
        msg!(
            cat,
            "encounter.followerHolds",
            who = who,
            faces = faces,
            modifier = modifier
        )
    }
}

/// A retreat's outcome, with the check rolled for it when there was one.
fn retreat_text(
    cat: &Catalogue,
    who: String,
    check: Option<&RetreatRoll>,
    escaped: bool,
) -> String {
    let roll = check
        .map(|c| {
            msg!(
                cat,
                "encounter.retreatRoll",
                face = c.die.face,
                modifier = signed(c.modifier),
                dc = c.dc
            )
        })
        .unwrap_or_default();
    if escaped {
        msg!(cat, "encounter.retreatEscaped", who = who, roll = roll)
    } else {
        msg!(cat, "encounter.retreatFailed", who = who, roll = roll)
    }
}

/// The GM's corrections: a changed count, a participant moved in the order, undone events.
fn correction_line(event: &EncounterEvent, enc: &Encounter, cat: &Catalogue) -> String {
    let who = |p: &ParticipantId| name(enc, p);
    match event {
        EncounterEvent::CountSet { participant, count } => {
            msg!(
                cat,
                "encounter.countSet",
                who = who(participant),
                count = count
            )
        }
        EncounterEvent::MovedInOrder {
            participant,
            target,
            after,
            ..
        } => {
            if *after {
                msg!(
                    cat,
                    "encounter.movedAfter",
                    who = who(participant),
                    target = who(target)
                )
            } else {
                msg!(
                    cat,
                    "encounter.movedBefore",
                    who = who(participant),
                    target = who(target)
                )
            }
        }
        EncounterEvent::Restored { undone, .. } => {
            if *undone == 1 {
                msg!(cat, "encounter.restoredOne")
            } else {
                msg!(cat, "encounter.restored", count = undone)
            }
        }
        _ => String::new(),
    }
}

fn sides_text(cat: &Catalogue, sides: &[crate::ids::SideId]) -> String {
    sides
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(&msg!(cat, "list.and"))
}
