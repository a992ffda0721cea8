//! Light sources, light levels and consumables (HYB-LIGHT-01..03, OSE-LIGHT-01, A5E-ENV-06,
//! C-15, HYB-TRAVEL-03, G-32, EX-HYB-12).

use turnkeeper::ErrorCode;
use turnkeeper::clock::light::{HYB_LIGHT_TABLE, LightEffects, hyb_light_effects, hyb_light_row};
use turnkeeper::clock::{
    Clock, Consumable, ConsumableKind, GameTime, Happening, Ident, LightKind, LightLevel,
    LightSource, LightSpec, Seconds, Span, Tick,
};
use turnkeeper::units::Feet;

fn id(s: &str) -> Ident {
    Ident::new(s).unwrap()
}

fn lit(clock: &mut Clock, name: &str, spec: LightSpec) {
    clock.add_light(LightSource::new(id(name), spec)).unwrap();
    clock.light_source(&id(name)).unwrap();
}

#[test]
fn hyb_light_01_torch_one_hour_lantern_three_hours_thirty_feet_dim() {
    let torch = LightSpec::hyb_torch();
    assert_eq!(torch.burn, Some(Seconds(3_600)));
    assert_eq!(torch.radius, Feet(30));
    assert_eq!(torch.level, LightLevel::Dim);
    let lantern = LightSpec::hyb_lantern();
    assert_eq!(lantern.burn, Some(Seconds(10_800)));
    assert_eq!(lantern.radius, Feet(30));
    assert_eq!(lantern.level, LightLevel::Dim);
}

#[test]
fn ex_hyb_12_torch_lit_at_nine_expires_at_ten_lantern_at_noon() {
    let nine = GameTime::at(0, 9, 0).unwrap();
    let mut clock = Clock::new(nine);
    clock.set_warning_lead(Seconds(0));
    lit(&mut clock, "torch", LightSpec::hyb_torch());
    lit(&mut clock, "lantern", LightSpec::hyb_lantern());
    let adv = clock.advance(Span::Hours { count: 4 }).unwrap();
    assert_eq!(
        adv.happenings,
        vec![
            Happening::LightExpired {
                id: id("torch"),
                at: GameTime::at(0, 10, 0).unwrap()
            },
            Happening::LightExpired {
                id: id("lantern"),
                at: GameTime::at(0, 12, 0).unwrap()
            },
        ]
    );
    assert!(clock.light(&id("torch")).unwrap().spent());
    assert_eq!(
        clock.light_source(&id("torch")).unwrap_err().code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn doused_source_keeps_its_burn_time_and_relights() {
    let mut clock = Clock::new(GameTime(0));
    lit(&mut clock, "torch", LightSpec::hyb_torch());
    clock.advance(Span::Minutes { count: 20 }).unwrap();
    clock.douse(&id("torch")).unwrap();
    clock.advance(Span::Hours { count: 5 }).unwrap();
    assert_eq!(
        clock.light(&id("torch")).unwrap().remaining,
        Some(Seconds(2_400))
    );
    clock.light_source(&id("torch")).unwrap();
    let adv = clock.advance(Span::Hours { count: 1 }).unwrap();
    let expired: Vec<_> = adv
        .happenings
        .iter()
        .filter_map(|h| match h {
            Happening::LightExpired { at, .. } => Some(*at),
            _ => None,
        })
        .collect();
    // relit at 05:20 with 40 minutes left
    assert_eq!(expired, vec![GameTime::at(0, 6, 0).unwrap()]);
    assert_eq!(
        clock.douse(&id("torch")).unwrap_err().code,
        ErrorCode::NotAllowed
    );
}

#[test]
fn warning_before_a_source_runs_out_uses_the_configured_lead() {
    let mut clock = Clock::new(GameTime(0));
    clock.set_warning_lead(Seconds(900));
    lit(&mut clock, "torch", LightSpec::hyb_torch());
    let adv = clock.advance(Span::Minutes { count: 30 }).unwrap();
    assert!(adv.happenings.is_empty());
    let adv = clock.advance(Span::Minutes { count: 20 }).unwrap();
    assert_eq!(
        adv.happenings,
        vec![Happening::LightLow {
            id: id("torch"),
            at: GameTime(2_700),
            remaining: Seconds(900)
        }]
    );
    // warned once only
    let adv = clock.advance(Span::Minutes { count: 5 }).unwrap();
    assert!(adv.happenings.is_empty());
}

#[test]
fn hyb_light_02_four_levels_every_row() {
    assert_eq!(HYB_LIGHT_TABLE.len(), 4);
    let names: Vec<&str> = HYB_LIGHT_TABLE.iter().map(|r| r.name).collect();
    assert_eq!(names, ["Darkness", "Dim light", "Well lit", "Brilliant"]);
    let dark = hyb_light_row(LightLevel::Darkness);
    assert_eq!(
        dark.advantage_on,
        ["stealth and hiding", "listening checks"]
    );
    assert_eq!(
        dark.disadvantage_on,
        [
            "all attacks",
            "all defense checks",
            "sight (impossible)",
            "predicting danger",
            "finesse and precision",
            "morale for surface-dwellers"
        ]
    );
    let dim = hyb_light_row(LightLevel::Dim);
    assert_eq!(dim.advantage_on, ["stealth and hiding", "listening checks"]);
    assert_eq!(
        dim.disadvantage_on,
        ["ranged attacks", "defense against ranged", "sight checks"]
    );
    assert!(dim.description.contains("30 ft around a torch"));
    let lit = hyb_light_row(LightLevel::Bright);
    assert!(lit.advantage_on.is_empty() && lit.disadvantage_on.is_empty());
    let brilliant = hyb_light_row(LightLevel::Brilliant);
    assert_eq!(
        brilliant.advantage_on,
        ["tracking and trails", "seeing movement"]
    );
    assert_eq!(
        brilliant.disadvantage_on,
        ["stealth and hiding", "long-range attacks"]
    );
    for (row, level) in HYB_LIGHT_TABLE.iter().zip(LightLevel::ALL) {
        assert_eq!(row.level, level);
    }
}

#[test]
fn hyb_light_03_darksight_reverses_darkness() {
    let LightEffects {
        advantage_on,
        disadvantage_on,
    } = hyb_light_effects(LightLevel::Darkness, true);
    assert!(advantage_on.contains(&"all attacks"));
    assert!(disadvantage_on.is_empty());
    let human = hyb_light_effects(LightLevel::Darkness, false);
    assert!(human.disadvantage_on.contains(&"all attacks"));
}

#[test]
fn brightest_source_wins_and_radius_limits_it() {
    let mut clock = Clock::new(GameTime(0));
    lit(&mut clock, "torch", LightSpec::hyb_torch());
    assert_eq!(
        clock.light_level(None, Feet(10), LightLevel::Darkness),
        LightLevel::Dim
    );
    assert_eq!(
        clock.light_level(None, Feet(31), LightLevel::Darkness),
        LightLevel::Darkness
    );
    let mut spell = LightSource::new(
        id("light-spell"),
        LightSpec::a5e(LightKind::Spell, Feet(20), None),
    );
    spell.lit = true;
    clock.add_light(spell).unwrap();
    assert_eq!(
        clock.light_level(None, Feet(10), LightLevel::Darkness),
        LightLevel::Bright
    );
    assert_eq!(
        clock.light_level(None, Feet(25), LightLevel::Darkness),
        LightLevel::Dim
    );
    // ambient daylight brighter than the torch
    assert_eq!(
        clock.light_level(None, Feet(25), LightLevel::Brilliant),
        LightLevel::Brilliant
    );
    // a source left in another place does not light the party
    let mut brazier = LightSource::new(id("brazier"), LightSpec::ose(LightKind::Other, None));
    brazier.place = Some(id("room-3"));
    brazier.lit = true;
    clock.add_light(brazier).unwrap();
    assert_eq!(
        clock.light_level(Some(&id("room-3")), Feet(5), LightLevel::Darkness),
        LightLevel::Bright
    );
    assert_eq!(
        clock.light_level(Some(&id("room-4")), Feet(5), LightLevel::Darkness),
        LightLevel::Darkness
    );
}

#[test]
fn c_15_ose_light_01_and_a5e_env_06_sources_give_their_own_levels() {
    let ose = LightSpec::ose(LightKind::Torch, None);
    assert_eq!(ose.radius, Feet(30));
    assert_eq!(ose.level, LightLevel::Bright);
    assert_eq!(
        ose.burn, None,
        "OSE gives no burn time: the caller supplies one"
    );
    let a5e = LightSpec::a5e(LightKind::Torch, Feet(20), Some(Seconds(3_600)));
    assert_eq!(a5e.level, LightLevel::Bright);
    assert_ne!(LightSpec::hyb_torch().level, a5e.level);
}

#[test]
fn duplicate_and_unknown_lights_are_refused() {
    let mut clock = Clock::new(GameTime(0));
    lit(&mut clock, "torch", LightSpec::hyb_torch());
    let err = clock
        .add_light(LightSource::new(id("torch"), LightSpec::hyb_lantern()))
        .unwrap_err();
    assert_eq!(err.code, ErrorCode::DuplicateId);
    assert_eq!(
        clock.douse(&id("nope")).unwrap_err().code,
        ErrorCode::UnknownId
    );
    assert_eq!(
        Ident::new("bad id!").unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn hyb_travel_03_g_32_sup_runs_down_hourly_and_reports_running_out() {
    let mut clock = Clock::new(GameTime(0));
    clock
        .add_supply(Consumable::hyb_sup(id("sup"), 5).unwrap())
        .unwrap();
    let adv = clock.advance(Span::Minutes { count: 150 }).unwrap();
    assert_eq!(
        adv.happenings,
        vec![Happening::SupplyUsed {
            id: id("sup"),
            used: 2,
            left: 3
        }]
    );
    let adv = clock.advance(Span::Hours { count: 5 }).unwrap();
    // 30 min carried over + 5 h → 5 more ticks: 3 paid, 2 short
    assert_eq!(
        adv.happenings,
        vec![
            Happening::SupplyUsed {
                id: id("sup"),
                used: 3,
                left: 0
            },
            Happening::SupplyRanOut {
                id: id("sup"),
                short: 2
            }
        ]
    );
}

#[test]
fn rations_are_spent_explicitly_and_overspending_changes_nothing() {
    let mut clock = Clock::new(GameTime(0));
    clock
        .add_supply(Consumable::new(id("rations"), ConsumableKind::Rations, 7, None).unwrap())
        .unwrap();
    assert_eq!(clock.spend(&id("rations"), 2).unwrap(), 5);
    let before = clock.clone();
    assert_eq!(
        clock.spend(&id("rations"), 6).unwrap_err().code,
        ErrorCode::NotAllowed
    );
    assert_eq!(clock, before);
    assert_eq!(clock.restock(&id("rations"), 3).unwrap(), 8);
    let zero_tick = Consumable::new(
        id("bad"),
        ConsumableKind::Other,
        1,
        Some(Tick {
            every: Seconds(0),
            uses: 1,
        }),
    );
    assert_eq!(zero_tick.unwrap_err().code, ErrorCode::InvalidArgument);
}

#[test]
fn ose_light_02_infravision_only_in_darkness_60_feet() {
    use turnkeeper::clock::light::{OSE_MONSTER_INFRAVISION, ose_infravision_works};
    assert_eq!(OSE_MONSTER_INFRAVISION, Feet(60));
    assert!(ose_infravision_works(LightLevel::Darkness, false));
    assert!(!ose_infravision_works(LightLevel::Darkness, true));
    assert!(!ose_infravision_works(LightLevel::Dim, false));
    assert!(!ose_infravision_works(LightLevel::Bright, false));
}

#[test]
fn ose_light_03_a_light_in_the_dark_spoils_surprise() {
    use turnkeeper::clock::light::ose_light_spoils_surprise;
    assert!(ose_light_spoils_surprise(true, LightLevel::Darkness));
    assert!(!ose_light_spoils_surprise(false, LightLevel::Darkness));
    assert!(!ose_light_spoils_surprise(true, LightLevel::Bright));
}
