//! A5E-OBJ-03: object Armor Class by material.

/// The materials of the object AC table (each row groups several).
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub enum ObjectMaterial {
    /// Cloth, paper, rope.
    ClothPaperRope,
    /// Crystal, glass, ice.
    CrystalGlassIce,
    /// Wood, bone.
    WoodBone,
    Stone,
    /// Iron, steel.
    IronSteel,
    Mithral,
    Adamantine,
}

/// One row of the object AC table.
#[crate::boundary]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[serde(rename_all = "camelCase")]
pub struct MaterialArmor {
    pub material: ObjectMaterial,
    pub ac: i32,
}

/// A5E-OBJ-03, every row. Mithral and adamantine are both 21 as printed (docs/rules.md G-21: the
/// door table's 23 for adamantine is a different context and is kept there).
pub const OBJECT_ARMOR_TABLE: [MaterialArmor; 7] = [
    MaterialArmor {
        material: ObjectMaterial::ClothPaperRope,
        ac: 11,
    },
    MaterialArmor {
        material: ObjectMaterial::CrystalGlassIce,
        ac: 13,
    },
    MaterialArmor {
        material: ObjectMaterial::WoodBone,
        ac: 15,
    },
    MaterialArmor {
        material: ObjectMaterial::Stone,
        ac: 17,
    },
    MaterialArmor {
        material: ObjectMaterial::IronSteel,
        ac: 19,
    },
    MaterialArmor {
        material: ObjectMaterial::Mithral,
        ac: 21,
    },
    MaterialArmor {
        material: ObjectMaterial::Adamantine,
        ac: 21,
    },
];

impl ObjectMaterial {
    /// A5E-OBJ-03: the object's AC.
    pub fn ac(self) -> i32 {
        OBJECT_ARMOR_TABLE
            .iter()
            .find(|row| row.material == self)
            .map_or(10, |row| row.ac)
    }
}
