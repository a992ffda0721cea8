//! Snapshots: compact, versioned JSON that restores an encounter exactly.
//!
//! `{"v":1, ...}`. Short keys keep a 30-participant encounter well under the 8 KB budget
//! (docs/design.md; Owlbear room metadata is 16 KB shared). Defaults are left out. The keys:
//!
//! | key | meaning |
//! |---|---|
//! | `v` | snapshot version ([`SNAPSHOT_VERSION`]) |
//! | `c` | ruleset configuration (preset and overrides, defaults omitted) |
//! | `p` | participants, see below |
//! | `sd` | OSE side states (`side`, `surprised`, `total`, `ties`) |
//! | `w`, `wu` | world actions and those used in the current world phase |
//! | `ph`, `r` | phase and round |
//! | `o`, `d`, `a` | turn order (a participant id, or `{"s":[sides],"sl":slow}`), entries done, whether `o[d]` is acting |
//! | `op`, `am`, `n` | OSE phase of the acting side, HYB ambushers, initiative rolls made |
//! | `pv` | a players' view: hidden participants left out (see `player_view.rs`) |
//! | `nh`, `hs` | initiative rolls made for hidden participants alone, and whether participants were ever hidden from players (GM-only, see `player_view.rs`) |
//!
//! Participant keys: `i` id, `n` name, `s` side, `g` group, `d` Dex score (10 omitted), `m` Dex
//! modifier (omitted when it follows the score), `ab` other modifiers, `na` cannot act, `npc`,
//! `k` initiative check, `f` fixed count, `o` controller, `su` surprised, `st` surprise-check
//! total, `t`/`r`/`b` initiative total, roll id and roll-off draws, `rk` the GM's placement on its count (`moveInOrder`), `dc` declaration
//! (`y`:`g`reyhawk with `a` activities, `b` bonus action, `st` steps, `md` mode, `w` weapon;
//! `y`:`o`se with `sp` spell, `mm` melee movement, `sw` slow weapon), `ts` turn status, `u`
//! spent action slots (bits), `au` activities used, `rd` readied trigger, `cm` commanded, `rt`
//! retreat (`false` retreating, `true` hit while retreating), `sp` spell disruption, `out` left
//! initiative, `h` hidden from players (GM-only), `ci` condition immunities (A5E-COND-28), `ds`
//! the round of its last death save (A5E-DEATH-03, GH-INIT-12).
//!
//! Compatibility: a field added later (hit points, conditions, effects…) must carry
//! `#[serde(default, skip_serializing_if = …)]`, so older snapshots keep loading; a change of
//! meaning bumps [`SNAPSHOT_VERSION`].
//!
//! [`Encounter::from_json`] validates everything: the version, every id and value range, that
//! ids are unique and references resolve, and that the order, the current turn and the phase
//! agree. Anything else is `SNAPSHOT_INVALID` with a message saying what is wrong.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::conditions::{ConditionCatalog, ConditionId};
use crate::creature::Creature;
use crate::effects::EffectTracker;
use crate::encounter::config_rules::duration_rules;
use crate::encounter::creature_change::OngoingEntry;
use crate::encounter::limits::{MAX_PARTICIPANTS, MAX_SNAPSHOT_BYTES, MAX_WORLD_ACTIONS};
use crate::encounter::participant::{
    Declaration, Initiative, Participant, SpellDisruption, Spent, TurnStatus, modifier_of,
};
use crate::encounter::state::{Actor, Encounter, Phase, SideState};
use crate::encounter::world::WorldActionState;
use crate::error::{Error, Result};
use crate::ids::{GroupId, Label, Name, ParticipantId, SideId, WorldActionId};
use crate::initiative::ability_check::{AbilityMods, InitiativeCheck};
use crate::initiative::greyhawk::{Activities, DieStep, GhDeclaration, WeaponDice};
use crate::initiative::side::{MeleeMovement, OseDeclaration, OsePhase};
use crate::initiative::{Activity, RollMode};
use crate::rulesets::RulesetConfig;

/// The snapshot format version written by this crate.
pub const SNAPSHOT_VERSION: u32 = 1;

fn is_false(v: &bool) -> bool {
    !*v
}
fn is_ten(v: &u8) -> bool {
    *v == 10
}
fn ten() -> u8 {
    10
}
fn is_zero_u8(v: &u8) -> bool {
    *v == 0
}
fn is_zero_i32(v: &i32) -> bool {
    *v == 0
}
fn is_zero_u32(v: &u32) -> bool {
    *v == 0
}
fn is_zero_usize(v: &usize) -> bool {
    *v == 0
}
fn is_waiting(v: &TurnStatus) -> bool {
    *v == TurnStatus::Waiting
}

#[crate::boundary(rust_only)]
#[serde(tag = "y", deny_unknown_fields)]
enum DeclDto {
    #[serde(rename = "g")]
    Greyhawk {
        #[serde(default, skip_serializing_if = "Activities::is_empty")]
        a: Activities,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        b: Option<Activity>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        st: Vec<DieStep>,
        #[serde(default, skip_serializing_if = "RollMode::is_normal")]
        md: RollMode,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        w: Option<WeaponDice>,
    },
    #[serde(rename = "o")]
    Ose {
        #[serde(default, skip_serializing_if = "is_false")]
        sp: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        mm: Option<MeleeMovement>,
        #[serde(default, skip_serializing_if = "is_false")]
        sw: bool,
    },
}

impl From<&Declaration> for DeclDto {
    fn from(d: &Declaration) -> Self {
        match d {
            Declaration::Greyhawk(g) => Self::Greyhawk {
                a: g.activities.clone(),
                b: g.bonus_action,
                st: g.steps.clone(),
                md: g.mode,
                w: g.weapon,
            },
            Declaration::Ose(o) => Self::Ose {
                sp: o.spell,
                mm: o.melee_movement,
                sw: o.slow_weapon,
            },
        }
    }
}

impl From<DeclDto> for Declaration {
    fn from(d: DeclDto) -> Self {
        match d {
            DeclDto::Greyhawk { a, b, st, md, w } => Declaration::Greyhawk(GhDeclaration {
                activities: a,
                bonus_action: b,
                steps: st,
                mode: md,
                weapon: w,
            }),
            DeclDto::Ose { sp, mm, sw } => Declaration::Ose(OseDeclaration {
                spell: sp,
                melee_movement: mm,
                slow_weapon: sw,
            }),
        }
    }
}

#[crate::boundary(rust_only)]
#[serde(deny_unknown_fields)]
struct PDto {
    i: ParticipantId,
    n: Name,
    s: SideId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    g: Option<GroupId>,
    #[serde(default = "ten", skip_serializing_if = "is_ten")]
    d: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    m: Option<i8>,
    #[serde(default, skip_serializing_if = "AbilityMods::is_zero")]
    ab: AbilityMods,
    #[serde(default, skip_serializing_if = "is_false")]
    na: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    npc: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    k: Option<InitiativeCheck>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    f: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    o: Option<ParticipantId>,
    #[serde(default, skip_serializing_if = "is_false")]
    su: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    st: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    t: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    r: Option<u32>,
    #[serde(default, skip_serializing_if = "<[u32]>::is_empty")]
    b: crate::initiative::ties::TieFaces,
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    rk: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dc: Option<DeclDto>,
    #[serde(default, skip_serializing_if = "is_waiting")]
    ts: TurnStatus,
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    u: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    au: Vec<Activity>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rd: Option<Label>,
    #[serde(default, skip_serializing_if = "is_false")]
    cm: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rt: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sp: Option<SpellDisruption>,
    #[serde(default, skip_serializing_if = "is_false")]
    out: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cr: Option<std::sync::Arc<Creature>>,
    #[serde(default, skip_serializing_if = "is_false")]
    h: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ci: Vec<ConditionId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ds: Option<u32>,
}

#[crate::boundary(rust_only)]
#[serde(untagged)]
enum ActorDto {
    P(ParticipantId),
    S {
        s: Vec<SideId>,
        #[serde(default, skip_serializing_if = "is_false")]
        sl: bool,
    },
}

#[crate::boundary(rust_only)]
#[serde(deny_unknown_fields)]
struct SnapshotDto {
    v: u32,
    c: RulesetConfig,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    p: Vec<PDto>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    sd: Vec<SideState>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    w: Vec<WorldActionState>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    wu: Vec<WorldActionId>,
    ph: Phase,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    r: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    o: Vec<ActorDto>,
    #[serde(default, skip_serializing_if = "is_zero_usize")]
    d: usize,
    #[serde(default, skip_serializing_if = "is_false")]
    a: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    op: Option<OsePhase>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    am: Vec<SideId>,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    n: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fx: Option<EffectTracker>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hb: Option<ConditionCatalog>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    og: Vec<OngoingEntry>,
    #[serde(default, skip_serializing_if = "is_false")]
    pv: bool,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    nh: u32,
    #[serde(default, skip_serializing_if = "is_false")]
    hs: bool,
}

/// Only the version field, read before the rest so that another version gets a clear error;
/// the other keys are passed over unread. Any JSON is accepted as `v` here; only a whole
/// number is a version.
struct WireVersion(Option<u64>);

impl crate::wire::FromWire for WireVersion {
    fn read(r: &mut crate::wire::Reader<'_>) -> crate::wire::Result<Self> {
        let mut version = None;
        r.object(&mut |r, key| {
            if key == "v" && version.is_none() {
                version = Some(r.whole_number()?);
                Ok(())
            } else {
                r.skip()
            }
        })?;
        Ok(WireVersion(version.flatten()))
    }
}

impl From<&Participant> for PDto {
    fn from(p: &Participant) -> Self {
        Self {
            i: p.id.clone(),
            n: p.name.clone(),
            s: p.side.clone(),
            g: p.group.clone(),
            d: p.dex,
            m: (p.dex_mod != modifier_of(p.dex)).then_some(p.dex_mod),
            ab: p.mods,
            na: !p.can_act,
            npc: p.npc,
            k: p.check.clone(),
            f: p.fixed_count,
            o: p.controller.clone(),
            su: p.surprised,
            st: p.surprise_total,
            t: p.initiative.as_ref().map(|i| i.total),
            r: p.initiative.as_ref().map(|i| i.roll),
            b: p.initiative
                .as_ref()
                .map(|i| i.ties.clone())
                .unwrap_or_default(),
            rk: p.initiative.as_ref().map_or(0, |i| i.rank),
            dc: p.declaration.as_ref().map(DeclDto::from),
            ts: p.turn,
            u: p.spent.bits(),
            au: p.activities_used.clone(),
            rd: p.readied.clone(),
            cm: p.commanded,
            rt: p.retreat,
            sp: p.spell,
            out: p.out,
            cr: p.creature.clone(),
            h: p.hidden,
            ci: p.condition_immunities.clone(),
            ds: p.death_saved,
        }
    }
}

impl From<&Encounter> for SnapshotDto {
    fn from(e: &Encounter) -> Self {
        Self {
            v: SNAPSHOT_VERSION,
            c: e.config.clone(),
            p: e.participants.iter().map(|p| PDto::from(&**p)).collect(),
            sd: e.sides.clone(),
            w: e.world.clone(),
            wu: e.world_used.clone(),
            ph: e.phase,
            r: e.round,
            o: e.order
                .iter()
                .map(|a| match a {
                    Actor::Participant { participant } => ActorDto::P(participant.clone()),
                    Actor::Sides { sides, slow } => ActorDto::S {
                        s: sides.clone(),
                        sl: *slow,
                    },
                })
                .collect(),
            d: e.done,
            a: e.active,
            op: e.ose_phase,
            am: e.ambushers.clone(),
            n: e.rolls,
            fx: (e.synced_tracker().as_ref() != Some(&e.effects)).then(|| e.effects.clone()),
            hb: (e.catalog.homebrew_defs().next().is_some())
                .then(|| ConditionCatalog::clone(&e.catalog)),
            og: e.ongoing.clone(),
            pv: e.players_view,
            nh: e.hidden_rolls,
            hs: e.secrets,
        }
    }
}

fn bad(msg: impl Into<String>) -> Error {
    Error::snapshot(msg)
}

/// A participant as the snapshot holds it; the checks are the encounter's invariants
/// (`invariants.rs`), run once the whole encounter is rebuilt.
fn participant_from(d: PDto) -> Result<Participant> {
    let id = d.i.clone();
    let fail = |what: &str| bad(format!("participant \"{id}\": {what}"));
    let dex_mod = d.m.unwrap_or(modifier_of(d.d));
    let initiative = match (d.t, d.r) {
        (Some(total), Some(roll)) => Some(Initiative {
            total,
            roll,
            ties: d.b,
            rank: d.rk,
        }),
        (None, None) if d.b.is_empty() && d.rk == 0 => None,
        _ => return Err(fail("initiative total, roll and draws do not agree")),
    };
    let declaration: Option<Declaration> = d.dc.map(Declaration::from);
    let spent = Spent::from_bits(d.u).ok_or_else(|| fail("unknown action slots"))?;
    Ok(Participant {
        id: d.i,
        name: d.n,
        side: d.s,
        group: d.g,
        dex: d.d,
        dex_mod,
        mods: d.ab,
        can_act: !d.na,
        npc: d.npc,
        check: d.k,
        fixed_count: d.f,
        controller: d.o,
        surprised: d.su,
        surprise_total: d.st,
        initiative,
        declaration,
        turn: d.ts,
        spent,
        activities_used: d.au,
        readied: d.rd,
        commanded: d.cm,
        retreat: d.rt,
        spell: d.sp,
        out: d.out,
        creature: d.cr,
        hidden: d.h,
        condition_immunities: d.ci,
        death_saved: d.ds,
    })
}

impl TryFrom<SnapshotDto> for Encounter {
    type Error = Error;

    fn try_from(s: SnapshotDto) -> Result<Self> {
        if s.v != SNAPSHOT_VERSION {
            return Err(bad(format!(
                "snapshot version {} is not supported (this build reads version {SNAPSHOT_VERSION})",
                s.v
            )));
        }
        let mut enc = Encounter::with_config(s.c)
            .map_err(|e| bad(format!("configuration: {}", e.message)))?;
        if s.p.len() > MAX_PARTICIPANTS {
            return Err(bad(format!("more than {MAX_PARTICIPANTS} participants")));
        }
        enc.rolls = s.n;
        for d in s.p {
            let p = participant_from(d)?;
            if enc.index.contains_key(&p.id) {
                return Err(bad(format!("participant id \"{}\" appears twice", p.id)));
            }
            std::sync::Arc::make_mut(&mut enc.index).insert(p.id.clone(), enc.participants.len());
            enc.participants.push(std::sync::Arc::new(p));
        }
        enc.sides = s.sd;
        if s.w.len() > MAX_WORLD_ACTIONS {
            return Err(bad("too many world actions"));
        }
        enc.world = s.w;
        enc.world_used = s.wu;
        enc.phase = s.ph;
        enc.round = s.r;
        enc.ambushers = s.am;
        // An entry takes its participant's own id (the same text, shared), as the entries a
        // round computes do: `order_pos` finds entries by where their text is.
        let order: Vec<Actor> =
            s.o.into_iter()
                .map(|a| match a {
                    ActorDto::P(participant) => Actor::Participant {
                        participant: enc
                            .participant(&participant)
                            .map_or(participant, |p| p.id.clone()),
                    },
                    ActorDto::S { s: sides, sl } => Actor::Sides { sides, slow: sl },
                })
                .collect();
        enc.order = std::sync::Arc::new(order);
        enc.done = s.d;
        enc.active = s.a;
        enc.ose_phase = s.op;
        if let Some(hb) = s.hb {
            // The config decides the built-in set; the homebrew is checked against it again.
            let base = enc.catalog.base();
            enc.catalog = std::sync::Arc::new(
                hb.rebased(base)
                    .map_err(|e| bad(format!("conditions: {}", e.message)))?,
            );
        }
        enc.effects = match s.fx {
            Some(fx) => fx,
            None => enc
                .synced_tracker()
                .ok_or_else(|| bad("the round length does not fit the duration rules"))?,
        };
        enc.ongoing = s.og;
        enc.players_view = s.pv;
        enc.hidden_rolls = s.nh;
        enc.secrets = s.hs;
        enc.check()?;
        Ok(enc)
    }
}

impl Encounter {
    /// The tracker an encounter without effects has at this point: no effects, positioned
    /// where the encounter is, the clock at the rounds completed. A snapshot leaves the
    /// tracker out when it is exactly this (and snapshots written before effects were tracked
    /// load with it).
    fn synced_tracker(&self) -> Option<EffectTracker> {
        let mut fx = EffectTracker::new(duration_rules(&self.config)).ok()?;
        let in_round = matches!(self.phase, Phase::Turns | Phase::World);
        let completed = if in_round {
            self.round.saturating_sub(1)
        } else {
            self.round
        };
        fx.clock = u64::from(completed).saturating_mul(u64::from(fx.rules.seconds_per_round));
        if self.phase == Phase::Ended {
            return Some(fx);
        }
        fx.position.round = self.round;
        fx.position.in_round = in_round;
        if in_round {
            fx.position.turn = self.current_participant().cloned();
            fx.position.acted = self
                .participants
                .iter()
                .filter(|p| p.turn != TurnStatus::Waiting)
                .map(|p| p.id.clone())
                .collect();
        }
        Some(fx)
    }
}

impl Serialize for Encounter {
    fn serialize<S: Serializer>(&self, serializer: S) -> core::result::Result<S::Ok, S::Error> {
        SnapshotDto::from(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Encounter {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> core::result::Result<Self, D::Error> {
        let dto = SnapshotDto::deserialize(deserializer)?;
        Encounter::try_from(dto).map_err(serde::de::Error::custom)
    }
}

impl Encounter {
    /// A compact, versioned JSON snapshot (see the module documentation for its keys).
    pub fn to_json(&self) -> String {
        crate::wire::to_json(&SnapshotDto::from(self))
    }

    /// Restore a snapshot, refusing anything malformed, tampered or from another version with
    /// `SNAPSHOT_INVALID`.
    pub fn from_json(json: &str) -> Result<Self> {
        if json.len() > MAX_SNAPSHOT_BYTES {
            return Err(bad(format!(
                "a snapshot is at most {MAX_SNAPSHOT_BYTES} bytes"
            )));
        }
        let WireVersion(version) = crate::wire::read_all(json)
            .map_err(|e| bad(format!("the snapshot is not a JSON object: {e}")))?;
        match version {
            Some(v) if v == u64::from(SNAPSHOT_VERSION) => {}
            Some(v) => {
                return Err(bad(format!(
                    "snapshot version {v} is not supported (this build reads version {SNAPSHOT_VERSION})"
                )));
            }
            None => return Err(bad("the snapshot has no version field \"v\"")),
        }
        let dto: SnapshotDto = crate::wire::read_all(json)
            .map_err(|e| bad(format!("the snapshot is malformed: {e}")))?;
        Encounter::try_from(dto)
    }
}
