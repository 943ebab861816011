import Foundation

#if canImport(_FoundationICU)
    // Foundation's own copy of ICU (swift-foundation-icu), linked into every program that uses
    // Foundation on Linux, the static build included: its uspoof is Unicode TR 39's confusable
    // data and restriction levels, which nothing else on the machine offers a Swift program.
    import _FoundationICU
#endif

/// Look-alike names (Unicode Technical Standard #39, "Unicode Security Mechanisms").
///
/// Two names whose skeletons are equal look alike: `ana` and `аna` (Cyrillic а), `pope` and
/// `роре`, `pοpe` (Greek ο), `user1` and `user١` (an Arabic-Indic one). The skeleton is TR 39's
/// (each character mapped to the prototype of its confusables, ICU's `uspoof_getSkeleton`) with
/// two additions, both repeated until nothing changes: the name's key (`Username.key(for:)`:
/// case and compatibility forms folded), so that a key's equal is always a skeleton's equal, and
/// no combining mark of the Inherited script (accents above or below a letter, U+0300–U+036F and
/// their kin), so that `aṇa` and `ana` look alike too: at the size a name is read, a dot below
/// is easily missed. A script's own vowel signs (Devanagari's, Thai's) stay.
///
/// And one script a name: a name that mixes scripts is refused when registered (TR 39's "highly
/// restrictive" level: one script, digits and `.`, `_`, `-` going with any; Latin may go with Han,
/// Hiragana, Katakana, Hangul or Bopomofo, as Japanese, Chinese and Korean are written), as is
/// one whose digits are of two systems (`1` and `١`).
extension Username {
    /// The skeleton of `text`: what look-alike names share. Total, as `key(for:)` is: any text
    /// has one, so stored names that today's rules refuse still have theirs.
    public static func skeleton(for text: String) -> String {
        var skeleton = text.trimmingWhitespace().precomposedStringWithCanonicalMapping
        for _ in 0..<4 {
            let next = key(for: withoutInheritedMarks(Spoof.skeleton(of: skeleton)))
            if next == skeleton { break }
            skeleton = next
        }
        return skeleton
    }

    /// Why `display` (a name the other rules passed) mixes scripts or number systems, or nil.
    static func mixedScripts(_ display: String) -> String? {
        guard let failed = Spoof.failedChecks(display) else { return nil }
        if failed.restriction {
            let scripts = Spoof.scriptNames(display)
            let named = scripts.count >= 2 ? " (\(scripts.joined(separator: " and ")))" : ""
            return "username mixes scripts\(named): write it in one, so that it cannot pass for another name"
        }
        return "username mixes digits of different number systems: use one, so that it cannot pass for another name"
    }

    private static func withoutInheritedMarks(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                !($0.properties.generalCategory == .nonspacingMark && Spoof.isInherited($0))
            })
        return String(scalars)
    }
}

/// ICU's spoof checker, opened once. Its checks and skeletons may run on any thread at once once
/// it is configured (ICU's uspoof.h: "thread safe … using the same USpoofChecker instance").
private enum Spoof {
    #if canImport(_FoundationICU)
        private final class Checker: @unchecked Sendable {
            let skeletons: OpaquePointer?
            let restriction: OpaquePointer?

            init() {
                var status = U_ZERO_ERROR
                let skeletons = swift_uspoof_open(&status)
                var restrictionStatus = U_ZERO_ERROR
                let restriction = swift_uspoof_open(&restrictionStatus)
                swift_uspoof_setChecks(
                    restriction, Int32(USPOOF_RESTRICTION_LEVEL.rawValue | USPOOF_MIXED_NUMBERS.rawValue),
                    &restrictionStatus)
                swift_uspoof_setRestrictionLevel(restriction, USPOOF_HIGHLY_RESTRICTIVE)
                // A checker that failed to open is closed and never used.
                self.skeletons = Self.kept(skeletons, status)
                self.restriction = Self.kept(restriction, restrictionStatus)
            }

            private static func kept(_ checker: OpaquePointer?, _ status: UErrorCode) -> OpaquePointer? {
                guard status.rawValue > U_ZERO_ERROR.rawValue else { return checker }
                checker.map { swift_uspoof_close($0) }
                return nil
            }
        }

        private static let checker = Checker()

        /// Whether ICU's data could be opened (a test holds it so).
        static var isAvailable: Bool { checker.skeletons != nil && checker.restriction != nil }

        static func skeleton(of text: String) -> String {
            guard let skeletons = checker.skeletons else { return text }
            let utf16 = Array(text.utf16)
            var capacity = max(utf16.count * 4, 16)
            for _ in 0..<3 {
                var status = U_ZERO_ERROR
                var output = [UChar](repeating: 0, count: capacity)
                let length = swift_uspoof_getSkeleton(
                    skeletons, 0, utf16, Int32(utf16.count), &output, Int32(capacity), &status)
                if status == U_BUFFER_OVERFLOW_ERROR {
                    capacity = Int(length) + 1
                    continue
                }
                guard status.rawValue <= U_ZERO_ERROR.rawValue, length >= 0 else { return text }
                return String(decoding: output[..<Int(length)], as: UTF16.self)
            }
            return text
        }

        static func failedChecks(_ text: String) -> (restriction: Bool, numbers: Bool)? {
            guard let restriction = checker.restriction else { return nil }
            let utf16 = Array(text.utf16)
            var status = U_ZERO_ERROR
            let failed = swift_uspoof_check2(restriction, utf16, Int32(utf16.count), nil, &status)
            guard status.rawValue <= U_ZERO_ERROR.rawValue, failed != 0 else { return nil }
            let byRestriction = failed & Int32(USPOOF_RESTRICTION_LEVEL.rawValue) != 0
            let byNumbers = failed & Int32(USPOOF_MIXED_NUMBERS.rawValue) != 0
            return byRestriction || byNumbers ? (byRestriction, byNumbers) : nil
        }

        static func isInherited(_ scalar: Unicode.Scalar) -> Bool {
            var status = U_ZERO_ERROR
            return swift_uscript_getScript(UChar32(scalar.value), &status) == USCRIPT_INHERITED
        }

        /// The scripts of `text`'s letters, in the order they first appear (Common and Inherited
        /// characters, digits and marks, left out).
        static func scriptNames(_ text: String) -> [String] {
            var names: [String] = []
            for scalar in text.unicodeScalars {
                var status = U_ZERO_ERROR
                let script = swift_uscript_getScript(UChar32(scalar.value), &status)
                guard script != USCRIPT_COMMON, script != USCRIPT_INHERITED, let name = swift_uscript_getName(script)
                else { continue }
                let text = String(cString: name)
                if !names.contains(text) { names.append(text) }
            }
            return names
        }
    #else
        // No ICU of Foundation's on this platform (Apple's): look-alikes are not told apart beyond
        // the key, and no script is refused.
        static var isAvailable: Bool { false }
        static func skeleton(of text: String) -> String { text }
        static func failedChecks(_ text: String) -> (restriction: Bool, numbers: Bool)? { nil }
        static func isInherited(_ scalar: Unicode.Scalar) -> Bool { false }
        static func scriptNames(_ text: String) -> [String] { [] }
    #endif
}

extension Username {
    /// Whether look-alikes are told apart in this build (ICU's confusable data was found).
    package static var detectsLookAlikes: Bool { Spoof.isAvailable }

    /// The Unicode version of the ICU data the skeletons come from. A skeleton stored by one
    /// version and compared by another may differ where Unicode changed a confusable; a test pins
    /// it, so that a toolchain bringing another is a decision (docs/server.md, Look-alike usernames).
    package static var confusablesVersion: String {
        #if canImport(_FoundationICU)
            var version = UVersionInfo(0, 0, 0, 0)
            swift_u_getUnicodeVersion(&version)
            return "\(version.0).\(version.1)"
        #else
            return "none"
        #endif
    }
}
