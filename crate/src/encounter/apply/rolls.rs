//! Applying initiative rolls: each participant's count (GH-INIT-01..05, OSE-INIT-04), each
//! side's d6 (OSE-INIT-01), and the roll-off draws that break ties (A5E-INIT-03, GH-INIT-10,
//! OSE-INIT-02). Every handler checks all of an event before changing anything.

use crate::encounter::ParticipantId;
use crate::encounter::event::{SideRoll, TieDraw, TieUnit};
use crate::encounter::limits::MAX_TIE_DRAWS;
use crate::encounter::participant::Initiative;
use crate::encounter::state::Encounter;
use crate::error::{Error, ErrorCode, Result};
use crate::initiative::InitiativeRoll;
use crate::initiative::side::INITIATIVE_DIE;
use crate::initiative::ties::TieFaces;

use super::{bad, check_die, check_roll};

impl Encounter {
    /// Each roll's count goes to every participant it names; a participant rolls once per
    /// event. Participants sharing a roll get one roll id (a unit in later roll-offs).
    pub(super) fn apply_initiative_rolled(&mut self, rolls: &[InitiativeRoll]) -> Result<()> {
        let at = self.check_rolls(rolls, None)?;
        self.commit_rolls(rolls, &at);
        Ok(())
    }

    /// [`Self::apply_initiative_rolled`] with the roster position of every participant the
    /// rolls name, in order, already known: the command that rolled found them there, and a
    /// 500-combatant round looked every id up again.
    pub(crate) fn apply_rolls_at(&mut self, rolls: &[InitiativeRoll], at: &[usize]) -> Result<()> {
        self.check_rolls(rolls, Some(at))?;
        self.commit_rolls(rolls, at);
        Ok(())
    }

    /// The checks of [`Self::apply_initiative_rolled`]: every roll valid, every participant
    /// named once; the roster position of each, in order, each id looked up once, or taken
    /// from `known` (the same list from the command; a position that does not hold that id is
    /// refused).
    fn check_rolls(&self, rolls: &[InitiativeRoll], known: Option<&[usize]>) -> Result<Vec<usize>> {
        let mut seen = vec![false; self.participants.len()];
        let mut at = Vec::with_capacity(if known.is_some() { 0 } else { rolls.len() });
        let mut n = 0usize;
        for r in rolls {
            check_roll(r)?;
            for id in &r.participants {
                let i = self.named_position(id, known, n, &mut at)?;
                n = n.saturating_add(1);
                match seen.get_mut(i) {
                    Some(s) if !*s => *s = true,
                    _ => return Err(bad(format!("\"{id}\" rolled twice in one event"))),
                }
            }
        }
        Ok(at)
    }

    /// The change of rolls that passed [`Self::check_rolls`], their participants at `at`.
    fn commit_rolls(&mut self, rolls: &[InitiativeRoll], at: &[usize]) {
        let mut at = at.iter();
        let hidden = self.hidden_now().unwrap_or_default();
        for r in rolls {
            let roll = self.next_roll_id(&r.participants, &hidden);
            for i in at.by_ref().take(r.participants.len()) {
                if let Some(p) = self.participants.get_mut(*i).map(std::sync::Arc::make_mut) {
                    p.initiative = Some(Initiative {
                        total: r.total,
                        roll,
                        ties: TieFaces::new(),
                        rank: 0,
                    });
                }
            }
        }
    }

    /// OSE-INIT-01: each side's d6 is its total; earlier roll-offs no longer count.
    pub(super) fn apply_side_initiative_rolled(&mut self, rolls: &[SideRoll]) -> Result<()> {
        for SideRoll { die, .. } in rolls {
            check_die(die, INITIATIVE_DIE)?;
        }
        for SideRoll { side, die } in rolls {
            if let Some(s) = self.side_entry(side) {
                s.total = i32::try_from(die.face).ok();
                s.ties.clear();
            }
        }
        Ok(())
    }

    /// One roll-off round: each unit's face is appended to its draws, once every draw is known
    /// to be on the roll-off die, for a unit with a roll, and under the draw limit.
    pub(super) fn apply_ties_broken(&mut self, draws: &[TieDraw]) -> Result<()> {
        let at = self.check_tie_draws(draws, None)?;
        self.commit_ties(draws, &at);
        Ok(())
    }

    /// [`Self::apply_ties_broken`] with the roster position of every participant the draws
    /// name, in order, already known: the roll-off that made the draws found them there, and
    /// looking each id up again was a hash lookup per draw in a round with hundreds of them.
    pub(crate) fn apply_ties_at(&mut self, draws: &[TieDraw], at: &[usize]) -> Result<()> {
        self.check_tie_draws(draws, Some(at))?;
        self.commit_ties(draws, at);
        Ok(())
    }

    /// The change of a roll-off round whose draws passed [`Self::check_tie_draws`].
    fn commit_ties(&mut self, draws: &[TieDraw], at: &[usize]) {
        let mut at = at.iter();
        for TieDraw { unit, die } in draws {
            match unit {
                TieUnit::Participants { participants } => {
                    for i in at.by_ref().take(participants.len()) {
                        if let Some(init) = self
                            .participants
                            .get_mut(*i)
                            .and_then(|p| std::sync::Arc::make_mut(p).initiative.as_mut())
                        {
                            init.ties.push(die.face);
                        }
                    }
                }
                TieUnit::Side { side } => {
                    if let Some(s) = self.side_entry(side) {
                        s.ties.push(die.face);
                    }
                }
            }
        }
    }

    /// The roster position of the `n`th participant an event names: the one the command found
    /// (`known`), refused unless it still holds `id`, or else looked up and added to `at`.
    fn named_position(
        &self,
        id: &ParticipantId,
        known: Option<&[usize]>,
        n: usize,
        at: &mut Vec<usize>,
    ) -> Result<usize> {
        match known {
            Some(k) => k
                .get(n)
                .copied()
                .filter(|i| self.participants.get(*i).is_some_and(|p| &p.id == id))
                .ok_or_else(|| Error::unknown_id("participant", id.as_str())),
            None => {
                let i = self.pos(id)?;
                at.push(i);
                Ok(i)
            }
        }
    }

    /// The checks of [`Self::apply_ties_broken`]: the roster position of every participant the
    /// draws name, in order, each id looked up once, or taken from `known` (the same list, from
    /// the roll-off that made the draws; a position that does not hold that id is refused).
    fn check_tie_draws(&self, draws: &[TieDraw], known: Option<&[usize]>) -> Result<Vec<usize>> {
        let sides = self.roll_off_die();
        let mut at = Vec::with_capacity(if known.is_some() { 0 } else { draws.len() });
        let mut n = 0usize;
        for TieDraw { unit, die } in draws {
            check_die(die, sides)?;
            match unit {
                TieUnit::Participants { participants } => {
                    for id in participants {
                        let i = self.named_position(id, known, n, &mut at)?;
                        n = n.saturating_add(1);
                        let init = self
                            .participants
                            .get(i)
                            .and_then(|p| p.initiative.as_ref())
                            .ok_or_else(|| {
                                bad(format!("\"{id}\" has no initiative to roll off"))
                            })?;
                        if init.ties.len() >= MAX_TIE_DRAWS {
                            return Err(Error::new(
                                ErrorCode::LimitExceeded,
                                "the roll-off kept tying",
                            ));
                        }
                    }
                }
                TieUnit::Side { side } => {
                    let s = self
                        .side_state(side)
                        .ok_or_else(|| Error::unknown_id("side", side.as_str()))?;
                    if s.total.is_none() || s.ties.len() >= MAX_TIE_DRAWS {
                        return Err(bad("side roll-off without a roll"));
                    }
                }
            }
        }
        Ok(at)
    }
}
