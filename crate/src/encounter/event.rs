//! Events: what a command caused. Events carry every die face and every random tie-break draw,
//! so `Encounter::apply` replays them on another client without rolling and reaches the same
//! state. Boundary events (`roundStarted`, `turnStarted`, `turnEnded`, `roundEnded`,
//! `encounterEnded`, `worldPhaseStarted`/`worldPhaseEnded`) are the anchors the effects engine
//! keys durations to; their names are stable.

use serde::Serialize;

use crate::conditions::ConditionId;
use crate::creature::{Creature, DamageReport, Report};
use crate::dice::RolledDie;
use crate::effects::{ActiveEffect, EffectId, EffectSpec, Expiry, RestKind};
use crate::encounter::command::ParticipantDeclaration;
use crate::encounter::creature_change::{CreatureChange, EffectOngoing};
use crate::encounter::participant::{
    ActionKind, Declaration, Harm, NewParticipant, SkipReason, SpellDisruption,
};
use crate::encounter::world::WorldAction;
use crate::ids::{GroupId, Label, Name, ParticipantId, ParticipantIds, SideId, WorldActionId};
use crate::initiative::ability_check::InitiativeCheck;
use crate::initiative::greyhawk::GhDeclaration;
use crate::initiative::side::OsePhase;
use crate::initiative::{Activity, InitiativeRoll, RollDice};
use crate::rulesets::RoundLength;

/// One side's initiative die (OSE-INIT-01).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SideRoll {
    pub side: SideId,
    pub die: RolledDie,
}

/// Who a roll-off draw is for.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum TieUnit {
    /// A participant, or every member of one group roll.
    Participants {
        #[cfg_attr(feature = "wasm-base", tsify(type = "ParticipantId[]"))]
        participants: ParticipantIds,
    },
    /// A side (OSE-INIT-02 reroll).
    Side { side: SideId },
}

/// One roll-off draw: appended to the unit's draws; higher goes first.
///
/// Written flat, `{"participants": […], "die": …}` or `{"side": …, "die": …}`: a big Greyhawk
/// round has hundreds of draws, and the nested `{"unit": {"type": …}}` form of earlier versions
/// (still read) tripled the names written per draw.
#[crate::boundary(input)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(try_from = "TieDrawWire")]
#[cfg_attr(
    feature = "wasm-base",
    tsify(
        type = "{ participants: ParticipantId[]; die: RolledDie } | { side: SideId; die: RolledDie }"
    )
)]
pub struct TieDraw {
    pub unit: TieUnit,
    pub die: RolledDie,
}

impl Serialize for TieDraw {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("TieDraw", 2)?;
        match &self.unit {
            TieUnit::Participants { participants } => {
                out.serialize_field("participants", participants)?;
            }
            TieUnit::Side { side } => out.serialize_field("side", side)?,
        }
        out.serialize_field("die", &self.die)?;
        out.end()
    }
}

impl crate::wire::ToWire for TieDraw {
    fn write(&self, w: &mut crate::wire::Writer) {
        w.open_object();
        match &self.unit {
            TieUnit::Participants { participants } => {
                w.key("participants");
                participants.write(w);
            }
            TieUnit::Side { side } => {
                w.key("side");
                side.write(w);
            }
        }
        w.key("die");
        w.die(self.die.sides, self.die.face);
        w.close_object();
    }
}

/// `tiesBroken`'s draws, flat as [`TieDraw`]'s writer writes each.
#[allow(clippy::ptr_arg)]
fn write_draws(draws: &Vec<TieDraw>, w: &mut crate::wire::Writer) {
    let mut t = crate::encounter::bulk_text::Text::start(
        w,
        draws.len().saturating_mul(64).saturating_add(2),
    );
    t.push("[");
    for (i, d) in draws.iter().enumerate() {
        if i > 0 {
            t.push(",");
        }
        match &d.unit {
            TieUnit::Participants { participants } => {
                t.push("{\"participants\":");
                t.ids(participants);
            }
            TieUnit::Side { side } => {
                t.push("{\"side\":");
                t.string(side.as_str());
            }
        }
        t.push(",\"die\":{\"sides\":");
        t.unsigned(d.die.sides);
        t.push(",\"face\":");
        t.unsigned(d.die.face);
        t.push("}}");
    }
    t.push("]");
    t.finish(w);
}

/// Either form of a [`TieDraw`].
#[crate::boundary(input, rust_only)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TieDrawWire {
    #[serde(default)]
    unit: Option<TieUnit>,
    #[serde(default)]
    participants: Option<ParticipantIds>,
    #[serde(default)]
    side: Option<SideId>,
    die: RolledDie,
}

impl TryFrom<TieDrawWire> for TieDraw {
    type Error = crate::error::Error;
    fn try_from(w: TieDrawWire) -> crate::error::Result<Self> {
        let unit = match (w.unit, w.participants, w.side) {
            (Some(unit), None, None) => unit,
            (None, Some(participants), None) => TieUnit::Participants { participants },
            (None, None, Some(side)) => TieUnit::Side { side },
            _ => {
                return Err(crate::error::Error::invalid_argument(
                    "a roll-off draw names one unit: participants or a side",
                ));
            }
        };
        Ok(Self { unit, die: w.die })
    }
}

/// The d20 of a HYB retreat check (HYB-RETREAT-01).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RetreatRoll {
    pub die: RolledDie,
    pub modifier: i32,
    pub dc: i32,
}

impl RetreatRoll {
    pub fn total(&self) -> i64 {
        i64::from(self.die.face) + i64::from(self.modifier)
    }
    pub fn passed(&self) -> bool {
        self.total() >= i64::from(self.dc)
    }
}

/// HYB-MORALE-01: morale checks are against DC 11.
pub const HYB_MORALE_DC: i64 = 11;

/// One follower's morale check when the PC it follows retreats (HYB-MORALE-04): two d20s (at
/// disadvantage, the lower counts) plus its modifier against DC 11; a failure routs it.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FollowerMoraleRoll {
    pub participant: ParticipantId,
    pub dice: Vec<RolledDie>,
    pub modifier: i32,
    pub routed: bool,
}

impl FollowerMoraleRoll {
    /// The total, if the dice are the two d20s a check at disadvantage rolls.
    pub fn total(&self) -> Option<i64> {
        match self.dice.as_slice() {
            [a, b]
                if [a, b]
                    .iter()
                    .all(|d| d.sides == 20 && (1..=20).contains(&d.face)) =>
            {
                Some(i64::from(a.face.min(b.face)) + i64::from(self.modifier))
            }
            _ => None,
        }
    }
}

/// A condition a target did not take because it is immune (A5E-COND-28).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Resisted {
    pub target: ParticipantId,
    pub condition: ConditionId,
    /// The immunity it lists that covers the condition (the condition itself, or one that
    /// implies it).
    pub immunity: ConditionId,
}

/// Every event an encounter emits.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum EncounterEvent {
    // ---- roster ----
    ParticipantAdded {
        participant: NewParticipant,
    },
    ParticipantRemoved {
        participant: ParticipantId,
        /// The name it had, so a log line can still name it once it is gone (absent in events
        /// written before it was recorded; those lines fall back to the id).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<Name>,
    },
    ParticipantRenamed {
        participant: ParticipantId,
        name: Name,
    },
    SideChanged {
        participant: ParticipantId,
        side: SideId,
    },
    GroupChanged {
        participant: ParticipantId,
        group: Option<GroupId>,
    },
    CanActChanged {
        participant: ParticipantId,
        can_act: bool,
    },
    ControllerChanged {
        participant: ParticipantId,
        controller: Option<ParticipantId>,
    },
    HiddenChanged {
        participant: ParticipantId,
        hidden: bool,
    },
    InitiativeCheckChanged {
        participant: ParticipantId,
        check: Option<InitiativeCheck>,
    },
    RoundLengthChanged {
        length: RoundLength,
    },
    // ---- surprise ----
    SurpriseChanged {
        participant: ParticipantId,
        surprised: bool,
    },
    /// A5E-INIT-04.
    SurpriseCheckRolled {
        participant: ParticipantId,
        #[cfg_attr(feature = "wasm-base", tsify(type = "InitiativeDie[]"))]
        dice: RollDice,
        modifier: i32,
        total: i32,
    },
    /// OSE-SURP-02.
    SideSurpriseRolled {
        side: SideId,
        die: RolledDie,
        surprised: bool,
    },
    // ---- world ----
    WorldActionAdded {
        action: WorldAction,
    },
    WorldActionRemoved {
        action: WorldActionId,
    },
    // ---- flow ----
    EncounterStarted {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        ambushers: Vec<SideId>,
        /// A5E-TBA-01: why the Narrator called turn-based action, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        called_for: Option<crate::encounter::command::TbaCall>,
    },
    /// Greyhawk / OSE: declarations for `round` are open.
    DeclarationsOpened {
        round: u32,
    },
    Declared {
        participant: ParticipantId,
        declaration: Declaration,
    },
    /// The declarations of one `declareMany` command, in one event, keyed by participant id;
    /// a declaration of Greyhawk activities alone is written as the list of activities
    /// (`{"rath": ["move", "melee"]}`). A 500-creature Greyhawk round declares in one command,
    /// and this is a fifth of the size of one `declared` event each.
    DeclaredMany {
        #[serde(
            serialize_with = "crate::encounter::command::write_declarations",
            deserialize_with = "crate::encounter::command::read_declarations"
        )]
        #[wire(
            read_with = "crate::encounter::command::read_declarations_wire",
            write_with = "crate::encounter::bulk_text::write_declarations"
        )]
        #[cfg_attr(
            feature = "wasm-base",
            tsify(type = "Record<ParticipantId, Activity[] | Declaration>")
        )]
        declarations: Vec<ParticipantDeclaration>,
    },
    InitiativeRolled {
        #[wire(write_with = "crate::encounter::bulk_text::write_rolls")]
        rolls: Vec<InitiativeRoll>,
    },
    SideInitiativeRolled {
        rolls: Vec<SideRoll>,
    },
    TiesBroken {
        #[wire(write_with = "write_draws")]
        draws: Vec<TieDraw>,
    },
    /// A participant takes its place in the running order (mid-round join or a new count).
    JoinedOrder {
        participant: ParticipantId,
    },
    RoundStarted {
        round: u32,
    },
    /// A5E-WORLD-03.
    RechargeRolled {
        action: WorldActionId,
        die: RolledDie,
        recharged: bool,
    },
    WorldPhaseStarted {
        round: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        participant: Option<ParticipantId>,
    },
    WorldActionUsed {
        action: WorldActionId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<ParticipantId>,
    },
    WorldPhaseEnded {
        round: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        participant: Option<ParticipantId>,
    },
    /// OSE: a side (or tied sides acting together, or a side's slow-weapon attackers) acts.
    SideTurnStarted {
        round: u32,
        sides: Vec<SideId>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        slow: bool,
    },
    /// OSE-COMBAT-02: the acting side moves to `phase`.
    PhaseStarted {
        round: u32,
        phase: OsePhase,
    },
    TurnStarted {
        participant: ParticipantId,
        round: u32,
    },
    TurnDelayed {
        participant: ParticipantId,
        round: u32,
    },
    DelayResumed {
        participant: ParticipantId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cut_in: Vec<ParticipantId>,
    },
    TurnResumed {
        participant: ParticipantId,
        round: u32,
    },
    /// Its turn came (or, delaying, the delayers' turns came) while it was dead or unable to
    /// act: it takes none this round (`Encounter::skip_reason` says who, per ruleset).
    TurnSkipped {
        participant: ParticipantId,
        round: u32,
        reason: SkipReason,
    },
    /// The GM gives a skipped participant its turn anyway (`grantTurn`): it acts after the
    /// turn under way, as a resumed delayer does.
    TurnGranted {
        participant: ParticipantId,
        round: u32,
    },
    ActivityUsed {
        participant: ParticipantId,
        activity: Activity,
    },
    ActionUsed {
        participant: ParticipantId,
        kind: ActionKind,
        slot: ActionKind,
    },
    Readied {
        participant: ParticipantId,
        trigger: Label,
    },
    ReadyTriggered {
        participant: ParticipantId,
    },
    ControlledCommanded {
        controller: ParticipantId,
        targets: Vec<ParticipantId>,
    },
    Harmed {
        participant: ParticipantId,
        harm: Harm,
    },
    SpellDisrupted {
        participant: ParticipantId,
        disruption: SpellDisruption,
    },
    /// GH-INIT-15: the new plan and its roll (modifier = the cause's count).
    PlanForced {
        participant: ParticipantId,
        declaration: GhDeclaration,
        roll: InitiativeRoll,
    },
    /// HYB-RETREAT-01: concentration effects of this participant end now.
    RetreatStarted {
        participant: ParticipantId,
    },
    /// HYB-MORALE-04: the retreating PC's followers checked morale; the routed ones flee
    /// (they are retreating, to be settled with `resolveRetreat`).
    FollowersMoraleChecked {
        leader: ParticipantId,
        checks: Vec<FollowerMoraleRoll>,
    },
    RetreatResolved {
        participant: ParticipantId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        check: Option<RetreatRoll>,
        hit: bool,
        escaped: bool,
    },
    TurnEnded {
        participant: ParticipantId,
        round: u32,
    },
    SideTurnEnded {
        round: u32,
        sides: Vec<SideId>,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        slow: bool,
    },
    /// GH-INIT-12: these creatures could not act; resolve what they must (death saves) now.
    /// Those whose turn did not end this round take their ongoing damage (A5E-DMG-06) in the
    /// `damaged` events that follow.
    EndOfRoundResolution {
        round: u32,
        participants: Vec<ParticipantId>,
    },
    RoundEnded {
        round: u32,
    },
    EncounterEnded {
        round: u32,
    },
    // ---- creatures, conditions and effects ----
    CreatureSet {
        participant: ParticipantId,
        creature: Option<Creature>,
    },
    /// A5E-COND-28: the participant's condition immunities are now `immunities`.
    ConditionImmunitiesSet {
        participant: ParticipantId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        immunities: Vec<crate::conditions::ConditionId>,
    },
    /// Damage was applied: the report (every die and step) and the creature afterwards.
    /// `ongoing`: the effect whose ongoing damage this was (A5E-DMG-06).
    Damaged {
        participant: ParticipantId,
        report: DamageReport,
        creature: Creature,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ongoing: Option<EffectId>,
    },
    /// A creature changed (healing, temp HP, death save, tracks, ...): the report and the
    /// creature afterwards.
    CreatureUpdated {
        participant: ParticipantId,
        change: CreatureChange,
        report: Report,
        creature: Creature,
    },
    /// The creature went down (unconscious, dead, incapacitated): its concentration ends, and
    /// so do effects that end when their source is incapacitated.
    Incapacitated {
        participant: ParticipantId,
    },
    /// Effects were applied: what was asked and what the tracker made of it. `resisted`:
    /// conditions not applied because the target is immune (A5E-COND-28).
    EffectsAdded {
        effects: Vec<EffectSpec>,
        added: Vec<ActiveEffect>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ongoing: Option<EffectOngoing>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        resisted: Vec<Resisted>,
    },
    EffectRemoved {
        effect: EffectId,
    },
    ConcentrationDropped {
        participant: ParticipantId,
    },
    ConditionsLoaded {
        json: String,
        conditions: Vec<ConditionId>,
    },
    Rested {
        rest: RestKind,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        participants: Vec<ParticipantId>,
    },
    ClockAdvanced {
        now_seconds: u64,
    },
    /// Effects that ended, in the order they ended, with why (and GH-DUR-03's d20s). Follows
    /// the event that ended them.
    EffectsEnded {
        expiries: Vec<Expiry>,
    },
    // ---- GM corrections ----
    /// `setCount`: the participant's count is now `count`.
    CountSet {
        participant: ParticipantId,
        count: i32,
    },
    /// `moveInOrder`: the participant now acts right before (`after: false`) or right after
    /// `target`, on `count`, the target's count.
    MovedInOrder {
        participant: ParticipantId,
        target: ParticipantId,
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        after: bool,
        count: i32,
    },
    /// An undo, or a step back to the previous turn or round: `undone` commands were taken
    /// back and the encounter is now `snapshot` (its own snapshot format), which a follower
    /// loads as it is: followers keep no history of their own.
    Restored {
        undone: u32,
        snapshot: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    /// The bulk writers of `bulk_text.rs` and [`write_draws`] write what serde writes.
    mod bulk {
        use super::super::*;
        use crate::dice::RollMode;
        use crate::encounter::participant::Declaration;
        use crate::initiative::InitiativeDie;
        use crate::initiative::RollSource;
        use crate::initiative::side::OseDeclaration;
        use proptest::prelude::*;

        const SOURCES: [RollSource; 4] = [
            RollSource::Rolled,
            RollSource::SurpriseCheck,
            RollSource::FixedCount,
            RollSource::DexScore,
        ];

        fn id(n: u16) -> ParticipantId {
            ParticipantId::new(format!("p-{n}.x:{}", n % 7)).unwrap()
        }

        /// The event as the wire writer writes it is what serde writes.
        fn same_as_serde(event: &EncounterEvent) {
            assert_eq!(
                crate::wire::to_json(event),
                serde_json::to_string(event).unwrap()
            );
        }

        #[test]
        fn empty_lists() {
            same_as_serde(&EncounterEvent::InitiativeRolled { rolls: Vec::new() });
            same_as_serde(&EncounterEvent::TiesBroken { draws: Vec::new() });
            same_as_serde(&EncounterEvent::DeclaredMany {
                declarations: Vec::new(),
            });
        }

        proptest! {
            #[test]
            fn rolls_are_written_as_serde_writes_them(
                rolls in proptest::collection::vec(
                    (
                        proptest::collection::vec(0u16..50, 0..4),
                        proptest::collection::vec((1u32..30, 1u32..30, any::<bool>(), 0usize..7), 0..4),
                        -30i32..30,
                        -100i32..100,
                        0usize..4,
                    ),
                    0..6,
                )
            ) {
                let rolls: Vec<InitiativeRoll> = rolls
                    .into_iter()
                    .map(|(ids, dice, modifier, total, source)| InitiativeRoll {
                        participants: ids.into_iter().map(id).collect(),
                        dice: dice
                            .into_iter()
                            .map(|(sides, face, dropped, a)| InitiativeDie {
                                die: RolledDie { sides, face },
                                dropped,
                                activity: Activity::ALL.get(a).copied(),
                            })
                            .collect(),
                        modifier,
                        total,
                        source: SOURCES.get(source).copied().unwrap_or_default(),
                    })
                    .collect();
                same_as_serde(&EncounterEvent::InitiativeRolled { rolls });
            }

            #[test]
            fn draws_are_written_as_serde_writes_them(
                draws in proptest::collection::vec(
                    (proptest::collection::vec(0u16..50, 0..4), any::<bool>(), 1u32..30, 1u32..30),
                    0..6,
                )
            ) {
                let draws: Vec<TieDraw> = draws
                    .into_iter()
                    .map(|(ids, side, sides, face)| TieDraw {
                        unit: if side {
                            TieUnit::Side {
                                side: SideId::new(format!("side-{}", ids.len())).unwrap(),
                            }
                        } else {
                            TieUnit::Participants {
                                participants: ids.into_iter().map(id).collect(),
                            }
                        },
                        die: RolledDie { sides, face },
                    })
                    .collect();
                same_as_serde(&EncounterEvent::TiesBroken { draws });
            }

            #[test]
            fn declarations_are_written_as_serde_writes_them(
                declarations in proptest::collection::vec(
                    (0u16..50, proptest::collection::vec(0usize..6, 0..4), 0usize..4),
                    0..6,
                )
            ) {
                let declarations: Vec<ParticipantDeclaration> = declarations
                    .into_iter()
                    .map(|(n, activities, shape)| {
                        let mut g = GhDeclaration::of(
                            activities.into_iter().filter_map(|a| Activity::ALL.get(a).copied()),
                        );
                        let declaration = match shape {
                            0 => Declaration::Ose(OseDeclaration {
                                spell: true,
                                ..OseDeclaration::default()
                            }),
                            1 => {
                                g.mode = RollMode::Advantage;
                                Declaration::Greyhawk(g)
                            }
                            2 => Declaration::Greyhawk(g.with_bonus_action(Activity::Melee)),
                            _ => Declaration::Greyhawk(g),
                        };
                        ParticipantDeclaration {
                            participant: id(n),
                            declaration,
                        }
                    })
                    .collect();
                same_as_serde(&EncounterEvent::DeclaredMany { declarations });
            }
        }
    }

    /// GH-INIT-10 / OSE-INIT-02: roll-off draws are written flat and read in either form.
    #[test]
    fn gh_init_10_ose_init_02_tie_draws_are_written_flat_and_read_in_both_forms() {
        let draw = TieDraw {
            unit: TieUnit::Participants {
                participants: ParticipantIds::one(ParticipantId::new("c7").unwrap()),
            },
            die: RolledDie {
                sides: 20,
                face: 13,
            },
        };
        let flat = r#"{"participants":["c7"],"die":{"sides":20,"face":13}}"#;
        assert_eq!(serde_json::to_string(&draw).unwrap(), flat);
        assert_eq!(serde_json::from_str::<TieDraw>(flat).unwrap(), draw);
        let nested = r#"{"unit":{"type":"participants","participants":["c7"]},"die":{"sides":20,"face":13}}"#;
        assert_eq!(serde_json::from_str::<TieDraw>(nested).unwrap(), draw);
        let side = TieDraw {
            unit: TieUnit::Side {
                side: SideId::new("foes").unwrap(),
            },
            die: RolledDie { sides: 6, face: 2 },
        };
        let text = serde_json::to_string(&side).unwrap();
        assert_eq!(text, r#"{"side":"foes","die":{"sides":6,"face":2}}"#);
        assert_eq!(serde_json::from_str::<TieDraw>(&text).unwrap(), side);
        for bad in [
            r#"{"die":{"sides":20,"face":13}}"#,
            r#"{"side":"foes","participants":["c7"],"die":{"sides":6,"face":2}}"#,
            r#"{"participants":["c7"],"die":{"sides":20,"face":13},"extra":1}"#,
        ] {
            assert!(serde_json::from_str::<TieDraw>(bad).is_err(), "{bad}");
        }
    }
}
