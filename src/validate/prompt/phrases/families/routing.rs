//! Steering the router that picks an agent: to this one, away from the others.

use super::super::Family;
use super::super::Lang::En;

/// Family 10: steer routers to this agent.
pub(super) const ALWAYS_THIS_AGENT: Family = Family {
    name: "steer routers to this agent",
    patterns: &[(
        En,
        "always use|choose|select|pick|prefer|call|invoke|recommend|route+to this|our \
         agent|skill|tool|assistant|service",
    )],
};

/// Family 11: steer routers away from others.
pub(super) const NEVER_OTHER_AGENTS: Family = Family {
    name: "steer routers away from others",
    patterns: &[(
        En,
        "do+not|don+t|never|avoid \
         use|using|call|calling|choose|choosing|select|selecting|trust|trusting|consult|\
         consulting|route+to other|another|any+other|competing|rival \
         agent|agents|tool|tools|assistant|assistants|service|services",
    )],
};
