import ClubhouseSync
import Testing

/// The clock offset a sync converts instants with: the answer with the shortest round trip, and
/// the stored offset kept while that answer cannot tell it wrong.
@Suite struct ClockOffsetTests {
    @Test func theShortestRoundTripOfASyncIsTrusted() {
        var clock = ClockOffset(stored: nil)
        clock.add(serverTime: 10_000, sent: 0, received: 4_000)  // 8 000 ± 2 000
        clock.add(serverTime: 10_250, sent: 10_000, received: 10_100)  // 200 ± 50
        clock.add(serverTime: 30_000, sent: 20_000, received: 26_000)  // slower: ignored
        #expect(clock.current == 200)
        #expect(clock.measured == 200)
    }

    @Test func slowAnswersKeepAStoredOffsetTheyCannotTellWrong() {
        // Every answer of this sync took 36 s (a loaded machine), and the server answered as soon
        // as it was asked: the estimate is 18 s off, but the stored 120 ms lies within its ±18 s.
        var clock = ClockOffset(stored: 120)
        clock.add(serverTime: 120, sent: 0, received: 36_000)
        #expect(clock.current == 120)
        #expect(clock.measured == 120)
    }

    @Test func anAnswerThatProvesTheStoredOffsetWrongReplacesIt() {
        // The device's clock was set back seven minutes since the last sync.
        var clock = ClockOffset(stored: 120)
        clock.add(serverTime: 420_000 + 1_040, sent: 1_000, received: 1_060)
        #expect(clock.current == 420_010)
        #expect(clock.measured == 420_010)
    }

    @Test func aSyncThatMeasuredNothingStoresNothing() {
        let clock = ClockOffset(stored: 120)
        #expect(clock.current == 120)
        #expect(clock.measured == nil)
        #expect(ClockOffset(stored: nil).current == 0)
    }
}
