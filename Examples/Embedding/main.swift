// The code of the article "Embedding Clubhouse" (Sources/Clubhouse/Clubhouse.docc), as a program
// that builds in CI and whose output a test checks (EndToEndTests/EmbeddingExampleTests).
//
//   EmbeddingExample DATABASE start    opens, signs in, adds a player, starts typing, is killed
//   EmbeddingExample DATABASE resume   restores the half-typed form, then watches another app
import Clubhouse
import Foundation

guard CommandLine.arguments.count == 3, ["start", "resume"].contains(CommandLine.arguments[2]) else {
    print("usage: EmbeddingExample DATABASE start|resume")
    exit(64)
}
let path = CommandLine.arguments[1]

do {
    if CommandLine.arguments[2] == "start" {
        try start(path)
    } else {
        try await resume(path)
    }
} catch let error as ClubhouseError {
    print("error: \(error.message)")
    exit(1)
} catch let error as StorageError {
    print("error: \(error.message)")
    exit(1)
}

func start(_ path: String) throws {
    // Open the file (created, 0600, if missing; migrated if older).
    let app = try ClubhouseApp(path: path)

    // Sign in: hashing happens before the write lock, so this never blocks other processes.
    try app.register(username: "ana", password: "s3cret-pass")
    let signedIn = try app.signIn(username: "ana", password: "s3cret-pass")
    if case .main(let user, let state, _) = signedIn.view {
        print("signed in as \(user.username) on \(state.currentPlace)")
    }

    // Perform: a link, then one action on the screen it lands on, in one transaction.
    let added = try app.perform(
        Command(link: Link("players/new"), .submit([("name", "Zoë"), ("position", "striker")], discardingDraft: false)))
    guard case .form(.playerAdded(let player), _) = added.result else { return }
    print("added player \(player.id): \(player.name), \(player.position?.rawValue ?? "no position")")

    // Every keystroke is its own transaction, saved in the form's draft at once.
    try app.open("players/\(player.id)/edit/name")
    for typed in ["Zoë ", "Zoë O'", "Zoë O'Bri"] {
        try app.type([("name", typed)])
    }
    print("typed \"Zoë O'Bri\" into \(try app.state()?.currentScreen.path ?? "?")")

    // Nothing is lost if the process dies now: kill it the hard way (once its output is out).
    fflush(nil)
    kill(getpid(), SIGKILL)
}

func resume(_ path: String) async throws {
    // Restore after a kill: a new value on the same file is where the last one stopped.
    let app = try ClubhouseApp(path: path)
    guard let state = try app.state() else { return }
    let stack = state.stacks[state.selectedTab, default: []].map(\.path).joined(separator: " > ")
    print("restored \(stack), name \"\(state.currentScreen.draft?["name"] ?? "")\"")

    // Observe: another app on the file (here a second value; a second process works the same).
    let changes = app.changes()
    let phone = try ClubhouseApp(path: path)
    try phone.select(.library)
    for try await outcome in changes {
        guard case .main(_, let now, _) = outcome.view else { continue }
        let players = now.stacks[.players]?.last?.path ?? "?"
        print("seen from elsewhere: \(now.selectedTab.rawValue) tab, players at \(players)")
        if now.selectedTab == .library { break }
    }
}
