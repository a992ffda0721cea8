//! Turn order: the sort keys of every system, roll-off planning and insertion mid-round.

use core::cmp::Ordering;

use crate::encounter::event::TieUnit;
use crate::encounter::participant::{Participant, SkipReason};
use crate::encounter::state::{Actor, Encounter};
use crate::error::{Error, Result};
use crate::ids::SideId;
use crate::initiative::InitiativeRules;
use crate::initiative::rules::{InitiativeOptions, RoundRoll};
use crate::initiative::ties::{Contender, higher_first, packed_draws, packed_key};
use crate::sorting::{Key, sort_keys};

/// Which participants share each initiative roll, for naming roll-off units.
pub(crate) struct TieUnits {
    /// Roster positions grouped by roll, in roster order within a roll.
    members: Vec<usize>,
    /// Where each roll's members start in `members`: roll `first + k` has
    /// `members[starts[k]..starts[k + 1]]`. A round's rolls are numbered one after another,
    /// so this table is about as long as the roster, and naming a unit is two reads rather
    /// than a search per draw.
    starts: Vec<usize>,
    first: u32,
    /// `(roll, roster index)` sorted, for rolls too far apart for the table (hidden
    /// participants' rolls are numbered from [`crate::encounter::state::HIDDEN_ROLL_IDS`]).
    sorted: Vec<Key>,
    /// Sides roll off, not participants (OSE side initiative): looked up once per roll-off
    /// rather than once per draw.
    per_side: bool,
}

/// Roll-off draws (higher first) and then a roster position as one number that orders as
/// they do: the draws' packed bytes ([`packed_draws`]) inverted in the top 48 bits, the
/// position in the low 16. `None` for more than six draws, a face over 254 or a position
/// past 65535.
fn draws_then_position(ties: &[u32], i: usize) -> Option<u64> {
    let draws = packed_draws(ties).filter(|d| *d & ((1 << 80) - 1) == 0)?;
    let i = u64::try_from(i).ok().filter(|i| *i < 1 << 16)?;
    let top = u64::try_from(draws >> 80).ok()?;
    Some((!top & 0xffff_ffff_ffff) << 16 | i)
}

impl Encounter {
    /// The die used for roll-offs under the current system.
    pub(crate) fn roll_off_die(&self) -> u32 {
        self.rules().roll_off_die()
    }

    /// Whether sides, not creatures, take the turns (OSE side initiative, not individual).
    pub(crate) fn per_side(&self) -> bool {
        self.rules().round_roll(&self.initiative_options()) == RoundRoll::PerSide
    }

    /// Whether ties are left standing (OSE simultaneous resolution).
    fn simultaneous(&self) -> bool {
        self.rules().leaves_ties(&self.initiative_options())
    }

    /// The primary sort key (ascending): everything the rules compare before chance. Right
    /// after the count comes the GM's placement (`rank`, 0 unless a GM moved someone on that
    /// count), which outranks every rule that breaks ties.
    pub(crate) fn order_key(&self, p: &Participant) -> [i32; 4] {
        self.rules()
            .order_key(&self.order_facts(p), &self.initiative_options())
    }

    /// Full order between two participants (indices break what chance left equal).
    pub(crate) fn cmp_participants(&self, a: usize, b: usize) -> Ordering {
        match (self.participants.get(a), self.participants.get(b)) {
            (Some(pa), Some(pb)) => self
                .order_key(pa)
                .cmp(&self.order_key(pb))
                .then_with(|| {
                    let ta = pa
                        .initiative
                        .as_ref()
                        .map(|i| i.ties.as_slice())
                        .unwrap_or(&[]);
                    let tb = pb
                        .initiative
                        .as_ref()
                        .map(|i| i.ties.as_slice())
                        .unwrap_or(&[]);
                    higher_first(ta, tb)
                })
                .then(a.cmp(&b)),
            _ => a.cmp(&b),
        }
    }

    /// Whether a participant whose turn comes takes none, and why.
    ///
    /// The dead never act, in any ruleset. A creature unable to act (`canAct` false: down, or
    /// under an incapacitating condition) takes no turn where its initiative system says so:
    /// Greyhawk (GH-INIT-12: it does not even roll, so one that drops after the roll loses its
    /// place too; what it must resolve waits for the end of the round), HYB (HYB-DEATH-01: at
    /// 0 HP it is incapacitated and can't act) and OSE. Under A5E and standard 5e it keeps its
    /// turn: a dying creature makes its death save at the start of its turn (A5E-DEATH-03) and
    /// effects that end at the start or end of its turn still need that turn. The GM may give a
    /// skipped participant its turn anyway (`grantTurn`).
    pub(crate) fn skip_reason(&self, p: &Participant) -> Option<SkipReason> {
        if p.is_dead() {
            return Some(SkipReason::Dead);
        }
        if self.rules().skips_unable() && !p.can_act {
            return Some(SkipReason::UnableToAct);
        }
        None
    }

    /// Whether a participant takes a turn of its own in this round's order.
    pub(crate) fn in_order(&self, p: &Participant) -> bool {
        self.in_order_under(p, self.rules(), &self.initiative_options())
    }

    /// [`Self::in_order`] with the rules and their options looked up once by a caller that asks
    /// for every entry of the order (the check a follower runs after each batch of events).
    pub(crate) fn in_order_under(
        &self,
        p: &Participant,
        rules: &dyn InitiativeRules,
        options: &InitiativeOptions<'_>,
    ) -> bool {
        if p.out || p.initiative.is_none() {
            return false;
        }
        rules.own_turn(&self.order_facts(p), options)
    }

    /// Whether OSE sides surprised this round lose it (OSE-SURP-03): round 1, some side
    /// surprised and not every side.
    pub(crate) fn surprise_bites(&self) -> bool {
        if self.round > 1 {
            return false;
        }
        let present: Vec<&SideId> = {
            let mut v: Vec<&SideId> = Vec::new();
            for p in self.participants.iter().filter(|p| !p.out) {
                if !v.contains(&&p.side) {
                    v.push(&p.side);
                }
            }
            v
        };
        let surprised = present
            .iter()
            .filter(|s| self.side_state(s).is_some_and(|st| st.surprised))
            .count();
        surprised > 0 && surprised < present.len()
    }

    /// Whether a side is surprised and loses this round (OSE-SURP-03).
    pub(crate) fn side_loses_round(&self, side: &SideId) -> bool {
        self.surprise_bites() && self.side_state(side).is_some_and(|s| s.surprised)
    }

    /// This round's order, computed from the rolls.
    pub(crate) fn compute_order(&self) -> Vec<Actor> {
        if self.per_side() {
            return self.compute_side_order();
        }
        // Keys are computed once per participant, not once per comparison, and the rules and
        // options are looked up once per order. Each participant's key is its packed order key
        // and, below it, its roll-off draws (higher first) and its roster position, packed as
        // one [`Key`]: the sort then compares pairs of numbers, not draw lists. Draws that do
        // not pack (see [`packed_draws`]) sort through the comparison of the lists themselves.
        let rules = self.rules();
        let options = self.initiative_options();
        let mut keys: Vec<Key> = Vec::with_capacity(self.participants.len());
        let mut packs = true;
        for (i, p) in self.participants.iter().enumerate() {
            let Some(init) = p.initiative.as_ref().filter(|_| !p.out) else {
                continue;
            };
            let facts = self.order_facts(p);
            if !rules.own_turn(&facts, &options) {
                continue;
            }
            let key = packed_key(rules.order_key(&facts, &options));
            match draws_then_position(&init.ties, i) {
                Some(below) => keys.push((key, below)),
                None => {
                    packs = false;
                    keys.push((key, i as u64));
                }
            }
        }
        let position = |k: &Key| {
            if packs {
                (k.1 & 0xffff) as usize
            } else {
                k.1 as usize
            }
        };
        if packs {
            sort_keys(&mut keys);
        } else {
            let mut idx: Vec<usize> = (0..keys.len()).collect();
            let ties = |k: &Key| {
                self.participants
                    .get(position(k))
                    .and_then(|p| p.initiative.as_ref())
                    .map(|i| i.ties.as_slice())
                    .unwrap_or(&[])
            };
            crate::sorting::sort_indices(&mut idx, &mut |a, b| match (keys.get(a), keys.get(b)) {
                (Some(x), Some(y)) => {
                    x.0.cmp(&y.0)
                        .then_with(|| higher_first(ties(x), ties(y)))
                        .then(x.1.cmp(&y.1))
                }
                _ => a.cmp(&b),
            });
            keys = idx
                .into_iter()
                .filter_map(|j| keys.get(j).copied())
                .collect();
        }
        keys.iter()
            .filter_map(|k| self.participants.get(position(k)))
            .map(|p| Actor::Participant {
                participant: p.id.clone(),
            })
            .collect()
    }

    fn compute_side_order(&self) -> Vec<Actor> {
        let mut sides: Vec<(usize, i32, &[u32])> = self
            .sides
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.total.map(|t| (i, t, s.ties.as_slice())))
            .collect();
        crate::sorting::sort_by(&mut sides, |a, b| {
            b.1.cmp(&a.1)
                .then_with(|| higher_first(a.2, b.2))
                .then(a.0.cmp(&b.0))
        });
        let mut groups: Vec<Vec<SideId>> = Vec::new();
        let mut last_total: Option<i32> = None;
        for (i, total, _) in sides {
            let Some(s) = self.sides.get(i) else { continue };
            let join = self.simultaneous() && last_total == Some(total);
            match groups.last_mut() {
                Some(g) if join => g.push(s.side.clone()),
                _ => groups.push(vec![s.side.clone()]),
            }
            last_total = Some(total);
        }
        let mut order: Vec<Actor> = groups
            .iter()
            .map(|g| Actor::Sides {
                sides: g.clone(),
                slow: false,
            })
            .collect();
        // OSE-INIT-03: slow-weapon attackers act after every side, in side order.
        for g in groups {
            if !self.side_members(&g, true).is_empty() {
                order.push(Actor::Sides {
                    sides: g,
                    slow: true,
                });
            }
        }
        order
    }

    /// Who may roll off now: participants, one unit per roll (a group that rolled together
    /// draws together, GH-INIT-11), or for OSE side initiative the sides (OSE-INIT-02 reroll).
    /// Empty where ties stand (OSE simultaneous resolution).
    pub(crate) fn tie_contenders(&self) -> Vec<Contender> {
        if self.simultaneous() {
            return Vec::new();
        }
        if self.per_side() {
            return self
                .sides
                .iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    Some(Contender {
                        key: [s.total?.saturating_neg(), 0, 0, 0],
                        unit: u32::try_from(i).ok()?,
                        draws: s.ties.clone(),
                    })
                })
                .collect();
        }
        // As in `compute_order`: one set of facts per participant (for `in_order` and the key),
        // the rules and options looked up once.
        let rules = self.rules();
        let options = self.initiative_options();
        self.participants
            .iter()
            .filter_map(|p| {
                let init = p.initiative.as_ref().filter(|_| !p.out)?;
                let facts = self.order_facts(p);
                rules.own_turn(&facts, &options).then(|| Contender {
                    key: rules.order_key(&facts, &options),
                    unit: init.roll,
                    draws: init.ties.clone(),
                })
            })
            .collect()
    }

    /// What [`Self::tie_unit`] needs to name the units of [`Self::tie_contenders`].
    pub(crate) fn tie_units(&self) -> TieUnits {
        let per_side = self.per_side();
        let rolls: Vec<(u32, usize)> = if per_side {
            Vec::new()
        } else {
            self.participants
                .iter()
                .enumerate()
                .filter_map(|(i, p)| Some((p.initiative.as_ref()?.roll, i)))
                .collect()
        };
        let first = rolls.iter().map(|r| r.0).min().unwrap_or(0);
        let last = rolls.iter().map(|r| r.0).max().unwrap_or(0);
        let span = usize::try_from(last.saturating_sub(first))
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        let mut units = TieUnits {
            members: Vec::new(),
            starts: Vec::new(),
            first,
            sorted: Vec::new(),
            per_side,
        };
        if span > rolls.len().saturating_mul(2).saturating_add(64) {
            units.sorted = rolls
                .iter()
                .map(|&(r, i)| (u128::from(r), i as u64))
                .collect();
            sort_keys(&mut units.sorted);
            return units;
        }
        // A counting sort: how many members each roll has, where each roll's run starts,
        // then every position put in its run, in roster order.
        let slot = |r: u32| usize::try_from(r.saturating_sub(first)).unwrap_or(usize::MAX);
        units.starts = vec![0; span.saturating_add(1)];
        for &(r, _) in &rolls {
            if let Some(n) = units.starts.get_mut(slot(r).saturating_add(1)) {
                *n = n.saturating_add(1);
            }
        }
        let mut total = 0usize;
        for n in &mut units.starts {
            total = total.saturating_add(*n);
            *n = total;
        }
        let mut next = units.starts.clone();
        units.members = vec![0; rolls.len()];
        for &(r, i) in &rolls {
            if let Some(at) = next.get_mut(slot(r)) {
                if let Some(m) = units.members.get_mut(*at) {
                    *m = i;
                }
                *at = at.saturating_add(1);
            }
        }
        units
    }

    /// A roll-off unit as events name it: every participant sharing the roll (in roster
    /// order), or the side. The roster position of each participant named goes to `at`.
    pub(crate) fn tie_unit(
        &self,
        units: &TieUnits,
        unit: u32,
        at: &mut Vec<usize>,
    ) -> Result<TieUnit> {
        if units.per_side {
            let side = self
                .sides
                .get(unit as usize)
                .ok_or_else(|| Error::invalid_argument("roll-off side out of range"))?;
            return Ok(TieUnit::Side {
                side: side.side.clone(),
            });
        }
        let mut name = |i: usize| {
            let p = self.participants.get(i)?;
            at.push(i);
            Some(p.id.clone())
        };
        let participants = if units.sorted.is_empty() {
            let k = usize::try_from(unit.wrapping_sub(units.first)).unwrap_or(usize::MAX);
            let from = units.starts.get(k).copied().unwrap_or(0);
            let to = units.starts.get(k.saturating_add(1)).copied().unwrap_or(0);
            units
                .members
                .get(from..to)
                .unwrap_or_default()
                .iter()
                .filter_map(|i| name(*i))
                .collect()
        } else {
            let unit = u128::from(unit);
            let from = units.sorted.partition_point(|(r, _)| *r < unit);
            units
                .sorted
                .iter()
                .skip(from)
                .take_while(|(r, _)| *r == unit)
                .filter_map(|(_, i)| name(usize::try_from(*i).ok()?))
                .collect()
        };
        Ok(TieUnit::Participants { participants })
    }

    /// Where a participant joining the running order goes: before the first entry it sorts
    /// ahead of. With `pending_only` (Greyhawk: a new count mid-round) it cannot go before the
    /// current turn.
    pub(crate) fn insert_position(&self, who: usize, pending_only: bool) -> usize {
        let start = if pending_only {
            self.done
                .saturating_add(usize::from(self.active))
                .min(self.order.len())
        } else {
            0
        };
        for (i, actor) in self.order.iter().enumerate().skip(start) {
            let Some(other) = actor.participant().and_then(|id| self.index.get(id)) else {
                continue;
            };
            if self.cmp_participants(who, *other) == Ordering::Less {
                return i;
            }
        }
        self.order.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The packed number orders as the draw lists (higher first), then the positions, do.
        #[test]
        fn draws_then_position_orders_as_the_lists_do(
            a in proptest::collection::vec(1u32..30, 0..8),
            b in proptest::collection::vec(1u32..30, 0..8),
            i in 0usize..70_000,
            j in 0usize..70_000,
        ) {
            let (Some(x), Some(y)) = (draws_then_position(&a, i), draws_then_position(&b, j)) else {
                prop_assert!(a.len() > 6 || b.len() > 6 || i > 0xffff || j > 0xffff);
                return Ok(());
            };
            prop_assert_eq!(x.cmp(&y), higher_first(&a, &b).then(i.cmp(&j)));
        }
    }

    #[test]
    fn draws_that_do_not_pack() {
        assert_eq!(draws_then_position(&[1; 7], 0), None);
        assert_eq!(draws_then_position(&[255], 0), None);
        assert_eq!(draws_then_position(&[3], 1 << 16), None);
        assert!(draws_then_position(&[254; 6], 0xffff).is_some());
        assert!(draws_then_position(&[], 0).is_some());
    }
}
