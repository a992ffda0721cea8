//! Abilities and skills for the A5E procedures (the crate-wide types), and ability modifiers.

use crate::error::{Error, Result};

pub use crate::ability::{Ability, Skill};

/// The modifier of an ability score: ⌊(score − 10) / 2⌋. Scores above
/// [`MAX_ABILITY_SCORE`](super::limits::MAX_ABILITY_SCORE) are `INVALID_ARGUMENT`.
pub fn ability_modifier(score: u32) -> Result<i32> {
    let max = super::limits::MAX_ABILITY_SCORE;
    if score > max {
        return Err(Error::invalid_argument(format!(
            "ability scores run up to {max}, not {score}"
        )));
    }
    Ok(crate::ability::modifier(score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_round_down() {
        for (score, modifier) in [
            (1, -5),
            (8, -1),
            (9, -1),
            (10, 0),
            (14, 2),
            (15, 2),
            (16, 3),
            (30, 10),
        ] {
            assert_eq!(ability_modifier(score).unwrap(), modifier, "score {score}");
        }
        assert!(ability_modifier(101).is_err());
    }

    #[test]
    fn skills_pair_with_their_usual_ability() {
        assert_eq!(Skill::Athletics.usual_ability(), Ability::Str);
        assert_eq!(Skill::Acrobatics.usual_ability(), Ability::Dex);
        assert_eq!(Skill::Perception.usual_ability(), Ability::Wis);
    }
}
