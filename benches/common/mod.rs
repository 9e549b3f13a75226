//! What the criterion benches share: reading criterion's estimates back, and printing each
//! measurement as a ratio to the baseline measured in the same run.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// Criterion's mean estimate for one benchmark, in nanoseconds, found by the function id
/// criterion records next to its estimates.
pub fn mean_ns(group: &str, id: &str) -> Option<f64> {
    let read_json = |path: &Path| -> Option<Value> {
        serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
    };
    // Where criterion writes, as criterion decides it: CRITERION_HOME, else criterion/ in the
    // cargo target dir (CARGO_TARGET_DIR honoured).
    let home = std::env::var_os("CRITERION_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let target = std::env::var_os("CARGO_TARGET_DIR").unwrap_or_else(|| "target".into());
            PathBuf::from(target).join("criterion")
        });
    let group_dir = home.join(group);
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
