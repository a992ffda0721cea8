//! A creature's state at a glance, as a user interface shows it.

use super::sheet::CreatureSheet;
use super::{DeathState, Doom, HybExhaustion, Moment, Track};

/// The creature's state at a glance, for a UI: every value comes from the core.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CreatureStatus {
    pub hp: u32,
    pub hp_max: u32,
    pub temp_hp: u32,
    /// A5E-HP-02: at or below half the HP maximum.
    pub bloodied: bool,
    pub death: DeathState,
    pub dead: bool,
    /// Dying or stable at 0 HP (A5E-DEATH-02, -10).
    pub unconscious: bool,
    /// HYB-DEATH-01: at 0 HP and unable to act.
    pub incapacitated: bool,
    pub doom: Option<Doom>,
    pub fatigue: Track,
    pub strife: Track,
    /// 5e exhaustion (SRD-EXH-01), under the `srd5e` rules; left out when 0.
    #[serde(default, skip_serializing_if = "Track::is_zero")]
    pub exhaustion: Track,
    /// A5E Hit Dice that can be spent now (none without a pool or under another ruleset).
    pub hit_dice_available: Option<u32>,
    /// HYB-RES-03: the exhausted state's effects, when exhausted.
    pub hyb_exhaustion: Option<HybExhaustion>,
    /// HYB-RES-01: hours of adventuring the creature can bear (needs its CON score).
    pub resilience: Option<u32>,
    /// HYB-RES-02: the DC of the resilience check now due, if any.
    pub resilience_dc: Option<i32>,
    pub time: Moment,
}

impl CreatureSheet {
    /// The status of the creature on this sheet now.
    pub fn status(&self) -> CreatureStatus {
        let sheet = self;
        let c = &sheet.creature;
        CreatureStatus {
            hp: c.hp.current,
            hp_max: c.hp.max,
            temp_hp: c.hp.temp,
            bloodied: c.bloodied(),
            death: c.death,
            dead: c.is_dead(),
            unconscious: c.is_unconscious(),
            incapacitated: c.is_incapacitated(),
            doom: c.doom,
            fatigue: c.fatigue,
            strife: c.strife,
            exhaustion: c.exhaustion,
            hit_dice_available: c.available_hit_dice(&sheet.rules).ok(),
            hyb_exhaustion: c.hyb_exhaustion(),
            resilience: c.resilience().ok(),
            resilience_dc: c.resilience_dc().ok().flatten(),
            time: sheet.time,
        }
    }
}
