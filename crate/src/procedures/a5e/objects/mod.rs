//! A5E-OBJ: objects — armor class by material, hit points by size, damage thresholds and the
//! object damage rules, doors and bashing, far-future materials, forcefields, ray shielding and
//! zirkon.

pub mod armor;
pub mod damage;
pub mod doors;
pub mod far_future;
pub mod hit_points;
pub mod zirkon;
