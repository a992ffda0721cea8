//! A5E-ACT-05/06/07/08/11/12/13: the actions whose numbers and limits the engine can enforce
//! (Dash and Disengage are on [`super::turn::TurnBudget`]; Press the Attack and Fall Back are in
//! [`super::press`]; Tumble in [`super::tumble`]; two-weapon fighting in [`super::two_weapon`]).

use super::ability::Skill;
use super::cover::A5eCover;
use super::dice::{D20Test, D20TestRoll};
use super::effects::Lasts;
use super::limits;
use super::turn::ActionCost;
use crate::dice::DieRoller;
use crate::error::{Error, Result};

/// A5E-ACT-01: the special melee attacks a creature may make instead of an attack (their
/// details are in "Combat Maneuvers", which the sources don't include).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum SpecialMeleeAttack {
    Disarm,
    Grapple,
    Knockdown,
    Overrun,
    Shove,
}

/// A5E-ACT-01: attacks one Attack action allows — one, plus those Extra Attack or Multiattack
/// add (`extra_attacks`).
pub const fn attacks_per_action(extra_attacks: u32) -> u32 {
    extra_attacks.saturating_add(1)
}

/// A5E-ACT-13 / C-31: a creature with fatigue level 1 or more can't Sprint. The Sprint action's
/// numbers are missing from the source (G-09); only this limit is enforceable.
pub fn sprint(fatigue_level: u32) -> Result<()> {
    limits::check_track_level("fatigueLevel", fatigue_level)?;
    if fatigue_level >= 1 {
        return Err(Error::not_allowed(
            "a creature suffering fatigue can't Sprint (A5E-ACT-13)",
        ));
    }
    Ok(())
}

/// What Dodge grants (A5E-ACT-05).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DodgeEffect {
    /// Attack rolls against it by creatures it can see have disadvantage.
    pub attacks_from_seen_have_disadvantage: bool,
    /// It makes Dexterity saving throws with advantage.
    pub dexterity_saves_with_advantage: bool,
    pub lasts: Lasts,
}

/// A5E-ACT-05: Dodge, refused while the creature's Speed is 0.
pub fn dodge(current_speed_ft: u32) -> Result<DodgeEffect> {
    if current_speed_ft == 0 {
        return Err(Error::not_allowed(
            "a creature with Speed 0 can't Dodge (A5E-ACT-05)",
        ));
    }
    Ok(DodgeEffect {
        attacks_from_seen_have_disadvantage: true,
        dexterity_saves_with_advantage: true,
        lasts: Lasts::UntilStartOfOwnNextTurn,
    })
}

/// What the Help action helps with.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all_fields = "camelCase",
    rename_all = "camelCase"
)]
pub enum HelpWith {
    /// A5E-ACT-06: a task — the ally's next ability check for it.
    Task,
    /// A5E-ACT-07: an attack — the target must be within 5 ft of the helper, who must be able
    /// to attack or threaten it.
    Attack {
        target_distance_ft: u32,
        helper_can_threaten: bool,
    },
}

/// Which roll Help gives advantage on.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum HelpedRoll {
    NextAbilityCheckForTheTask,
    NextAttackRollAgainstTheTarget,
}

/// Advantage granted by Help, used up by the first matching roll.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HelpEffect {
    pub advantage_on: HelpedRoll,
    /// The roll must be made before the start of the helper's next turn.
    pub lasts: Lasts,
}

/// A5E-ACT-06/07: the Help action.
pub fn help(with: HelpWith) -> Result<HelpEffect> {
    let advantage_on = match with {
        HelpWith::Task => HelpedRoll::NextAbilityCheckForTheTask,
        HelpWith::Attack {
            target_distance_ft,
            helper_can_threaten,
        } => {
            if target_distance_ft > 5 || !helper_can_threaten {
                return Err(Error::not_allowed(
                    "helping an attack needs a target within 5 ft that the helper can attack or threaten (A5E-ACT-07)",
                ));
            }
            HelpedRoll::NextAttackRollAgainstTheTarget
        }
    };
    Ok(HelpEffect {
        advantage_on,
        lasts: Lasts::UntilStartOfSourcesNextTurn,
    })
}

/// A creature that might notice a hider, with its passive Perception.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Observer {
    pub id: String,
    pub passive_perception: i32,
}

/// A Hide attempt, as rolled.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HideResult {
    pub roll: D20TestRoll,
    /// The Stealth total including the cover bonus to checks made to hide (A5E-ATK-06).
    pub total: i32,
    /// Observers it is hidden from (unseen attacker benefits, A5E-ATK-01).
    pub hidden_from: Vec<String>,
    /// Observers that still notice it.
    pub noticed_by: Vec<String>,
}

/// A5E-ACT-08 / A5E-TIME-04: a hidden threat goes unnoticed by an observer whose passive
/// Perception is at most the Stealth total — the passive score works as the DC to beat.
pub const fn unnoticed(stealth_total: i32, passive_perception: i32) -> bool {
    stealth_total >= passive_perception
}

/// A5E-ACT-08: Hide — a Dexterity (Stealth) check (`stealth`), plus the cover bonus, against
/// each observer's passive Perception.
pub fn hide(
    stealth: &D20Test,
    cover: A5eCover,
    observers: &[Observer],
    roller: &mut dyn DieRoller,
) -> Result<HideResult> {
    limits::check_count("observers", observers.len(), limits::MAX_TARGETS)?;
    let roll = stealth.roll(roller)?;
    let total = roll.total.saturating_add(cover.hide_bonus());
    let (hidden_from, noticed_by) = split_observers(total, observers);
    Ok(HideResult {
        roll,
        total,
        hidden_from,
        noticed_by,
    })
}

/// The ids of the observers a Stealth total stays hidden from, and of those that notice it.
pub fn split_observers(stealth_total: i32, observers: &[Observer]) -> (Vec<String>, Vec<String>) {
    let (hidden, noticed): (Vec<&Observer>, Vec<&Observer>) = observers
        .iter()
        .partition(|o| unnoticed(stealth_total, o.passive_perception));
    let ids = |list: Vec<&Observer>| list.into_iter().map(|o| o.id.clone()).collect();
    (ids(hidden), ids(noticed))
}

/// A5E-ACT-12: the Search action's check, Wisdom (Perception) or Intelligence (Investigation)
/// as the Narrator decides.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub skill: Skill,
    pub roll: D20TestRoll,
    pub found: bool,
}

/// A5E-ACT-12: Search — an active check on top of the passive scores that already apply. Only
/// Perception or Investigation may be used.
pub fn search(
    skill: Skill,
    check: &D20Test,
    dc: i32,
    roller: &mut dyn DieRoller,
) -> Result<SearchResult> {
    if !matches!(skill, Skill::Perception | Skill::Investigation) {
        return Err(Error::invalid_argument(
            "Search uses Perception or Investigation (A5E-ACT-12)",
        ));
    }
    let dc = limits::check_dc("dc", dc)?;
    let roll = check.roll(roller)?;
    Ok(SearchResult {
        skill,
        found: roll.total >= dc,
        roll,
    })
}

/// A spell's casting time, for Ready.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum CastingTime {
    OneAction,
    BonusAction,
    Reaction,
    /// Minutes or hours.
    Longer,
}

impl CastingTime {
    /// A5E-ACT-02: what casting costs from the turn's budget; `None` for casting times of
    /// minutes or hours, which take longer than a turn.
    pub const fn cost(self) -> Option<ActionCost> {
        match self {
            Self::OneAction => Some(ActionCost::Action),
            Self::BonusAction => Some(ActionCost::BonusAction),
            Self::Reaction => Some(ActionCost::Reaction),
            Self::Longer => None,
        }
    }
}

/// What is readied.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all_fields = "camelCase",
    rename_all = "camelCase"
)]
pub enum Readied {
    /// An action other than casting a spell.
    Action,
    /// Movement up to Speed.
    Movement {
        distance_ft: u32,
    },
    Spell {
        casting_time: CastingTime,
    },
}

/// A valid Ready declaration (A5E-ACT-11).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ReadyEffect {
    pub readied: Readied,
    /// Released with the reaction immediately after the trigger (or ignored and wasted).
    pub uses_reaction: bool,
    /// A readied spell is cast now and held with concentration until released.
    pub requires_concentration: bool,
}

/// A5E-ACT-11: Ready — movement at most the creature's Speed; only spells with a casting time
/// of 1 action.
pub fn ready(readied: Readied, speed_ft: u32) -> Result<ReadyEffect> {
    match readied {
        Readied::Movement { distance_ft } if distance_ft > speed_ft => {
            return Err(Error::not_allowed(
                "readied movement can't exceed the creature's Speed (A5E-ACT-11)",
            ));
        }
        Readied::Spell { casting_time } if casting_time != CastingTime::OneAction => {
            return Err(Error::not_allowed(
                "only spells with a casting time of 1 action can be readied (A5E-ACT-11)",
            ));
        }
        _ => {}
    }
    Ok(ReadyEffect {
        readied,
        uses_reaction: true,
        requires_concentration: matches!(readied, Readied::Spell { .. }),
    })
}
