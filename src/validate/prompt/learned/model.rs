//! The learned reading's weights: a table of `1 << bits` signed bytes (one per feature
//! bucket, times `scale`), a bias and the threshold the training chose, in a small binary
//! file embedded in the crate (`model.bin`, written by the training test, train.rs).

/// The file starts with these bytes, then `bits` (u32), `scale`, `bias` and `threshold`
/// (f32), little-endian, then the sha256 of the training texts, then the weights.
const MAGIC: &[u8; 8] = b"A2A-LRN2";
const DIGEST: usize = 32;
const HEADER: usize = MAGIC.len() + 16 + DIGEST;

/// The weights as embedded.
pub(super) const EMBEDDED: &[u8] = include_bytes!("model.bin");

/// A linear model over hashed features, read in place from its bytes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Model<'a> {
    pub(super) bits: u32,
    scale: f32,
    bias: f32,
    pub(super) threshold: f32,
    #[cfg(test)]
    digest: &'a [u8],
    weights: &'a [u8],
}

fn f32_at(bytes: &[u8], at: usize) -> f32 {
    f32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

impl<'a> Model<'a> {
    /// Reads a model; `None` when the bytes are not one (a wrong magic or length).
    pub(super) fn read(bytes: &'a [u8]) -> Option<Self> {
        if bytes.len() < HEADER || &bytes[..MAGIC.len()] != MAGIC {
            return None;
        }
        let at = MAGIC.len();
        let bits = u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let weights = &bytes[HEADER..];
        if !(8..=24).contains(&bits) || weights.len() != 1 << bits {
            return None;
        }
        Some(Self {
            bits,
            scale: f32_at(bytes, at + 4),
            bias: f32_at(bytes, at + 8),
            threshold: f32_at(bytes, at + 12),
            #[cfg(test)]
            digest: &bytes[at + 16..HEADER],
            weights,
        })
    }

    /// The embedded model (checked by a test to read).
    pub(super) fn embedded() -> Option<Model<'static>> {
        Model::read(EMBEDDED)
    }

    /// The weight of a feature bucket, in steps of `scale`.
    pub(super) fn weight(&self, feature: u32) -> i32 {
        i32::from(self.weights[feature as usize] as i8)
    }

    /// The probability that a window is an instruction, from the sum of its features'
    /// weights (in steps of `scale`) and their number: a logistic over the sum scaled by one
    /// over the root of the number, so that a long window weighs as much as a short one.
    pub(super) fn probability_of(&self, sum: i64, count: u64) -> f32 {
        if count == 0 {
            return 0.0;
        }
        #[allow(clippy::cast_precision_loss)] // sums and counts of a window's few hundred features
        let z = self.bias + self.scale * sum as f32 / (count as f32).sqrt();
        1.0 / (1.0 + (-z).exp())
    }

    /// [`Model::probability_of`] a window's features.
    #[cfg(test)]
    pub(super) fn probability(&self, features: &[u32]) -> f32 {
        let sum = features.iter().map(|&f| i64::from(self.weight(f))).sum();
        self.probability_of(sum, features.len() as u64)
    }

    /// Whether two models are the same up to the last bits of floating point, which the
    /// `exp` of another C library may change: the same size, scale, bias and threshold to
    /// within a thousandth, and each weight within one step.
    #[cfg(test)]
    pub(super) fn same_as(&self, other: &Model<'_>) -> bool {
        let near = |a: f32, b: f32| (a - b).abs() <= 1e-3 * a.abs().max(1.0);
        self.bits == other.bits
            && near(self.scale, other.scale)
            && near(self.bias, other.bias)
            && near(self.threshold, other.threshold)
            && self
                .weights
                .iter()
                .zip(other.weights)
                .all(|(&a, &b)| (i16::from(a as i8) - i16::from(b as i8)).abs() <= 1)
    }

    /// The sha256 of the texts the model was trained on.
    #[cfg(test)]
    pub(super) fn digest(&self) -> [u8; DIGEST] {
        self.digest.try_into().unwrap_or([0; DIGEST])
    }

    /// The bytes of a model, for the training test to write.
    #[cfg(test)]
    pub(super) fn encode(
        bits: u32,
        scale: f32,
        bias: f32,
        threshold: f32,
        weights: &[i8],
        digest: &[u8; DIGEST],
    ) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&bits.to_le_bytes());
        for v in [scale, bias, threshold] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(digest);
        out.extend(weights.iter().map(|&w| w as u8));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_model_reads() {
        let model = Model::embedded().expect("model.bin is a model");
        assert!(
            model.threshold > 0.0 && model.threshold < 1.0,
            "{}",
            model.threshold
        );
    }

    #[test]
    fn a_model_reads_back_what_was_encoded_and_refuses_other_bytes() {
        let weights = [10i8, -10, 0, 127].repeat(64);
        let bytes = Model::encode(8, 0.5, -1.0, 0.9, &weights, &[7; DIGEST]);
        let model = Model::read(&bytes).expect("reads");
        assert_eq!((model.bits, model.threshold), (8, 0.9));
        // bias -1 + 0.5 * (10 + 127) / sqrt(2)
        let p = model.probability(&[0, 3]);
        let z: f32 = -1.0 + 0.5 * 137.0 / 2f32.sqrt();
        assert!((p - 1.0 / (1.0 + (-z).exp())).abs() < 1e-6);
        assert!(model.probability(&[1]) < 0.01);
        assert_eq!(model.probability(&[]), 0.0);
        assert!(Model::read(&bytes[..bytes.len() - 1]).is_none(), "short");
        let mut wrong = bytes.clone();
        wrong[0] = b'B';
        assert!(Model::read(&wrong).is_none(), "magic");
        assert!(
            Model::read(&Model::encode(7, 1.0, 0.0, 0.5, &[0; 128], &[0; DIGEST])).is_none(),
            "bits"
        );
        let other = |threshold: f32, bias: f32, weights: &[i8]| {
            Model::encode(8, 0.5, bias, threshold, weights, &[7; DIGEST])
        };
        let mut near = weights.clone();
        near[1] = -9;
        assert!(model.same_as(&Model::read(&other(0.9, -1.0, &near)).unwrap()));
        near[1] = -8;
        assert!(!model.same_as(&Model::read(&other(0.9, -1.0, &near)).unwrap()));
        assert!(!model.same_as(&Model::read(&other(0.8, -1.0, &weights)).unwrap()));
        assert!(!model.same_as(&Model::read(&other(0.9, -1.1, &weights)).unwrap()));
    }
}
