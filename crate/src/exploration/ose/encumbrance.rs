//! OSE encumbrance and movement rates (OSE-ENCUMB-01..04, OSE-MOVE-01, EX-OSE-05, EX-OSE-14).

use crate::error::{Error, Result};
/// The OSE movement rate, shared with the procedures.
pub use crate::procedures::ose::movement::MovementRate;
use crate::units::{Coins, Feet};

/// OSE-ENCUMB-01: the most a character can carry and still move.
pub const MAX_LOAD: Coins = Coins(1_600);
/// OSE-ENCUMB-04: miscellaneous adventuring gear may be counted as 80 coins.
pub const GEAR_ALLOWANCE: Coins = Coins(80);
/// EX-OSE-05: a character may move at the encounter rate for at most 60 rounds.
pub const MAX_ENCOUNTER_ROUNDS: u32 = 60;
/// EX-OSE-05: running (base rate per round) exhausts after 30 rounds …
pub const MAX_RUNNING_ROUNDS: u32 = 30;
/// … giving −2 to attack, damage and AC …
pub const RUNNING_EXHAUSTION_PENALTY: i32 = -2;
/// … until 3 turns of rest.
pub const RUNNING_RECOVERY_TURNS: u32 = 3;

/// OSE-ENCUMB-02: kinds of treasure with a listed weight.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum TreasureItem {
    Coin,
    Gem,
    Jewelry,
    Potion,
    Rod,
    Scroll,
    Staff,
    Wand,
}

/// OSE-ENCUMB-02: treasure weights in coins, every row. Other treasure: the referee decides.
pub const TREASURE_WEIGHTS: [(TreasureItem, u32); 8] = [
    (TreasureItem::Coin, 1),
    (TreasureItem::Gem, 1),
    (TreasureItem::Jewelry, 10),
    (TreasureItem::Potion, 10),
    (TreasureItem::Rod, 20),
    (TreasureItem::Scroll, 1),
    (TreasureItem::Staff, 40),
    (TreasureItem::Wand, 10),
];

/// OSE-ENCUMB-02: weight of one item.
pub fn treasure_weight(item: TreasureItem) -> Coins {
    Coins(
        TREASURE_WEIGHTS
            .iter()
            .find(|(i, _)| *i == item)
            .map_or(0, |(_, w)| *w),
    )
}

/// OSE-ENCUMB-03: armor classes for basic encumbrance.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ArmorWorn {
    Unarmored,
    Light,
    Heavy,
}

/// OSE-ENCUMB-03: the basic table, every row: (armor, without treasure, carrying treasure).
pub const BASIC_ENCUMBRANCE_TABLE: [(ArmorWorn, u32, u32); 3] = [
    (ArmorWorn::Unarmored, 120, 90),
    (ArmorWorn::Light, 90, 60),
    (ArmorWorn::Heavy, 60, 30),
];

/// OSE-ENCUMB-03: movement under basic encumbrance. Only treasure weight counts against the
/// maximum; above 1,600 coins the character cannot move (`None`).
pub fn basic_movement(
    armor: ArmorWorn,
    carrying_treasure: bool,
    treasure_weight: Coins,
) -> Option<MovementRate> {
    if treasure_weight > MAX_LOAD {
        return None;
    }
    BASIC_ENCUMBRANCE_TABLE
        .iter()
        .find(|(a, _, _)| *a == armor)
        .map(|(_, free, laden)| {
            MovementRate::from_base(Feet(if carrying_treasure { *laden } else { *free }))
        })
}

/// OSE-ENCUMB-04: the detailed table, every row: (up to this many coins, base rate).
pub const DETAILED_ENCUMBRANCE_TABLE: [(u32, u32); 4] =
    [(400, 120), (600, 90), (800, 60), (1_600, 30)];

/// OSE-ENCUMB-04: movement under detailed encumbrance (treasure, armor and weapons, plus gear
/// at 80 coins if the group counts it that way). More than 1,600 coins: cannot move (`None`).
pub fn detailed_movement(total: Coins) -> Option<MovementRate> {
    DETAILED_ENCUMBRANCE_TABLE
        .iter()
        .find(|(limit, _)| total.0 <= *limit)
        .map(|(_, rate)| MovementRate::from_base(Feet(*rate)))
}

/// OSE-ENCUMB-03/04: which option a group plays (the same for every character).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Encumbrance {
    Basic {
        armor: ArmorWorn,
        carrying_treasure: bool,
        treasure: Coins,
    },
    Detailed {
        total: Coins,
    },
}

/// Movement for either option.
pub fn movement(enc: Encumbrance) -> Option<MovementRate> {
    match enc {
        Encumbrance::Basic {
            armor,
            carrying_treasure,
            treasure,
        } => basic_movement(armor, carrying_treasure, treasure),
        Encumbrance::Detailed { total } => detailed_movement(total),
    }
}

/// OSE-MOVE-01: the party's rate is its slowest member's; anyone who cannot move stops it.
pub fn party_movement(members: &[Option<MovementRate>]) -> Result<Option<MovementRate>> {
    if members.is_empty() {
        return Err(Error::invalid_argument("a party needs at least one member"));
    }
    Ok(members
        .iter()
        .try_fold(None::<MovementRate>, |slowest, m| {
            m.map(|m| Some(slowest.map_or(m, |s| s.min(m))))
        })
        .flatten())
}

/// EX-OSE-05: the state of a character who has been running.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct RunningEffect {
    pub exhausted: bool,
    /// −2 to attack, damage and AC while exhausted.
    pub penalty: i32,
}

/// OSE-PURSUIT-02, EX-OSE-05: after 30 rounds of running a character is exhausted (−2 to
/// attack, damage and AC until 3 turns of rest): exhausted once the 30th round is run, as
/// the pursuit and running trackers count it (`procedures::ose::running`).
pub fn running_effect(rounds_run: u32) -> RunningEffect {
    let exhausted = rounds_run >= MAX_RUNNING_ROUNDS;
    RunningEffect {
        exhausted,
        penalty: if exhausted {
            RUNNING_EXHAUSTION_PENALTY
        } else {
            0
        },
    }
}
