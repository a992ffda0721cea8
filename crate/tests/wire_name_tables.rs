//! The readers derived for enums with many variants find a tag's variant through a table the
//! derive made at build time (`crate/src/wire/names.rs`). Every tag of every such enum is read
//! back here through the public reader, which is what proves that the derive hashes names as
//! the reader does.

use turnkeeper::ErrorCode;
use turnkeeper::wire::{FromWire, from_json, to_json};
/// The tag of every variant of each enum whose variants are found through a table (those
/// with at least twelve: `crate::wire::names`) is found, and a name that is none of them is
/// refused with the message that lists them. This is what proves that the derive, which made
/// the table on the build machine, hashes names as the reader does.
#[test]
fn every_tag_of_an_enum_with_a_name_table_is_found() {
    fn each_tag_found<T: FromWire + core::fmt::Debug>(tag: &str) -> usize {
        let read = |name: &str| {
            let text = format!("{{{}:{}}}", to_json(tag), to_json(name));
            from_json::<T>(&text, "test", ErrorCode::InvalidArgument)
        };
        let unknown = read("noSuchVariant").unwrap_err().message;
        let (_, list) = unknown.split_once("must be one of ").expect(&unknown);
        let (list, _) = list.rsplit_once(", not ").expect(&unknown);
        let names: Vec<String> = serde_json::from_str(&format!("[{list}]")).expect(list);
        assert!(names.len() >= 12, "{names:?}");
        for name in &names {
            // A variant found reads on, to its fields (most are missing here), never to the
            // unknown-variant error; a near miss is still unknown.
            if let Err(e) = read(name) {
                assert!(
                    !e.message.contains("must be one of"),
                    "{name}: {}",
                    e.message
                );
            }
            let near = format!("{name}x");
            assert!(
                read(&near).unwrap_err().message.contains("must be one of"),
                "{near}"
            );
        }
        names.len()
    }
    use turnkeeper::conditions::effect::Effect;
    use turnkeeper::creature::{CreatureCommand, Outcome};
    use turnkeeper::encounter::{EncounterCommand, EncounterEvent};
    use turnkeeper::exploration::journey::command::JourneyCommand;
    use turnkeeper::exploration::journey::event::JourneyEvent;
    let counts = [
        each_tag_found::<EncounterEvent>("type"),
        each_tag_found::<EncounterCommand>("type"),
        each_tag_found::<JourneyEvent>("type"),
        each_tag_found::<JourneyCommand>("type"),
        each_tag_found::<CreatureCommand>("type"),
        each_tag_found::<Outcome>("type"),
        each_tag_found::<Effect>("type"),
    ];
    assert!(counts.iter().all(|&n| n >= 12), "{counts:?}");
}
