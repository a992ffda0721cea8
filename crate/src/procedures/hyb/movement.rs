//! HYB special movement (HYB-ACT-04, worked example EX-HYB-04): swimming, crawling, climbing and
//! moving through difficult terrain all go at half speed.
//!
//! How it was read (docs/rules.md C-17): the hybrid halves once, flatly. Climbing through difficult
//! terrain is still half speed, not a quarter (A5E compounds the two, A5E-MOVE-04; the hybrid's
//! text names them as one list of forms that "force you to move at half speed"). Halving rounds
//! down to whole feet, as speeds are whole feet.

use crate::error::{Error, Result};
use crate::procedures::limits::MAX_SPEED_FEET;

/// A form of special movement (HYB-ACT-04).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum SpecialMovement {
    Swimming,
    Crawling,
    Climbing,
    DifficultTerrain,
}

/// A creature's speed and how it is moving this turn.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct HybMoveInput {
    /// Its speed in feet (30 for most PCs).
    pub speed: u32,
    /// Every form of special movement that applies (none: plain movement).
    #[serde(default)]
    pub forms: Vec<SpecialMovement>,
}

/// How far it can move this turn, in feet: its speed, halved once if any form of special
/// movement applies (HYB-ACT-04).
pub fn hyb_move_distance(input: &HybMoveInput) -> Result<u32> {
    if input.speed > MAX_SPEED_FEET {
        return Err(Error::invalid_argument(format!(
            "a speed is at most {MAX_SPEED_FEET} ft"
        )));
    }
    Ok(if input.forms.is_empty() {
        input.speed
    } else {
        input.speed / 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distance(speed: u32, forms: &[SpecialMovement]) -> u32 {
        hyb_move_distance(&HybMoveInput {
            speed,
            forms: forms.to_vec(),
        })
        .unwrap()
    }

    #[test]
    fn hyb_act_04_ex_hyb_04_each_form_of_special_movement_is_half_speed() {
        use SpecialMovement::*;
        for form in [Swimming, Crawling, Climbing, DifficultTerrain] {
            assert_eq!(distance(30, &[form]), 15, "{form:?}");
        }
        assert_eq!(distance(30, &[]), 30);
    }

    #[test]
    fn hyb_act_04_forms_do_not_compound_and_odd_speeds_round_down() {
        use SpecialMovement::*;
        assert_eq!(distance(30, &[Climbing, DifficultTerrain]), 15);
        assert_eq!(distance(25, &[Swimming]), 12);
        assert!(
            hyb_move_distance(&HybMoveInput {
                speed: MAX_SPEED_FEET + 1,
                forms: vec![],
            })
            .is_err()
        );
    }
}
