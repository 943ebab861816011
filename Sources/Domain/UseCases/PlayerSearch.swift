import Foundation

/// Finding a player by name, as a person types it: some of the name, case and accents aside
/// (`zoe` finds Zoë O'Brien). `player search`, the app's `/` on the players list and the team
/// picker's `/name` all ask this one rule.
public enum PlayerSearch {
    /// Whether `name` holds `text`; blank text holds nothing to look for, so matches nothing.
    public static func matches(_ name: String, _ text: String) -> Bool {
        let text = text.trimmingCharacters(in: .whitespaces)
        return !text.isEmpty && name.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
}
