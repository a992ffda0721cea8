//! The six abilities and the A5E skills, shared by every ruleset and module (one type each, so
//! the generated TypeScript has one `Ability` and one `Skill`).

/// The 5e score → modifier rule, ⌊(score − 10) / 2⌋ (A5E, and HYB-CHK-05 uses it too:
/// CON 10 → +0, CON 6 → −2). The one implementation; modules add their own range checks.
/// Total for every `u32`: the result lies between −5 and 2^31 − 6, so the cast cannot wrap.
pub const fn modifier(score: u32) -> i32 {
    (score as i64 - 10).div_euclid(2) as i32
}

/// One of the six ability scores.
#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Ability {
    Str,
    Dex,
    Con,
    Int,
    Wis,
    Cha,
}

impl Ability {
    pub const ALL: [Ability; 6] = [
        Self::Str,
        Self::Dex,
        Self::Con,
        Self::Int,
        Self::Wis,
        Self::Cha,
    ];
    /// Strength, Dexterity and Constitution: the physical abilities named by agonized
    /// (A5E-COND-01) and fatigue levels 2 and 4 (A5E-TRACK-07).
    pub const PHYSICAL: &'static [Ability] = &[Self::Str, Self::Dex, Self::Con];
    /// Intelligence, Wisdom and Charisma: the mental abilities named by enraged (A5E-COND-11)
    /// and strife levels 1 and 4 (A5E-TRACK-08).
    pub const MENTAL: &'static [Ability] = &[Self::Int, Self::Wis, Self::Cha];

    /// The full name, for log lines.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Str => "Strength",
            Self::Dex => "Dexterity",
            Self::Con => "Constitution",
            Self::Int => "Intelligence",
            Self::Wis => "Wisdom",
            Self::Cha => "Charisma",
        }
    }
}

/// Skills a check can be made with: the A5E list. Conditions name only some (Investigation and
/// Perception by fixated, A5E-COND-13) and the A5E procedures call for a few (world features,
/// jumping, tumbling, hiding, searching, diving), but a check may carry any of them so that
/// homebrew conditions can target one. HYB has no skills (HYB-CHK-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Skill {
    Acrobatics,
    AnimalHandling,
    Arcana,
    Athletics,
    Culture,
    Deception,
    Engineering,
    History,
    Insight,
    Intimidation,
    Investigation,
    Medicine,
    Nature,
    Perception,
    Performance,
    Persuasion,
    Religion,
    SleightOfHand,
    Stealth,
    Survival,
}

impl Skill {
    /// The ability a skill is usually paired with (the A5E skill list's pairing; a Narrator
    /// may call for another ability with any skill).
    pub const fn usual_ability(self) -> Ability {
        match self {
            Self::Athletics => Ability::Str,
            Self::Acrobatics | Self::SleightOfHand | Self::Stealth => Ability::Dex,
            Self::Arcana
            | Self::Culture
            | Self::Engineering
            | Self::History
            | Self::Investigation
            | Self::Nature
            | Self::Religion => Ability::Int,
            Self::AnimalHandling
            | Self::Insight
            | Self::Medicine
            | Self::Perception
            | Self::Survival => Ability::Wis,
            Self::Deception | Self::Intimidation | Self::Performance | Self::Persuasion => {
                Ability::Cha
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::modifier;

    #[test]
    fn hyb_chk_05_modifier_rounds_down_and_is_total() {
        assert_eq!(modifier(10), 0);
        assert_eq!(modifier(6), -2);
        assert_eq!(modifier(9), -1);
        assert_eq!(modifier(1), -5);
        assert_eq!(modifier(0), -5);
        assert_eq!(modifier(30), 10);
        assert_eq!(modifier(u32::MAX), 2_147_483_642);
    }
}
