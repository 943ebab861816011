import Foundation

extension Username {
    /// The form in which two spellings are one account: compatibility-composed (NFKC) with full
    /// case folding, as Unicode's NFKC_Casefold (less its removal of invisible characters, which
    /// a username cannot contain). So `ana`, `Ana` and `ａｎａ` are one key, as are `straße`,
    /// `STRASSE` and `Strasse`, `ﬁx` and `FIX`, and `Kelvin` spelt with the Kelvin sign.
    ///
    /// The folding is Unicode's default, not Turkish: `İ` becomes `i` and U+0307, so `İlker` and
    /// `Ilker` are two names, as are `ı` and `i`. A key must not depend on who typed it.
    ///
    /// Total: any text has a key, so that signing in and upgrading stored names never fail on a
    /// name that today's rules would refuse.
    public static func key(for text: String) -> String {
        var key = folded(text.trimmingWhitespace())
        // Folding can expose a character that composes or folds again; repeat until stable, so
        // that the key of a key is itself.
        for _ in 0..<3 {
            let next = folded(key)
            if next == key { break }
            key = next
        }
        return key
    }

    private static func folded(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
            .folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCompatibilityMapping
    }

    /// The keys a typed username signs in with, in order. First the key the spelling had before
    /// schema 4 (composed and lowercased), when it differs: the upgrade to schema 4 left that key
    /// to an account whose new key another account already held (see UsernameKeyUpgrade), which
    /// so still signs in by the spelling it always used. No key written since can equal it: it
    /// is not in folded form.
    public static func signInKeys(for typed: String) -> [String] {
        // Exactly as before schema 4, Foundation's trimming included.
        let before = typed.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            .lowercased()
        let now = key(for: typed)
        return before == now ? [now] : [before, now]
    }
}
