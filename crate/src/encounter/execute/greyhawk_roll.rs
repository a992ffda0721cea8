//! The Greyhawk initiative roll of a round (GH-INIT-01..05, 11, 12, 14, 16; GH-DICE-02..04;
//! GH-SURP-01): who rolls, which creatures share a roll, and the controlled creatures whose
//! count builds on their controller's.

use crate::dice::DieRoller;
use crate::encounter::execute::ctx::Ctx;
use crate::encounter::execute::flow::{GH_SURPRISE_PENALTY, total_of};
use crate::encounter::state::Encounter;
use crate::error::{Error, Result};
use crate::ids::{ParticipantId, ParticipantIds};
use crate::initiative::greyhawk::{self, EmptyDeclaration, GhDeclaration, GreyhawkOptions};
use crate::initiative::{InitiativeRoll, RollSource};

/// One roll: a participant, or a group with the same plan (GH-INIT-11). Borrows the
/// declaration rather than copying it: a big battle rolls hundreds of these.
struct Unit<'a> {
    members: ParticipantIds,
    /// The roster position of the first member, and of the others (a group roll's).
    first: usize,
    rest: Vec<usize>,
    decl: &'a GhDeclaration,
    surprised: bool,
    controller: Option<&'a ParticipantId>,
}

impl Ctx<'_> {
    /// GH-INIT-01..05, 11, 12, 14, 16; GH-DICE-02..04; GH-SURP-01: every unit rolls its
    /// declared dice, free units first in roster order, then the controlled ones.
    pub(super) fn roll_greyhawk(&mut self) -> Result<()> {
        let opts = self.enc.config.greyhawk;
        let empty = GhDeclaration::default();
        let units = rolling_units(self.enc, &opts, &empty);
        let mut rolls = Rolls {
            rolls: Vec::with_capacity(units.len()),
            at: Vec::with_capacity(units.len()),
        };
        let mut roller = UnitRoller {
            opts: &opts,
            dice: &mut *self.dice,
            pool: Vec::new(),
        };
        let pending = roll_free_units(units, &mut roller, &mut rolls)?;
        roll_controlled_units(pending, &mut roller, &mut rolls)?;
        if !rolls.rolls.is_empty() {
            self.emit_rolls(rolls.rolls, &rolls.at)?;
        }
        Ok(())
    }
}

/// The units that roll this round, in roster order. A creature that cannot act does not roll
/// (GH-INIT-12), nor one with nothing declared when empty declarations do not act; identical
/// creatures (one group) with the same plan, surprise and controller roll once (GH-INIT-11)
/// when group rolls are on.
fn rolling_units<'a>(
    enc: &'a Encounter,
    opts: &GreyhawkOptions,
    empty: &'a GhDeclaration,
) -> Vec<Unit<'a>> {
    // At most one unit per participant: sized once, where growing it by doubling moved a big
    // battle's units several times.
    let mut units: Vec<Unit<'a>> = Vec::with_capacity(enc.participants.len());
    for (i, p) in enc.participants.iter().enumerate() {
        if p.out || !p.can_act {
            continue;
        }
        let decl = p.greyhawk_declaration().unwrap_or(empty);
        if decl.is_empty() && opts.empty_declaration == EmptyDeclaration::DoesNotAct {
            continue;
        }
        let shared = if opts.group_rolls && p.group.is_some() {
            units.iter_mut().find(|u| {
                u.decl == decl
                    && u.surprised == p.surprised
                    && u.controller == p.controller.as_ref()
                    && enc
                        .participants
                        .get(u.first)
                        .is_some_and(|f| f.group == p.group)
            })
        } else {
            None
        };
        match shared {
            Some(unit) => {
                unit.members.push(p.id.clone());
                unit.rest.push(i);
            }
            None => units.push(Unit {
                members: ParticipantIds::one(p.id.clone()),
                first: i,
                rest: Vec::new(),
                decl,
                surprised: p.surprised,
                controller: p.controller.as_ref(),
            }),
        }
    }
    units
}

/// What every unit of a round rolls with: the options, the dice, and one pool list reused
/// from unit to unit ([`greyhawk::roll_with`]).
struct UnitRoller<'a> {
    opts: &'a GreyhawkOptions,
    dice: &'a mut dyn DieRoller,
    pool: Vec<greyhawk::PoolDie>,
}

/// The rolls made so far, and the roster position of every participant they name, in order
/// (so applying them needs no id looked up: [`Ctx::emit_rolls`]).
struct Rolls {
    rolls: Vec<InitiativeRoll>,
    at: Vec<usize>,
}

impl Rolls {
    fn push(&mut self, unit: Unit<'_>, base: i32, roller: &mut UnitRoller<'_>) -> Result<()> {
        self.at.push(unit.first);
        self.at.extend_from_slice(&unit.rest);
        self.rolls.push(roll_unit(unit, base, roller)?);
        Ok(())
    }
}

/// Roll one unit's declared dice. Its modifier is `base` (its controller's count, or 0 for a
/// free unit) plus the surprise penalty (GH-SURP-01).
fn roll_unit(unit: Unit<'_>, base: i32, roller: &mut UnitRoller<'_>) -> Result<InitiativeRoll> {
    let rolled = greyhawk::roll_with(unit.decl, roller.opts, &mut *roller.dice, &mut roller.pool)?;
    let modifier = base
        .checked_add(if unit.surprised {
            GH_SURPRISE_PENALTY
        } else {
            0
        })
        .ok_or_else(|| Error::invalid_argument("initiative total out of range"))?;
    let total = total_of(&rolled, modifier)?;
    Ok(InitiativeRoll {
        participants: unit.members,
        dice: rolled,
        modifier,
        total,
        source: RollSource::Rolled,
    })
}

/// Roll every unit without a controller, in order, into `rolls`; the controlled units come
/// back, still to roll.
fn roll_free_units<'a>(
    units: Vec<Unit<'a>>,
    roller: &mut UnitRoller<'_>,
    rolls: &mut Rolls,
) -> Result<Vec<Unit<'a>>> {
    let mut pending: Vec<Unit<'a>> = Vec::new();
    for unit in units {
        if unit.controller.is_some() {
            pending.push(unit);
            continue;
        }
        rolls.push(unit, 0, roller)?;
    }
    Ok(pending)
}

/// GH-INIT-14: a controlled creature's count is its own dice plus its controller's count.
/// Chains resolve controller first, pass by pass; a pass that rolls nobody means some
/// controller never gets a count, which is refused.
fn roll_controlled_units(
    mut pending: Vec<Unit<'_>>,
    roller: &mut UnitRoller<'_>,
    rolls: &mut Rolls,
) -> Result<()> {
    while !pending.is_empty() {
        let before = pending.len();
        let mut still = Vec::new();
        for unit in pending {
            let Some(controller) = unit.controller else {
                continue;
            };
            let Some(base) = rolls
                .rolls
                .iter()
                .find(|r| r.participants.contains(controller))
                .map(|r| r.total)
            else {
                still.push(unit);
                continue;
            };
            rolls.push(unit, base, roller)?;
        }
        if still.len() == before {
            let who = still
                .first()
                .and_then(|u| u.controller)
                .map(|c| c.to_string())
                .unwrap_or_default();
            return Err(Error::not_allowed(format!(
                "controller \"{who}\" has no initiative this round (GH-INIT-14)"
            )));
        }
        pending = still;
    }
    Ok(())
}
