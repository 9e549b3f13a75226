//! [`Code`]: gRPC's status codes.

/// A gRPC status code, with its number on the wire.
///
/// ```
/// use a2a_card::protocol::grpc::Code;
/// assert_eq!(Code::Unauthenticated as i32, 16);
/// assert_eq!(Code::from_name("PERMISSION_DENIED"), Some(Code::PermissionDenied));
/// assert_eq!(Code::from_i32(12), Some(Code::Unimplemented));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Code {
    /// 0: not an error.
    Ok = 0,
    /// 1: the caller cancelled.
    Cancelled = 1,
    /// 2: an error with no better code.
    Unknown = 2,
    /// 3: the request is malformed.
    InvalidArgument = 3,
    /// 4: the deadline passed.
    DeadlineExceeded = 4,
    /// 5: no such entity.
    NotFound = 5,
    /// 6: it exists already.
    AlreadyExists = 6,
    /// 7: the caller lacks the permission (authenticated, not enough scopes).
    PermissionDenied = 7,
    /// 8: a limit was reached (a message too large).
    ResourceExhausted = 8,
    /// 9: the system is not in the state the operation needs.
    FailedPrecondition = 9,
    /// 10: aborted.
    Aborted = 10,
    /// 11: out of range.
    OutOfRange = 11,
    /// 12: the method is not implemented.
    Unimplemented = 12,
    /// 13: an internal error.
    Internal = 13,
    /// 14: unavailable for now.
    Unavailable = 14,
    /// 15: data lost.
    DataLoss = 15,
    /// 16: no valid credentials.
    Unauthenticated = 16,
}

/// Each code with its name as gRPC's documents (and the spec's tables) write it.
const NAMES: [(Code, &str); 17] = [
    (Code::Ok, "OK"),
    (Code::Cancelled, "CANCELLED"),
    (Code::Unknown, "UNKNOWN"),
    (Code::InvalidArgument, "INVALID_ARGUMENT"),
    (Code::DeadlineExceeded, "DEADLINE_EXCEEDED"),
    (Code::NotFound, "NOT_FOUND"),
    (Code::AlreadyExists, "ALREADY_EXISTS"),
    (Code::PermissionDenied, "PERMISSION_DENIED"),
    (Code::ResourceExhausted, "RESOURCE_EXHAUSTED"),
    (Code::FailedPrecondition, "FAILED_PRECONDITION"),
    (Code::Aborted, "ABORTED"),
    (Code::OutOfRange, "OUT_OF_RANGE"),
    (Code::Unimplemented, "UNIMPLEMENTED"),
    (Code::Internal, "INTERNAL"),
    (Code::Unavailable, "UNAVAILABLE"),
    (Code::DataLoss, "DATA_LOSS"),
    (Code::Unauthenticated, "UNAUTHENTICATED"),
];

impl Code {
    /// The code with this number; `None` outside 0 to 16.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::Code;
    /// assert_eq!(Code::from_i32(0), Some(Code::Ok));
    /// assert_eq!(Code::from_i32(17), None);
    /// ```
    pub fn from_i32(number: i32) -> Option<Code> {
        usize::try_from(number)
            .ok()
            .and_then(|index| NAMES.get(index))
            .map(|&(code, _)| code)
    }

    /// The code with this name (`UNAUTHENTICATED`), exactly as written.
    ///
    /// ```
    /// use a2a_card::protocol::grpc::Code;
    /// assert_eq!(Code::from_name("NOT_FOUND"), Some(Code::NotFound));
    /// assert_eq!(Code::from_name("not_found"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Code> {
        NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|&(code, _)| code)
    }

    /// The code's name.
    ///
    /// ```
    /// assert_eq!(a2a_card::protocol::grpc::Code::DataLoss.name(), "DATA_LOSS");
    /// ```
    pub fn name(self) -> &'static str {
        NAMES[self as usize].1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips_through_its_number_and_name() {
        for (index, &(code, name)) in NAMES.iter().enumerate() {
            assert_eq!(code as usize, index);
            assert_eq!(Code::from_i32(index as i32), Some(code));
            assert_eq!(Code::from_name(name), Some(code));
            assert_eq!(code.name(), name);
        }
        assert_eq!(Code::from_i32(-1), None);
    }

    #[test]
    fn every_grpc_status_of_the_error_table_is_a_code() {
        for code in -32700..=-32000 {
            if let Some(error) = crate::protocol::ErrorCode::from_code(code) {
                assert!(Code::from_name(error.grpc_status()).is_some(), "{error:?}");
            }
        }
    }
}
