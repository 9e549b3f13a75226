//! **Not public API.** What the examples in the documentation share, so that each one does
//! not spell out how to load the same card: hidden from the documentation and free to change
//! in any release.

use crate::AgentCard;

/// The card of `examples/agent-card.json`: valid, with an extended card declared and an API
/// key scheme (`apiKey`) required, which is what most examples need.
///
/// ```
/// let card = a2a_card::__doctest::example_card();
/// assert_eq!(card.name, "Route Planner");
/// ```
pub fn example_card() -> AgentCard {
    AgentCard::from_json_slice(include_bytes!("../examples/agent-card.json"))
        .expect("examples/agent-card.json is a valid card")
}
