//! Level Up Advanced 5e (A5E) mechanics as plain functions and data an encounter or a VTT can
//! call: attack rolls and expertise dice, attack circumstances and cover, movement budgets and
//! the actions whose numbers can be enforced, jumping, the environment (falling, breath, water,
//! light and senses), the alternative scenarios, the world-feature catalogue with its resolver,
//! group control, and objects.
//!
//! Every roll goes through a caller-supplied [`DieRoller`](crate::dice::DieRoller) and every
//! die shows up in the result as a [`RolledDie`](crate::dice::RolledDie). Rule IDs refer to
//! docs/rules.md §2; tests are named after them.

pub mod ability;
pub mod actions;
pub mod attack;
pub mod attack_situation;
pub mod control;
pub mod cover;
pub mod damage;
pub mod dice;
pub mod effects;
pub mod environment;
pub mod jump;
pub mod limits;
pub mod movement;
pub mod objects;
pub mod position;
pub mod press;
pub mod procedure_inputs;
pub mod procedures;
pub mod scenarios;
pub mod size;
pub mod travel;
pub mod tumble;
pub mod turn;
pub mod two_weapon;
pub mod world;

pub use ability::{Ability, Skill, ability_modifier};
pub use attack::{
    AttackKind, AttackOutcome, AttackRoll, AttackRollInput, DeathSaveRoll, roll_death_save,
};
pub use attack_situation::{
    A5eRangeBand, AttackAssessment, AttackCircumstances, AttackEnvironment, AttackForm,
    OpportunityTrigger, TargetLocation, assess_attack, provokes_opportunity_attack, range_band,
};
pub use cover::{A5eCover, CoverSaveRule};
pub use damage::{DamageDice, DamageRoll, DamageType};
pub use dice::{D20Roll, D20Test, D20TestRoll, DEFAULT_EXPERTISE_DIE, Dice, RollMode, roll_d20};
pub use effects::{AppliedCondition, Lasts};
pub use movement::{
    MoveMode, MoveStep, MovementBudget, MovementOptions, SpecialTerrainCost, Speeds,
};
pub use size::Size;
pub use turn::{ActionCost, TurnBudget};
