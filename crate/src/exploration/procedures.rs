//! The exploration and party rules callable by name, and the whole catalogue of procedures.
//!
//! [`PROCEDURES`] holds the OSE encumbrance, hazard and party rules and the HYB load, coin, loot
//! and travel rules (plain functions of [`crate::exploration`], no state between calls) and the
//! A5E rolling-movement, group and condition-immunity rules, each defined once; see
//! [`crate::procedures::registry`]. [`CATALOGUE`] lists every table of procedures, from here
//! (the highest domain layer) so it can name them all: the glue runs names from it and a test
//! writes the facade's types and the docs' list from it.

use crate::exploration::hyb::load::CarriedLoot;
use crate::exploration::hyb::load::LoadEffect;
use crate::exploration::hyb::overland::WaterSpeed;
use crate::exploration::ose::hazards::ClimbResult;
use crate::exploration::ose::hazards::FallDamage;
use crate::exploration::ose::party::PartyAdvice;
use crate::exploration::ose::party::PickRoll;
use crate::exploration::ose::party::Split;
use crate::exploration::ose::wilderness::FlyingLoad;
use crate::procedures::registry::{Description, Procedure};

/// Every procedure, table by table: OSE, HYB, A5E, then the exploration rules.
pub const CATALOGUE: &[&[Procedure]] = &[
    crate::procedures::ose::procedures::PROCEDURES,
    crate::procedures::hyb::procedures::PROCEDURES,
    crate::procedures::a5e::procedures::PROCEDURES,
    PROCEDURES,
];

/// Every procedure's description, in the order of [`CATALOGUE`].
pub const DESCRIPTIONS_CATALOGUE: &[&[Description]] = &[
    crate::procedures::ose::procedures::DESCRIPTIONS,
    crate::procedures::hyb::procedures::DESCRIPTIONS,
    crate::procedures::a5e::procedures::DESCRIPTIONS,
    DESCRIPTIONS,
];

use crate::clock::id::Ident;
use crate::clock::light::{LightLevel, ose_infravision_works, ose_light_spoils_surprise};
use crate::conditions::{ConditionCatalog, ConditionId};
use crate::error::{Error, ErrorCode, Result};
use crate::exploration::hyb::load::{HYB_BASE_SPEED, Purse, hyb_load_effect, roll_carried_loot};
use crate::exploration::hyb::overland::{
    HybDayConditions, HybTraveller, HybVessel, WaterFlow, hyb_party_miles_per_day, hyb_water_speed,
};
use crate::exploration::ose::dungeon::DoorState;
use crate::exploration::ose::encumbrance::{
    Encumbrance, MovementRate, TreasureItem, movement, party_movement, treasure_weight,
};
use crate::exploration::ose::hazards::{
    Climb, can_climb_sheer, climb, roll_falling, starving, swimming_rate,
};
use crate::exploration::ose::party::{magic_item_pick_order, party_advice, split_evenly};
use crate::exploration::ose::wilderness::{flying_mount_capacity, may_be_encircled};
use crate::procedures::a5e::control::{GridSquare, group_stragglers};
use crate::procedures::a5e::scenarios::{rolling_base_speed, rolling_forward_allowed};
use crate::procedures::hyb::movement::{HybMoveInput, hyb_move_distance};
use crate::units::{Coins, Feet, Loads, Miles};

/// Most entries in one list argument (treasure lines, party members, players, levels).
pub const MAX_LIST: usize = 256;

fn short<T>(list: &[T], what: &str) -> Result<()> {
    if list.len() > MAX_LIST {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!("at most {MAX_LIST} {what}"),
        ));
    }
    Ok(())
}

/// For OSE-ENCUMB-02: how many of each kind of treasure.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TreasureInput {
    pub items: Vec<TreasureLine>,
}

/// One kind of treasure and how many pieces.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct TreasureLine {
    pub item: TreasureItem,
    #[serde(default = "one")]
    pub count: u32,
}

fn one() -> u32 {
    1
}

/// For OSE-MOVE-01: each member's rate, `null` for one who cannot move.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PartyMovementInput {
    pub members: Vec<Option<MovementRate>>,
}

/// For OSE-HAZ-02 and OSE-HAZ-05: a distance or a base rate in feet.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FeetInput {
    pub feet: Feet,
}

/// For OSE-HAZ-04.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct StarvingInput {
    pub days_without_food_or_water: u32,
}

/// For OSE-HAZ-01.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ClimbInput {
    #[serde(default)]
    pub has_equipment: bool,
    #[serde(default)]
    pub class_ability: bool,
}

/// For OSE-WILD-12.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EncircledInput {
    pub party_surprised: bool,
    pub monsters: u32,
}

/// For OSE-WILD-03 and HYB-TREAS-03: hit dice.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HdInput {
    pub hd: u32,
}

/// For OSE-LIGHT-02: the light where the viewer is, and any large heat source
/// nearby.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct InfravisionInput {
    pub light: LightLevel,
    #[serde(default)]
    pub large_heat_source_nearby: bool,
}

/// For OSE-LIGHT-03.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LightSurpriseInput {
    pub carrying_light: bool,
    pub environment: LightLevel,
}

/// For OSE-PARTY-01.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct SplitInput {
    pub total: u32,
    pub shares: u32,
}

/// For OSE-PARTY-01: the players who roll for the pick order.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PicksInput {
    pub players: Vec<Ident>,
}

/// For OSE-PARTY-03: every character's level.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct LevelsInput {
    pub levels: Vec<u32>,
}

/// For OSE-DUNG-03/04/05: a door's state.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DoorInput {
    pub state: DoorState,
}

/// What a door does once the party has passed (OSE-DUNG-03/04/05).
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct DoorFacts {
    /// OSE-DUNG-04: the state once the party has passed (an open door swings shut).
    pub after_party_passes: DoorState,
    /// OSE-DUNG-05: dungeon monsters can open it.
    pub monsters_can_open: bool,
    /// OSE-DUNG-03: only a character with lock picks, or magic, opens it.
    pub needs_picking_or_magic: bool,
}

/// For HYB-LOAD-01: the STR score and the loads carried; Speed 30 ft unless given.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybLoadInput {
    pub str_score: u8,
    pub loads: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_speed: Option<Feet>,
}

/// A purse's weight and value (HYB-LOAD-02, HYB-TREAS-01).
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct PurseWeight {
    /// Every coin weighs the same, whatever its metal.
    pub coins: Coins,
    /// The value in copper (10 cp = 1 sp, 10 sp = 1 gp).
    pub value_cp: u64,
    /// Whole pounds (100 coins each) and the coins left over.
    pub pounds: u32,
    /// Loads they take up (500 coins each, a part load counting as one).
    pub loads: Loads,
}

/// For HYB-TREAS-01: an amount in copper, paid in the fewest coins.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChangeInput {
    pub cp: u64,
}

/// For HYB-TREAS-02.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct XpForGoldInput {
    pub gp: u32,
    /// Inherited or unearned treasure gives no XP.
    #[serde(default = "yes")]
    pub earned: bool,
    /// [AMBIG] XP per gold piece: 1 unless the table says otherwise.
    #[serde(default = "one")]
    pub xp_per_gp: u32,
}

fn yes() -> bool {
    true
}

/// For HYB-TRAVEL-04/05: the party and the day.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybOverlandInput {
    pub party: Vec<HybTraveller>,
    pub day: HybDayConditions,
}

/// For HYB-TRAVEL-06.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct WaterSpeedInput {
    pub vessel: HybVessel,
    #[serde(default)]
    pub flow: WaterFlow,
}

/// For A5E-SCEN-04: the base Speeds of a rolling-movement scene's participants.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RollingSpeedInput {
    pub speeds: Vec<u32>,
}

/// For A5E-SCEN-05: how a rolling-movement participant moves this turn.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RollingForwardInput {
    #[serde(default)]
    pub dashing: bool,
    #[serde(default)]
    pub improvised_action: bool,
}

/// For A5E-CTRL-01: where each identical controlled creature stands.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GroupInput {
    pub members: Vec<GridSquare>,
}

/// For A5E-COND-28: the immunities a stat block lists.
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ImmunitiesInput {
    pub immune: Vec<ConditionId>,
}

/// One condition a creature is immune to, and the listed immunity that covers it (absent when
/// listed itself).
#[crate::boundary(procedures)]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ConditionImmunity {
    pub condition: ConditionId,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<ConditionId>,
}

fn total_weight(items: &[TreasureLine]) -> Result<Coins> {
    short(items, "treasure lines")?;
    items
        .iter()
        .try_fold(0u32, |sum, line| {
            treasure_weight(line.item)
                .0
                .checked_mul(line.count)
                .and_then(|w| sum.checked_add(w))
        })
        .map(Coins)
        .ok_or_else(|| Error::invalid_argument("too much treasure to weigh"))
}

crate::procedures! {
    pub const PROCEDURES, DESCRIPTIONS = [
    /// the movement rate for the group's option (basic: armor and whether treasure is carried; detailed: total coins); `undefined` past 1,600 coins (cannot move).
    "ose.encumbrance" ["OSE-ENCUMB-01/03/04"]
        |i: Encumbrance| -> Option<MovementRate> {
            Ok(movement(i))
        }
    /// the weight in coins of the treasure listed (`count` defaults to 1).
    "ose.treasureWeight" ["OSE-ENCUMB-02"]
        |i: TreasureInput| -> Coins {
            total_weight(&i.items)
        }
    /// the party moves at its slowest member's rate; `null` for a member who cannot move stops it (`undefined`).
    "ose.partyMovement" ["OSE-MOVE-01"]
        |i: PartyMovementInput| -> Option<MovementRate> {
            short(&i.members, "members")?;
            party_movement(&i.members)
        }
    /// 1d6 per full 10 ft fallen onto a hard surface, no cap.
    "ose.falling" ["OSE-HAZ-02"]
        |i: FeetInput, d| -> FallDamage {
            roll_falling(i.feet, d)
        }
    /// swimming is at half the movement rate.
    "ose.swimming" ["OSE-HAZ-05"]
        |i: FeetInput| -> Feet {
            Ok(swimming_rate(i.feet))
        }
    /// a full day or more without food or water: the referee may apply penalties.
    "ose.starving" ["OSE-HAZ-04"]
        |i: StarvingInput| -> bool {
            Ok(starving(i.days_without_food_or_water))
        }
    /// a sheer surface needs special equipment or a class ability.
    "ose.climbSheer" ["OSE-HAZ-01"]
        |i: ClimbInput| -> bool {
            Ok(can_climb_sheer(i.has_equipment, i.class_ability))
        }
    /// a climb: a sheer surface needs equipment or a class ability, and a tense climb the referee calls is a DEX check (d20 + difficulty at most `dexCheck`).
    "ose.climb" ["OSE-HAZ-01"]
        |i: Climb, d| -> ClimbResult {
            climb(&i, d)
        }
    /// a party surprised by 3 or more monsters may be encircled.
    "ose.encircled" ["OSE-WILD-12"]
        |i: EncircledInput| -> bool {
            Ok(may_be_encircled(i.party_surprised, i.monsters))
        }
    /// the largest load a flyer of this many HD carries (`undefined` under 3 HD).
    "ose.flyingMount" ["OSE-WILD-03"]
        |i: HdInput| -> Option<FlyingLoad> {
            Ok(flying_mount_capacity(i.hd))
        }
    /// infravision works only in darkness, with no large heat source near (range 60 ft for monsters).
    "ose.infravision" ["OSE-LIGHT-02"]
        |i: InfravisionInput| -> bool {
            Ok(ose_infravision_works(i.light, i.large_heat_source_nearby))
        }
    /// carrying a light in the dark usually spoils surprise.
    "ose.lightSpoilsSurprise" ["OSE-LIGHT-03"]
        |i: LightSurpriseInput| -> bool {
            Ok(ose_light_spoils_surprise(i.carrying_light, i.environment))
        }
    /// non-magical treasure split evenly, with what is left over.
    "ose.splitTreasure" ["OSE-PARTY-01"]
        |i: SplitInput| -> Split {
            split_evenly(i.total, i.shares)
        }
    /// each player rolls a d20 for the magic-item pick order, highest first; ties re-roll among the tied.
    "ose.magicItemPicks" ["OSE-PARTY-01"]
        |i: PicksInput, d| -> Vec<PickRoll> {
            short(&i.players, "players")?;
            magic_item_pick_order(&i.players, d)
        }
    /// advice on party size (6–8) and levels more than 4 apart.
    "ose.partyAdvice" ["OSE-PARTY-03"]
        |i: LevelsInput| -> Vec<PartyAdvice> {
            short(&i.levels, "levels")?;
            Ok(party_advice(&i.levels))
        }
    /// a door's state once the party has passed, whether monsters open it, whether it needs picking or magic.
    "ose.door" ["OSE-DUNG-03/04/05"]
        |i: DoorInput| -> DoorFacts {
            Ok(DoorFacts {
                after_party_passes: i.state.after_party_passes(),
                monsters_can_open: i.state.monsters_can_open(),
                needs_picking_or_magic: i.state.needs_picking_or_magic(),
            })
        }
    /// each load above the STR score costs 5 ft of Speed and gives disadvantage on all checks; 0 ft cannot move.
    "hyb.load" ["HYB-LOAD-01"]
        |i: HybLoadInput| -> LoadEffect {
            Ok(hyb_load_effect(
                i.str_score,
                Loads(i.loads),
                i.base_speed.unwrap_or(HYB_BASE_SPEED),
            ))
        }
    /// a purse's coins (all weigh the same), value in copper, pounds (100 coins) and loads (500 coins, a part load counting whole).
    "hyb.coins" ["HYB-LOAD-02", "HYB-TREAS-01"]
        |i: Purse| -> PurseWeight {
            let coins = i.coins()?;
            Ok(PurseWeight {
                coins,
                value_cp: i.value_cp(),
                pounds: coins.hyb_pounds().0.0,
                loads: coins.hyb_loads(),
            })
        }
    /// an amount in copper as the fewest coins (10 cp = 1 sp, 10 sp = 1 gp).
    "hyb.change" ["HYB-TREAS-01"]
        |i: ChangeInput| -> Purse {
            Purse::from_cp(i.cp)
        }
    /// an enemy carries 1d20 gp per HD, apart from any hoard.
    "hyb.carriedLoot" ["HYB-TREAS-03"]
        |i: HdInput, d| -> CarriedLoot {
            roll_carried_loot(i.hd, d)
        }
    /// XP for gold earned (1 per gp unless `xpPerGp` says otherwise); unearned gold gives none.
    "hyb.xpForGold" ["HYB-TREAS-02"]
        |i: XpForGoldInput| -> u32 {
            Ok(crate::exploration::hyb::load::xp_for_gold(
                i.gp,
                i.earned,
                i.xp_per_gp,
            ))
        }
    /// miles a day for the party (the slowest traveller; terrain, light and pace).
    "hyb.overland" ["HYB-TRAVEL-04/05"]
        |i: HybOverlandInput| -> Miles {
            short(&i.party, "travellers")?;
            hyb_party_miles_per_day(&i.party, i.day)
        }
    /// a boat or ship with the wind or current: miles an hour (tenths) and a day.
    "hyb.waterSpeed" ["HYB-TRAVEL-06"]
        |i: WaterSpeedInput| -> WaterSpeed {
            Ok(hyb_water_speed(i.vessel, i.flow))
        }
    /// feet of movement this turn; swimming, crawling, climbing or difficult terrain halve the speed once (rounding down).
    "hyb.move" ["HYB-ACT-04"]
        |i: HybMoveInput| -> u32 {
            hyb_move_distance(&i)
        }
    /// a rolling-movement scene's base speed per round: the second-slowest participant's Speed, or 30 ft with fewer than two.
    "a5e.rollingSpeed" ["A5E-SCEN-04"]
        |i: RollingSpeedInput| -> u32 {
            rolling_base_speed(&i.speeds)
        }
    /// whether this turn's movement may carry the participant further forward (only when it Dashes or takes an improvised action; sideways or slowing down always may).
    "a5e.rollingForward" ["A5E-SCEN-05"]
        |i: RollingForwardInput| -> bool {
            Ok(rolling_forward_allowed(i.dashing, i.improvised_action))
        }
    /// the members (indexes) of a group of identical controlled creatures that are not within 5 ft of another member; none: the group moves together. Squares in feet; diagonals count as 5 ft.
    "a5e.groupStragglers" ["A5E-CTRL-01"]
        |i: GroupInput| -> Vec<u32> {
            group_stragglers(&i.members)
        }
    /// every condition a creature listing these immunities is immune to, each with the listed one that covers it (`via`, absent when listed itself).
    "a5e.conditionImmunities" ["A5E-COND-28"]
        |i: ImmunitiesInput| -> Vec<ConditionImmunity> {
            short(&i.immune, "immunities")?;
            let map = ConditionCatalog::a5e().immunities(&i.immune)?;
            Ok(map
                .into_iter()
                .map(|(condition, via)| ConditionImmunity { condition, via })
                .collect::<Vec<_>>())
        }
    ];
}

#[cfg(test)]
mod tests {
    use crate::procedures::registry::run_named;

    fn run_procedure(
        name: &str,
        input: &str,
        d: &mut dyn crate::dice::DieRoller,
    ) -> crate::error::Result<String> {
        run_named(super::CATALOGUE, name, input, d)
    }
    use crate::dice::SuppliedDice;
    use crate::error::ErrorCode;
    use serde_json::{Value, json};

    fn run(name: &str, input: Value, faces: &[u32]) -> Value {
        let mut dice = SuppliedDice::new(faces.iter().copied());
        let out = run_procedure(name, &input.to_string(), &mut dice)
            .unwrap_or_else(|e| panic!("{name} {input}: {e}"));
        assert_eq!(dice.remaining(), 0, "{name}: unused faces");
        serde_json::from_str(&out).unwrap()
    }

    fn fails(name: &str, input: Value) -> ErrorCode {
        let mut dice = SuppliedDice::new([1; 8]);
        run_procedure(name, &input.to_string(), &mut dice)
            .unwrap_err()
            .code
    }

    const NAMES: [&str; 28] = [
        "ose.door",
        "ose.encumbrance",
        "ose.treasureWeight",
        "ose.partyMovement",
        "ose.falling",
        "ose.swimming",
        "ose.starving",
        "ose.climbSheer",
        "ose.climb",
        "ose.encircled",
        "ose.flyingMount",
        "ose.infravision",
        "ose.lightSpoilsSurprise",
        "ose.splitTreasure",
        "ose.magicItemPicks",
        "ose.partyAdvice",
        "hyb.load",
        "hyb.coins",
        "hyb.change",
        "hyb.carriedLoot",
        "hyb.xpForGold",
        "hyb.overland",
        "hyb.waterSpeed",
        "hyb.move",
        "a5e.conditionImmunities",
        "a5e.rollingSpeed",
        "a5e.rollingForward",
        "a5e.groupStragglers",
    ];

    #[test]
    fn every_name_is_known_and_malformed_input_is_invalid_argument() {
        for name in NAMES {
            for input in ["", "null", "[]", "5", "{\"x\":", "\"text\""] {
                let mut dice = SuppliedDice::new([1; 8]);
                let err = run_procedure(name, input, &mut dice).unwrap_err();
                assert_eq!(err.code, ErrorCode::InvalidArgument, "{name} {input}");
                assert!(!err.message.contains("unknown procedure"), "{name}");
            }
        }
    }

    #[test]
    fn ose_encumb_01_03_04_movement_by_load_ex_ose_14() {
        let detailed = |total: u32| {
            run(
                "ose.encumbrance",
                json!({"type": "detailed", "total": total}),
                &[],
            )
        };
        assert_eq!(detailed(400), json!(120));
        assert_eq!(detailed(500), json!(90));
        assert_eq!(detailed(800), json!(60));
        assert_eq!(detailed(1600), json!(30));
        assert_eq!(detailed(1601), Value::Null, "cannot move");
        let basic =
            json!({"type": "basic", "armor": "light", "carryingTreasure": true, "treasure": 300});
        assert_eq!(run("ose.encumbrance", basic, &[]), json!(60));
        let heavy = json!({"type": "basic", "armor": "unarmored", "carryingTreasure": false, "treasure": 1700});
        assert_eq!(run("ose.encumbrance", heavy, &[]), Value::Null);
    }

    #[test]
    fn ose_encumb_02_treasure_weights_in_coins() {
        let items = json!({"items": [
            {"item": "potion", "count": 3},
            {"item": "staff"},
            {"item": "coin", "count": 100},
            {"item": "jewelry", "count": 2},
        ]});
        assert_eq!(
            run("ose.treasureWeight", items, &[]),
            json!(30 + 40 + 100 + 20)
        );
        let huge = json!({"items": [{"item": "staff", "count": 4_000_000_000u32}]});
        assert_eq!(
            fails("ose.treasureWeight", huge),
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn ose_move_01_the_party_moves_at_its_slowest() {
        assert_eq!(
            run("ose.partyMovement", json!({"members": [120, 90, 120]}), &[]),
            json!(90)
        );
        assert_eq!(
            run("ose.partyMovement", json!({"members": [120, null]}), &[]),
            Value::Null
        );
        assert_eq!(
            fails("ose.partyMovement", json!({"members": []})),
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn ose_haz_01_02_04_05_climbing_falling_starving_swimming() {
        let fall = run("ose.falling", json!({"feet": 25}), &[3, 4]);
        assert_eq!(fall["damage"], json!(7), "1d6 per full 10 ft: 2d6");
        assert_eq!(fall["dice"].as_array().unwrap().len(), 2);
        assert_eq!(run("ose.swimming", json!({"feet": 120}), &[]), json!(60));
        let starving =
            |days: u32| run("ose.starving", json!({"daysWithoutFoodOrWater": days}), &[]);
        assert_eq!(starving(0), json!(false));
        assert_eq!(starving(1), json!(true));
        assert_eq!(run("ose.climbSheer", json!({}), &[]), json!(false));
        let slip = run("ose.climb", json!({"dexCheck": 13, "difficulty": 4}), &[10]);
        assert_eq!(
            (&slip["canClimb"], &slip["success"]),
            (&json!(true), &json!(false))
        );
        let sheer = run("ose.climb", json!({"sheer": true}), &[]);
        assert_eq!(sheer["canClimb"], json!(false));
        assert_eq!(
            run("ose.climbSheer", json!({"classAbility": true}), &[]),
            json!(true)
        );
    }

    #[test]
    fn ose_wild_03_12_flying_mounts_and_encirclement() {
        let carry = |hd: u32| run("ose.flyingMount", json!({"hd": hd}), &[]);
        assert_eq!(carry(2), Value::Null);
        assert_eq!(carry(5), json!("halfHuman"));
        assert_eq!(carry(6), json!("adultHuman"));
        assert_eq!(carry(23), json!("largeAnimal"));
        assert_eq!(carry(24), json!("veryLargeAnimal"));
        let circled = |surprised: bool, monsters: u32| {
            run(
                "ose.encircled",
                json!({"partySurprised": surprised, "monsters": monsters}),
                &[],
            )
        };
        assert_eq!(circled(true, 3), json!(true));
        assert_eq!(circled(true, 2), json!(false));
        assert_eq!(circled(false, 9), json!(false));
    }

    #[test]
    fn ose_light_02_03_infravision_only_in_darkness_and_lights_spoil_surprise() {
        let sees = |light: &str, heat: bool| {
            run(
                "ose.infravision",
                json!({"light": light, "largeHeatSourceNearby": heat}),
                &[],
            )
        };
        assert_eq!(sees("darkness", false), json!(true));
        assert_eq!(sees("dim", false), json!(false));
        assert_eq!(sees("darkness", true), json!(false));
        let spoils = |carrying: bool, env: &str| {
            run(
                "ose.lightSpoilsSurprise",
                json!({"carryingLight": carrying, "environment": env}),
                &[],
            )
        };
        assert_eq!(spoils(true, "darkness"), json!(true));
        assert_eq!(spoils(true, "bright"), json!(false));
    }

    #[test]
    fn ose_party_01_03_dividing_treasure_pick_order_and_advice() {
        assert_eq!(
            run("ose.splitTreasure", json!({"total": 100, "shares": 3}), &[]),
            json!({"each": 33, "remainder": 1})
        );
        assert_eq!(
            fails("ose.splitTreasure", json!({"total": 100, "shares": 0})),
            ErrorCode::InvalidArgument
        );
        // ana 12, bo 17, cy 12 → bo first; ana and cy re-roll: 3, 9 → cy, then ana.
        let picks = run(
            "ose.magicItemPicks",
            json!({"players": ["ana", "bo", "cy"]}),
            &[12, 17, 12, 3, 9],
        );
        let order: Vec<&str> = picks
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_str().unwrap())
            .collect();
        assert_eq!(order, ["bo", "cy", "ana"]);
        let advice = run("ose.partyAdvice", json!({"levels": [1, 2, 7]}), &[]);
        assert_eq!(
            advice,
            json!([
                {"type": "unusualSize", "size": 3},
                {"type": "wideLevelSpread", "lowest": 1, "highest": 7}
            ])
        );
    }

    #[test]
    fn ose_dung_03_04_05_doors_shut_behind_the_party_and_monsters_open_most() {
        assert_eq!(
            run("ose.door", json!({"state": "open"}), &[]),
            json!({"afterPartyPasses": "closed", "monstersCanOpen": true, "needsPickingOrMagic": false})
        );
        let spiked = run("ose.door", json!({"state": "spikedShut"}), &[]);
        assert_eq!(spiked["afterPartyPasses"], json!("spikedShut"));
        assert_eq!(spiked["monstersCanOpen"], json!(false));
        assert_eq!(
            run("ose.door", json!({"state": "locked"}), &[])["needsPickingOrMagic"],
            json!(true)
        );
        assert_eq!(
            run("ose.door", json!({"state": "stuck"}), &[])["monstersCanOpen"],
            json!(true)
        );
    }

    #[test]
    fn hyb_load_01_each_load_above_str_costs_5_ft_ex_hyb_03() {
        assert_eq!(
            run("hyb.load", json!({"strScore": 10, "loads": 11}), &[]),
            json!({"over": 1, "speed": 25, "disadvantage": true, "immobile": false})
        );
        assert_eq!(
            run("hyb.load", json!({"strScore": 10, "loads": 16}), &[])["immobile"],
            json!(true)
        );
    }

    #[test]
    fn hyb_load_02_treas_01_coins_weigh_alike_and_change_in_tens() {
        let purse = run("hyb.coins", json!({"cp": 250, "sp": 150, "gp": 100}), &[]);
        assert_eq!(
            purse,
            json!({"coins": 500, "valueCp": 11_750, "pounds": 5, "loads": 1})
        );
        assert_eq!(
            run("hyb.coins", json!({"gp": 501}), &[])["loads"],
            json!(2),
            "a part load takes a load"
        );
        assert_eq!(
            run("hyb.change", json!({"cp": 11_756}), &[]),
            json!({"cp": 6, "sp": 5, "gp": 117})
        );
    }

    #[test]
    fn hyb_treas_02_03_xp_for_gold_and_carried_loot() {
        assert_eq!(run("hyb.xpForGold", json!({"gp": 120}), &[]), json!(120));
        assert_eq!(
            run("hyb.xpForGold", json!({"gp": 120, "earned": false}), &[]),
            json!(0)
        );
        assert_eq!(
            run("hyb.xpForGold", json!({"gp": 120, "xpPerGp": 2}), &[]),
            json!(240)
        );
        let loot = run("hyb.carriedLoot", json!({"hd": 2}), &[7, 13]);
        assert_eq!(loot["gp"], json!(20), "1d20 gp per HD");
    }

    #[test]
    fn hyb_act_04_a5e_scen_04_special_movement_and_rolling_scene_speed() {
        let half = run(
            "hyb.move",
            json!({"speed": 30, "forms": ["climbing", "difficultTerrain"]}),
            &[],
        );
        assert_eq!(half, json!(15));
        assert_eq!(run("hyb.move", json!({"speed": 30}), &[]), json!(30));
        assert_eq!(
            run("a5e.rollingSpeed", json!({"speeds": [40, 25, 30]}), &[]),
            json!(30)
        );
        assert_eq!(
            run("a5e.rollingSpeed", json!({"speeds": []}), &[]),
            json!(30)
        );
    }

    #[test]
    fn a5e_scen_05_ctrl_01_rolling_forward_and_group_stragglers() {
        let forward = |i| run("a5e.rollingForward", i, &[]);
        assert_eq!(forward(json!({})), json!(false));
        assert_eq!(forward(json!({"dashing": true})), json!(true));
        assert_eq!(forward(json!({"improvisedAction": true})), json!(true));
        // Three wolves side by side and one 15 ft off.
        let wolves = json!({"members": [
            {"x": 0, "y": 0}, {"x": 5, "y": 5}, {"x": 10, "y": 0}, {"x": 25, "y": 0}
        ]});
        assert_eq!(run("a5e.groupStragglers", wolves, &[]), json!([3]));
    }

    #[test]
    fn hyb_travel_04_06_overland_miles_and_overwater_speeds_ex_hyb_12() {
        let day = |light: &str| {
            run(
                "hyb.overland",
                json!({"party": [{"strModifier": 2}, {"strModifier": 3}], "day": {"light": light}}),
                &[],
            )
        };
        assert_eq!(day("bright"), json!(12), "the slowest: 10 + 2");
        assert_eq!(day("dim"), json!(6), "dim light counts as difficult");
        let speed = |vessel: &str, flow: &str| {
            run(
                "hyb.waterSpeed",
                json!({"vessel": vessel, "flow": flow}),
                &[],
            )
        };
        assert_eq!(
            speed("boat", "neutral"),
            json!({"perHour": {"tenths": 30}, "perDay": 30})
        );
        assert_eq!(
            speed("boat", "unfavorable"),
            json!({"perHour": {"tenths": 15}, "perDay": 15})
        );
        assert_eq!(
            speed("ship", "favorable"),
            json!({"perHour": {"tenths": 100}, "perDay": 200})
        );
    }

    #[test]
    fn a5e_cond_28_condition_immunities_follow_the_links() {
        let immune = run(
            "a5e.conditionImmunities",
            json!({"immune": ["stunned", "charmed"]}),
            &[],
        );
        let pairs: Vec<(String, Option<String>)> = immune
            .as_array()
            .unwrap()
            .iter()
            .map(|i| {
                (
                    i["condition"].as_str().unwrap().to_string(),
                    i["via"].as_str().map(str::to_string),
                )
            })
            .collect();
        for (condition, via) in [
            ("stunned", None),
            ("charmed", None),
            ("rattled", Some("stunned")),
            ("agonized", Some("stunned")),
            ("enraged", Some("charmed")),
            ("fixated", Some("charmed")),
            ("manic", Some("charmed")),
        ] {
            assert!(
                pairs.contains(&(condition.to_string(), via.map(str::to_string))),
                "{condition}: {pairs:?}"
            );
        }
        assert_eq!(pairs.len(), 7, "{pairs:?}");
        assert_eq!(
            fails("a5e.conditionImmunities", json!({"immune": ["sleepy"]})),
            ErrorCode::UnknownId
        );
    }
}
