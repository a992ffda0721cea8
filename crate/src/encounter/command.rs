//! Commands: every change to an encounter is one (docs/design.md principle 2).
//!
//! `Encounter::execute` either refuses a command with an error and leaves the encounter exactly
//! as it was, or applies it and returns the events it caused.

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serializer};

use crate::creature::{
    Creature, CreatureCommand, DamageChoices, DamageInstance, RollMode, StabilizeMethod,
    TempHpChoice,
};
use crate::effects::{EffectId, EffectSpec, RestKind};
use crate::encounter::creature_change::EffectOngoing;
use crate::encounter::participant::{ActionKind, Declaration, Harm, NewParticipant};
use crate::encounter::world::WorldAction;
use crate::ids::{GroupId, Label, Name, ParticipantId, SideId, WorldActionId};
use crate::initiative::Activity;
use crate::initiative::ability_check::InitiativeCheck;
use crate::initiative::greyhawk::{Activities, GhDeclaration};
use crate::rulesets::RoundLength;

/// One participant's declaration, for [`EncounterCommand::DeclareMany`].
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ParticipantDeclaration {
    pub participant: ParticipantId,
    pub declaration: Declaration,
}

/// Read [`EncounterCommand::DeclareMany`]'s declarations from either form. The keyed form is
/// what a table of activities per combatant looks like in JavaScript, and it is a quarter of
/// the size of the list (a 500-creature Greyhawk round declares in one command).
pub(crate) fn read_declarations<'de, D: Deserializer<'de>>(
    d: D,
) -> core::result::Result<Vec<ParticipantDeclaration>, D::Error> {
    struct Either;
    impl<'de> Visitor<'de> for Either {
        type Value = Vec<ParticipantDeclaration>;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a list of {participant, declaration}, or declarations by participant id")
        }
        fn visit_seq<A: SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> core::result::Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(d) = seq.next_element()? {
                out.push(d);
            }
            Ok(out)
        }
        fn visit_map<A: MapAccess<'de>>(
            self,
            mut map: A,
        ) -> core::result::Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(participant) = map.next_key::<ParticipantId>()? {
                let DeclarationInput(declaration) = map.next_value()?;
                out.push(ParticipantDeclaration {
                    participant,
                    declaration,
                });
            }
            Ok(out)
        }
    }
    d.deserialize_any(Either)
}

/// Write declarations in the keyed form [`read_declarations`] reads, with a declaration of
/// Greyhawk activities alone as just its list of activities.
pub(crate) fn write_declarations<S: Serializer>(
    declarations: &[ParticipantDeclaration],
    s: S,
) -> core::result::Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(declarations.len()))?;
    for d in declarations {
        match &d.declaration {
            Declaration::Greyhawk(g) if g.is_activities_only() => {
                map.serialize_entry(&d.participant, &g.activities)?;
            }
            other => map.serialize_entry(&d.participant, other)?,
        }
    }
    map.end()
}

/// [`read_declarations`] for the wire reader: a list of `{participant, declaration}`, or
/// declarations (or bare Greyhawk activity lists) keyed by participant id.
pub(crate) fn read_declarations_wire(
    r: &mut crate::wire::Reader<'_>,
) -> crate::wire::Result<Vec<ParticipantDeclaration>> {
    use crate::wire::FromWire;
    if !r.peek_object()? {
        return Vec::<ParticipantDeclaration>::read(r);
    }
    let mut out = Vec::new();
    r.object(&mut |r, key| {
        let participant = ParticipantId::try_from(key).map_err(|e| r.custom(e.message))?;
        let declaration = if r.peek_array()? {
            // Read straight into the declaration's inline list: no allocation per entry.
            let mut activities = Activities::new();
            r.items(|r| {
                activities.push(Activity::read(r)?);
                Ok(())
            })?;
            Declaration::Greyhawk(GhDeclaration {
                activities,
                ..GhDeclaration::default()
            })
        } else {
            Declaration::read(r)?
        };
        out.push(ParticipantDeclaration {
            participant,
            declaration,
        });
        Ok(())
    })?;
    Ok(out)
}

/// A declaration, or a bare list of Greyhawk activities standing for one.
struct DeclarationInput(Declaration);

impl<'de> Deserialize<'de> for DeclarationInput {
    fn deserialize<D: Deserializer<'de>>(d: D) -> core::result::Result<Self, D::Error> {
        struct Input;
        impl<'de> Visitor<'de> for Input {
            type Value = DeclarationInput;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str("a declaration, or a list of Greyhawk activities")
            }
            fn visit_seq<A: SeqAccess<'de>>(
                self,
                seq: A,
            ) -> core::result::Result<Self::Value, A::Error> {
                let activities: Vec<Activity> =
                    Deserialize::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
                Ok(DeclarationInput(Declaration::Greyhawk(GhDeclaration::of(
                    activities,
                ))))
            }
            fn visit_map<A: MapAccess<'de>>(
                self,
                map: A,
            ) -> core::result::Result<Self::Value, A::Error> {
                Declaration::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(DeclarationInput)
            }
        }
        d.deserialize_any(Input)
    }
}

/// What a forced change of plan adds its new roll to (GH-INIT-15).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum PlanCause {
    /// A creature in the encounter: its current count.
    Participant { participant: ParticipantId },
    /// An effect acting on a count of its own.
    Count { count: i32 },
}

/// The optional check of a HYB retreat (HYB-RETREAT-01): d20 + modifier against a DC.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RetreatCheck {
    /// 0 when left out.
    #[serde(default)]
    pub modifier: i32,
    pub dc: i32,
}

/// A follower's morale modifier for the check a HYB retreat calls for (HYB-MORALE-04): its
/// Wisdom modifier, proficiency if fitting and a monster's morale bonus, summed by the caller.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FollowerModifier {
    pub participant: ParticipantId,
    pub modifier: i32,
}

/// Every command an encounter accepts.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum EncounterCommand {
    // ---- roster ----
    /// Add a participant, before or during combat. Mid-combat it joins the order as its system
    /// says (A5E/5e roll now; HYB by Dex; Greyhawk and OSE from the next roll).
    AddParticipant {
        participant: NewParticipant,
    },
    RemoveParticipant {
        participant: ParticipantId,
    },
    Rename {
        participant: ParticipantId,
        name: Name,
    },
    ChangeSide {
        participant: ParticipantId,
        side: SideId,
    },
    ChangeGroup {
        participant: ParticipantId,
        #[serde(default)]
        group: Option<GroupId>,
    },
    /// GH-INIT-12: a creature that cannot act does not roll and resolves at the end of round.
    SetCanAct {
        participant: ParticipantId,
        can_act: bool,
    },
    /// GH-INIT-14, A5E-CTRL-01..02: set or clear a controller.
    SetController {
        participant: ParticipantId,
        #[serde(default)]
        controller: Option<ParticipantId>,
    },
    /// Hide a participant from players (a lurking assassin) or reveal it.
    SetHidden {
        participant: ParticipantId,
        hidden: bool,
    },
    /// A5E-INIT-02: the check this participant rolls for initiative.
    SetInitiativeCheck {
        participant: ParticipantId,
        #[serde(default)]
        check: Option<InitiativeCheck>,
    },
    /// A5E-TBA-03 / HYB: the round length.
    SetRoundLength {
        length: RoundLength,
    },

    // ---- surprise ----
    /// GH-SURP-01 / A5E-SURP-01: the Narrator's ruling on who is surprised.
    SetSurprised {
        participants: Vec<ParticipantId>,
        /// `true` when left out: the ruling names who *is* surprised.
        #[serde(default = "yes")]
        surprised: bool,
    },
    /// A5E-INIT-04: roll a participant's surprise-step ability check; its total becomes its
    /// initiative.
    SurpriseCheck {
        participant: ParticipantId,
        #[serde(default)]
        check: Option<InitiativeCheck>,
    },
    /// OSE-SURP-01..02: each listed side (the unaware ones) rolls 1d6; 1–2 is surprised.
    RollSurprise {
        sides: Vec<SideId>,
    },

    // ---- world actions (A5E-WORLD) ----
    AddWorldAction {
        action: WorldAction,
    },
    RemoveWorldAction {
        action: WorldActionId,
    },
    /// Use a world action during a world phase. In rolling movement it may only affect the
    /// participant whose turn it is (A5E-SCEN-05).
    UseWorldAction {
        action: WorldActionId,
        #[serde(default)]
        targets: Vec<ParticipantId>,
    },
    EndWorldPhase,

    // ---- rounds and turns ----
    /// Begin the encounter. A5E/5e roll initiative now (instigators with advantage,
    /// A5E-SURP-03; `check` for everyone without their own, A5E-INIT-02); HYB orders by Dex
    /// (with `ambushers`, HYB-INIT-01); Greyhawk and OSE open the first declaration phase.
    Start {
        #[serde(default)]
        advantage: Vec<ParticipantId>,
        #[serde(default)]
        advantage_sides: Vec<SideId>,
        #[serde(default)]
        check: Option<InitiativeCheck>,
        #[serde(default)]
        ambushers: Vec<SideId>,
        /// A5E-TBA-01: what the Narrator calls turn-based action for (the log says it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        called_for: Option<TbaCall>,
    },
    /// GH-INIT-08 / OSE-COMBAT-01: declare before the roll.
    Declare {
        participant: ParticipantId,
        declaration: Declaration,
    },
    /// Several declarations at once (all or none). Read from a list of
    /// `{participant, declaration}` or from an object keyed by participant id, whose values are
    /// declarations or, for Greyhawk, just the activities: `{"rath": ["move", "melee"]}`.
    DeclareMany {
        #[serde(deserialize_with = "read_declarations")]
        #[wire(read_with = "read_declarations_wire")]
        #[cfg_attr(
            feature = "wasm-base",
            tsify(type = "ParticipantDeclaration[] | Record<string, Activity[] | Declaration>")
        )]
        declarations: Vec<ParticipantDeclaration>,
    },
    /// Greyhawk / OSE: roll this round's initiative and start the round. Greyhawk refuses
    /// while a creature that rolls has not declared (GH-INIT-01), naming it, unless
    /// `no_actions` says every creature that has not declared plans nothing: it then rolls as
    /// an empty declaration does (GH-INIT-16, the preset's `emptyDeclaration`).
    RollInitiative {
        #[serde(default, skip_serializing_if = "core::ops::Not::not")]
        no_actions: bool,
    },
    /// End the current turn (in OSE side initiative: the current side's turn).
    EndTurn,
    /// OSE-COMBAT-02: move the current side to its next phase.
    AdvancePhase,
    /// End the round now: the remaining turns are lost.
    NextRound,
    /// End the encounter.
    End,
    /// GH-INIT-13 / HYB-INIT-02: delay the current participant's turn.
    Delay {
        participant: ParticipantId,
    },
    /// A delayed participant acts right after the current turn. Greyhawk: delayed creatures
    /// with a lower original count may cut in immediately before it (GH-INIT-13).
    Resume {
        participant: ParticipantId,
        #[serde(default)]
        cut_in: Vec<ParticipantId>,
    },
    /// The GM's override: a participant whose turn was skipped this round (dead, or unable to
    /// act where its ruleset says so) gets its turn anyway, after the turn under way (a
    /// creature healed after its count passed, a doomed creature's last act).
    GrantTurn {
        participant: ParticipantId,
    },
    /// GH-INIT-09: use a declared activity on its turn.
    Act {
        participant: ParticipantId,
        activity: Activity,
    },
    /// Spend an action slot (A5E-TURN-02, HYB-ACT-01..05, GH reaction GH-INIT-06). `slot` pays
    /// with another slot (HYB trading down); default: the slot of the same kind.
    UseAction {
        participant: ParticipantId,
        kind: ActionKind,
        #[serde(default)]
        slot: Option<ActionKind>,
    },
    /// A5E-ACT-11 / HYB-ACT-05: ready an action for a trigger.
    Ready {
        participant: ParticipantId,
        trigger: Label,
    },
    /// The readied trigger happened: act now (A5E: with the reaction).
    TriggerReady {
        participant: ParticipantId,
    },
    /// A5E-CTRL-02: the controller's bonus action commands one creature or one group.
    CommandControlled {
        controller: ParticipantId,
        targets: Vec<ParticipantId>,
    },
    /// GH-INIT-15: an effect forces a creature to change its plan before its turn.
    ForcePlan {
        participant: ParticipantId,
        declaration: GhDeclaration,
        cause: PlanCause,
    },
    /// Report damage, a hit or a failed save (GH-VAR-02, OSE-COMBAT-09, HYB-RETREAT-02).
    Harm {
        participant: ParticipantId,
        harm: Harm,
    },
    /// HYB-RETREAT-01: retreat, using the whole turn. HYB-MORALE-04: the participants it
    /// controls (its retainers and followers) check morale at once, at disadvantage, with the
    /// modifiers listed here (0 for a follower not listed).
    Retreat {
        participant: ParticipantId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        followers: Vec<FollowerModifier>,
    },
    /// HYB-RETREAT-02: settle a retreat (with the GM's optional check).
    ResolveRetreat {
        participant: ParticipantId,
        #[serde(default)]
        check: Option<RetreatCheck>,
    },

    // ---- creatures, conditions and effects ----
    /// Give a participant creature stats (hit points, defenses, tracks), or clear them.
    SetCreature {
        participant: ParticipantId,
        #[serde(default)]
        creature: Option<Creature>,
    },
    /// A5E-COND-28: replace the conditions a participant is immune to (none clears them);
    /// the conditions these imply are covered too.
    SetConditionImmunities {
        participant: ParticipantId,
        #[serde(default)]
        immunities: Vec<crate::conditions::ConditionId>,
    },
    /// Any operation of a creature sheet ([`CreatureCommand`], the stand-alone creature's own
    /// command) on a participant's creature, run by the same code as on a sheet. The clock
    /// commands (`setTime`, `advanceTime`, `endEncounter`) are refused: the encounter keeps the
    /// time. `damage`, `heal`, `grantTempHp`, `deathSave`, `stabilize` and the track commands
    /// below are this command's shorter spellings (see
    /// [`EncounterCommand::into_creature_command`]), kept because saved command streams use them.
    CreatureCommand {
        participant: ParticipantId,
        command: CreatureCommand,
    },
    /// Damage through the ruleset's pipeline (A5E-DMG, HYB-DMG, OSE-DMG). `choices` are the
    /// attacker's and the Narrator's (A5E-DEATH-05/06, A5E-DEATH-12, A5E-DMG-04).
    Damage {
        participant: ParticipantId,
        damage: DamageInstance,
        #[serde(default)]
        choices: DamageChoices,
    },
    /// Regain hit points (capped at the maximum; the dead can't be healed).
    Heal {
        participant: ParticipantId,
        amount: i32,
    },
    /// A5E-THP-02..04: temporary HP; `choice` says which amount stays (never stacked).
    GrantTempHp {
        participant: ParticipantId,
        amount: i32,
        #[serde(default)]
        choice: TempHpChoice,
    },
    /// A5E-DEATH-03: a death saving throw (`modifier`: effects that modify saves).
    DeathSave {
        participant: ParticipantId,
        #[serde(default)]
        modifier: i32,
        #[serde(default)]
        mode: RollMode,
    },
    /// A5E-DEATH-09 / HYB-DEATH-02.
    Stabilize {
        participant: ParticipantId,
        method: StabilizeMethod,
    },
    /// A5E-TRACK-01: in an encounter the levels are pending until it ends (A5E-TRACK-06).
    /// `levels` is 1 when left out (A5E-TRACK-01: each source adds one level).
    GainFatigue {
        participant: ParticipantId,
        #[serde(default = "one_level")]
        levels: i32,
    },
    GainStrife {
        participant: ParticipantId,
        #[serde(default = "one_level")]
        levels: i32,
    },
    /// A5E-TRACK-03: `levels` is 1 when left out (a long rest removes one level).
    RemoveFatigue {
        participant: ParticipantId,
        #[serde(default = "one_level")]
        levels: i32,
    },
    RemoveStrife {
        participant: ParticipantId,
        #[serde(default = "one_level")]
        levels: i32,
    },
    /// SRD-EXH-01: 5e exhaustion, only under the `srd5e` creature rules; the levels take
    /// effect at once, and a sixth is death (SRD-EXH-03). `levels` is 1 when left out.
    GainExhaustion {
        participant: ParticipantId,
        #[serde(default = "one_level")]
        levels: i32,
    },
    /// SRD-EXH-04: `levels` is 1 when left out (a long rest with food and drink removes one).
    RemoveExhaustion {
        participant: ParticipantId,
        #[serde(default = "one_level")]
        levels: i32,
    },
    /// Apply conditions or named effects with durations (one spell on several targets is one
    /// batch: it shares one concentration). `ongoing`: A5E-DMG-06 damage at the end of each
    /// of the target's turns while the effect lasts.
    AddEffects {
        effects: Vec<EffectSpec>,
        #[serde(default)]
        ongoing: Option<EffectOngoing>,
    },
    /// End an effect on request.
    RemoveEffect {
        effect: EffectId,
    },
    /// The participant stops concentrating.
    DropConcentration {
        participant: ParticipantId,
    },
    /// Load homebrew conditions (`{"conditions": [...]}`), validated.
    LoadConditions {
        json: String,
    },
    /// The listed participants (everyone if none) finish a rest: effects lasting until such a
    /// rest end.
    Rest {
        rest: RestKind,
        #[serde(default)]
        participants: Vec<ParticipantId>,
    },
    /// Game time passes outside the encounter (before it starts or after it ends).
    AdvanceClock {
        seconds: u32,
    },

    // ---- GM corrections (see `crate::encounter::corrections`) ----
    /// Set a participant's initiative count (a misread die, a forgotten bonus). It takes its
    /// place among those still to act this round; one that already acted or is acting keeps
    /// its place until the order is next sorted.
    SetCount {
        participant: ParticipantId,
        count: i32,
    },
    /// Move a participant right before or right after another (name exactly one): it takes
    /// that one's count and the GM's placement on that count, which lasts as long as the count.
    MoveInOrder {
        participant: ParticipantId,
        #[serde(default)]
        before: Option<ParticipantId>,
        #[serde(default)]
        after: Option<ParticipantId>,
    },
    /// Take back the last `commands` commands (1 if left out; at most
    /// [`crate::engine::UNDO_DEPTH`], and only commands this copy executed).
    Undo {
        #[serde(default = "one")]
        commands: u32,
    },
    /// Go back to the moment the previous turn started (the current turn's start if none is
    /// under way); everything since is taken back.
    PreviousTurn,
    /// Go back to the moment the previous round started (the current round's start if none
    /// is under way); everything since is taken back.
    PreviousRound,
}

impl EncounterCommand {
    /// The creature operation this command is, as the participant and the sheet's command, or
    /// the command back when it is not one. `damage`, `heal` and the rest are spelled flat on
    /// the wire (`{"type": "heal", "participant": …, "amount": …}`); the encounter runs them all
    /// as [`CreatureCommand`]s.
    // The error is the command itself, given back by value as `TryFrom` would: boxing it
    // would allocate on every command the encounter runs.
    #[allow(clippy::result_large_err)]
    pub fn into_creature_command(self) -> Result<(ParticipantId, CreatureCommand), Self> {
        use CreatureCommand as C;
        Ok(match self {
            Self::CreatureCommand {
                participant,
                command,
            } => (participant, command),
            Self::Damage {
                participant,
                damage,
                choices,
            } => (participant, C::Damage { damage, choices }),
            Self::Heal {
                participant,
                amount,
            } => (participant, C::Heal { amount }),
            Self::GrantTempHp {
                participant,
                amount,
                choice,
            } => (participant, C::GrantTempHp { amount, choice }),
            Self::DeathSave {
                participant,
                modifier,
                mode,
            } => (participant, C::DeathSave { modifier, mode }),
            Self::Stabilize {
                participant,
                method,
            } => (participant, C::Stabilize { method }),
            Self::GainFatigue {
                participant,
                levels,
            } => (participant, C::GainFatigue { levels }),
            Self::GainStrife {
                participant,
                levels,
            } => (participant, C::GainStrife { levels }),
            Self::RemoveFatigue {
                participant,
                levels,
            } => (participant, C::RemoveFatigue { levels }),
            Self::RemoveStrife {
                participant,
                levels,
            } => (participant, C::RemoveStrife { levels }),
            Self::GainExhaustion {
                participant,
                levels,
            } => (participant, C::GainExhaustion { levels }),
            Self::RemoveExhaustion {
                participant,
                levels,
            } => (participant, C::RemoveExhaustion { levels }),
            other => return Err(other),
        })
    }
}

fn one() -> u32 {
    1
}

fn one_level() -> i32 {
    1
}

fn yes() -> bool {
    true
}

/// A5E-TBA-01: the moments turn-based action may be called for (the Narrator's call, [ADJ]).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum TbaCall {
    /// Someone takes a hostile action.
    HostileAction,
    /// The characters enter a precarious location or situation.
    PrecariousSituation,
    /// A competition starts.
    Competition,
    /// Several participants must act methodically at the same time.
    MethodicalAction,
}
