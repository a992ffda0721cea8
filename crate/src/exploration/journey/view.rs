//! What a journey looks like now, for display: one read instead of a dozen small queries.

use super::{Journey, JourneyConfig, JourneyMode, Member, MemberInfection, Vessel};
use crate::clock::consumable::Consumable;
use crate::clock::id::Ident;
use crate::clock::light::LightSource;
use crate::clock::time::{GameTime, Seconds, TimeOfDay};
use crate::clock::time_dice::TimeDice;
use crate::exploration::ose::dungeon::DungeonClock;
use crate::exploration::ose::wilderness::WildernessClock;

/// What a journey looks like now, for display: one read instead of a dozen small exports.
#[crate::boundary(output)]
#[serde(rename_all = "camelCase")]
pub struct JourneyView {
    /// `undefined` until the journey is started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<JourneyMode>,
    /// Seconds since the start of day 0.
    pub now: GameTime,
    pub time_of_day: TimeOfDay,
    /// HYB-TIME-01: the time dice showing the current hour (HYB journeys only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_dice: Option<TimeDice>,
    pub members: Vec<Member>,
    /// Every light source with its burn time left (`remaining`).
    pub lights: Vec<LightSource>,
    /// Consumable counters (rations, Supply, HYB SUP).
    pub supplies: Vec<Consumable>,
    /// Light warnings are given this long before a source runs out.
    pub warning_lead: Seconds,
    /// HYB-RETURN-01: travel turns since leaving safety, and the DC to roll to return.
    pub travel_turns_away: u32,
    pub return_dc: u32,
    /// HYB-RETURN-01: members already back at safety while others are still away (empty when
    /// no one is, and once everyone is back).
    pub returned: Vec<Ident>,
    /// HYB-TRAVEL-01: dungeon scenes this hour.
    pub scenes: u8,
    /// OSE-DUNG: turns, rests and the wandering-check count.
    pub dungeon: DungeonClock,
    /// OSE-WILD: days travelled, forced marches and rest owed.
    pub wilderness: WildernessClock,
    /// OSE-DUNG-09 / OSE-WILD-11: the modifier to attack and damage rolls while the party
    /// presses on without the rest it owes (−1), in the current mode; 0 otherwise.
    pub attack_damage_modifier: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vessel: Option<Vessel>,
    /// HYB-CORR: infections in progress.
    pub infections: Vec<MemberInfection>,
    /// HYB-CORR-02: `[member, index]` of infections whose stage has ended by now.
    pub due_stages: Vec<(Ident, u32)>,
    pub config: JourneyConfig,
}

impl Journey {
    /// The journey now as a [`JourneyView`].
    pub fn view(&self) -> JourneyView {
        let j = self;
        let clock = j.clock();
        JourneyView {
            mode: j.mode(),
            now: j.now(),
            time_of_day: j.now().time_of_day(),
            time_dice: j
                .mode()
                .filter(|m| m.is_hyb())
                .and_then(|_| j.time_dice().ok()),
            members: j.members().to_vec(),
            lights: clock.lights().to_vec(),
            supplies: clock.supplies().to_vec(),
            warning_lead: clock.warning_lead(),
            travel_turns_away: j.travel_turns_away(),
            return_dc: j.return_dc(),
            returned: j.returned().to_vec(),
            scenes: j.scenes(),
            dungeon: j.dungeon(),
            wilderness: j.wilderness(),
            attack_damage_modifier: match j.mode() {
                Some(JourneyMode::OseDungeon) => j.dungeon().attack_damage_modifier(),
                Some(JourneyMode::OseWilderness) => j.wilderness().attack_damage_modifier(),
                _ => 0,
            },
            vessel: j.vessel(),
            infections: j.infections().to_vec(),
            due_stages: j.due_stages(),
            config: *j.config(),
        }
    }
}
