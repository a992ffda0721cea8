//! What the journey does to the members it holds: adventuring hours counted by travel turns
//! (HYB-RES-01), resilience checks (HYB-RES-02/03) and nights of rest (HYB-HEAL-02,
//! HYB-RES-04) on their creatures, the cost of a failed roll to return (HYB-RETURN-02) and an
//! OSE rest day's healing (OSE-HEAL-01). Each change is a `memberUpdated` event that carries
//! the creature and load afterwards, so a follower sets them without rolling.

use super::*;
use crate::creature::limits::MAX_ADVENTURING_HOURS;
use crate::creature::{
    Creature, CreatureRules, DamageChoices, DamageInstance, DeathReason, Moment, NightlyRest,
    OseRestDay, Report,
};
use crate::dice::RollMode;
use crate::exploration::hyb::return_trip::{ReturnAtZero, ReturnCost, ReturnResult, ReturnWounds};
use crate::exploration::journey::event::{MemberChange, MemberHours};

impl Journey {
    /// The rules the members' creatures follow: the configured ones, or the ruleset's.
    pub fn creature_rules(&self) -> CreatureRules {
        self.config.creature.unwrap_or_else(|| {
            if self.mode.is_some_and(JourneyMode::is_ose) {
                CreatureRules::ose()
            } else {
                CreatureRules::hyb()
            }
        })
    }

    fn moment(&self) -> Moment {
        Moment::outside_encounter(self.clock.now())
    }

    fn creature_of(&self, id: &Ident) -> Result<Creature> {
        self.member(id)?.creature.clone().ok_or_else(|| {
            Error::not_allowed(format!(
                "member \"{id}\" has no creature: add it with one to apply this"
            ))
        })
    }

    #[inline(never)]
    fn emit_member(
        &mut self,
        member: Ident,
        change: MemberChange,
        report: Report,
        creature: Option<Creature>,
        load: Option<u32>,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        self.emit(
            JourneyEvent::MemberUpdated {
                member,
                change,
                report,
                creature,
                load,
            },
            out,
        )
    }

    /// HYB-RES-01: `hours` of adventuring for every member with a living creature who is
    /// still away (those back at safety do not travel). Totals stop at the creature's limit.
    pub(super) fn count_hours(&mut self, hours: u32, out: &mut Vec<JourneyEvent>) -> Result<()> {
        if hours == 0 {
            return Ok(());
        }
        let members: Vec<MemberHours> = self
            .members
            .iter()
            .filter(|m| !self.returned.contains(&m.id))
            .filter_map(|m| {
                let mut c = m.creature.clone().filter(|c| !c.is_dead())?;
                c.hyb.hours_adventured = c
                    .hyb
                    .hours_adventured
                    .saturating_add(hours)
                    .min(MAX_ADVENTURING_HOURS);
                Some(MemberHours {
                    id: m.id.clone(),
                    total: c.hyb.hours_adventured,
                    check_dc: c.resilience_dc().ok().flatten(),
                })
            })
            .collect();
        if members.is_empty() {
            return Ok(());
        }
        self.emit(JourneyEvent::HoursAdventured { hours, members }, out)
    }

    /// HYB-RETURN-02 applied: the dangerous way's damage to each member's creature (untyped,
    /// so no resistance or immunity turns it aside: it "cannot be avoided"; read as
    /// `wounds` says, it passes temporary HP by and only rest mends it), the arduous way's
    /// loads dropped from each member's load. Members without a creature or load keep the
    /// cost in the `returnRolled` event only, for the GM to apply.
    pub(super) fn apply_return_costs(
        &mut self,
        results: &[ReturnResult],
        at_zero: ReturnAtZero,
        wounds: ReturnWounds,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        let rules = self.creature_rules();
        for r in results {
            let member = self.member(&r.id)?.clone();
            match (&r.cost, member.creature, member.load) {
                (Some(ReturnCost::Damage { total, .. }), Some(mut c), _) if !c.is_dead() => {
                    let amount = i32::try_from(*total).unwrap_or(i32::MAX);
                    let damage = DamageInstance {
                        unhealable: wounds == ReturnWounds::RestOnly
                            && matches!(rules, CreatureRules::Hyb(_)),
                        ..DamageInstance::new(amount, None)
                    };
                    let dealt = c.take_damage(
                        &rules,
                        &damage,
                        &DamageChoices::default(),
                        self.moment(),
                        &mut *roller,
                    )?;
                    let mut report = Report {
                        dice: dealt.dice,
                        checks: dealt.checks,
                        outcomes: dealt.outcomes,
                    };
                    if at_zero == ReturnAtZero::Dies && c.hp.current == 0 && !c.is_dead() {
                        report
                            .outcomes
                            .extend(c.kill(DeathReason::Referee)?.outcomes);
                    }
                    self.emit_member(
                        r.id.clone(),
                        MemberChange::ReturnDamage,
                        report,
                        Some(c),
                        None,
                        out,
                    )?;
                }
                (Some(ReturnCost::LoadsLost { loads }), _, Some(load)) => {
                    self.emit_member(
                        r.id.clone(),
                        MemberChange::ReturnLoadsLost,
                        Report::default(),
                        None,
                        Some(load.saturating_sub(*loads)),
                        out,
                    )?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// HYB-RES-02: the GM calls a member's resilience check.
    pub(super) fn resilience_check(
        &mut self,
        member: Ident,
        advantage: RollMode,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        self.hyb_mode("a resilience check")?;
        let mut c = self.creature_of(&member)?;
        let report = c.resilience_check(advantage, roller)?;
        self.emit_member(
            member,
            MemberChange::ResilienceCheck,
            report,
            Some(c),
            None,
            out,
        )
    }

    /// HYB-HEAL-02, HYB-RES-04: a night's rest for the listed members, or for every member
    /// whose creature can rest (alive, not lying incapacitated) when none are listed.
    pub(super) fn nightly_rest(
        &mut self,
        rest: NightlyRest,
        who: Vec<Ident>,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        self.hyb_mode("a night's rest")?;
        let ids: Vec<Ident> = if who.is_empty() {
            self.members
                .iter()
                .filter(|m| {
                    m.creature
                        .as_ref()
                        .is_some_and(|c| !c.is_dead() && !c.is_incapacitated())
                })
                .map(|m| m.id.clone())
                .collect()
        } else {
            for (i, id) in who.iter().enumerate() {
                if who.iter().skip(i + 1).any(|o| o == id) {
                    return Err(Error::new(
                        ErrorCode::DuplicateId,
                        format!("\"{id}\" is listed twice"),
                    ));
                }
            }
            who
        };
        if ids.is_empty() {
            return Err(Error::out_of_order("no member's creature can rest"));
        }
        let rules = self.creature_rules();
        for id in ids {
            let mut c = self.creature_of(&id)?;
            let report = c.hyb_nightly_rest(&rules, rest)?;
            self.emit_member(id, MemberChange::NightlyRest, report, Some(c), None, out)?;
        }
        Ok(())
    }

    /// OSE-HEAL-01: a complete day of rest heals each member's living creature 1d3 (OSE
    /// creature rules only; an interrupted day heals nothing).
    pub(super) fn rest_day_healing(
        &mut self,
        roller: &mut dyn DieRoller,
        out: &mut Vec<JourneyEvent>,
    ) -> Result<()> {
        let rules = self.creature_rules();
        if !matches!(rules, CreatureRules::Ose(_)) {
            return Ok(());
        }
        let resting: Vec<(Ident, Creature)> = self
            .members
            .iter()
            .filter_map(|m| Some((m.id.clone(), m.creature.clone().filter(|c| !c.is_dead())?)))
            .collect();
        for (id, mut c) in resting {
            let report = c.ose_natural_healing(&rules, &[OseRestDay::Complete], roller)?;
            self.emit_member(id, MemberChange::RestDay, report, Some(c), None, out)?;
        }
        Ok(())
    }

    /// Applies [`JourneyEvent::HoursAdventured`].
    pub(super) fn apply_hours(&mut self, hours: u32, members: &[MemberHours]) -> Result<()> {
        self.hyb_mode("adventuring hours")?;
        for mh in members {
            let m = self
                .members
                .iter_mut()
                .find(|m| m.id == mh.id)
                .ok_or_else(|| Error::unknown_id("member", mh.id.as_str()))?;
            let c = m
                .creature
                .as_mut()
                .ok_or_else(|| mismatch("hours for a member without a creature"))?;
            let total = c
                .hyb
                .hours_adventured
                .saturating_add(hours)
                .min(MAX_ADVENTURING_HOURS);
            if total != mh.total {
                return Err(mismatch("adventuring hours"));
            }
            c.hyb.hours_adventured = total;
        }
        Ok(())
    }

    /// Applies [`JourneyEvent::MemberUpdated`]: the creature and load it carries replace the
    /// member's (which must have them).
    pub(super) fn apply_member_update(
        &mut self,
        member: &Ident,
        creature: Option<&Creature>,
        load: Option<u32>,
    ) -> Result<()> {
        if let Some(c) = creature {
            c.validate()?;
        }
        if load.is_some_and(|l| l > types::MAX_LOADS) {
            return Err(mismatch("load out of range"));
        }
        let m = self
            .members
            .iter_mut()
            .find(|m| &m.id == member)
            .ok_or_else(|| Error::unknown_id("member", member.as_str()))?;
        if let Some(c) = creature {
            let held = m
                .creature
                .as_mut()
                .ok_or_else(|| mismatch("a creature for a member without one"))?;
            *held = c.clone();
        }
        if let Some(l) = load {
            let held = m
                .load
                .as_mut()
                .ok_or_else(|| mismatch("a load for a member without one"))?;
            *held = l;
        }
        Ok(())
    }
}
