import Foundation
import Testing

/// Every module a target imports is declared among its dependencies in Package.swift (a target
/// of ours, or a listed package's product with its pin), so nothing builds only because another
/// package happened to bring a module along. Package.swift is read as text: each target's block
/// runs from its `name:` to the next target.
@Suite struct DeclaredImportsTests {
    static let root = EmbeddingExampleTests.root

    /// The toolchain's own modules, which need no declaration.
    static let toolchain: Set<String> = [
        "Foundation", "FoundationEssentials", "_FoundationICU", "Dispatch", "Synchronization", "Glibc", "Darwin",
        "Musl", "Testing",
        "XCTest", "_Concurrency", "PackagePlugin", "os",
    ]

    struct Target {
        let name: String
        let path: String
        let block: String
    }

    static func targets() throws -> [Target] {
        let manifest = try String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)
        let starts = [".target(", ".testTarget(", ".executableTarget(", ".plugin("]
        var cuts: [(range: Range<String.Index>, test: Bool)] = []
        for start in starts {
            var from = manifest.startIndex
            while let range = manifest.range(of: start, range: from..<manifest.endIndex) {
                cuts.append((range, start == ".testTarget("))
                from = range.upperBound
            }
        }
        cuts.sort { $0.range.lowerBound < $1.range.lowerBound }
        return try cuts.enumerated().map { index, cut in
            let end = index + 1 < cuts.count ? cuts[index + 1].range.lowerBound : manifest.endIndex
            let block = String(manifest[cut.range.lowerBound..<end])
            let name = try #require(Self.value(of: "name", in: block), "a target without a name: \(block.prefix(80))")
            let path = Self.value(of: "path", in: block) ?? (cut.test ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: name, path: path, block: block)
        }
    }

    static func value(of key: String, in block: String) -> String? {
        guard let range = block.range(of: "\(key): \"") else { return nil }
        let rest = block[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The modules the Swift files under `path` import (`import X`, `@testable import X`,
    /// `internal import X`, `@_exported public import X`…).
    static func imports(under path: String) throws -> Set<String> {
        let folder = root.appending(path: path)
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var modules: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
                else { continue }
                modules.insert(String(words[index + 1].split(separator: ".")[0]))
            }
        }
        return modules
    }

    /// "T imports M" for each import of a target that its block does not declare.
    static func undeclared(_ targets: [Target]) throws -> [String] {
        let ours = Set(targets.map(\.name))
        var undeclared: [String] = []
        for target in targets {
            for module in try Self.imports(under: target.path).subtracting(Self.toolchain) where module != target.name {
                let declared =
                    ours.contains(module)
                    ? target.block.contains("\"\(module)\"")
                    : target.block.contains(".product(name: \"\(module)\"")
                if !declared { undeclared.append("\(target.name) imports \(module)") }
            }
        }
        return undeclared.sorted()
    }

    @Test func everyImportIsDeclared() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20, "Package.swift read as expected")
        let undeclared = try Self.undeclared(targets)
        #expect(undeclared.isEmpty, "\(undeclared.joined(separator: "\n"))")
    }

    /// The check sees an import its target does not declare: the server's block without
    /// Hummingbird's product.
    @Test func theCheckSeesAnUndeclaredImport() throws {
        let targets = try Self.targets().map { target in
            target.name != "ClubhouseServer"
                ? target
                : Target(
                    name: target.name, path: target.path,
                    block: target.block.replacingOccurrences(
                        of: ".product(name: \"Hummingbird\", package: \"hummingbird\"),", with: ""))
        }
        #expect(try Self.undeclared(targets).contains("ClubhouseServer imports Hummingbird"))
    }
}
