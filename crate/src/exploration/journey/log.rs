//! One human-readable line per event, for a session log.

use crate::clock::game_clock::Happening;
use crate::dice::{ChanceRoll, RolledDie};
use crate::exploration::chance::Chance;
use crate::exploration::hyb::corruption::HarmDone;
use crate::exploration::hyb::return_trip::ReturnCost;
use crate::exploration::hyb::travel::{ThreatLevel, travel_turn_row};
use crate::exploration::journey::event::JourneyEvent;

fn happening_line(h: &Happening) -> String {
    match h {
        Happening::LightLow { id, at, remaining } => {
            format!("{id} will burn out in {remaining} (at {at})")
        }
        Happening::LightExpired { id, at } => format!("{id} burnt out at {at}"),
        Happening::SupplyUsed { id, used, left } => format!("{id}: used {used}, {left} left"),
        Happening::SupplyRanOut { id, short } => format!("{id} ran out ({short} short)"),
        Happening::NewDay { day } => format!("day {day} began"),
    }
}

/// "2-in-6" or "20%", as the sources write the chance rolled against.
fn chance_text(roll: &ChanceRoll) -> String {
    Chance::of_roll(roll).map_or_else(|| roll.chance.to_string(), |c| c.to_string())
}

fn faces(dice: &[RolledDie]) -> String {
    let f: Vec<String> = dice.iter().map(|d| d.face.to_string()).collect();
    f.join(", ")
}

impl JourneyEvent {
    /// One human-readable line for the session log.
    pub fn log_line(&self) -> String {
        match self {
            JourneyEvent::Started {
                mode,
                at,
                time_dice,
            } => match time_dice {
                Some(t) => format!(
                    "Journey started ({mode:?}) at {at}; time dice rolled [{}] → {}",
                    faces(&t.dice),
                    t.shown
                ),
                None => format!("Journey started ({mode:?}) at {at}"),
            },
            JourneyEvent::ModeChanged { mode } => format!("Now travelling: {mode:?}"),
            JourneyEvent::MemberAdded { member } => format!("{} joined", member.id),
            JourneyEvent::MemberRemoved { id } => format!("{id} left"),
            JourneyEvent::LightAdded { light } => format!(
                "{} added ({:?}, {:?} light, {})",
                light.id, light.spec.kind, light.spec.level, light.spec.radius
            ),
            JourneyEvent::LightLit { id } => format!("{id} lit"),
            JourneyEvent::LightDoused { id } => format!("{id} doused"),
            JourneyEvent::LightRemoved { id } => format!("{id} removed"),
            JourneyEvent::WarningLeadSet { lead } => format!("light warnings {lead} ahead"),
            JourneyEvent::SupplyAdded { supply } => {
                format!("{} added: {}", supply.id, supply.amount)
            }
            JourneyEvent::SupplySpent { id, amount, left } => {
                format!("{id}: spent {amount}, {left} left")
            }
            JourneyEvent::SupplyRestocked { id, amount, total } => {
                format!("{id}: +{amount}, now {total}")
            }
            JourneyEvent::TimePassed { by, advanced } => {
                let mut line = format!("{by} passed; now {}", advanced.now);
                for h in &advanced.happenings {
                    line.push_str("; ");
                    line.push_str(&happening_line(h));
                }
                line
            }
            JourneyEvent::TimeDiceShown { dice } => format!("Time dice: {dice}"),
            JourneyEvent::SceneRecorded { scenes } => {
                format!("Scene recorded ({scenes} this hour)")
            }
            JourneyEvent::TravelTurnRolled {
                roll,
                travel_turns_away,
            } => {
                let meaning = travel_turn_row(roll.roll.natural).map_or("", |r| r.meaning);
                format!(
                    "Travel turn {travel_turns_away}: d20 [{}] keeps {} → {}",
                    faces(&roll.roll.dice),
                    roll.roll.natural,
                    if meaning.is_empty() {
                        threat_name(roll.threat)
                    } else {
                        meaning
                    }
                )
            }
            JourneyEvent::OverlandCovered { miles, .. } => format!("The party covered {miles}"),
            JourneyEvent::ReturnRolled { path, results } => {
                let parts: Vec<String> = results
                    .iter()
                    .map(|r| {
                        let cost = match &r.cost {
                            None => String::new(),
                            Some(ReturnCost::Damage { total, .. }) => {
                                format!(", takes {total} damage")
                            }
                            Some(ReturnCost::LoadsLost { loads }) => {
                                format!(", loses {loads} loads")
                            }
                        };
                        format!(
                            "{} {} vs DC {}: {}{}",
                            r.id,
                            r.total,
                            r.dc,
                            if r.success { "safe" } else { "fails" },
                            cost
                        )
                    })
                    .collect();
                format!("Rolling to return ({path:?}): {}", parts.join("; "))
            }
            JourneyEvent::DungeonTimeCounted { clock, .. } => {
                let mut s = format!(
                    "Dungeon time counted: {} turns without rest",
                    clock.turns_since_rest
                );
                if clock.fatigued {
                    s.push_str("; party needs rest (−1 to attack and damage)");
                }
                s
            }
            JourneyEvent::SafetyReached => "The party reached safety".to_string(),
            JourneyEvent::WanderingChecked { roll, .. } => format!(
                "Wandering monsters ({}): rolled {} → {}",
                chance_text(roll),
                roll.die.face,
                if roll.success { "encounter!" } else { "none" }
            ),
            JourneyEvent::CheckSkipped { what, .. } => format!("Check skipped: {what:?}"),
            JourneyEvent::EncounterDistance { dice, distance } => {
                format!("Encounter distance [{}] → {distance}", faces(dice))
            }
            JourneyEvent::DungeonTurnEnded { clock, moved, .. } => {
                let mut s = format!("Dungeon turn {} ended", clock.turns);
                if let Some(m) = moved {
                    s.push_str(&format!("; moved up to {m}"));
                }
                if clock.fatigued {
                    s.push_str("; party needs rest (−1 to attack and damage)");
                }
                s
            }
            JourneyEvent::Searched { attempt, result } => format!(
                "{} searched {} (secret roll {}): {}",
                attempt.by,
                attempt.target,
                result.roll.die.face,
                if result.success {
                    "found"
                } else {
                    "nothing found"
                }
            ),
            JourneyEvent::Listened { attempt, result } => format!(
                "{} listened at {} (secret roll {}): {}",
                attempt.by,
                attempt.door,
                result.roll.die.face,
                if result.success {
                    "hears something"
                } else {
                    "hears nothing"
                }
            ),
            JourneyEvent::TrapTriggerRolled { roll } => format!(
                "Trap trigger roll {} → {}",
                roll.die.face,
                if roll.success { "springs!" } else { "holds" }
            ),
            JourneyEvent::DoorForced { by, result } => format!(
                "{by} forces the door ({}): {}",
                result.roll.die.face,
                if result.opened {
                    "opens"
                } else {
                    "stuck; surprise lost"
                }
            ),
            JourneyEvent::LostChecked { roll, lost, .. } => match roll {
                Some(r) => format!(
                    "Losing direction ({}): rolled {} → {}",
                    chance_text(r),
                    r.die.face,
                    if *lost { "lost!" } else { "on course" }
                ),
                None => "Cannot get lost today".to_string(),
            },
            JourneyEvent::Foraged { found } => match &found.feeds {
                Some((_, n)) => format!("Foraging found food for {n}"),
                None => format!("Foraging ({}) found nothing", found.roll.die.face),
            },
            JourneyEvent::Hunted { roll } => format!(
                "Hunting ({}): {}",
                roll.die.face,
                if roll.success {
                    "animals found"
                } else {
                    "nothing"
                }
            ),
            JourneyEvent::WildernessDayEnded {
                activity, miles, ..
            } => format!("Day ended ({activity:?}): {miles}"),
            JourneyEvent::VesselSet { vessel } => format!("Vessel: {} base", vessel.base),
            JourneyEvent::VesselRepaired => "Vessel repaired".to_string(),
            JourneyEvent::WindRolled { wind } => {
                format!(
                    "Wind 2d6 [{}] = {} → {:?}",
                    faces(&wind.dice),
                    wind.total,
                    wind.wind
                )
            }
            JourneyEvent::StormResolved { outcome } => format!("Storm: {outcome:?}"),
            JourneyEvent::CurrentRolled { current } => format!(
                "RiverCurrent {} ({})",
                current.miles,
                if current.downstream {
                    "downstream"
                } else {
                    "upstream"
                }
            ),
            JourneyEvent::WaterDayEnded { miles } => format!("Day on the water: {miles}"),
            JourneyEvent::Exposed { member, exposure } => format!(
                "{member} exposed: {} vs DC {} → {}",
                exposure.check.total,
                exposure.check.dc,
                if exposure.infection.is_some() {
                    "infected"
                } else {
                    "resists"
                }
            ),
            JourneyEvent::CorruptionStageEnded { member, end, .. } => {
                let harm = match &end.harm {
                    None => "no harm".to_string(),
                    Some(HarmDone::AbilityDamage {
                        ability,
                        damage,
                        from,
                        to,
                        dead,
                        ..
                    }) => format!(
                        "{damage} {ability:?} damage ({from} → {to}){}",
                        if *dead { ", dead" } else { "" }
                    ),
                    Some(HarmDone::Exhausted) => "exhausted".to_string(),
                    Some(HarmDone::Described { text }) => text.to_string(),
                };
                format!(
                    "{member}: stage {} ends, check {} vs DC {}: {harm}{}",
                    end.stage + 1,
                    end.check.total,
                    end.check.dc,
                    if end.over { "; infection over" } else { "" }
                )
            }
            JourneyEvent::LandfallRolled { roll, wrecked } => format!(
                "Landfall in the gale ({}): {}",
                roll.die.face,
                if *wrecked { "wrecked!" } else { "safe" }
            ),
            JourneyEvent::Restored { .. } => "The referee made a secret check.".to_string(),
        }
    }
}

fn threat_name(t: ThreatLevel) -> &'static str {
    match t {
        ThreatLevel::Terrible => "terrible, immediate threat",
        ThreatLevel::BadSoon => "something bad happens soon",
        ThreatLevel::Worsens => "threat worsens or draws near",
        ThreatLevel::NothingBad => "nothing bad",
    }
}
