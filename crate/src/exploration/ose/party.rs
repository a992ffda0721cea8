//! OSE party administration (OSE-PARTY-01..03).

use crate::clock::id::Ident;
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};

/// OSE-PARTY-03: the ideal party size.
pub const IDEAL_PARTY: core::ops::RangeInclusive<usize> = 6..=8;
/// OSE-PARTY-03: characters more than this many levels apart should adventure separately.
pub const MAX_LEVEL_SPREAD: u32 = 4;
/// Most rounds of re-rolling ties when picking magic items.
pub const MAX_TIE_ROUNDS: u32 = 20;
/// Die each player rolls for the magic-item pick order (the source says "a die").
pub const PICK_DIE: u32 = 20;

/// OSE-PARTY-01: an even split of non-magical treasure.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Split {
    pub each: u32,
    /// Left over after the even split (the group decides).
    pub remainder: u32,
}

/// OSE-PARTY-01: split `total` evenly among `shares` characters.
pub fn split_evenly(total: u32, shares: u32) -> Result<Split> {
    if shares == 0 {
        return Err(Error::invalid_argument("nobody to share with"));
    }
    Ok(Split {
        each: total / shares,
        remainder: total % shares,
    })
}

/// One player's place in the pick order.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PickRoll {
    pub id: Ident,
    /// Every die this player rolled: the first, then any tie re-rolls.
    pub dice: Vec<RolledDie>,
}

/// OSE-PARTY-01 [OPT]: each player rolls a die; the highest picks first. Ties (not covered,
/// [AMBIG]) are re-rolled among the tied players only.
pub fn magic_item_pick_order(
    players: &[Ident],
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<Vec<PickRoll>> {
    for (i, p) in players.iter().enumerate() {
        if players.iter().skip(i + 1).any(|q| q == p) {
            return Err(Error::new(
                crate::error::ErrorCode::DuplicateId,
                format!("\"{p}\" is listed twice"),
            ));
        }
    }
    let mut rolls: Vec<PickRoll> = players
        .iter()
        .map(|id| PickRoll {
            id: id.clone(),
            dice: Vec::new(),
        })
        .collect();
    // Sort groups of equal dice sequences until all distinct (bounded).
    let mut pending: Vec<Vec<usize>> = vec![(0..rolls.len()).collect()];
    let limit = MAX_TIE_ROUNDS.saturating_mul(u32::try_from(players.len()).unwrap_or(u32::MAX));
    let mut rounds: u32 = 0;
    while let Some(tied) = pending.pop() {
        if tied.len() < 2 {
            continue;
        }
        rounds += 1;
        if rounds > limit {
            return Err(Error::invalid_argument("ties could not be broken"));
        }
        for &i in &tied {
            let face = roller.roll_die(PICK_DIE)?;
            if let Some(r) = rolls.get_mut(i) {
                r.dice.push(RolledDie {
                    sides: PICK_DIE,
                    face,
                });
            }
        }
        let mut faces: Vec<(u32, usize)> = tied
            .iter()
            .map(|&i| {
                (
                    rolls
                        .get(i)
                        .and_then(|r| r.dice.last())
                        .map_or(0, |d| d.face),
                    i,
                )
            })
            .collect();
        crate::sorting::sort_by_key(&mut faces, |f| core::cmp::Reverse(f.0));
        let mut start = 0;
        while start < faces.len() {
            let face = faces.get(start).map_or(0, |f| f.0);
            let end = faces
                .iter()
                .skip(start)
                .position(|f| f.0 != face)
                .map_or(faces.len(), |p| start + p);
            pending.push(
                faces
                    .get(start..end)
                    .unwrap_or(&[])
                    .iter()
                    .map(|f| f.1)
                    .collect(),
            );
            start = end;
        }
    }
    crate::sorting::sort_by(&mut rolls, |a, b| {
        let fa: Vec<u32> = a.dice.iter().map(|d| d.face).collect();
        let fb: Vec<u32> = b.dice.iter().map(|d| d.face).collect();
        fb.cmp(&fa)
    });
    Ok(rolls)
}

/// OSE-PARTY-02: the party's records. Data only, no mechanics.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PartyRecords {
    /// Marching orders by situation (exploring, combat, doors, searching…), front first.
    #[serde(default)]
    pub marching_orders: Vec<OseMarchingOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caller: Option<Ident>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mapper: Option<Ident>,
}

/// One named marching order, front first.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OseMarchingOrder {
    pub situation: Ident,
    pub order: Vec<Ident>,
}

/// OSE-PARTY-03: advisory warnings (never errors).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum PartyAdvice {
    /// Fewer than 6 or more than 8 characters.
    UnusualSize { size: u32 },
    /// Levels more than 4 apart.
    WideLevelSpread { lowest: u32, highest: u32 },
}

/// OSE-PARTY-03: the advice for a party with these levels.
pub fn party_advice(levels: &[u32]) -> Vec<PartyAdvice> {
    let mut out = Vec::new();
    if !IDEAL_PARTY.contains(&levels.len()) {
        out.push(PartyAdvice::UnusualSize {
            size: u32::try_from(levels.len()).unwrap_or(u32::MAX),
        });
    }
    if let (Some(lo), Some(hi)) = (levels.iter().min(), levels.iter().max()) {
        if hi - lo > MAX_LEVEL_SPREAD {
            out.push(PartyAdvice::WideLevelSpread {
                lowest: *lo,
                highest: *hi,
            });
        }
    }
    out
}
