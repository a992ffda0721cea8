//! A5E-DMG-05: the thirteen damage types. Types carry no rules of their own; resistances,
//! vulnerabilities and immunities refer to them.

#[crate::boundary(state)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "camelCase")]
pub enum DamageType {
    Acid,
    Bludgeoning,
    Cold,
    Fire,
    Force,
    Lightning,
    Necrotic,
    Piercing,
    Poison,
    Psychic,
    Radiant,
    Slashing,
    Thunder,
}

impl DamageType {
    /// Every damage type, in the order docs/rules.md lists them.
    pub const ALL: [DamageType; 13] = [
        Self::Acid,
        Self::Bludgeoning,
        Self::Cold,
        Self::Fire,
        Self::Force,
        Self::Lightning,
        Self::Necrotic,
        Self::Piercing,
        Self::Poison,
        Self::Psychic,
        Self::Radiant,
        Self::Slashing,
        Self::Thunder,
    ];
}
