//! placeholder replaced below
pub const SNAPSHOT_VERSION: u32 = 1;
