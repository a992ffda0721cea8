//! OSE dungeon turns (OSE-DUNG-01..14, OSE-WANDER-01).
//!
//! A dungeon turn is 10 minutes (OSE-TIME-01). Each turn: check for wandering monsters when
//! due, the party acts, the referee describes, then time records are updated (OSE-DUNG-08).
//! The chances for secret doors, listening, traps and wandering monsters are X-in-6 rolls; the
//! referee rolls searching and listening secretly, so results carry a `secret` flag for the UI.

use crate::dice::ChanceRoll;
use crate::dice::{DieRoller, RolledDie};
use crate::error::{Error, Result};
use crate::exploration::chance::{Chance, roll_chance, roll_pool};
use crate::units::Feet;

/// OSE-DUNG-13: a wandering-monster check every 2 turns.
pub const WANDER_CHECK_INTERVAL_TURNS: u32 = 2;
/// OSE-DUNG-13 / OSE-WANDER-01: the usual chance, 1-in-6.
pub const DUNGEON_WANDER_CHANCE: Chance = Chance::in_six(1);
/// OSE-DUNG-09: one turn of rest in every 6.
pub const TURNS_PER_REST: u32 = 6;
/// OSE-DUNG-09: −1 to attack and damage rolls while pressing on without rest.
pub const NO_REST_PENALTY: i32 = -1;
/// OSE-DUNG-01: chance to find a secret door when searching the right place.
pub const SECRET_DOOR_CHANCE: Chance = Chance::in_six(1);
/// OSE-DUNG-06: chance to hear subtle sounds at a door.
pub const LISTEN_CHANCE: Chance = Chance::in_six(1);
/// OSE-DUNG-11: chance a trap springs each time its trigger is done.
pub const TRAP_TRIGGER_CHANCE: Chance = Chance::in_six(2);
/// OSE-DUNG-12: chance to find a room trap when searching the right place.
pub const ROOM_TRAP_FIND_CHANCE: Chance = Chance::in_six(1);
/// OSE-DUNG-07: the referee's usual allowance in familiar areas, 3 × base per turn ([ADJ]).
pub const DEFAULT_FAMILIAR_MULTIPLIER: u32 = 3;
/// OSE-DUNG-01 / OSE-DUNG-12: one search covers a 10 ft × 10 ft area.
pub const SEARCH_AREA_SIDE: Feet = Feet(10);

/// OSE-DUNG-07: how well the party knows the area.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Familiarity {
    /// Exploring unknown areas: base rate per turn.
    #[default]
    Unknown,
    /// Familiar areas: the referee may allow a multiple of the base rate ([ADJ], usually 3).
    Familiar { multiplier: u32 },
}

/// OSE-DUNG-07: feet moved in one dungeon turn.
pub fn dungeon_movement_per_turn(base: Feet, familiarity: Familiarity) -> Result<Feet> {
    match familiarity {
        Familiarity::Unknown => Ok(base),
        Familiarity::Familiar { multiplier } => {
            if !(1..=10).contains(&multiplier) {
                return Err(Error::invalid_argument(format!(
                    "a familiar-area multiplier is 1 to 10, not {multiplier}"
                )));
            }
            base.0
                .checked_mul(multiplier)
                .map(Feet)
                .ok_or_else(|| Error::invalid_argument("movement too large"))
        }
    }
}

/// A wandering-monster encounter's distance in the dungeon: 2d6 × 10 ft (OSE-DUNG-13).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DungeonDistance {
    pub dice: Vec<RolledDie>,
    pub distance: Feet,
}

/// OSE-DUNG-13: monsters appear 2d6 × 10 ft away, moving toward the party.
pub fn roll_dungeon_encounter_distance(
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<DungeonDistance> {
    let (dice, sum) = roll_pool(2, 6, roller)?;
    Ok(DungeonDistance {
        dice,
        distance: Feet(sum * 10),
    })
}

/// The dungeon-turn counters the journey keeps.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DungeonClock {
    /// Turns spent in the dungeon.
    pub turns: u32,
    /// Consecutive turns without a rest turn.
    pub turns_since_rest: u32,
    /// OSE-DUNG-09: pressing on without rest: −1 to attack and damage until a rest turn.
    pub fatigued: bool,
    /// Whole turns passed in the dungeon outside the turn procedure (an encounter, `advance`):
    /// they count toward the need to rest but not toward `turns`, which paces the wandering
    /// checks of the turn procedure (OSE-DUNG-13).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub other_turns: u32,
    /// Seconds passed in the dungeon outside the turn procedure that do not yet make a whole
    /// turn; see [`DungeonClock::after_time`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seconds: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Hashed as before the time passed outside the turn procedure was counted, while there is
/// none, so digests and snapshot checksums written by earlier versions still match.
impl crate::Digestible for DungeonClock {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.turns.feed(d);
        self.turns_since_rest.feed(d);
        self.fatigued.feed(d);
        if self.other_turns != 0 || self.seconds != 0 {
            self.other_turns.feed(d);
            self.seconds.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for DungeonClock {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.turns.hash(h);
        self.turns_since_rest.hash(h);
        self.fatigued.hash(h);
        if self.other_turns != 0 || self.seconds != 0 {
            self.other_turns.hash(h);
            self.seconds.hash(h);
        }
    }
}

impl DungeonClock {
    /// OSE-DUNG-13: whether the turn about to start begins with a wandering check. Checks fall
    /// on the first turn and every second turn after it (turns 1, 3, 5…).
    pub fn wander_check_due(&self, interval: u32) -> bool {
        interval > 0 && self.turns % interval == 0
    }

    /// OSE-DUNG-09: the state after one more turn (`rest` = the turn is spent resting). Five
    /// active turns may follow a rest; a sixth active turn in a row presses on, and the −1
    /// applies until the party rests a turn.
    pub fn after_turn(self, rest: bool) -> DungeonClock {
        if rest {
            DungeonClock {
                turns: self.turns.saturating_add(1),
                turns_since_rest: 0,
                fatigued: false,
                ..self
            }
        } else {
            DungeonClock {
                turns: self.turns.saturating_add(1),
                ..self.pressing_on(1)
            }
        }
    }

    /// `turns` more turns without rest.
    fn pressing_on(self, turns: u32) -> DungeonClock {
        let since = self.turns_since_rest.saturating_add(turns);
        DungeonClock {
            turns_since_rest: since,
            fatigued: self.fatigued || since >= TURNS_PER_REST,
            ..self
        }
    }

    /// OSE-DUNG-09: time passed in the dungeon outside the turn procedure (turns advanced
    /// without running it, an encounter's time) counts toward the need to rest. Our reading:
    /// every whole 10-minute turn of it is a turn spent in the dungeon without resting (a
    /// fight, even with its aftermath of binding wounds, is not the quiet rest turn the rule
    /// asks for; a rest is taken with the dungeon turn's `rest` action). Seconds short of a turn
    /// carry over to the next time that passes.
    pub fn after_time(self, seconds: u32) -> DungeonClock {
        let total = u64::from(self.seconds).saturating_add(u64::from(seconds));
        let turn = u64::from(crate::clock::time::SECONDS_PER_EXPLORATION_TURN);
        let whole = u32::try_from(total / turn).unwrap_or(u32::MAX);
        let left = u32::try_from(total % turn).unwrap_or(0);
        DungeonClock {
            other_turns: self.other_turns.saturating_add(whole),
            seconds: left,
            ..self.pressing_on(whole)
        }
    }

    /// OSE-DUNG-09: the attack and damage modifier now in force.
    pub fn attack_damage_modifier(&self) -> i32 {
        if self.fatigued { NO_REST_PENALTY } else { 0 }
    }
}

/// What a search (OSE-DUNG-01, -12, -14) or listen (OSE-DUNG-06) is for.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum SearchKind {
    SecretDoor,
    RoomTrap,
    /// Only characters with the class ability may search for these, at their class chance.
    TreasureTrap,
}

impl SearchKind {
    /// The book chance, or `None` when only a class ability gives one (treasure traps).
    pub const fn default_chance(self) -> Option<Chance> {
        match self {
            SearchKind::SecretDoor => Some(SECRET_DOOR_CHANCE),
            SearchKind::RoomTrap => Some(ROOM_TRAP_FIND_CHANCE),
            SearchKind::TreasureTrap => None,
        }
    }
}

/// A secret roll made by the referee.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SecretRoll {
    pub roll: ChanceRoll,
    /// Whether something was found or heard: the roll succeeded **and** there was something.
    pub success: bool,
    /// Always true: the referee rolls, so a player cannot tell failure from nothing there.
    pub secret: bool,
}

/// OSE-DUNG-01/12/14: one character searches one 10 ft × 10 ft area or an item. `chance` is the
/// character's (a class may be better); `present` is whether there is anything to find.
pub fn roll_search(
    kind: SearchKind,
    chance: Option<Chance>,
    present: bool,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<SecretRoll> {
    let chance = chance.or(kind.default_chance()).ok_or_else(|| {
        Error::not_allowed("only a character with the class ability can search for treasure traps")
    })?;
    let roll = roll_chance(chance, roller)?;
    Ok(SecretRoll {
        success: present && roll.success,
        roll,
        secret: true,
    })
}

/// OSE-DUNG-06: listening at a door. Silent monsters (e.g. undead) are never heard.
pub fn roll_listen(
    chance: Option<Chance>,
    something_there: bool,
    silent: bool,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<SecretRoll> {
    let roll = roll_chance(chance.unwrap_or(LISTEN_CHANCE), roller)?;
    Ok(SecretRoll {
        success: something_there && !silent && roll.success,
        roll,
        secret: true,
    })
}

/// OSE-DUNG-11: a character does something that could trigger a trap.
pub fn roll_trap_trigger(roller: &mut (impl DieRoller + ?Sized)) -> Result<ChanceRoll> {
    roll_chance(TRAP_TRIGGER_CHANCE, roller)
}

/// The result of trying to force a stuck door.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ForceDoor {
    pub roll: ChanceRoll,
    pub opened: bool,
    /// OSE-DUNG-02: a failed attempt removes any chance to surprise what is beyond.
    pub surprise_lost: bool,
}

/// OSE-DUNG-02: forcing a stuck door. The chance depends on STR by a table that is not in the
/// source, so the caller supplies it.
pub fn roll_force_door(
    chance: Chance,
    roller: &mut (impl DieRoller + ?Sized),
) -> Result<ForceDoor> {
    let roll = roll_chance(chance, roller)?;
    Ok(ForceDoor {
        opened: roll.success,
        surprise_lost: !roll.success,
        roll,
    })
}

/// OSE-DUNG-03/04/05: how a door behaves once met.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum DoorState {
    Open,
    Closed,
    Stuck,
    Locked,
    /// Spiked or wedged open: does not swing shut.
    WedgedOpen,
    /// Spiked shut: monsters cannot open it.
    SpikedShut,
    MagicallyClosed,
    /// Blocked (barred, barricaded, heaped with rubble): monsters cannot open it either.
    Blocked,
}

impl DoorState {
    /// OSE-DUNG-04: doors swing shut after the party passes unless spiked or wedged open.
    pub const fn after_party_passes(self) -> DoorState {
        match self {
            DoorState::Open => DoorState::Closed,
            other => other,
        }
    }
    /// OSE-DUNG-05: dungeon monsters can usually open doors, even stuck ones, unless blocked,
    /// magically closed or spiked shut.
    pub const fn monsters_can_open(self) -> bool {
        !matches!(
            self,
            DoorState::SpikedShut | DoorState::MagicallyClosed | DoorState::Blocked
        )
    }
    /// OSE-DUNG-03: a locked door is opened by picking (a proficient character) or magic.
    pub const fn needs_picking_or_magic(self) -> bool {
        matches!(self, DoorState::Locked)
    }
}
