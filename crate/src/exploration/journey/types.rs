//! The plain data a journey holds: its mode, configuration, members and vessel.

use crate::clock::id::{Ident, Label};
use crate::clock::light::DEFAULT_WARNING_LEAD;
use crate::clock::time::{RoundLength, Seconds};
use crate::creature::{Creature, CreatureRules};
use crate::error::{Error, Result};
use crate::exploration::chance::Chance;
use crate::exploration::hyb::overland::HybDayConditions;
use crate::exploration::hyb::travel::{Caution, HybTravelMode, SCENES_PER_TRAVEL_TURN};
use crate::exploration::ose::dungeon::{
    DUNGEON_WANDER_CHANCE, Familiarity, SearchKind, WANDER_CHECK_INTERVAL_TURNS,
};
use crate::exploration::ose::water::{Propulsion, Waters, WindTable};
use crate::exploration::ose::wilderness::{DayActivity, OseRoute, ThirdSlowerReading, Wayfinding};
use crate::units::Feet;

/// Most members one journey tracks.
pub const MAX_MEMBERS: usize = 32;
/// Most search and listen attempts remembered in one dungeon (one attempt per character per
/// area, item or door: OSE-DUNG-06/14).
pub const MAX_ATTEMPTS: usize = 2_048;
/// Largest modifier a member may carry (its best search or listen modifier, for example).
pub const MAX_MEMBER_MODIFIER: i32 = 30;
/// Largest movement rate a member or vessel may have, in feet per turn.
pub const MAX_RATE: Feet = Feet(10_000);

/// Which procedure the journey runs (each is one ruleset's; docs/rules.md C-02, C-19).
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum JourneyMode {
    HybDungeon,
    HybOverland,
    HybRiverOrLake,
    HybSea,
    OseDungeon,
    OseWilderness,
    OseWaterborne,
}

impl JourneyMode {
    /// The HYB travel mode, when this is a HYB journey.
    pub const fn hyb(self) -> Option<HybTravelMode> {
        match self {
            Self::HybDungeon => Some(HybTravelMode::Dungeon),
            Self::HybOverland => Some(HybTravelMode::Overland),
            Self::HybRiverOrLake => Some(HybTravelMode::RiverOrLake),
            Self::HybSea => Some(HybTravelMode::Sea),
            _ => None,
        }
    }
    /// An Old-School Essentials mode (dungeon, wilderness, waterborne).
    pub const fn is_ose(self) -> bool {
        matches!(
            self,
            Self::OseDungeon | Self::OseWilderness | Self::OseWaterborne
        )
    }
    pub const fn is_hyb(self) -> bool {
        self.hyb().is_some()
    }
}

/// The referee's and preset's choices for a journey. Defaults follow docs/rules.md.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JourneyConfig {
    /// C-01: length of a combat round when an encounter advances this clock.
    #[serde(default)]
    pub round_length: RoundLength,
    /// HYB-TRAVEL-03: overland travel turns rolled daily (true, default) or hourly.
    #[serde(default = "yes")]
    pub overland_daily: bool,
    /// HYB-TRAVEL-01 [ADJ]: scenes, rooms or encounters per dungeon travel turn (3 or 4).
    #[serde(default = "three")]
    pub scenes_per_travel_turn: u8,
    /// OSE-DUNG-13: turns between wandering checks (2).
    #[serde(default = "two")]
    pub wander_interval_turns: u32,
    /// OSE-DUNG-13 / OSE-WANDER-01 [ADJ]: the dungeon level's chance (1-in-6).
    #[serde(default = "dungeon_chance")]
    pub dungeon_wander_chance: Chance,
    /// C-33: the wind table in force.
    #[serde(default)]
    pub wind_table: WindTable,
    /// G-46: how "33% slower" is read.
    #[serde(default)]
    pub third_slower: ThirdSlowerReading,
    /// Light warnings are given this long before a source runs out.
    #[serde(default = "lead")]
    pub warning_lead: Seconds,
    /// The rules the members' creatures follow (their options, e.g. the HYB death clock);
    /// left out, the journey's ruleset's defaults ([`CreatureRules::hyb`] or
    /// [`CreatureRules::ose`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<CreatureRules>,
    /// HYB-RES-01 [AMBIG]: resilience counts "hours (travel turns)". An hourly travel turn
    /// (dungeon, hourly overland) adds one hour to each member's creature. A daily or weekly
    /// one (overland, river, sea: HYB-TRAVEL-03) spans nights of rest, so by default it adds
    /// nothing and the GM lowers resilience for hard travel instead; set this to count each
    /// such travel turn as one hour (the literal "travel turns" reading).
    #[serde(default, skip_serializing_if = "is_false")]
    pub count_daily_travel_turns: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Hashed as before the members' creature rules existed while they are left out, so digests
/// and snapshot checksums written by earlier versions still match.
impl crate::Digestible for JourneyConfig {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.round_length.feed(d);
        self.overland_daily.feed(d);
        self.scenes_per_travel_turn.feed(d);
        self.wander_interval_turns.feed(d);
        self.dungeon_wander_chance.feed(d);
        self.wind_table.feed(d);
        self.third_slower.feed(d);
        self.warning_lead.feed(d);
        if let Some(rules) = &self.creature {
            rules.feed(d);
        }
        if self.count_daily_travel_turns {
            self.count_daily_travel_turns.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for JourneyConfig {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.round_length.hash(h);
        self.overland_daily.hash(h);
        self.scenes_per_travel_turn.hash(h);
        self.wander_interval_turns.hash(h);
        self.dungeon_wander_chance.hash(h);
        self.wind_table.hash(h);
        self.third_slower.hash(h);
        self.warning_lead.hash(h);
        if let Some(rules) = &self.creature {
            rules.hash(h);
        }
        if self.count_daily_travel_turns {
            self.count_daily_travel_turns.hash(h);
        }
    }
}

fn yes() -> bool {
    true
}
fn three() -> u8 {
    3
}
fn two() -> u32 {
    WANDER_CHECK_INTERVAL_TURNS
}
fn dungeon_chance() -> Chance {
    DUNGEON_WANDER_CHANCE
}
fn lead() -> Seconds {
    DEFAULT_WARNING_LEAD
}

impl Default for JourneyConfig {
    fn default() -> Self {
        JourneyConfig {
            round_length: RoundLength::default(),
            overland_daily: true,
            scenes_per_travel_turn: 3,
            wander_interval_turns: WANDER_CHECK_INTERVAL_TURNS,
            dungeon_wander_chance: DUNGEON_WANDER_CHANCE,
            wind_table: WindTable::Basic,
            third_slower: ThirdSlowerReading::TwoThirds,
            warning_lead: DEFAULT_WARNING_LEAD,
            creature: None,
            count_daily_travel_turns: false,
        }
    }
}

impl JourneyConfig {
    /// An OSE preset: 10-second rounds (OSE-TIME-02).
    pub fn ose() -> Self {
        JourneyConfig {
            round_length: RoundLength::TEN_SECONDS,
            ..Self::default()
        }
    }

    pub fn validate(&self) -> Result<()> {
        if !SCENES_PER_TRAVEL_TURN.contains(&self.scenes_per_travel_turn) {
            return Err(Error::invalid_argument(
                "scenes per travel turn is 3 or 4 (HYB-TRAVEL-01)",
            ));
        }
        if !(1..=12).contains(&self.wander_interval_turns) {
            return Err(Error::invalid_argument(
                "the wandering-check interval is 1 to 12 turns",
            ));
        }
        self.dungeon_wander_chance.validate()?;
        Ok(())
    }
}

fn default_rate() -> Feet {
    Feet(120)
}

/// Most loads a member may be recorded carrying.
pub const MAX_LOADS: u32 = 1_000;

/// A party member, with what the exploration procedures need to know.
///
/// A member may carry its creature (HP, ability scores, resilience: the record a `Creature`
/// snapshot holds) and its load; the journey then applies what travel and the way back do to
/// them (adventuring hours, HYB-RES-01; a failed roll to return, HYB-RETURN-02; an OSE rest
/// day's healing, OSE-HEAL-01) as `memberUpdated` and `hoursAdventured` events.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Member {
    pub id: Ident,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<Label>,
    /// HYB-RETURN-01: the single highest modifier, proficiency included.
    #[serde(default)]
    pub best_modifier: i32,
    /// HYB-TRAVEL-04: STR modifier for overland miles. When it is 0 (as it is when left out)
    /// and the member's creature has ability scores, the creature's STR modifier is used
    /// instead ([`Member::overland_str_modifier`], G-49).
    #[serde(default)]
    pub str_modifier: i32,
    /// HYB-TRAVEL-05: encumbered travellers go at half speed.
    #[serde(default)]
    pub encumbered: bool,
    /// OSE: base movement rate in feet per turn (after encumbrance, OSE-ENCUMB).
    #[serde(default = "default_rate")]
    pub movement: Feet,
    /// HYB-LOAD-01: loads carried. With the creature's STR score it decides whether the
    /// member travels encumbered (more loads than STR, HYB-TRAVEL-05); an arduous way back
    /// drops loads from it (HYB-RETURN-02).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load: Option<u32>,
    /// The member's creature record, which the journey keeps up to date.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<Creature>,
}

/// Hashed as before loads and creatures could be linked while they are not, so digests and
/// snapshot checksums written by earlier versions still match.
impl crate::Digestible for Member {
    fn feed(&self, d: &mut crate::digest::Digester) {
        self.id.feed(d);
        self.name.feed(d);
        self.best_modifier.feed(d);
        self.str_modifier.feed(d);
        self.encumbered.feed(d);
        self.movement.feed(d);
        if let Some(load) = &self.load {
            load.feed(d);
        }
        if let Some(creature) = &self.creature {
            creature.feed(d);
        }
    }
}

/// The `std::hash` path the digest took before it had its own encoding: the oracle the
/// digest tests compare against, never built outside them.
#[cfg(test)]
impl core::hash::Hash for Member {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.id.hash(h);
        self.name.hash(h);
        self.best_modifier.hash(h);
        self.str_modifier.hash(h);
        self.encumbered.hash(h);
        self.movement.hash(h);
        if let Some(load) = &self.load {
            load.hash(h);
        }
        if let Some(creature) = &self.creature {
            creature.hash(h);
        }
    }
}

impl Member {
    pub fn new(id: Ident) -> Member {
        Member {
            id,
            name: None,
            best_modifier: 0,
            str_modifier: 0,
            encumbered: false,
            movement: default_rate(),
            load: None,
            creature: None,
        }
    }

    /// HYB-TRAVEL-05 with HYB-LOAD-01: encumbered as recorded, or carrying more loads than
    /// the creature's STR score.
    pub fn travels_encumbered(&self) -> bool {
        let over = match (self.load, self.creature.as_ref().and_then(|c| c.abilities)) {
            (Some(load), Some(scores)) => load > scores.str,
            _ => false,
        };
        self.encumbered || over
    }

    /// HYB-TRAVEL-04: the STR modifier a member's overland day uses (10 + it miles). A
    /// `strModifier` the caller gave wins; without one, the member's creature's STR score gives
    /// it, ⌊(STR − 10) / 2⌋ (HYB-CHK-05), as that score already decides encumbrance
    /// (HYB-TRAVEL-05); with neither it is 0.
    ///
    /// The member keeps one number, written to events and snapshots whether given or not, and
    /// 0 when left out, so a given 0 cannot be told from none: a stored 0 counts as not given
    /// (G-49). Nothing stored changes, and a member without a creature, or whose creature has
    /// no ability scores or STR 10 or 11, travels as before.
    pub fn overland_str_modifier(&self) -> i32 {
        match self.creature.as_ref().and_then(|c| c.abilities) {
            Some(scores) if self.str_modifier == 0 => crate::creature::ability_modifier(scores.str),
            _ => self.str_modifier,
        }
    }

    pub fn validate(&self) -> Result<()> {
        // `checked_abs`: the most negative number has no absolute value (a fuzzed event sent
        // one; `abs` overflowed).
        let out_of = |m: i32, most: i32| m.checked_abs().is_none_or(|a| a > most);
        if out_of(self.best_modifier, MAX_MEMBER_MODIFIER) || out_of(self.str_modifier, 10) {
            return Err(Error::invalid_argument(format!(
                "member \"{}\": modifiers out of range",
                self.id
            )));
        }
        if self.movement > MAX_RATE {
            return Err(Error::invalid_argument(format!(
                "member \"{}\": movement beyond {MAX_RATE}",
                self.id
            )));
        }
        if self.load.is_some_and(|l| l > MAX_LOADS) {
            return Err(Error::invalid_argument(format!(
                "member \"{}\": at most {MAX_LOADS} loads",
                self.id
            )));
        }
        if let Some(c) = &self.creature {
            c.validate().map_err(|e| {
                Error::invalid_argument(format!("member \"{}\": {}", self.id, e.message))
            })?;
        }
        Ok(())
    }
}

/// A vessel for waterborne days.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Vessel {
    /// Base movement rate in feet (OSE-WATER-04: miles a day = base ÷ 5).
    pub base: Feet,
    pub seaworthy: bool,
    pub propulsion: Propulsion,
    /// OSE-WATER-11: took on water in a near gale; −⅓ movement until repaired at a dock.
    #[serde(default)]
    pub taking_water: bool,
    /// OSE-WATER-12: driven by a gale (a landfall may wreck it).
    #[serde(default)]
    pub driven_by_gale: bool,
    /// Sunk or wrecked: no more days on the water.
    #[serde(default)]
    pub lost: bool,
}

/// How the journey's clock is set at the start.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum StartTime {
    /// A time of day: 00:00 when both are left out.
    At {
        #[serde(default)]
        hour: u8,
        #[serde(default)]
        minute: u8,
    },
    /// HYB-TIME-02: roll `count` time dice (with an optional starting hour, 0 when left out).
    TimeDice {
        count: u8,
        #[serde(default)]
        offset_hours: u8,
    },
}

/// One search attempt in a dungeon turn (OSE-DUNG-01/12/14).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SearchAttempt {
    pub by: Ident,
    /// The 10 ft × 10 ft area or item searched.
    pub target: Ident,
    pub kind: SearchKind,
    /// The character's chance if better than the book's (class abilities).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<Chance>,
    /// Whether there is something to find (the referee knows).
    pub present: bool,
}

/// One listening attempt (OSE-DUNG-06).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListenAttempt {
    pub by: Ident,
    pub door: Ident,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<Chance>,
    pub something_there: bool,
    /// Undead and other silent monsters are never heard.
    #[serde(default)]
    pub silent: bool,
}

/// What the party does with a dungeon turn (OSE-DUNG-08 step 2).
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum DungeonAction {
    /// Move (OSE-DUNG-07).
    Explore {
        #[serde(default)]
        familiarity: Familiarity,
    },
    /// One or more characters search (one turn; OSE-DUNG-14).
    Search { attempts: Vec<SearchAttempt> },
    /// One or more characters listen at doors.
    Listen { attempts: Vec<ListenAttempt> },
    /// Rest a turn (OSE-DUNG-09).
    Rest,
    /// Anything else that takes the turn.
    Other,
}

/// The plan for a wilderness day (OSE-WILD-06 step 1).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WildernessDayPlan {
    pub route: OseRoute,
    pub activity: DayActivity,
    /// OSE-WILD-14: 1 to 4 wandering checks.
    #[serde(default = "one")]
    pub wander_checks: u8,
    #[serde(default)]
    pub wayfinding: Wayfinding,
    /// OSE-WILD-04: forage alongside travel.
    #[serde(default)]
    pub forage: bool,
    /// Chance of getting lost where OSE-WILD-07 gives none for the terrain (or to override).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_chance: Option<Chance>,
    /// Chance of wandering monsters where OSE-WILD-15 gives none (or to override).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wander_chance: Option<Chance>,
    /// OSE-HEAL-01: a rest day was interrupted, so the members' creatures heal nothing.
    #[serde(default)]
    pub rest_interrupted: bool,
}

fn one() -> u8 {
    1
}

/// The plan for a waterborne day (OSE-WATER-07 step 1).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaterDayPlan {
    pub waters: Waters,
    #[serde(default)]
    pub navigator: bool,
    #[serde(default = "one")]
    pub wander_checks: u8,
    /// OSE-WATER-13: the shore in sight is fairly clear of hazards.
    #[serde(default)]
    pub clear_shore: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wander_chance: Option<Chance>,
    /// OSE-HAZ-03 on the water: a vessel that follows a river or a coast (a landmark it keeps
    /// in view), or has a reliable guide, cannot lose its direction, so the day makes no
    /// OSE-WATER-02 check and rolls no die for it. Default: neither, and the check is rolled,
    /// as before the field existed; left out of the JSON when so, so a plan written without
    /// it reads and writes as it did.
    #[serde(default, skip_serializing_if = "Wayfinding::is_default")]
    pub wayfinding: Wayfinding,
}

/// A HYB travel turn's inputs.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TravelTurnPlan {
    #[serde(default)]
    pub caution: Caution,
    /// Overland: the day's terrain, light and pace, to work out the miles covered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overland: Option<HybDayConditions>,
}
