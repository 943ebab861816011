/// The shape of the secrets a server hands a device: a bearer token and a device cookie are each
/// 32 random bytes in base64url without padding, 43 characters. The one home of that shape: the
/// server refuses anything else before looking it up, and a device neither keeps nor sends
/// anything else (a tampered file's value stays at home).
package enum SessionSecret {
    package static let length = 43

    package static func isWellFormed(_ text: some StringProtocol) -> Bool {
        text.utf8.count == length
            && text.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45
                    || byte == 95
            }
    }
}
