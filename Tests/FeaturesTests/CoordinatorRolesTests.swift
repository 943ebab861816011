import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import Foundation
import Testing

/// A coordinator's roles (`asForm`, `asList`, …) are asked of it instead of cast, to keep the
/// runtime's conformance scans off every command's start (CoordinatorRoles). Each answer must be
/// what the cast would say, for every kind of screen the app opens.
@Suite struct CoordinatorRolesTests {
    @Test func everyCoordinatorAnswersItsRolesAsACastWould() throws {
        let harness = try AppHarness()
        try harness.registerAndSignIn("ana")
        let kai = try harness.addPlayer("Kai")
        let zoe = try harness.addPlayer("Zoë")
        let ended = try harness.startGather(a: [kai], b: [zoe])
        try harness.run(.gather(.end))
        let running = try harness.startGather(a: [zoe], b: [kai])
        try harness.run(
            Command(
                link: .screen(.newBook), .submit([("isbn", "9780141439518"), ("title", "Emma")], discardingDraft: true))
        )
        let asked = try harness.run(
            Command(link: .screen(.newQuestion), .submit([("text", "Which Austen first?")], discardingDraft: true)))
        guard case .form(.questionAsked(let question), _) = asked.result else {
            Issue.record("no question asked")
            return
        }

        let links = [
            "home", "players/\(kai.id)/edit/name", "players/new", "players/confirm", "gathers/\(ended.id)",
            "gathers/\(running.id)", "questions/\(question.id)", "questions/new", "books/9780141439518", "books/new",
            "profile",
        ]
        var kinds: Set<ObjectIdentifier> = []
        for path in links {
            let app = harness.app()
            guard let link = Link(path) else {
                Issue.record("\(path) is no link")
                continue
            }
            try app.perform(.open(link))
            guard let main = app.main else {
                Issue.record("signed out at \(path)")
                continue
            }
            let open = main.roots.flatMap(\.chain) + (main.modal?.chain ?? [])
            for coordinator in open {
                kinds.insert(ObjectIdentifier(type(of: coordinator)))
                let name = "\(type(of: coordinator)) at \(path)"
                #expect(coordinator.asForm === (coordinator as? any FormCoordinator), "\(name): asForm")
                #expect(coordinator.asSelecting === (coordinator as? any SelectingCoordinator), "\(name): asSelecting")
                #expect(coordinator.asList === (coordinator as? any ListCoordinator), "\(name): asList")
                #expect(coordinator.asShortList === (coordinator as? any ShortListCoordinator), "\(name): asShortList")
                #expect(coordinator.asMarking === (coordinator as? any MarkingCoordinator), "\(name): asMarking")
                #expect(coordinator.asModalFlow === (coordinator as? any ModalFlowCoordinator), "\(name): asModalFlow")
            }
        }
        // Every kind of screen coordinator the app has was met (HomeCoordinator, the lists, the
        // details, the forms, the gather and its result, the profile): sixteen classes.
        #expect(kinds.count == 16)
    }

    /// No cast to a role creeps back into the library's sources (`as? any FormCoordinator`,
    /// `is any ListCoordinator`, …): each would put a conformance scan back on the start path.
    @Test func theSourcesAskForRolesInsteadOfCasting() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources")
        let roles = [
            "FlowCoordinator", "FormCoordinator", "SelectingCoordinator", "ListCoordinator", "ShortListCoordinator",
            "MarkingCoordinator", "ModalFlowCoordinator",
        ]
        var casts: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for role in roles {
                    for cast in ["as? any \(role)", "as! any \(role)", "is any \(role)"]
                    where line.contains(cast) && !line.contains("newValue.last as? any FlowCoordinator") {
                        casts.append("\(file.lastPathComponent):\(number + 1): \(cast)")
                    }
                }
            }
        }
        #expect(casts.isEmpty, "casts to a coordinator's role: \(casts)")
    }

    /// A flow's place on its stack is one value (`FlowLinks`): no flow declares its own depth or
    /// pushed child, which would stand in for the shared one and drift from it.
    @Test func noFlowDeclaresItsOwnPlaceOnTheStack() throws {
        let features = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Sources/Features")
        var declared: [String] = []
        let files = FileManager.default.enumerator(at: features, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", file.lastPathComponent != "FlowCoordinator.swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for declaration in ["var depth", "var pushed", "package let router: any Router"]
            where text.contains(declaration) {
                declared.append("\(file.lastPathComponent): \(declaration)")
            }
        }
        #expect(declared.isEmpty, "\(declared)")
    }
}
