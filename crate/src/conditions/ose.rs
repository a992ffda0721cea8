//! Old-School Essentials' own conditions as data (docs/rules.md §4, "Old-School Essentials").
//!
//! OSE has no chapter of conditions the way 5e and A5E do: a handful of combat rules say what
//! happens to a blind, helpless or retreating combatant, and this set gives each of those states
//! a name a table can put on a creature, so the roll query reports the rule with its id. Nothing
//! else is here: A5E's rattled, slowed, confused and the rest do not exist in OSE, and an OSE
//! encounter refuses them (`UNKNOWN_ID`) instead of offering rules the game does not have.
//!
//! The entries restate the rules in our own words with the shared effect vocabulary
//! ([`super::effect`]); ids are the same words as A5E's where the state is the same (blinded,
//! paralyzed), so a VTT naming "paralyzed" means it under every set.

use super::definition::{ConditionDef, def, implies, linked};
use super::effect::{ActionLimit as A, Effect, Flag as F};
use super::id::ConditionId;

/// A `'static` slice of effects built in a const item (see the same macro in `a5e.rs`).
macro_rules! fx {
    ($($e:expr),* $(,)?) => {{
        const LIST: &[Effect] = &[$($e),*];
        LIST
    }};
}

/// A `'static` slice of condition ids, as [`fx!`] does for effects.
macro_rules! cids {
    ($($e:expr),* $(,)?) => {{
        const LIST: &[ConditionId] = &[$($e),*];
        LIST
    }};
}

const HELPLESS: ConditionId = ConditionId::builtin("helpless");

/// OSE melee is between combatants 5 ft apart (OSE-COMBAT-10) and missiles need more
/// (OSE-COMBAT-05), so an attacker within 5 ft is making a melee attack.
const MELEE_FEET: u32 = 5;

/// OSE-COMBAT-04: the bonus to attacks against a combatant retreating from melee. The OSE
/// attack procedure adds this same constant (procedures sit above conditions, so they name it).
pub const RETREAT_BONUS: i32 = 2;

/// Every built-in OSE condition, alphabetical.
pub static OSE_CONDITIONS: [ConditionDef; 4] = [
    // OSE-ATK-10: a character who cannot see cannot attack at all.
    def(
        "blinded",
        "Blinded",
        "OSE-ATK-10",
        fx![Effect::flag(F::CantSee), Effect::action(A::NoAttacks)],
    ),
    // OSE-ATK-13: asleep, bound, held and the like: a melee attack on it needs no roll, only
    // damage is rolled.
    def(
        "helpless",
        "Helpless",
        "OSE-ATK-13",
        fx![Effect::HitsAutomaticallyWithin { feet: MELEE_FEET }],
    ),
    // OSE-ATK-13: a paralyzed creature is helpless (so hit automatically in melee), and it
    // neither moves nor acts while it lasts.
    linked(
        "paralyzed",
        "Paralyzed",
        "OSE-ATK-13",
        implies(cids![HELPLESS]),
        fx![Effect::flag(F::CantMove), Effect::action(A::NoActions)],
    ),
    // OSE-COMBAT-04, the retreat: it moves away at full rate and makes no attack this round;
    // attacks on it are at +2 and ignore its shield.
    def(
        "retreating",
        "Retreating",
        "OSE-COMBAT-04",
        fx![
            Effect::action(A::NoAttacks),
            Effect::AttackModifierAgainst {
                amount: RETREAT_BONUS
            },
            Effect::flag(F::ShieldIgnored),
        ],
    ),
];
