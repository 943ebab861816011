import ClubhouseTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One turn of a form filled on a terminal: wait until `prompt` is on standard error (after the
/// previous turn's prompt), run `check` (the previous answer is committed by then), then type
/// `answer`.
struct Turn {
    let prompt: String
    let answer: String
    var check: (() throws -> Void)? = nil

    init(_ prompt: String, _ answer: String, check: (() throws -> Void)? = nil) {
        self.prompt = prompt
        self.answer = answer
        self.check = check
    }
}

/// A prompt that never showed up: the test fails with what the process had written instead of
/// typing blindly.
struct PromptNeverShown: Error, CustomStringConvertible {
    let prompt: String
    let stderr: String
    var description: String {
        "the prompt \(prompt.debugDescription) never appeared; stderr: \(stderr.debugDescription)"
    }
}

/// Polls `condition` every 10 ms for up to `timeout` seconds; whether it became true.
func waitUntil(timeout: TimeInterval = 30, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}

extension ClubhouseProcess {
    /// Runs with a pseudo-terminal as standard input and answers prompts in order, each once its
    /// own prompt text is on standard error; a prompt asked twice (after an invalid answer) is two
    /// turns. `afterLastTurn` runs once the last answer is typed, while the process may still run
    /// (to kill it, say). Unlike `runInTerminal(_:typing:)` it waits for any prompt, not a password's.
    func runInTerminal(
        _ arguments: [String], answering turns: [Turn], afterLastTurn: ((Process) throws -> Void)? = nil
    ) throws -> (result: Result, echoed: String) {
        let terminal = try PseudoTerminal()
        var echoed = ""
        func converse(_ errURL: URL, _ process: Process) throws {
            var offset = 0  // bytes of stderr already matched by earlier prompts
            func stderr() -> Data { (try? Data(contentsOf: errURL)) ?? Data() }
            for turn in turns {
                var end: Int?
                _ = waitUntil {
                    let data = stderr()
                    guard data.count >= offset else { return false }
                    let tail = String(decoding: data.dropFirst(offset), as: UTF8.self)
                    guard let range = tail.range(of: turn.prompt) else { return false }
                    end = offset + tail.utf8.distance(from: tail.startIndex, to: range.upperBound)
                    return true
                }
                guard let end else {
                    throw PromptNeverShown(prompt: turn.prompt, stderr: String(decoding: stderr(), as: UTF8.self))
                }
                offset = end
                try turn.check?()
                echoed += terminal.echoed()
                terminal.type(turn.answer)
            }
            try afterLastTurn?(process)
        }
        var failure: (any Error)?
        let result = try run(arguments, input: .terminal(terminal.terminal)) { errURL, process in
            // A failed check or a missing prompt kills the process, so that the run ends at once.
            do { try converse(errURL, process) } catch {
                failure = error
                kill(process.processIdentifier, SIGKILL)
            }
        }
        if let failure { throw failure }
        return (result, echoed + terminal.echoed())
    }
}
