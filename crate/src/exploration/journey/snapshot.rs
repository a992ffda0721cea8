//! Journey snapshots: compact, versioned JSON with a checksum.
//!
//! `{"v":1,"journey":{…},"sum":"<16 hex>"}`. The checksum (FNV-1a, 64-bit, over the journey's
//! own JSON) catches corruption and casual edits; every field is then validated, so a snapshot
//! that was edited and re-summed still cannot hold an impossible state. Any failure is
//! `SNAPSHOT_INVALID`.

use crate::error::{Error, Result};
use crate::exploration::journey::Journey;

/// The snapshot format version this crate writes and reads.
pub const SNAPSHOT_VERSION: u32 = 1;
/// Largest snapshot accepted, in bytes.
pub const MAX_SNAPSHOT_BYTES: usize = 1 << 20;

#[crate::boundary(output, rust_only)]
struct Out<'a> {
    v: u32,
    journey: &'a Journey,
    sum: String,
}

#[crate::boundary(input, rust_only)]
#[serde(deny_unknown_fields)]
struct In {
    v: u32,
    journey: Journey,
    sum: String,
}

fn fnv1a(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Journey {
    /// The journey as compact, versioned JSON.
    pub fn to_json(&self) -> Result<String> {
        let body = crate::wire::to_json(self);
        Ok(crate::wire::to_json(&Out {
            v: SNAPSHOT_VERSION,
            journey: self,
            sum: fnv1a(body.as_bytes()),
        }))
    }

    /// Reads a snapshot, refusing anything malformed, of another version, with a wrong
    /// checksum, or describing an impossible journey.
    pub fn from_json(json: &str) -> Result<Journey> {
        if json.len() > MAX_SNAPSHOT_BYTES {
            return Err(Error::snapshot(format!(
                "snapshot larger than {MAX_SNAPSHOT_BYTES} bytes"
            )));
        }
        let parsed: In = crate::wire::read_all(json)
            .map_err(|e| Error::snapshot(format!("unreadable snapshot: {e}")))?;
        if parsed.v != SNAPSHOT_VERSION {
            return Err(Error::snapshot(format!(
                "snapshot version {} is not {SNAPSHOT_VERSION}",
                parsed.v
            )));
        }
        let body = crate::wire::to_json(&parsed.journey);
        if fnv1a(body.as_bytes()) != parsed.sum {
            return Err(Error::snapshot("snapshot checksum does not match"));
        }
        parsed.journey.validate()?;
        Ok(parsed.journey)
    }
}
