import Clubhouse

/// How an instant is shown to people, the same in the CLI and the app: to the minute, in UTC,
/// "2026-11-23 09:23Z" (stored as "2026-11-23T09:23:44.544Z"). A stored value that is not
/// such a timestamp comes back as it is. Not escaped: the caller escapes what it prints.
public enum InstantText {
    public static func minute(_ iso: String) -> String {
        let characters = Array(iso.prefix(16))
        let shape = Array("dddd-dd-ddTdd:dd")
        guard characters.count == 16,
            zip(characters, shape).allSatisfy({ $1 == "d" ? ("0"..."9").contains($0) : $0 == $1 })
        else { return iso }
        return String(characters[0..<10]) + " " + String(characters[11..<16]) + "Z"
    }
}
