//! What the criterion benches share: reading criterion's estimates back, and printing each
//! measurement as a ratio to the baseline measured in the same run.

use std::path::Path;

use serde_json::Value;

/// Criterion's mean estimate for one benchmark, in nanoseconds, found by the function id
/// criterion records next to its estimates.
pub fn mean_ns(group: &str, id: &str) -> Option<f64> {
    let read_json = |path: &Path| -> Option<Value> {
        serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
    };
    let group_dir = Path::new("target/criterion").join(group);
    for entry in std::fs::read_dir(group_dir).ok()?.flatten() {
        let new = entry.path().join("new");
        let Some(meta) = read_json(&new.join("benchmark.json")) else {
            continue;
        };
        if meta["function_id"] == id {
            return read_json(&new.join("estimates.json"))?["mean"]["point_estimate"].as_f64();
        }
    }
    None
}

/// Prints one line per (group, subject, group of the baseline, baseline).
pub fn print_ratios(ratios: &[(&str, &str, &str, &str)]) {
    println!(
        "\n{:<14} {:<36} {:>11} {:>12} {:>7}",
        "group", "subject", "subject ns", "baseline ns", "ratio"
    );
    for (group, subject, baseline_group, baseline) in ratios {
        if let (Some(s), Some(b)) = (mean_ns(group, subject), mean_ns(baseline_group, baseline)) {
            println!(
                "{group:<14} {subject:<36} {s:>11.0} {b:>12.0} {:>6.2}x",
                s / b
            );
        }
    }
}
