import Testing

@testable import ClubhouseCLI

@Suite struct ProgressBarTests {
    @Test func drawsABarThatFillsWithTheCount() {
        #expect(
            ProgressBar.line(label: "importing", done: 0, total: 200, columns: 80)
                == "importing [........................................] 0/200 0%")
        #expect(
            ProgressBar.line(label: "importing", done: 50, total: 200, columns: 80)
                == "importing [##########..............................] 50/200 25%")
        #expect(
            ProgressBar.line(label: "importing", done: 200, total: 200, columns: 80)
                == "importing [########################################] 200/200 100%")
    }

    @Test func countsBytesInAUnit() {
        #expect(
            ProgressBar.line(label: "importing", done: 50, total: 200, unit: " MiB", columns: 80)
                == "importing [##########..............................] 50/200 MiB 25%")
    }

    @Test func staysNarrowerThanTheTerminal() {
        for columns in [1, 5, 12, 20, 30, 45, 60, 200] {
            for done in [0, 1, 33, 999, 1000] {
                let line = ProgressBar.line(label: "importing books", done: done, total: 1000, columns: columns)
                #expect(DisplayWidth.of(line) < max(columns, 5), "\(columns) columns: \(line)")
            }
        }
        // Too narrow for a bar: the counts alone, then the percentage alone.
        #expect(ProgressBar.line(label: "importing", done: 1, total: 4, columns: 20) == "importing 1/4 25%")
        #expect(ProgressBar.line(label: "importing", done: 1, total: 4, columns: 9) == "1/4 25%")
        #expect(ProgressBar.line(label: "importing", done: 1, total: 4, columns: 4) == "25%")
    }

    @Test func measuresAWideLabelInColumns() {
        let line = ProgressBar.line(label: "導入中", done: 1, total: 2, columns: 30)
        #expect(line == "導入中 [#####......] 1/2 50%")
        #expect(DisplayWidth.of(line) == 28)
    }

    @Test func keepsCountsInRange() {
        #expect(ProgressBar.line(label: "x", done: 5, total: 0, columns: 20) == "x 0/0 100%")
        #expect(ProgressBar.line(label: "x", done: 9, total: 4, columns: 20) == "x 4/4 100%")
    }

    @Test func withoutRedrawingPrintsAPlainLineAtEachTenth() {
        var written: [String] = []
        var bar = ProgressBar(label: "importing", columns: 40, inPlace: false) { text in
            written.append(text)
            return true
        }
        for done in 0...40 { bar.update(done: done, total: 40) }
        bar.finish()
        #expect(written.count == 11)
        #expect(written.first == "importing [................] 0/40 0%\n")
        #expect(written.last == "importing [################] 40/40 100%\n")
        #expect(!written.joined().contains { $0 == "\u{1B}" || $0 == "\r" })
    }

    @Test func redrawsOnlyChangesAndClearsAtTheEnd() {
        var written: [String] = []
        var bar = ProgressBar(label: "importing", columns: 40) { text in
            written.append(text)
            return true
        }
        bar.update(done: 1, total: 2)
        bar.update(done: 1, total: 2)
        bar.update(done: 2, total: 2)
        bar.finish()
        bar.finish()
        #expect(
            written == [
                "\rimporting [#########.........] 1/2 50%\u{1B}[K",
                "\rimporting [##################] 2/2 100%\u{1B}[K",
                "\r\u{1B}[K",
            ])
    }

    @Test func escapesTheLabel() {
        var written: [String] = []
        var bar = ProgressBar(label: "a\u{1B}[2Jb", columns: 80) { text in
            written.append(text)
            return true
        }
        bar.update(done: 0, total: 1)
        #expect(written.first?.hasPrefix("\ra\\e[2Jb [") == true)
    }

    @Test func stopsDrawingAfterAFailedWrite() {
        var attempts = 0
        var bar = ProgressBar(label: "importing", columns: 80) { _ in
            attempts += 1
            return false
        }
        bar.update(done: 1, total: 3)
        bar.update(done: 2, total: 3)
        bar.finish()
        #expect(attempts == 1)
    }
}
