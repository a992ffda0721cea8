//! Which dice a command will ask for, so a virtual tabletop can prompt for physical dice before
//! it runs the command with their faces.
//!
//! The command runs on a copy of the state with stand-in dice (a fixed, well-spread sequence, so
//! stand-in results rarely tie); each die it rolls is reported with its size and what it went
//! into: the type of the event that carries it (`wanderingChecked`, `initiativeRolled`,
//! `tiesBroken`, …). Results can call for more dice than this list holds: a tie rolls off, a
//! tied roll-off rolls again. The list is the dice asked for when no such follow-up happens,
//! in the order the command takes the faces.

use crate::dice::{DieRoller, SourceKind};
use crate::error::Result;

/// One die a command asks for.
#[crate::boundary]
#[derive(Debug, Clone, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct NeededDie {
    pub sides: u32,
    /// The type of the event that records the die (`"other"` if none does).
    #[serde(rename = "for")]
    pub purpose: String,
}

/// Stand-in dice that record what is asked of them.
struct Recorder {
    state: u64,
    rolled: Vec<(u32, u32)>,
}

impl DieRoller for Recorder {
    fn roll_die(&mut self, sides: u32) -> Result<u32> {
        // xorshift64*: spread-out faces, so stand-in results seldom tie.
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        let x = self.state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32;
        let face = u32::try_from(x % u64::from(sides.max(1)))
            .unwrap_or(0)
            .saturating_add(1);
        self.rolled.push((sides, face));
        Ok(face)
    }
    fn kind(&self) -> SourceKind {
        SourceKind::Supplied
    }
}

/// Every `{"sides":S,"face":F}` of an event's JSON, in order.
fn dice_in(json: &str) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut rest = json;
    while let Some(at) = crate::text::search::find(rest, "\"sides\":") {
        rest = rest.get(at.saturating_add(8)..).unwrap_or("");
        let sides: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = rest.get(sides.len()..).unwrap_or("");
        let Some(face_text) = after.strip_prefix(",\"face\":") else {
            continue;
        };
        let face: String = face_text.chars().take_while(char::is_ascii_digit).collect();
        if let (Ok(s), Ok(f)) = (sides.parse(), face.parse()) {
            out.push((s, f));
        }
    }
    out
}

/// An event's `type` tag.
fn type_of(json: &str) -> String {
    const TAG: &str = "\"type\":\"";
    crate::text::search::find(json, TAG)
        .and_then(|at| json.get(at.saturating_add(TAG.len())..))
        .and_then(|rest| rest.split_once('"'))
        .map_or_else(|| "other".to_string(), |(t, _)| t.to_string())
}

/// Run `run` with stand-in dice and report each die it rolled with the event that carries it.
pub fn dice_needed<E: crate::wire::ToWire>(
    run: impl FnOnce(&mut dyn DieRoller) -> Result<Vec<E>>,
) -> Result<Vec<NeededDie>> {
    let mut dice = Recorder {
        state: 0x9e37_79b9_7f4a_7c15,
        rolled: Vec::new(),
    };
    let events = run(&mut dice)?;
    let recorded: Vec<(String, Vec<(u32, u32)>)> = events
        .iter()
        .map(|e| {
            let json = crate::wire::to_json(e);
            (type_of(&json), dice_in(&json))
        })
        .collect();
    let carried: Vec<(&str, (u32, u32))> = recorded
        .iter()
        .flat_map(|(t, dice)| dice.iter().map(move |d| (t.as_str(), *d)))
        .collect();
    let mut next = 0usize;
    let mut out = Vec::with_capacity(dice.rolled.len());
    for die in dice.rolled {
        let found = carried
            .iter()
            .enumerate()
            .skip(next)
            .find(|(_, (_, d))| *d == die);
        let purpose = match found {
            Some((i, (t, _))) => {
                next = i.saturating_add(1);
                (*t).to_string()
            }
            None => "other".to_string(),
        };
        out.push(NeededDie {
            sides: die.0,
            purpose,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_found_in_event_json_in_order() {
        let json = r#"{"type":"x","die":{"sides":6,"face":3},"dice":[{"sides":20,"face":17}]}"#;
        assert_eq!(dice_in(json), vec![(6, 3), (20, 17)]);
        assert_eq!(type_of(json), "x");
        assert_eq!(type_of("{}"), "other");
    }
}
