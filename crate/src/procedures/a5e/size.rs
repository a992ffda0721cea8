//! A5E-MOVE-01: size categories, the space each occupies and how many creatures can surround it.

/// Creature (and object) size categories, smallest first.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "camelCase")]
pub enum Size {
    Tiny,
    Small,
    Medium,
    Large,
    Huge,
    Gargantuan,
    Titanic,
}

/// One row of the size table (A5E-MOVE-01).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SizeRow {
    pub size: Size,
    /// Side of the square the creature controls, in feet (2.5 for Tiny).
    pub space_ft: f64,
    /// True for Titanic: "25 ft × 25 ft **or larger**".
    pub space_or_larger: bool,
    /// How many Medium creatures can surround a creature of this size (docs/rules.md G-11 reading).
    pub surrounding: u32,
    /// True for Titanic: "24 **or more**".
    pub surrounding_or_more: bool,
}

/// A5E-MOVE-01, every row.
pub const SIZE_TABLE: [SizeRow; 7] = [
    row(Size::Tiny, 2.5, 8),
    row(Size::Small, 5.0, 8),
    row(Size::Medium, 5.0, 8),
    row(Size::Large, 10.0, 12),
    row(Size::Huge, 15.0, 16),
    row(Size::Gargantuan, 20.0, 20),
    SizeRow {
        size: Size::Titanic,
        space_ft: 25.0,
        space_or_larger: true,
        surrounding: 24,
        surrounding_or_more: true,
    },
];

const fn row(size: Size, space_ft: f64, surrounding: u32) -> SizeRow {
    SizeRow {
        size,
        space_ft,
        space_or_larger: false,
        surrounding,
        surrounding_or_more: false,
    }
}

/// A5E-MOVE-01 / EX-A5E-12: a Medium creature can be surrounded by at most 4 Large creatures
/// (the only mixed-size figure the sources give).
pub const MEDIUM_SURROUNDED_BY_LARGE_MAX: u32 = 4;

impl Size {
    pub const ALL: [Size; 7] = [
        Self::Tiny,
        Self::Small,
        Self::Medium,
        Self::Large,
        Self::Huge,
        Self::Gargantuan,
        Self::Titanic,
    ];

    /// This size's row of the size table.
    pub fn row(self) -> SizeRow {
        let index = self as usize;
        SIZE_TABLE.get(index).copied().unwrap_or(SizeRow {
            size: self,
            space_ft: 0.0,
            space_or_larger: false,
            surrounding: 0,
            surrounding_or_more: false,
        })
    }

    /// Side of the creature's space in feet.
    pub fn space_ft(self) -> f64 {
        self.row().space_ft
    }

    /// How many Medium creatures can surround it.
    pub fn surrounding(self) -> u32 {
        self.row().surrounding
    }

    /// Signed number of size categories from `other` up to `self` (Large vs Medium = 1).
    pub const fn steps_above(self, other: Size) -> i32 {
        self as i32 - other as i32
    }

    /// One size smaller, if any.
    pub const fn smaller(self) -> Option<Size> {
        match self {
            Self::Tiny => None,
            Self::Small => Some(Self::Tiny),
            Self::Medium => Some(Self::Small),
            Self::Large => Some(Self::Medium),
            Self::Huge => Some(Self::Large),
            Self::Gargantuan => Some(Self::Huge),
            Self::Titanic => Some(Self::Gargantuan),
        }
    }
}

/// How a creature fits a space (A5E-MOVE-02).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Fit {
    /// The space is at least the creature's size.
    Fits,
    /// The space is one size smaller: the creature can usually squeeze through. The effects of
    /// squeezing are missing from the sources (docs/rules.md G-07), so none are applied here.
    Squeeze,
    /// Two or more sizes smaller: it can't get through.
    TooSmall,
}

/// A5E-MOVE-02: can a creature of `creature` size pass through a space sized for `space`?
pub const fn fit(creature: Size, space: Size) -> Fit {
    match creature.steps_above(space) {
        i32::MIN..=0 => Fit::Fits,
        1 => Fit::Squeeze,
        _ => Fit::TooSmall,
    }
}
