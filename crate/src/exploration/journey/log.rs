//! One log line per event, for a session log, from the message catalogue (crate::messages).

use crate::clock::game_clock::Happening;
use crate::clock::id::Ident;
use crate::clock::light::{LightKind, LightLevel};
use crate::creature::{Creature, Report};
use crate::dice::{ChanceRoll, RolledDie};
use crate::exploration::chance::Chance;
use crate::exploration::hyb::corruption::HarmDone;
use crate::exploration::hyb::return_trip::{ReturnCost, ReturnPath, ReturnResult};
use crate::exploration::hyb::travel::{ThreatLevel, travel_turn_row};
use crate::exploration::journey::event::{JourneyEvent, MemberChange, SkippedCheck};
use crate::exploration::journey::types::JourneyMode;
use crate::exploration::ose::water::{StormOutcome, Wind};
use crate::exploration::ose::wilderness::DayActivity;
use crate::messages::Catalogue;
use crate::messages::words::ability;
use crate::msg;

/// ", dead", ", incapacitated", ", exhausted" or nothing: the state a member's creature is
/// left in.
fn creature_state(cat: &Catalogue, c: &Creature) -> String {
    if c.is_dead() {
        msg!(cat, "journey.member.dead")
    } else if c.is_incapacitated() {
        msg!(cat, "journey.member.incapacitated")
    } else if c.hyb.exhausted {
        msg!(cat, "journey.member.exhausted")
    } else {
        String::new()
    }
}

fn member_line(
    cat: &Catalogue,
    member: &Ident,
    change: MemberChange,
    report: &Report,
    creature: Option<&Creature>,
    load: Option<u32>,
) -> String {
    let (hp, max, state) = creature.map_or((0, 0, String::new()), |c| {
        (c.hp.current, c.hp.max, creature_state(cat, c))
    });
    match change {
        MemberChange::ReturnDamage => msg!(
            cat,
            "journey.member.returnDamage",
            member = member,
            hp = hp,
            max = max,
            state = state
        ),
        MemberChange::ReturnLoadsLost => msg!(
            cat,
            "journey.member.loadsLost",
            member = member,
            load = load.unwrap_or(0)
        ),
        MemberChange::ResilienceCheck => {
            let (total, dc) = report.checks.first().map_or((0, 0), |c| (c.total, c.dc));
            msg!(
                cat,
                "journey.member.resilience",
                member = member,
                total = total,
                dc = dc,
                state = state
            )
        }
        MemberChange::NightlyRest => msg!(
            cat,
            "journey.member.nightlyRest",
            member = member,
            hp = hp,
            max = max,
            state = state
        ),
        MemberChange::RestDay => msg!(
            cat,
            "journey.member.restDay",
            member = member,
            hp = hp,
            max = max
        ),
    }
}

fn happening_line(cat: &Catalogue, h: &Happening) -> String {
    match h {
        Happening::LightLow { id, at, remaining } => {
            msg!(
                cat,
                "journey.lightLow",
                light = id,
                remaining = remaining,
                at = at
            )
        }
        Happening::LightExpired { id, at } => {
            msg!(cat, "journey.lightExpired", light = id, at = at)
        }
        Happening::SupplyUsed { id, used, left } => {
            msg!(
                cat,
                "journey.supplyUsed",
                supply = id,
                used = used,
                left = left
            )
        }
        Happening::SupplyRanOut { id, short } => {
            msg!(cat, "journey.supplyRanOut", supply = id, short = short)
        }
        Happening::NewDay { day } => msg!(cat, "journey.newDay", day = day),
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

fn mode_name(cat: &Catalogue, mode: JourneyMode) -> String {
    match mode {
        JourneyMode::HybDungeon => msg!(cat, "journeyMode.hybDungeon"),
        JourneyMode::HybOverland => msg!(cat, "journeyMode.hybOverland"),
        JourneyMode::HybRiverOrLake => msg!(cat, "journeyMode.hybRiverOrLake"),
        JourneyMode::HybSea => msg!(cat, "journeyMode.hybSea"),
        JourneyMode::OseDungeon => msg!(cat, "journeyMode.oseDungeon"),
        JourneyMode::OseWilderness => msg!(cat, "journeyMode.oseWilderness"),
        JourneyMode::OseWaterborne => msg!(cat, "journeyMode.oseWaterborne"),
    }
}

fn light_kind(cat: &Catalogue, kind: LightKind) -> String {
    match kind {
        LightKind::Torch => msg!(cat, "lightKind.torch"),
        LightKind::Lantern => msg!(cat, "lightKind.lantern"),
        LightKind::Candle => msg!(cat, "lightKind.candle"),
        LightKind::Spell => msg!(cat, "lightKind.spell"),
        LightKind::Other => msg!(cat, "lightKind.other"),
    }
}

fn light_level(cat: &Catalogue, level: LightLevel) -> String {
    match level {
        LightLevel::Darkness => msg!(cat, "lightLevel.darkness"),
        LightLevel::Dim => msg!(cat, "lightLevel.dim"),
        LightLevel::Bright => msg!(cat, "lightLevel.bright"),
        LightLevel::Brilliant => msg!(cat, "lightLevel.brilliant"),
    }
}

fn wind_name(cat: &Catalogue, wind: Wind) -> String {
    match wind {
        Wind::NoWind => msg!(cat, "wind.noWind"),
        Wind::FaintBreeze => msg!(cat, "wind.faintBreeze"),
        Wind::GentleBreeze => msg!(cat, "wind.gentleBreeze"),
        Wind::ModerateBreeze => msg!(cat, "wind.moderateBreeze"),
        Wind::Normal => msg!(cat, "wind.normal"),
        Wind::StrongBreeze => msg!(cat, "wind.strongBreeze"),
        Wind::HighWind => msg!(cat, "wind.highWind"),
        Wind::NearGale => msg!(cat, "wind.nearGale"),
        Wind::Gale => msg!(cat, "wind.gale"),
    }
}

fn storm_line(cat: &Catalogue, outcome: &StormOutcome) -> String {
    match outcome {
        StormOutcome::NearGale { took_on_water, .. } => {
            if *took_on_water {
                msg!(cat, "journey.storm.tookOnWater")
            } else {
                msg!(cat, "journey.storm.weathered")
            }
        }
        StormOutcome::Driven { die, drift } => msg!(
            cat,
            "journey.storm.driven",
            face = die.face,
            degrees = drift.degrees_right
        ),
        StormOutcome::Beached { safe, .. } => {
            if *safe {
                msg!(cat, "journey.storm.beached")
            } else {
                msg!(cat, "journey.storm.wreckedAshore")
            }
        }
        StormOutcome::Swamped { sank, .. } => {
            if *sank {
                msg!(cat, "journey.storm.sank")
            } else {
                msg!(cat, "journey.storm.afloat")
            }
        }
    }
}

fn threat_name(cat: &Catalogue, t: ThreatLevel) -> String {
    match t {
        ThreatLevel::Terrible => msg!(cat, "threat.terrible"),
        ThreatLevel::BadSoon => msg!(cat, "threat.badSoon"),
        ThreatLevel::Worsens => msg!(cat, "threat.worsens"),
        ThreatLevel::NothingBad => msg!(cat, "threat.nothingBad"),
    }
}

impl JourneyEvent {
    /// One English line for the session log (see [`JourneyEvent::log_line_in`]).
    pub fn log_line(&self) -> String {
        self.log_line_in(&Catalogue::english())
    }

    /// One line for the session log in `cat`'s language.
    ///
    /// Each family of events (the party, its kit, time, HYB travel and corruption, OSE
    /// dungeon, wilderness and water) has its own function below; the match lists every
    /// event so a new one must be given a family.
    pub fn log_line_in(&self, cat: &Catalogue) -> String {
        match self {
            JourneyEvent::Started { .. }
            | JourneyEvent::ModeChanged { .. }
            | JourneyEvent::MemberAdded { .. }
            | JourneyEvent::MemberRemoved { .. }
            | JourneyEvent::MemberUpdated { .. }
            | JourneyEvent::Restored { .. } => party_line(self, cat),
            JourneyEvent::LightAdded { .. }
            | JourneyEvent::LightLit { .. }
            | JourneyEvent::LightDoused { .. }
            | JourneyEvent::LightRemoved { .. }
            | JourneyEvent::WarningLeadSet { .. }
            | JourneyEvent::SupplyAdded { .. }
            | JourneyEvent::SupplySpent { .. }
            | JourneyEvent::SupplyRestocked { .. } => kit_line(self, cat),
            JourneyEvent::TimePassed { .. }
            | JourneyEvent::TimeDiceShown { .. }
            | JourneyEvent::SceneRecorded { .. } => time_line(self, cat),
            JourneyEvent::TravelTurnRolled { .. }
            | JourneyEvent::OverlandCovered { .. }
            | JourneyEvent::ReturnRolled { .. }
            | JourneyEvent::SafetyReached
            | JourneyEvent::HoursAdventured { .. } => hyb_travel_line(self, cat),
            JourneyEvent::Exposed { .. } | JourneyEvent::CorruptionStageEnded { .. } => {
                corruption_line(self, cat)
            }
            JourneyEvent::WanderingChecked { .. }
            | JourneyEvent::CheckSkipped { .. }
            | JourneyEvent::EncounterDistance { .. }
            | JourneyEvent::LostChecked { .. } => check_line(self, cat),
            JourneyEvent::DungeonTimeCounted { .. } | JourneyEvent::DungeonTurnEnded { .. } => {
                dungeon_time_line(self, cat)
            }
            JourneyEvent::Searched { .. }
            | JourneyEvent::Listened { .. }
            | JourneyEvent::TrapTriggerRolled { .. }
            | JourneyEvent::DoorForced { .. } => dungeon_action_line(self, cat),
            JourneyEvent::Foraged { .. }
            | JourneyEvent::Hunted { .. }
            | JourneyEvent::WildernessDayEnded { .. } => wilderness_line(self, cat),
            JourneyEvent::VesselSet { .. }
            | JourneyEvent::VesselRepaired
            | JourneyEvent::WindRolled { .. }
            | JourneyEvent::StormResolved { .. }
            | JourneyEvent::CurrentRolled { .. }
            | JourneyEvent::WaterDayEnded { .. }
            | JourneyEvent::LandfallRolled { .. } => water_line(self, cat),
        }
    }
}

/// The party: the journey starting or changing mode, members joining, leaving or changing,
/// and a secret command's stand-in line.
fn party_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::Started {
            mode,
            at,
            time_dice,
        } => match time_dice {
            Some(t) => msg!(
                cat,
                "journey.startedOnTimeDice",
                mode = mode_name(cat, *mode),
                at = at,
                dice = faces(&t.dice),
                shown = t.shown
            ),
            None => msg!(
                cat,
                "journey.started",
                mode = mode_name(cat, *mode),
                at = at
            ),
        },
        JourneyEvent::ModeChanged { mode } => {
            msg!(cat, "journey.modeChanged", mode = mode_name(cat, *mode))
        }
        JourneyEvent::MemberAdded { member } => {
            msg!(cat, "journey.memberAdded", member = member.id)
        }
        JourneyEvent::MemberRemoved { id } => msg!(cat, "journey.memberRemoved", member = id),
        JourneyEvent::MemberUpdated {
            member,
            change,
            report,
            creature,
            load,
        } => member_line(cat, member, *change, report, creature.as_ref(), *load),
        JourneyEvent::Restored { .. } => msg!(cat, "journey.secretCheck"),
        _ => String::new(),
    }
}

/// The party's kit: light sources and supplies, and how early the GM is warned of them.
fn kit_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::LightAdded { light } => msg!(
            cat,
            "journey.lightAdded",
            light = light.id,
            kind = light_kind(cat, light.spec.kind),
            level = light_level(cat, light.spec.level),
            radius = light.spec.radius
        ),
        JourneyEvent::LightLit { id } => msg!(cat, "journey.lightLit", light = id),
        JourneyEvent::LightDoused { id } => msg!(cat, "journey.lightDoused", light = id),
        JourneyEvent::LightRemoved { id } => msg!(cat, "journey.lightRemoved", light = id),
        JourneyEvent::WarningLeadSet { lead } => msg!(cat, "journey.warningLead", lead = lead),
        JourneyEvent::SupplyAdded { supply } => msg!(
            cat,
            "journey.supplyAdded",
            supply = supply.id,
            amount = supply.amount
        ),
        JourneyEvent::SupplySpent { id, amount, left } => {
            msg!(
                cat,
                "journey.supplySpent",
                supply = id,
                amount = amount,
                left = left
            )
        }
        JourneyEvent::SupplyRestocked { id, amount, total } => {
            msg!(
                cat,
                "journey.supplyRestocked",
                supply = id,
                amount = amount,
                total = total
            )
        }
        _ => String::new(),
    }
}

/// Time passing, with what the clock reported on the way (lights, supplies, a new day), and
/// the HYB time dice and scenes (HYB-TIME-01).
fn time_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::TimePassed { by, advanced } => {
            let mut line = msg!(cat, "journey.timePassed", by = by, now = advanced.now);
            for h in &advanced.happenings {
                line.push_str("; ");
                line.push_str(&happening_line(cat, h));
            }
            line
        }
        JourneyEvent::TimeDiceShown { dice } => msg!(cat, "journey.timeDice", dice = dice),
        JourneyEvent::SceneRecorded { scenes } => {
            msg!(cat, "journey.sceneRecorded", scenes = scenes)
        }
        _ => String::new(),
    }
}

/// HYB travel: travel turns, overland days, the way back to safety (HYB-RETURN) and the
/// hours members adventured (HYB-RES-01).
fn hyb_travel_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::TravelTurnRolled {
            roll,
            travel_turns_away,
        } => {
            // The table row's own words are the rule's (HYB-TRAVEL); the threat level is the
            // fallback when the row has none.
            let meaning = travel_turn_row(roll.roll.natural).map_or("", |r| r.meaning);
            msg!(
                cat,
                "journey.travelTurn",
                turn = travel_turns_away,
                dice = faces(&roll.roll.dice),
                kept = roll.roll.natural,
                meaning = if meaning.is_empty() {
                    threat_name(cat, roll.threat)
                } else {
                    meaning.to_string()
                }
            )
        }
        JourneyEvent::OverlandCovered { miles, .. } => {
            msg!(cat, "journey.overlandCovered", miles = miles)
        }
        JourneyEvent::ReturnRolled { path, results } => return_line(cat, path, results),
        JourneyEvent::SafetyReached => msg!(cat, "journey.safetyReached"),
        JourneyEvent::HoursAdventured { hours, members } => {
            let parts: Vec<String> = members
                .iter()
                .map(|m| match m.check_dc {
                    Some(dc) => msg!(
                        cat,
                        "journey.hours.due",
                        member = m.id,
                        total = m.total,
                        dc = dc
                    ),
                    None => msg!(cat, "journey.hours.member", member = m.id, total = m.total),
                })
                .collect();
            msg!(
                cat,
                "journey.hoursAdventured",
                hours = hours,
                members = parts.join("; ")
            )
        }
        _ => String::new(),
    }
}

/// HYB-RETURN-01/02: the way back, and each member's check with what failing it cost.
fn return_line(cat: &Catalogue, path: &ReturnPath, results: &[ReturnResult]) -> String {
    let parts: Vec<String> = results
        .iter()
        .map(|r| {
            let outcome = if r.success {
                msg!(cat, "journey.return.safe")
            } else {
                msg!(cat, "journey.return.fails")
            };
            let cost = match &r.cost {
                None => String::new(),
                Some(ReturnCost::Damage { total, .. }) => {
                    msg!(cat, "journey.return.damage", total = total)
                }
                Some(ReturnCost::LoadsLost { loads }) => {
                    msg!(cat, "journey.return.loadsLost", loads = loads)
                }
            };
            msg!(
                cat,
                "journey.return.member",
                member = r.id,
                total = r.total,
                dc = r.dc,
                outcome = outcome,
                cost = cost
            )
        })
        .collect();
    let path = match path {
        ReturnPath::Dangerous => msg!(cat, "returnPath.dangerous"),
        ReturnPath::Arduous => msg!(cat, "returnPath.arduous"),
    };
    msg!(
        cat,
        "journey.returnRolled",
        path = path,
        results = parts.join("; ")
    )
}

/// HYB corruption: a member exposed (HYB-CORR-01) and a stage of an infection ending with
/// its harm (HYB-CORR-02).
fn corruption_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::Exposed { member, exposure } => {
            if exposure.infection.is_some() {
                msg!(
                    cat,
                    "journey.exposed.infected",
                    member = member,
                    total = exposure.check.total,
                    dc = exposure.check.dc
                )
            } else {
                msg!(
                    cat,
                    "journey.exposed.resists",
                    member = member,
                    total = exposure.check.total,
                    dc = exposure.check.dc
                )
            }
        }
        JourneyEvent::CorruptionStageEnded { member, end, .. } => {
            let harm = match &end.harm {
                None => msg!(cat, "corruption.noHarm"),
                Some(HarmDone::AbilityDamage {
                    ability: a,
                    damage,
                    from,
                    to,
                    dead,
                    ..
                }) => {
                    let line = msg!(
                        cat,
                        "corruption.abilityDamage",
                        damage = damage,
                        ability = ability(cat, *a),
                        from = from,
                        to = to
                    );
                    if *dead {
                        msg!(cat, "corruption.dead", harm = line)
                    } else {
                        line
                    }
                }
                Some(HarmDone::Exhausted) => msg!(cat, "corruption.exhausted"),
                Some(HarmDone::Described { text }) => text.to_string(),
            };
            let line = msg!(
                cat,
                "journey.corruptionStage",
                member = member,
                stage = end.stage + 1,
                total = end.check.total,
                dc = end.check.dc,
                harm = harm
            );
            if end.over {
                msg!(cat, "corruption.over", line = line)
            } else {
                line
            }
        }
        _ => String::new(),
    }
}

/// The scheduled checks every mode makes: wandering monsters (with the encounter distance)
/// and getting lost, or why a check was skipped.
fn check_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::WanderingChecked { roll, .. } => {
            if roll.success {
                msg!(
                    cat,
                    "journey.wandering.encounter",
                    chance = chance_text(roll),
                    face = roll.die.face
                )
            } else {
                msg!(
                    cat,
                    "journey.wandering.none",
                    chance = chance_text(roll),
                    face = roll.die.face
                )
            }
        }
        JourneyEvent::CheckSkipped { what, .. } => match what {
            SkippedCheck::LostPrevented => msg!(cat, "journey.skipped.lostPrevented"),
            SkippedCheck::LostNoChance => msg!(cat, "journey.skipped.lostNoChance"),
            SkippedCheck::WanderingNoChance => msg!(cat, "journey.skipped.wanderingNoChance"),
        },
        JourneyEvent::EncounterDistance { dice, distance } => msg!(
            cat,
            "journey.encounterDistance",
            dice = faces(dice),
            distance = distance
        ),
        JourneyEvent::LostChecked { roll, lost, .. } => match roll {
            Some(r) if *lost => msg!(
                cat,
                "journey.lost.lost",
                chance = chance_text(r),
                face = r.die.face
            ),
            Some(r) => msg!(
                cat,
                "journey.lost.onCourse",
                chance = chance_text(r),
                face = r.die.face
            ),
            None => msg!(cat, "journey.lost.cannot"),
        },
        _ => String::new(),
    }
}

/// OSE dungeon time: turns counted toward rest (OSE-DUNG-09) and each turn's end.
fn dungeon_time_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::DungeonTimeCounted { clock, .. } => {
            if clock.fatigued {
                msg!(
                    cat,
                    "journey.dungeonTimeCounted.fatigued",
                    turns = clock.turns_since_rest
                )
            } else {
                msg!(
                    cat,
                    "journey.dungeonTimeCounted",
                    turns = clock.turns_since_rest
                )
            }
        }
        JourneyEvent::DungeonTurnEnded { clock, moved, .. } => {
            let mut s = msg!(cat, "journey.dungeonTurnEnded", turn = clock.turns);
            if let Some(m) = moved {
                s.push_str("; ");
                s.push_str(&msg!(cat, "journey.movedUpTo", distance = m));
            }
            if clock.fatigued {
                s.push_str("; ");
                s.push_str(&msg!(cat, "journey.needsRest"));
            }
            s
        }
        _ => String::new(),
    }
}

/// OSE dungeon actions: searching, listening at doors, traps and forcing doors.
fn dungeon_action_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::Searched { attempt, result } => {
            if result.success {
                msg!(
                    cat,
                    "journey.searched.found",
                    member = attempt.by,
                    target = attempt.target,
                    face = result.roll.die.face
                )
            } else {
                msg!(
                    cat,
                    "journey.searched.nothing",
                    member = attempt.by,
                    target = attempt.target,
                    face = result.roll.die.face
                )
            }
        }
        JourneyEvent::Listened { attempt, result } => {
            if result.success {
                msg!(
                    cat,
                    "journey.listened.heard",
                    member = attempt.by,
                    door = attempt.door,
                    face = result.roll.die.face
                )
            } else {
                msg!(
                    cat,
                    "journey.listened.nothing",
                    member = attempt.by,
                    door = attempt.door,
                    face = result.roll.die.face
                )
            }
        }
        JourneyEvent::TrapTriggerRolled { roll } => {
            if roll.success {
                msg!(cat, "journey.trap.springs", face = roll.die.face)
            } else {
                msg!(cat, "journey.trap.holds", face = roll.die.face)
            }
        }
        JourneyEvent::DoorForced { by, result } => {
            if result.opened {
                msg!(
                    cat,
                    "journey.door.opens",
                    member = by,
                    face = result.roll.die.face
                )
            } else {
                msg!(
                    cat,
                    "journey.door.stuck",
                    member = by,
                    face = result.roll.die.face
                )
            }
        }
        _ => String::new(),
    }
}

/// OSE wilderness days: foraging, hunting and the day's travel.
fn wilderness_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::Foraged { found } => match &found.feeds {
            Some((_, n)) => msg!(cat, "journey.foraged.food", count = n),
            None => msg!(cat, "journey.foraged.nothing", face = found.roll.die.face),
        },
        JourneyEvent::Hunted { roll } => {
            if roll.success {
                msg!(cat, "journey.hunted.found", face = roll.die.face)
            } else {
                msg!(cat, "journey.hunted.nothing", face = roll.die.face)
            }
        }
        JourneyEvent::WildernessDayEnded {
            activity, miles, ..
        } => match activity {
            DayActivity::Travel => msg!(cat, "journey.dayEnded.travel", miles = miles),
            DayActivity::Hunt => msg!(cat, "journey.dayEnded.hunt", miles = miles),
            DayActivity::Rest => msg!(cat, "journey.dayEnded.rest", miles = miles),
        },
        _ => String::new(),
    }
}

/// Waterborne travel: the vessel, wind and storms, river currents, the day's distance and
/// landfall.
fn water_line(event: &JourneyEvent, cat: &Catalogue) -> String {
    match event {
        JourneyEvent::VesselSet { vessel } => {
            msg!(cat, "journey.vesselSet", base = vessel.base)
        }
        JourneyEvent::VesselRepaired => msg!(cat, "journey.vesselRepaired"),
        JourneyEvent::WindRolled { wind } => msg!(
            cat,
            "journey.windRolled",
            dice = faces(&wind.dice),
            total = wind.total,
            wind = wind_name(cat, wind.wind)
        ),
        JourneyEvent::StormResolved { outcome } => storm_line(cat, outcome),
        JourneyEvent::CurrentRolled { current } => {
            if current.downstream {
                msg!(cat, "journey.current.downstream", miles = current.miles)
            } else {
                msg!(cat, "journey.current.upstream", miles = current.miles)
            }
        }
        JourneyEvent::WaterDayEnded { miles } => {
            msg!(cat, "journey.waterDayEnded", miles = miles)
        }
        JourneyEvent::LandfallRolled { roll, wrecked } => {
            if *wrecked {
                msg!(cat, "journey.landfall.wrecked", face = roll.die.face)
            } else {
                msg!(cat, "journey.landfall.safe", face = roll.die.face)
            }
        }
        _ => String::new(),
    }
}
