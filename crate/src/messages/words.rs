//! Words several log lines share, each a message of its own so that it is translated once.

use crate::ability::Ability;
use crate::messages::Catalogue;
use crate::msg;

/// An ability's full name ("Dexterity").
pub fn ability(cat: &Catalogue, a: Ability) -> String {
    match a {
        Ability::Str => msg!(cat, "ability.str"),
        Ability::Dex => msg!(cat, "ability.dex"),
        Ability::Con => msg!(cat, "ability.con"),
        Ability::Int => msg!(cat, "ability.int"),
        Ability::Wis => msg!(cat, "ability.wis"),
        Ability::Cha => msg!(cat, "ability.cha"),
    }
}

/// Items joined by the catalogue's list separator (`", "` in English).
pub fn join(cat: &Catalogue, items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(&msg!(cat, "list.separator"))
}
