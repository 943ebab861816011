import ClubhouseText
import Testing

/// One way of showing an instant, for the CLI and the app alike.
@Suite struct InstantTextTests {
    @Test func toTheMinuteInUTC() {
        #expect(InstantText.minute("2026-11-23T09:23:44.544Z") == "2026-11-23 09:23Z")
        #expect(InstantText.minute("2026-11-23T09:23Z") == "2026-11-23 09:23Z")
    }

    @Test func whatIsNoTimestampComesBackAsItIs() {
        for stored in ["", "2026-11-23", "yesterday at noon", "2026-11-23 09:23:44", "ｘ026-11-23T09:23:44Z"] {
            #expect(InstantText.minute(stored) == stored)
        }
    }
}
