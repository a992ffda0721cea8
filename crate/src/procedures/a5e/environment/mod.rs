//! A5E-ENV: falling, holding breath and suffocating, fighting underwater, light, obscurement and
//! senses, food and water.

pub mod breath;
pub mod falling;
pub mod underwater;
pub mod vision;

/// A5E-ENV-10 / A5E-REST-05: levels of fatigue gained at the end of a long rest taken without
/// consuming food and water (or Supply): 1, else 0.
pub const fn long_rest_food_fatigue(ate_and_drank: bool) -> u32 {
    if ate_and_drank { 0 } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a5e_env_10_long_rest_without_food_gives_one_fatigue() {
        assert_eq!(long_rest_food_fatigue(false), 1);
        assert_eq!(long_rest_food_fatigue(true), 0);
    }
}
